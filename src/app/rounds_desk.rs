//! The run in rounds behind the Tune panel, in either of its modes (tuning the nine weights,
//! training a pattern evaluation): the run in the background and what the panel shows of it
//! live — the position set growing, the fit step by step, the verification match's running
//! score — reopened from its checkpoint at startup and resumable from its folder.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use super::run_desk::{CheckpointedRun, RunDesk, RunView};
use lab::ai::RunError;
use lab::ai::arena::MatchResult;
use lab::ai::checkpoint::load_checkpoint;
use lab::ai::crosstable::EloEstimate;
use lab::tune::generate::GenerationProgress;
use lab::tune::round_run::{FitStep, RoundEvent, RoundRun, RoundState};

/// A kind of run in rounds as the Tune panel shows it: its checkpointed state (whose fit's
/// steps it charts), and how the panel names it.
pub trait RoundsKind: RoundState<Step: Send + 'static> + Send + 'static {
    /// What the log calls such a run, e.g. "tuning".
    const KIND: &'static str;

    /// The run in a few words for the log, e.g. "tuning of Hamfast".
    fn title(&self) -> String;
    /// The preset file of the run's best player, once a round has found one.
    fn best_file(&self, folder: &Path) -> Option<PathBuf>;
}

/// The running score of a verification match after some games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchPoint {
    /// Games played.
    pub games: u32,
    /// The candidate's score so far (0–1).
    pub score: f64,
    /// Its Elo estimate with the 95 % interval.
    pub elo: EloEstimate,
}

impl MatchPoint {
    /// The running score after `result`.
    pub fn after(result: &MatchResult) -> Self {
        MatchPoint {
            games: result.games(),
            score: result.record.score(),
            elo: result.record.elo(),
        }
    }
}

/// What the current round has shown so far.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveRound<F> {
    /// The round, once begun.
    pub round: u32,
    /// The position set's progress.
    pub positions: Option<GenerationProgress>,
    /// The fit's steps.
    pub steps: Vec<F>,
    /// The verification match after every game, and its length.
    pub verification: Vec<MatchPoint>,
    /// Games of the verification match.
    pub verification_games: u32,
}

impl<F> Default for LiveRound<F> {
    fn default() -> Self {
        LiveRound {
            round: 0,
            positions: None,
            steps: Vec::new(),
            verification: Vec::new(),
            verification_games: 0,
        }
    }
}

/// A run shown in the panel: running, stopped, or found in the last folder.
pub struct RoundsView<S: RoundsKind> {
    /// The run's folder.
    pub folder: PathBuf,
    /// The state after the last finished round.
    pub state: S,
    /// The round in progress (or the last one seen).
    pub live: LiveRound<S::Step>,
    /// What the run does now.
    pub status: String,
}

/// A run in rounds of a session.
pub type RoundsDesk<S> = RunDesk<RoundsView<S>, RoundEvent<<S as RoundState>::Step, S>>;

impl<S: RoundsKind> RoundsDesk<S> {
    /// The desk at startup: the last run's checkpoint is read, if there is one.
    pub fn reopen(folder: Option<&PathBuf>) -> Self {
        let view = folder.and_then(|folder| {
            let state = load_checkpoint::<S>(folder).ok()?;
            Some(RoundsView {
                folder: folder.clone(),
                status: state.resting_status(),
                state,
                live: LiveRound::default(),
            })
        });
        RoundsDesk::showing(view)
    }

    /// Resumes the run in `folder` on `workers` threads; returns a line for the log.
    pub fn resume(
        &mut self,
        folder: PathBuf,
        workers: usize,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Result<String, String> {
        let state = load_checkpoint::<S>(&folder).map_err(|e| e.to_string())?;
        let line = format!(
            "{} resumed after {} of {} rounds from {}",
            state.title(),
            state.rounds_done(),
            state.rounds_total(),
            folder.display()
        );
        let job_folder = folder.clone();
        self.open(folder, state, workers, wake, move || {
            RoundRun::resume(&job_folder)
        });
        Ok(line)
    }

    /// Plays the run that `open` starts or resumes in `folder` (its state `state` so far) on
    /// `workers` threads, and shows it.
    pub fn open(
        &mut self,
        folder: PathBuf,
        state: S,
        workers: usize,
        wake: impl Fn() + Send + Sync + 'static,
        open: impl FnOnce() -> Result<RoundRun<S>, RunError> + Send + 'static,
    ) {
        let view = RoundsView {
            folder,
            state,
            live: LiveRound::default(),
            status: "starting".to_string(),
        };
        self.launch_run(view, workers, wake, open);
    }

    /// The folder of the run shown, if rounds remain to be played in it.
    pub fn unfinished(&self) -> Option<PathBuf> {
        let view = self.view()?;
        view.state.unfinished().then(|| view.folder.clone())
    }

    /// The preset file of the shown run's best player, once a round has found one.
    pub fn best_file(&self) -> Option<PathBuf> {
        let view = self.view()?;
        view.state.best_file(&view.folder)
    }
}

impl<S: RoundsKind> RunView<RoundEvent<S::Step, S>> for RoundsView<S> {
    fn take_in(&mut self, event: RoundEvent<S::Step, S>) -> Option<String> {
        let live = &mut self.live;
        match event {
            RoundEvent::Round(round) => {
                *live = LiveRound {
                    round,
                    ..LiveRound::default()
                };
                self.status = format!("round {round}: making positions");
            }
            RoundEvent::Positions(progress) => {
                self.status = format!(
                    "round {}: positions {} of {} ({:.0} a minute)",
                    live.round,
                    progress.records,
                    progress.count,
                    60.0 * progress.rate()
                );
                live.positions = Some(progress);
            }
            RoundEvent::Fit(step) => {
                self.status = format!("round {}: {}", live.round, step.describe());
                live.steps.push(step);
            }
            RoundEvent::Match(so_far, games) => {
                self.status = format!(
                    "round {}: verification, {} of {games} games",
                    live.round,
                    so_far.games()
                );
                live.verification_games = games;
                live.verification.push(MatchPoint::after(&so_far));
            }
            RoundEvent::Finished(state) => {
                self.state = *state;
                let line = self.state.last_round_line()?;
                return Some(format!("{}: {line}", S::KIND));
            }
        }
        None
    }

    fn status_mut(&mut self) -> &mut String {
        &mut self.status
    }

    fn ended(&mut self, _stopped: bool) -> String {
        self.state.resting_status()
    }
}

impl<S: RoundState> CheckpointedRun<RoundEvent<S::Step, S>> for RoundRun<S> {
    fn play(
        &mut self,
        cancel: &AtomicBool,
        on_event: &(dyn Fn(RoundEvent<S::Step, S>) + Sync),
    ) -> Result<(), RunError> {
        self.run(cancel, on_event)
    }
}
