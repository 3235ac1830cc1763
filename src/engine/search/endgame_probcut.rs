//! The selective endgame search of the best solvers (Edax, Egaroucid): before searching to the
//! end with every node, the solver searches to the end with ProbCut at exact nodes, at rising
//! confidence. A cut exact node returns the bound a shallow heuristic search predicts when
//! that search finds the final margin far outside the window. Each pass fills the table with
//! moves and a value close to the exact one, so the next pass (and the last, sure one) finds
//! its cut-offs sooner. Scores stored under a cut carry their level and never count as sure.

use super::strong::{Searcher, WIN};
use super::tt::SURE;
use crate::engine::patterns::UNITS_PER_DISC;
use crate::engine::position::Position;

/// The confidence of each selective pass, in tenths of the spread of the shallow search's
/// error (level 0 is the least sure); the sure pass follows the last. One pass at one spread
/// paid best (one worker, FFO #45–#49, two runs side by side: 2,504 M nodes and 262 s without
/// a selective pass, 2,237 M and 233 s with one at 1.0, 2,229 M and 230 s with 1.0 and 2.0,
/// 2,477 M and 262 s with 1.1, 1.5, 2.0 and 2.6 as Edax; with shallow searches two plies
/// deeper, as now, 2,184 M and 226 s at 1.0, 2,297 M and 233 s at 1.0 and 2.0).
pub(super) const CONFIDENCE_TENTHS: [i32; 1] = [10];

/// Exact nodes with fewer empty cells are never cut: their subtrees are cheap (from 16:
/// 2,450 M nodes on FFO #45–#49, against 2,237 M from 14).
const MIN_EMPTIES: u32 = 14;

impl<const W: usize> Searcher<'_, W> {
    /// The level to store with the score of a node: the current one where a node may have
    /// been cut below (an exact node with enough empty cells), else [`SURE`].
    pub(super) fn stored_level(&self, exact: bool, empties: u32) -> u8 {
        if exact && empties >= MIN_EMPTIES {
            self.exact_level
        } else {
            SURE
        }
    }

    /// The bound a selective pass takes for the exact node `position` with `empties` empty
    /// cells within (`alpha`, `beta`): `beta` when a shallow search predicts a final margin
    /// well above it, `alpha` when well below; `None` when neither, in the sure pass, or
    /// without the pattern evaluation (whose values are in discs).
    pub(super) fn exact_probcut(
        &mut self,
        position: &Position<W>,
        empties: u32,
        (alpha, beta): (i32, i32),
        ply: usize,
    ) -> Option<i32> {
        let level = usize::from(self.exact_level);
        if level >= CONFIDENCE_TENTHS.len() || empties < MIN_EMPTIES || self.patterns.is_none() {
            return None;
        }
        let depth = shallow_depth(empties);
        let margin = spread(empties, depth) * CONFIDENCE_TENTHS[level] / 10;
        self.probing = true;
        let cut = if let Some(high) = units_of_score(beta).map(|units| units + margin)
            && self.negamax(position, depth, high - 1, high, ply) >= high
        {
            Some(beta)
        } else if let Some(low) = units_of_score(alpha).map(|units| units - margin)
            && self.negamax(position, depth, low, low + 1, ply) <= low
        {
            Some(alpha)
        } else {
            None
        };
        self.probing = false;
        cut
    }
}

/// The depth of the shallow search at an exact node with `empties` empty cells: 2 at 14, 5
/// at 24 (one ply shallower: 2,237 M nodes on FFO #45–#49 at one spread; one deeper:
/// 2,447 M; as now 2,184 M).
fn shallow_depth(empties: u32) -> u32 {
    (empties - 7) / 3
}

/// The spread (standard deviation) of the final margin about the shallow search's value, in
/// units of the pattern evaluation: a plane fitted to the spreads measured at 14–24 empties
/// and depths 2–6 (3.9 + 0.40 × empties − 1.06 × depth discs).
fn spread(empties: u32, depth: u32) -> i32 {
    let discs_x10 = 40 + 4 * empties as i32 - 10 * depth as i32;
    discs_x10 * UNITS_PER_DISC / 10
}

/// A window bound of the exact search (a score of a finished game, or between a draw and a
/// win or loss) in units of the pattern evaluation; `None` beyond any final margin.
fn units_of_score(score: i32) -> Option<i32> {
    let (score, win) = (i64::from(score), i64::from(WIN));
    let discs_x2 = if score >= win {
        2 * (score - win)
    } else if score <= -win {
        2 * (score + win)
    } else {
        score.signum()
    };
    let units = discs_x2 * i64::from(UNITS_PER_DISC) / 2;
    (discs_x2.abs() <= 2 * 64).then_some(units as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_bounds_read_as_margins_in_evaluation_units() {
        let disc = UNITS_PER_DISC;
        assert_eq!(units_of_score(WIN + 3), Some(3 * disc));
        assert_eq!(units_of_score(-WIN - 64), Some(-64 * disc));
        assert_eq!(units_of_score(0), Some(0));
        // Between a draw and a one-disc win or loss.
        assert_eq!(units_of_score(5), Some(disc / 2));
        assert_eq!(units_of_score(-WIN + 1), Some(-disc / 2));
        assert_eq!(units_of_score(i32::MAX), None);
        assert_eq!(units_of_score(-i32::MAX), None);
    }

    #[test]
    fn the_spread_follows_the_errors_measured_at_the_depths_in_use() {
        // Standard deviations (discs) of the exact margin about the shallow value, measured
        // on 101 positions of 24 self-play games, 10 to 35 per row (BENCHMARKS, session 20).
        for (empties, measured) in [(15, 6.7), (18, 8.1), (21, 6.8), (24, 6.3)] {
            let depth = shallow_depth(empties);
            let model = f64::from(spread(empties, depth)) / f64::from(UNITS_PER_DISC);
            assert!(
                (model - measured).abs() <= 2.5,
                "{empties} empties, depth {depth}: {model} against {measured}"
            );
        }
    }
}
