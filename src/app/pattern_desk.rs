//! The pattern training run behind the Tune panel's pattern mode: its form (persisted, with
//! the folder of the last run so that a reopened app shows it and offers to resume it), the
//! run in the background, and what the charts show live: the position set growing, the fit's
//! errors in discs iteration by iteration, the verification match's running score.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::run_desk::{CheckpointedRun, RunDesk, RunView, short_name};
use super::tune_desk::{MatchPoint, match_point};
use engine::Shape;
use lab::ai::checkpoint::load_checkpoint;
use lab::ai::{Preset, RunError};
use lab::files::time_stamp;
use lab::tune::generate::GenerationProgress;
use lab::tune::pattern_fit::PatternEpoch;
use lab::tune::pattern_rounds::{
    PatternRoundsEvent, PatternRoundsSettings, PatternRoundsState, PatternTraining,
};
use lab::tune::position_set::NamedWeights;

/// What the pattern mode sets up (the Weights panel's player is the one to beat first).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PatternForm {
    /// The board whose evaluation is trained.
    pub board: Shape,
    /// Rounds after round 0.
    pub rounds: u32,
    /// Rounds over which the stages drawn grow to the whole game.
    pub growing_rounds: u32,
    /// Positions per round.
    pub count: usize,
    /// Round 0 scores positions with at most this many empty cells exactly.
    pub exact_empties: u32,
    /// Depth of the labelling search of later rounds.
    pub label_depth: u32,
    /// Games of each verification match.
    pub verify_games: u32,
    /// Depth of the verification games.
    pub verify_depth: u32,
    /// Games played at once.
    pub workers: usize,
    /// Seed of every random choice.
    pub seed: u64,
    /// The folder of the last run started or resumed.
    pub folder: Option<PathBuf>,
}

impl Default for PatternForm {
    fn default() -> Self {
        PatternForm {
            board: Shape::new(2, 6).expect("6x6 is a valid board"),
            rounds: 3,
            growing_rounds: 3,
            count: 20_000,
            exact_empties: 14,
            label_depth: 4,
            verify_games: 100,
            verify_depth: 4,
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            seed: 1,
            folder: None,
        }
    }
}

/// What the current round has shown so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LivePatternRound {
    /// The round (from 0), once begun.
    pub round: u32,
    /// The position set's progress.
    pub positions: Option<GenerationProgress>,
    /// The fit's iterations.
    pub epochs: Vec<PatternEpoch>,
    /// The verification match after every game, and its length.
    pub verification: Vec<MatchPoint>,
    /// Games of the verification match.
    pub verification_games: u32,
}

/// A run shown in the panel: running, stopped, or found in the last folder.
pub struct PatternView {
    /// The run's folder.
    pub folder: PathBuf,
    /// The state after the last finished round.
    pub state: PatternRoundsState,
    /// The round in progress (or the last one seen).
    pub live: LivePatternRound,
    /// What the run does now.
    pub status: String,
}

/// The pattern training run of a session.
pub type PatternDesk = RunDesk<PatternView, PatternRoundsEvent>;

impl PatternDesk {
    /// The desk at startup: the last run's checkpoint is read, if there is one.
    pub fn new(form: &PatternForm) -> Self {
        let view = form.folder.as_ref().and_then(|folder| {
            let state = load_checkpoint::<PatternRoundsState>(folder).ok()?;
            Some(PatternView {
                folder: folder.clone(),
                status: resting_status(&state),
                state,
                live: LivePatternRound::default(),
            })
        });
        PatternDesk::showing(view)
    }

    /// Starts a new run whose fits must first beat `player` (a pattern player too; its nine
    /// weights also order shallow nodes), its position sets played by `roster`'s nine-weight players, in a new
    /// folder inside `runs`; returns a line for the log.
    pub fn start(
        &mut self,
        form: &mut PatternForm,
        player: &Preset,
        roster: &[Preset],
        runs: &Path,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Result<String, String> {
        let players = (roster.iter())
            .filter(|p| p.patterns.is_empty())
            .map(NamedWeights::from)
            .collect();
        let settings = PatternRoundsSettings {
            name: format!("{}-patterns", short_name(&player.name)),
            game: PatternRoundsSettings::set_games(form.board),
            players,
            start: NamedWeights::from(player),
            rounds: form.rounds,
            growing_rounds: form.growing_rounds,
            count: form.count,
            per_game: 6,
            exact_empties: form.exact_empties,
            label_depth: form.label_depth,
            regularization: 100.0,
            verify_games: form.verify_games,
            verify_depth: form.verify_depth,
            seed: form.seed,
        };
        settings.validate()?;
        let folder = runs.join(format!("patterns-{}-{}", form.board, time_stamp()));
        let line = format!(
            "training of {} patterns started in {}",
            form.board,
            folder.display()
        );
        let state = PatternRoundsState {
            settings: settings.clone(),
            history: Vec::new(),
        };
        let job_folder = folder.clone();
        self.start_run(form, folder, state, wake, move || {
            PatternTraining::start(&job_folder, settings)
        });
        Ok(line)
    }

    /// Resumes the run in `folder`; returns a line for the log.
    pub fn resume(
        &mut self,
        form: &mut PatternForm,
        folder: PathBuf,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Result<String, String> {
        let state = load_checkpoint::<PatternRoundsState>(&folder).map_err(|e| e.to_string())?;
        let line = format!(
            "training of {} patterns resumed after {} of {} rounds from {}",
            state.settings.game.shape,
            state.history.len(),
            state.settings.rounds + 1,
            folder.display()
        );
        let job_folder = folder.clone();
        self.start_run(form, folder, state, wake, move || {
            PatternTraining::resume(&job_folder)
        });
        Ok(line)
    }

    fn start_run(
        &mut self,
        form: &mut PatternForm,
        folder: PathBuf,
        state: PatternRoundsState,
        wake: impl Fn() + Send + Sync + 'static,
        open: impl FnOnce() -> Result<PatternTraining, RunError> + Send + 'static,
    ) {
        form.folder = Some(folder.clone());
        let view = PatternView {
            folder,
            state,
            live: LivePatternRound::default(),
            status: "starting".to_string(),
        };
        self.launch_run(view, form.workers, wake, open);
    }

    /// The preset file of the run's best fit, if one has won its match.
    pub fn best_file(&self) -> Option<PathBuf> {
        let view = self.view()?;
        let best = view.state.best()?;
        Some(best.preset_file(&view.folder, &view.state.settings.name))
    }
}

impl CheckpointedRun<PatternRoundsEvent> for PatternTraining {
    fn play(
        &mut self,
        cancel: &AtomicBool,
        on_event: &(dyn Fn(PatternRoundsEvent) + Sync),
    ) -> Result<(), RunError> {
        self.run(cancel, on_event)
    }
}

impl RunView<PatternRoundsEvent> for PatternView {
    fn take_in(&mut self, event: PatternRoundsEvent) -> Option<String> {
        take_in(self, event)
    }

    fn status_mut(&mut self) -> &mut String {
        &mut self.status
    }

    fn ended(&mut self, _stopped: bool) -> String {
        resting_status(&self.state)
    }
}

/// The status of a run that is not running.
fn resting_status(state: &PatternRoundsState) -> String {
    let done = state.history.len();
    let all = state.settings.rounds as usize + 1;
    match (done >= all, state.best()) {
        (true, Some(best)) => format!(
            "finished: the best is {}",
            best.player_name(&state.settings.name)
        ),
        (true, None) => format!("finished: no fit beat {}", state.settings.start.name),
        (false, _) => format!("stopped after {done} of {all} rounds: Resume continues it"),
    }
}

/// Updates the view with an event; returns a line for the log when a round ends.
fn take_in(view: &mut PatternView, event: PatternRoundsEvent) -> Option<String> {
    let live = &mut view.live;
    match event {
        PatternRoundsEvent::Round(round) => {
            *live = LivePatternRound {
                round,
                ..LivePatternRound::default()
            };
            view.status = format!("round {round}: making positions");
        }
        PatternRoundsEvent::Positions(progress) => {
            view.status = format!(
                "round {}: positions {} of {} ({:.0} a minute)",
                live.round,
                progress.records,
                progress.count,
                60.0 * progress.rate()
            );
            live.positions = Some(progress);
        }
        PatternRoundsEvent::Epoch(epoch) => {
            view.status = format!(
                "round {}: fit iteration {}, {:.2} discs held out",
                live.round, epoch.number, epoch.holdout
            );
            live.epochs.push(epoch);
        }
        PatternRoundsEvent::Match(so_far, games) => {
            view.status = format!(
                "round {}: verification, {} of {games} games",
                live.round,
                so_far.games()
            );
            live.verification_games = games;
            live.verification.push(match_point(&so_far));
        }
        PatternRoundsEvent::Finished(state) => {
            view.state = *state;
            let round = view.state.history.last()?;
            let (wins, draws, losses) = round.record;
            return Some(format!(
                "pattern training round {}: held out {:.2} discs, {wins}-{draws}-{losses} \
                 against the best: {}",
                round.round,
                round.holdout.0,
                if round.accepted {
                    "accepted"
                } else {
                    "rejected"
                }
            ));
        }
    }
    None
}
