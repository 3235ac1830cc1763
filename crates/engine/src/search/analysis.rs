//! The analysis API: every root move of a position with its score, streamed as root moves
//! finish, cancellable, on the caller's rayon pool.
//!
//! The classic search splits the root (DESIGN §3): every (root move, reply) pair is one task,
//! searched at depth − 2 with a full window; a root move's value is the minimum over its tasks,
//! so the top two plies are plain minimax. When a root move leaves the opponent without a
//! reply, its one task is the position after that pass at depth − 1 (the seed's rule: that
//! forced pass costs no ply; see `root_tasks`). The tasks are spread over the current rayon pool;
//! values and node counts do not depend on how many workers there are.

use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::RngExt;
use rayon::prelude::*;

use super::classic::TaskSearch;
use super::counts::NodeCounts;
use super::score::{is_proven, margin_of_score};
use super::symmetry::distinct_moves;
use crate::eval::{Evaluator, Weights};
use crate::geometry::Geometry;
use crate::position::Position;

/// What to search and how.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisSettings {
    /// Plies to search (at least 1).
    pub depth: u32,
    /// Prune with α/β (off: the full minimax tree).
    pub alpha_beta: bool,
    /// Drop root moves that a symmetry of the position makes equivalent to an earlier one.
    pub symmetry: bool,
    /// The evaluation's weights.
    pub weights: Weights,
}

/// One root move and its score for the side to move, once its search has finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveScore {
    /// The cell played.
    pub cell: usize,
    /// The min/max value at the analysis depth; `None` while still being searched.
    pub score: Option<i32>,
}

/// The state of an analysis: sent after every finished root move, and returned at the end.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The depth searched.
    pub depth: u32,
    /// Every root move searched (after the symmetry filter), in generation order. Empty when
    /// the side to move must pass.
    pub moves: Vec<MoveScore>,
    /// Nodes visited so far, in total and per remaining depth.
    pub nodes: NodeCounts,
    /// Time since the analysis started.
    pub elapsed: Duration,
    /// Whether every root move has its score.
    pub finished: bool,
    /// Whether the cancel flag stopped the analysis (scores still missing stay `None`).
    pub cancelled: bool,
    /// The expected line of play from the best move on, where the search knows it (the
    /// strong search; empty for the classic one).
    pub line: Vec<usize>,
    /// Heuristic scores are in 32nds of a disc (a pattern evaluation), else in the nine
    /// weights' units.
    pub in_discs: bool,
    /// Every score is the exact result: the strong search reached the end of the game (a
    /// draw then scores 0 and reads as one).
    pub exact: bool,
    /// Every score is a selective pass's to the end (exact nodes cut by ProbCut): each move's
    /// likely final margin, not proven. Only ever reported while the exact pass after it
    /// runs; a search never returns such an analysis.
    pub selective: bool,
}

impl Analysis {
    /// An analysis of the root moves `cells` with nothing scored yet (finished at once when
    /// there are no moves), counting nodes for up to `depth` plies.
    pub fn unscored(cells: &[usize], depth: u32) -> Analysis {
        Analysis {
            depth: 0,
            moves: cells
                .iter()
                .map(|&cell| MoveScore { cell, score: None })
                .collect(),
            nodes: NodeCounts::new(depth),
            elapsed: Duration::ZERO,
            finished: cells.is_empty(),
            cancelled: false,
            line: Vec::new(),
            in_discs: false,
            exact: false,
            selective: false,
        }
    }

    /// The best score found so far.
    pub fn best_score(&self) -> Option<i32> {
        self.moves.iter().filter_map(|m| m.score).max()
    }

    /// The root moves with the best score so far, in generation order.
    pub fn best_moves(&self) -> Vec<usize> {
        let best = self.best_score();
        self.moves
            .iter()
            .filter(|m| m.score.is_some() && m.score == best)
            .map(|m| m.cell)
            .collect()
    }

    /// The move to play: the first best move in generation order, or with `random` a uniform
    /// choice among all best moves (the seed's Random toggle). `None` when nothing is scored.
    pub fn choose(&self, random: Option<&mut dyn rand::Rng>) -> Option<usize> {
        let best = self.best_moves();
        match random {
            Some(rng) if !best.is_empty() => Some(best[rng.random_range(0..best.len())]),
            _ => best.first().copied(),
        }
    }

    /// Nodes per millisecond so far.
    pub fn nodes_per_ms(&self) -> f64 {
        self.nodes.total() as f64 / (self.elapsed.as_secs_f64() * 1000.0).max(1e-3)
    }

    /// One of its scores as people read it: proven results as `win +12` or `loss -4`,
    /// heuristic values in discs (`+3.2`) or as plain numbers in the weights' units.
    pub fn score_text(&self, score: i32) -> String {
        if self.selective {
            return likely_score_text(score);
        }
        match (self.exact, self.in_discs) {
            (true, _) if !is_proven(score) => "draw".to_string(),
            (false, true) if !is_proven(score) => disc_score_text(score),
            _ => score_text(score),
        }
    }

    /// The depth searched as people read it: `24`, for a selective pass's likely scores
    /// `24, selective`, and for exact scores `to the end` (whatever depth was asked for).
    pub fn depth_text(&self) -> String {
        if self.selective {
            format!("{}, selective", self.depth)
        } else if self.exact {
            "to the end".to_string()
        } else {
            self.depth.to_string()
        }
    }

    /// Whether some score is a heuristic value in the nine weights' units (neither in discs
    /// nor a proven result): then its unit needs naming.
    pub fn in_weight_units(&self) -> bool {
        !self.in_discs
            && !self.exact
            && !self.selective
            && (self.moves.iter()).any(|m| m.score.is_some_and(|score| !is_proven(score)))
    }

    /// One of its scores in a few characters, for a board square (`=+8`, `+3.2`, `-214`).
    pub fn short_score_text(&self, score: i32) -> String {
        if self.selective {
            return likely_score_text(score);
        }
        match (self.exact, self.in_discs) {
            (true, _) if !is_proven(score) => "=0".to_string(),
            (false, true) => disc_score_text(score),
            _ => short_score_text(score),
        }
    }
}

/// A score as people read it: exact game results as `win +12` or `loss -4` (the disc margin
/// after `WIN`), heuristic values as plain numbers.
pub fn score_text(score: i32) -> String {
    use super::score::WIN;
    if score >= WIN / 2 {
        format!("win +{}", score - WIN)
    } else if score <= -WIN / 2 {
        format!("loss {}", score + WIN)
    } else {
        score.to_string()
    }
}

/// A score in a few characters, for a board square: a proven result as its exact margin
/// (`=+8`, `=-4`, `=0`), any other score as its number.
pub fn short_score_text(score: i32) -> String {
    match is_proven(score) {
        true => margin_text('=', margin_of_score(score)),
        false => score.to_string(),
    }
}

/// A selective pass's score as its likely final margin: `≈+4`, `≈-2`, `≈0`.
fn likely_score_text(score: i32) -> String {
    margin_text('≈', margin_of_score(score))
}

/// A final disc margin after `mark` (`=` exact, `≈` likely), signed unless a draw: `=+4`, `≈0`.
fn margin_text(mark: char, margin: i32) -> String {
    match margin {
        0 => format!("{mark}0"),
        margin => format!("{mark}{margin:+}"),
    }
}

/// A score of a search by the pattern evaluation, in discs: a proven result as its exact
/// margin (`=+8`), any other value with one decimal (`+1.4`).
pub fn disc_score_text(score: i32) -> String {
    if is_proven(score) {
        return short_score_text(score);
    }
    let discs = f64::from(score) / f64::from(crate::patterns::UNITS_PER_DISC);
    format!("{discs:+.1}")
}

/// Analyses `position` with the classic search: every root move gets its exact min/max score
/// at `settings.depth`. `on_update` sees the analysis after each finished root move; `cancel`
/// stops it within a few thousand nodes per worker.
pub fn analyze<const W: usize>(
    geometry: &Geometry<W>,
    position: &Position<W>,
    settings: &AnalysisSettings,
    cancel: &AtomicBool,
    on_update: &(dyn Fn(&Analysis) + Sync),
) -> Analysis {
    let clock = Instant::now();
    let depth = settings.depth.max(1);
    let evaluator = Evaluator::new(geometry, &settings.weights);
    let legal = position.legal_moves(geometry);
    let cells = if settings.symmetry {
        distinct_moves(&geometry.shape().symmetries(), position, legal)
    } else {
        legal.iter().collect()
    };
    let mut nodes = NodeCounts::new(depth);
    nodes.visit(depth);
    cells.iter().for_each(|_| nodes.visit(depth - 1));
    let state = Mutex::new(Analysis {
        depth,
        nodes,
        ..Analysis::unscored(&cells, depth)
    });
    let root_player = position.to_move;
    let search_task = |task: &RootTask<W>| {
        let mut search = TaskSearch::new(
            geometry,
            &evaluator,
            root_player,
            settings.alpha_beta,
            cancel,
            depth,
        );
        let material = search.material(&task.position);
        let value = search.search(
            &task.position,
            material,
            task.depth,
            i32::MIN,
            i32::MAX,
            task.after_pass,
        );
        let cancelled = search.cancelled();
        (value, search.counts, cancelled)
    };
    cells.par_iter().enumerate().for_each(|(index, &cell)| {
        let after = position.play(geometry, cell).expect("root moves are legal");
        let (score, counts, cancelled) = if depth == 1 {
            let search = TaskSearch::new(geometry, &evaluator, root_player, true, cancel, 0);
            (search.evaluate(&after), NodeCounts::new(0), false)
        } else {
            let tasks = root_tasks(geometry, &after, depth);
            tasks.par_iter().map(search_task).reduce(
                || (i32::MAX, NodeCounts::new(depth), false),
                |(a, mut counts, stop_a), (b, other, stop_b)| {
                    counts += &other;
                    (a.min(b), counts, stop_a || stop_b)
                },
            )
        };
        let mut analysis = state.lock().expect("no update panics");
        analysis.nodes += &counts;
        analysis.cancelled |= cancelled;
        if !cancelled {
            analysis.moves[index].score = Some(score);
        }
        analysis.finished = analysis.moves.iter().all(|m| m.score.is_some());
        analysis.elapsed = clock.elapsed();
        on_update(&analysis);
    });
    let mut analysis = state.into_inner().expect("no update panics");
    analysis.elapsed = clock.elapsed();
    analysis
}

/// One task of the classic root split: a position searched with a full window.
struct RootTask<const W: usize> {
    position: Position<W>,
    depth: u32,
    /// The side to move in `position` comes from a pass (a second pass ends the game).
    after_pass: bool,
}

/// The tasks of the root move that led to `after` in a search `depth` (≥ 2) plies deep: one per
/// reply, at depth − 2. When the opponent has no reply, the seed's root split (its
/// `getBestMoveAI_Async`) searches the position after the pass, the root player to move and
/// the pass remembered, at depth − 1: that forced pass costs neither a ply nor a node. Inside
/// the tree a pass still uses a ply ([`TaskSearch::search`]).
fn root_tasks<const W: usize>(
    geometry: &Geometry<W>,
    after: &Position<W>,
    depth: u32,
) -> Vec<RootTask<W>> {
    let replies = after.legal_moves(geometry);
    if replies.is_empty() {
        return vec![RootTask {
            position: after.pass(),
            depth: depth - 1,
            after_pass: true,
        }];
    }
    replies
        .iter()
        .map(|reply| RootTask {
            position: after.play(geometry, reply).expect("replies are legal"),
            depth: depth - 2,
            after_pass: false,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    #[test]
    fn short_scores_mark_proven_results_by_their_margin() {
        use crate::search::score::WIN;
        assert_eq!(short_score_text(WIN + 8), "=+8");
        assert_eq!(short_score_text(-WIN - 4), "=-4");
        assert_eq!(short_score_text(WIN), "=0");
        assert_eq!(short_score_text(-37), "-37");
        assert_eq!(score_text(WIN + 8), "win +8");
    }

    #[test]
    fn only_heuristic_nine_weight_scores_need_their_unit_named() {
        use crate::search::score::WIN;
        assert!(scored(&[(1, WIN + 2), (2, -37)]).in_weight_units());
        assert!(!scored(&[(1, WIN + 2), (2, -WIN - 4)]).in_weight_units());
        let in_discs = Analysis {
            in_discs: true,
            ..scored(&[(1, 40)])
        };
        assert!(!in_discs.in_weight_units());
        // A solved position's draw scores 0: a result, not a value in some unit.
        let solved = Analysis {
            exact: true,
            ..scored(&[(1, WIN + 2), (2, 0)])
        };
        assert!(!solved.in_weight_units());
        assert_eq!(solved.score_text(0), "draw");
        assert_eq!(solved.short_score_text(0), "=0");
        assert_eq!(solved.short_score_text(WIN + 2), "=+2");
        // A selective pass's scores are likely margins, neither proven nor values (here a
        // nine-weight analysis, its exact nodes ordered by patterns).
        let likely = Analysis {
            selective: true,
            ..scored(&[(1, WIN + 2), (2, 0), (3, -WIN - 6)])
        };
        assert!(!likely.in_weight_units());
        let texts: Vec<String> = [WIN + 2, 0, -WIN - 6]
            .map(|score| likely.score_text(score))
            .into();
        assert_eq!(texts, ["≈+2", "≈0", "≈-6"]);
        assert_eq!(likely.short_score_text(WIN + 2), "≈+2");
        assert_eq!(likely.depth_text(), "1, selective");
        assert_eq!(solved.depth_text(), "to the end");
        assert_eq!(in_discs.depth_text(), "1");
    }

    fn scored(scores: &[(usize, i32)]) -> Analysis {
        Analysis {
            depth: 1,
            moves: scores
                .iter()
                .map(|&(cell, s)| MoveScore {
                    cell,
                    score: Some(s),
                })
                .collect(),
            nodes: NodeCounts::new(1),
            elapsed: Duration::ZERO,
            finished: true,
            cancelled: false,
            line: Vec::new(),
            in_discs: false,
            exact: false,
            selective: false,
        }
    }

    #[test]
    fn choice_is_the_first_best_or_uniform_among_the_best() {
        let analysis = scored(&[(3, 5), (7, 9), (8, 2), (12, 9), (20, 9)]);
        assert_eq!(analysis.best_moves(), [7, 12, 20]);
        assert_eq!(analysis.choose(None), Some(7));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut seen = std::collections::BTreeMap::new();
        for _ in 0..3000 {
            *seen
                .entry(analysis.choose(Some(&mut rng)).unwrap())
                .or_insert(0) += 1;
        }
        assert_eq!(seen.keys().copied().collect::<Vec<_>>(), [7, 12, 20]);
        assert!(seen.values().all(|&n| (850..1150).contains(&n)), "{seen:?}");
        assert_eq!(scored(&[]).choose(None), None);
    }
}
