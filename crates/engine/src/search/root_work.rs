//! How the workers of a strong analysis share the root moves of one depth: each takes the
//! next move nobody has started (the best of the last depth first); when none is left, it
//! helps with the unfinished move that has the fewest workers on it. All workers share one
//! table, so a helper speeds up the worker it joins (lazy SMP) and root moves without
//! helpers are split as before. The first worker to finish a move records its score; the
//! others on it drop their search. A solve hands out its null-window tests the same way, but
//! a worker left without one to start waits at the help desk instead of joining a test.

use std::sync::atomic::{AtomicI32, AtomicU32, AtomicUsize, Ordering};

/// The root moves of one depth and who works on them.
pub(super) struct RootWork<'a> {
    /// The depth being searched.
    pub depth: u32,
    /// Root move indices in the order they are handed out.
    order: Vec<usize>,
    next: AtomicUsize,
    workers_on: Vec<AtomicUsize>,
    scores: Vec<AtomicI32>,
    /// Per root move, the deepest depth it has been finished to (kept across depths).
    finished: &'a [AtomicU32],
    /// Per root move, its score at the last depth.
    guesses: Vec<Option<i32>>,
}

impl<'a> RootWork<'a> {
    /// The work of `depth` over the root moves whose finished depths are `finished`, handed
    /// out in `order`, with their scores at the last depth as `guesses`.
    pub fn new(
        depth: u32,
        order: Vec<usize>,
        finished: &'a [AtomicU32],
        guesses: Vec<Option<i32>>,
    ) -> Self {
        RootWork {
            depth,
            order,
            next: AtomicUsize::new(0),
            workers_on: finished.iter().map(|_| AtomicUsize::new(0)).collect(),
            scores: finished.iter().map(|_| AtomicI32::new(0)).collect(),
            finished,
            guesses,
        }
    }

    /// The score root move `index` had at the last depth.
    pub fn guess(&self, index: usize) -> Option<i32> {
        self.guesses[index]
    }

    /// A root move for a worker: the next one nobody has started, else the unfinished one
    /// with the fewest workers; `None` once every move is finished.
    pub fn take(&self) -> Option<usize> {
        if let Some(index) = self.take_new() {
            return Some(index);
        }
        let index = (0..self.finished.len())
            .filter(|&index| !self.is_finished(index))
            .min_by_key(|&index| self.workers_on[index].load(Ordering::Relaxed))?;
        self.workers_on[index].fetch_add(1, Ordering::Relaxed);
        Some(index)
    }

    /// The next root move nobody has started, if any is left.
    pub fn take_new(&self) -> Option<usize> {
        let turn = self.next.fetch_add(1, Ordering::Relaxed);
        let &index = self.order.get(turn)?;
        self.workers_on[index].fetch_add(1, Ordering::Relaxed);
        Some(index)
    }

    /// Whether some worker is still on an unfinished move.
    pub fn in_progress(&self) -> bool {
        (0..self.finished.len()).any(|index| {
            !self.is_finished(index) && self.workers_on[index].load(Ordering::Relaxed) > 0
        })
    }

    /// The flag that tells the workers on root move `index` that it is finished.
    pub fn finished_flag(&self, index: usize) -> &'a AtomicU32 {
        &self.finished[index]
    }

    /// A worker leaves root move `index`, with its score unless its search was stopped.
    pub fn leave(&self, index: usize, score: Option<i32>) {
        if let Some(score) = score {
            // Every finished search of a move at a depth finds the same exact score (a test,
            // a bound that holds whichever finishes).
            self.scores[index].store(score, Ordering::Relaxed);
            self.finished[index].fetch_max(self.depth, Ordering::Release);
        }
        self.workers_on[index].fetch_sub(1, Ordering::Relaxed);
    }

    fn is_finished(&self, index: usize) -> bool {
        self.finished[index].load(Ordering::Acquire) >= self.depth
    }

    /// The scores of all root moves, or `None` unless every move was finished (the search
    /// was stopped).
    pub fn scores(&self) -> Option<Vec<i32>> {
        (0..self.finished.len())
            .map(|index| {
                self.is_finished(index)
                    .then(|| self.scores[index].load(Ordering::Relaxed))
            })
            .collect()
    }
}
