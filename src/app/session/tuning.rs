//! The session's runs in rounds, one per mode of the Tune panel (tuning the nine weights,
//! training a board's patterns): starting, stopping and resuming them, and making the best
//! player a player.

use std::path::Path;
use std::sync::Arc;

use super::Session;
use crate::app::contest_form::runs_folder;
use crate::app::dialogs::FileTask;
use crate::app::pattern_desk::PatternDesk;
use crate::app::tune_desk::{TuneDesk, TuneMode};

impl Session {
    /// The tuning run.
    pub fn tuning(&self) -> &TuneDesk {
        &self.tuning
    }

    /// The pattern training run.
    pub fn pattern_training(&self) -> &PatternDesk {
        &self.pattern_training
    }

    /// Whether a run of either mode is going on.
    pub fn is_tune_running(&self) -> bool {
        self.tuning.is_running() || self.pattern_training.is_running()
    }

    /// The folder of the run shown in `mode`, if rounds remain to be played in it.
    pub fn unfinished_tune_run(&self, mode: TuneMode) -> Option<std::path::PathBuf> {
        match mode {
            TuneMode::NineWeights => self.tuning.unfinished(),
            TuneMode::Patterns => self.pattern_training.unfinished(),
        }
    }

    /// Starts a run of the panel's mode: tuning the Weights panel's player, or training the
    /// form's board's patterns with that player the one to beat first.
    pub fn start_tune_run(&mut self) {
        let player = self.weights_preset().clone();
        let wake = Arc::clone(&self.wake);
        let runs = runs_folder(self.library.folder());
        let settings = &mut self.settings;
        let started = match settings.tune.mode {
            TuneMode::NineWeights => (self.tuning).start(
                &mut settings.tune,
                &player,
                &self.roster,
                &runs,
                move || wake(),
            ),
            TuneMode::Patterns => self.pattern_training.start(
                &mut settings.train_patterns,
                &player,
                &self.roster,
                &runs,
                move || wake(),
            ),
        };
        self.report(started);
    }

    /// Resumes the run of `mode` in `folder`, and shows that mode.
    pub fn resume_tune_run(&mut self, mode: TuneMode, folder: &Path) {
        let wake = Arc::clone(&self.wake);
        let settings = &mut self.settings;
        settings.tune.mode = mode;
        let folder = folder.to_path_buf();
        let resumed = match mode {
            TuneMode::NineWeights => {
                settings.tune.folder = Some(folder.clone());
                let workers = settings.tune.contest.workers;
                self.tuning.resume(folder, workers, move || wake())
            }
            TuneMode::Patterns => {
                settings.train_patterns.folder = Some(folder.clone());
                let workers = settings.train_patterns.workers;
                self.pattern_training
                    .resume(folder, workers, move || wake())
            }
        };
        self.report(resumed);
    }

    /// Asks for the folder of a run of the panel's mode to resume.
    pub fn choose_tune_run_to_resume(&mut self) {
        let folder = runs_folder(self.library.folder());
        let wake = Arc::clone(&self.wake);
        let task = FileTask::ResumeTuneRun(self.settings.tune.mode);
        (self.dialogs).open(task, folder.display().to_string(), move || wake());
    }

    /// Stops the run going on; its position set is kept for a resume.
    pub fn stop_tune_run(&mut self) {
        self.tuning.stop();
        self.pattern_training.stop();
    }

    /// The preset file of the best player of the run shown in `mode`, once one is found.
    pub fn tune_best_file(&self, mode: TuneMode) -> Option<std::path::PathBuf> {
        match mode {
            TuneMode::NineWeights => self.tuning.best_file(),
            TuneMode::Patterns => self.pattern_training.best_file(),
        }
    }

    /// Makes the best player of the run shown in `mode` a player: its preset (with its
    /// pattern file) imported into the user's folder and shown in the Weights panel.
    pub fn use_tune_best(&mut self, mode: TuneMode) {
        if let Some(path) = self.tune_best_file(mode) {
            self.import_preset(&path);
        }
    }

    /// Asks where to export the tuning run's best player.
    pub fn export_tuned(&mut self) {
        if let Some(path) = self.tuning.best_file() {
            self.export_player_file(path);
        }
    }
}
