//! "What is every move's exact score?" — the question of the Moves panel and `analyze`:
//! iterative deepening with every root move searched with a full window at each depth, the
//! workers sharing out the root moves (`root_work`). Before an exact depth on a 2D board, a
//! selective pass to the end gives each move its likely score (as a solve's does, `solve`).

use std::sync::atomic::{AtomicBool, AtomicU32};
use std::time::Instant;

use rayon::prelude::*;

use super::analysis::Analysis;
use super::iterations::Iterations;
use super::probcut::EXACT_MARGIN_DISCS;
use super::root_work::RootWork;
use super::searcher::{NEXT_DEPTH_COST, Searcher, Shared, root_moves, total_counts};
use super::settings::StrongSettings;
use super::solve::{selective_pass_applies, set_exact_probcut};
use crate::{Geometry, Position};

/// Analyses `position` with the strong search: iterative deepening up to `settings.depth`
/// (or to the end of the game when few cells are empty), every root move scored exactly at
/// each finished depth, one worker per thread of the current rayon pool. `on_update` sees the
/// analysis after every finished depth; the cancel flag or a budget stops it, keeping the last
/// finished depth.
pub fn analyze_strong<const W: usize>(
    geometry: &Geometry<W>,
    position: &Position<W>,
    settings: &StrongSettings,
    cancel: &AtomicBool,
    on_update: &(dyn Fn(&Analysis) + Sync),
) -> Analysis {
    let clock = Instant::now();
    let depths = Iterations::of(geometry, position, settings);
    let target = depths.target;
    let cells = root_moves(geometry, position, settings);
    // One searcher per worker, all on one table; the workers share out the root moves of
    // each depth and help each other once none is left untouched (see RootWork). Every root
    // move gets an exact score, so the scores do not depend on the number of workers.
    let workers = rayon::current_num_threads().max(1);
    let shared = Shared::new(settings, workers);
    let finished: Vec<AtomicU32> = cells.iter().map(|_| AtomicU32::new(0)).collect();
    // The root moves finished by the selective pass, if any: their own flags, as the pass is
    // as deep as the exact depth after it.
    let finished_selectively: Vec<AtomicU32> = cells.iter().map(|_| AtomicU32::new(0)).collect();
    let mut searchers: Vec<Searcher<W>> = (0..workers)
        .map(|_| Searcher::new(geometry, settings, &shared, target, cancel, clock))
        .collect();
    let mut order: Vec<usize> = (0..cells.len()).collect();
    // The scores of the last two depths: a move's score two plies back is the better guess,
    // as evaluations swing with the side that moves last.
    let mut guesses = [vec![None; cells.len()], vec![None; cells.len()]];
    let mut result = Analysis::unscored(&cells, target);
    for depth in depths {
        if selective_pass_applies(position, depth, &searchers) {
            set_exact_probcut(&mut searchers, Some(EXACT_MARGIN_DISCS));
            let pass = (depth, &finished_selectively[..], guesses[0].clone());
            let scores = score_root_moves(&mut searchers, (position, &cells), pass, &mut order);
            set_exact_probcut(&mut searchers, None);
            let Some(scores) = scores else {
                result.cancelled = true;
                break;
            };
            // Each move's likely exact score: the exact depth's aspiration around it.
            let likely: Vec<Option<i32>> = scores.into_iter().map(Some).collect();
            let mut report = selective_report(&result, depth, &likely);
            report.nodes = total_counts(&searchers, target);
            report.elapsed = clock.elapsed();
            on_update(&report);
            guesses = [likely.clone(), likely];
        }
        let pass = (depth, &finished[..], guesses[0].clone());
        let Some(scores) = score_root_moves(&mut searchers, (position, &cells), pass, &mut order)
        else {
            result.cancelled = true;
            break;
        };
        guesses = [
            std::mem::take(&mut guesses[1]),
            scores.iter().copied().map(Some).collect(),
        ];
        result.depth = depth;
        for (scored, score) in result.moves.iter_mut().zip(scores) {
            scored.score = Some(score);
        }
        result.finished = true;
        if let Some(best) = result.choose(None) {
            let exact = depth >= position.empties(geometry).count();
            let value = result.moves.iter().find(|scored| scored.cell == best);
            let value = value.and_then(|scored| scored.score).filter(|_| exact);
            result.line = searchers[0].principal_line(position, best, depth as usize, value);
        }
        let before = result.nodes.total();
        result.nodes = total_counts(&searchers, target);
        result.elapsed = clock.elapsed();
        on_update(&result);
        // Room for the next depth, which costs a few times this one.
        if depth < target {
            shared
                .table
                .fit_to(NEXT_DEPTH_COST * (result.nodes.total() - before));
        }
    }
    result.nodes = total_counts(&searchers, target);
    result.elapsed = clock.elapsed();
    result
}

/// What a selective pass `depth` plies deep found, the `likely` score of every move, for
/// `on_update` while the exact pass runs (`result` keeps the last finished depth).
fn selective_report(result: &Analysis, depth: u32, likely: &[Option<i32>]) -> Analysis {
    let mut report = result.clone();
    for (scored, &score) in report.moves.iter_mut().zip(likely) {
        scored.score = score;
    }
    report.depth = depth;
    report.finished = true;
    report.selective = true;
    report.line.clear();
    report
}

/// One pass over the root moves `cells` of `position`, `depth` plies deep, by all the
/// `searchers` on their shared table (a new generation of it): the moves handed out in
/// `order`, their finished depths in `finished`, their last scores `guesses`. Gives every
/// move's score and sorts `order` by them, best first (stable among equals); `None` when
/// stopped.
fn score_root_moves<'a, const W: usize>(
    searchers: &mut [Searcher<'a, W>],
    (position, cells): (&Position<W>, &[usize]),
    (depth, finished, guesses): (u32, &'a [AtomicU32], Vec<Option<i32>>),
    order: &mut [usize],
) -> Option<Vec<i32>> {
    searchers[0].table.next_generation();
    let work = RootWork::new(depth, order.to_vec(), finished, guesses);
    searchers
        .par_iter_mut()
        .for_each(|searcher| searcher.search_root_moves(position, cells, &work));
    let scores = work.scores()?;
    order.sort_by_key(|&index| std::cmp::Reverse(scores[index]));
    Some(scores)
}

impl<'a, const W: usize> Searcher<'a, W> {
    /// Takes root moves from `work` until every one is finished (or the search is stopped),
    /// searching each with a full window for its exact score.
    pub(super) fn search_root_moves(
        &mut self,
        position: &Position<W>,
        cells: &[usize],
        work: &RootWork<'a>,
    ) {
        self.history.age();
        while let Some(index) = work.take() {
            self.meter.watch(work.finished_flag(index), work.depth);
            let child = position
                .play(self.geometry, cells[index])
                .expect("root moves are legal");
            let score = self.root_move_score(&child, work.depth, work.guess(index));
            let finished = !self.meter.stopped;
            self.meter.unwatch();
            work.leave(index, finished.then_some(score));
            if self.meter.stopped {
                return;
            }
        }
    }
}
