//! The pattern training run behind the Tune panel's pattern mode: its form (persisted, with
//! the folder of the last run so that a reopened app shows it and offers to resume it) and how
//! a run of it starts; `rounds_desk` runs and shows it.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::rounds_desk::{RoundsDesk, RoundsKind};
use super::run_desk::short_name;
use engine::Shape;
use lab::ai::Preset;
use lab::ai::selfplay::GameSettings;
use lab::files::time_stamp;
use lab::tune::pattern_rounds::{PatternRoundsSettings, PatternRoundsState, PatternTraining};
use lab::tune::position_set::NamedWeights;
use lab::tune::round_run::RoundState;

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
    /// Random plies opening the sets' games and the verification matches.
    pub openings: u32,
    /// Round 0 scores positions with at most this many empty cells exactly.
    pub exact_empties: u32,
    /// Depth of the labelling search of later rounds.
    pub label_depth: u32,
    /// Whether later rounds are also labelled one ply shallower and fitted on both.
    pub both_parities: bool,
    /// Whether each fit weighs an even number of empty cells as well.
    pub parity: bool,
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
            openings: 4,
            exact_empties: 14,
            label_depth: 4,
            both_parities: false,
            parity: false,
            verify_games: 100,
            verify_depth: 4,
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            seed: 1,
            folder: None,
        }
    }
}

/// The pattern training run of a session.
pub type PatternDesk = RoundsDesk<PatternRoundsState>;

impl PatternDesk {
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
            game: GameSettings {
                opening_plies: form.openings,
                ..PatternRoundsSettings::set_games(form.board)
            },
            players,
            start: NamedWeights::from(player),
            rounds: form.rounds,
            growing_rounds: form.growing_rounds,
            count: form.count,
            per_game: 6,
            exact_empties: form.exact_empties,
            label_depth: form.label_depth,
            both_parities: form.both_parities,
            parity: form.parity,
            regularization: 100.0,
            verify_games: form.verify_games,
            verify_depth: form.verify_depth,
            seed: form.seed,
        };
        let state = PatternRoundsState::begin(settings.clone())?;
        let folder = runs.join(format!("patterns-{}-{}", form.board, time_stamp()));
        let line = format!(
            "training of {} patterns started in {}",
            form.board,
            folder.display()
        );
        form.folder = Some(folder.clone());
        let job_folder = folder.clone();
        self.open(folder, state, form.workers, wake, move || {
            PatternTraining::start(&job_folder, settings)
        });
        Ok(line)
    }
}

impl RoundsKind for PatternRoundsState {
    const KIND: &'static str = "pattern training";

    fn title(&self) -> String {
        format!("training of {} patterns", self.settings.game.shape)
    }

    fn best_file(&self, folder: &Path) -> Option<PathBuf> {
        let best = self.best()?;
        Some(best.preset_file(folder, &self.settings.name))
    }
}
