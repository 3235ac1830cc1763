//! Players and their presets, engine-vs-engine games, tournaments and evolution.

pub mod arena;
pub mod checkpoint;
pub mod compare;
pub mod compare_report;
pub mod crosstable;
pub mod duel;
pub mod evolution;
pub mod gsprt;
pub mod library;
mod mutation;
pub mod player;
pub mod preset;
pub mod reference;
pub mod review;
pub mod sampling;
pub mod selfplay;
pub mod tournament;
pub mod tournament_report;
pub mod work_queue;

pub use arena::RunError;
pub use library::PresetLibrary;
pub use player::{AiPlayer, Player, SearchKind};
pub use preset::Preset;
