//! Tuning from scored positions (DESIGN §8): position sets made by self-play, the fits of the
//! nine weights and of the pattern evaluation to them, and the loop that repeats set and fit.

pub mod fit;
pub mod generate;
pub mod pattern_check;
pub mod pattern_fit;
pub mod pattern_rounds;
mod pattern_solver;
pub mod position_record;
pub mod position_set;
pub mod round_run;
pub mod rounds;
