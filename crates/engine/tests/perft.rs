//! Perft from the 8×8 start against the published counts (DESIGN §2).

use engine::perft::{perft, perft_parallel};
use engine::{Geometry, Position};

const PUBLISHED_8X8: [u64; 11] = [
    4,
    12,
    56,
    244,
    1_396,
    8_200,
    55_092,
    390_216,
    3_005_288,
    24_571_284,
    212_258_800,
];

fn eight_by_eight() -> Geometry<1> {
    Geometry::new("8x8".parse().unwrap())
}

#[test]
fn perft_8x8_depths_1_to_10_match_the_published_counts() {
    let geometry = eight_by_eight();
    let start = Position::start(&geometry);
    for depth in 1..=10u32 {
        let expected = PUBLISHED_8X8[depth as usize - 1];
        assert_eq!(perft(&geometry, &start, depth), expected, "depth {depth}");
    }
}

#[test]
fn parallel_perft_gives_the_same_counts() {
    let geometry = eight_by_eight();
    let start = Position::start(&geometry);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    for depth in [1, 2, 5, 9] {
        let count = pool.install(|| perft_parallel(&geometry, &start, depth));
        assert_eq!(count, PUBLISHED_8X8[depth as usize - 1], "depth {depth}");
    }
}

#[test]
fn perft_8x8_depth_11_matches_the_published_count() {
    let geometry = eight_by_eight();
    assert_eq!(
        perft(&geometry, &Position::start(&geometry), 11),
        PUBLISHED_8X8[10]
    );
}
