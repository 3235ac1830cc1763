//! The endgame solver's own small table: per level of empty cells, a direct-mapped array of
//! the positions solved last and the bounds found on their final margin, so that a
//! position reached again by another move order (common a few moves before the end) costs
//! a probe. One per worker, never shared: a probe is a compare of the two boards, no locks.

use std::cell::Cell;

use super::tt::prefetch_line;
use crate::bits::Bits;
use crate::position::Position;

/// How many positions each level keeps.
const SLOTS_PER_LEVEL: usize = 1 << 12;

/// What the table knows of one position: its final margin lies in `lower..=upper`. All
/// zeros is an empty slot: no position has no discs, so it matches none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, bytemuck::Zeroable)]
struct Entry<const W: usize> {
    mover: Bits<W>,
    opponent: Bits<W>,
    lower: i16,
    upper: i16,
}

/// Bounds on positions with `levels` (lowest first) empty cells.
pub(super) struct SolverTable<const W: usize> {
    lowest: u32,
    slots: Vec<Cell<Entry<W>>>,
}

impl<const W: usize> SolverTable<W> {
    /// An empty table for positions with `levels` empty cells (zeroed memory, mapped as it is
    /// used: a search that never reaches the solver costs an allocation and no more).
    pub(super) fn new(levels: std::ops::RangeInclusive<u32>) -> Self {
        let count = levels.clone().count();
        SolverTable {
            lowest: *levels.start(),
            slots: bytemuck::zeroed_vec(count * SLOTS_PER_LEVEL),
        }
    }

    /// The slot of `position`, which has `left` empty cells (one of the table's levels).
    #[inline(always)]
    fn slot(&self, position: &Position<W>, left: u32) -> &Cell<Entry<W>> {
        let mut hash = 0u64;
        for (mover, opponent) in position.mover.0.iter().zip(position.opponent.0) {
            hash = (hash ^ mover).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            hash = (hash ^ opponent).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        }
        let index = (hash >> (64 - SLOTS_PER_LEVEL.trailing_zeros())) as usize;
        &self.slots[(left - self.lowest) as usize * SLOTS_PER_LEVEL + index]
    }

    /// Asks the memory for the slot of `position` (with `left` empty cells) ahead of a probe.
    #[inline(always)]
    pub(super) fn prefetch(&self, position: &Position<W>, left: u32) {
        prefetch_line(self.slot(position, left));
    }

    /// The bounds (lower, upper) known on the final margin of `position` with `left` empty
    /// cells.
    #[inline(always)]
    pub(super) fn probe(&self, position: &Position<W>, left: u32) -> Option<(i32, i32)> {
        let entry = self.slot(position, left).get();
        (entry.mover == position.mover && entry.opponent == position.opponent)
            .then(|| (i32::from(entry.lower), i32::from(entry.upper)))
    }

    /// Keeps what a search of `position` (with `left` empty cells) within (`alpha`, `beta`)
    /// found: `best`, fail-soft, bounds the margin from below at `beta` or above, from above at
    /// `alpha` or below, and is exact between.
    #[inline(always)]
    pub(super) fn store(
        &self,
        position: &Position<W>,
        left: u32,
        (alpha, beta): (i32, i32),
        best: i32,
    ) {
        let limit = i32::from(i16::MAX);
        let lower = if best > alpha { best } else { -limit };
        let upper = if best < beta { best } else { limit };
        self.slot(position, left).set(Entry {
            mover: position.mover,
            opponent: position.opponent,
            lower: lower.clamp(-limit, limit) as i16,
            upper: upper.clamp(-limit, limit) as i16,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;

    #[test]
    fn a_search_leaves_the_bounds_its_window_proves() {
        let geometry = Geometry::<1>::new("8x8".parse().unwrap());
        let start = Position::start(&geometry);
        let other = start.play(
            &geometry,
            start.legal_moves(&geometry).iter().next().unwrap(),
        );
        let other = other.unwrap();
        let table = SolverTable::new(5..=10);
        assert_eq!(table.probe(&start, 7), None, "an empty table knows nothing");
        // Failed high, exact, failed low.
        for (best, bounds) in [(9, (9, 32767)), (3, (3, 3)), (-2, (-32767, -2))] {
            table.store(&start, 7, (0, 8), best);
            assert_eq!(table.probe(&start, 7), Some(bounds), "best {best}");
        }
        assert_eq!(table.probe(&start, 8), None, "another level");
        assert_eq!(
            table.probe(&start.pass(), 7),
            None,
            "the other side to move"
        );
        assert_eq!(table.probe(&other, 7), None, "another position");
        table.store(&other, 7, (-64, 64), 12);
        assert_eq!(table.probe(&other, 7), Some((12, 12)));
    }
}
