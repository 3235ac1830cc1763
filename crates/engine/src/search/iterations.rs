//! The depths of iterative deepening: every depth up to the settings' depth, or, in an exact
//! search, a few heuristic depths and then straight to the end of the game.

use super::pattern_search::exact_ordering_patterns;
use super::settings::StrongSettings;
use crate::geometry::Geometry;
use crate::position::Position;

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

    /// The same when the pattern evaluation orders the exact nodes: they need little of the
    /// iterations' order (`analyze` exactly, one worker: FFO #20–#29, #41 and #44 together
    /// 462.9 M nodes 8 plies short, 367.0 M 10, 325.0 M 12, 322.5 M 14, 321.6 M 16; #47, 25
    /// empties, 691.3 M with 10, 605.5 M with 14; #1–#19 5.26 M with 10, 5.19 M with 14).
    const PATTERN_ORDERED_GAP: u32 = 14;

    /// The depths of an analysis (every move scored).
    pub(super) fn of<const W: usize>(
        geometry: &Geometry<W>,
        position: &Position<W>,
        settings: &StrongSettings,
    ) -> Self {
        let pattern_ordered = exact_ordering_patterns(geometry, settings).is_some();
        let start = ExactStart {
            gap: if pattern_ordered {
                Self::PATTERN_ORDERED_GAP
            } else {
                Self::EXACT_GAP
            },
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
    use crate::eval::Weights;
    use crate::position::Rules;
    use crate::shape::Shape;

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

    #[test]
    fn analyses_ordered_by_the_patterns_at_exact_nodes_iterate_less_deep() {
        let last_heuristic = |board: &str, settings: &StrongSettings| {
            board
                .parse::<Shape>()
                .unwrap()
                .dispatch(LastHeuristic(settings))
        };
        struct LastHeuristic<'a>(&'a StrongSettings);
        impl crate::geometry::WidthJob for LastHeuristic<'_> {
            type Output = Option<u32>;
            fn run<const W: usize>(self, geometry: &Geometry<W>) -> Option<u32> {
                let position = Position::start(geometry);
                let depths: Vec<u32> = Iterations::of(geometry, &position, self.0).collect();
                depths.iter().rev().nth(1).copied()
            }
        }
        let mut settings = StrongSettings::new(6, Rules::Classic, Weights([0; 9]));
        settings.endgame_empties = 64;
        assert_eq!(last_heuristic("8x8", &settings), Some(60 - 14));
        assert_eq!(last_heuristic("6x6", &settings), Some(32 - 10));
        let plain = StrongSettings {
            exact_ordering: None,
            ..settings.clone()
        };
        assert_eq!(last_heuristic("8x8", &plain), Some(60 - 10));
        let misere = StrongSettings {
            rules: Rules::Misere,
            ..settings
        };
        assert_eq!(last_heuristic("8x8", &misere), Some(60 - 10));
    }
}
