//! "What is the best move and its exact score?" — the question a solver answers (`solve`, the
//! AI at the end of a game), cheaper than scoring every move: iterative deepening up to the
//! end of the game with principal-variation search at the root. At each depth the move
//! expected best is searched first by every worker together (they share out the moves along
//! its expected best line: `pv_split`); then the others are only tested against it with a
//! null window, in parallel, and a move that proves better is searched again for its value by
//! all the workers together. On 2D boards a selective pass to the end comes before the exact
//! one: exact nodes cut by ProbCut, it finds the likely result cheaply, and its moves and
//! margin order the exact pass. A worker left without a move to start joins another's test
//! where a deep node of it shares out its moves (`help_desk`).

use std::cmp::Reverse;
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::analysis::Analysis;
use super::aspiration::reopened;
use super::help_desk::Best;
use super::help_desk::HelpDesk;
use super::iterations::{ExactStart, Iterations};
use super::pattern_search::applicable_patterns;
use super::probcut::EXACT_MARGIN_DISCS;
use super::pv_split::{SplitFlags, split_value, test_the_others};
use super::searcher::{NEXT_DEPTH_COST, Searcher, Shared, root_moves, total_counts};
use super::settings::StrongSettings;
use crate::{Geometry, Position, Shape, Weights};

/// The evaluation that orders an exact solve best of those measured: the seed's Arwen v10
/// mobility and corner weights alone, the other seven zero (one worker, against Arwen v10
/// whole: FFO #40–#44 397 M → 356 M nodes, #45–#46 1,284 M → 973 M, #47–#48 2,203 M →
/// 1,490 M; 6×6×6 #1–#4 −11 %, 4×4×4 #1–#10 and 6×6 at 26 empties within 4 %). Weighing
/// edges, X-squares or discs as well ordered worse; so did weights fitted to exact margins.
pub const SOLVER_ORDERING: Weights = Weights([13, 0, 1000, 0, 0, 0, 0, 0, 0]);

/// Where an exact solve of a board of `shape` stops iterating heuristically before it searches
/// to the end. On 8×8 the heuristic iterations order the exact search well: ordered by the
/// weights up to 8 plies short of the end (FFO #40–#42: 521 M nodes with 10, 440 M with 8,
/// 450 M with 6, 516 M with 4; #45–#46 1,284 M nodes and 68 s, 1,876 M and 75 s with 16); by
/// the pattern evaluation (`patterned`), whose heuristic nodes are dearer, 10 plies short
/// (one worker: FFO #40–#44 and #20–#37 560 M nodes with 6, 441 M and 117 s with 8, 409 M and
/// 84 s with 10, 409 M with 12, 379 M with 16, 473 M with 18; #45–#48 the same hour 1,341 M
/// and 166 s with 8, 1,422 M and 113 s with 10) and [`PATTERNED_DEEPEST`] plies deep at most.
/// On smaller 2D boards they cost more than they save, their nodes being three times as dear
/// as exact ones: 14 plies short (6×6 from the start on two workers 224 s against 346 s with
/// 8). The cubes keep 8 (see the benchmark journal, session 15).
fn exact_start(shape: Shape, patterned: bool) -> ExactStart {
    let gap = if !shape.is_3d() && shape.cells() < 64 {
        14
    } else if patterned {
        10
    } else {
        8
    };
    let deepest = if patterned {
        PATTERNED_DEEPEST
    } else {
        u32::MAX
    };
    ExactStart { gap, deepest }
}

/// The deepest heuristic iteration of an exact solve ordered by the pattern evaluation: a
/// full-width iteration deeper costs more than the order it gives saves (FFO #40–#49, one
/// worker: 1,094.4 M nodes with 14, 1,227.2 M without or with 16, 1,429.2 M with 15,
/// 1,251.5 M with 13, 1,343.1 M with 12; two workers: #50–#52 121.3 s with 14, 188.7 s
/// without; #53, 28 empties, 203.4 s with 14, 353.0 s with 12, more than 15 minutes without,
/// its iteration at 17 plies alone taking 148 s).
const PATTERNED_DEEPEST: u32 = 14;

/// Finds the best move of `position` and its exact score (heuristic at `settings.depth` when
/// more than `settings.endgame_empties` cells are empty) on the current rayon pool. The
/// analysis scores the best move only; `cancelled` when stopped (the last finished depth is
/// kept).
pub fn solve_strong<const W: usize>(
    geometry: &Geometry<W>,
    position: &Position<W>,
    settings: &StrongSettings,
    cancel: &AtomicBool,
) -> Analysis {
    let clock = Instant::now();
    let patterned = applicable_patterns(geometry, settings).is_some();
    let start = exact_start(geometry.shape(), patterned);
    let depths = Iterations::with_start(geometry, position, settings, start);
    let target = depths.target;
    let cells = root_moves(geometry, position, settings);
    let split_flags = SplitFlags::new(geometry.shape().cells());
    let workers = rayon::current_num_threads().max(1);
    let shared = Shared::new(settings, workers);
    let help_desk = HelpDesk::new();
    let mut searchers: Vec<Searcher<W>> = (0..workers)
        .map(|_| {
            let mut searcher = Searcher::new(geometry, settings, &shared, target, cancel, clock);
            searcher.help_desk = (workers > 1).then_some(&help_desk);
            searcher
        })
        .collect();
    let mut result = Analysis::unscored(&cells, target);
    // Root moves, the best of the last depth first, with that depth's score or bound.
    let mut order: Vec<(i32, usize)> = cells.iter().map(|&cell| (0, cell)).collect();
    let mut guess = None;
    for depth in depths {
        if selective_pass_applies(position, depth, &searchers) {
            shared.table.next_generation();
            let pass = (&mut order[..], depth, guess);
            let Some(best) = selective_pass(position, pass, &split_flags, &mut searchers) else {
                result.cancelled = true;
                break;
            };
            guess = Some(best);
        }
        shared.table.next_generation();
        let before = total_nodes(&searchers);
        for searcher in &mut searchers {
            searcher.history.age();
        }
        let Some((best, values)) = root_pvs(
            position,
            &order,
            (depth, guess),
            &split_flags,
            &mut searchers,
        ) else {
            result.cancelled = true;
            break;
        };
        reorder(&mut order, best.1, values);
        guess = Some(best.0);
        result.depth = depth;
        for scored in &mut result.moves {
            scored.score = (scored.cell == best.1).then_some(best.0);
        }
        result.finished = true;
        let exact = (depth >= position.empties(geometry).count()).then_some(best.0);
        result.line = searchers[0].principal_line(position, best.1, depth as usize, exact);
        // Room for the next depth, if any (growing the table costs time: the pages are new).
        if depth < target {
            shared
                .table
                .fit_to(NEXT_DEPTH_COST * (total_nodes(&searchers) - before));
        }
    }
    result.nodes = total_counts(&searchers, target);
    result.elapsed = clock.elapsed();
    result
}

/// Positions with at least this many empty cells get a selective pass to the end before the
/// exact one (FFO #1–#19, 14–16 empties, one worker: 1.96 M nodes with it from 14, 1.79 M
/// without).
const SELECTIVE_PASS_EMPTIES: u32 = 18;

/// Whether a solve or an analysis of `position` makes a selective pass to the end before its
/// iteration `depth` plies deep, when that one searches to the end: with enough empty cells,
/// patterns to order the exact nodes, and on a 2D board. FFO #40–#49, one worker: 741.6 M
/// nodes against 931.2 M (#49 248 M against 371 M, #45 183 M against 224 M; #40, #46 and #48
/// 0.1–0.4 % more); #20–#39 212.6 M against 218.7 M. Every move scored exactly (`analyze`,
/// docs/bench/review-8x8.ron after 34 / 36 / 38 moves): 2,102.9 M / 404.3 M / 46.4 M nodes
/// against 2,476.7 M / 442.8 M / 46.4 M, the same scores. On the cubes the pass cost more
/// than it saved: 6×6×6 set 159.4 M against 154.9 M, 4×4×4 221.9 M against 214.0 M (their
/// patterns predict the final margin less well).
pub(super) fn selective_pass_applies<const W: usize>(
    position: &Position<W>,
    depth: u32,
    searchers: &[Searcher<W>],
) -> bool {
    let geometry = searchers[0].geometry();
    let empties = position.empties(geometry).count();
    let to_the_end = depth >= empties;
    to_the_end
        && !geometry.shape().is_3d()
        && empties >= SELECTIVE_PASS_EMPTIES
        && searchers[0].exact_patterns.is_some()
}

/// A selective pass `depth` plies deep, to the end, over the root moves `order` (exact nodes
/// cut by ProbCut, [`Searcher::exact_probcut`]), `guess` being the last depth's best score:
/// reorders `order` by what it finds (the best first) and gives the best move's score, its
/// margin likely the exact one; `None` when stopped.
fn selective_pass<'a, const W: usize>(
    position: &Position<W>,
    (order, depth, guess): (&mut [(i32, usize)], u32, Option<i32>),
    split_flags: &'a SplitFlags,
    searchers: &mut [Searcher<'a, W>],
) -> Option<i32> {
    set_exact_probcut(searchers, Some(EXACT_MARGIN_DISCS));
    let pass = root_pvs(position, order, (depth, guess), split_flags, searchers);
    set_exact_probcut(searchers, None);
    let (best, values) = pass?;
    reorder(order, best.1, values);
    Some(best.0)
}

/// Makes every one of `searchers` cut exact nodes by ProbCut with `margin` discs (a
/// selective pass to the end), or none (`None`).
pub(super) fn set_exact_probcut<const W: usize>(
    searchers: &mut [Searcher<W>],
    margin: Option<i32>,
) {
    for searcher in searchers {
        searcher.exact_probcut = margin;
    }
}

/// Gives the root moves `order` their `values` from the last pass and sorts them: the `best`
/// first, then the others by their bounds (stable among equals).
fn reorder(order: &mut [(i32, usize)], best: usize, values: Vec<i32>) {
    for (entry, value) in order.iter_mut().zip(values) {
        entry.0 = value;
    }
    order.sort_by_key(|&(value, cell)| (cell != best, Reverse(value)));
}

fn total_nodes<const W: usize>(searchers: &[Searcher<W>]) -> u64 {
    searchers
        .iter()
        .map(|searcher| searcher.meter.nodes())
        .sum()
}

/// One depth of principal-variation search at the root over `order`, the first move's score
/// at the last depth being `guess` (the workers share out the best lines of the first move and
/// of any that proves better with `split_flags`): the best (score, move) and, per move of
/// `order`, its exact score or an upper bound; `None` when stopped.
fn root_pvs<'a, const W: usize>(
    position: &Position<W>,
    order: &[(i32, usize)],
    (depth, guess): (u32, Option<i32>),
    split_flags: &'a SplitFlags,
    searchers: &mut [Searcher<'a, W>],
) -> Option<((i32, usize), Vec<i32>)> {
    let (_, first) = *order.first()?;
    // The first move: every worker on it, its exact value within an aspiration window.
    let geometry = searchers[0].geometry();
    let child = position.play(geometry, first).expect("a legal move");
    let mut window = searchers[0].aspiration_window(&child, depth, guess);
    let first_value = loop {
        let (low, high) = window;
        let score = -split_value(searchers, split_flags, &child, depth - 1, (-high, -low), 1)?;
        match reopened(window, score) {
            Some(wider) => window = wider,
            None => break score,
        }
    };
    // The others, tested against the best so far in parallel as at a split node, with no
    // beta. A test against an older, lower best that fails low holds all the more.
    let best = Mutex::new(Best {
        value: first_value,
        cell: Some(first),
        alpha: first_value,
    });
    let children: Vec<(usize, Position<W>)> = order[1..]
        .iter()
        .map(|&(_, cell)| (cell, position.play(geometry, cell).expect("a legal move")))
        .collect();
    let others = (&children[..], split_flags);
    let values = test_the_others(searchers, others, (depth, 0), i32::MAX, &best)?;
    let best = best.into_inner().expect("never poisoned");
    let chosen = best.cell.expect("the first move at least");
    Some((
        (best.value, chosen),
        std::iter::once(first_value).chain(values).collect(),
    ))
}
