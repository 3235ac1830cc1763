//! reversi3d: Reversi on N×N boards and N×N×N cubes — engine, players and tools.

pub mod ai;
pub mod app;
pub mod cli;
pub mod cluster;
pub mod engine;
pub mod files;
pub mod game;
pub mod tune;
