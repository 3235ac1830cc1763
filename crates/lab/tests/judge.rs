//! The reference analysis and game review: losses against the reference (0 for its best
//! move, never negative), exact values against the naive reference's perfect play, summaries
//! that add up, the cache, and cancellation.

mod common;

use std::sync::atomic::AtomicBool;

use engine::patterns::UNITS_PER_DISC;
use engine::{Color, Geometry, Position, Rules, Setup, Shape};
use lab::ai::Player;
use lab::ai::reference::{
    ReferenceCache, ReferenceLimit, ReferenceSettings, ScoreUnit, analyze_reference,
    analyze_reference_of,
};
use lab::ai::review::{MistakeThresholds, RedValue, review_game};
use lab::game::Game;
use lab::players::preset::built_in_named;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

/// The reference on `board` (its learned evaluation, if it has one) to `depth`.
fn settings(board: &str, depth: u32, exact_empties: u32) -> ReferenceSettings {
    ReferenceSettings {
        limit: ReferenceLimit::Depth(depth),
        exact_empties,
        ..ReferenceSettings::new(
            board.parse().unwrap(),
            Rules::Classic,
            built_in_named("Hamfast").unwrap().weights,
        )
    }
}

/// A disc margin in the reference's exact unit.
fn discs(margin: i32) -> i32 {
    margin * UNITS_PER_DISC
}

/// A game of random moves to its end on `board`.
fn random_game(board: &str, seed: u64) -> Game {
    let shape: Shape = board.parse().unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut game = Game::new(shape, Rules::Classic, Player::Human, Player::Human);
    while !game.board().over {
        let moves = game.board().mover_moves;
        let cell = moves[rand::RngExt::random_range(&mut rng, 0..moves.len())];
        game.play(cell).unwrap();
    }
    game
}

#[test]
fn exact_scores_match_perfect_play_on_4x4() {
    let geometry = Geometry::<1>::new("4x4".parse().unwrap());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    for _ in 0..40 {
        let position: Position<1> = common::random_position(&geometry, 10, &mut rng);
        let setup = Setup::of(&geometry, &position);
        let reference = analyze_reference(&setup, &settings("4x4", 2, 16), &AtomicBool::new(false));
        assert!(reference.exact);
        assert_eq!(
            reference.unit,
            ScoreUnit::Discs,
            "an exact reference is in discs"
        );
        let naive = common::to_naive(geometry.shape(), &position);
        if position.is_game_over(&geometry) {
            assert_eq!(reference.value, discs(naive.solve()));
            assert!(reference.moves.is_empty());
            continue;
        }
        let mut mover = naive.clone();
        if position.must_pass(&geometry) {
            mover.pass();
        }
        for scored in &reference.moves {
            let mut child = mover.clone();
            child.play(scored.cell);
            assert_eq!(scored.score, discs(-child.solve()), "{}", setup.text());
            assert!(scored.exact);
        }
        assert_eq!(reference.value, discs(mover.solve()));
        let text = reference.value_text();
        assert_eq!(text, format!("={:+}", mover.solve()).replace("=+0", "=0"));
        for best in reference.best_moves() {
            assert_eq!(reference.loss(best).unwrap().amount, 0);
        }
        // Scoring one move (besides the best) gives the same value, score and best moves.
        for scored in &reference.moves {
            let one = analyze_reference_of(
                &setup,
                &settings("4x4", 2, 16),
                &[scored.cell],
                &AtomicBool::new(false),
            );
            assert_eq!(one.score_of(scored.cell), Some(*scored), "{}", setup.text());
            assert_eq!(
                (one.value, one.best_moves()),
                (reference.value, reference.best_moves())
            );
            assert!(one.moves.len() <= reference.moves.len());
        }
    }
}

#[test]
fn scoring_only_the_played_moves_agrees_with_scoring_every_move() {
    // Heuristic depths on 6×6 and 4×4×4 (one thread against two): the value, the best moves
    // and the asked move's score equal those of the every-move analysis, which searches
    // every move with a full window.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    for (board, seed) in [("6x6", 5), ("4x4x4", 6)] {
        let game = random_game(board, seed);
        let settings = settings(board, 3, 0);
        for (ply, setup) in game.setups().iter().enumerate().step_by(3) {
            let full =
                pool.install(|| analyze_reference(setup, &settings, &AtomicBool::new(false)));
            let Some(&engine::notation::Move::Play(played)) = game.moves().get(ply) else {
                continue;
            };
            let one = analyze_reference_of(setup, &settings, &[played], &AtomicBool::new(false));
            assert!(!one.complete || one.moves.len() == full.moves.len());
            assert_eq!(one.value, full.value, "{board} ply {ply}");
            assert_eq!(one.best_moves(), full.best_moves(), "{board} ply {ply}");
            assert_eq!(
                one.score_of(played),
                full.score_of(played),
                "{board} ply {ply}"
            );
        }
    }
}

#[test]
fn a_review_adds_up_and_is_cached() {
    let cases = [
        ("6x6", 3, 10, 1, true),
        ("4x4x4", 2, 12, 2, true),
        ("4x4", 2, 8, 3, false),
    ];
    for (board, depth, exact_empties, seed, learned) in cases {
        let game = random_game(board, seed);
        let settings = settings(board, depth, exact_empties);
        let cache = ReferenceCache::default();
        let heard = std::sync::Mutex::new(Vec::new());
        let review = review_game(&game, &settings, &cache, &AtomicBool::new(false), &|p| {
            heard.lock().unwrap().push((p.done, p.value))
        })
        .unwrap();
        let plies = game.moves().len();
        let heard = heard.into_inner().unwrap();
        let mut done: Vec<usize> = heard.iter().map(|&(done, _)| done).collect();
        done.sort_unstable();
        assert_eq!(done, (1..=plies + 1).collect::<Vec<_>>());
        assert_eq!(review.red_values.len(), plies + 1);
        // Each report carries its position's value: together, the review's graph.
        let mut values: Vec<RedValue> = heard.iter().map(|&(_, value)| value).collect();
        values.sort_by_key(|value| value.ply);
        assert_eq!(values, review.red_values);
        let (red, green, _) = game.result().unwrap();
        let last = review.red_values.last().unwrap();
        assert_eq!(
            (last.value, last.unit, last.exact),
            (discs(red as i32 - green as i32), ScoreUnit::Discs, true)
        );
        let played = game
            .moves()
            .iter()
            .filter(|m| **m != engine::notation::Move::Pass);
        assert_eq!(review.moves.len(), played.count());
        let thresholds = MistakeThresholds::default();
        let sides = [Color::Red, Color::Green].map(|c| review.summary(c, &thresholds));
        assert_eq!(sides[0].moves + sides[1].moves, review.moves.len());
        let mut mistakes = 0;
        for reviewed in &review.moves {
            assert!(reviewed.loss.amount >= 0);
            assert_eq!(
                reviewed.loss.amount,
                reviewed.best_score - reviewed.played_score
            );
            assert_eq!(reviewed.agrees(), reviewed.loss.amount == 0);
            mistakes += usize::from(thresholds.is_mistake(reviewed.loss));
        }
        assert_eq!(sides[0].mistakes + sides[1].mistakes, mistakes);
        assert_eq!(review.mistakes(&thresholds).count(), mistakes);
        for side in sides {
            assert_eq!(side.eval.moves + side.discs.moves + side.proven, side.moves);
            assert!(side.agreed <= side.moves);
        }
        let proven = |m: &&lab::ai::review::ReviewedMove| m.loss.is_proven_result();
        let total: f64 = (review.moves.iter().filter(|m| !proven(m)))
            .map(|m| m.loss.measure())
            .sum();
        let proven_count = review.moves.iter().filter(proven).count();
        assert_eq!(sides[0].proven + sides[1].proven, proven_count);
        let summed: f64 = sides.iter().map(|s| s.eval.total + s.discs.total).sum();
        assert!((total - summed).abs() < 1e-9, "{total} against {summed}");
        // With a learned evaluation every loss is in discs; without one (4×4) the heuristic
        // positions lose in evaluation units, the exact ones in discs.
        let units: std::collections::BTreeSet<_> =
            review.moves.iter().map(|m| m.loss.unit.name()).collect();
        let expected: &[&str] = if learned {
            &["discs"]
        } else {
            &["discs", "eval"]
        };
        assert_eq!(units.into_iter().collect::<Vec<_>>(), expected, "{board}");
        // A second review searches nothing and gives the same.
        let kept = cache.len();
        let again =
            review_game(&game, &settings, &cache, &AtomicBool::new(false), &|_| {}).unwrap();
        assert_eq!((again, cache.len()), (review, kept));
    }
}

#[test]
fn a_cancelled_review_stops_and_keeps_nothing_half_done() {
    let game = random_game("6x6", 4);
    let cache = ReferenceCache::default();
    let cancelled = review_game(
        &game,
        &settings("6x6", 3, 8),
        &cache,
        &AtomicBool::new(true),
        &|_| panic!("no position finishes"),
    );
    assert!(cancelled.is_err());
    assert!(cache.is_empty());
}

#[test]
fn a_time_limited_reference_keeps_its_last_finished_depth() {
    // 8×8 from the start cannot be finished in 200 ms: the reference stops on time with every
    // move scored at the last depth it finished (a stop on time is not a cancellation), and
    // the cancel flag still means no reference.
    let shape: Shape = "8x8".parse().unwrap();
    let timed = ReferenceSettings {
        limit: ReferenceLimit::Time(std::time::Duration::from_millis(200)),
        ..settings("8x8", 1, 14)
    };
    let reference = analyze_reference(&Setup::start(shape), &timed, &AtomicBool::new(false));
    assert!(!reference.cancelled && !reference.exact);
    assert!(reference.depth >= 2, "depth {}", reference.depth);
    assert_eq!(reference.moves.len(), 4);
    let cancelled = analyze_reference(&Setup::start(shape), &timed, &AtomicBool::new(true));
    assert!(cancelled.cancelled);
}

#[test]
fn a_depth_reference_is_the_same_on_every_run_with_any_number_of_workers() {
    // Issue 60: one value per position. A reference to a depth, full width or selective
    // (ProbCut), gives the same score for every move on two runs on one worker and on one run
    // on two, and moves equivalent under the board's symmetries score alike. (Before, a
    // selective one did not: at 8×8 depth 12 the four first moves scored −214/−115/−161/−200
    // on one run, and the 6-empties-later position above differed between one and two
    // workers.)
    let pools: Vec<rayon::ThreadPool> = [1, 1, 2]
        .iter()
        .map(|&threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
        })
        .collect();
    let cases = [("8x8", 12, 11), ("6x6x6", 6, 12)];
    for ((board, depth, seed), selective) in cases.into_iter().flat_map(|c| [(c, false), (c, true)])
    {
        let game = random_game(board, seed);
        let settings = ReferenceSettings {
            selective,
            ..settings(board, depth, 0)
        };
        for setup in game.setups().iter().step_by(7).take(3) {
            let runs: Vec<_> = pools
                .iter()
                .map(|pool| {
                    pool.install(|| analyze_reference(setup, &settings, &AtomicBool::new(false)))
                })
                .collect();
            assert_eq!(runs[0].moves, runs[1].moves, "{board}: {}", setup.text());
            assert_eq!(runs[0].moves, runs[2].moves, "{board}: {}", setup.text());
            assert_symmetric_moves_score_alike(setup, &runs[0]);
        }
    }
}

/// Every move's image under a symmetry that keeps `setup` scores as the move does.
fn assert_symmetric_moves_score_alike(setup: &Setup, reference: &lab::ai::reference::Reference) {
    for symmetry in setup.stabilizer() {
        for scored in &reference.moves {
            let twin = reference.score_of(symmetry.map(scored.cell)).unwrap();
            assert_eq!(twin.score, scored.score, "{}", setup.text());
        }
    }
}

#[test]
fn a_proven_win_outranks_estimates_for_labels_while_the_value_weighs_discs_alike() {
    use lab::ai::reference::{Reference, ScoredMove};
    let scored = |cell, score, exact| ScoredMove { cell, score, exact };
    // A heuristic reference in discs: move 3 is proven to win by 1, move 5 is estimated at
    // +3 discs, move 8 is proven to lose by 2.
    let moves = vec![
        scored(3, discs(1), true),
        scored(5, 96, false),
        scored(8, discs(-2), true),
    ];
    let reference = Reference {
        mover: Color::Red,
        depth: 6,
        exact: false,
        value: 96,
        unit: ScoreUnit::Discs,
        complete: true,
        moves,
        nodes: 1,
        cancelled: false,
    };
    assert_eq!(
        reference.best_moves(),
        [5],
        "the value is the best disc score"
    );
    assert_eq!(
        reference.loss(3).unwrap().text(),
        "2.0 discs",
        "a proven score against an estimate"
    );
    assert_eq!(reference.loss(5).unwrap().text(), "0.0 discs");
    let proven_best = Reference {
        value: discs(1),
        moves: vec![scored(3, discs(1), true), scored(8, discs(-2), true)],
        ..reference.clone()
    };
    assert_eq!(
        proven_best.loss(8).unwrap().text(),
        "3 discs",
        "both proven"
    );
    assert_eq!(
        reference.search_best().unwrap().cell,
        3,
        "the search plays the sure win"
    );
    assert_eq!(reference.score_text(reference.moves[0]), "win +1");
    assert_eq!(reference.score_text(reference.moves[2]), "loss -2");
    assert_eq!(reference.value_text(), "+3.0");
    assert!(!reference.value_proven());
}

#[test]
fn a_proven_result_given_up_is_counted_apart_from_eval_losses() {
    use lab::ai::reference::Loss;
    use lab::ai::review::{Review, ReviewedMove};
    let moved = |ply, amount| ReviewedMove {
        ply,
        mover: Color::Red,
        cell: ply,
        best: vec![99],
        best_score: amount,
        played_score: 0,
        loss: Loss {
            amount,
            unit: ScoreUnit::Eval,
            exact: false,
        },
        depth: 4,
    };
    // Red gave up a proven win by 4 for an estimate of 0, and lost 120 units on another move.
    let review = Review {
        moves: vec![moved(0, 100_004), moved(2, 120)],
        red_values: Vec::new(),
    };
    let red = review.summary(Color::Red, &MistakeThresholds::default());
    assert_eq!((red.eval.moves, red.eval.total, red.proven), (1, 120.0, 1));
    assert_eq!(red.mistakes, 2);
    assert_eq!(review.moves[0].loss.text(), "a proven result");
}

#[test]
fn the_reference_evaluates_by_the_shipped_learned_evaluation_where_a_board_has_one() {
    use lab::ai::reference::ReferenceSettings;
    for (board, shipped) in [
        ("6x6", true),
        ("8x8", true),
        ("6x6x6", true),
        ("4x4x4", true),
        ("4x4", false),
        ("10x10", true),
        ("8x8x8", true),
        ("10x10x10", false),
    ] {
        let shape: Shape = board.parse().unwrap();
        let learned = ReferenceSettings::learned_evaluation(shape, Rules::Classic);
        assert_eq!(learned.is_some(), shipped, "{board}");
        if let Some(patterns) = learned {
            assert_eq!(patterns.evaluation.shape, shape);
            let name = format!("patterns-{board}.bin");
            assert_eq!(patterns.source.path, std::path::Path::new(&name));
        }
        // Misère games are scored the other way round: no fit applies.
        assert!(ReferenceSettings::learned_evaluation(shape, Rules::Misere).is_none());
    }
}
