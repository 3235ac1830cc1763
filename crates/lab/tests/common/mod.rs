//! The engine's test helpers (random play, the naive reference), shared with the lab's tests.

#[path = "../../../engine/tests/common/mod.rs"]
mod engine_helpers;
#[allow(unused_imports)] // Each test crate uses a different part of it.
pub use engine_helpers::*;
