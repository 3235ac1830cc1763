//! The selective pass to the end that an 8×8 solve or exact analysis makes before its exact
//! one: whatever the pass finds — even misled by patterns that predict every margin far off —
//! only orders the exact pass, whose scores and lines stay exact on one worker and on two.

mod common;

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use common::strong::{final_score_along, positions, settings};
use engine::patterns::{PatternEvaluation, UNITS_PER_DISC};
use engine::search::{
    Analysis, Goal, SearchSettings, StrongSettings, analyze_strong, is_proven, solve_strong,
};
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

#[test]
fn an_analysis_reports_its_selective_pass_as_likely_scores_before_proving_them() {
    let geometry = Geometry::<1>::new("8x8".parse().unwrap());
    let never = AtomicBool::new(false);
    let ordered = StrongSettings {
        exact_ordering: Some(PatternEvaluation::shipped()),
        ..settings(1, 20, Rules::Classic)
    };
    for (index, position) in positions(&geometry, 2, 18..=19, 53).iter().enumerate() {
        let reports = Mutex::new(Vec::new());
        let report = |analysis: &Analysis| reports.lock().unwrap().push(analysis.clone());
        let proved = analyze_strong(&geometry, position, &ordered, &never, &report);
        let reports = reports.into_inner().unwrap();
        let empties = position.empties(&geometry).count();
        let selective: Vec<&Analysis> = reports.iter().filter(|a| a.selective).collect();
        assert_eq!(selective.len(), 1, "position {index}: one selective pass");
        let likely = selective[0];
        assert_eq!(likely.depth, empties, "position {index}: to the end");
        assert!(likely.finished && !likely.exact, "position {index}");
        // Its scores are final margins (a draw scores 0), read as likely ones.
        for (_, score) in common::scores(likely) {
            assert!(score == 0 || is_proven(score), "position {index}: {score}");
            assert!(
                likely.score_text(score).starts_with('≈'),
                "position {index}"
            );
        }
        // The exact pass comes after it, and the search returns that one.
        let last = reports.last().expect("reports");
        assert!(!last.selective && last.depth == empties, "position {index}");
        assert!(
            !proved.selective && proved.depth == empties,
            "position {index}"
        );
        assert_eq!(
            common::scores(&proved),
            common::scores(last),
            "position {index}"
        );
    }
}

#[test]
fn a_search_request_marks_a_selective_report_neither_exact_nor_in_weight_units() {
    let geometry = Geometry::<1>::new("8x8".parse().unwrap());
    let never = AtomicBool::new(false);
    let position = positions(&geometry, 1, 18..=18, 59)[0];
    let settings = SearchSettings {
        endgame_empties: 20,
        ..SearchSettings::new(
            Goal::EveryMove,
            60,
            Rules::Classic,
            settings(1, 20, Rules::Classic).weights,
        )
    };
    let reports = Mutex::new(Vec::new());
    let report = |analysis: &Analysis| reports.lock().unwrap().push(analysis.clone());
    let searched = settings
        .run_at(&geometry, &position, &never, &report)
        .unwrap();
    let reports = reports.into_inner().unwrap();
    let likely = reports
        .iter()
        .find(|a| a.selective)
        .expect("a selective pass");
    assert!(!likely.exact && !likely.in_weight_units());
    assert!(searched.analysis.exact && !searched.analysis.selective);
}
