//! Young-brothers-wait helping: a worker of a solve left with no test of its own to start
//! waits at the help desk instead of searching a busy worker's move again. A busy worker at a
//! deep null-window node whose first move has not cut off offers the node's other moves
//! there when someone waits; the waiting workers join it, each searching one move at a time,
//! until the moves run out or one reaches beta, which stops the others.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::position::Position;

/// Nodes with at least this many plies left offer their moves to waiting workers: in an
/// exact solve, every node above the endgame solver. FFO #40–#49 on two workers, runs in turn:
/// 42.6 s and 39.2 s with 12, 47.0 s and 46.7 s with 14, 46.2 s and 46.2 s with 16.
pub(super) const HELP_DEPTH: u32 = 12;

/// Where waiting workers find a node's moves to search. One node is on offer at a time.
pub(super) struct HelpDesk<const W: usize> {
    /// Workers waiting for an offer.
    pub(super) waiting: AtomicUsize,
    /// Whether a node is on offer with moves left to hand out.
    pub(super) open: AtomicBool,
    /// The node on offer, kept until every worker on it has left.
    pub(super) offer: Mutex<Option<Arc<Offer<W>>>>,
    /// The next move of the node on offer to hand out.
    pub(super) next: AtomicUsize,
    /// Workers on the node on offer, its owner aside.
    pub(super) joined: AtomicUsize,
    /// The number of the last node on offer cut off: it stops the searches of its moves.
    pub(super) halted: AtomicU32,
    /// The number of the last node offered.
    pub(super) offered: AtomicU32,
    /// The best of the node's offered moves so far, and the moves whose searches were
    /// stopped before they finished.
    pub(super) found: Mutex<Found>,
}

/// A node whose moves are shared out.
pub(super) struct Offer<const W: usize> {
    /// Its number among the nodes offered, from 1 (what [`HelpDesk::halted`] is set to).
    pub(super) number: u32,
    /// The node's plies left and its plies below the root.
    pub(super) depth: u32,
    pub(super) ply: usize,
    /// The node's null window.
    pub(super) window: (i32, i32),
    pub(super) children: Vec<(usize, Position<W>)>,
}

/// What the workers found for the moves of the node on offer.
pub(super) struct Found {
    pub(super) best: Best,
    pub(super) unfinished: Vec<usize>,
}

impl Found {
    /// Nothing found yet for a node whose window starts at `alpha`.
    pub(super) fn nothing(alpha: i32) -> Self {
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
    pub(super) fn put(&self, mut offer: Offer<W>) -> Option<Arc<Offer<W>>> {
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
    pub(super) fn join(&self) -> Option<Arc<Offer<W>>> {
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
    pub(super) fn close(&self) -> (Best, Vec<usize>) {
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
    pub(super) fn halt(&self, number: u32) {
        self.halted.fetch_max(number, Ordering::Relaxed);
    }
}

/// The best value found at a node whose moves are searched in parallel so far, with its
/// move, and the window's low end.
#[derive(Clone, Copy)]
pub(super) struct Best {
    pub value: i32,
    pub cell: Option<usize>,
    pub alpha: i32,
}

impl Best {
    /// Takes in the value (or bound) `value` found for the move to `cell`.
    pub(super) fn raise(&mut self, cell: usize, value: i32) {
        if value > self.value {
            self.value = value;
            self.cell = Some(cell);
        }
        self.alpha = self.alpha.max(value);
    }
}
