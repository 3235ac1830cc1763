//! The exact solver as the tool runs it (`reversi3d solve`, the GUI's Solve): ordered on each
//! board by the best evaluation shipped for it.

use std::sync::{Arc, OnceLock};

use engine::patterns::PatternEvaluation;
use engine::search::SearchSettings;
use engine::{Rules, Shape};

use crate::players::pattern_source::LoadedPatterns;

/// The pattern evaluation that orders the solver on `shape` under `rules`, if one helps: on
/// 6×6×6 its endgame fit (`endgame_6x6x6`); on 8×8 and the other cubes the board's shipped
/// learned evaluation (FFO #40–#49 in 0.65 G nodes, against 0.74 G by the 8×8 endgame fit
/// that ordered it before, docs/bench/patterns-8x8-endgame.bin; the endgame sets of
/// tests/data: 4×4×4 2.8 times fewer nodes than mobility and corners, 8×8×8 1.29 times —
/// its file's parity weights, fitted to exact scores, order it better than an endgame fit of
/// its own did); elsewhere none (mobility and corners order it).
pub fn solver_ordering(shape: Shape, rules: Rules) -> Option<Arc<PatternEvaluation>> {
    let candidate = match shape.dims() {
        3 if shape.side() == 6 => Some(endgame_6x6x6()),
        2 if shape.side() != 8 => None,
        _ => LoadedPatterns::shipped_for(shape).map(|p| p.evaluation),
    };
    candidate.filter(|patterns| patterns.applies_to(shape, rules))
}

/// The 6×6×6 solver's order, presets/patterns-6x6x6-endgame.bin: the 6×6×6 recipe's fit of
/// exact scores at ≤ 14 empties, two phases with parity weights (docs/recipes). It orders the
/// 6×6×6 endgame sets with fewer nodes than the whole-game fit Lobelia plays by, and than the
/// same fit without parity weights that ordered them before (BENCHMARKS).
fn endgame_6x6x6() -> Arc<PatternEvaluation> {
    static FIT: OnceLock<Arc<PatternEvaluation>> = OnceLock::new();
    let bytes = include_bytes!("../../../../presets/patterns-6x6x6-endgame.bin");
    PatternEvaluation::embedded(&FIT, bytes)
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
        // 6×6×6: its endgame fit (phases split at 6 and 10), not Lobelia's whole-game fit.
        let endgame = ordering("6x6x6", Rules::Classic).unwrap();
        let whole = LoadedPatterns::shipped_for(board("6x6x6")).unwrap();
        assert_eq!(endgame.shape, board("6x6x6"));
        assert_eq!(
            (endgame.phases.len(), whole.evaluation.phases.len()),
            (3, 12)
        );
        // 8×8 and the other cubes with a learned evaluation: that evaluation.
        for cube in ["4x4x4", "8x8x8"] {
            let shipped = LoadedPatterns::shipped_for(board(cube)).unwrap().evaluation;
            let ordered = ordering(cube, Rules::Classic).unwrap();
            assert!(Arc::ptr_eq(&ordered, &shipped), "{cube}");
        }
        // 8×8×8's orders well for the parity weights of its two endgame phases.
        let eight = ordering("8x8x8", Rules::Classic).unwrap();
        let parity: Vec<bool> = eight.phases.iter().map(|p| p.even_empties != 0).collect();
        assert_eq!(parity, [true, true, false, false, false, false]);
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
