//! The search state of one worker of the strong search (`Searcher`) and what the workers of
//! one search share (`Shared`). The searching itself is in the modules that add to
//! `Searcher`'s methods: `strong` (negamax), `ordering`, `transposition_cutoff`, `probcut`,
//! `helping`, `pv_split`, `every_move`, `selected`, `solve`.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::busy::BusySet;
use super::counts::NodeCounts;
use super::endgame::EndgameSolver;
use super::help_desk::HelpDesk;
use super::history::MoveHistory;
use super::listed::ListedMove;
use super::meter::Meter;
use super::ordering_depths::OrderingSearchDepths;
use super::pattern_search::{PatternTable, applicable_patterns, exact_ordering_patterns};
use super::settings::StrongSettings;
use super::symmetry::distinct_moves;
use super::tt::{Entry, TranspositionTable};
use crate::bits::Bits;
use crate::eval::Evaluator;
use crate::geometry::Geometry;
use crate::patterns::PatternEvaluation;
use crate::position::{Position, Rules};
use crate::shape::Category;

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

/// How many times the nodes of one depth the next depth is expected to cost (for sizing the
/// table in use).
pub(super) const NEXT_DEPTH_COST: u64 = 4;

/// An exact node takes the table's move only from a search to the end or one at least this
/// deep: a shallow heuristic search's move orders worse than fastest-first there (FFO
/// #40–#44: 386.5 M nodes, against 664.0 M trusting every move and 388.0 M trusting only
/// searches to the end; 6×6 from the start 9.98 G, against 10.64 G and slower).
const TRUSTED_DEPTH: u32 = 12;

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
    pub(super) rules: Rules,
    pub(super) table: &'a TranspositionTable,
    /// The table of the pattern searches that order exact nodes.
    pub(super) pattern_table: &'a PatternTable,
    pub(super) busy: Option<&'a BusySet>,
    pub(super) corners: Bits<W>,
    pub(super) x_squares: Bits<W>,
    pub(super) meter: Meter<'a>,
    pub(super) endgame: EndgameSolver<'a, W>,
    /// Reusable move lists, one per ply from the root.
    pub(super) lists: Vec<Vec<ListedMove<W>>>,
    /// A reusable list of the children's hashes (enhanced transposition cut-offs).
    pub(super) child_keys: Vec<u64>,
    pub(super) history: MoveHistory,
    /// Nodes with more plies left than this order their moves by the opponent's replies.
    pub(super) mobility_depth: u32,
    /// Heuristic nodes try a ProbCut first.
    pub(super) selective: bool,
    /// Exact nodes try a ProbCut by the ordering patterns first, with this margin in discs
    /// (a selective pass to the end); what they find is stored as not exact.
    pub(super) exact_probcut: Option<i32>,
    /// The pattern evaluation, if it replaces the weights'.
    pub(super) patterns: Option<Arc<PatternEvaluation>>,
    /// The pattern evaluation that orders exact nodes, if any.
    pub(super) exact_patterns: Option<Arc<PatternEvaluation>>,
    /// How deep that evaluation searches to order them.
    pub(super) ordering_depths: OrderingSearchDepths,
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
            exact_probcut: None,
            patterns: applicable_patterns(geometry, settings),
            exact_patterns: exact_ordering_patterns(geometry, settings),
            ordering_depths: OrderingSearchDepths::for_shape(geometry.shape()),
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
