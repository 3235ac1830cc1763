//! The selective pass to the end that an 8×8 solve or exact analysis makes before its exact
//! one: whatever the pass finds — even misled by patterns that predict every margin far off —
//! only orders the exact pass, whose scores and lines stay exact on one worker and on two.

mod common;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use common::strong::{final_score_along, positions, settings};
use engine::patterns::{PatternEvaluation, UNITS_PER_DISC};
use engine::search::{StrongSettings, analyze_strong, solve_strong};
use engine::{Geometry, Rules};

/// The shipped ordering patterns, but 16 discs too hopeful for the side to move in every
/// phase: they order moves as the shipped ones do (a child's value moves with the constant),
/// while the selective pass, whose shallow searches end on the mover's turn, sees every node
/// far above its window and cuts it wrongly with confidence.
fn hopeful() -> Arc<PatternEvaluation> {
    let mut patterns = (*PatternEvaluation::shipped()).clone();
    for phase in &mut patterns.phases {
        phase.bias = phase.bias.saturating_add(16 * UNITS_PER_DISC as i16);
    }
    Arc::new(patterns)
}

/// Settings to search to the end with, without ordering patterns, and ordered by [`hopeful`].
fn plain_and_misled() -> (StrongSettings, StrongSettings) {
    let plain = settings(1, 20, Rules::Classic);
    let misled = StrongSettings {
        exact_ordering: Some(hopeful()),
        ..plain.clone()
    };
    (plain, misled)
}

#[test]
fn a_selective_pass_misled_by_its_patterns_leaves_every_exact_score_exact() {
    let geometry = Geometry::<1>::new("8x8".parse().unwrap());
    let never = AtomicBool::new(false);
    let (plain, misled) = plain_and_misled();
    let positions = positions(&geometry, 4, 18..=19, 43);
    let expected: Vec<Option<i32>> = positions
        .iter()
        .map(|position| {
            common::with_workers(1, || solve_strong(&geometry, position, &plain, &never))
                .best_score()
        })
        .collect();
    for workers in [1, 2] {
        for (index, position) in positions.iter().enumerate() {
            let solved = common::with_workers(workers, || {
                solve_strong(&geometry, position, &misled, &never)
            });
            let case = format!("position {index}, {workers} workers");
            assert_eq!(solved.best_score(), expected[index], "{case}");
            let played = final_score_along(&geometry, position, &solved.line, Rules::Classic);
            assert_eq!(Some(played), expected[index], "{case}: the line");
        }
    }
}

#[test]
fn an_analysis_misled_in_its_selective_pass_scores_every_move_exactly() {
    let geometry = Geometry::<1>::new("8x8".parse().unwrap());
    let never = AtomicBool::new(false);
    let (plain, misled) = plain_and_misled();
    for (index, position) in positions(&geometry, 3, 18..=19, 47).iter().enumerate() {
        let analyze = |settings: &StrongSettings, workers| {
            common::with_workers(workers, || {
                analyze_strong(&geometry, position, settings, &never, &|_| {})
            })
        };
        let expected = common::scores(&analyze(&plain, 1));
        for workers in [1, 2] {
            let analysis = analyze(&misled, workers);
            assert_eq!(
                common::scores(&analysis),
                expected,
                "position {index}, {workers} workers"
            );
        }
    }
}
