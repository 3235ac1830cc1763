//! Native file dialogs, each on its own thread so that the UI keeps drawing while one is open;
//! the chosen path comes back through a channel.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};

/// What a chosen file is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileTask {
    /// Read a preset into the user's folder.
    ImportPreset,
    /// Write the weights player as a preset.
    ExportPreset,
    /// Read a game record.
    OpenGame,
    /// Write the game as a record.
    SaveGame,
    /// Write the tournament's results as CSV.
    ExportTournament,
    /// Write a champion of the evolution or a tuned player as a preset.
    ExportChampion,
    /// Choose the folder of an evolution run to resume.
    ResumeEvolution,
    /// Choose the folder of a tuning run to resume.
    ResumeTuning,
}

impl FileTask {
    fn title(self) -> &'static str {
        match self {
            FileTask::ImportPreset => "Import a preset",
            FileTask::ExportPreset => "Export the preset",
            FileTask::OpenGame => "Open a game record",
            FileTask::SaveGame => "Save the game",
            FileTask::ExportTournament => "Export the tournament's results",
            FileTask::ExportChampion => "Export the player",
            FileTask::ResumeEvolution => "Choose the folder of an evolution run",
            FileTask::ResumeTuning => "Choose the folder of a tuning run",
        }
    }

    fn saves(self) -> bool {
        matches!(
            self,
            FileTask::ExportPreset
                | FileTask::SaveGame
                | FileTask::ExportTournament
                | FileTask::ExportChampion
        )
    }

    /// The file type offered: a name and its extensions.
    fn filter(self) -> (&'static str, &'static [&'static str]) {
        match self {
            FileTask::ExportTournament => ("CSV", &["csv"]),
            _ => ("RON", &["ron"]),
        }
    }
}

/// The file dialogs of a session.
pub struct Dialogs {
    sender: Sender<(FileTask, PathBuf)>,
    chosen: Receiver<(FileTask, PathBuf)>,
}

impl Dialogs {
    /// No dialog open yet.
    pub fn new() -> Self {
        let (sender, chosen) = channel();
        Dialogs { sender, chosen }
    }

    /// Opens a dialog for `task`; `suggested` names the file to save (or the folder to start
    /// in, when choosing a folder). `wake` repaints the UI once a file is chosen.
    pub fn open(&self, task: FileTask, suggested: String, wake: impl Fn() + Send + 'static) {
        let sender = self.sender.clone();
        std::thread::spawn(move || {
            let (kind, extensions) = task.filter();
            let dialog = rfd::FileDialog::new().set_title(task.title());
            let path = if matches!(task, FileTask::ResumeEvolution | FileTask::ResumeTuning) {
                dialog.set_directory(suggested).pick_folder()
            } else if task.saves() {
                dialog
                    .add_filter(kind, extensions)
                    .set_file_name(suggested)
                    .save_file()
            } else {
                dialog.add_filter(kind, extensions).pick_file()
            };
            if let Some(path) = path
                && sender.send((task, path)).is_ok()
            {
                wake();
            }
        });
    }

    /// The files chosen since the last call.
    pub fn chosen(&self) -> Vec<(FileTask, PathBuf)> {
        self.chosen.try_iter().collect()
    }
}

impl Default for Dialogs {
    fn default() -> Self {
        Self::new()
    }
}
