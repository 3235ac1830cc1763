//! Node counters, in total and per remaining depth.

use std::ops::AddAssign;

/// How many nodes a search visited, per remaining depth (index 0 holds the leaves).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct NodeCounts {
    levels: Vec<u64>,
    total: u64,
}

impl NodeCounts {
    /// Zero counts for a search of at most `depth` plies.
    pub fn new(depth: u32) -> Self {
        NodeCounts {
            levels: vec![0; depth as usize + 1],
            total: 0,
        }
    }

    /// Counts one node with `depth` plies remaining.
    #[inline(always)]
    pub fn visit(&mut self, depth: u32) {
        self.levels[depth as usize] += 1;
        self.total += 1;
    }

    /// Counts `nodes` nodes with `depth` plies remaining.
    pub fn add(&mut self, depth: u32, nodes: u64) {
        self.levels[depth as usize] += nodes;
        self.total += nodes;
    }

    /// All nodes.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// Nodes per remaining depth, from the leaves (0) up to the root.
    pub fn levels(&self) -> &[u64] {
        &self.levels
    }
}

impl AddAssign<&NodeCounts> for NodeCounts {
    fn add_assign(&mut self, other: &NodeCounts) {
        if self.levels.len() < other.levels.len() {
            self.levels.resize(other.levels.len(), 0);
        }
        for (mine, theirs) in self.levels.iter_mut().zip(&other.levels) {
            *mine += theirs;
        }
        self.total += other.total;
    }
}
