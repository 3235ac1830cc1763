//! A hint to the processor to bring a table slot into the cache ahead of its use.

/// Starts bringing the cache line holding `item` in, so that a read of it soon after does not
/// wait on memory. Does nothing on processors without the instruction.
#[inline(always)]
pub(super) fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: SSE is part of every x86-64 processor, and a prefetch only hints at the
        // cache: it reads nothing the program sees, whatever the address.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(item).cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}
