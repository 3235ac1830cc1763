//! The depths of iterative deepening: every depth up to the settings' depth, or, in an exact
//! search, a few heuristic depths and then straight to the end of the game.

use super::strong::StrongSettings;
use crate::engine::geometry::Geometry;
use crate::engine::position::Position;

/// The depths iterative deepening goes through: 1, 2, … up to the settings' depth, or, when
/// few cells are empty, a few heuristic depths and then straight to the end of the game (the
/// heuristic depths just short of the end would cost as much as the exact search itself).
pub(super) struct Iterations {
    /// The last depth: the settings' depth, or the number of empty cells.
    pub(super) target: u32,
    next: u32,
    /// The heuristic depths end here before the jump to `target`.
    last_heuristic: u32,
}

impl Iterations {
    /// Exact searches iterate heuristically this many plies short of the end at most.
    const EXACT_GAP: u32 = 10;

    pub(super) fn of<const W: usize>(
        geometry: &Geometry<W>,
        position: &Position<W>,
        settings: &StrongSettings,
    ) -> Self {
        Self::with_gap(geometry, position, settings, Self::EXACT_GAP)
    }

    /// The depths, the heuristic ones ending `gap` plies short of the end in an exact search.
    pub(super) fn with_gap<const W: usize>(
        geometry: &Geometry<W>,
        position: &Position<W>,
        settings: &StrongSettings,
        gap: u32,
    ) -> Self {
        let empties = position.empties(geometry).count();
        let (target, last_heuristic) = if empties <= settings.endgame_empties {
            (empties, empties.saturating_sub(gap))
        } else {
            (settings.depth.max(1), settings.depth)
        };
        Iterations {
            target,
            next: 1,
            last_heuristic,
        }
    }
}

impl Iterator for Iterations {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let depth = if self.next <= self.last_heuristic.min(self.target) {
            self.next
        } else if self.next <= self.target {
            self.target
        } else {
            return None;
        };
        self.next = depth + 1;
        Some(depth)
    }
}
