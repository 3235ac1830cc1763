//! Players and what is built from whole games: built-in players now; presets, tournaments and
//! evolution as they land.

pub mod builtin;
