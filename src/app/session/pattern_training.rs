//! The session's pattern training run: starting, stopping and resuming it, and making its best
//! fit a player.

use std::path::Path;
use std::sync::Arc;

use super::Session;
use crate::app::contest_form::runs_folder;
use crate::app::dialogs::FileTask;
use crate::app::pattern_desk::PatternDesk;
use crate::app::tune_desk::TuneMode;

impl Session {
    /// The pattern training run.
    pub fn pattern_training(&self) -> &PatternDesk {
        &self.pattern_training
    }

    /// Starts training the form's board's patterns; the Weights panel's player is the one to
    /// beat first.
    pub fn start_pattern_training(&mut self) {
        let player = self.weights_preset().clone();
        let wake = Arc::clone(&self.wake);
        let runs = runs_folder(self.library.folder());
        let started = self.pattern_training.start(
            &mut self.settings.train_patterns,
            &player,
            &self.roster,
            &runs,
            move || wake(),
        );
        self.report(started);
    }

    /// Resumes the pattern training run in `folder`.
    pub fn resume_pattern_training(&mut self, folder: &Path) {
        self.settings.tune.mode = TuneMode::Patterns;
        let wake = Arc::clone(&self.wake);
        let form = &mut self.settings.train_patterns;
        let resumed = (self.pattern_training).resume(form, folder.to_path_buf(), move || wake());
        self.report(resumed);
    }

    /// Asks for the folder of a pattern training run to resume.
    pub fn choose_pattern_training_to_resume(&mut self) {
        let folder = runs_folder(self.library.folder());
        let wake = Arc::clone(&self.wake);
        self.dialogs.open(
            FileTask::ResumePatternTraining,
            folder.display().to_string(),
            move || wake(),
        );
    }

    /// Stops the pattern training run; its position set is kept for a resume.
    pub fn stop_pattern_training(&mut self) {
        self.pattern_training.stop();
    }

    /// Makes the run's best fit a player: its preset (with the pattern file) imported into
    /// the user's folder and shown in the Weights panel.
    pub fn use_trained_patterns(&mut self) {
        if let Some(path) = self.pattern_training.best_file() {
            self.import_preset(&path);
        }
    }
}
