//! What the two runs in rounds — tuning the nine weights, training a pattern evaluation —
//! have in common: the run in its folder, started, resumed and played a round at a time with
//! a checkpoint after each; the events it reports as it goes; and what its checkpointed state
//! says of itself, so that the command line and the Tune panel show either through one path.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use crate::ai::RunError;
use crate::ai::arena::MatchResult;
use crate::ai::checkpoint::{CHECKPOINT_FILE, Checkpointed, load_checkpoint, save_checkpoint};
use crate::files::FileError;
use crate::tune::generate::GenerationProgress;

/// What a run in rounds reports as it goes: `F` is a step of its fit, `S` its checkpointed
/// state.
#[derive(Clone, Debug, PartialEq)]
pub enum RoundEvent<F, S> {
    /// A round begins.
    Round(u32),
    /// Its position set grows.
    Positions(GenerationProgress),
    /// Its fit took a step.
    Fit(F),
    /// Its verification match goes on: the candidate's results so far, of so many games.
    Match(MatchResult, u32),
    /// A round ended; the state is checkpointed.
    Finished(Box<S>),
}

/// One step of a fit, as a run in rounds reports it.
pub trait FitStep {
    /// The step's number, and its error on the fitted positions and on the held-out ones.
    fn errors(&self) -> (usize, f64, f64);
    /// The step in a few words, e.g. "fit iteration 12: 6.01 discs held out".
    fn describe(&self) -> String;
}

/// What the checkpointed state of a run in rounds says of itself.
pub trait RoundsProgress {
    /// A finished round.
    type Round;

    /// The finished rounds, oldest first.
    fn history(&self) -> &[Self::Round];
    /// Rounds the run plays in all.
    fn rounds_total(&self) -> usize;
    /// A finished round in one line.
    fn round_line(&self, round: &Self::Round) -> String;
    /// The status of the run when it is not running: finished (and its best), or stopped.
    fn resting_status(&self) -> String;
    /// The run in its folder in one line: what it does in every round, and where it is.
    fn headline(&self, folder: &Path) -> String;

    /// Rounds finished.
    fn rounds_done(&self) -> usize {
        self.history().len()
    }

    /// Whether rounds remain to be played.
    fn unfinished(&self) -> bool {
        self.rounds_done() < self.rounds_total()
    }

    /// The last finished round in one line, if any.
    fn last_round_line(&self) -> Option<String> {
        self.history().last().map(|round| self.round_line(round))
    }
}

/// The checkpointed state of a run in rounds, and how it plays and records a round.
pub trait RoundState: Checkpointed + RoundsProgress + Clone {
    /// The run's settings.
    type Settings;
    /// A step of its fit.
    type Step: FitStep;

    /// The state of a new run with `settings`, once they are checked.
    fn begin(settings: Self::Settings) -> Result<Self, String>;

    /// The number of the next round.
    fn next_round(&self) -> u32;

    /// Plays round `round` of `run`; `None` when cancelled (what it made stays in the
    /// folder, to be continued).
    fn play_round(
        run: &RoundRun<Self>,
        round: u32,
        cancel: &AtomicBool,
        on_event: &(dyn Fn(RoundEvent<Self::Step, Self>) + Sync),
    ) -> Result<Option<Self::Round>, RunError>;

    /// Adds a finished round to the state (and writes what it keeps to the folder).
    fn record(run: &mut RoundRun<Self>, summary: Self::Round) -> Result<(), RunError>;
}

/// A run in rounds in its folder.
pub struct RoundRun<S> {
    pub(crate) folder: PathBuf,
    pub(crate) state: S,
}

impl<S: RoundState> RoundRun<S> {
    /// Starts a run in `folder` (which must not hold one already).
    pub fn start(folder: &Path, settings: S::Settings) -> Result<Self, RunError> {
        let state = S::begin(settings).map_err(RunError::Settings)?;
        if folder.join(CHECKPOINT_FILE).exists() {
            return Err(RunError::Settings(format!(
                "{} holds a run already: resume it or choose another folder",
                folder.display()
            )));
        }
        std::fs::create_dir_all(folder).map_err(|e| FileError::new(folder, e.to_string()))?;
        save_checkpoint(folder, &state)?;
        Self::resume(folder)
    }

    /// Resumes the run checkpointed in `folder`.
    pub fn resume(folder: &Path) -> Result<Self, RunError> {
        // What a run records by path: an absolute one keeps it found from any folder.
        let folder = folder
            .canonicalize()
            .map_err(|e| FileError::new(folder, e.to_string()))?;
        Ok(RoundRun {
            state: load_checkpoint(&folder)?,
            folder,
        })
    }

    /// The state after the last finished round.
    pub fn state(&self) -> &S {
        &self.state
    }

    /// The run's folder.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// Plays the remaining rounds on the current rayon pool, checkpointing after each; a
    /// cancelled round is dropped.
    pub fn run(
        &mut self,
        cancel: &AtomicBool,
        on_event: &(dyn Fn(RoundEvent<S::Step, S>) + Sync),
    ) -> Result<(), RunError> {
        while self.state.unfinished() {
            let round = self.state.next_round();
            on_event(RoundEvent::Round(round));
            let Some(summary) = S::play_round(self, round, cancel, on_event)? else {
                return Ok(());
            };
            S::record(self, summary)?;
            save_checkpoint(&self.folder, &self.state)?;
            on_event(RoundEvent::Finished(Box::new(self.state.clone())));
        }
        Ok(())
    }
}
