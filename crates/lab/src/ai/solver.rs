//! The exact solver as the tool runs it (`reversi3d solve`, the GUI's Solve): ordered on each
//! board by the best evaluation shipped for it.

use std::sync::{Arc, OnceLock};

use engine::patterns::PatternEvaluation;
use engine::search::SearchSettings;
use engine::{Rules, Shape};

use crate::players::pattern_source::LoadedPatterns;

/// The pattern evaluation that orders the solver on `shape` under `rules`, if one helps: on
/// 6×6×6 and 8×8×8 their endgame fits ([`endgame_fit`]); on 8×8 and 4×4×4 the board's shipped
/// learned evaluation (FFO #40–#49 in 0.65 G nodes, against 0.74 G by the 8×8 endgame fit
/// that ordered it before, docs/bench/patterns-8x8-endgame.bin; the 4×4×4 endgame set of
/// tests/data in 2.8 times fewer nodes than mobility and corners); elsewhere none (mobility
/// and corners order it).
pub fn solver_ordering(shape: Shape, rules: Rules) -> Option<Arc<PatternEvaluation>> {
    let candidate = match shape.dims() {
        3 if matches!(shape.side(), 6 | 8) => endgame_fit(shape.side()),
        2 if shape.side() != 8 => None,
        _ => LoadedPatterns::shipped_for(shape).map(|p| p.evaluation),
    };
    candidate.filter(|patterns| patterns.applies_to(shape, rules))
}

/// The solver's order on the cube of `side` 6 or 8, presets/patterns-NxNxN-endgame.bin: its
/// recipe's fit of exact scores at ≤ 14 (6×6×6) or ≤ 12 (8×8×8) empties, two phases with
/// parity weights (docs/recipes). They order the endgame sets with fewer nodes than the
/// whole-game fits Lobelia plays by (BENCHMARKS).
fn endgame_fit(side: usize) -> Option<Arc<PatternEvaluation>> {
    static SIX: OnceLock<Arc<PatternEvaluation>> = OnceLock::new();
    static EIGHT: OnceLock<Arc<PatternEvaluation>> = OnceLock::new();
    match side {
        6 => Some(PatternEvaluation::embedded(
            &SIX,
            include_bytes!("../../../../presets/patterns-6x6x6-endgame.bin"),
        )),
        8 => Some(PatternEvaluation::embedded(
            &EIGHT,
            include_bytes!("../../../../presets/patterns-8x8x8-endgame.bin"),
        )),
        _ => None,
    }
}

/// The solver's settings on `shape` under `rules`: [`SearchSettings::solver`] ordered by
/// [`solver_ordering`].
pub fn solver_settings(shape: Shape, rules: Rules) -> SearchSettings {
    let mut settings = SearchSettings::solver(rules);
    settings.evaluation.patterns = solver_ordering(shape, rules);
    settings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_board_is_ordered_by_the_fit_that_orders_it_best() {
        let board = |text: &str| text.parse::<Shape>().unwrap();
        let ordering = |text: &str, rules| solver_ordering(board(text), rules);
        // 6×6×6 and 8×8×8: their endgame fits (phases split at 6 and 10, parity weights),
        // not Lobelia's whole-game fits.
        for (cube, whole_phases) in [("6x6x6", 12), ("8x8x8", 6)] {
            let endgame = ordering(cube, Rules::Classic).unwrap();
            let whole = LoadedPatterns::shipped_for(board(cube)).unwrap();
            assert_eq!(endgame.shape, board(cube));
            assert_eq!(
                (endgame.phases.len(), whole.evaluation.phases.len()),
                (3, whole_phases),
                "{cube}"
            );
            assert!(endgame.phases.iter().all(|p| p.even_empties != 0), "{cube}");
        }
        // 8×8 and 4×4×4: their learned evaluation.
        let shipped_4 = LoadedPatterns::shipped_for(board("4x4x4"))
            .unwrap()
            .evaluation;
        assert!(Arc::ptr_eq(
            &ordering("4x4x4", Rules::Classic).unwrap(),
            &shipped_4
        ));
        let shipped_8 = LoadedPatterns::shipped_for(board("8x8"))
            .unwrap()
            .evaluation;
        assert!(Arc::ptr_eq(
            &ordering("8x8", Rules::Classic).unwrap(),
            &shipped_8
        ));
        // None where no fit of the board's classic game exists.
        assert!(ordering("6x6x6", Rules::Misere).is_none());
        assert!(ordering("10x10x10", Rules::Classic).is_none());
        assert!(ordering("12x12", Rules::Classic).is_none());
        assert!(ordering("6x6", Rules::Classic).is_none());
    }
}
