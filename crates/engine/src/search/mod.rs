//! Searches over positions: the seed-compatible classic search, the strong search, and the
//! analysis API that the GUI and the CLI share.

pub mod analysis;
mod aspiration;
mod busy;
pub mod classic;
pub mod counts;
mod endgame;
mod every_move;
mod help_desk;
mod history;
mod iterations;
mod line;
mod meter;
mod ordering;
mod pattern_search;
mod probcut;
mod pv_split;
pub mod root;
mod root_work;
mod selected;
mod solve;
mod solver_table;
pub mod strong;
pub mod symmetry;
mod transposition_cutoff;
pub mod tt;

pub use analysis::{Analysis, AnalysisSettings, MoveScore, analyze, score_text};
pub use counts::NodeCounts;
pub use endgame::margin_of_score;
pub use every_move::analyze_strong;
pub use selected::{best_moves_strong, score_selected_strong};
pub use solve::{SOLVER_ORDERING, solve_strong};
pub use strong::{StrongSettings, WIN, final_score};
