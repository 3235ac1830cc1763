//! The node meter of one strong searcher: counts nodes per remaining depth and now and then
//! looks at the cancel flag, the deadline, the node budget and whether the work this search
//! is part of is no longer needed (another worker finished the root move, a helped node was
//! cut off).

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
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
    /// Flags watched, innermost last, each with the value that ends the search: the depth a
    /// root move has been finished to (by any worker) against the depth this search is for,
    /// or the last halted helped node against this one's number. Once one meets its value,
    /// this search is no longer needed.
    watched: Vec<(&'a AtomicU32, u32)>,
    /// Whether the search must stop (cancelled, out of budget or no longer needed); values
    /// found after this are meaningless.
    pub stopped: bool,
    /// The node count at which the next look at the flag and the budgets is due.
    next_poll: u64,
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
            watched: Vec::new(),
            stopped: false,
            next_poll: 1,
        }
    }

    /// Stops the coming search as soon as `flag` reaches `value` (another worker finished the
    /// same root move; a helped node was cut off), as well as for the flags already watched.
    pub fn watch(&mut self, flag: &'a AtomicU32, value: u32) {
        self.watched.push((flag, value));
    }

    /// Ends the innermost watched search: the meter stops again only for the flags still
    /// watched, the cancel flag or a budget.
    pub fn unwatch(&mut self) {
        self.watched.pop();
        self.stopped = self.outdated() || self.must_stop();
    }

    /// All nodes visited.
    pub fn nodes(&self) -> u64 {
        self.counts.total()
    }

    /// Counts a node with `depth` plies remaining (deeper ones count at the top level) and
    /// looks at the flag and the budgets every [`POLL_NODES`] nodes.
    #[inline(always)]
    pub fn visit(&mut self, depth: u32) {
        self.counts.visit(self.level(depth));
        self.poll_when_due();
    }

    /// Counts `nodes` nodes searched elsewhere with `depth` plies remaining (the shallow
    /// searches that ordered a node's moves or predicted a root move's margin) at that level.
    pub fn add(&mut self, depth: u32, nodes: u64) {
        self.counts.add(self.level(depth), nodes);
        self.poll_when_due();
    }

    /// Looks at the flag and the budgets once [`POLL_NODES`] nodes have passed since the
    /// last look.
    #[inline(always)]
    fn poll_when_due(&mut self) {
        if self.nodes() >= self.next_poll {
            self.next_poll = self.nodes() + POLL_NODES;
            self.stopped |= self.outdated() || self.must_stop();
        }
    }

    /// Whether a watched flag has reached its value.
    fn outdated(&self) -> bool {
        self.watched
            .iter()
            .any(|&(flag, value)| flag.load(Ordering::Relaxed) >= value)
    }

    /// The level a node with `depth` plies remaining counts at: deeper ones at the top.
    #[inline(always)]
    fn level(&self, depth: u32) -> u32 {
        depth.min(self.counts.levels().len() as u32 - 1)
    }

    /// Whether the cancel flag is up or a budget is spent.
    fn must_stop(&self) -> bool {
        let late = self.deadline.is_some_and(|d| Instant::now() >= d);
        let spent = self.node_budget.is_some_and(|n| self.nodes() >= n);
        late || spent || self.cancel.load(Ordering::Relaxed)
    }
}
