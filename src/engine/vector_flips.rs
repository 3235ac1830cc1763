//! Flips on single-word 2D boards with AVX2: a cell's four rays towards higher cells sit in
//! one vector register and its four rays towards lower cells in another, so the eight rays
//! cost two passes of a few vector operations instead of eight scalar ones.
//!
//! Only used when the processor has AVX2 (checked once per geometry); the portable
//! `ray_flips` in [`super::geometry`] is the reference, and the tests compare the two on
//! random positions.

use std::arch::x86_64::{
    _mm_or_si128, _mm_unpackhi_epi64, _mm256_and_si256, _mm256_andnot_si256,
    _mm256_castsi256_si128, _mm256_cmpeq_epi64, _mm256_extracti128_si256, _mm256_loadu_si256,
    _mm256_or_si256, _mm256_set1_epi64x, _mm256_setzero_si256, _mm256_srli_epi64, _mm256_sub_epi64,
};

/// The flips of a move along `rays` (the cell's four rays towards higher cells, then its four
/// towards lower ones, as `ray_flips` takes them) for `mover` against `opponent`.
///
/// # Safety
/// The processor must have AVX2 (`wide_moves::available`).
#[target_feature(enable = "avx2")]
pub unsafe fn ray_flips(rays: &[u64; 8], mover: u64, opponent: u64) -> u64 {
    // SAFETY: `rays` is 64 readable bytes; the loads need no alignment.
    let (up_rays, down_rays) = unsafe {
        (
            _mm256_loadu_si256(rays.as_ptr().cast()),
            _mm256_loadu_si256(rays[4..].as_ptr().cast()),
        )
    };
    let mover = _mm256_set1_epi64x(mover as i64);
    let opponent = _mm256_set1_epi64x(opponent as i64);
    let zero = _mm256_setzero_si256();

    // Towards higher cells the first cell that is not an opponent disc is the ray's lowest
    // such bit; the cells below it flip when it holds a mover disc.
    let blockers = _mm256_andnot_si256(opponent, up_rays);
    let first = _mm256_and_si256(blockers, _mm256_sub_epi64(zero, blockers));
    let open = _mm256_cmpeq_epi64(_mm256_and_si256(first, mover), zero);
    let before_first = _mm256_sub_epi64(first, _mm256_set1_epi64x(1));
    let up = _mm256_andnot_si256(open, _mm256_and_si256(up_rays, before_first));

    // Towards lower cells it is the highest such bit: smeared down to bit 0 it covers every
    // cell from there on, and the ray's cells above the smear flip when it holds a mover disc.
    let blockers = _mm256_andnot_si256(opponent, down_rays);
    let mut smeared = blockers;
    smeared = _mm256_or_si256(smeared, _mm256_srli_epi64::<1>(smeared));
    smeared = _mm256_or_si256(smeared, _mm256_srli_epi64::<2>(smeared));
    smeared = _mm256_or_si256(smeared, _mm256_srli_epi64::<4>(smeared));
    smeared = _mm256_or_si256(smeared, _mm256_srli_epi64::<8>(smeared));
    smeared = _mm256_or_si256(smeared, _mm256_srli_epi64::<16>(smeared));
    smeared = _mm256_or_si256(smeared, _mm256_srli_epi64::<32>(smeared));
    let first = _mm256_andnot_si256(_mm256_srli_epi64::<1>(smeared), smeared);
    let open = _mm256_cmpeq_epi64(_mm256_and_si256(first, mover), zero);
    let down = _mm256_andnot_si256(open, _mm256_andnot_si256(smeared, down_rays));

    let flips = _mm256_or_si256(up, down);
    let halves = _mm_or_si128(
        _mm256_castsi256_si128(flips),
        _mm256_extracti128_si256::<1>(flips),
    );
    let both = _mm_or_si128(halves, _mm_unpackhi_epi64(halves, halves));
    std::arch::x86_64::_mm_cvtsi128_si64(both) as u64
}
