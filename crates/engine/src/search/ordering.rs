//! Move ordering of the strong search: the table's move first, then corners, fewest replies
//! or material, killers and history, X-squares last; exact nodes fastest-first, refined by
//! each child's value as a shallow search of the pattern evaluation sees it (where the board
//! has one: 8×8 and the cubes) or else, with many empties, by a shallow search.

use super::listed::{ListedMove, weighted_count};
use super::pattern_search::PatternSearch;
use super::searcher::Searcher;
use crate::bits::Bits;
use crate::patterns::UNITS_PER_DISC;
use crate::position::Position;

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

/// What a disc of a child's value searched by the patterns is worth in the fastest-first
/// key: half a reply (FFO #45–#49 one worker, two plies from 14 empties: 1,404 M nodes,
/// against 1,429 M at three tenths and 1,511 M at eight tenths; with the searches' table and
/// their nodes counted, FFO #40–#48: 1,055 M, against 1,151 M and 1,089 M).
const SEARCHED_PATTERN_DISC: i32 = REPLY / 2;

/// How much worse than the best move searched before it a move's searched value may be and
/// still be worked out exactly: below, its bound is all its key needs. FFO #45–#49 one
/// worker, side by side: 2 discs 1,268 M nodes and 123.9 s, **4** 1,217 M and 127.9 s, 8
/// 1,200 M and 131.5 s; without the bound (another hour) 1,297 M nodes and 158.4 s against
/// 1,322 M and 125.3 s with 4 (four plies from 20 empties). With the searches' table and
/// their nodes counted, FFO #40–#48: 1 disc 1,073 M, 2 1,047 M, **4** 1,055 M, 8 1,076 M.
const ORDERING_MARGIN: i32 = 4 * UNITS_PER_DISC;

/// The whole window of a search.
pub(super) const FULL: (i32, i32) = (-i32::MAX, i32::MAX);

/// The key of one reply in the fastest-first order of exact nodes.
const REPLY: i32 = 1000;

/// How much a corner move is preferred (an X-square move avoided) at an exact node (FFO
/// #40–#42 with replies weighted: 204 M nodes at half a reply, 221 M at one, 229 M at one and
/// a half).
const EXACT_CORNER_BONUS: i32 = REPLY / 2;

/// Whether a node `depth` plies deep orders its moves by the children they lead to (exact
/// nodes and those deep enough to score their moves), so that its list needs their flips.
fn orders_by_children(depth: u32, exact: bool) -> bool {
    exact || depth >= ORDERED_DEPTH
}

impl<const W: usize> Searcher<'_, W> {
    /// Fills `list` with the moves (keys 0), with their flips where [`Self::order_moves`]
    /// looks at the children ([`orders_by_children`]).
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
            let nodes = self.order_fastest_first(position, left, list);
            self.meter.add(depth, nodes);
            if self.exact_patterns.is_none() && left >= SHALLOW_ORDER_EMPTIES {
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
    /// ([`weighted_count`]), a corner counting as half a reply fewer and an X-square as half
    /// a reply more, and by the child's value as the pattern evaluation sees it, where there
    /// is one (searched as deep as [`Searcher::ordering_depths`] says; no history: at exact
    /// nodes it only adds noise). Returns the nodes the pattern searches took.
    fn order_fastest_first(
        &self,
        position: &Position<W>,
        left: u32,
        list: &mut [ListedMove<W>],
    ) -> u64 {
        let search = self
            .exact_patterns
            .as_deref()
            .map(|patterns| PatternSearch::new(self.geometry, patterns, self.pattern_table));
        let depth = self.ordering_depths.plies(left);
        for entry in list.iter_mut() {
            let child = position.apply(entry.cell, entry.flips);
            let replies = child.legal_moves(self.geometry);
            entry.key = -REPLY * weighted_count(replies, self.corners) as i32;
            if self.corners.contains(entry.cell) {
                entry.key += EXACT_CORNER_BONUS;
            } else if self.x_squares.contains(entry.cell) {
                entry.key -= EXACT_CORNER_BONUS;
            }
            if let Some(search) = search.as_ref().filter(|_| depth == 0) {
                let value = search.value(&child, replies, left - 1, 0, FULL);
                entry.key -= value * PATTERN_DISC / UNITS_PER_DISC;
            }
        }
        let Some(search) = search.filter(|_| depth > 0) else {
            list.sort_by_key(|entry| std::cmp::Reverse(entry.key));
            return 0;
        };
        // The likely best first, so that the others' searches get a narrow window early.
        list.sort_by_key(|entry| std::cmp::Reverse(entry.key));
        self.add_searched_values(&search, position, (left, depth), list);
        list.sort_by_key(|entry| std::cmp::Reverse(entry.key));
        search.nodes()
    }

    /// Adds to the keys of `list` (the moves of an exact node with `left` empty cells) their
    /// children's values searched `depth` plies deep by the patterns. A move found more than
    /// [`ORDERING_MARGIN`] worse than the best before it keeps that bound.
    fn add_searched_values(
        &self,
        search: &PatternSearch<W>,
        position: &Position<W>,
        (left, depth): (u32, u32),
        list: &mut [ListedMove<W>],
    ) {
        for entry in list.iter() {
            search.prefetch(&position.apply(entry.cell, entry.flips));
        }
        let mut best = -i32::MAX;
        for entry in list.iter_mut() {
            let child = position.apply(entry.cell, entry.flips);
            let replies = child.legal_moves(self.geometry);
            let window = (-i32::MAX, ORDERING_MARGIN.saturating_sub(best));
            let value = -search.value(&child, replies, left - 1, depth, window);
            best = best.max(value);
            entry.key += value * SEARCHED_PATTERN_DISC / UNITS_PER_DISC;
        }
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
