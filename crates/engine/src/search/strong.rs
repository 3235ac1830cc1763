//! The strong search (DESIGN §3, ours): negamax α/β with principal-variation search,
//! iterative deepening with aspiration windows at the root, a transposition table shared by
//! the workers, move ordering (the `ordering` module) and exact scores for finished games. A
//! pass does not use up depth, so a search as deep as the empty cells solves the position
//! exactly; the last few empties go to the endgame solver. The questions asked of it live
//! beside it: every move's score (`every_move`), a few moves' (`selected`), the best move's
//! (`solve`).

use super::endgame::SOLVER_EMPTIES;
use super::listed::ListedMove;
use super::pattern_search::pattern_value;
use super::score::{final_score, principal_variation};
use super::searcher::{Searcher, trusted_move};
use super::transposition_cutoff::ETC_DEPTH;
use super::tt::{Bound, hash};
use crate::bits::Bits;
use crate::position::Position;

/// Nodes with at least this many plies left mark themselves busy; their parents defer busy
/// children (except the first) to the end of their move list.
const BUSY_DEPTH: u32 = 3;

/// Nodes with at least this many plies left ask the table for their children's buckets as
/// soon as their moves are listed, so that the children's searches find them in the cache
/// (those with [`ETC_DEPTH`] look their children up anyway); the children of nodes one ply
/// deep are leaves, which never look. FFO #40–#49 one worker, two runs side by side on the
/// two cores: 48.0 s and 47.7 s against 49.9 s and 49.7 s, the same nodes.
const PREFETCH_DEPTH: u32 = 2;

/// Marks a list entry whose move waits until the others are searched.
const DEFERRED: i32 = i32::MIN;

impl<const W: usize> Searcher<'_, W> {
    /// The negamax value of `position` for its side to move, searched `depth` plies within
    /// (`alpha`, `beta`) (fail-soft). Positions it would search to the end anyway go to the
    /// endgame solver once few cells are empty.
    pub(super) fn negamax(
        &mut self,
        position: &Position<W>,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let empties = position.empties(self.geometry);
        let left = empties.count();
        if left <= SOLVER_EMPTIES && depth >= left {
            return self
                .endgame
                .score(&mut self.meter, position, empties, alpha, beta);
        }
        // A node that will read the table (not a leaf) asks for its bucket now, so that the
        // wait overlaps the moves' generation.
        let key = (depth > 0).then(|| hash(position));
        if let Some(key) = key {
            self.table.prefetch(key);
        }
        self.meter.visit(depth);
        if self.meter.stopped {
            return 0;
        }
        let moves = position.legal_moves(self.geometry);
        if moves.is_empty() {
            let passed = position.pass();
            if passed.must_pass(self.geometry) {
                // The pass that ends the game is a node, as in the solver.
                self.meter.visit(depth);
                return final_score(position, self.rules);
            }
            return -self.negamax(&passed, depth, -beta, -alpha, ply + 1);
        }
        if depth == 0 {
            return self.leaf_value(position, moves, left);
        }
        let key = key.expect("hashed: not a leaf");
        let (table_move, (alpha, beta)) = match self.probe_table(key, (depth, left), (alpha, beta))
        {
            Ok(probed) => probed,
            Err(score) => return score,
        };
        // Exact nodes: the other side's stable discs may cap the score at alpha or below
        // (FFO #39 one worker: 480.4 M nodes without, 97.3 M with; #59 unsolved after 10
        // minutes on two workers without, 18.4 M nodes with).
        if depth >= left
            && let Some(ceiling) = self.endgame.score_ceiling(position, left, alpha)
        {
            return ceiling;
        }
        if let Some(margin) = self.exact_probcut
            && depth >= left
            && let Some(bound) = self.exact_probcut(position, moves, (left, margin), (alpha, beta))
        {
            return bound;
        }
        if self.selective
            && depth < left
            && let Some(bound) = self.probcut(position, depth, (alpha, beta), ply)
        {
            return bound;
        }
        if self.lists.len() <= ply {
            self.lists.resize_with(ply + 1, Vec::new);
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        let exact = depth >= left;
        self.list_moves(position, moves, (depth, exact), &mut list);
        if depth >= ETC_DEPTH
            && let Some(score) = self.transposition_cutoff(position, &list, (depth, left), beta)
        {
            self.lists[ply] = list;
            return score;
        }
        if (PREFETCH_DEPTH..ETC_DEPTH).contains(&depth) {
            for entry in &list {
                let child = position.apply(entry.cell, self.flips_of(position, entry));
                self.table.prefetch(hash(&child));
            }
        }
        let (best, best_move) = self.search_list(
            position,
            (&mut list, table_move),
            (depth, left, ply),
            (alpha, beta),
        );
        self.lists[ply] = list;
        if !self.meter.stopped {
            let bound = if best <= alpha {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let stored_depth = self.table_depth(depth, left);
            self.table
                .store_key(key, stored_depth, best, bound, best_move);
        }
        best
    }

    /// The depth to store in the table for a node `depth` plies deep with `left` empty cells:
    /// its own, but one ply short of the end in a selective pass to the end, which is not
    /// exact, so that a search to the end takes the entry's move, never its bound (a move
    /// stored from `TRUSTED_DEPTH` plies is trusted).
    pub(super) fn table_depth(&self, depth: u32, left: u32) -> u32 {
        if self.exact_probcut.is_some() && depth >= left {
            left - 1
        } else {
            depth
        }
    }

    /// The table's verdict on a node `depth` plies deep with `left` empty cells, searched within
    /// `window`: `Err` with the score when the entry decides the node, else the move to try
    /// first (if the entry's move is trusted) and the window narrowed by the entry's bound.
    #[inline(always)]
    fn probe_table(
        &self,
        key: u64,
        (depth, left): (u32, u32),
        (mut alpha, mut beta): (i32, i32),
    ) -> Result<(Option<usize>, (i32, i32)), i32> {
        let Some(entry) = self.table.probe_key(key) else {
            return Ok((None, (alpha, beta)));
        };
        let table_move = trusted_move(&entry, depth, left);
        if u32::from(entry.depth) >= depth {
            match entry.bound {
                Bound::Exact => return Err(entry.score),
                Bound::Lower => alpha = alpha.max(entry.score),
                Bound::Upper => beta = beta.min(entry.score),
            }
            if alpha >= beta {
                return Err(entry.score);
            }
        }
        Ok((table_move, (alpha, beta)))
    }

    /// Searches the listed moves of `position` (the table's move first, then the others once
    /// ordered; busy children deferred to the end) within `window`: the best value and its move.
    #[inline(always)]
    fn search_list(
        &mut self,
        position: &Position<W>,
        (list, table_move): (&mut Vec<ListedMove<W>>, Option<usize>),
        (depth, left, ply): (u32, u32, usize),
        (mut alpha, beta): (i32, i32),
    ) -> (i32, Option<usize>) {
        // The table's move is searched before the others are ordered: often it alone decides.
        let table_index = table_move.and_then(|cell| list.iter().position(|e| e.cell == cell));
        let mut ordered = match table_index {
            Some(index) => {
                list.swap(0, index);
                false
            }
            None => {
                self.order_moves(position, (depth, left), ply, list);
                true
            }
        };
        let busy = self.busy.filter(|_| depth >= BUSY_DEPTH);
        let entered = busy.map(|busy| busy.enter(position));
        let mut best = i32::MIN;
        let mut best_move = None;
        let mut searched = 0;
        // First every move but the busy ones, then the deferred busy ones.
        'passes: for deferred_pass in [false, true] {
            let mut deferred = false;
            for index in 0..list.len() {
                if !ordered && index == 1 {
                    self.order_moves(position, (depth, left), ply, &mut list[1..]);
                    ordered = true;
                }
                let entry = &mut list[index];
                if deferred_pass != (entry.key == DEFERRED) {
                    continue;
                }
                let cell = entry.cell;
                let child = position.apply(cell, self.flips_of(position, entry));
                if !deferred_pass
                    && searched > 0
                    && busy.is_some_and(|busy| depth > BUSY_DEPTH && busy.is_busy(&child))
                {
                    entry.key = DEFERRED;
                    deferred = true;
                    continue;
                }
                let score = principal_variation(searched == 0, (alpha, beta), |(low, high)| {
                    -self.negamax(&child, depth - 1, -high, -low, ply + 1)
                });
                searched += 1;
                if score > best {
                    best = score;
                    best_move = Some(cell);
                }
                alpha = alpha.max(score);
                if alpha >= beta && !self.meter.stopped {
                    self.history.record_cutoff(ply, cell, depth);
                }
                if alpha >= beta || self.meter.stopped {
                    break 'passes;
                }
                if searched == 1
                    && let Some((value, cell)) = self.search_rest_with_help(
                        position,
                        (list, &mut ordered),
                        (depth, left, ply),
                        (alpha, beta),
                    )
                {
                    if value > best {
                        best = value;
                        best_move = cell;
                    }
                    break 'passes;
                }
            }
            if !deferred {
                break;
            }
        }
        if let (Some(busy), Some(key)) = (busy, entered) {
            busy.leave(key);
        }
        (best, best_move)
    }

    /// The heuristic value of a position with `moves` and `empties` for its side to move.
    fn leaf_value(&self, position: &Position<W>, moves: Bits<W>, empties: u32) -> i32 {
        match &self.patterns {
            Some(patterns) => pattern_value(self.geometry, patterns, position, moves, empties),
            None => self
                .evaluator
                .evaluate_for_mover(self.geometry, position, moves),
        }
    }
}
