//! A bounded transposition table: a fixed array of entries sized in megabytes, two slots per
//! hash bucket, shared by all the threads of a search. A new entry takes the slot of the same
//! position, else the bucket's slot least worth keeping (empty, from an older search, or the
//! shallower). A dropped table's slots are kept, and cleared for the next table of its size.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, AtomicU64, AtomicUsize, Ordering};

use crate::position::Position;

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

/// The table: buckets of slots of two words, the packed entry and the position's hash xor
/// the entry, so that a slot torn by two threads writing at once fails its check instead
/// of giving a wrong entry. Threads share it through `&self` (relaxed atomics: plain loads and
/// stores on x86). An empty table is all zeros, so even a large one costs nothing until used.
pub struct TranspositionTable {
    words: Vec<AtomicU64>,
    /// The buckets in use: a search starts on a few megabytes and the table grows (up to all
    /// of `words`) between iterations once the search outgrows it, so short searches touch
    /// few pages and long ones still get the whole budget.
    used_buckets: AtomicUsize,
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A table that takes at most `megabytes` of memory (at least one bucket).
    pub fn with_megabytes(megabytes: usize) -> Self {
        Self::with_bytes(megabytes << 20)
    }

    /// A table of at most `bytes` (at least one bucket).
    pub fn with_bytes(bytes: usize) -> Self {
        let buckets = (bytes / BUCKET_BYTES).max(1);
        let length = 2 * BUCKET_SLOTS * buckets;
        let words = take_spare(length).unwrap_or_else(|| {
            // Zeroed memory straight from the allocator: the pages are mapped on first use.
            let words = bytemuck::zeroed_vec(length);
            ask_for_huge_pages(&words);
            words
        });
        TranspositionTable {
            words,
            used_buckets: AtomicUsize::new(buckets.min(START_BYTES / BUCKET_BYTES)),
            generation: AtomicU8::new(0),
        }
    }

    /// Grows the part in use while a search of `nodes` nodes would crowd it (more than two
    /// nodes per slot), keeping the entries. Call it only while no search runs on the table.
    pub fn fit_to(&self, nodes: u64) {
        while nodes > 2 * (self.used_buckets() * BUCKET_SLOTS) as u64 && self.grow() {}
    }

    /// Doubles the buckets in use (up to all of them) and moves every entry to its bucket in
    /// the larger table; false when there is no room left.
    fn grow(&self) -> bool {
        let old = self.used_buckets();
        let new = (2 * old).min(self.words.len() / (2 * BUCKET_SLOTS));
        if new == old {
            return false;
        }
        self.used_buckets.store(new, Ordering::Relaxed);
        // An entry of old bucket b moves to a bucket ≥ b, so going down from the top never
        // overwrites a bucket that has still to move.
        for bucket in (0..old).rev() {
            let slots = bucket * BUCKET_SLOTS..(bucket + 1) * BUCKET_SLOTS;
            let entries: [(u64, u64); BUCKET_SLOTS] =
                std::array::from_fn(|index| self.load(slots.start + index));
            for slot in slots {
                self.write(slot, 0, 0);
            }
            for (checked, word) in entries {
                if Entry::unpack(word).is_some() {
                    self.insert(checked ^ word, word);
                }
            }
        }
        true
    }

    fn used_buckets(&self) -> usize {
        self.used_buckets.load(Ordering::Relaxed)
    }

    /// The memory the slots take, in bytes.
    pub fn bytes(&self) -> usize {
        self.words.len() * size_of::<AtomicU64>()
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn next_generation(&self) {
        let next = (self.generation.load(Ordering::Relaxed) + 1) & 0x3f;
        self.generation.store(next, Ordering::Relaxed);
    }

    /// The entry stored for `position`, if any.
    #[inline]
    pub fn probe<const W: usize>(&self, position: &Position<W>) -> Option<Entry> {
        self.probe_key(hash(position))
    }

    /// Starts bringing the bucket of the position whose [`hash`] is `key` into the cache, so
    /// that a probe or store of it soon after finds it there instead of waiting on memory.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        prefetch_line(&self.words[2 * self.bucket(key).start]);
    }

    /// The entry stored for the position whose [`hash`] is `key`, if any.
    #[inline]
    pub fn probe_key(&self, key: u64) -> Option<Entry> {
        self.bucket(key).find_map(|slot| {
            let (checked, word) = self.load(slot);
            (checked ^ word == key)
                .then(|| Entry::unpack(word))
                .flatten()
        })
    }

    /// Stores a result for the position whose [`hash`] is `key`.
    #[inline]
    pub fn store_key(&self, key: u64, depth: u32, score: i32, bound: Bound, best: Option<usize>) {
        let depth = depth.min(u32::from(u8::MAX)) as u8;
        let generation = self.generation.load(Ordering::Relaxed);
        let best = best.map_or(u16::MAX, |cell| cell as u16);
        let entry = Entry {
            score,
            depth,
            bound,
            best,
            generation,
        };
        self.insert(key, entry.pack());
    }

    /// Stores the packed entry `word` for the position with hash `key`.
    #[inline]
    fn insert(&self, key: u64, word: u64) {
        let generation = self.generation.load(Ordering::Relaxed);
        // The slot already holding this position, else the one least worth keeping: empty,
        // then from an older search, then the shallowest.
        let holds_key = |&slot: &usize| {
            let (checked, word) = self.load(slot);
            checked ^ word == key
        };
        let worth = |&slot: &usize| match Entry::unpack(self.load(slot).1) {
            None => (0, 0),
            Some(old) => (1 + u8::from(old.generation == generation), old.depth),
        };
        let slot = match self.bucket(key).find(holds_key) {
            Some(slot) => slot,
            None => self
                .bucket(key)
                .min_by_key(worth)
                .expect("a bucket has slots"),
        };
        self.write(slot, key ^ word, word);
    }

    /// Writes a slot's two words: the checked hash and the entry (both 0: empty).
    #[inline(always)]
    fn write(&self, slot: usize, checked: u64, word: u64) {
        self.words[2 * slot].store(checked, Ordering::Relaxed);
        self.words[2 * slot + 1].store(word, Ordering::Relaxed);
    }

    /// The two words of a slot: the checked hash and the entry.
    #[inline(always)]
    fn load(&self, slot: usize) -> (u64, u64) {
        (
            self.words[2 * slot].load(Ordering::Relaxed),
            self.words[2 * slot + 1].load(Ordering::Relaxed),
        )
    }

    /// The slots where `key` may be stored.
    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        let buckets = self.used_buckets();
        let first = ((u128::from(key) * buckets as u128) >> 64) as usize * BUCKET_SLOTS;
        first..first + BUCKET_SLOTS
    }
}

impl Drop for TranspositionTable {
    /// Keeps the slots, with how many of them were in use, for the next table of the same
    /// size (cleared only if one comes).
    fn drop(&mut self) {
        let words = std::mem::take(&mut self.words);
        let used = (2 * BUCKET_SLOTS * self.used_buckets()).min(words.len());
        let mut spares = SPARE_TABLES
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if spares.len() == SPARE_LIMIT {
            spares.remove(0);
        }
        spares.push((words, used));
    }
}

/// The slots of dropped tables, each with the length of its part that was in use (the rest
/// was never written), for the next tables of their size: their pages are mapped already,
/// while mapping a 256 MB table afresh costs this VM about 0.4 s (FFO #40–#42: 15 % of the
/// time).
static SPARE_TABLES: Mutex<Vec<(Vec<AtomicU64>, usize)>> = Mutex::new(Vec::new());

/// How many dropped tables are kept (the memory stays with the process).
const SPARE_LIMIT: usize = 2;

/// The slots of a dropped table of `length` words, cleared, if one is kept.
fn take_spare(length: usize) -> Option<Vec<AtomicU64>> {
    let (mut words, used) = {
        let mut spares = SPARE_TABLES
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let index = spares.iter().position(|(words, _)| words.len() == length)?;
        spares.swap_remove(index)
    };
    for word in &mut words[..used] {
        *word.get_mut() = 0;
    }
    Some(words)
}

/// Asks the kernel to back the table with 2 MB pages: a search touches pages all over the
/// table at once, and faulting them in 4 KB at a time cost a third of a 200 ms search.
#[cfg(target_os = "linux")]
fn ask_for_huge_pages(words: &[AtomicU64]) {
    const PAGE: usize = 4096;
    let start = words.as_ptr() as usize;
    let end = start + size_of_val(words);
    // madvise wants whole pages: the pages that lie entirely inside the table.
    let first = start.next_multiple_of(PAGE);
    let last = end / PAGE * PAGE;
    if last >= first + (1 << 21) {
        // SAFETY: madvise only advises on how to back this range, which lies inside memory
        // that `words` owns; it never changes the contents (the pages stay zero until written).
        unsafe {
            libc::madvise(
                first as *mut libc::c_void,
                last - first,
                libc::MADV_HUGEPAGE,
            );
        }
    }
}

/// Other systems keep their default pages.
#[cfg(not(target_os = "linux"))]
fn ask_for_huge_pages(_words: &[AtomicU64]) {}

/// The part of a table in use when a search starts.
const START_BYTES: usize = 8 << 20;

/// Slots per bucket: a position may sit in any slot of its bucket.
const BUCKET_SLOTS: usize = 2;

/// The bytes of one bucket (two words per slot).
const BUCKET_BYTES: usize = BUCKET_SLOTS * 2 * size_of::<AtomicU64>();

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

/// Starts bringing the cache line that holds `value` into the cache, so that a read of it soon
/// after finds it there instead of waiting on memory (a hint only: nothing else changes).
#[inline(always)]
pub(super) fn prefetch_line<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: SSE is part of every x86-64 processor, and a prefetch only hints at the
        // cache: it reads nothing the program sees, whatever the address.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((value as *const T).cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::Bits;
    use crate::position::Color;

    #[test]
    fn a_full_bucket_gives_up_its_shallowest_entry_of_the_search() {
        let table = TranspositionTable::with_bytes(BUCKET_BYTES);
        let position =
            |mover: u64| Position::from_colors(Bits::<1>([mover]), Bits([0]), Color::Red);
        table.store_key(hash(&position(1)), 9, 1, Bound::Exact, None);
        table.store_key(hash(&position(2)), 3, 2, Bound::Exact, None);
        assert!(table.probe(&position(1)).is_some() && table.probe(&position(2)).is_some());
        table.store_key(hash(&position(4)), 5, 4, Bound::Exact, None);
        assert_eq!(
            table.probe(&position(1)).map(|e| e.score),
            Some(1),
            "the deep one stays"
        );
        assert!(table.probe(&position(2)).is_none(), "the shallow one goes");
        table.next_generation();
        table.store_key(hash(&position(8)), 1, 8, Bound::Exact, None);
        assert!(
            table.probe(&position(8)).is_some(),
            "older searches give way to newer"
        );
        assert_eq!(table.bytes(), BUCKET_BYTES);
    }

    #[test]
    fn a_dropped_table_is_reused_empty() {
        let position = Position::from_colors(Bits::<1>([0b1100]), Bits([0b0011]), Color::Red);
        // Tests on other threads may take or push spares meanwhile: try a few times.
        let reused = (0..10).any(|_| {
            let table = TranspositionTable::with_megabytes(3);
            table.fit_to(u64::MAX);
            table.store_key(hash(&position), 5, 42, Bound::Exact, Some(3));
            let address = table.words.as_ptr();
            drop(table);
            let table = TranspositionTable::with_megabytes(3);
            assert!(
                table.probe(&position).is_none(),
                "a reused table starts empty"
            );
            table.words.as_ptr() == address
        });
        assert!(
            reused,
            "the slots of a dropped table are kept for the next one"
        );
    }

    #[test]
    fn growing_keeps_every_entry_and_stays_within_the_budget() {
        let table = TranspositionTable::with_megabytes(64);
        let positions: Vec<Position<1>> = (1..20_000u64)
            .map(|n| Position::from_colors(Bits([n << 8]), Bits([n]), Color::Red))
            .collect();
        for (depth, position) in positions.iter().enumerate() {
            table.store_key(
                hash(position),
                depth as u32 % 50,
                depth as i32,
                Bound::Lower,
                Some(7),
            );
        }
        let before: Vec<Option<Entry>> = positions.iter().map(|p| table.probe(p)).collect();
        let started = table.used_buckets();
        table.fit_to(u64::MAX);
        assert_eq!(table.used_buckets(), 8 * started, "8 MB grown to all 64 MB");
        let after: Vec<Option<Entry>> = positions.iter().map(|p| table.probe(p)).collect();
        assert_eq!(before, after);
        assert!(before.iter().filter(|entry| entry.is_some()).count() > 19_000);
        assert!(table.bytes() <= 64 << 20);
    }

    #[test]
    fn the_table_stays_within_its_budget_and_finds_what_it_stored() {
        let table = TranspositionTable::with_megabytes(1);
        assert!(table.bytes() <= 1 << 20);
        let position = Position::from_colors(Bits::<1>([0b1010]), Bits([0b0101]), Color::Red);
        assert!(table.probe(&position).is_none());
        table.store_key(hash(&position), 5, 42, Bound::Exact, Some(3));
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
