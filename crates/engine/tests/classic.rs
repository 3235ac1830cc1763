//! The classic search against the seed's published node counts (DESIGN §3), α/β against
//! plain minimax, and independence from the number of workers.

mod common;

use std::sync::atomic::AtomicBool;

use engine::notation::parse_cell;
use engine::search::classic::TaskSearch;
use engine::search::{Analysis, AnalysisSettings, Goal, SearchKind, SearchSettings, analyze};
use engine::{Evaluator, Geometry, Position, Rules, Weights};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

/// The Arwen of the seed's published benchmark tables.
const ARWEN_V10: Weights = Weights([13, 7, 1000, -1, -9, 97, -2, 4, -1]);

fn first_move<const W: usize>(
    board: &str,
    depth: u32,
    alpha_beta: bool,
    symmetry: bool,
) -> Analysis {
    let geometry = Geometry::<W>::new(board.parse().unwrap());
    let settings = AnalysisSettings {
        depth,
        alpha_beta,
        symmetry,
        weights: ARWEN_V10,
    };
    let start = Position::start(&geometry);
    analyze(
        &geometry,
        &start,
        &settings,
        &AtomicBool::new(false),
        &|_| {},
    )
}

#[test]
fn nodes_8x8_alpha_beta() {
    for (depth, nodes) in [
        (2, 17),
        (4, 203),
        (6, 1_839),
        (8, 19_935),
        (10, 224_686),
        (12, 2_484_667),
    ] {
        assert_eq!(
            first_move::<1>("8x8", depth, true, false).nodes.total(),
            nodes,
            "depth {depth}"
        );
    }
}

#[test]
fn nodes_8x8_full_minimax() {
    for (depth, nodes) in [
        (2, 17),
        (4, 317),
        (6, 9_913),
        (8, 455_221),
        (10, 28_031_793),
    ] {
        assert_eq!(
            first_move::<1>("8x8", depth, false, false).nodes.total(),
            nodes,
            "depth {depth}"
        );
    }
}

#[test]
fn nodes_6x6x6() {
    for (depth, nodes) in [(2, 34), (4, 2_608), (6, 77_370)] {
        assert_eq!(
            first_move::<4>("6x6x6", depth, true, true).nodes.total(),
            nodes,
            "depth {depth}"
        );
    }
}

/// The original app's own engine on 4×4 after `2-1,3-1,4-2,1-3` (Red to move, ArwenV10,
/// symmetry on): after `4-1` Green has no reply, and its root split searches the position
/// after that pass at depth − 1 (issue #19's figures, measured beside the original app).
#[test]
fn forced_pass_after_a_root_move_follows_the_seed() {
    let geometry = Geometry::<1>::new("4x4".parse().unwrap());
    let mut position = Position::start(&geometry);
    for text in ["2-1", "3-1", "4-2", "1-3"] {
        let cell = parse_cell(geometry.shape(), text).unwrap();
        position = position.play(&geometry, cell).unwrap();
    }
    let four_one = parse_cell(geometry.shape(), "4-1").unwrap();
    for (depth, nodes, value) in [(3, 64, 2050), (8, 759, 3056)] {
        let settings = AnalysisSettings {
            depth,
            alpha_beta: true,
            symmetry: true,
            weights: ARWEN_V10,
        };
        let analysis = analyze(
            &geometry,
            &position,
            &settings,
            &AtomicBool::new(false),
            &|_| {},
        );
        assert_eq!(analysis.nodes.total(), nodes, "depth {depth}");
        let score = analysis
            .moves
            .iter()
            .find(|m| m.cell == four_one)
            .unwrap()
            .score;
        assert_eq!(score, Some(value), "depth {depth}");
        assert_eq!(analysis.choose(None), Some(four_one));
        if depth == 8 {
            assert_eq!(
                analysis.nodes.levels(),
                [188, 177, 149, 116, 65, 42, 15, 6, 1]
            );
        }
    }
}

/// The seed's tournament choice, literally: every move searched by plain minimax at depth − 1.
fn minimax_choice<const W: usize>(
    geometry: &Geometry<W>,
    evaluator: &Evaluator<W>,
    position: &Position<W>,
    depth: u32,
) -> Vec<usize> {
    let cancel = AtomicBool::new(false);
    let mover = position.to_move;
    let mut search = TaskSearch::new(geometry, evaluator, mover, false, &cancel, depth - 1);
    let scored: Vec<(usize, i32)> = position
        .legal_moves(geometry)
        .iter()
        .map(|cell| {
            let child = position.play(geometry, cell).unwrap();
            let material = search.material(&child);
            let value = search.search(&child, material, depth - 1, i32::MIN, i32::MAX, false);
            (cell, value)
        })
        .collect();
    let best = scored.iter().map(|s| s.1).max().unwrap();
    scored
        .into_iter()
        .filter(|s| s.1 == best)
        .map(|s| s.0)
        .collect()
}

#[test]
fn the_narrowed_window_chooses_among_the_same_best_moves_as_plain_minimax() {
    let geometry = Geometry::<1>::new("6x6".parse().unwrap());
    let evaluator = Evaluator::new(&geometry, &ARWEN_V10);
    let never = AtomicBool::new(false);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut compared = 0;
    while compared < 180 {
        let position = common::random_position(&geometry, 22, &mut rng);
        if position.legal_moves(&geometry).is_empty() {
            continue;
        }
        for depth in 1..=3 {
            let play = SearchSettings {
                kind: SearchKind::Classic,
                ..SearchSettings::new(Goal::BestMoves, depth, Rules::Classic, ARWEN_V10)
            };
            let searched = play.run_at(&geometry, &position, &never, &|_| {}).unwrap();
            assert_eq!(
                searched.analysis.best_moves(),
                minimax_choice(&geometry, &evaluator, &position, depth),
                "depth {depth}"
            );
            compared += 1;
        }
    }
}
