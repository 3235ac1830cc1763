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

/// Where the heuristic iterations of an exact search end: `gap` plies short of the end, and
/// at `deepest` plies at most.
#[derive(Clone, Copy, Debug)]
pub(super) struct ExactStart {
    pub gap: u32,
    pub deepest: u32,
}

impl Iterations {
    /// Exact searches iterate heuristically this many plies short of the end at most.
    const EXACT_GAP: u32 = 10;

    pub(super) fn of<const W: usize>(
        geometry: &Geometry<W>,
        position: &Position<W>,
        settings: &StrongSettings,
    ) -> Self {
        let start = ExactStart {
            gap: Self::EXACT_GAP,
            deepest: u32::MAX,
        };
        Self::with_start(geometry, position, settings, start)
    }

    /// The depths, the heuristic ones of an exact search ending where `start` says.
    pub(super) fn with_start<const W: usize>(
        geometry: &Geometry<W>,
        position: &Position<W>,
        settings: &StrongSettings,
        start: ExactStart,
    ) -> Self {
        let empties = position.empties(geometry).count();
        let (target, last_heuristic) = if empties <= settings.endgame_empties {
            let last = empties.saturating_sub(start.gap).min(start.deepest);
            (empties, last)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::Weights;
    use crate::engine::position::Rules;
    use crate::engine::shape::Shape;

    fn depths(endgame_empties: u32, start: ExactStart) -> Vec<u32> {
        let geometry = Geometry::<1>::new("8x8".parse::<Shape>().unwrap());
        let mut settings = StrongSettings::new(6, Rules::Classic, Weights([0; 9]));
        settings.endgame_empties = endgame_empties;
        let position = Position::start(&geometry);
        Iterations::with_start(&geometry, &position, &settings, start).collect()
    }

    #[test]
    fn exact_searches_iterate_up_to_their_start_then_jump_to_the_end() {
        let short = ExactStart {
            gap: 55,
            deepest: u32::MAX,
        };
        assert_eq!(depths(60, short), [1, 2, 3, 4, 5, 60]);
        let capped = ExactStart {
            gap: 10,
            deepest: 3,
        };
        assert_eq!(depths(60, capped), [1, 2, 3, 60]);
        // Heuristic searches go to the settings' depth whatever the exact start.
        assert_eq!(depths(14, capped), [1, 2, 3, 4, 5, 6]);
    }
}
