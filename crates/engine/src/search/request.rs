//! The one way into the searches. A [`SearchRequest`] names the position (a [`Setup`] and the
//! moves played from it) and [`SearchSettings`]: rules, evaluation, goal, limits, workers and
//! table. [`SearchRequest::run`] runs it with a cancel flag and a progress callback and gives
//! one result type, [`Searched`]. This module is the only place that dispatches a search on the
//! board's width and the only place that turns a request into the settings of the searches
//! themselves; the GUI, the CLI, the reference, self-play and tuning all come through it.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::analysis::{Analysis, AnalysisSettings, analyze};
use super::every_move::analyze_strong;
use super::root::best_moves_classic;
use super::selected::score_selected_strong;
use super::settings::StrongSettings;
use super::solve::{SOLVER_ORDERING, solve_strong};
use crate::bounds::{BoundError, check_table_megabytes, check_threads};
use crate::eval::Weights;
use crate::geometry::{Geometry, WidthJob};
use crate::notation::{Move, NotationError, replay};
use crate::patterns::PatternEvaluation;
use crate::position::{Color, Position, Rules};
use crate::setup::Setup;
use crate::shape::Shape;

/// Which search runs.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize, serde::Deserialize,
)]
pub enum SearchKind {
    /// Negamax PVS with iterative deepening, a transposition table and an exact endgame solver:
    /// the default for play and analysis.
    #[default]
    Strong,
    /// The seed's fixed-depth α/β search (for fidelity and comparison).
    Classic,
}

impl SearchKind {
    /// Both kinds, the default first.
    pub const ALL: [SearchKind; 2] = [SearchKind::Strong, SearchKind::Classic];

    /// A short name for menus and logs.
    pub fn label(self) -> &'static str {
        match self {
            SearchKind::Strong => "strong",
            SearchKind::Classic => "classic",
        }
    }
}

/// What the search is asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Every legal move's score (the Moves panel, `analyze`, Compare's contestants).
    EveryMove,
    /// The best moves' scores and these moves' (the reference judging a played move); the
    /// other moves stay unscored. The classic search scores every move.
    Selected(Vec<usize>),
    /// Only which moves are best, as cheaply as possible (playing games). The classic search
    /// scores every move by a depth − 1 search, as the seed's tournaments did.
    BestMoves,
    /// The best move and its exact score, by the solver: to the end of the game whatever the
    /// depth and the search kind, ordered by the evaluation.
    Solve,
}

/// How far the search may go. The last finished depth is kept when a budget stops it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration in plies (ignored by [`Goal::Solve`]).
    pub depth: u32,
    /// Stop after about this many nodes (strong search only).
    pub nodes: Option<u64>,
    /// Stop after about this long (strong search only).
    pub time: Option<Duration>,
}

impl Limits {
    /// To `depth` plies with no budget.
    pub fn depth(depth: u32) -> Self {
        Limits {
            depth,
            nodes: None,
            time: None,
        }
    }
}

/// How positions are valued.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// The nine weights (the seed's evaluation).
    pub weights: Weights,
    /// On the classic game of their board: evaluate by these patterns instead, in 32nds of a
    /// disc (the weights still order shallow nodes by material).
    pub patterns: Option<Arc<PatternEvaluation>>,
}

impl Evaluation {
    /// The nine `weights` alone.
    pub fn weights(weights: Weights) -> Self {
        Evaluation {
            weights,
            patterns: None,
        }
    }
}

/// Which threads search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Workers {
    /// The threads of the caller's rayon pool (a match plays its games one per thread, each
    /// game's searches on that thread alone).
    CallersPool,
    /// A pool of this many threads for this search (0: one per core).
    Threads(usize),
    /// As `Threads`, but below the normal priority, so that a user interface stays fluid while
    /// every core searches.
    Background(usize),
}

/// How to search: everything of a request but the position.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchSettings {
    /// Which search.
    pub kind: SearchKind,
    /// What it is asked.
    pub goal: Goal,
    /// Classic or misère scoring of finished games.
    pub rules: Rules,
    /// How positions are valued.
    pub evaluation: Evaluation,
    /// How far it may go.
    pub limits: Limits,
    /// Prune with α/β (classic search only; the strong search always prunes).
    pub alpha_beta: bool,
    /// Drop root moves equivalent by a symmetry of the position.
    pub symmetry: bool,
    /// Prune heuristic nodes by ProbCut (strong search only).
    pub selective: bool,
    /// The strong search solves exactly once this few cells are empty.
    pub endgame_empties: u32,
    /// The transposition table's size.
    pub table_megabytes: usize,
    /// Which threads search.
    pub workers: Workers,
}

impl SearchSettings {
    /// The default table budget (see [`StrongSettings::DEFAULT_TABLE_MEGABYTES`]).
    pub const DEFAULT_TABLE_MEGABYTES: usize = StrongSettings::DEFAULT_TABLE_MEGABYTES;
    /// The default number of empty cells from which the strong search solves exactly.
    pub const DEFAULT_ENDGAME_EMPTIES: u32 = StrongSettings::DEFAULT_ENDGAME_EMPTIES;

    /// The strong search asked `goal` to `depth` with `weights`: α/β, the symmetry filter, the
    /// default table and endgame threshold, no budget, on the caller's pool.
    pub fn new(goal: Goal, depth: u32, rules: Rules, weights: Weights) -> Self {
        SearchSettings {
            kind: SearchKind::Strong,
            goal,
            rules,
            evaluation: Evaluation::weights(weights),
            limits: Limits::depth(depth),
            alpha_beta: true,
            symmetry: true,
            selective: false,
            endgame_empties: Self::DEFAULT_ENDGAME_EMPTIES,
            table_megabytes: Self::DEFAULT_TABLE_MEGABYTES,
            workers: Workers::CallersPool,
        }
    }

    /// The solver: [`Goal::Solve`], ordered by the shipped 8×8 evaluation on the classic 8×8
    /// board and elsewhere by [`SOLVER_ORDERING`]'s mobility and corners (`reversi3d solve`
    /// replaces the fit by each board's best shipped order, `lab::ai::solver`).
    pub fn solver(rules: Rules) -> Self {
        SearchSettings {
            evaluation: Evaluation {
                weights: SOLVER_ORDERING,
                patterns: Some(PatternEvaluation::shipped()),
            },
            ..Self::new(Goal::Solve, 0, rules, SOLVER_ORDERING)
        }
    }

    /// Searches `position` of `geometry`'s board, on the threads `self.workers` names. A side
    /// that must pass passes first; a finished game gives an analysis without moves. For
    /// callers already working at a known width (a game's moves, a reference over many
    /// positions); [`SearchRequest::run`] takes any board.
    pub fn run_at<const W: usize>(
        &self,
        geometry: &Geometry<W>,
        position: &Position<W>,
        cancel: &AtomicBool,
        progress: &(dyn Fn(&Analysis) + Sync),
    ) -> Result<Searched, SearchError> {
        self.check()?;
        let mut position = *position;
        let passed = position.must_pass(geometry) && !position.is_game_over(geometry);
        if passed {
            position = position.pass();
        }
        let search = || self.search(geometry, &position, cancel, progress);
        let analysis = match self.workers {
            Workers::CallersPool => search(),
            Workers::Threads(threads) => worker_pool(threads, false)?.install(search),
            Workers::Background(threads) => worker_pool(threads, true)?.install(search),
        };
        Ok(Searched {
            mover: position.to_move,
            passed,
            analysis,
        })
    }

    /// Refuses a table or a number of threads beyond the machine's bounds.
    fn check(&self) -> Result<(), BoundError> {
        check_table_megabytes(self.table_megabytes)?;
        if let Workers::Threads(threads) | Workers::Background(threads) = self.workers {
            check_threads(threads)?;
        }
        Ok(())
    }

    /// Whether heuristic scores come in 32nds of a disc on a board of `shape`: the strong
    /// search evaluates by patterns of that board's classic game.
    pub fn scores_in_discs(&self, shape: Shape) -> bool {
        self.kind == SearchKind::Strong
            && (self.evaluation.patterns.as_ref()).is_some_and(|p| p.applies_to(shape, self.rules))
    }

    /// The search itself, on the current pool, its analyses marked with their unit.
    fn search<const W: usize>(
        &self,
        geometry: &Geometry<W>,
        position: &Position<W>,
        cancel: &AtomicBool,
        progress: &(dyn Fn(&Analysis) + Sync),
    ) -> Analysis {
        let in_discs = self.scores_in_discs(geometry.shape());
        let empties = position.empties(geometry).count();
        // A strong search as deep as the empty cells has solved the position.
        let exact = |analysis: &Analysis| {
            self.kind == SearchKind::Strong && analysis.depth >= empties && !analysis.selective
        };
        let mark = |analysis: Analysis| Analysis {
            in_discs,
            exact: exact(&analysis),
            ..analysis
        };
        let progress = |analysis: &Analysis| progress(&mark(analysis.clone()));
        let progress: &(dyn Fn(&Analysis) + Sync) = &progress;
        let analysis = match (self.kind, &self.goal) {
            (_, Goal::Solve) => {
                let settings = self.solver_settings(position.empties(geometry).count());
                solve_strong(geometry, position, &settings, cancel)
            }
            (SearchKind::Strong, Goal::EveryMove) => {
                analyze_strong(geometry, position, &self.strong(), cancel, progress)
            }
            (SearchKind::Strong, Goal::Selected(wanted)) => {
                score_selected_strong(geometry, position, &self.strong(), wanted, cancel)
            }
            (SearchKind::Strong, Goal::BestMoves) => {
                score_selected_strong(geometry, position, &self.strong(), &[], cancel)
            }
            (SearchKind::Classic, Goal::BestMoves) => best_moves_classic(
                geometry,
                &self.evaluation.weights,
                position,
                self.limits.depth,
                cancel,
            ),
            (SearchKind::Classic, Goal::EveryMove | Goal::Selected(_)) => {
                let settings = AnalysisSettings {
                    depth: self.limits.depth,
                    alpha_beta: self.alpha_beta,
                    symmetry: self.symmetry,
                    weights: self.evaluation.weights,
                };
                analyze(geometry, position, &settings, cancel, progress)
            }
        };
        mark(analysis)
    }

    /// The strong search's settings for a heuristic goal: exact nodes ordered by the shipped
    /// 8×8 patterns unless patterns evaluate.
    fn strong(&self) -> StrongSettings {
        StrongSettings {
            table_megabytes: self.table_megabytes,
            endgame_empties: self.endgame_empties,
            node_budget: self.limits.nodes,
            time_budget: self.limits.time,
            symmetry: self.symmetry,
            selective: self.selective,
            patterns: self.evaluation.patterns.clone(),
            ..StrongSettings::new(self.limits.depth, self.rules, self.evaluation.weights)
        }
    }

    /// The solver's settings for a position with `empties` empty cells: to the end, ordered by
    /// the evaluation (the patterns when given, else the weights).
    fn solver_settings(&self, empties: u32) -> StrongSettings {
        StrongSettings {
            depth: empties,
            endgame_empties: u32::MAX,
            exact_ordering: None,
            ..self.strong()
        }
    }
}

/// A position and how to search it.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchRequest {
    /// The position the moves start from (its shape is the board).
    pub start: Setup,
    /// The moves from `start` that lead to the position searched.
    pub moves: Vec<Move>,
    /// How to search it.
    pub settings: SearchSettings,
}

impl SearchRequest {
    /// Searches `setup` itself with `settings`.
    pub fn at(setup: Setup, settings: SearchSettings) -> Self {
        SearchRequest {
            start: setup,
            moves: Vec::new(),
            settings,
        }
    }

    /// Runs the request: `progress` sees every intermediate analysis (after each finished depth
    /// or root move), `cancel` stops it promptly with what it finished. Illegal moves and
    /// workers that cannot start are refused.
    pub fn run(
        &self,
        cancel: &AtomicBool,
        progress: &(dyn Fn(&Analysis) + Sync),
    ) -> Result<Searched, SearchError> {
        self.start.shape().dispatch(Run {
            request: self,
            cancel,
            progress,
        })
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Searched {
    /// The side whose moves were scored (the other side when the side to move had to pass).
    pub mover: Color,
    /// The side to move had no move and passed first.
    pub passed: bool,
    /// Every root move with its score, depth, nodes, time and line.
    pub analysis: Analysis,
}

/// Why a request was refused.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// A move of the request is not legal where it is played.
    #[error(transparent)]
    IllegalMove(#[from] NotationError),
    /// A table or a number of threads beyond the machine's bounds.
    #[error(transparent)]
    OutOfBounds(#[from] BoundError),
    /// The worker threads could not be started.
    #[error("cannot start {threads} search threads: {reason}")]
    Workers {
        /// How many were asked for.
        threads: usize,
        /// What the system said.
        reason: String,
    },
}

struct Run<'a> {
    request: &'a SearchRequest,
    cancel: &'a AtomicBool,
    progress: &'a (dyn Fn(&Analysis) + Sync),
}

impl WidthJob for Run<'_> {
    type Output = Result<Searched, SearchError>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Self::Output {
        let request = self.request;
        let position = replay(geometry, request.start.position(geometry), &request.moves)?;
        request
            .settings
            .run_at(geometry, &position, self.cancel, self.progress)
    }
}

/// A rayon pool of `threads` threads (0: one per core); in the `background`, below the normal
/// priority, so that a user interface stays fluid while every core works.
pub fn worker_pool(threads: usize, background: bool) -> Result<rayon::ThreadPool, SearchError> {
    let builder = rayon::ThreadPoolBuilder::new().num_threads(threads);
    let builder = if background {
        builder.start_handler(|_| lower_priority())
    } else {
        builder
    };
    builder.build().map_err(|error| SearchError::Workers {
        threads,
        reason: error.to_string(),
    })
}

/// Lowers the calling thread's priority (nice 10).
#[cfg(target_os = "linux")]
fn lower_priority() {
    // SAFETY: setpriority only reads its arguments; on Linux, PRIO_PROCESS with id 0 applies
    // to the calling thread alone.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 10);
    }
}

/// Other systems keep the default priority.
#[cfg(not(target_os = "linux"))]
fn lower_priority() {}
