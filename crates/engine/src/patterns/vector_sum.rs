//! The pattern sum with AVX-512 (x86-64 only): every instance's base-3 index worked out
//! eight at a time. An instance's cells, most significant digit first, fill the bytes of one
//! 64-bit lane, right-aligned (the unused leading bytes are digits 0); `vpshufbitqmb`
//! gathers each side's discs on the cells of a whole vector of lanes at once, the two
//! sides' bits become digits 0–2, and multiply-adds turn each lane's eight digits into its
//! index. An instance of more than eight cells takes two lanes, its first eight cells (the
//! head) and the rest (the tail), in two vectors aligned so that one multiply-add joins
//! them. The table entries are then read one by one (gathers are slower on AMD Zen 4).

use std::arch::x86_64::*;
use std::sync::LazyLock;

use super::{Instance, LAYOUT, MAX_CELLS};

/// Cells per lane.
const LANE_CELLS: usize = 8;

/// Lanes per vector.
const LANES: usize = 8;

/// Vectors of instances of at most [`LANE_CELLS`] cells.
const SHORT_VECTORS: usize = 5;

/// The vectors of cells: the long instances' heads, their tails, then the short instances.
const CELL_VECTORS: usize = 2 + SHORT_VECTORS;

/// The vectors of indices: the long instances', then the short ones'.
const INDEX_VECTORS: usize = 1 + SHORT_VECTORS;

// A tail fits a lane.
const _: () = assert!(MAX_CELLS <= 2 * LANE_CELLS);

/// The instances' lanes as the vector sum reads them.
struct VectorLayout {
    /// Per vector, per lane, the cells (bit indices) of its digits, right-aligned.
    cells: [[u8; LANES * LANE_CELLS]; CELL_VECTORS],
    /// Per vector, the bytes that hold a cell.
    used: [u64; CELL_VECTORS],
    /// Per long instance, 3 to the power of its tail's length.
    tail_scale: [u64; LANES],
    /// Per vector of indices, per lane, where the instance's base pattern's table starts.
    offsets: [[u64; LANES]; INDEX_VECTORS],
    /// How many instances there are: the first lanes of the index vectors hold them.
    instances: usize,
}

static VECTOR_LAYOUT: LazyLock<VectorLayout> = LazyLock::new(|| {
    let (long, short): (Vec<&Instance>, Vec<&Instance>) = LAYOUT
        .instances
        .iter()
        .partition(|instance| instance.len > LANE_CELLS);
    assert_eq!(long.len(), LANES, "the long instances fill one vector");
    assert!(
        short.len() <= SHORT_VECTORS * LANES,
        "the short instances fit"
    );
    let mut vectors = VectorLayout {
        cells: [[0; LANES * LANE_CELLS]; CELL_VECTORS],
        used: [0; CELL_VECTORS],
        tail_scale: [1; LANES],
        offsets: [[0; LANES]; INDEX_VECTORS],
        instances: long.len() + short.len(),
    };
    // Lane `lane` (counted over all cell vectors) reads `cells`.
    let mut place = |lane: usize, cells: &[u8]| {
        let (vector, slot) = (lane / LANES, lane % LANES);
        let start = slot * LANE_CELLS + LANE_CELLS - cells.len();
        vectors.cells[vector][start..start + cells.len()].copy_from_slice(cells);
        vectors.used[vector] |= ((1u64 << cells.len()) - 1) << start;
    };
    for (lane, instance) in long.iter().enumerate() {
        let (head, tail) = instance.cells[..instance.len].split_at(LANE_CELLS);
        place(lane, head);
        place(LANES + lane, tail);
    }
    for (lane, instance) in short.iter().enumerate() {
        place(2 * LANES + lane, &instance.cells[..instance.len]);
    }
    for (lane, instance) in long.iter().enumerate() {
        vectors.tail_scale[lane] = 3u64.pow((instance.len - LANE_CELLS) as u32);
    }
    for (lane, instance) in long.iter().chain(&short).enumerate() {
        vectors.offsets[lane / LANES][lane % LANES] = u64::from(instance.offset);
    }
    vectors
});

/// Whether this processor runs [`pattern_sum_avx512`].
pub(super) fn available() -> bool {
    is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512bitalg")
}

/// The base-3 index of every lane of cell vector `vector`: digit 1 where the side to move
/// has a disc, 2 where the other side has one, the lane's first byte the most significant.
/// `sides` holds each side's discs in every lane.
#[target_feature(enable = "avx512f,avx512bw,avx512bitalg")]
fn lane_indices(layout: &VectorLayout, vector: usize, sides: (__m512i, __m512i)) -> __m512i {
    // SAFETY: the cells of a vector are 64 bytes.
    let cells = unsafe { _mm512_loadu_si512(layout.cells[vector].as_ptr().cast()) };
    let used = layout.used[vector];
    let mine = _mm512_bitshuffle_epi64_mask(sides.0, cells) & used;
    let theirs = _mm512_bitshuffle_epi64_mask(sides.1, cells) & used;
    let digits = _mm512_mask_mov_epi8(
        _mm512_maskz_mov_epi8(mine, _mm512_set1_epi8(1)),
        theirs,
        _mm512_set1_epi8(2),
    );
    // Pairs of digits (3a + b), pairs of pairs (9p + q), then the lane's halves (81h + l).
    let pairs = _mm512_maddubs_epi16(digits, _mm512_set1_epi16(0x0103));
    let quads = _mm512_madd_epi16(pairs, _mm512_set1_epi32(0x0001_0009));
    _mm512_add_epi64(
        _mm512_mul_epu32(quads, _mm512_set1_epi64(81)),
        _mm512_srli_epi64::<32>(quads),
    )
}

/// The sum of `table`'s entries for every pattern instance of the position with `mover`'s
/// and `opponent`'s discs (disjoint).
///
/// # Safety
/// The processor must have what [`available`] asks for.
#[target_feature(enable = "avx512f,avx512bw,avx512bitalg")]
pub(super) unsafe fn pattern_sum_avx512(table: &[i16], mover: u64, opponent: u64) -> i32 {
    let layout = &*VECTOR_LAYOUT;
    assert!(table.len() >= LAYOUT.entries, "a table of every entry");
    let sides = (
        _mm512_set1_epi64(mover as i64),
        _mm512_set1_epi64(opponent as i64),
    );
    // SAFETY: `tail_scale` is eight 64-bit words.
    let tail_scale = unsafe { _mm512_loadu_si512(layout.tail_scale.as_ptr().cast()) };
    let heads = lane_indices(layout, 0, sides);
    let long = _mm512_add_epi64(
        _mm512_mul_epu32(heads, tail_scale),
        lane_indices(layout, 1, sides),
    );
    let mut entries = [0u32; LANES * INDEX_VECTORS];
    for vector in 0..INDEX_VECTORS {
        let indices = match vector {
            0 => long,
            _ => lane_indices(layout, 1 + vector, sides),
        };
        // SAFETY: the load reads eight 64-bit words of `offsets`, the store writes eight
        // 32-bit words inside `entries`.
        unsafe {
            let offsets = _mm512_loadu_si512(layout.offsets[vector].as_ptr().cast());
            let at = entries.as_mut_ptr().add(LANES * vector);
            let entry = _mm512_cvtepi64_epi32(_mm512_add_epi64(offsets, indices));
            _mm256_storeu_si256(at.cast(), entry);
        }
    }
    let mut sum = 0;
    for &entry in &entries[..layout.instances] {
        // SAFETY: an instance's index is below 3^len, and its base pattern's 3^len entries
        // from its offset lie within the table, which holds every entry.
        sum += i32::from(unsafe { *table.get_unchecked(entry as usize) });
    }
    sum
}
