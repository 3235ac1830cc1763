//! Flips: which opponent discs a move turns over. Single-word 2D boards test all eight rays
//! of the cell without branches (with vector code where the processor has it); cubes and wide
//! boards walk from the neighbours that hold opponent discs.

use super::Geometry;
use crate::bits::Bits;
use crate::lanes::CellRays;
#[cfg(target_arch = "x86_64")]
use crate::narrow_vector;
use crate::shape::Shape;

impl<const W: usize> Geometry<W> {
    /// The opponent discs that flip when `mover` plays on the empty cell `cell` (empty if the
    /// move is illegal).
    #[inline(always)]
    pub fn flips(&self, mover: Bits<W>, opponent: Bits<W>, cell: usize) -> Bits<W> {
        if uses_rays::<W>(self.shape) {
            let mut flips = Bits::EMPTY;
            flips.0[0] = self.single_word_flips(mover.0[0], opponent.0[0], cell);
            return flips;
        }
        self.walked_flips(mover, opponent, cell)
    }

    /// [`Self::flips`] on cubes and wide boards: only the directions whose first cell holds
    /// an opponent disc can flip anything, and those are walked.
    #[inline(never)]
    pub(super) fn walked_flips(&self, mover: Bits<W>, opponent: Bits<W>, cell: usize) -> Bits<W> {
        let directions = self.offsets.len();
        let largest_offset = (self.direction_of.len() / 2) as isize;
        let mut flips = Bits::EMPTY;
        for first in self.neighbors[cell] & opponent {
            let offset = first as isize - cell as isize;
            let direction = self.direction_of[(offset + largest_offset) as usize] as usize;
            let length = self.ray_lengths[cell * directions + direction];
            let mut at = first as isize + offset;
            let mut walked = 2;
            while walked <= length && opponent.contains(at as usize) {
                at += offset;
                walked += 1;
            }
            if walked <= length && mover.contains(at as usize) {
                let mut flipped = first as isize;
                while flipped != at {
                    flips.insert(flipped as usize);
                    flipped += offset;
                }
            }
        }
        flips
    }

    /// [`Self::flips`] on a single-word 2D board, without branches: along each ray the first
    /// cell that is not an opponent disc decides. (Cubes have 26 rays, too many to test them
    /// all; they walk from the neighbours that hold opponent discs instead.)
    #[inline(always)]
    fn single_word_flips(&self, mover: u64, opponent: u64, cell: usize) -> u64 {
        let rays = self.cell_rays(cell);
        #[cfg(target_arch = "x86_64")]
        if self.narrow_avx512 {
            // SAFETY: set only when the processor has AVX-512 with its leading-zero count.
            return unsafe { narrow_vector::ray_flips_lzcnt(rays, mover, opponent) };
        }
        #[cfg(target_arch = "x86_64")]
        if self.narrow_axes.is_some() {
            // SAFETY: the narrow axes exist only when the processor has AVX2.
            return unsafe { narrow_vector::ray_flips(rays, mover, opponent) };
        }
        ray_flips::<4>(&rays.0, mover, opponent)
    }

    /// The eight rays of `cell` on a single-word 2D board.
    #[inline(always)]
    pub(super) fn cell_rays(&self, cell: usize) -> &CellRays {
        &self.rays[cell]
    }

    /// Whether [`Self::lzcnt_flips`] runs here: on boards with the one-word vector code
    /// ([`Self::has_vector_moves`]) whose processor has AVX-512 with its leading-zero count.
    #[cfg(target_arch = "x86_64")]
    pub fn has_lzcnt_flips(&self) -> bool {
        self.narrow_avx512
    }

    /// [`Self::flips`] computed with AVX-512's leading-zero count.
    ///
    /// # Safety
    /// Only where [`Self::has_lzcnt_flips`].
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub unsafe fn lzcnt_flips(&self, mover: Bits<W>, opponent: Bits<W>, cell: usize) -> Bits<W> {
        let mut flips = Bits::EMPTY;
        // SAFETY: the caller makes sure the processor has the instructions.
        flips.0[0] = unsafe {
            narrow_vector::ray_flips_lzcnt(self.cell_rays(cell), mover.0[0], opponent.0[0])
        };
        flips
    }
}

/// Whether flips use the branch-free rays: single-word 2D boards (measured in the benchmark journal, docs/benchmarks-journal.md).
pub(super) fn uses_rays<const W: usize>(shape: Shape) -> bool {
    W == 1 && !shape.is_3d()
}

/// The flips along one cell's rays (`AXES` rays of positive directions, then `AXES` opposite
/// ones). A positive ray meets its first non-opponent cell at its lowest bit, the others at
/// their highest; the cells before it flip when it holds a `mover` disc.
#[inline(always)]
pub(super) fn ray_flips<const AXES: usize>(rays: &[u64], mover: u64, opponent: u64) -> u64 {
    let (up_rays, down_rays) = (&rays[..AXES], &rays[AXES..2 * AXES]);
    let mut flips = 0;
    for &ray in up_rays {
        let blockers = ray & !opponent;
        let first = blockers & blockers.wrapping_neg();
        let closes = 0u64.wrapping_sub(u64::from(first & mover != 0));
        flips |= ray & first.wrapping_sub(1) & closes;
    }
    for &ray in down_rays {
        let blockers = ray & !opponent;
        let first = (1u64 << 63)
            .checked_shr(blockers.leading_zeros())
            .unwrap_or(0);
        let closes = 0u64.wrapping_sub(u64::from(first & mover != 0));
        flips |= ray & (first << 1).wrapping_neg() & closes;
    }
    flips
}
