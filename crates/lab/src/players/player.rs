//! Who plays a side: a human, or an AI made of a preset, a depth and a search.

use std::time::Duration;

use super::preset::Preset;

pub use engine::search::SearchKind;

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
