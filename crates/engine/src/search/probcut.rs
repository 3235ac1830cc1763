//! ProbCut (Buro 1995), the selective part of a selective strong search: a node with several
//! plies left first asks a shallow search whether its value lies far outside the window — so far
//! that the deep search would almost surely agree — and if so returns the bound unsearched.
//! Heuristic nodes only: exact nodes (searched to the end of the game) are never cut.

use super::score::WIN;
use super::searcher::Searcher;
use crate::position::Position;

/// Nodes with fewer plies left are searched in full.
const MIN_DEPTH: u32 = 3;

/// How far (in evaluation units) a shallow value may stray from the deep one: the spread of
/// the differences measured between the searches at the two depths, on 6x6x6 and 8x8 games
/// (standard deviations 240–400 with the built-in weights, whose largest is 1000).
const SPREAD: i32 = 300;

/// The spread for a pattern evaluation, in 32nds of a disc (about 6.9 discs). On 19 positions
/// of the 8×8 benchmark game (docs/bench/review-8x8.ron, plies 8–46) the root values at depths
/// 7 and 3 (8 and 4) differed by 169 (135) 32nds root-mean-square with the 8×8 patterns,
/// against 393 (436) units with Hamfast's weights, which suggests 112; but reviewing that
/// game at depth 12 against the full-width reference, 112 kept the best move at 35 of 41
/// heuristic positions (losses 0.84 discs off on average), 160 at 38 (0.63), 220 at 39 (0.21,
/// 7.1 s against 12.3 s for 300, which also kept 39).
const PATTERN_SPREAD: i32 = 220;

/// A cut needs the shallow value beyond the window by this many spreads, in tenths. On 26
/// positions of a 6x6x6 game at depth 8 (the benchmark journal, "Selective reference"): 10 → 4 % of the
/// full-width nodes, the same best move 17 times (a full-width depth 7: 23 % of the nodes,
/// 14 times); 15 → 15 %, 20 times; 20 → 29 %, 21 times.
const CONFIDENCE_TENTHS: i32 = 10;

/// The depth of the shallow search for a node `depth` plies deep: about half, with the same
/// parity (evaluations swing with the side that moved last).
fn shallow_depth(depth: u32) -> u32 {
    let half = depth / 2;
    if half % 2 == depth % 2 {
        half
    } else {
        half + 1
    }
}

impl<const W: usize> Searcher<'_, W> {
    /// The bound that a ProbCut proves for `position` searched `depth` plies within
    /// (`alpha`, `beta`): `beta` when a shallow search finds the value well above it, `alpha`
    /// when well below; `None` when neither (or the node is not one to cut).
    pub(super) fn probcut(
        &mut self,
        position: &Position<W>,
        depth: u32,
        (alpha, beta): (i32, i32),
        ply: usize,
    ) -> Option<i32> {
        if depth < MIN_DEPTH || alpha <= -WIN / 2 || beta >= WIN / 2 {
            return None;
        }
        let spread = if self.patterns.is_some() {
            PATTERN_SPREAD
        } else {
            SPREAD
        };
        let margin = spread * CONFIDENCE_TENTHS / 10;
        let shallow = shallow_depth(depth);
        let high = beta + margin;
        if self.negamax(position, shallow, high - 1, high, ply) >= high {
            return Some(beta);
        }
        let low = alpha - margin;
        if self.negamax(position, shallow, low, low + 1, ply) <= low {
            return Some(alpha);
        }
        None
    }
}
