//! Move ordering of the strong search: the table's move first, then corners, fewest replies
//! or material, killers and history, X-squares last; exact nodes fastest-first, with many
//! empties refined by the pattern evaluation (8×8) or else by a shallow search.

use super::strong::Searcher;
use crate::engine::bits::Bits;
use crate::engine::geometry::Geometry;
use crate::engine::patterns::{PatternEvaluation, UNITS_PER_DISC};
use crate::engine::position::Position;

/// Nodes with fewer plies left keep their moves in board order apart from the table's move,
/// corners, X-squares, killers and history: scoring every move would cost more than the
/// better order saves (6x6x6 depth 9: 6 % more nodes, 15 % less time).
const ORDERED_DEPTH: u32 = 2;

/// Without the pattern evaluation, exact nodes with at least this many empty cells order
/// their moves by a shallow search; below, fastest-first orders better (FFO #40–#44: 664 M
/// nodes with 22, 699 M with 21, 725 M with 20, 804 M with 18, 705 M never; #30–#38: 677 M,
/// –, 697 M, 744 M, 678 M).
const SHALLOW_ORDER_EMPTIES: u32 = 22;

/// The depth of the shallow search that orders exact nodes with many empty cells.
const SHALLOW_ORDER_DEPTH: u32 = 1;

/// What a disc of a child's pattern evaluation is worth in the fastest-first key of an exact
/// node: a tenth of a reply, so that the evaluation mostly breaks ties between moves leaving
/// about as many replies (FFO #40–#44 and #20–#37 one worker: 476 M nodes in all, against
/// 504 M at a twentieth, 515 M at a fortieth, 527 M at a fifth with the evaluation from 12
/// empties only; replacing the key by the evaluation ordered far worse). It pays at every
/// exact node: evaluating from 12, 14 or 16 empties only took as long for 449 M, 470 M and
/// 494 M nodes against 440 M (session 19).
const PATTERN_DISC: i32 = REPLY / 10;

/// What a disc of a child's value searched by the patterns ([`pattern_search_depth`]) is
/// worth in the fastest-first key: three tenths of a reply (FFO #45–#49 one worker, one ply
/// from 12 empties and two from 16: 1,487 M nodes, 1,457 M at six tenths; one ply alone from
/// 16 empties: 2,104 M nodes at three tenths, #40–#44 222 M against 245 M at a tenth, 249 M
/// at one reply and 260 M at three).
const SEARCHED_PATTERN_DISC: i32 = REPLY * 3 / 10;

/// How many plies deep the pattern evaluation searches each child of an exact node with
/// `left` empty cells to order it: the children's own evaluation below 12 empties, one ply
/// from 12, two from 14. One worker, FFO #45–#49 (#40–#44), two runs side by side, against
/// 2,402 M nodes and 151.8 s (248.4 M) with the children's evaluation everywhere: one ply
/// from 12 1,798 M and 137.5 s (201.5 M), from 16 2,104 M; two plies from 14 1,429 M and
/// 135.0 s (190.3 M), from 12 1,355 M but 162.8 s (179.4 M), from 16 1,487 M and 126.3 s
/// (213.3 M), from 18 1,556 M; three plies from 20 on top of two from 14 1,755 M.
fn pattern_search_depth(left: u32) -> u32 {
    match left {
        ..12 => 0,
        12..14 => 1,
        _ => 2,
    }
}

/// The key of one reply in the fastest-first order of exact nodes.
const REPLY: i32 = 1000;

/// How much a corner move is preferred (an X-square move avoided) at an exact node (FFO
/// #40–#42 with replies weighted: 204 M nodes at half a reply, 221 M at one, 229 M at one and
/// a half).
const EXACT_CORNER_BONUS: i32 = REPLY / 2;

/// The opponent's replies in `child` as fastest-first counts them: a corner reply counts
/// twice, being the reply that hurts most (FFO #40–#42: 16 % fewer nodes than a plain count).
pub(super) fn weighted_replies<const W: usize>(
    geometry: &Geometry<W>,
    child: &Position<W>,
    corners: Bits<W>,
) -> u32 {
    weighted_count(child.legal_moves(geometry), corners)
}

/// [`weighted_replies`] of the replies `replies`.
fn weighted_count<const W: usize>(replies: Bits<W>, corners: Bits<W>) -> u32 {
    replies.count() + (replies & corners).count()
}

/// One move of a node's list: its ordering key, its cell, and the discs it flips — worked
/// out once when the node orders its moves by what they lead to, else empty until the move
/// is searched (a legal move always flips something).
#[derive(Clone, Copy, Debug)]
pub(super) struct ListedMove<const W: usize> {
    pub key: i32,
    pub cell: usize,
    pub flips: Bits<W>,
}

/// Whether a node `depth` plies deep orders its moves by the children they lead to (exact
/// nodes and those deep enough to score their moves), so that its list needs their flips.
fn orders_by_children(depth: u32, exact: bool) -> bool {
    exact || depth >= ORDERED_DEPTH
}

impl<const W: usize> Searcher<'_, W> {
    /// Fills `list` with the moves (keys 0), with their flips where [`Self::order`] looks at
    /// the children ([`orders_by_children`]).
    pub(super) fn list_moves(
        &self,
        position: &Position<W>,
        moves: Bits<W>,
        (depth, exact): (u32, bool),
        list: &mut Vec<ListedMove<W>>,
    ) {
        let with_flips = orders_by_children(depth, exact);
        list.clear();
        list.extend(moves.iter().map(|cell| ListedMove {
            key: 0,
            cell,
            flips: if with_flips {
                self.geometry.flips(position.mover, position.opponent, cell)
            } else {
                Bits::EMPTY
            },
        }));
    }

    /// The discs `entry`'s move flips in `position`, worked out now if the list left them out.
    #[inline(always)]
    pub(super) fn flips_of(&self, position: &Position<W>, entry: &ListedMove<W>) -> Bits<W> {
        if entry.flips.is_empty() {
            self.geometry
                .flips(position.mover, position.opponent, entry.cell)
        } else {
            entry.flips
        }
    }

    /// Orders `list` (from [`Self::list_moves`], without the table's move, which is searched
    /// before), most promising first: corners, then the others by how few replies they leave
    /// (deep nodes) or by the mobility-free evaluation (shallow ones, not the shallowest) plus
    /// the killer and history bonuses, X-squares last. Exact nodes are ordered fastest-first
    /// instead, refined by a shallow search where there is no pattern evaluation.
    pub(super) fn order_moves(
        &mut self,
        position: &Position<W>,
        (depth, left): (u32, u32),
        ply: usize,
        list: &mut [ListedMove<W>],
    ) {
        let exact = depth >= left;
        if exact {
            self.order_fastest_first(position, left, list);
            if self.patterns.is_none() && left >= SHALLOW_ORDER_EMPTIES {
                self.order_by_shallow_search(position, ply, list);
            }
            return;
        }
        let scored = orders_by_children(depth, exact);
        // Shallow nodes score a move by the material after it, deep ones by the replies.
        let material = (scored && depth <= self.mobility_depth)
            .then(|| self.evaluator.material(position, position.to_move));
        for entry in list.iter_mut() {
            let cell = entry.cell;
            let mut key = if scored {
                match material {
                    Some(material) => {
                        self.evaluator
                            .material_after(material, true, cell, entry.flips)
                    }
                    None => {
                        let child = position.apply(cell, entry.flips);
                        -REPLY * child.legal_moves(self.geometry).count() as i32
                    }
                }
            } else {
                0
            };
            if self.corners.contains(cell) {
                key += 1 << 28;
            } else if self.x_squares.contains(cell) {
                key -= 1 << 28;
            }
            key += self.history.bonus(ply, cell);
            entry.key = key;
        }
        list.sort_by_key(|entry| std::cmp::Reverse(entry.key));
    }

    /// Orders the moves of an exact node with `left` empty cells by how few replies they leave
    /// ([`weighted_replies`]), a corner counting as half a reply fewer and an X-square as half
    /// a reply more, and by the child's value as the pattern evaluation sees it, where there
    /// is one ([`pattern_search_depth`]; no history: at exact nodes it only adds noise).
    fn order_fastest_first(&self, position: &Position<W>, left: u32, list: &mut [ListedMove<W>]) {
        let patterns = self.patterns.as_deref();
        for entry in list.iter_mut() {
            let cell = entry.cell;
            let child = position.apply(cell, entry.flips);
            let replies = child.legal_moves(self.geometry);
            let mut key = -REPLY * weighted_count(replies, self.corners) as i32;
            if let Some(patterns) = patterns {
                let depth = pattern_search_depth(left);
                let window = (-i32::MAX, i32::MAX);
                let value = self.pattern_search(patterns, &child, replies, left - 1, depth, window);
                let disc = if depth == 0 {
                    PATTERN_DISC
                } else {
                    SEARCHED_PATTERN_DISC
                };
                key -= value * disc / UNITS_PER_DISC;
            }
            if self.corners.contains(cell) {
                key += EXACT_CORNER_BONUS;
            } else if self.x_squares.contains(cell) {
                key -= EXACT_CORNER_BONUS;
            }
            entry.key = key;
        }
        list.sort_by_key(|entry| std::cmp::Reverse(entry.key));
    }

    /// The value of `position` (with `left` empty cells and `moves` for its side to move, in
    /// the pattern evaluation's units) searched `depth` plies deep by the pattern evaluation
    /// with α-β within `window`, without the table and without ordering.
    fn pattern_search(
        &self,
        patterns: &PatternEvaluation,
        position: &Position<W>,
        moves: Bits<W>,
        left: u32,
        depth: u32,
        (mut alpha, beta): (i32, i32),
    ) -> i32 {
        if moves.is_empty() {
            let passed = position.pass();
            let replies = passed.legal_moves(self.geometry);
            if replies.is_empty() {
                let margin = position.mover.count() as i32 - position.opponent.count() as i32;
                return margin * UNITS_PER_DISC;
            }
            return -self.pattern_search(patterns, &passed, replies, left, depth, (-beta, -alpha));
        }
        if depth == 0 {
            let theirs = position.pass().legal_moves(self.geometry).count();
            let discs = (position.mover.0[0], position.opponent.0[0]);
            return patterns.evaluate(discs, left, (moves.count(), theirs));
        }
        let mut best = i32::MIN + 1;
        for cell in moves.iter() {
            let flips = self.geometry.flips(position.mover, position.opponent, cell);
            let child = position.apply(cell, flips);
            let replies = child.legal_moves(self.geometry);
            let value = -self.pattern_search(
                patterns,
                &child,
                replies,
                left - 1,
                depth - 1,
                (-beta, -alpha),
            );
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Re-orders the moves of an exact node with many empties by a shallow heuristic search of
    /// each.
    fn order_by_shallow_search(
        &mut self,
        position: &Position<W>,
        ply: usize,
        list: &mut [ListedMove<W>],
    ) {
        for entry in list.iter_mut() {
            let child = position.apply(entry.cell, entry.flips);
            let value = -self.negamax(&child, SHALLOW_ORDER_DEPTH, -i32::MAX, i32::MAX, ply + 1);
            entry.key = value.clamp(-(1 << 27), 1 << 27);
        }
        list.sort_by_key(|entry| std::cmp::Reverse(entry.key));
    }
}
