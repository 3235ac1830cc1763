//! Who plays: humans and AI players, the weight presets they play with and the user's preset
//! folder. Below games, matches and judging, which all name players.

pub mod library;
pub mod pattern_source;
pub mod player;
pub mod preset;

pub use library::PresetLibrary;
pub use player::{AiPlayer, Player, SearchKind};
pub use preset::Preset;
