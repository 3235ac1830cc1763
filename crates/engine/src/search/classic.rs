//! The seed's classic search (DESIGN §3): fixed-depth min/max from the root player's view with
//! plain α/β (or none), children ordered by the mobility-free evaluation, no transposition
//! table. One [`TaskSearch`] runs one task of the root split.

use std::sync::atomic::{AtomicBool, Ordering};

use super::counts::NodeCounts;
use crate::bits::Bits;
use crate::eval::Evaluator;
use crate::geometry::Geometry;
use crate::position::{Color, Position};

/// How many nodes pass between two looks at the cancel flag.
const CANCEL_POLL_NODES: u64 = 256;

/// The searcher of one task: its counters and reusable child lists (one per remaining depth,
/// so the recursion allocates nothing once they have grown).
pub struct TaskSearch<'a, const W: usize> {
    geometry: &'a Geometry<W>,
    evaluator: &'a Evaluator<W>,
    root_player: Color,
    alpha_beta: bool,
    cancel: &'a AtomicBool,
    cancelled: bool,
    /// Nodes visited, per remaining depth.
    pub counts: NodeCounts,
    children: Vec<Vec<Child<W>>>,
}

impl<'a, const W: usize> TaskSearch<'a, W> {
    /// A searcher for trees of at most `depth` plies, valued for `root_player`.
    pub fn new(
        geometry: &'a Geometry<W>,
        evaluator: &'a Evaluator<W>,
        root_player: Color,
        alpha_beta: bool,
        cancel: &'a AtomicBool,
        depth: u32,
    ) -> Self {
        TaskSearch {
            geometry,
            evaluator,
            root_player,
            alpha_beta,
            cancel,
            cancelled: false,
            counts: NodeCounts::new(depth),
            children: vec![Vec::new(); depth as usize + 1],
        }
    }

    /// Whether the cancel flag stopped the search (its values are then meaningless).
    pub fn cancelled(&self) -> bool {
        self.cancelled
    }

    /// The mobility-free evaluation of `position` for the root player (a task passes it to
    /// [`Self::search`], which updates it move by move).
    pub fn material(&self, position: &Position<W>) -> i32 {
        self.evaluator.material(position, self.root_player)
    }

    /// The full evaluation of a leaf for the root player.
    pub fn evaluate(&self, position: &Position<W>) -> i32 {
        self.evaluator
            .evaluate(self.geometry, position, self.root_player)
    }

    /// The min/max value of `position` (whose mobility-free evaluation is `material`)
    /// searched `depth` plies deep inside the window (`alpha`, `beta`). A pass uses a ply and
    /// is a node of its own; the game ends at the second pass in a row (`after_pass`), and is
    /// then evaluated like any leaf.
    pub fn search(
        &mut self,
        position: &Position<W>,
        material: i32,
        depth: u32,
        alpha: i32,
        beta: i32,
        after_pass: bool,
    ) -> i32 {
        self.counts.visit(depth);
        // The first node of every task looks too, so a task started late stops at once.
        let poll = self.counts.total() % CANCEL_POLL_NODES == 1;
        if poll && self.cancel.load(Ordering::Relaxed) {
            self.cancelled = true;
        }
        if self.cancelled {
            return 0;
        }
        if depth == 0 {
            return material
                + self
                    .evaluator
                    .mobility(self.geometry, position, self.root_player);
        }
        let moves = position.legal_moves(self.geometry);
        if moves.is_empty() {
            if after_pass {
                return material
                    + self
                        .evaluator
                        .mobility(self.geometry, position, self.root_player);
            }
            return self.search(&position.pass(), material, depth - 1, alpha, beta, true);
        }
        let maximizing = position.to_move == self.root_player;
        let mut children = std::mem::take(&mut self.children[depth as usize]);
        self.score_children(position, material, moves, maximizing, &mut children);
        let (mut alpha, mut beta) = (alpha, beta);
        let mut best = if maximizing { i32::MIN } else { i32::MAX };
        for index in 0..children.len() {
            let next = take_best(&mut children[index..]);
            let child = position.apply(next.cell, next.flips);
            let value = self.search(&child, next.material, depth - 1, alpha, beta, false);
            if maximizing {
                best = best.max(value);
                alpha = alpha.max(best);
            } else {
                best = best.min(value);
                beta = beta.min(best);
            }
            if self.cancelled || (self.alpha_beta && alpha >= beta) {
                break;
            }
        }
        self.children[depth as usize] = children;
        best
    }

    /// Fills `children` with every move of `position` in generation order, each with its
    /// mobility-free evaluation for the root player and its ordering key (lower is searched
    /// first: best first at a maximising node, worst first at a minimising one).
    fn score_children(
        &self,
        position: &Position<W>,
        material: i32,
        moves: Bits<W>,
        maximizing: bool,
        children: &mut Vec<Child<W>>,
    ) {
        children.clear();
        for cell in moves {
            let flips = self.geometry.flips(position.mover, position.opponent, cell);
            let material = self
                .evaluator
                .material_after(material, maximizing, cell, flips);
            let key = if maximizing { -material } else { material };
            children.push(Child {
                key,
                material,
                cell,
                flips,
            });
        }
    }
}

/// A move not yet searched: the position is only built when it is visited, since α/β often
/// cuts off after the first few.
#[derive(Clone, Copy, Debug)]
struct Child<const W: usize> {
    key: i32,
    material: i32,
    cell: usize,
    flips: Bits<W>,
}

/// Moves the child to search next to the front of `children`: the lowest key, the earliest in
/// generation order among equals. Rotating (not swapping) keeps the others in order, so taking
/// children one by one yields exactly a stable sort by key.
#[inline]
fn take_best<const W: usize>(children: &mut [Child<W>]) -> Child<W> {
    let mut best = 0;
    for (index, child) in children.iter().enumerate().skip(1) {
        if child.key < children[best].key {
            best = index;
        }
    }
    children[..=best].rotate_right(1);
    children[0]
}
