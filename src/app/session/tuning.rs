//! The session's tuning run: starting, stopping and resuming it, and keeping its best player.

use std::path::Path;
use std::sync::Arc;

use super::Session;
use crate::app::contest_form::runs_folder;
use crate::app::dialogs::FileTask;
use crate::app::tune_desk::{TuneDesk, TuneMode};

impl Session {
    /// The tuning run.
    pub fn tuning(&self) -> &TuneDesk {
        &self.tuning
    }

    /// Starts tuning the Weights panel's player.
    pub fn start_tuning(&mut self) {
        let player = self.weights_preset().clone();
        let wake = Arc::clone(&self.wake);
        let runs = runs_folder(self.library.folder());
        let started = self.tuning.start(
            &mut self.settings.tune,
            &player,
            &self.roster,
            &runs,
            move || wake(),
        );
        self.report(started);
    }

    /// Resumes the tuning run in `folder`.
    pub fn resume_tuning(&mut self, folder: &Path) {
        self.settings.tune.mode = TuneMode::NineWeights;
        let wake = Arc::clone(&self.wake);
        let resumed =
            self.tuning
                .resume(&mut self.settings.tune, folder.to_path_buf(), move || {
                    wake()
                });
        self.report(resumed);
    }

    /// Asks for the folder of a tuning run to resume.
    pub fn choose_tuning_to_resume(&mut self) {
        let folder = runs_folder(self.library.folder());
        let wake = Arc::clone(&self.wake);
        self.dialogs.open(
            FileTask::ResumeTuning,
            folder.display().to_string(),
            move || wake(),
        );
    }

    /// Stops the tuning run; its position set is kept for a resume.
    pub fn stop_tuning(&mut self) {
        self.tuning.stop();
    }

    /// Makes the run's best player a player: imported into the user's folder and shown in the
    /// Weights panel.
    pub fn use_tuned(&mut self) {
        if let Some(path) = self.tuning.best_file() {
            self.import_preset(&path);
        }
    }

    /// Asks where to export the run's best player.
    pub fn export_tuned(&mut self) {
        if let Some(path) = self.tuning.best_file() {
            self.export_player_file(path);
        }
    }
}
