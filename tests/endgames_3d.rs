//! The 3D endgame set (tests/data/endgames-*.txt): `solve --obf` solves the 4×4×4 positions
//! #1–#8 with every score right and within a node budget — ordered by the shipped 4×4×4
//! evaluation, with at most half the nodes that mobility and corners need — and the solver's
//! values are cross-checked against the naive reference: along perfect play (the solver's
//! best move at every step) each position keeps the value of the one before, down to a
//! position small enough for the naive reference to solve by trying every line. The
//! selection sets beside them (docs/bench) are read, and their quickest positions solved.

mod common;

use common::command::words;
use std::sync::atomic::AtomicBool;

use engine::search::{Goal, SearchSettings, margin_of_score};
use engine::{Geometry, Position, Rules, Shape};
use lab::game::position_list::parse_scored_line;
use lab::players::preset::built_in_named;

/// One worker's nodes for 4×4×4 #1–#8 at the last change of the solver, ordered by the
/// shipped 4×4×4 learned evaluation (3,357,686, passes at the last two empties counted), with
/// room for a little drift; a solver that needs more has got worse.
const NODE_BUDGET_4X4X4_1_TO_8: u64 = 3_700_000;

/// The naive reference solves positions with this many empty cells.
const NAIVE_EMPTIES: u32 = 10;

#[test]
fn the_first_4x4x4_endgames_are_solved_right_within_the_node_budget() {
    let first =
        words("--board 4x4x4 --obf tests/data/endgames-4x4x4.txt --problems 1-8 --threads 1");
    let total = common::command::solved_file_nodes(&first);
    assert!(total <= NODE_BUDGET_4X4X4_1_TO_8, "{total} nodes");
}

#[test]
fn the_learned_evaluation_orders_the_4x4x4_solver_with_half_the_nodes_or_fewer() {
    let solved = |extra: &[&str]| {
        let mut args = vec!["--board", "4x4x4", "--obf", "tests/data/endgames-4x4x4.txt"];
        args.extend(["--problems", "1-8", "--threads", "1"]);
        args.extend(extra);
        common::command::solved_file_nodes(&args)
    };
    // Mobility and corners alone, as before the learned evaluation: 7,869,270 nodes.
    let by_weights = solved(&["--weights", "13,0,1000,0,0,0,0,0,0"]);
    let by_patterns = solved(&[]);
    assert!(
        2 * by_patterns <= by_weights,
        "{by_patterns} against {by_weights}"
    );
}

#[test]
fn the_selection_sets_read_and_their_quick_positions_keep_their_scores() {
    // docs/bench/selection-*.txt (BENCHMARKS.md): every line is read before the problems
    // asked for are solved; these two take about a second between them.
    for board in ["6x6x6", "8x8x8"] {
        let file = format!("docs/bench/selection-{board}.txt");
        let line = format!("--board {board} --obf {file} --problems 6-6 --threads 1");
        common::command::solved_file_nodes(&words(&line));
    }
}

/// The solver's final disc margin for `position`'s side to move and its best move (`None`
/// when it must pass or the game is over).
fn solve<const W: usize>(geometry: &Geometry<W>, position: &Position<W>) -> (i32, Option<usize>) {
    if position.is_game_over(geometry) {
        let naive = common::to_naive(geometry.shape(), position);
        return (naive.solve(), None);
    }
    if position.must_pass(geometry) {
        let (margin, _) = solve(geometry, &position.pass());
        return (-margin, None);
    }
    let weights = built_in_named("Hamfast").unwrap().weights;
    let settings = SearchSettings::new(Goal::Solve, 0, Rules::Classic, weights);
    let never = AtomicBool::new(false);
    let searched = settings.run_at(geometry, position, &never, &|_| {});
    let analysis = searched.expect("on the caller's pool").analysis;
    let score = analysis.best_score().expect("a finished solve");
    (margin_of_score(score), analysis.choose(None))
}

/// Follows perfect play from the first `count` positions of the `board` set down to
/// [`NAIVE_EMPTIES`] empty cells, checking that the value holds and that the naive reference
/// agrees at the end.
fn check_against_the_naive_reference<const W: usize>(board: &str, count: usize) {
    let shape: Shape = board.parse().unwrap();
    let geometry = Geometry::<W>::new(shape);
    let text = std::fs::read_to_string(format!("tests/data/endgames-{board}.txt")).unwrap();
    let lines = text.lines().filter(|line| !line.starts_with('#'));
    for (number, line) in lines.take(count).enumerate() {
        let setup = parse_scored_line(line, shape).unwrap().setup;
        let mut position = setup.position(&geometry);
        let (mut margin, mut best) = common::with_workers(2, || solve(&geometry, &position));
        while position.empties(&geometry).count() > NAIVE_EMPTIES {
            position = match best {
                Some(cell) => position.play(&geometry, cell).unwrap(),
                None if position.is_game_over(&geometry) => break,
                None => position.pass(),
            };
            let expected = -margin;
            (margin, best) = common::with_workers(2, || solve(&geometry, &position));
            assert_eq!(
                margin,
                expected,
                "{board} #{}: the value changed",
                number + 1
            );
        }
        let naive = common::to_naive(shape, &position);
        assert_eq!(
            margin,
            naive.solve(),
            "{board} #{}: naive disagrees",
            number + 1
        );
    }
}

#[test]
fn solver_values_on_4x4x4_hold_along_perfect_play_down_to_the_naive_reference() {
    check_against_the_naive_reference::<1>("4x4x4", 8);
}

#[test]
fn solver_values_on_6x6x6_hold_along_perfect_play_down_to_the_naive_reference() {
    check_against_the_naive_reference::<4>("6x6x6", 1);
}
