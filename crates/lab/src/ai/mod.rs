//! Players and their presets, engine-vs-engine games, tournaments and evolution.

pub mod arena;
pub mod checkpoint;
pub mod compare;
pub mod compare_report;
pub mod crosstable;
pub mod duel;
pub mod evolution;
mod evolution_state;
pub mod gsprt;
mod mutation;
pub mod reference;
pub mod review;
pub mod sampling;
pub mod score_unit;
pub mod selfplay;
pub mod solver;
pub mod tournament;
pub mod tournament_report;
pub mod work_queue;

pub use crate::players::{AiPlayer, Player, Preset, PresetLibrary, SearchKind};
pub use arena::RunError;
