//! The classic search against the seed's published node counts (DESIGN §3), α/β against
//! plain minimax, and independence from the number of workers.

use std::sync::atomic::AtomicBool;

use reversi3d::engine::search::{Analysis, AnalysisSettings, analyze};
use reversi3d::engine::{Geometry, Position, Weights};

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
