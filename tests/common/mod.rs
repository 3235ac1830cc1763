//! Helpers shared by the integration tests of the binary: running it (`command`), position
//! sets in a test's folder (`sets`), the workspace driven headless (`workspace`), and the
//! engine's own helpers (random play, the naive reference).

// Each test crate that includes this module uses a different part of it.
#![allow(dead_code)]

pub mod command;
pub mod sets;
pub mod workspace;

#[path = "../../crates/engine/tests/common/mod.rs"]
mod engine_helpers;
#[allow(unused_imports)] // Each test crate uses a different part of it.
pub use engine_helpers::*;
