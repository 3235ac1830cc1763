//! The strong search (DESIGN §3, ours): negamax α/β with principal-variation search,
//! iterative deepening with aspiration windows at the root, a transposition table shared by
//! the workers, move ordering (the `ordering` module) and exact scores for finished games. A
//! pass does not use up depth, so a search as deep as the empty cells solves the position
//! exactly; the last few empties go to the endgame solver. The questions asked of it live
//! beside it: every move's score (`every_move`), a few moves' (`selected`), the best move's
//! (`solve`).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::busy::BusySet;
use super::counts::NodeCounts;
use super::endgame::{EndgameSolver, SOLVER_EMPTIES, final_margin, score_of_margin};
use super::help_desk::HelpDesk;
use super::history::MoveHistory;
use super::meter::Meter;
use super::ordering::ListedMove;
use super::pattern_search::{
    PatternTable, applicable_patterns, exact_ordering_patterns, pattern_value,
};
use super::symmetry::distinct_moves;
use super::transposition_cutoff::ETC_DEPTH;
use super::tt::{Bound, Entry, TranspositionTable, hash};
use crate::bits::Bits;
use crate::eval::{Evaluator, Weights};
use crate::geometry::Geometry;
use crate::patterns::PatternEvaluation;
use crate::position::{Position, Rules};
use crate::shape::Category;

/// The score of a won game before its disc margin: above any heuristic value.
pub const WIN: i32 = 1_000_000_000;

/// What to search and how.
#[derive(Clone, Debug, PartialEq)]
pub struct StrongSettings {
    /// The deepest iteration (plies; passes are free).
    pub depth: u32,
    /// Classic or misère scoring of finished games.
    pub rules: Rules,
    /// The evaluation's weights.
    pub weights: Weights,
    /// Transposition table size.
    pub table_megabytes: usize,
    /// Search to the end of the game once this few cells are empty.
    pub endgame_empties: u32,
    /// Stop after about this many nodes (the last finished depth is kept).
    pub node_budget: Option<u64>,
    /// Stop after about this long (the last finished depth is kept).
    pub time_budget: Option<Duration>,
    /// Drop root moves equivalent by a symmetry of the position.
    pub symmetry: bool,
    /// Prune heuristic nodes by ProbCut (a shallow search's verdict): far fewer nodes, a
    /// value the full-width search would almost always agree with.
    pub selective: bool,
    /// On the classic 8×8 game: evaluate by these patterns instead of the weights (the
    /// weights still order shallow heuristic nodes by material), and order exact nodes by
    /// them too.
    pub patterns: Option<Arc<PatternEvaluation>>,
    /// On the classic 8×8 game, when `patterns` is not set: order the nodes of searches to
    /// the end by these patterns all the same (an exact score does not depend on the order;
    /// the heuristic values stay the weights'). The shipped evaluation by default.
    pub exact_ordering: Option<Arc<PatternEvaluation>>,
}

impl StrongSettings {
    /// The default table budget. A search starts on a few megabytes of it and grows into
    /// the rest only as its depths need it, so short searches stay cheap (few pages touched)
    /// and long ones get room (6x6x6 depth 12: 294 M nodes with 64 MB, 126 M with 256 MB;
    /// FFO #50 one worker 2,416 M nodes and 273 s with 256 MB, 1,770 M and 231 s with 1,024
    /// MB, #45–#49 alike with both).
    pub const DEFAULT_TABLE_MEGABYTES: usize = 1024;
    /// The default number of empty cells from which the search solves exactly.
    pub const DEFAULT_ENDGAME_EMPTIES: u32 = 14;

    /// Settings at `depth` with the default table, endgame threshold and symmetry filter, and
    /// no budget.
    pub fn new(depth: u32, rules: Rules, weights: Weights) -> Self {
        StrongSettings {
            depth,
            rules,
            weights,
            table_megabytes: Self::DEFAULT_TABLE_MEGABYTES,
            endgame_empties: Self::DEFAULT_ENDGAME_EMPTIES,
            node_budget: None,
            time_budget: None,
            symmetry: true,
            selective: false,
            patterns: None,
            exact_ordering: Some(PatternEvaluation::shipped()),
        }
    }
}

/// The exact score of a finished game for the side to move: a win is `WIN` plus the disc
/// margin, a loss `-WIN` minus it, a draw 0 (under misère rules fewer discs win).
pub fn final_score<const W: usize>(position: &Position<W>, rules: Rules) -> i32 {
    let (mine, theirs) = (position.mover.count(), position.opponent.count());
    score_of_margin(final_margin(mine, theirs, rules))
}

/// The value of a move searched within (`alpha`, `beta`) by principal-variation search, where
/// `value(window)` searches it within a window: the first move gets the whole window, the
/// others a null window at `alpha` first and the whole one only if they may lie inside it.
#[inline(always)]
pub(super) fn principal_variation(
    first: bool,
    (alpha, beta): (i32, i32),
    mut value: impl FnMut((i32, i32)) -> i32,
) -> i32 {
    if first {
        return value((alpha, beta));
    }
    let probe = value((alpha, alpha + 1));
    if probe > alpha && probe < beta {
        value((alpha, beta))
    } else {
        probe
    }
}

/// What the workers of one search share: the table and, with several workers, the set of
/// positions being searched.
pub(super) struct Shared {
    pub(super) table: TranspositionTable,
    pattern_table: PatternTable,
    busy: Option<BusySet>,
    workers: usize,
}

impl Shared {
    pub(super) fn new(settings: &StrongSettings, workers: usize) -> Self {
        Shared {
            table: TranspositionTable::with_megabytes(settings.table_megabytes),
            pattern_table: PatternTable::new(),
            busy: (workers > 1).then(BusySet::new),
            workers,
        }
    }
}

/// Nodes with at least this many plies left mark themselves busy; their parents defer busy
/// children (except the first) to the end of their move list.
const BUSY_DEPTH: u32 = 3;

/// Nodes with at least this many plies left ask the table for their children's buckets as
/// soon as their moves are listed, so that the children's searches find them in the cache
/// (those with [`ETC_DEPTH`] look their children up anyway); the children of nodes one ply
/// deep are leaves, which never look. FFO #40–#49 one worker, two runs side by side on the
/// two cores: 48.0 s and 47.7 s against 49.9 s and 49.7 s, the same nodes.
const PREFETCH_DEPTH: u32 = 2;

/// How many times the nodes of one depth the next depth is expected to cost (for sizing the
/// table in use).
pub(super) const NEXT_DEPTH_COST: u64 = 4;

/// An exact node takes the table's move only from a search to the end or one at least this
/// deep: a shallow heuristic search's move orders worse than fastest-first there (FFO
/// #40–#44: 386.5 M nodes, against 664.0 M trusting every move and 388.0 M trusting only
/// searches to the end; 6×6 from the start 9.98 G, against 10.64 G and slower).
const TRUSTED_DEPTH: u32 = 12;

/// Marks a list entry whose move waits until the others are searched.
const DEFERRED: i32 = i32::MIN;

/// The best move of a table `entry` if a node `depth` plies deep with `left` empty cells
/// should search it first (see [`TRUSTED_DEPTH`]).
pub(super) fn trusted_move(entry: &Entry, depth: u32, left: u32) -> Option<usize> {
    let entry_depth = u32::from(entry.depth);
    let trusted = depth < left || entry_depth >= left || entry_depth >= TRUSTED_DEPTH;
    (entry.best != u16::MAX && trusted).then_some(usize::from(entry.best))
}

/// The search state of one worker.
pub(super) struct Searcher<'a, const W: usize> {
    pub(super) geometry: &'a Geometry<W>,
    pub(super) evaluator: Evaluator<W>,
    rules: Rules,
    pub(super) table: &'a TranspositionTable,
    /// The table of the pattern searches that order exact nodes.
    pub(super) pattern_table: &'a PatternTable,
    busy: Option<&'a BusySet>,
    pub(super) corners: Bits<W>,
    pub(super) x_squares: Bits<W>,
    pub(super) meter: Meter<'a>,
    pub(super) endgame: EndgameSolver<'a, W>,
    /// Reusable move lists, one per ply from the root.
    lists: Vec<Vec<ListedMove<W>>>,
    /// A reusable list of the children's hashes (enhanced transposition cut-offs).
    pub(super) child_keys: Vec<u64>,
    pub(super) history: MoveHistory,
    /// Nodes with more plies left than this order their moves by the opponent's replies.
    pub(super) mobility_depth: u32,
    /// Heuristic nodes try a ProbCut first.
    selective: bool,
    /// The pattern evaluation, if it replaces the weights' (8×8 only).
    pub(super) patterns: Option<Arc<PatternEvaluation>>,
    /// The pattern evaluation that orders exact nodes, if any (8×8 only).
    pub(super) exact_patterns: Option<Arc<PatternEvaluation>>,
    /// Where this worker offers the moves of its deep null-window nodes to waiting workers
    /// (a solve with several workers).
    pub(super) help_desk: Option<&'a HelpDesk<W>>,
}

impl<'a, const W: usize> Searcher<'a, W> {
    /// A worker on the `shared` table with its part of the settings' node budget, counting
    /// nodes for up to `depth` plies, its time budget counted from `clock`.
    pub(super) fn new(
        geometry: &'a Geometry<W>,
        settings: &StrongSettings,
        shared: &'a Shared,
        depth: u32,
        cancel: &'a AtomicBool,
        clock: Instant,
    ) -> Self {
        Searcher {
            geometry,
            evaluator: Evaluator::new(geometry, &settings.weights),
            rules: settings.rules,
            table: &shared.table,
            pattern_table: &shared.pattern_table,
            busy: shared.busy.as_ref(),
            corners: geometry.category_mask(Category::Corner),
            x_squares: geometry.category_mask(Category::XSquare),
            meter: Meter::new(
                depth,
                cancel,
                settings.time_budget.map(|t| clock + t),
                settings.node_budget.map(|n| n / shared.workers as u64),
            ),
            endgame: EndgameSolver::new(geometry, settings.rules),
            lists: Vec::new(),
            child_keys: Vec::new(),
            history: MoveHistory::new(geometry.shape().cells()),
            // Move generation costs more on a cube: there the material order stays in use
            // deeper (fewer nodes as well as cheaper ones on 6x6x6; more nodes on 8x8).
            mobility_depth: if geometry.shape().is_3d() { 5 } else { 3 },
            selective: settings.selective,
            patterns: applicable_patterns(geometry, settings),
            exact_patterns: exact_ordering_patterns(geometry, settings),
            help_desk: None,
        }
    }

    /// The board searched.
    pub(super) fn geometry(&self) -> &'a Geometry<W> {
        self.geometry
    }

    /// Readies a single searcher for its next, deeper iteration: room in the table for it,
    /// a new table generation, and the move history aged.
    pub(super) fn begin_iteration(&mut self) {
        self.table.fit_to(NEXT_DEPTH_COST * self.meter.nodes());
        self.table.next_generation();
        self.history.age();
    }

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
        let (mut alpha, mut beta) = (alpha, beta);
        let mut table_move = None;
        if let Some(entry) = self.table.probe_key(key) {
            table_move = trusted_move(&entry, depth, left);
            if u32::from(entry.depth) >= depth {
                match entry.bound {
                    Bound::Exact => return entry.score,
                    Bound::Lower => alpha = alpha.max(entry.score),
                    Bound::Upper => beta = beta.min(entry.score),
                }
                if alpha >= beta {
                    return entry.score;
                }
            }
        }
        // Exact nodes: the other side's stable discs may cap the score at alpha or below
        // (FFO #39 one worker: 480.4 M nodes without, 97.3 M with; #59 unsolved after 10
        // minutes on two workers without, 18.4 M nodes with).
        if depth >= left
            && let Some(ceiling) = self.endgame.score_ceiling(position, left, alpha)
        {
            return ceiling;
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
        let original_alpha = alpha;
        // The table's move is searched before the others are ordered: often it alone decides.
        let table_index = table_move.and_then(|cell| list.iter().position(|e| e.cell == cell));
        let mut ordered = match table_index {
            Some(index) => {
                list.swap(0, index);
                false
            }
            None => {
                self.order_moves(position, (depth, left), ply, &mut list);
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
                        (&mut list, &mut ordered),
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
        self.lists[ply] = list;
        if !self.meter.stopped {
            let bound = if best <= original_alpha {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.store_key(key, depth, best, bound, best_move);
        }
        best
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

/// The root moves to search: the legal ones, those equivalent by a symmetry of the position
/// once when the settings ask so.
pub(super) fn root_moves<const W: usize>(
    geometry: &Geometry<W>,
    position: &Position<W>,
    settings: &StrongSettings,
) -> Vec<usize> {
    let legal = position.legal_moves(geometry);
    if settings.symmetry {
        distinct_moves(&geometry.shape().symmetries(), position, legal)
    } else {
        legal.iter().collect()
    }
}

/// The nodes all the `searchers` of one search visited, per remaining depth (up to `depth`).
pub(super) fn total_counts<const W: usize>(searchers: &[Searcher<W>], depth: u32) -> NodeCounts {
    let mut total = NodeCounts::new(depth);
    for searcher in searchers {
        total += &searcher.meter.counts;
    }
    total
}
