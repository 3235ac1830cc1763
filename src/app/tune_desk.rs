//! The tuning run behind the Tune panel: its form (persisted, with the folder of the last run
//! so that a reopened app shows it and offers to resume it), the run in the background, and
//! what the charts show live: the position set growing, the fit's losses and weights step by
//! step, the verification match's running score.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::contest_form::ContestForm;
use super::run_desk::{CheckpointedRun, RunDesk, RunView, short_name};
use lab::ai::arena::MatchResult;
use lab::ai::checkpoint::load_checkpoint;
use lab::ai::crosstable::EloEstimate;
use lab::ai::{Preset, RunError};
use lab::files::time_stamp;
use lab::tune::fit::{Iteration, Target};
use lab::tune::generate::GenerationProgress;
use lab::tune::position_set::NamedWeights;
use lab::tune::rounds::{RoundsEvent, RoundsSettings, RoundsState, TuningRun};

/// What the Tune panel sets up (the player tuned is the Weights panel's player).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TuneForm {
    /// Rounds of position set, fit and verification.
    pub rounds: u32,
    /// Positions per round.
    pub count: usize,
    /// Positions drawn from each game.
    pub per_game: usize,
    /// Label the positions with the best player's search at this depth (0: results only).
    pub label_depth: u32,
    /// What the weights are fitted to.
    pub target: Target,
    /// Games of each verification match.
    pub verify_games: u32,
    /// Depth of the verification matches.
    pub verify_depth: u32,
    /// Whether the position sets' games include the other players of the roster.
    pub with_roster: bool,
    /// How the position sets' games are played.
    pub contest: ContestForm,
    /// The folder of the last run started or resumed.
    pub folder: Option<PathBuf>,
    /// What the panel tunes: the nine weights, or a board's pattern evaluation.
    pub mode: TuneMode,
}

/// What the Tune panel tunes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TuneMode {
    /// A player's nine weights.
    #[default]
    NineWeights,
    /// A board's pattern evaluation, trained in rounds.
    Patterns,
}

impl Default for TuneForm {
    fn default() -> Self {
        TuneForm {
            rounds: 3,
            count: 20_000,
            per_game: 16,
            label_depth: 4,
            target: Target::Reference,
            verify_games: 100,
            verify_depth: 2,
            with_roster: true,
            contest: ContestForm {
                search: lab::ai::SearchKind::Strong,
                ..ContestForm::default()
            },
            folder: None,
            mode: TuneMode::default(),
        }
    }
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

/// What the current round has shown so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LiveRound {
    /// The round (from 1), once begun.
    pub round: u32,
    /// The position set's progress.
    pub positions: Option<GenerationProgress>,
    /// The fit's steps.
    pub steps: Vec<Iteration>,
    /// The verification match after every game, and its length.
    pub verification: Vec<MatchPoint>,
    /// Games of the verification match.
    pub verification_games: u32,
}

/// A run shown in the panel: running, stopped, or found in the last folder.
pub struct TuneView {
    /// The run's folder.
    pub folder: PathBuf,
    /// The state after the last finished round.
    pub state: RoundsState,
    /// The round in progress (or the last one seen).
    pub live: LiveRound,
    /// What the run does now.
    pub status: String,
}

/// The tuning run of a session.
pub type TuneDesk = RunDesk<TuneView, RoundsEvent>;

impl TuneDesk {
    /// The desk at startup: the last run's checkpoint is read, if there is one.
    pub fn new(form: &TuneForm) -> Self {
        let view = form.folder.as_ref().and_then(|folder| {
            let state = load_checkpoint::<RoundsState>(folder).ok()?;
            Some(TuneView {
                folder: folder.clone(),
                status: resting_status(&state),
                state,
                live: LiveRound::default(),
            })
        });
        TuneDesk::showing(view)
    }

    /// Starts a new run tuning `player` (against `roster`'s other players when the form says
    /// so) in a new folder inside `runs`; returns a line for the log.
    pub fn start(
        &mut self,
        form: &mut TuneForm,
        player: &Preset,
        roster: &[Preset],
        runs: &Path,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Result<String, String> {
        // Tuning fits nine weights (the player tuned has them); its opponents may be any.
        let opponents = (roster.iter())
            .filter(|p| form.with_roster && p.name != player.name)
            .map(NamedWeights::from)
            .collect();
        let settings = RoundsSettings {
            name: format!("{}-tuned", short_name(&player.name)),
            start: NamedWeights::from(player).nine_weights_only()?,
            rounds: form.rounds,
            game: form.contest.game_settings(),
            opponents,
            count: form.count,
            per_game: form.per_game,
            label_depth: (form.label_depth > 0).then_some(form.label_depth),
            target: form.target,
            verify_games: form.verify_games,
            verify_depth: form.verify_depth,
            early_stop: None,
            seed: form.contest.seed,
        };
        settings.validate()?;
        let folder = runs.join(format!(
            "tune-{}-{}",
            short_name(&player.name),
            time_stamp()
        ));
        let line = format!("tuning of {} started in {}", player.name, folder.display());
        let state = RoundsState {
            best: settings.start.clone(),
            settings: settings.clone(),
            history: Vec::new(),
        };
        let job_folder = folder.clone();
        self.start_run(form, folder, state, wake, move || {
            TuningRun::start(&job_folder, settings)
        });
        Ok(line)
    }

    /// Resumes the run in `folder`; returns a line for the log.
    pub fn resume(
        &mut self,
        form: &mut TuneForm,
        folder: PathBuf,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Result<String, String> {
        let state = load_checkpoint::<RoundsState>(&folder).map_err(|e| e.to_string())?;
        let line = format!(
            "tuning of {} resumed after round {} of {} from {}",
            state.settings.start.name,
            state.history.len(),
            state.settings.rounds,
            folder.display()
        );
        let job_folder = folder.clone();
        self.start_run(form, folder, state, wake, move || {
            TuningRun::resume(&job_folder)
        });
        Ok(line)
    }

    fn start_run(
        &mut self,
        form: &mut TuneForm,
        folder: PathBuf,
        state: RoundsState,
        wake: impl Fn() + Send + Sync + 'static,
        open: impl FnOnce() -> Result<TuningRun, RunError> + Send + 'static,
    ) {
        form.folder = Some(folder.clone());
        let view = TuneView {
            folder,
            state,
            live: LiveRound::default(),
            status: "starting".to_string(),
        };
        self.launch_run(view, form.contest.workers, wake, open);
    }

    /// The preset file of the run's best player, if a round has found one.
    pub fn best_file(&self) -> Option<PathBuf> {
        let view = self.view()?;
        let accepted = view.state.history.iter().any(|round| round.accepted);
        accepted.then(|| {
            let file = lab::players::preset::file_name_of(&view.state.best.name);
            view.folder.join(file)
        })
    }
}

impl CheckpointedRun<RoundsEvent> for TuningRun {
    fn play(
        &mut self,
        cancel: &AtomicBool,
        on_event: &(dyn Fn(RoundsEvent) + Sync),
    ) -> Result<(), RunError> {
        self.run(cancel, on_event)
    }
}

impl RunView<RoundsEvent> for TuneView {
    fn take_in(&mut self, event: RoundsEvent) -> Option<String> {
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
fn resting_status(state: &RoundsState) -> String {
    let done = state.history.len();
    if done >= state.settings.rounds as usize {
        format!("finished: the best is {}", state.best.name)
    } else {
        format!(
            "stopped after round {done} of {}: Resume continues it",
            state.settings.rounds
        )
    }
}

/// Updates the view with an event; returns a line for the log when a round ends.
fn take_in(view: &mut TuneView, event: RoundsEvent) -> Option<String> {
    let live = &mut view.live;
    match event {
        RoundsEvent::Round(round) => {
            *live = LiveRound {
                round,
                ..LiveRound::default()
            };
            view.status = format!("round {round}: making positions");
        }
        RoundsEvent::Positions(progress) => {
            view.status = format!(
                "round {}: positions {} of {} ({:.0} a minute)",
                live.round,
                progress.records,
                progress.count,
                60.0 * progress.rate()
            );
            live.positions = Some(progress);
        }
        RoundsEvent::Step(step) => {
            view.status = format!("round {}: fit step {}", live.round, step.number);
            live.steps.push(step);
        }
        RoundsEvent::Match(so_far, games) => {
            view.status = format!(
                "round {}: verification, {} of {games} games",
                live.round,
                so_far.games()
            );
            live.verification_games = games;
            live.verification.push(match_point(&so_far));
        }
        RoundsEvent::Finished(state) => {
            view.state = *state;
            let round = view.state.history.last()?;
            let (wins, draws, losses) = round.record;
            return Some(format!(
                "tuning round {}: candidate {} scored {wins}-{draws}-{losses} against the best: \
                 {}",
                round.round,
                round.candidate,
                round.verdict()
            ));
        }
    }
    None
}

/// The running score of a match after `result`.
pub fn match_point(result: &MatchResult) -> MatchPoint {
    MatchPoint {
        games: result.games(),
        score: result.record.score(),
        elo: result.record.elo(),
    }
}
