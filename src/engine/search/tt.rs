//! A bounded transposition table: a fixed array of entries sized in megabytes, one slot per
//! hash bucket, replaced when the new entry is at least as deep or comes from a newer search.

use crate::engine::position::Position;

/// What a stored score means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// The value is at least this (a cut-off).
    Lower,
    /// The value is at most this (no move reached alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    /// The score from the mover's point of view.
    pub score: i32,
    /// The remaining depth it was searched to.
    pub depth: u8,
    /// How the score bounds the true value.
    pub bound: Bound,
    /// The best move found (u16::MAX: none).
    pub best: u16,
    generation: u8,
}

/// The table.
pub struct TranspositionTable {
    entries: Vec<Option<Entry>>,
    generation: u8,
}

impl TranspositionTable {
    /// A table that takes at most `megabytes` of memory (at least one entry).
    pub fn with_megabytes(megabytes: usize) -> Self {
        let count = (megabytes << 20) / std::mem::size_of::<Option<Entry>>();
        TranspositionTable {
            entries: vec![None; count.max(1)],
            generation: 0,
        }
    }

    /// The memory the entries take, in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Option<Entry>>()
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The entry stored for `position`, if any.
    #[inline]
    pub fn probe<const W: usize>(&self, position: &Position<W>) -> Option<Entry> {
        let key = hash(position);
        self.entries[self.slot(key)].filter(|entry| entry.key == key)
    }

    /// Stores a result for `position`.
    #[inline]
    pub fn store<const W: usize>(
        &mut self,
        position: &Position<W>,
        depth: u32,
        score: i32,
        bound: Bound,
        best: Option<usize>,
    ) {
        let key = hash(position);
        let slot = self.slot(key);
        let depth = depth.min(u32::from(u8::MAX)) as u8;
        let replace = match self.entries[slot] {
            None => true,
            Some(old) => old.generation != self.generation || old.depth <= depth || old.key == key,
        };
        if replace {
            let best = best.map_or(u16::MAX, |cell| cell as u16);
            let generation = self.generation;
            self.entries[slot] = Some(Entry {
                key,
                score,
                depth,
                bound,
                best,
                generation,
            });
        }
    }

    fn slot(&self, key: u64) -> usize {
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }
}

/// A 64-bit hash of the discs of both sides (the side to move is implied by which set is
/// the mover's).
#[inline]
pub fn hash<const W: usize>(position: &Position<W>) -> u64 {
    let mut hash = 0x9E37_79B9_7F4A_7C15u64;
    for (mover, opponent) in position.mover.0.iter().zip(position.opponent.0) {
        hash = mix(hash ^ mover);
        hash = mix(hash ^ opponent.rotate_left(32));
    }
    hash
}

/// A strong 64-bit mixer (the finaliser of SplitMix64).
#[inline(always)]
fn mix(value: u64) -> u64 {
    let mut z = value.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bits::Bits;
    use crate::engine::position::Color;

    #[test]
    fn the_table_stays_within_its_budget_and_finds_what_it_stored() {
        let mut table = TranspositionTable::with_megabytes(1);
        assert!(table.bytes() <= 1 << 20);
        let position = Position::from_colors(Bits::<1>([0b1010]), Bits([0b0101]), Color::Red);
        assert!(table.probe(&position).is_none());
        table.store(&position, 5, 42, Bound::Exact, Some(3));
        let entry = table.probe(&position).unwrap();
        assert_eq!(
            (entry.score, entry.depth, entry.bound, entry.best),
            (42, 5, Bound::Exact, 3)
        );
        assert!(
            table.probe(&position.pass()).is_none(),
            "the side to move is part of the key"
        );
    }
}
