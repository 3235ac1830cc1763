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
    (kept_moves(symmetries, position, moves).into_iter())
        .filter_map(|(cell, kept)| (cell == kept).then_some(cell))
        .collect()
}

/// Every move of `moves` in generation order with the move [`distinct_moves`] keeps for it:
/// itself, or the move kept before it that a symmetry mapping `position` onto itself takes it
/// to (the two then have the same value).
pub fn kept_moves<const W: usize>(
    symmetries: &[Symmetry],
    position: &Position<W>,
    moves: Bits<W>,
) -> Vec<(usize, usize)> {
    let stabilizer: Vec<&Symmetry> = symmetries
        .iter()
        .filter(|s| !s.is_identity() && position.mapped(s) == *position)
        .collect();
    let mut kept: Vec<usize> = Vec::new();
    let mut pairs = Vec::new();
    for cell in moves {
        match (stabilizer.iter().map(|s| s.map(cell))).find(|twin| kept.contains(twin)) {
            Some(twin) => pairs.push((cell, twin)),
            None => {
                kept.push(cell);
                pairs.push((cell, cell));
            }
        }
    }
    pairs
}
