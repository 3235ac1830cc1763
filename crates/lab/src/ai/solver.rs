//! The exact solver as the tool runs it (`reversi3d solve`, the GUI's Solve): ordered on each
//! board by the best evaluation shipped for it.

use std::sync::Arc;

use engine::patterns::PatternEvaluation;
use engine::search::SearchSettings;
use engine::{Rules, Shape};

use crate::players::pattern_source::LoadedPatterns;

/// The pattern evaluation that orders the solver on `shape` under `rules`, if one helps: on
/// 8×8 the shipped endgame fit (the whole-game fit orders FFO #40–#49 with more nodes, 1.34 G
/// against 0.74 G); on a cube the board's shipped learned evaluation (the endgame sets of
/// tests/data: 4×4×4 2.8 times fewer nodes, 6×6×6 1.5 times); elsewhere none (mobility and
/// corners order it).
pub fn solver_ordering(shape: Shape, rules: Rules) -> Option<Arc<PatternEvaluation>> {
    let candidate = match shape.dims() {
        3 => LoadedPatterns::shipped_for(shape).map(|p| p.evaluation),
        _ => Some(PatternEvaluation::shipped()),
    };
    candidate.filter(|patterns| patterns.applies_to(shape, rules))
}

/// The solver's settings on `shape` under `rules`: [`SearchSettings::solver`] ordered by
/// [`solver_ordering`].
pub fn solver_settings(shape: Shape, rules: Rules) -> SearchSettings {
    let mut settings = SearchSettings::solver(rules);
    settings.evaluation.patterns = solver_ordering(shape, rules);
    settings
}
