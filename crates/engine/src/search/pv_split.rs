//! Principal-variation splitting: the workers of a solve share out the moves of the nodes on
//! the expected best line instead of all searching the same subtree. At such a node the first
//! move is searched first (splitting its own node the same way), then every worker takes one
//! of the other moves and tests it with a null window at the best value so far. A move that
//! fails high is the new expected best: the tests stop, all the workers search it again within
//! the window (splitting its own best line), then test the rest against its value; a move that
//! reaches beta stops the others. A worker with no move left to take waits at the help desk
//! for a deep node of another's test to share out its moves (`help_desk`). Nodes too shallow
//! to split are searched by every worker at once.
//! The root tests its other moves the same way.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use rayon::prelude::*;

use super::help_desk::Best;
use super::root_work::RootWork;
use super::searcher::{Searcher, trusted_move};
use super::tt::{Bound, hash};
use crate::position::Position;

/// Nodes with at least this many plies left split; shallower ones are searched by every
/// worker at once. FFO #40–#49 on two workers, pairs of runs: 30.2 s and 33.6 s with 12,
/// 33.5 s and 30.5 s with 11, 32.4 s and 30.8 s with 13, 34.5 s and 35.3 s with 16, against
/// 36.9 s and 37.7 s with every worker on the first root move's whole tree.
const SPLIT_DEPTH: u32 = 12;

/// The stop flags of the moves of the one split node whose moves are being tested at a time
/// (the nodes above it wait for it; the tests do not split, and a move that failed high is
/// searched again, splitting, only once its node's round of tests has ended).
pub(super) struct SplitFlags(Vec<AtomicU32>);

impl SplitFlags {
    /// Flags for nodes of at most `moves` moves.
    pub fn new(moves: usize) -> Self {
        SplitFlags((0..moves).map(|_| AtomicU32::new(0)).collect())
    }

    /// `count` flags, all down.
    pub fn fresh(&self, count: usize) -> &[AtomicU32] {
        let flags = &self.0[..count];
        for flag in flags {
            flag.store(0, Ordering::Relaxed);
        }
        flags
    }
}

/// The value of `position` searched `depth` plies deep within (`alpha`, `beta`) (fail-soft)
/// by all `searchers`, `ply` plies below the root; `None` when the search was stopped.
pub(super) fn split_value<'a, const W: usize>(
    searchers: &mut [Searcher<'a, W>],
    flags: &'a SplitFlags,
    position: &Position<W>,
    depth: u32,
    (alpha, beta): (i32, i32),
    ply: usize,
) -> Option<i32> {
    let geometry = searchers[0].geometry();
    let moves = position.legal_moves(geometry);
    if depth < SPLIT_DEPTH || searchers.len() < 2 || moves.count() < 2 {
        return together((searchers, flags), position, (depth, ply), (alpha, beta));
    }
    let left = position.empties(geometry).count();
    let key = hash(position);
    let first_searcher = &mut searchers[0];
    let entry = first_searcher.table.probe_key(key);
    if let Some(entry) = entry.filter(|entry| u32::from(entry.depth) >= depth) {
        let decides = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => entry.score >= beta,
            Bound::Upper => entry.score <= alpha,
        };
        if decides {
            return Some(entry.score);
        }
    }
    let mut list = Vec::new();
    first_searcher.list_moves(position, moves, (depth, depth >= left), &mut list);
    let table_move = entry
        .and_then(|entry| trusted_move(&entry, depth, left))
        .and_then(|cell| list.iter().position(|e| e.cell == cell));
    let rest = match table_move {
        Some(index) => {
            list.swap(0, index);
            1
        }
        None => 0,
    };
    first_searcher.order_moves(position, (depth, left), ply, &mut list[rest..]);
    let children: Vec<(usize, Position<W>)> = list
        .iter()
        .map(|entry| {
            let flips = searchers[0].flips_of(position, entry);
            (entry.cell, position.apply(entry.cell, flips))
        })
        .collect();
    let (first_cell, first_child) = children[0];
    let first = -split_value(
        searchers,
        flags,
        &first_child,
        depth - 1,
        (-beta, -alpha),
        ply + 1,
    )?;
    let best = Mutex::new(Best {
        value: first,
        cell: Some(first_cell),
        alpha: alpha.max(first),
    });
    if first < beta {
        let others = (&children[1..], flags);
        test_the_others(searchers, others, (depth, ply), beta, &best)?;
    }
    let best = best.into_inner().expect("never poisoned");
    let bound = if best.value <= alpha {
        Bound::Upper
    } else if best.value >= beta {
        Bound::Lower
    } else {
        Bound::Exact
    };
    let stored_depth = searchers[0].table_depth(depth, left);
    searchers[0]
        .table
        .store_key(key, stored_depth, best.value, bound, best.cell);
    Some(best.value)
}

/// Tests, in parallel, the moves of a node `depth` plies deep and `ply` below the root that
/// lead to `children` (all but its first, searched before) against the best value so far,
/// raising `best` with those that beat it: each worker takes the next move and tests it with a
/// null window. A move that fails high halts the tests (the unfinished ones are taken up again
/// later, against the better value) and is searched again within the window up to `beta` by
/// all the workers, splitting its own best line; a move reaching `beta` stops the others.
/// Gives each move's value or bound (after a cut-off only `best` counts); `None` when stopped.
pub(super) fn test_the_others<'a, const W: usize>(
    searchers: &mut [Searcher<'a, W>],
    (children, flags): (&[(usize, Position<W>)], &'a SplitFlags),
    (depth, ply): (u32, usize),
    beta: i32,
    best: &Mutex<Best>,
) -> Option<Vec<i32>> {
    let mut values: Vec<Option<i32>> = vec![None; children.len()];
    loop {
        let pending: Vec<usize> = (0..children.len())
            .filter(|&index| values[index].is_none())
            .collect();
        if pending.is_empty() || best.lock().expect("never poisoned").value >= beta {
            break;
        }
        let tests: Vec<(usize, Position<W>)> =
            pending.iter().map(|&index| children[index]).collect();
        let round = test_in_parallel(searchers, (&tests, flags), (depth, ply), beta, best);
        let unfinished = round.values.contains(&None);
        for (&index, value) in pending.iter().zip(round.values) {
            values[index] = value;
        }
        if let Some(tested) = round.failed_high {
            let (cell, child) = tests[tested];
            let alpha = best.lock().expect("never poisoned").alpha;
            let window = (-beta, -alpha);
            let value = -split_value(searchers, flags, &child, depth - 1, window, ply + 1)?;
            best.lock().expect("never poisoned").raise(cell, value);
            values[pending[tested]] = Some(value);
        } else if unfinished && best.lock().expect("never poisoned").value < beta {
            // Neither finished, nor halted: stopped.
            return None;
        }
    }
    Some(
        values
            .into_iter()
            .map(|value| value.unwrap_or(-i32::MAX))
            .collect(),
    )
}

/// What one round of parallel null-window tests found.
struct TestRound {
    /// Per move tested, its upper bound, or its value at or above beta, once finished.
    values: Vec<Option<i32>>,
    /// The move whose test failed high below beta and halted the round.
    failed_high: Option<usize>,
}

/// One round of [`test_the_others`] over the moves leading to `children`: the workers test
/// them in turn until they run out, until one fails high below `beta` (it halts the round,
/// stopping the other tests) or one reaches `beta`.
fn test_in_parallel<'a, const W: usize>(
    searchers: &mut [Searcher<'a, W>],
    (children, flags): (&[(usize, Position<W>)], &'a SplitFlags),
    (depth, ply): (u32, usize),
    beta: i32,
    best: &Mutex<Best>,
) -> TestRound {
    let finished = flags.fresh(children.len());
    let work = RootWork::new(
        depth,
        (0..children.len()).collect(),
        finished,
        vec![None; children.len()],
    );
    let halted = AtomicBool::new(false);
    let failed_high = Mutex::new(None);
    let halt = || {
        halted.store(true, Ordering::Relaxed);
        for flag in finished {
            flag.fetch_max(depth, Ordering::Release);
        }
    };
    let values: Vec<Mutex<Option<i32>>> = children.iter().map(|_| Mutex::new(None)).collect();
    searchers.par_iter_mut().for_each(|searcher| {
        while !halted.load(Ordering::Relaxed) {
            let next = work.take_new().or_else(|| match searcher.help_desk {
                Some(desk) => {
                    let done = || halted.load(Ordering::Relaxed) || !work.in_progress();
                    searcher.help_until(desk, done);
                    None
                }
                None => work.take(),
            });
            let Some(index) = next else {
                return;
            };
            let (cell, child) = children[index];
            searcher.meter.watch(work.finished_flag(index), depth);
            let bound = best.lock().expect("never poisoned").alpha;
            let value = -searcher.negamax(&child, depth - 1, -bound - 1, -bound, ply + 1);
            let done = !searcher.meter.stopped;
            searcher.meter.unwatch();
            if done && value > bound && value < beta {
                let mut first = failed_high.lock().expect("never poisoned");
                if first.is_none() && !halted.load(Ordering::Relaxed) {
                    *first = Some(index);
                    halt();
                }
                work.leave(index, None);
            } else {
                if done {
                    *values[index].lock().expect("never poisoned") = Some(value);
                    best.lock().expect("never poisoned").raise(cell, value);
                    if value >= beta {
                        halt();
                    }
                }
                work.leave(index, done.then_some(value));
            }
            if searcher.meter.stopped {
                return;
            }
        }
    });
    TestRound {
        values: values
            .into_iter()
            .map(|value| value.into_inner().expect("never poisoned"))
            .collect(),
        failed_high: failed_high.into_inner().expect("never poisoned"),
    }
}

/// The value of `position` searched by every worker at once (they share the table and
/// spread over its subtrees); the first to finish gives it.
fn together<'a, const W: usize>(
    (searchers, flags): (&mut [Searcher<'a, W>], &'a SplitFlags),
    position: &Position<W>,
    (depth, ply): (u32, usize),
    (alpha, beta): (i32, i32),
) -> Option<i32> {
    let finished = flags.fresh(1);
    let work = RootWork::new(1, vec![0], finished, vec![None]);
    searchers.par_iter_mut().for_each(|searcher| {
        while let Some(index) = work.take() {
            searcher.meter.watch(work.finished_flag(index), 1);
            let value = searcher.negamax(position, depth, alpha, beta, ply);
            let done = !searcher.meter.stopped;
            searcher.meter.unwatch();
            work.leave(index, done.then_some(value));
            if searcher.meter.stopped {
                return;
            }
        }
    });
    Some(work.scores()?[0])
}
