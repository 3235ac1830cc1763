//! The lab: players and presets, game records, self-play, matches, tournaments, evolution,
//! tuning, judging and cluster shards, with the files they read and write. Built on the
//! engine; no UI.

pub mod ai;
pub mod cluster;
pub mod files;
pub mod game;
pub mod players;
pub mod tune;
