//! Players and their presets; tournaments and evolution as they land.

pub mod library;
pub mod player;
pub mod preset;
pub mod think;

pub use library::PresetLibrary;
pub use player::{AiPlayer, Player, SearchKind};
pub use preset::Preset;
pub use think::{SearchRequest, Thought, static_value, think};
