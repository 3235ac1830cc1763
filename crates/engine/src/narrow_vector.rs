//! Flips and move generation on single-word 2D boards (up to 8×8) with AVX2: the four axes
//! (or a cell's four rays towards higher cells, and its four towards lower ones) sit in the
//! four lanes of a vector register, so one pass of vector operations does the work of four
//! scalar ones.
//!
//! Only used when the processor has AVX2 (checked once per geometry), in copies compiled with
//! AVX-512 where it has that too; the portable code in [`super::geometry`] is the reference,
//! and its tests compare them on random positions.

use std::arch::x86_64::{
    __m256i, _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64, _mm256_add_epi64,
    _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_si128, _mm256_cmpeq_epi64,
    _mm256_extracti128_si256, _mm256_load_si256, _mm256_lzcnt_epi64, _mm256_or_si256,
    _mm256_set1_epi64x, _mm256_setzero_si256, _mm256_slli_epi64, _mm256_sllv_epi64,
    _mm256_srli_epi64, _mm256_srlv_epi64, _mm256_sub_epi64,
};

use super::lanes::{CellRays, Lanes};

/// The four axes of a board, one per lane: the bits a step along each shifts by, and the
/// cells with a board neighbour on both sides along it.
#[derive(Clone, Copy, Debug)]
pub struct Axes {
    pub amounts: Lanes,
    pub inner: Lanes,
}

/// The flips of a move along `rays` (the cell's four rays towards higher cells, then its four
/// towards lower ones, as the portable `ray_flips` takes them) for `mover` against `opponent`.
///
/// # Safety
/// The processor must have AVX2 (`wide_moves::available`).
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn ray_flips(rays: &CellRays, mover: u64, opponent: u64) -> u64 {
    ray_flips_by(rays, (mover, opponent), |blockers| {
        let mut smeared = blockers;
        smeared = _mm256_or_si256(smeared, _mm256_srli_epi64::<1>(smeared));
        smeared = _mm256_or_si256(smeared, _mm256_srli_epi64::<2>(smeared));
        smeared = _mm256_or_si256(smeared, _mm256_srli_epi64::<4>(smeared));
        smeared = _mm256_or_si256(smeared, _mm256_srli_epi64::<8>(smeared));
        smeared = _mm256_or_si256(smeared, _mm256_srli_epi64::<16>(smeared));
        _mm256_or_si256(smeared, _mm256_srli_epi64::<32>(smeared))
    })
}

/// [`ray_flips`] with AVX-512's leading-zero count, which finds a lower ray's first blocker
/// in one instruction instead of six shifts and ors (the solver's copy compiled with AVX-512
/// solves FFO #40–#49 on one worker about 6 % faster, the benchmark journal (docs/benchmarks-journal.md), session 35).
///
/// # Safety
/// The processor must have AVX2, AVX-512F, AVX-512VL and AVX-512CD
/// ([`avx512_available`]).
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
pub unsafe fn ray_flips_lzcnt(rays: &CellRays, mover: u64, opponent: u64) -> u64 {
    ray_flips_by(rays, (mover, opponent), |blockers| {
        // The highest blocker (none: a shift by 64 gives 0), then every bit up to it.
        let first = _mm256_srlv_epi64(_mm256_set1_epi64x(i64::MIN), _mm256_lzcnt_epi64(blockers));
        _mm256_sub_epi64(_mm256_slli_epi64::<1>(first), _mm256_set1_epi64x(1))
    })
}

/// Whether this processor runs [`ray_flips_lzcnt`] and [`legal_moves_avx512`].
pub fn avx512_available() -> bool {
    is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512vl")
        && is_x86_feature_detected!("avx512cd")
}

/// The flips of [`ray_flips`], where `smear(blockers)` sets, in each lane, the highest bit of
/// `blockers` and every bit below it (in a lane without blockers no bit or every bit: either
/// way nothing flips there).
#[inline]
#[target_feature(enable = "avx2")]
fn ray_flips_by(
    rays: &CellRays,
    (mover, opponent): (u64, u64),
    smear: impl Fn(__m256i) -> __m256i,
) -> u64 {
    // SAFETY: a cell's rays are 64 bytes aligned to 64, so each half is 32 bytes aligned to 32.
    let (up_rays, down_rays) = unsafe {
        let halves = rays.0.as_ptr().cast::<__m256i>();
        (_mm256_load_si256(halves), _mm256_load_si256(halves.add(1)))
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
    let smeared = smear(_mm256_andnot_si256(opponent, down_rays));
    let first = _mm256_andnot_si256(_mm256_srli_epi64::<1>(smeared), smeared);
    let open = _mm256_cmpeq_epi64(_mm256_and_si256(first, mover), zero);
    let down = _mm256_andnot_si256(open, _mm256_andnot_si256(smeared, down_rays));

    any_lane(_mm256_or_si256(up, down))
}

/// The empty cells where `mover` may play against `opponent` on a board of `full` cells: one
/// step past a run of opponent discs that starts next to a mover disc, along each axis in
/// both directions, found by doubling fills (runs of up to six discs).
///
/// # Safety
/// The processor must have AVX2 (`wide_moves::available`).
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn legal_moves(axes: &Axes, full: u64, mover: u64, opponent: u64) -> u64 {
    let once = axes.amounts.load();
    let twice = _mm256_add_epi64(once, once);
    let steps = [once, twice, _mm256_add_epi64(twice, twice)];
    let seeds = _mm256_set1_epi64x(mover as i64);
    let runners = _mm256_and_si256(_mm256_set1_epi64x(opponent as i64), axes.inner.load());
    let up = doubling_fill(seeds, runners, steps, |bits, by| {
        _mm256_sllv_epi64(bits, by)
    });
    let down = doubling_fill(seeds, runners, steps, |bits, by| {
        _mm256_srlv_epi64(bits, by)
    });
    any_lane(_mm256_or_si256(up, down)) & full & !(mover | opponent)
}

/// [`legal_moves`] compiled with AVX-512 as well (three-input logic and more registers).
///
/// # Safety
/// As [`ray_flips_lzcnt`].
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
pub unsafe fn legal_moves_avx512(axes: &Axes, full: u64, mover: u64, opponent: u64) -> u64 {
    // SAFETY: this copy has AVX2.
    unsafe { legal_moves(axes, full, mover, opponent) }
}

/// The cells one step past a run of `runners` that starts one step from `seeds`, in every
/// lane; `shift(bits, by)` moves bits by `by` bits along the lane's direction and `steps`
/// holds one, two and four steps.
#[inline]
#[target_feature(enable = "avx2")]
fn doubling_fill(
    seeds: __m256i,
    runners: __m256i,
    [one, two, four]: [__m256i; 3],
    shift: impl Fn(__m256i, __m256i) -> __m256i,
) -> __m256i {
    let mut run = _mm256_and_si256(shift(seeds, one), runners);
    run = _mm256_or_si256(run, _mm256_and_si256(runners, shift(run, one)));
    let chained = _mm256_and_si256(runners, shift(runners, one));
    run = _mm256_or_si256(run, _mm256_and_si256(chained, shift(run, two)));
    let chained_twice = _mm256_and_si256(chained, shift(chained, two));
    run = _mm256_or_si256(run, _mm256_and_si256(chained_twice, shift(run, four)));
    shift(run, one)
}

/// The union of the four lanes.
#[inline]
#[target_feature(enable = "avx2")]
fn any_lane(bits: __m256i) -> u64 {
    let halves = _mm_or_si128(
        _mm256_castsi256_si128(bits),
        _mm256_extracti128_si256::<1>(bits),
    );
    _mm_cvtsi128_si64(_mm_or_si128(halves, _mm_unpackhi_epi64(halves, halves))) as u64
}
