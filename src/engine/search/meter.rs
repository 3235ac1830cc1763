//! The node meter of one strong searcher: counts nodes per remaining depth and now and then
//! looks at the cancel flag, the deadline and the node budget.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::counts::NodeCounts;

/// How many nodes pass between two looks at the cancel flag and the budgets.
const POLL_NODES: u64 = 256;

/// Node counts and the reasons to stop.
pub(super) struct Meter<'a> {
    /// The nodes visited so far, per remaining depth.
    pub counts: NodeCounts,
    cancel: &'a AtomicBool,
    deadline: Option<Instant>,
    node_budget: Option<u64>,
    /// Whether the search must stop (cancelled or out of budget); values found after this
    /// are meaningless.
    pub stopped: bool,
}

impl<'a> Meter<'a> {
    /// A meter for up to `depth` plies that stops on `cancel`, at `deadline` or after
    /// `node_budget` nodes.
    pub fn new(
        depth: u32,
        cancel: &'a AtomicBool,
        deadline: Option<Instant>,
        node_budget: Option<u64>,
    ) -> Self {
        Meter {
            counts: NodeCounts::new(depth),
            cancel,
            deadline,
            node_budget,
            stopped: false,
        }
    }

    /// All nodes visited.
    pub fn nodes(&self) -> u64 {
        self.counts.total()
    }

    /// Counts a node with `depth` plies remaining (deeper ones count at the top level) and
    /// looks at the flag and the budgets every [`POLL_NODES`] nodes.
    #[inline(always)]
    pub fn visit(&mut self, depth: u32) {
        let top = self.counts.levels().len() as u32 - 1;
        self.counts.visit(depth.min(top));
        if self.nodes() % POLL_NODES == 1 {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            let spent = self.node_budget.is_some_and(|n| self.nodes() >= n);
            self.stopped |= late || spent || self.cancel.load(Ordering::Relaxed);
        }
    }
}
