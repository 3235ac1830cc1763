//! reversi3d: the desktop workspace (`app`) and the command line (`cli`) over the engine and
//! the lab crates.

pub mod app;
pub mod cli;
