//! Enhanced transposition cut-offs: before a node searches any move, it looks its children
//! up, and a child whose value is already bounded low enough proves the node fails high.

use super::endgame::SOLVER_EMPTIES;
use super::listed::ListedMove;
use super::searcher::Searcher;
use super::tt::{Bound, hash};
use crate::position::Position;

/// Nodes with at least this many plies left look for an enhanced transposition cut-off.
pub(super) const ETC_DEPTH: u32 = 8;

impl<const W: usize> Searcher<'_, W> {
    /// Enhanced transposition cut-off: a child whose table entry already bounds its value low
    /// enough (deep enough) proves this node's value at least `beta` without a search. The
    /// children of an exact node that the endgame solver would solve are looked up in its
    /// table instead, the search's own never holding them.
    pub(super) fn transposition_cutoff(
        &mut self,
        position: &Position<W>,
        list: &[ListedMove<W>],
        (depth, left): (u32, u32),
        beta: i32,
    ) -> Option<i32> {
        // Every child's slot is asked for before the first is read, so that the memory waits
        // overlap.
        if depth >= left && left - 1 <= SOLVER_EMPTIES {
            let child =
                |entry: &ListedMove<W>| position.apply(entry.cell, self.flips_of(position, entry));
            for entry in list {
                self.endgame.prefetch(&child(entry), left - 1);
            }
            return list.iter().find_map(|entry| {
                let upper = self.endgame.known_upper_bound(&child(entry), left - 1)?;
                (-upper >= beta).then_some(-upper)
            });
        }
        let mut keys = std::mem::take(&mut self.child_keys);
        keys.clear();
        keys.extend(list.iter().map(|entry| {
            let key = hash(&position.apply(entry.cell, self.flips_of(position, entry)));
            self.table.prefetch(key);
            key
        }));
        let cutoff = keys.iter().find_map(|&key| {
            let entry = self.table.probe_key(key)?;
            let bounds_above = matches!(entry.bound, Bound::Exact | Bound::Upper);
            (bounds_above && u32::from(entry.depth) + 1 >= depth && -entry.score >= beta)
                .then_some(-entry.score)
        });
        self.child_keys = keys;
        cutoff
    }
}
