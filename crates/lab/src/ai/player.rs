//! Who plays a side: a human, or an AI made of a preset, a depth and a search.

use std::time::Duration;

use super::preset::Preset;

/// Which search an AI player runs.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize, serde::Deserialize,
)]
pub enum SearchKind {
    /// Negamax PVS with iterative deepening, a transposition table and an exact endgame solver:
    /// the default for play and analysis.
    #[default]
    Strong,
    /// The seed's fixed-depth α/β search (for fidelity and comparison).
    Classic,
}

impl SearchKind {
    /// Both kinds, the default first.
    pub const ALL: [SearchKind; 2] = [SearchKind::Strong, SearchKind::Classic];

    /// A short name for menus and logs.
    pub fn label(self) -> &'static str {
        match self {
            SearchKind::Strong => "strong",
            SearchKind::Classic => "classic",
        }
    }
}

/// An AI player.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AiPlayer {
    /// Its evaluation weights, with their name.
    pub preset: Preset,
    /// Search depth in plies.
    pub depth: u32,
    /// Which search to run.
    pub search: SearchKind,
    /// Optional time budget per move.
    pub time_budget: Option<Duration>,
}

/// One side of a game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Player {
    /// Moves come from the user.
    Human,
    /// Moves come from the engine.
    Ai(AiPlayer),
}

impl Player {
    /// A short label: `Human` or `Arwen (depth 6)`.
    pub fn label(&self) -> String {
        match self {
            Player::Human => "Human".to_string(),
            Player::Ai(ai) => format!("{} (depth {})", ai.preset.name, ai.depth),
        }
    }
}
