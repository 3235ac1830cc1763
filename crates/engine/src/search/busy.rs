//! Which positions some worker is searching right now (simplified ABDADA): a worker that meets
//! a busy position among the later moves of a node searches it last, so that two workers on
//! the same root move spread over different subtrees instead of repeating each other's work.

use std::sync::atomic::{AtomicU64, Ordering};

use super::tt::hash;
use crate::position::Position;

/// Slots of the busy set (a power of two); a collision only costs a little ordering quality.
const SLOTS: usize = 1 << 14;

/// Hashes of the positions being searched, one per slot.
pub(super) struct BusySet {
    slots: Vec<AtomicU64>,
}

impl BusySet {
    /// An empty set.
    pub fn new() -> Self {
        BusySet {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Marks `position` as being searched; returns the key to [`Self::leave`] it with.
    #[inline]
    pub fn enter<const W: usize>(&self, position: &Position<W>) -> u64 {
        let key = hash(position);
        self.slot(key).store(key, Ordering::Relaxed);
        key
    }

    /// Unmarks the position entered with `key` (unless another has taken its slot since).
    #[inline]
    pub fn leave(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Whether some worker is searching `position`.
    #[inline]
    pub fn is_busy<const W: usize>(&self, position: &Position<W>) -> bool {
        let key = hash(position);
        self.slot(key).load(Ordering::Relaxed) == key
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[key as usize & (SLOTS - 1)]
    }
}
