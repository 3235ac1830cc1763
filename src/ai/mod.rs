//! Players and their presets; tournaments and evolution as they land.

pub mod library;
pub mod preset;

pub use library::PresetLibrary;
pub use preset::Preset;
