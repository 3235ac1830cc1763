//! Words laid out for the vector code: aligned so that one load fills a register. A leaf
//! that the geometry and its vector copies share.

/// The eight rays of one cell of a 2D board (see `Geometry::flips`), on a cache line of
/// their own, so that the vector code reads each half with one aligned load.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
pub struct CellRays(pub [u64; 8]);

/// Four words aligned for one vector load (the axes of the vector move generation).
#[derive(Clone, Copy, Debug)]
#[repr(C, align(32))]
pub struct Lanes(pub [u64; 4]);

#[cfg(target_arch = "x86_64")]
impl Lanes {
    /// The four words in one vector register, by one aligned load.
    ///
    /// # Safety
    /// The processor must have AVX2 (callers compiled with it may call it freely).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub fn load(&self) -> std::arch::x86_64::__m256i {
        // SAFETY: `Lanes` is 32 bytes aligned to 32.
        unsafe { std::arch::x86_64::_mm256_load_si256(self.0.as_ptr().cast()) }
    }
}
