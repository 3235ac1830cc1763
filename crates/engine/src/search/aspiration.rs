//! The first window of a root move's search (aspiration) and its widening: around the
//! move's score at the last depth, or, in a search to the end, around the final margin a
//! selective pass found or the pattern evaluation predicts.

use super::ordering::FULL;
use super::pattern_search::PatternSearch;
use super::score::{is_proven, margin_of_score, score_of_margin};
use super::searcher::Searcher;
use crate::patterns::UNITS_PER_DISC;
use crate::position::Position;

/// The half-width of the aspiration window around a root move's last score.
const ASPIRATION: i32 = 30;

/// The half-width, in discs, of the aspiration window of a search to the end around the final
/// margin that the pattern evaluation's last heuristic score predicts (without it the window
/// would be in heuristic units, which an exact score always falls out of). FFO one worker,
/// against that: #40–#49 1,062.2 M nodes against 1,094.4 M, #50–#52 1,769.7 M against
/// 1,901.4 M (ten positions of the thirteen with fewer nodes); 2 discs 966.2 M on #45–#49
/// against 953.2 M, 4 940.8 M, 8 917.6 M, 12 921.3 M.
const EXACT_ASPIRATION_DISCS: i32 = 8;

/// The same around a proven final margin: the selective pass's before a solve's exact pass
/// (or a heuristic depth's that proved the result). FFO #40–#49, one worker, after the
/// selective pass: 2 discs 741.6 M nodes, 1 756.7 M, 3 750.3 M, 8 755.5 M.
const PROVEN_ASPIRATION_DISCS: i32 = 2;

/// How deep the ordering patterns search a root move to predict its final margin when the
/// weights evaluated the heuristic depths (`analyze`, exactly on one worker, iterating 10
/// plies short of the end: FFO #20–#29, #41 and #44 397.9 M nodes without a prediction,
/// 372.8 M searching 2 plies, 367.0 M 4 plies, 361.9 M 6 plies; #1–#19, 14–16 empties:
/// 5.69 M, 5.28 M, 5.26 M, 6.12 M).
const PREDICTION_DEPTH: u32 = 4;

impl<const W: usize> Searcher<'_, W> {
    /// The exact score of the root move leading to `child` at `depth`: first within an
    /// aspiration window around `guess` (its score at the last depth), searched again with
    /// the window opened on the side where the score fell out.
    pub(super) fn root_move_score(
        &mut self,
        child: &Position<W>,
        depth: u32,
        guess: Option<i32>,
    ) -> i32 {
        let mut window = self.aspiration_window(child, depth, guess);
        loop {
            let (low, high) = window;
            let score = -self.negamax(child, depth - 1, -high, -low, 1);
            if self.meter.stopped {
                return score;
            }
            match reopened(window, score) {
                Some(wider) => window = wider,
                None => return score,
            }
        }
    }

    /// The first window of a root move's search `depth` plies deep from `child`, given its
    /// score `guess` at an earlier depth or pass: around the guess, or, in a search to the
    /// end, around the final margin that the guess proves (a selective pass's), else the one
    /// the pattern evaluation predicts (its last heuristic score where it evaluated them, else
    /// a search of `child` by the ordering patterns).
    pub(super) fn aspiration_window(
        &mut self,
        child: &Position<W>,
        depth: u32,
        guess: Option<i32>,
    ) -> (i32, i32) {
        let left = child.empties(self.geometry).count();
        if depth > left {
            // The margin expected, and how far around it to look.
            let expected = match guess {
                Some(proven) if is_proven(proven) => {
                    Some((margin_of_score(proven), PROVEN_ASPIRATION_DISCS))
                }
                _ => {
                    let predicted = match self.patterns {
                        Some(_) => guess,
                        None => self.predicted_by_patterns(child, left, depth),
                    };
                    predicted.map(|value| (margin_of_units(value), EXACT_ASPIRATION_DISCS))
                }
            };
            if let Some((margin, half)) = expected {
                return (
                    score_of_margin(margin - half),
                    score_of_margin(margin + half),
                );
            }
        }
        match guess.filter(|guess| !is_proven(*guess)) {
            Some(guess) => (guess - ASPIRATION, guess + ASPIRATION),
            None => FULL,
        }
    }

    /// The value (in the pattern evaluation's units, for the side that moved) of the root
    /// move leading to `child` (with `left` empty cells), searched [`PREDICTION_DEPTH`] plies
    /// deep by the patterns that order exact nodes, if any; its nodes count as ordering nodes
    /// of the root move's level, `depth`.
    fn predicted_by_patterns(&mut self, child: &Position<W>, left: u32, depth: u32) -> Option<i32> {
        let patterns = self.exact_patterns.clone()?;
        let search = PatternSearch::new(self.geometry, &patterns, self.pattern_table);
        let replies = child.legal_moves(self.geometry);
        let value = search.value(child, replies, left, PREDICTION_DEPTH, FULL);
        self.meter.add(depth, search.nodes());
        Some(-value)
    }
}

/// The final margin, in discs (rounded), that a value in the pattern evaluation's units
/// predicts.
fn margin_of_units(value: i32) -> i32 {
    (value + UNITS_PER_DISC / 2).div_euclid(UNITS_PER_DISC)
}

/// The window to search a root move again with after a search within `window` gave `score`,
/// or `None` when the score fell inside it: the side the score fell out of opened, or both
/// should it then fall out of the other side (search instability).
pub(super) fn reopened((low, high): (i32, i32), score: i32) -> Option<(i32, i32)> {
    if low < score && score < high {
        return None;
    }
    Some(if low == -i32::MAX || high == i32::MAX {
        FULL
    } else if score <= low {
        (-i32::MAX, score + 1)
    } else {
        (score - 1, i32::MAX)
    })
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::time::Instant;

    use super::*;
    use crate::eval::Weights;
    use crate::geometry::Geometry;
    use crate::obf::parse_obf;
    use crate::position::Rules;
    use crate::search::score::margin_of_score;
    use crate::search::searcher::Shared;
    use crate::search::settings::StrongSettings;

    /// FFO #40 (20 empties): A2 wins by 38 discs.
    const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

    #[test]
    fn a_search_to_the_end_starts_around_the_margin_the_patterns_predict() {
        let geometry = Geometry::<1>::new("8x8".parse().unwrap());
        let before = parse_obf(FFO_40).unwrap().setup.position(&geometry);
        let child = before.play(&geometry, 8).expect("A2 is legal");
        let weights = Weights([14, 6, 1000, -1, -8, 91, -3, 4, -1]);
        let never = AtomicBool::new(false);
        // The first window of a search `depth` plies deep, the last score being 150.
        let window = |settings: &StrongSettings, depth| {
            let shared = Shared::new(settings, 1);
            let mut searcher =
                Searcher::new(&geometry, settings, &shared, depth, &never, Instant::now());
            searcher.aspiration_window(&child, depth, Some(150))
        };
        let ordered = StrongSettings::new(20, Rules::Classic, weights);
        let (low, high) = window(&ordered, 20);
        let (low, high) = (margin_of_score(low), margin_of_score(high));
        assert_eq!(high - low, 2 * EXACT_ASPIRATION_DISCS, "{low}..{high}");
        // The shipped patterns predict +23 (four plies deep): near enough.
        let predicted = (low + high) / 2;
        assert!((predicted - 38).abs() <= 16, "{low}..{high}, far from +38");
        // Without patterns to predict it, the window is around the weights' score.
        let plain = StrongSettings {
            exact_ordering: None,
            ..ordered.clone()
        };
        assert_eq!(window(&plain, 20), (150 - ASPIRATION, 150 + ASPIRATION));
        // A heuristic search keeps the window around its last score.
        assert_eq!(window(&plain, 6), (150 - ASPIRATION, 150 + ASPIRATION));
        assert_eq!(window(&ordered, 6), (120, 180));
    }
}
