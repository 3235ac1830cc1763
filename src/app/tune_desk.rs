//! The tuning run behind the Tune panel's nine-weight mode: its form (persisted, with the
//! folder of the last run so that a reopened app shows it and offers to resume it) and how a
//! run of it starts; `rounds_desk` runs and shows it.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::contest_form::ContestForm;
use super::rounds_desk::{RoundsDesk, RoundsKind};
use super::run_desk::short_name;
use lab::ai::Preset;
use lab::files::time_stamp;
use lab::tune::fit::Target;
use lab::tune::position_set::NamedWeights;
use lab::tune::round_run::RoundState;
use lab::tune::rounds::{RoundsSettings, RoundsState, TuningRun};

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

/// The tuning run of a session.
pub type TuneDesk = RoundsDesk<RoundsState>;

impl TuneDesk {
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
        let state = RoundsState::begin(settings.clone())?;
        let folder = runs.join(format!(
            "tune-{}-{}",
            short_name(&player.name),
            time_stamp()
        ));
        let line = format!("tuning of {} started in {}", player.name, folder.display());
        form.folder = Some(folder.clone());
        let job_folder = folder.clone();
        self.open(folder, state, form.contest.workers, wake, move || {
            TuningRun::start(&job_folder, settings)
        });
        Ok(line)
    }
}

impl RoundsKind for RoundsState {
    const KIND: &'static str = "tuning";

    fn title(&self) -> String {
        format!("tuning of {}", self.settings.start.name)
    }

    fn best_file(&self, folder: &Path) -> Option<PathBuf> {
        let accepted = self.history.iter().any(|round| round.accepted);
        accepted.then(|| folder.join(lab::players::preset::file_name_of(&self.best.name)))
    }
}
