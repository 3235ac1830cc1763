//! Move generation on four-word boards (6×6×6 and 2D boards of 65–256 cells) with AVX2: the
//! whole 256-bit board sits in one vector register, so a shift along an axis costs a lane
//! permute and three vector operations instead of ten word operations.
//!
//! Only used when the processor has AVX2 (checked once per geometry) and every axis shifts by
//! less than 64 bits; the portable code in [`super::geometry`] is the reference, and the
//! tests compare the two on random positions.

use std::arch::x86_64::{
    __m256i, _mm_cvtsi32_si128, _mm256_and_si256, _mm256_blend_epi32, _mm256_loadu_si256,
    _mm256_or_si256, _mm256_permute4x64_epi64, _mm256_setzero_si256, _mm256_sll_epi64,
    _mm256_srl_epi64, _mm256_storeu_si256, _mm256_testz_si256,
};

use super::lanes::Lanes;

/// Whether this processor runs [`legal_moves`].
pub fn available() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

/// The empty cells of `full` one step past a run of `opponent` discs that starts next to a
/// `mover` disc, along each axis `(amount, inner)` in both directions (see
/// `Geometry::legal_moves`). Every amount must be in 1..64.
///
/// # Safety
/// The processor must have AVX2 ([`available`]).
#[target_feature(enable = "avx2")]
pub unsafe fn legal_moves(
    axes: &[(u32, Lanes)],
    full: [u64; 4],
    mover: [u64; 4],
    opponent: [u64; 4],
) -> [u64; 4] {
    let mover = load(mover);
    let opponent = load(opponent);
    let empty = andnot(_mm256_or_si256(mover, opponent), load(full));
    let mut reached = _mm256_setzero_si256();
    for &(amount, ref inner) in axes {
        let runners = _mm256_and_si256(opponent, inner.load());
        let up_by = _mm_cvtsi32_si128(amount as i32);
        let carry_by = _mm_cvtsi32_si128(64 - amount as i32);
        let mut up = _mm256_and_si256(shift_up(mover, up_by, carry_by), runners);
        let mut down = _mm256_and_si256(shift_down(mover, up_by, carry_by), runners);
        while _mm256_testz_si256(_mm256_or_si256(up, down), _mm256_or_si256(up, down)) == 0 {
            up = shift_up(up, up_by, carry_by);
            down = shift_down(down, up_by, carry_by);
            reached = _mm256_or_si256(reached, _mm256_or_si256(up, down));
            up = _mm256_and_si256(up, runners);
            down = _mm256_and_si256(down, runners);
        }
    }
    store(_mm256_and_si256(reached, empty))
}

/// `bits` moved towards higher cells by `by` bits, the bits that leave a word carried into the
/// next (`carry_by` = 64 − `by`).
#[inline]
#[target_feature(enable = "avx2")]
fn shift_up(
    bits: __m256i,
    by: std::arch::x86_64::__m128i,
    carry_by: std::arch::x86_64::__m128i,
) -> __m256i {
    // Lanes [w0, w0, w1, w2] with lane 0 cleared: each lane's lower neighbour.
    let lower = _mm256_blend_epi32::<0b0000_0011>(
        _mm256_permute4x64_epi64::<0b10_01_00_00>(bits),
        _mm256_setzero_si256(),
    );
    _mm256_or_si256(
        _mm256_sll_epi64(bits, by),
        _mm256_srl_epi64(lower, carry_by),
    )
}

/// `bits` moved towards lower cells by `by` bits (see [`shift_up`]).
#[inline]
#[target_feature(enable = "avx2")]
fn shift_down(
    bits: __m256i,
    by: std::arch::x86_64::__m128i,
    carry_by: std::arch::x86_64::__m128i,
) -> __m256i {
    // Lanes [w1, w2, w3, w3] with lane 3 cleared: each lane's upper neighbour.
    let upper = _mm256_blend_epi32::<0b1100_0000>(
        _mm256_permute4x64_epi64::<0b11_11_10_01>(bits),
        _mm256_setzero_si256(),
    );
    _mm256_or_si256(
        _mm256_srl_epi64(bits, by),
        _mm256_sll_epi64(upper, carry_by),
    )
}

/// `b & !a`.
#[inline]
#[target_feature(enable = "avx2")]
fn andnot(a: __m256i, b: __m256i) -> __m256i {
    std::arch::x86_64::_mm256_andnot_si256(a, b)
}

#[inline]
#[target_feature(enable = "avx2")]
fn load(words: [u64; 4]) -> __m256i {
    // SAFETY: `words` is 32 readable bytes; the load needs no alignment.
    unsafe { _mm256_loadu_si256(words.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn store(bits: __m256i) -> [u64; 4] {
    let mut words = [0u64; 4];
    // SAFETY: `words` is 32 writable bytes; the store needs no alignment.
    unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast(), bits) };
    words
}
