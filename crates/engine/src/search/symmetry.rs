//! The root symmetry filter (DESIGN §2): moves that a symmetry of the position maps onto a
//! move already kept are dropped.

use crate::bits::Bits;
use crate::position::Position;
use crate::shape::Symmetry;

/// The moves of `moves` in generation order, without those equivalent under a symmetry that
/// maps `position` onto itself to a move kept before them.
pub fn distinct_moves<const W: usize>(
    symmetries: &[Symmetry],
    position: &Position<W>,
    moves: Bits<W>,
) -> Vec<usize> {
    let stabilizer: Vec<&Symmetry> = symmetries
        .iter()
        .filter(|s| !s.is_identity() && position.mapped(s) == *position)
        .collect();
    let mut kept: Vec<usize> = Vec::new();
    for cell in moves {
        if !stabilizer.iter().any(|s| kept.contains(&s.map(cell))) {
            kept.push(cell);
        }
    }
    kept
}
