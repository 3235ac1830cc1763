//! The shallow searches of the pattern evaluation that order the moves of exact nodes (8×8):
//! α-β over the patterns, with a small table the workers share. The table keeps each
//! searched position's bounds and best move, so that a node searched again (by the next
//! null-window search at the root, by the other worker, or by its parent's search a few
//! plies deeper) costs a probe instead of a search, and its best move is tried first.

use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::listed::weighted_replies;
use super::settings::StrongSettings;
use super::tt::{hash, prefetch_line};
use crate::Category;
use crate::bits::Bits;
use crate::geometry::Geometry;
use crate::patterns::{PatternEvaluation, UNITS_PER_DISC};
use crate::position::Position;

/// The pattern evaluation's value of `position` (of the evaluation's board, with `moves` for
/// its side to move and `empties` empty cells) for its side to move, in the evaluation's
/// units.
pub(super) fn pattern_value<const W: usize>(
    geometry: &Geometry<W>,
    patterns: &PatternEvaluation,
    position: &Position<W>,
    moves: Bits<W>,
    empties: u32,
) -> i32 {
    let theirs = position.pass().legal_moves(geometry).count();
    let discs = (position.mover, position.opponent);
    patterns.evaluate(discs, empties, (moves.count(), theirs))
}

/// The pattern evaluation of `settings` where it applies: on the classic game of the board it
/// is fitted to.
pub(super) fn applicable_patterns<const W: usize>(
    geometry: &Geometry<W>,
    settings: &StrongSettings,
) -> Option<Arc<PatternEvaluation>> {
    on_its_board(geometry, settings, settings.patterns.as_ref())
}

/// The pattern evaluation that orders the exact nodes of a search with `settings`, where one
/// applies: the one that evaluates, else the exact ordering's.
pub(super) fn exact_ordering_patterns<const W: usize>(
    geometry: &Geometry<W>,
    settings: &StrongSettings,
) -> Option<Arc<PatternEvaluation>> {
    let patterns = settings.patterns.as_ref();
    on_its_board(
        geometry,
        settings,
        patterns.or(settings.exact_ordering.as_ref()),
    )
}

/// `patterns` when the search is of the classic game on their board, which they are fitted
/// to (the shipped ones are 8×8's).
fn on_its_board<const W: usize>(
    geometry: &Geometry<W>,
    settings: &StrongSettings,
    patterns: Option<&Arc<PatternEvaluation>>,
) -> Option<Arc<PatternEvaluation>> {
    patterns
        .filter(|patterns| patterns.applies_to(geometry.shape(), settings.rules))
        .cloned()
}

/// How many positions the table keeps: one slot each (two words), 512 KB in all.
const TABLE_SLOTS: usize = 1 << 15;

/// The largest value a slot stores: beyond any evaluation or final margin, so that a value
/// clamped to it only ever widens a bound.
const STORED_LIMIT: i32 = i16::MAX as i32;

/// What the table knows of a position: its value lies in `lower..=upper` searched `depth`
/// plies deep, and `best` was its best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stored {
    lower: i32,
    upper: i32,
    depth: u32,
    best: usize,
}

impl Stored {
    /// The slot's data word: both bounds (16 bits each), depth (8 bits) and best move (16
    /// bits: a cube's cells go up to 999).
    /// Only searches at least one ply deep are stored, so the word is never 0.
    fn pack(self) -> u64 {
        let clamp = |value: i32| value.clamp(-STORED_LIMIT, STORED_LIMIT) as i16 as u16;
        u64::from(clamp(self.lower))
            | u64::from(clamp(self.upper)) << 16
            | u64::from(self.depth.min(255)) << 32
            | (self.best as u64 & CELL_MASK) << 40
    }

    /// Whether the result may stand for a search `depth` plies deep: it is as deep, or an even
    /// number of plies deeper (an odd number more ends on the other side to move, and such
    /// values ordered worse: FFO #47–#48 one worker 206.4 M nodes, against 177.0 M without
    /// the table and 176.9 M with this rule, before the ordering searches' nodes counted).
    fn answers(&self, depth: u32) -> bool {
        self.depth >= depth && (self.depth - depth).is_multiple_of(2)
    }

    fn unpack(word: u64) -> Self {
        Stored {
            lower: i32::from(word as u16 as i16),
            upper: i32::from((word >> 16) as u16 as i16),
            depth: (word >> 32 & 0xff) as u32,
            best: (word >> 40 & CELL_MASK) as usize,
        }
    }
}

/// The pattern searches' table, shared by the workers like the search's own table: each slot
/// is the data word and the position's hash xor the data word, so a slot torn by two threads
/// writing at once fails its check. A new result always takes its position's slot.
pub(super) struct PatternTable {
    words: Vec<AtomicU64>,
}

impl PatternTable {
    /// An empty table (zeroed memory, mapped as it is used).
    pub(super) fn new() -> Self {
        PatternTable {
            words: bytemuck::zeroed_vec(2 * TABLE_SLOTS),
        }
    }

    #[inline]
    fn probe(&self, key: u64) -> Option<Stored> {
        let slot = 2 * (key as usize & (TABLE_SLOTS - 1));
        let checked = self.words[slot].load(Ordering::Relaxed);
        let word = self.words[slot + 1].load(Ordering::Relaxed);
        (word != 0 && checked ^ word == key).then(|| Stored::unpack(word))
    }

    /// Starts bringing the slot of the position whose hash is `key` into the cache.
    #[inline]
    fn prefetch(&self, key: u64) {
        prefetch_line(&self.words[2 * (key as usize & (TABLE_SLOTS - 1))]);
    }

    #[inline]
    fn store(&self, key: u64, stored: Stored) {
        let slot = 2 * (key as usize & (TABLE_SLOTS - 1));
        let word = stored.pack();
        self.words[slot].store(key ^ word, Ordering::Relaxed);
        self.words[slot + 1].store(word, Ordering::Relaxed);
    }
}

/// The most moves a node of the pattern search orders (an 8×8 position has at most 33): a
/// position with more empty cells than this is evaluated, not searched.
const MAX_ORDERED_MOVES: usize = 40;

/// The bits of a move's cell in its order entry and its stored word (below the entry's key).
const CELL_BITS: u32 = 16;
const CELL_MASK: u64 = (1 << CELL_BITS) - 1;

/// Nodes of the pattern search with at least this many plies to go order their moves
/// ([`PatternSearch::ordered_moves`]); below, the table's move comes first and the others
/// follow in board order. FFO #47 one worker (callgrind): 22.76 M nodes and 14,394 M
/// instructions unordered, 20.53 M and 14,425 M ordered from 1 ply, **21.05 M and 13,638 M
/// from 2**, 21.77 M and 13,807 M from 3; FFO #45–#49 918.0 M nodes unordered, 882.4 M from 2.
const ORDERED_PLIES: u32 = 2;

/// How much a corner move is preferred in the pattern search's order, in half replies (FFO
/// #45–#49 one worker, ordered from 1 ply: 866.2 M nodes with 3, 872.2 M with 1, 868.4 M
/// with 6).
const CORNER_BONUS: u64 = 3;

/// A search of the pattern evaluation on one board.
pub(super) struct PatternSearch<'a, const W: usize> {
    geometry: &'a Geometry<W>,
    /// The board's corners (for the move ordering).
    corners: Bits<W>,
    patterns: &'a PatternEvaluation,
    table: &'a PatternTable,
    /// The nodes searched so far: every position a search at least one ply deep looked at,
    /// its leaves included, as Edax and Egaroucid count their ordering searches.
    nodes: Cell<u64>,
}

impl<'a, const W: usize> PatternSearch<'a, W> {
    /// A search of `patterns` on `geometry`'s board with `table`.
    pub(super) fn new(
        geometry: &'a Geometry<W>,
        patterns: &'a PatternEvaluation,
        table: &'a PatternTable,
    ) -> Self {
        PatternSearch {
            geometry,
            corners: geometry.category_mask(Category::Corner),
            patterns,
            table,
            nodes: Cell::new(0),
        }
    }

    /// Asks the table for the slot of `position` ahead of its search, so that the memory
    /// waits of several children overlap.
    #[inline]
    pub(super) fn prefetch(&self, position: &Position<W>) {
        self.table.prefetch(hash(position));
    }

    /// The nodes searched so far.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes.get()
    }

    /// Fills `order` with the moves of `position` (`moves`, at most [`MAX_ORDERED_MOVES`]),
    /// with `depth` plies to go, in the order to search them: the table's move `first`, then
    /// the others best first from [`ORDERED_PLIES`] plies on ([`Self::ordered_moves`]), else
    /// in board order. Each entry holds its cell in the low 8 bits. Returns how many there are.
    fn move_order(
        &self,
        position: &Position<W>,
        (moves, first): (Bits<W>, Option<usize>),
        depth: u32,
        order: &mut [u64; MAX_ORDERED_MOVES],
    ) -> usize {
        if depth >= ORDERED_PLIES {
            return self.ordered_moves(position, moves, first, order);
        }
        let rest = moves.iter().filter(|&cell| Some(cell) != first);
        let mut count = 0;
        for cell in first.into_iter().chain(rest) {
            order[count] = cell as u64;
            count += 1;
        }
        count
    }

    /// [`Self::move_order`]'s order for nodes with enough plies to go: the table's move
    /// `first`, then by how few replies the moves leave (a corner reply counting twice), a
    /// corner move counting as a reply and a half fewer. Each entry holds its key above its
    /// cell. The children are worked out again when searched: keeping them in the list (a
    /// 40-entry array of positions filled at every node) cost more (FFO #47: 14,373 M
    /// instructions against 13,638 M).
    fn ordered_moves(
        &self,
        position: &Position<W>,
        moves: Bits<W>,
        first: Option<usize>,
        order: &mut [u64; MAX_ORDERED_MOVES],
    ) -> usize {
        let mut count = 0;
        for cell in moves.iter() {
            let key = if Some(cell) == first {
                0
            } else {
                let flips = self.geometry.flips(position.mover, position.opponent, cell);
                let child = position.apply(cell, flips);
                self.prefetch(&child);
                let corner = if self.corners.contains(cell) {
                    0
                } else {
                    CORNER_BONUS
                };
                1 + 2 * u64::from(weighted_replies(self.geometry, &child, self.corners)) + corner
            };
            order[count] = key << CELL_BITS | cell as u64;
            count += 1;
        }
        order[..count].sort_unstable();
        count
    }

    /// The value of `position` (with `left` empty cells and `moves` for its side to move, in
    /// the pattern evaluation's units) searched `depth` plies deep with α-β within `window`
    /// (fail-soft), the table's best move first. A stored result that may stand for it
    /// ([`Stored::answers`]) answers when its bounds decide the window.
    pub(super) fn value(
        &self,
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
            return -self.value(&passed, replies, left, depth, (-beta, -alpha));
        }
        if depth == 0 || left as usize > MAX_ORDERED_MOVES {
            return pattern_value(self.geometry, self.patterns, position, moves, left);
        }
        self.nodes.set(self.nodes.get() + 1);
        let key = hash(position);
        let stored = self.table.probe(key);
        if let Some(stored) = stored.filter(|stored| stored.answers(depth)) {
            if stored.lower >= beta || stored.lower == stored.upper {
                return stored.lower;
            }
            if stored.upper <= alpha {
                return stored.upper;
            }
        }
        let first = stored
            .map(|stored| stored.best)
            .filter(|&cell| moves.contains(cell));
        let original_alpha = alpha;
        let mut best = i32::MIN + 1;
        let mut best_move = 0;
        let mut order = [0u64; MAX_ORDERED_MOVES];
        let count = self.move_order(position, (moves, first), depth, &mut order);
        for &entry in &order[..count] {
            let cell = (entry & CELL_MASK) as usize;
            let flips = self.geometry.flips(position.mover, position.opponent, cell);
            let child = position.apply(cell, flips);
            let replies = child.legal_moves(self.geometry);
            if depth == 1 {
                self.nodes.set(self.nodes.get() + 1);
            }
            let value = -self.value(&child, replies, left - 1, depth - 1, (-beta, -alpha));
            if value > best {
                best = value;
                best_move = cell;
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        let stored = Stored {
            lower: if best > original_alpha {
                best
            } else {
                -STORED_LIMIT
            },
            upper: if best < beta { best } else { STORED_LIMIT },
            depth,
            best: best_move,
        };
        self.table.store(key, stored);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    /// Plain minimax over the pattern evaluation, every move searched.
    fn minimax<const W: usize>(
        geometry: &Geometry<W>,
        patterns: &PatternEvaluation,
        position: &Position<W>,
        left: u32,
        depth: u32,
    ) -> i32 {
        let moves = position.legal_moves(geometry);
        if moves.is_empty() {
            let passed = position.pass();
            if passed.legal_moves(geometry).is_empty() {
                let margin = position.mover.count() as i32 - position.opponent.count() as i32;
                return margin * UNITS_PER_DISC;
            }
            return -minimax(geometry, patterns, &passed, left, depth);
        }
        if depth == 0 {
            return pattern_value(geometry, patterns, position, moves, left);
        }
        moves
            .iter()
            .map(|cell| {
                let child = position.play(geometry, cell).unwrap();
                -minimax(geometry, patterns, &child, left - 1, depth - 1)
            })
            .max()
            .unwrap()
    }

    /// A position after `plies` (a pass counts) of a random game, its side to move having a
    /// move and at least 4 empty cells.
    fn random_position<const W: usize>(
        geometry: &Geometry<W>,
        rng: &mut rand::rngs::Xoshiro256PlusPlus,
        plies: std::ops::Range<usize>,
    ) -> Option<Position<W>> {
        let mut position = Position::start(geometry);
        let plies = rng.random_range(plies);
        for _ in 0..plies {
            let moves: Vec<usize> = position.legal_moves(geometry).iter().collect();
            position = match moves.len() {
                0 => position.pass(),
                n => position
                    .play(geometry, moves[rng.random_range(0..n)])
                    .unwrap(),
            };
        }
        let usable =
            !position.legal_moves(geometry).is_empty() && position.empties(geometry).count() >= 4;
        usable.then_some(position)
    }

    #[test]
    fn the_pattern_search_finds_the_minimax_value_or_a_bound_beyond_its_window() {
        let geometry = Geometry::<1>::new("8x8".parse().unwrap());
        let patterns = PatternEvaluation::shipped();
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(3);
        let mut checked = 0;
        while checked < 60 {
            // 12 to 40 cells left empty.
            let Some(position) = random_position(&geometry, &mut rng, 20..48) else {
                continue;
            };
            let moves = position.legal_moves(&geometry);
            let left = position.empties(&geometry).count();
            for depth in [0, 1, 2, 3] {
                // A fresh table each time: stored deeper results would answer for shallower.
                let table = PatternTable::new();
                let search = PatternSearch::new(&geometry, &patterns, &table);
                let exact = minimax(&geometry, &patterns, &position, left, depth);
                let beta = exact + rng.random_range(-200..200);
                let bounded = search.value(&position, moves, left, depth, (-i32::MAX, beta));
                if exact < beta {
                    assert_eq!(bounded, exact, "depth {depth}, below β");
                } else {
                    assert!(
                        beta <= bounded && bounded <= exact,
                        "depth {depth}, at or above β"
                    );
                }
                // Searched again, the whole window on a table that knows a bound already.
                let full = search.value(&position, moves, left, depth, (-i32::MAX, i32::MAX));
                assert_eq!(full, exact, "depth {depth}");
            }
            checked += 1;
        }
    }

    #[test]
    fn the_pattern_search_plays_the_cells_of_a_cube_beyond_the_256th() {
        let geometry = Geometry::<8>::new("8x8x8".parse().unwrap());
        let mut patterns = PatternEvaluation::zero(geometry.shape(), Vec::new());
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(5);
        for (entry, weight) in patterns.phases[0].table.iter_mut().enumerate() {
            *weight = (entry % 61) as i16 - 30;
        }
        let mut checked = 0;
        while checked < 6 {
            // Near the end: about 10 to 14 cells left empty, fewer if the game passed.
            let Some(position) = random_position(&geometry, &mut rng, 494..499) else {
                continue;
            };
            let moves = position.legal_moves(&geometry);
            if moves.iter().all(|cell| cell < 256) {
                continue;
            }
            let left = position.empties(&geometry).count();
            let table = PatternTable::new();
            let search = PatternSearch::new(&geometry, &patterns, &table);
            for depth in [1, 2, 3] {
                let exact = minimax(&geometry, &patterns, &position, left, depth);
                let found = search.value(&position, moves, left, depth, (-i32::MAX, i32::MAX));
                assert_eq!(found, exact, "depth {depth}");
            }
            checked += 1;
        }
    }

    #[test]
    fn stored_results_come_back_as_they_went_in_with_bounds_clamped_outwards() {
        let stored = Stored {
            lower: -40_000,
            upper: 1234,
            depth: 4,
            best: 511,
        };
        let back = Stored::unpack(stored.pack());
        assert_eq!(
            back,
            Stored {
                lower: -STORED_LIMIT,
                ..stored
            }
        );
        let table = PatternTable::new();
        table.store(99, stored);
        assert_eq!(table.probe(99), Some(back));
        assert_eq!(table.probe(99 + TABLE_SLOTS as u64), None);
    }
}
