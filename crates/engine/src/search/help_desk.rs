//! Young-brothers-wait helping: a worker of a solve left with no test of its own to start
//! waits at the help desk instead of searching a busy worker's move again. A busy worker at a
//! deep null-window node whose first move has not cut off offers the node's other moves
//! there when someone waits; the waiting workers join it, each searching one move at a time,
//! until the moves run out or one reaches beta, which stops the others.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::ordering::ListedMove;
use super::pv_split::Best;
use super::strong::Searcher;
use crate::position::Position;

/// Nodes with at least this many plies left offer their moves to waiting workers: in an
/// exact solve, every node above the endgame solver. FFO #40–#49 on two workers, runs in turn:
/// 42.6 s and 39.2 s with 12, 47.0 s and 46.7 s with 14, 46.2 s and 46.2 s with 16.
const HELP_DEPTH: u32 = 12;

/// Where waiting workers find a node's moves to search. One node is on offer at a time.
pub(super) struct HelpDesk<const W: usize> {
    /// Workers waiting for an offer.
    waiting: AtomicUsize,
    /// Whether a node is on offer with moves left to hand out.
    open: AtomicBool,
    /// The node on offer, kept until every worker on it has left.
    offer: Mutex<Option<Arc<Offer<W>>>>,
    /// The next move of the node on offer to hand out.
    next: AtomicUsize,
    /// Workers on the node on offer, its owner aside.
    joined: AtomicUsize,
    /// The number of the last node on offer cut off: it stops the searches of its moves.
    halted: AtomicU32,
    /// The number of the last node offered.
    offered: AtomicU32,
    /// The best of the node's offered moves so far, and the moves whose searches were
    /// stopped before they finished.
    found: Mutex<Found>,
}

/// A node whose moves are shared out.
struct Offer<const W: usize> {
    /// Its number among the nodes offered, from 1 (what [`HelpDesk::halted`] is set to).
    number: u32,
    /// The node's plies left and its plies below the root.
    depth: u32,
    ply: usize,
    /// The node's null window.
    window: (i32, i32),
    children: Vec<(usize, Position<W>)>,
}

/// What the workers found for the moves of the node on offer.
struct Found {
    best: Best,
    unfinished: Vec<usize>,
}

impl Found {
    /// Nothing found yet for a node whose window starts at `alpha`.
    fn nothing(alpha: i32) -> Self {
        let best = Best {
            value: i32::MIN,
            cell: None,
            alpha,
        };
        Found {
            best,
            unfinished: Vec::new(),
        }
    }
}

impl<const W: usize> HelpDesk<W> {
    /// A desk with nothing on offer.
    pub fn new() -> Self {
        HelpDesk {
            waiting: AtomicUsize::new(0),
            open: AtomicBool::new(false),
            offer: Mutex::new(None),
            next: AtomicUsize::new(0),
            joined: AtomicUsize::new(0),
            halted: AtomicU32::new(0),
            offered: AtomicU32::new(0),
            found: Mutex::new(Found::nothing(0)),
        }
    }

    /// Whether a node `depth` plies deep with the window (`alpha`, `beta`) should offer its
    /// other moves now.
    #[inline]
    pub fn wanted(&self, depth: u32, (alpha, beta): (i32, i32)) -> bool {
        depth >= HELP_DEPTH && alpha + 1 == beta && self.waiting.load(Ordering::Relaxed) > 0
    }

    /// Puts `offer` on the desk unless another node is on it; its number when it was put.
    fn put(&self, mut offer: Offer<W>) -> Option<Arc<Offer<W>>> {
        let mut slot = self.offer.lock().expect("never poisoned");
        if slot.is_some() {
            return None;
        }
        offer.number = self.offered.fetch_add(1, Ordering::Relaxed) + 1;
        let offer = Arc::new(offer);
        self.next.store(0, Ordering::Relaxed);
        *self.found.lock().expect("never poisoned") = Found::nothing(offer.window.0);
        *slot = Some(Arc::clone(&offer));
        self.open.store(true, Ordering::Release);
        Some(offer)
    }

    /// Joins the node on offer if it has moves left.
    fn join(&self) -> Option<Arc<Offer<W>>> {
        if !self.open.load(Ordering::Relaxed) {
            return None;
        }
        let slot = self.offer.lock().expect("never poisoned");
        let offer = slot.as_ref()?;
        let open = self.open.load(Ordering::Relaxed);
        if !open || self.next.load(Ordering::Relaxed) >= offer.children.len() {
            return None;
        }
        self.joined.fetch_add(1, Ordering::Relaxed);
        Some(Arc::clone(offer))
    }

    /// Closes the node on offer once its owner has no move left to take: waits for the
    /// workers on it to leave, then clears the desk. The best found and the moves left
    /// unfinished.
    fn close(&self) -> (Best, Vec<usize>) {
        {
            // Workers join under the lock: none joins once it is closed under it.
            let _slot = self.offer.lock().expect("never poisoned");
            self.open.store(false, Ordering::Relaxed);
        }
        while self.joined.load(Ordering::Acquire) > 0 {
            std::hint::spin_loop();
        }
        let mut found = self.found.lock().expect("never poisoned");
        let unfinished = std::mem::take(&mut found.unfinished);
        *self.offer.lock().expect("never poisoned") = None;
        (found.best, unfinished)
    }

    /// Stops the searches of the offered node's moves.
    fn halt(&self, number: u32) {
        self.halted.fetch_max(number, Ordering::Relaxed);
    }
}

impl<'a, const W: usize> Searcher<'a, W> {
    /// Once the first of the listed moves of `position` (`depth` plies deep with `left`
    /// empty cells, `ply` below the root) has been searched without a cut-off within the
    /// null `window`: if a worker waits at the help desk, orders the other moves (unless
    /// `ordered`) and searches them with it, recording a cut-off in the history. Their best
    /// (value, move), or `None` when no help is wanted or can be had (the caller searches
    /// them).
    pub(super) fn search_rest_with_help(
        &mut self,
        position: &Position<W>,
        (list, ordered): (&mut [ListedMove<W>], &mut bool),
        (depth, left, ply): (u32, u32, usize),
        window: (i32, i32),
    ) -> Option<(i32, Option<usize>)> {
        let desk = self
            .help_desk
            .filter(|desk| list.len() > 2 && desk.wanted(depth, window))?;
        if !*ordered {
            self.order_moves(position, (depth, left), ply, &mut list[1..]);
            *ordered = true;
        }
        let children = list[1..]
            .iter()
            .map(|entry| {
                let child = position.apply(entry.cell, self.flips_of(position, entry));
                (entry.cell, child)
            })
            .collect();
        let offer = desk.put(Offer {
            number: 0,
            depth,
            ply,
            window,
            children,
        })?;
        self.search_offered(desk, &offer);
        if self.meter.stopped {
            desk.halt(offer.number);
        }
        let (mut best, unfinished) = desk.close();
        let beta = window.1;
        if best.value < beta && !self.meter.stopped {
            // Moves a helper could not finish (out of its budget) are searched here.
            for index in unfinished {
                let (cell, child) = offer.children[index];
                best.raise(
                    cell,
                    -self.negamax(&child, depth - 1, -beta, -window.0, ply + 1),
                );
                if best.value >= beta {
                    break;
                }
            }
        }
        if best.value >= beta && !self.meter.stopped {
            let cell = best.cell.expect("a move reached beta");
            self.history.record_cutoff(ply, cell, depth);
        }
        Some((best.value, best.cell))
    }

    /// Waits at `desk` and searches the moves of the nodes put on offer until `done`.
    pub(super) fn help_until(&mut self, desk: &'a HelpDesk<W>, done: impl Fn() -> bool) {
        desk.waiting.fetch_add(1, Ordering::Relaxed);
        while !done() && !self.meter.stopped {
            match desk.join() {
                Some(offer) => {
                    desk.waiting.fetch_sub(1, Ordering::Relaxed);
                    self.search_offered(desk, &offer);
                    desk.joined.fetch_sub(1, Ordering::Release);
                    desk.waiting.fetch_add(1, Ordering::Relaxed);
                }
                None => std::hint::spin_loop(),
            }
        }
        desk.waiting.fetch_sub(1, Ordering::Relaxed);
    }

    /// Takes the moves of `offer` one at a time and searches them, until none is left, the
    /// node is cut off or this search is stopped.
    fn search_offered(&mut self, desk: &'a HelpDesk<W>, offer: &Offer<W>) {
        let (alpha, beta) = offer.window;
        self.meter.watch(&desk.halted, offer.number);
        while !self.meter.stopped {
            let index = desk.next.fetch_add(1, Ordering::Relaxed);
            let Some(&(cell, child)) = offer.children.get(index) else {
                break;
            };
            let value = -self.negamax(&child, offer.depth - 1, -beta, -alpha, offer.ply + 1);
            let mut found = desk.found.lock().expect("never poisoned");
            if self.meter.stopped {
                found.unfinished.push(index);
                break;
            }
            found.best.raise(cell, value);
            if value >= beta {
                desk.halt(offer.number);
            }
        }
        self.meter.unwatch();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::obf::parse_obf;
    use crate::search::endgame::margin_of_score;
    use crate::search::meter::Meter;
    use crate::search::solve::SOLVER_ORDERING;
    use crate::search::strong::{Shared, StrongSettings};
    use crate::{Geometry, Rules};
    use std::time::Instant;

    /// A helper that runs out of nodes in the middle of offered moves leaves them unfinished
    /// at the desk; the nodes' owner searches those moves itself and the score stays exact.
    #[test]
    fn the_owner_searches_the_moves_its_helper_left_unfinished() {
        let geometry = Geometry::<1>::new("8x8".parse().unwrap());
        let suite = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/ffo.obf"
        ))
        .unwrap();
        // FFO #13–#19: 16 empty cells, four plies of nodes that offer their moves.
        let mut left_unfinished = 0;
        for line in suite
            .lines()
            .filter(|l| !l.starts_with('#'))
            .skip(12)
            .take(7)
        {
            let scored = parse_obf(line).unwrap();
            let position = scored.setup.position(&geometry);
            let left = position.empties(&geometry).count();
            let settings = StrongSettings::new(left, Rules::Classic, SOLVER_ORDERING);
            let cancel = AtomicBool::new(false);
            let shared = Shared::new(&settings, 2);
            let desk = HelpDesk::new();
            let worker = || {
                let mut searcher =
                    Searcher::new(&geometry, &settings, &shared, left, &cancel, Instant::now());
                searcher.help_desk = Some(&desk);
                searcher
            };
            let mut owner = worker();
            let mut helper = worker();
            let done = AtomicBool::new(false);
            let score = std::thread::scope(|scope| {
                scope.spawn(|| {
                    // Each move the helper takes, it stops at its first node and leaves.
                    while !done.load(Ordering::Relaxed) {
                        helper.meter = Meter::new(left, &cancel, None, Some(1));
                        helper.help_until(&desk, || done.load(Ordering::Relaxed));
                        left_unfinished += helper.meter.nodes();
                    }
                });
                while desk.waiting.load(Ordering::Relaxed) == 0 {
                    std::hint::spin_loop();
                }
                let score = owner.negamax(&position, left, -i32::MAX, i32::MAX, 0);
                done.store(true, Ordering::Relaxed);
                score
            });
            assert_eq!(Some(margin_of_score(score)), scored.best_score(), "{line}");
        }
        // Whether the helper gets a move of a given position depends on the threads' timing
        // (a busy machine may leave it unscheduled); over the seven it has in every run tried.
        assert!(left_unfinished > 0, "the helper took no move");
    }
}
