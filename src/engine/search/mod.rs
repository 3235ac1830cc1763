//! Searches over positions: the seed-compatible classic search and the analysis API that the
//! GUI and the CLI share.

pub mod analysis;
pub mod classic;
pub mod counts;
pub mod symmetry;

pub use analysis::{Analysis, AnalysisSettings, MoveScore, analyze};
pub use counts::NodeCounts;
