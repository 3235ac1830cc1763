//! A fixed-width bitset: `W` 64-bit words, one bit per cell in generation order.
//!
//! Everything here is `Copy`, allocation-free and monomorphized over `W`, so a board of up to
//! 64 cells compiles down to plain `u64` arithmetic.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign};

/// A set of cells stored as `W` little-endian 64-bit words (bit `i` of word `i / 64` is cell `i`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, bytemuck::Zeroable)]
pub struct Bits<const W: usize>(pub [u64; W]);

/// The number of words a bitset needs for `cells` cells: 1, 4, 8 or 16 (at most 1024 cells).
pub const fn words_for(cells: usize) -> usize {
    match cells {
        0..=64 => 1,
        65..=256 => 4,
        257..=512 => 8,
        _ => 16,
    }
}

impl<const W: usize> Bits<W> {
    /// The empty set.
    pub const EMPTY: Self = Bits([0; W]);

    /// The set holding only `cell`.
    #[inline(always)]
    pub fn single(cell: usize) -> Self {
        let mut bits = Self::EMPTY;
        bits.insert(cell);
        bits
    }

    /// The set of cells `0..count`.
    pub fn first(count: usize) -> Self {
        let mut bits = Self::EMPTY;
        for (index, word) in bits.0.iter_mut().enumerate() {
            let start = index * 64;
            *word = match count.saturating_sub(start) {
                0 => 0,
                1..=63 => (1u64 << (count - start)) - 1,
                _ => u64::MAX,
            };
        }
        bits
    }

    /// Whether `cell` is in the set.
    #[inline(always)]
    pub fn contains(&self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 != 0
    }

    /// Adds `cell` to the set.
    #[inline(always)]
    pub fn insert(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    /// Removes `cell` from the set.
    #[inline(always)]
    pub fn remove(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }

    /// The number of cells in the set.
    #[inline(always)]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }

    /// The cells of `self` that are not in `other`.
    #[inline(always)]
    pub fn and_not(self, other: Self) -> Self {
        let mut out = self;
        for (word, other) in out.0.iter_mut().zip(other.0) {
            *word &= !other;
        }
        out
    }

    /// Every cell index moved up by `amount` (towards higher indices); bits past the end are lost.
    #[inline(always)]
    pub fn shift_up(self, amount: u32) -> Self {
        let mut out = Self::EMPTY;
        if (1..64).contains(&amount) {
            out.0[0] = self.0[0] << amount;
            for index in 1..W {
                out.0[index] = (self.0[index] << amount) | (self.0[index - 1] >> (64 - amount));
            }
            return out;
        }
        let (words, bits) = ((amount / 64) as usize, amount % 64);
        if words >= W {
            return out;
        }
        // The words behind W zero words: every source index is in range, so the loop needs
        // no branch (conditional loads mispredict from one shift amount to the next).
        let mut padded = [[0u64; W]; 2];
        padded[1] = self.0;
        let padded = padded.as_flattened();
        for (index, word) in out.0.iter_mut().enumerate() {
            let high = padded[W + index - words];
            let low = padded[W + index - words - 1];
            // `(low >> 1) >> (63 - bits)` is `low >> (64 - bits)`, and 0 when bits = 0.
            *word = (high << bits) | ((low >> 1) >> (63 - bits));
        }
        out
    }

    /// Every cell index moved down by `amount` (towards lower indices); bits below 0 are lost.
    #[inline(always)]
    pub fn shift_down(self, amount: u32) -> Self {
        let mut out = Self::EMPTY;
        if (1..64).contains(&amount) {
            for index in 0..W - 1 {
                out.0[index] = (self.0[index] >> amount) | (self.0[index + 1] << (64 - amount));
            }
            out.0[W - 1] = self.0[W - 1] >> amount;
            return out;
        }
        let (words, bits) = ((amount / 64) as usize, amount % 64);
        if words >= W {
            return out;
        }
        // The words followed by W zero words (see `shift_up`).
        let mut padded = [[0u64; W]; 2];
        padded[0] = self.0;
        let padded = padded.as_flattened();
        for (index, word) in out.0.iter_mut().enumerate() {
            let low = padded[index + words];
            let high = padded[index + words + 1];
            // `(high << 1) << (63 - bits)` is `high << (64 - bits)`, and 0 when bits = 0.
            *word = (low >> bits) | ((high << 1) << (63 - bits));
        }
        out
    }

    /// The lowest cell in the set, if any.
    #[inline(always)]
    pub fn lowest(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, word)| **word != 0)
            .map(|(index, word)| index * 64 + word.trailing_zeros() as usize)
    }

    /// The cells of the set in increasing order (generation order).
    #[inline(always)]
    pub fn iter(self) -> Cells<W> {
        Cells {
            bits: self,
            word: 0,
        }
    }
}

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

/// Iterator over the cells of a [`Bits`] in increasing order.
pub struct Cells<const W: usize> {
    bits: Bits<W>,
    word: usize,
}

impl<const W: usize> Iterator for Cells<W> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let word = &mut self.bits.0[self.word];
            if *word != 0 {
                let bit = word.trailing_zeros() as usize;
                *word &= *word - 1;
                return Some(self.word * 64 + bit);
            }
            self.word += 1;
        }
        None
    }
}

impl<const W: usize> IntoIterator for Bits<W> {
    type Item = usize;
    type IntoIter = Cells<W>;

    fn into_iter(self) -> Cells<W> {
        self.iter()
    }
}

impl<const W: usize> FromIterator<usize> for Bits<W> {
    fn from_iter<I: IntoIterator<Item = usize>>(cells: I) -> Self {
        let mut bits = Self::EMPTY;
        for cell in cells {
            bits.insert(cell);
        }
        bits
    }
}

macro_rules! word_wise {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl<const W: usize> $trait for Bits<W> {
            type Output = Self;
            #[inline(always)]
            fn $method(mut self, other: Self) -> Self {
                for (word, other) in self.0.iter_mut().zip(other.0) {
                    *word $op other;
                }
                self
            }
        }
        impl<const W: usize> $assign_trait for Bits<W> {
            #[inline(always)]
            fn $assign_method(&mut self, other: Self) {
                for (word, other) in self.0.iter_mut().zip(other.0) {
                    *word $op other;
                }
            }
        }
    };
}

word_wise!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
word_wise!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
word_wise!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

#[cfg(test)]
mod tests {
    use super::*;

    fn reference_shift(cells: &[usize], amount: isize, limit: usize) -> Vec<usize> {
        cells
            .iter()
            .map(|&c| c as isize + amount)
            .filter(|&c| c >= 0 && (c as usize) < limit)
            .map(|c| c as usize)
            .collect()
    }

    #[test]
    fn shifts_match_index_arithmetic_across_word_boundaries() {
        let cells = [0, 1, 62, 63, 64, 65, 127, 128, 200, 255, 300, 511];
        let bits: Bits<8> = cells.iter().copied().collect();
        for amount in [0u32, 1, 7, 63, 64, 65, 100, 128, 300, 511] {
            let up: Vec<usize> = bits.shift_up(amount).iter().collect();
            assert_eq!(
                up,
                reference_shift(&cells, amount as isize, 512),
                "up {amount}"
            );
            let down: Vec<usize> = bits.shift_down(amount).iter().collect();
            assert_eq!(
                down,
                reference_shift(&cells, -(amount as isize), 512),
                "down {amount}"
            );
        }
    }

    #[test]
    fn set_operations_and_counts() {
        let a: Bits<4> = [1, 70, 200].into_iter().collect();
        let b: Bits<4> = [70, 201].into_iter().collect();
        assert_eq!((a & b).iter().collect::<Vec<_>>(), vec![70]);
        assert_eq!((a | b).count(), 4);
        assert_eq!((a ^ b).iter().collect::<Vec<_>>(), vec![1, 200, 201]);
        assert_eq!(a.and_not(b).iter().collect::<Vec<_>>(), vec![1, 200]);
        assert_eq!(a.lowest(), Some(1));
        assert!(Bits::<4>::EMPTY.is_empty() && Bits::<4>::EMPTY.lowest().is_none());
        let mut c = a;
        c.remove(70);
        assert!(!c.contains(70) && c.contains(200));
    }

    #[test]
    fn first_sets_exactly_the_leading_cells() {
        for count in [0, 1, 63, 64, 65, 216, 256] {
            let bits = Bits::<4>::first(count);
            assert_eq!(bits.count() as usize, count);
            assert!(count == 0 || bits.contains(count - 1));
        }
        assert_eq!(Bits::<16>::first(1000).count(), 1000);
        assert_eq!(words_for(64), 1);
        assert_eq!(words_for(216), 4);
        assert_eq!(words_for(512), 8);
        assert_eq!(words_for(1000), 16);
    }
}
