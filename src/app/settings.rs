//! What the user sets for the session — the game's set-up, the search, the analysis —
//! persisted across restarts (eframe storage). How the boards are drawn is in
//! `view_settings`, the
//! panels' forms in `forms`.

use serde::{Deserialize, Serialize};

use engine::{Rules, Shape};
use lab::ai::SearchKind;

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
