//! What the two runs in rounds — tuning the nine weights, training a pattern evaluation —
//! have in common: the events they report as they go, and what their checkpointed state says
//! of itself, so that the command line and the Tune panel show either through one path.

use crate::ai::arena::MatchResult;
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
    /// The step's number.
    fn number(&self) -> usize;
    /// The error on the fitted positions and on the held-out ones.
    fn errors(&self) -> (f64, f64);
    /// The step in a few words, e.g. "fit iteration 12: 6.01 discs held out".
    fn describe(&self) -> String;
}

/// What the checkpointed state of a run in rounds says of itself.
pub trait RoundsProgress {
    /// Rounds finished.
    fn rounds_done(&self) -> usize;
    /// Rounds the run plays in all.
    fn rounds_total(&self) -> usize;
    /// Finished round `index` (from 0 in the history) in one line.
    fn round_line(&self, index: usize) -> String;
    /// The status of the run when it is not running: finished (and its best), or stopped.
    fn resting_status(&self) -> String;

    /// Whether rounds remain to be played.
    fn unfinished(&self) -> bool {
        self.rounds_done() < self.rounds_total()
    }

    /// The last finished round in one line, if any.
    fn last_round_line(&self) -> Option<String> {
        let done = self.rounds_done();
        (done > 0).then(|| self.round_line(done - 1))
    }
}
