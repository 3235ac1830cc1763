//! The session's runs in rounds, one per mode of the Tune panel (tuning the nine weights,
//! training a board's patterns): the narrow context the panel draws from, and the requests it
//! makes — starting, stopping and resuming a run, and making its best player a player.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::Session;
use crate::app::contest_form::runs_folder;
use crate::app::dialogs::FileTask;
use crate::app::pattern_desk::{PatternDesk, PatternForm};
use crate::app::tune_desk::{TuneDesk, TuneForm, TuneMode};
use lab::ai::Preset;

/// The runs of the Tune panel's two modes (one goes on at a time: the mode cannot change
/// while one runs).
pub struct TuneRuns {
    /// The tuning run (nine weights).
    pub tuning: TuneDesk,
    /// The pattern training run.
    pub training: PatternDesk,
}

impl TuneRuns {
    /// The runs last shown, reopened from their checkpoints.
    pub(super) fn reopen(tune: &TuneForm, patterns: &PatternForm) -> Self {
        TuneRuns {
            tuning: TuneDesk::reopen(tune.folder.as_ref()),
            training: PatternDesk::reopen(patterns.folder.as_ref()),
        }
    }

    /// Whether a run of either mode is going on.
    pub fn is_running(&self) -> bool {
        self.tuning.is_running() || self.training.is_running()
    }

    /// The folder of the run shown in `mode`, if rounds remain to be played in it.
    pub fn unfinished(&self, mode: TuneMode) -> Option<PathBuf> {
        match mode {
            TuneMode::NineWeights => self.tuning.unfinished(),
            TuneMode::Patterns => self.training.unfinished(),
        }
    }

    /// The preset file of the best player of the run shown in `mode`, once one is found.
    pub fn best_file(&self, mode: TuneMode) -> Option<PathBuf> {
        match mode {
            TuneMode::NineWeights => self.tuning.best_file(),
            TuneMode::Patterns => self.training.best_file(),
        }
    }

    /// Stops the run going on; its position set is kept for a resume.
    fn stop(&self) {
        self.tuning.stop();
        self.training.stop();
    }
}

/// What the Tune panel sees of the session and may change; what it asks for waits in
/// `requests` until the panel is drawn.
pub struct TuneContext<'a> {
    /// The nine-weight mode's form (and the panel's mode).
    pub form: &'a mut TuneForm,
    /// The pattern mode's form.
    pub patterns: &'a mut PatternForm,
    /// The player tuned, or the first one a pattern fit must beat: the Weights panel's.
    pub player: &'a mut String,
    /// Every player the user can choose.
    pub players: &'a [Preset],
    /// The runs of both modes.
    pub runs: &'a TuneRuns,
    /// What the panel asks for, in order.
    pub requests: Vec<TuneRequest>,
}

/// What the Tune panel may ask of the session, for the run of its mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TuneRequest {
    /// Start a new run.
    Start,
    /// Stop the run going on.
    Stop,
    /// Resume the run in this folder.
    Resume(PathBuf),
    /// Ask for the folder of a run to resume.
    ChooseToResume,
    /// Make the run's best player a player.
    UseBest,
    /// Ask where to export the tuning run's best player.
    ExportBest,
}

impl TuneContext<'_> {
    /// The panel's mode.
    pub fn mode(&self) -> TuneMode {
        self.form.mode
    }

    /// Whether a run of either mode is going on.
    pub fn is_running(&self) -> bool {
        self.runs.is_running()
    }

    /// The folder of the run shown in the panel's mode, if rounds remain to be played in it.
    pub fn unfinished(&self) -> Option<PathBuf> {
        self.runs.unfinished(self.mode())
    }

    /// The preset file of the best player of the run shown in the panel's mode.
    pub fn best_file(&self) -> Option<PathBuf> {
        self.runs.best_file(self.mode())
    }
}

impl Session {
    /// Draws the Tune panel with `draw` from its narrow context, then acts on its requests.
    pub fn tune_panel<R>(&mut self, draw: impl FnOnce(&mut TuneContext) -> R) -> R {
        let mut context = TuneContext {
            form: &mut self.forms.tune,
            patterns: &mut self.forms.train_patterns,
            player: &mut self.settings.weights_player,
            players: &self.roster,
            runs: &self.tune_runs,
            requests: Vec::new(),
        };
        let drawn = draw(&mut context);
        let mode = context.mode();
        for request in context.requests {
            match request {
                TuneRequest::Start => self.start_tune_run(),
                TuneRequest::Stop => self.tune_runs.stop(),
                TuneRequest::Resume(folder) => self.resume_tune_run(mode, &folder),
                TuneRequest::ChooseToResume => self.choose_tune_run_to_resume(),
                TuneRequest::UseBest => self.use_tune_best(mode),
                TuneRequest::ExportBest => self.export_tuned(),
            }
        }
        drawn
    }

    /// The tuning run.
    pub fn tuning(&self) -> &TuneDesk {
        &self.tune_runs.tuning
    }

    /// The pattern training run.
    pub fn pattern_training(&self) -> &PatternDesk {
        &self.tune_runs.training
    }

    /// Whether a run of either mode is going on.
    pub fn is_tune_running(&self) -> bool {
        self.tune_runs.is_running()
    }

    /// Starts a run of the panel's mode: tuning the Weights panel's player, or training the
    /// form's board's patterns with that player the one to beat first.
    fn start_tune_run(&mut self) {
        let player = self.weights_preset().clone();
        let wake = Arc::clone(&self.wake);
        let runs = runs_folder(self.library.folder());
        let forms = &mut self.forms;
        let started = match forms.tune.mode {
            TuneMode::NineWeights => (self.tune_runs.tuning).start(
                &mut forms.tune,
                &player,
                &self.roster,
                &runs,
                move || wake(),
            ),
            TuneMode::Patterns => self.tune_runs.training.start(
                &mut forms.train_patterns,
                &player,
                &self.roster,
                &runs,
                move || wake(),
            ),
        };
        self.report(started);
    }

    /// Resumes the run of `mode` in `folder`, and shows that mode.
    pub(super) fn resume_tune_run(&mut self, mode: TuneMode, folder: &Path) {
        let wake = Arc::clone(&self.wake);
        let forms = &mut self.forms;
        forms.tune.mode = mode;
        let folder = folder.to_path_buf();
        let resumed = match mode {
            TuneMode::NineWeights => {
                forms.tune.folder = Some(folder.clone());
                let workers = forms.tune.contest.workers;
                self.tune_runs
                    .tuning
                    .resume(folder, workers, move || wake())
            }
            TuneMode::Patterns => {
                forms.train_patterns.folder = Some(folder.clone());
                let workers = forms.train_patterns.workers;
                self.tune_runs
                    .training
                    .resume(folder, workers, move || wake())
            }
        };
        self.report(resumed);
    }

    /// Asks for the folder of a run of the panel's mode to resume.
    fn choose_tune_run_to_resume(&mut self) {
        let folder = runs_folder(self.library.folder());
        let wake = Arc::clone(&self.wake);
        let task = FileTask::ResumeTuneRun(self.forms.tune.mode);
        (self.dialogs).open(task, folder.display().to_string(), move || wake());
    }

    /// Makes the best player of the run shown in `mode` a player: its preset (with its
    /// pattern file) imported into the user's folder and shown in the Weights panel.
    fn use_tune_best(&mut self, mode: TuneMode) {
        if let Some(path) = self.tune_runs.best_file(mode) {
            self.import_preset(&path);
        }
    }

    /// Asks where to export the tuning run's best player.
    fn export_tuned(&mut self) {
        if let Some(path) = self.tune_runs.tuning.best_file() {
            self.export_player_file(path);
        }
    }
}
