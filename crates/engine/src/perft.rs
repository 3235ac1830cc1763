//! Perft: the number of move sequences of a given length. A pass counts as a move and a
//! finished game is a leaf, so the 8×8 counts match the published ones (DESIGN §2).

use rayon::prelude::*;

use super::geometry::Geometry;
use super::position::Position;

/// How many plies near the root are split into parallel tasks.
const PARALLEL_PLIES: u32 = 3;

/// The number of leaves `depth` plies below `position` (single-threaded).
pub fn perft<const W: usize>(geometry: &Geometry<W>, position: &Position<W>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = position.legal_moves(geometry);
    if moves.is_empty() {
        let passed = position.pass();
        return if passed.must_pass(geometry) {
            1
        } else {
            perft(geometry, &passed, depth - 1)
        };
    }
    if depth == 1 {
        return u64::from(moves.count());
    }
    let mut leaves = 0;
    for cell in moves {
        let child = position.apply(
            cell,
            geometry.flips(position.mover, position.opponent, cell),
        );
        leaves += if depth == 2 {
            one_ply_leaves(geometry, &child)
        } else {
            perft(geometry, &child, depth - 1)
        };
    }
    leaves
}

/// `perft(position, 1)` without the pass check: a pass and a finished game both count one.
#[inline(always)]
fn one_ply_leaves<const W: usize>(geometry: &Geometry<W>, position: &Position<W>) -> u64 {
    u64::from(position.legal_moves(geometry).count().max(1))
}

/// The same count as [`perft`], with the first few plies spread over the current rayon pool.
pub fn perft_parallel<const W: usize>(
    geometry: &Geometry<W>,
    position: &Position<W>,
    depth: u32,
) -> u64 {
    split(geometry, position, depth, PARALLEL_PLIES)
}

fn split<const W: usize>(
    geometry: &Geometry<W>,
    position: &Position<W>,
    depth: u32,
    plies: u32,
) -> u64 {
    let moves = position.legal_moves(geometry);
    if plies == 0 || depth <= 2 || moves.is_empty() {
        return perft(geometry, position, depth);
    }
    let children: Vec<Position<W>> = moves
        .iter()
        .map(|cell| {
            position.apply(
                cell,
                geometry.flips(position.mover, position.opponent, cell),
            )
        })
        .collect();
    children
        .par_iter()
        .map(|child| split(geometry, child, depth - 1, plies - 1))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    #[test]
    fn small_8x8_counts() {
        let geometry = Geometry::<1>::new("8x8".parse::<Shape>().unwrap());
        let start = Position::start(&geometry);
        let counts: Vec<u64> = (1..=5).map(|d| perft(&geometry, &start, d)).collect();
        assert_eq!(counts, [4, 12, 56, 244, 1396]);
        assert_eq!(perft_parallel(&geometry, &start, 6), 8200);
    }
}
