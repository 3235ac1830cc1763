//! The game and its searches: pure Rust with no UI, no files and no threads of its own.

pub mod bits;
pub mod bounds;
pub mod eval;
pub mod features;
pub mod geometry;
mod lanes;
#[cfg(target_arch = "x86_64")]
pub mod last_flips;
#[cfg(target_arch = "x86_64")]
mod narrow_vector;
pub mod notation;
pub mod obf;
pub mod patterns;
pub mod perft;
pub mod position;
pub mod search;
pub mod setup;
pub mod shape;
pub mod stability;
#[cfg(target_arch = "x86_64")]
mod wide_moves;

pub use bits::Bits;
pub use eval::{Evaluator, Weights, WeightsError, static_value};
pub use features::Features;
pub use geometry::{Geometry, WidthJob};
pub use position::{Color, Outcome, Position, Rules};
pub use setup::Setup;
pub use shape::{Category, Shape, ShapeError};
