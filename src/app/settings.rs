//! What the user sets for the session — the game's set-up, the search, the analysis, the
//! panels' forms — persisted across restarts (eframe storage). How the boards are drawn is in
//! `view_settings`.

use serde::{Deserialize, Serialize};

use engine::{Rules, Shape};
use lab::ai::SearchKind;
use lab::ai::gsprt::Gsprt;

/// Who sits on one side: a human, or an AI preset (by name) with its depth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// The AI preset's name, or `None` for a human.
    pub ai: Option<String>,
    /// The AI's search depth in plies.
    pub depth: u32,
}

impl Seat {
    /// A human player.
    pub fn human() -> Self {
        Seat { ai: None, depth: 4 }
    }

    /// The AI preset `name` at `depth`.
    pub fn ai(name: &str, depth: u32) -> Self {
        Seat {
            ai: Some(name.to_string()),
            depth,
        }
    }
}

/// The workspace's settings. Unknown or missing fields fall back to the defaults, so settings
/// saved by another version never stop the app from starting.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The board of new games.
    pub board: Shape,
    /// Classic or misère scoring.
    pub rules: Rules,
    /// The first player (Red).
    pub red: Seat,
    /// The second player (Green).
    pub green: Seat,
    /// Which search the AI players and the analysis run.
    pub search: SearchKind,
    /// Engine worker threads.
    pub workers: usize,
    /// Prune with α/β (classic search).
    pub alpha_beta: bool,
    /// Drop root moves equivalent by symmetry.
    pub symmetry: bool,
    /// Choose at random among equally good moves.
    pub random: bool,
    /// Write game events to the log.
    pub logs: bool,
    /// Log node counts per depth for every AI move.
    pub depths: bool,
    /// Analyse every move of the current position in the background (Moves panel).
    pub live_moves: bool,
    /// Show the static value of the current position in the status line.
    pub show_value: bool,
    /// Depth of the live analysis.
    pub analysis_depth: u32,
    /// The player whose weights the Weights panel edits and the values overlay shows.
    pub weights_player: String,
    /// How the cells of a square board are written: `c4` (Othello's) or `3-4` (the seed's).
    pub notation: engine::notation::Notation,
    /// Choose files in a dialog drawn in the window instead of the system's.
    pub window_file_dialogs: bool,
    /// The Tournament panel's set-up.
    pub tournament: super::tournament_desk::TournamentForm,
    /// The Evolution panel's set-up.
    pub evolution: super::evolution_desk::EvolutionForm,
    /// The Compare and Review panels' set-up.
    pub judge: super::judge_form::JudgeForm,
    /// The Tune panel's set-up.
    pub tune: super::tune_desk::TuneForm,
    /// The Tune panel's set-up in pattern mode.
    pub train_patterns: super::pattern_desk::PatternForm,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            board: Shape::new(3, 6).expect("6x6x6 is a valid board"),
            rules: Rules::Classic,
            red: Seat::human(),
            green: Seat::ai("Arwen", 4),
            search: SearchKind::Strong,
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            notation: engine::notation::Notation::Letters,
            window_file_dialogs: false,
            alpha_beta: true,
            symmetry: true,
            random: false,
            logs: true,
            depths: false,
            live_moves: true,
            show_value: true,
            analysis_depth: 4,
            weights_player: "Arwen".to_string(),
            tournament: Default::default(),
            judge: Default::default(),
            evolution: Default::default(),
            tune: Default::default(),
            train_patterns: Default::default(),
        }
    }
}

impl Settings {
    /// The numbers of workers offered: one to the engine's bound (four per core).
    pub fn workers_range() -> std::ops::RangeInclusive<usize> {
        1..=engine::bounds::max_threads()
    }

    /// Brings values read from storage into range (a hand-edited or damaged store must not
    /// break the app).
    pub fn sanitized(mut self) -> Self {
        let workers = Self::workers_range();
        self.workers = self.workers.clamp(*workers.start(), *workers.end());
        for seat in [&mut self.red, &mut self.green] {
            seat.depth = seat.depth.clamp(1, engine::bounds::MAX_DEPTH);
        }
        self.analysis_depth = self.analysis_depth.clamp(1, engine::bounds::MAX_DEPTH);
        self.tournament.games = self.tournament.games.clamp(1, 1000);
        self.evolution.games = self.evolution.games.clamp(1, 1000);
        self.evolution.mutation = self.evolution.mutation.clamp(1, 100);
        self.evolution.early_stop_elo = self
            .evolution
            .early_stop_elo
            .clamp(Gsprt::MIN_ELO, Gsprt::MAX_ELO);
        self.tune.verify_games = (self.tune.verify_games.clamp(2, 10_000) / 2) * 2;
        self.tune.verify_depth = self.tune.verify_depth.clamp(1, engine::bounds::MAX_DEPTH);
        self.tune.count = self.tune.count.clamp(100, 10_000_000);
        self.tune.per_game = self.tune.per_game.clamp(1, 1000);
        self.tune.label_depth = self.tune.label_depth.min(engine::bounds::MAX_DEPTH);
        self.tune.rounds = self.tune.rounds.clamp(1, engine::bounds::MAX_ROUNDS as u32);
        let train = &mut self.train_patterns;
        train.rounds = train.rounds.min(engine::bounds::MAX_ROUNDS as u32);
        train.growing_rounds = train
            .growing_rounds
            .clamp(1, engine::bounds::MAX_ROUNDS as u32);
        train.count = train.count.clamp(100, 10_000_000);
        train.exact_empties = train.exact_empties.clamp(1, train.board.start_empties());
        train.label_depth = train.label_depth.clamp(1, engine::bounds::MAX_DEPTH);
        train.verify_games = (train.verify_games.clamp(2, 10_000) / 2) * 2;
        train.verify_depth = train.verify_depth.clamp(1, engine::bounds::MAX_DEPTH);
        train.workers = train.workers.clamp(*workers.start(), *workers.end());
        for contest in [
            &mut self.tournament.contest,
            &mut self.evolution.contest,
            &mut self.tune.contest,
        ] {
            contest.depth = contest.depth.clamp(1, engine::bounds::MAX_DEPTH);
            contest.workers = contest.workers.clamp(*workers.start(), *workers.end());
            contest.openings = contest.openings.min(contest.max_openings());
        }
        self
    }

    /// The seat of `color`.
    pub fn seat(&self, color: engine::Color) -> &Seat {
        match color {
            engine::Color::Red => &self.red,
            engine::Color::Green => &self.green,
        }
    }
}
