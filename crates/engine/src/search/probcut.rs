//! ProbCut (Buro 1995), the selective part of a selective strong search: a node with several
//! plies left first asks a shallow search whether its value lies far outside the window — so far
//! that the deep search would almost surely agree — and if so returns the bound unsearched.
//! Heuristic nodes only, but for the selective pass to the end that a solve makes before its
//! exact one (Edax's selectivity): there exact nodes ask the patterns that order them how far
//! the final margin lies outside the window, and what the pass stores in the table is marked
//! as not exact, so that the exact pass takes its moves, never its bounds.

use super::endgame::margin_at_most;
use super::pattern_search::PatternSearch;
use super::score::WIN;
use super::searcher::Searcher;
use crate::bits::Bits;
use crate::patterns::UNITS_PER_DISC;
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

/// In a selective pass to the end, exact nodes with fewer empty cells are searched in full
/// (FFO #40–#49, one worker: 741.6 M nodes from 14, 838.2 M from 12, 864.8 M from 16).
const EXACT_MIN_EMPTIES: u32 = 14;

/// How far (in discs) beyond an exact node's window the ordering patterns' shallow value must
/// lie for a selective pass to cut it. FFO #40–#49, one worker: 4 discs 1,094.5 M nodes, 5
/// 785.6 M, **6 741.6 M**, 7 739.9 M, 10 863.9 M, 14 905.0 M (without the pass 931.2 M); on
/// the 4×4×4 set 12 discs cost 303 M nodes against 214 M without.
pub(super) const EXACT_MARGIN_DISCS: i32 = 6;

/// The depth of the ordering patterns' shallow search at an exact node with `left` empty
/// cells, as [`super::ordering`] searches children: two plies below 18, four from 18 (FFO
/// #40–#49: no search below 18, 1,062.6 M nodes; four plies from 16, 849.1 M; six from 18,
/// 734.9 M, within the spread of these counts).
fn exact_shallow_depth(left: u32) -> u32 {
    if left < 18 { 2 } else { 4 }
}

impl<const W: usize> Searcher<'_, W> {
    /// The bound that a ProbCut of a selective pass to the end proves for `position` (with
    /// `moves`, `left` empty cells) searched exactly within (`alpha`, `beta`): `beta` when a
    /// shallow search by the ordering patterns finds the final margin `margin` discs or more
    /// above the window, `alpha` when as far below; `None` when neither (or the node is not
    /// one to cut).
    pub(super) fn exact_probcut(
        &mut self,
        position: &Position<W>,
        moves: Bits<W>,
        (left, margin): (u32, i32),
        (alpha, beta): (i32, i32),
    ) -> Option<i32> {
        if left < EXACT_MIN_EMPTIES {
            return None;
        }
        // The patterns borrowed, not their `Arc` cloned: its count is shared by the workers.
        let patterns = self.exact_patterns.as_deref()?;
        let search = PatternSearch::new(self.geometry, patterns, self.pattern_table);
        let depth = exact_shallow_depth(left);
        let cells = self.geometry.shape().cells() as i32;
        // The least margin that fails high, the greatest that fails low.
        let failing_high = -margin_at_most(beta.saturating_neg());
        let failing_low = margin_at_most(alpha);
        let mut bound = None;
        if failing_high + margin <= cells {
            let high = (failing_high + margin) * UNITS_PER_DISC;
            if search.value(position, moves, left, depth, (high - 1, high)) >= high {
                bound = Some(beta);
            }
        }
        if bound.is_none() && failing_low - margin >= -cells {
            let low = (failing_low - margin) * UNITS_PER_DISC;
            if search.value(position, moves, left, depth, (low, low + 1)) <= low {
                bound = Some(alpha);
            }
        }
        self.meter.add(left, search.nodes());
        bound
    }
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
    use crate::search::ordering::FULL;
    use crate::search::score::score_of_margin;
    use crate::search::searcher::Shared;
    use crate::search::settings::StrongSettings;

    /// FFO #40 (20 empties): A2 wins by 38 discs.
    const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

    #[test]
    fn an_exact_node_is_cut_only_where_the_patterns_put_it_far_outside_the_window() {
        let geometry = Geometry::<1>::new("8x8".parse().unwrap());
        let position = parse_obf(FFO_40).unwrap().setup.position(&geometry);
        let moves = position.legal_moves(&geometry);
        let settings = StrongSettings::new(20, Rules::Classic, Weights([0; 9]));
        let shared = Shared::new(&settings, 1);
        let never = AtomicBool::new(false);
        let mut searcher = Searcher::new(&geometry, &settings, &shared, 20, &never, Instant::now());
        let patterns = searcher.exact_patterns.clone().expect("8x8 has them");
        let search = PatternSearch::new(&geometry, &patterns, searcher.pattern_table);
        let shallow = search.value(&position, moves, 20, exact_shallow_depth(20), FULL);
        // The final margin the shallow search predicts, rounded down.
        let predicted = shallow.div_euclid(UNITS_PER_DISC);
        let window = |low: i32, high: i32| (score_of_margin(low), score_of_margin(high));
        let mut cut = |(alpha, beta), left| {
            searcher.exact_probcut(&position, moves, (left, EXACT_MARGIN_DISCS), (alpha, beta))
        };
        let far_below = window(predicted - 10, predicted - EXACT_MARGIN_DISCS);
        assert_eq!(cut(far_below, 20), Some(far_below.1), "{predicted}");
        let far_above = window(predicted + EXACT_MARGIN_DISCS + 1, predicted + 10);
        assert_eq!(cut(far_above, 20), Some(far_above.0), "{predicted}");
        // Within the margin on either side, no cut.
        let near = window(predicted - 2, predicted + 2);
        assert_eq!(cut(near, 20), None, "{predicted}");
        let just_below = window(predicted - 10, predicted - EXACT_MARGIN_DISCS + 2);
        assert_eq!(cut(just_below, 20), None, "{predicted}");
        // Nodes with few empties are never cut.
        assert_eq!(cut(far_below, EXACT_MIN_EMPTIES - 1), None);
    }
}
