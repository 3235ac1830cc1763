//! The strong search's workers: several solve to the same scores as one, and a solve on two
//! workers stops promptly when cancelled or out of nodes.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use common::strong::{final_score_along, positions, settings};
use engine::obf::parse_obf;
use engine::search::{StrongSettings, solve_strong};
use engine::{Geometry, Position, Rules};

#[test]
fn two_or_four_workers_splitting_the_best_lines_solve_to_the_same_scores_as_one() {
    // From 12 empties up the workers share out the moves along the best line; a move there that
    // proves better than the first is searched again by all, splitting its own line. Four
    // workers (more than CI's cores) leave more than one worker waiting at the help desk.
    let geometry = Geometry::<1>::new("8x8".parse().unwrap());
    let never = AtomicBool::new(false);
    let exact = settings(1, 20, Rules::Classic);
    for (index, position) in positions(&geometry, 12, 16..=18, 23).iter().enumerate() {
        let one = common::with_workers(1, || solve_strong(&geometry, position, &exact, &never));
        for workers in [2, 4] {
            let many = common::with_workers(workers, || {
                solve_strong(&geometry, position, &exact, &never)
            });
            let case = format!("position {index}, {workers} workers");
            assert_eq!(many.best_score(), one.best_score(), "{case}");
            let played = final_score_along(&geometry, position, &many.line, Rules::Classic);
            assert_eq!(many.best_score(), Some(played), "{case}: the line");
        }
    }
}

/// FFO #49 (26 empties), from the suite in `tests/data`.
fn ffo_49(geometry: &Geometry<1>) -> Position<1> {
    let suite = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/ffo.obf"
    ))
    .unwrap();
    let line = suite
        .lines()
        .filter(|l| !l.starts_with('#'))
        .nth(48)
        .unwrap();
    let position = parse_obf(line).unwrap().setup.position(geometry);
    assert_eq!(position.empties(geometry).count(), 26, "FFO #49");
    position
}

#[test]
fn cancelling_a_solve_on_two_workers_stops_it_promptly() {
    // FFO #49 (26 empties) takes minutes with these weights; cancelled after a second, while
    // the workers share out the first root move's best line, the solve stops at once.
    let geometry = Geometry::<1>::new("8x8".parse().unwrap());
    let position = ffo_49(&geometry);
    let cancel = AtomicBool::new(false);
    let exact = settings(1, 30, Rules::Classic);
    let (solved, stopped_after) = std::thread::scope(|scope| {
        let search = scope.spawn(|| {
            common::with_workers(2, || solve_strong(&geometry, &position, &exact, &cancel))
        });
        std::thread::sleep(Duration::from_secs(1));
        let asked = Instant::now();
        cancel.store(true, Ordering::Relaxed);
        (search.join().unwrap(), asked.elapsed())
    });
    assert!(solved.cancelled, "finished within a second?");
    // Generous bound (shared CI machine).
    assert!(
        stopped_after < Duration::from_secs(2),
        "stopped after {stopped_after:?}"
    );
}

#[test]
fn a_solve_on_two_workers_stops_at_its_node_budget() {
    // FFO #49 (26 empties) needs hundreds of millions of nodes; with a budget of 20 M the
    // workers stop wherever they are, a worker helping with another's node too, and the solve
    // says so.
    let geometry = Geometry::<1>::new("8x8".parse().unwrap());
    let position = ffo_49(&geometry);
    let budget = 20_000_000;
    let limited = StrongSettings {
        node_budget: Some(budget),
        ..settings(1, 30, Rules::Classic)
    };
    let never = AtomicBool::new(false);
    let solved = common::with_workers(2, || solve_strong(&geometry, &position, &limited, &never));
    assert!(solved.cancelled, "solved within the budget?");
    let nodes = solved.nodes.total();
    // Each worker has half the budget; the first to spend it ends the solve.
    assert!(
        (budget / 2..budget + budget / 20).contains(&nodes),
        "{nodes} nodes"
    );
}
