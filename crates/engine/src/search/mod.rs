//! Searches over positions: the seed-compatible classic search and the strong search, entered
//! through one request (`request`: [`SearchRequest`], [`SearchSettings`]) that the GUI, the
//! CLI and the lab share.

pub mod analysis;
mod aspiration;
mod busy;
pub mod classic;
pub mod counts;
mod endgame;
mod every_move;
mod help_desk;
mod helping;
mod history;
mod iterations;
mod line;
mod listed;
mod meter;
mod ordering;
mod ordering_depths;
mod pattern_search;
mod probcut;
mod pv_split;
mod request;
mod root;
mod root_work;
mod score;
mod searcher;
mod selected;
mod settings;
mod solve;
mod solver_table;
mod strong;
pub mod symmetry;
mod transposition_cutoff;
pub mod tt;

pub use analysis::{
    Analysis, AnalysisSettings, MoveScore, analyze, disc_score_text, score_text, short_score_text,
};
pub use counts::NodeCounts;
pub use every_move::analyze_strong;
pub use request::{
    Evaluation, Goal, Limits, SearchError, SearchKind, SearchRequest, SearchSettings, Searched,
    Workers, worker_pool,
};
pub use score::{WIN, final_score, is_proven, margin_of_score};
pub use selected::score_selected_strong;
pub use settings::StrongSettings;
pub use solve::{SOLVER_ORDERING, solve_strong};
