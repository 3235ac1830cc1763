//! File dialogs: the system's, each on its own thread so that the UI keeps drawing while one is
//! open (the chosen path comes back through a channel), and where the system has none (no
//! desktop portal or zenity: the dialog closes at once), one drawn in the window instead — a
//! dialog never fails in silence.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

use super::tune_desk::TuneMode;

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
    /// Choose the folder of a run of the Tune panel's mode to resume.
    ResumeTuneRun(TuneMode),
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
            FileTask::ResumeTuneRun(TuneMode::NineWeights) => "Choose the folder of a tuning run",
            FileTask::ResumeTuneRun(TuneMode::Patterns) => {
                "Choose the folder of a pattern training run"
            }
        }
    }

    /// What the dialog chooses: a folder, a file to write or a file to read.
    fn choice(self) -> Choice {
        match self {
            FileTask::ResumeEvolution | FileTask::ResumeTuneRun(_) => Choice::Folder,
            FileTask::ExportPreset
            | FileTask::SaveGame
            | FileTask::ExportTournament
            | FileTask::ExportChampion => Choice::Save,
            FileTask::ImportPreset | FileTask::OpenGame => Choice::Open,
        }
    }

    /// The file type offered: a name and its extensions.
    fn filter(self) -> (&'static str, &'static [&'static str]) {
        match self {
            FileTask::ExportTournament => ("CSV", &["csv"]),
            _ => ("RON", &["ron"]),
        }
    }
}

/// A system dialog that closes sooner than this without a choice did not open (no desktop
/// portal and no zenity): nobody cancels a dialog that fast.
const UNANSWERED: Duration = Duration::from_millis(400);

/// What a system dialog's thread sends back.
enum Answer {
    /// A file was chosen.
    Chosen(FileTask, PathBuf),
    /// The dialog closed at once without a choice: it could not open.
    Unanswered(FileTask, String),
}

/// What a file dialog chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    /// A folder.
    Folder,
    /// A file to write.
    Save,
    /// A file to read.
    Open,
}

/// The file dialogs of a session: the system's where one opens, otherwise (and from then on)
/// a dialog drawn in the window.
pub struct Dialogs {
    sender: Sender<Answer>,
    answers: Receiver<Answer>,
    /// Whether the system dialogs failed to open once.
    system_failed: bool,
    /// Whether the user asked for the dialog in the window.
    pub prefer_window: bool,
    /// The dialog drawn in the window, with its task, while open.
    open: Option<(FileTask, egui_file::FileDialog)>,
    /// Files chosen in the window's dialog, not yet taken.
    chosen: Vec<(FileTask, PathBuf)>,
}

impl Dialogs {
    /// No dialog open yet.
    pub fn new() -> Self {
        let (sender, answers) = channel();
        Dialogs {
            sender,
            answers,
            system_failed: false,
            prefer_window: false,
            open: None,
            chosen: Vec::new(),
        }
    }

    /// Opens a dialog for `task`; `suggested` names the file to save (or the folder to start
    /// in, when choosing a folder). `wake` repaints the UI once the system dialog answers.
    pub fn open(&mut self, task: FileTask, suggested: String, wake: impl Fn() + Send + 'static) {
        if self.system_failed || self.prefer_window {
            return self.open_in_window(task, suggested);
        }
        let sender = self.sender.clone();
        std::thread::spawn(move || {
            let clock = Instant::now();
            let answer = match system_dialog(task, &suggested) {
                Some(path) => Answer::Chosen(task, path),
                None if clock.elapsed() < UNANSWERED => Answer::Unanswered(task, suggested),
                None => return,
            };
            if sender.send(answer).is_ok() {
                wake();
            }
        });
    }

    /// The files chosen since the last call, and a notice when the system dialogs could not
    /// open (the dialog in the window opens instead).
    pub fn chosen(&mut self) -> (Vec<(FileTask, PathBuf)>, Option<String>) {
        let mut notice = None;
        let answers: Vec<Answer> = self.answers.try_iter().collect();
        for answer in answers {
            match answer {
                Answer::Chosen(task, path) => self.chosen.push((task, path)),
                Answer::Unanswered(task, suggested) => {
                    self.system_failed = true;
                    notice = Some(
                        "no system file dialog opened (no desktop portal or zenity): files are \
                         chosen in the window from now on"
                            .to_string(),
                    );
                    self.open_in_window(task, suggested);
                }
            }
        }
        (std::mem::take(&mut self.chosen), notice)
    }

    /// Draws the dialog in the window, while one is open.
    pub fn show(&mut self, ctx: &egui::Context) {
        let Some((task, dialog)) = &mut self.open else {
            return;
        };
        match dialog.show(ctx).state() {
            egui_file::State::Open => {}
            egui_file::State::Selected => {
                if let Some(path) = dialog.path() {
                    self.chosen.push((*task, path.to_path_buf()));
                }
                self.open = None;
            }
            egui_file::State::Cancelled | egui_file::State::Closed => self.open = None,
        }
    }

    /// Opens the dialog drawn in the window for `task`.
    fn open_in_window(&mut self, task: FileTask, suggested: String) {
        let start = std::env::current_dir().unwrap_or_default();
        let dialog = match task.choice() {
            Choice::Folder => egui_file::FileDialog::select_folder().initial_path(suggested),
            Choice::Save => egui_file::FileDialog::save_file()
                .initial_path(start)
                .default_filename(suggested),
            Choice::Open => egui_file::FileDialog::open_file().initial_path(start),
        };
        let mut dialog = dialog
            .title(task.title())
            .default_size([640.0, 420.0])
            .show_rename(false);
        dialog.open();
        self.open = Some((task, dialog));
    }
}

/// Asks the system's dialog (blocking): the path chosen, if any.
fn system_dialog(task: FileTask, suggested: &str) -> Option<PathBuf> {
    let (kind, extensions) = task.filter();
    let dialog = rfd::FileDialog::new().set_title(task.title());
    match task.choice() {
        Choice::Folder => dialog.set_directory(suggested).pick_folder(),
        Choice::Save => dialog
            .add_filter(kind, extensions)
            .set_file_name(suggested)
            .save_file(),
        Choice::Open => dialog.add_filter(kind, extensions).pick_file(),
    }
}

impl Default for Dialogs {
    fn default() -> Self {
        Self::new()
    }
}
