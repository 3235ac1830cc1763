//! Tuning weights from scored positions (DESIGN §8): position sets made by self-play, the fit
//! of the nine weights to them, and the loop that repeats both.

pub mod fit;
pub mod generate;
pub mod pattern_fit;
pub mod position_record;
pub mod position_set;
pub mod rounds;
