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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
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

impl Entry {
    /// The entry in one word: score (32 bits), best move (16), depth (8), bound (2) and
    /// generation (6). The word 0 never occurs (the bound is stored as 1 to 3).
    fn pack(self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        u64::from(self.score as u32)
            | u64::from(self.best) << 32
            | u64::from(self.depth) << 48
            | bound << 56
            | u64::from(self.generation & 0x3f) << 58
    }

    fn unpack(word: u64) -> Option<Entry> {
        let bound = match word >> 56 & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            score: word as u32 as i32,
            best: (word >> 32) as u16,
            depth: (word >> 48) as u8,
            bound,
            generation: (word >> 58) as u8,
        })
    }
}

/// The table: one slot of two words (the position's hash, the packed entry) per bucket. An
/// empty table is all zeros, so even a large one costs nothing until it is used.
pub struct TranspositionTable {
    slots: Vec<[u64; 2]>,
    generation: u8,
}

impl TranspositionTable {
    /// A table that takes at most `megabytes` of memory (at least one slot).
    pub fn with_megabytes(megabytes: usize) -> Self {
        Self::with_bytes(megabytes << 20)
    }

    /// A table of at most `bytes` (at least one slot).
    pub fn with_bytes(bytes: usize) -> Self {
        let count = bytes / std::mem::size_of::<[u64; 2]>();
        TranspositionTable {
            slots: vec![[0; 2]; count.max(1)],
            generation: 0,
        }
    }

    /// The memory the slots take, in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<[u64; 2]>()
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn next_generation(&mut self) {
        self.generation = (self.generation + 1) & 0x3f;
    }

    /// The entry stored for `position`, if any.
    #[inline]
    pub fn probe<const W: usize>(&self, position: &Position<W>) -> Option<Entry> {
        let key = hash(position);
        let [stored, word] = self.slots[self.slot(key)];
        if stored == key {
            Entry::unpack(word)
        } else {
            None
        }
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
        let [stored, word] = self.slots[slot];
        let replace = match Entry::unpack(word) {
            None => true,
            Some(old) => old.generation != self.generation || old.depth <= depth || stored == key,
        };
        if replace {
            let best = best.map_or(u16::MAX, |cell| cell as u16);
            let generation = self.generation;
            let entry = Entry {
                score,
                depth,
                bound,
                best,
                generation,
            };
            self.slots[slot] = [key, entry.pack()];
        }
    }

    fn slot(&self, key: u64) -> usize {
        ((u128::from(key) * self.slots.len() as u128) >> 64) as usize
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
