//! The solver's nodes with enough empty cells: the moves leaving the opponent fewest replies
//! first (a corner reply counting twice), then those holding most discs at and beside their
//! corners, region parity breaking the remaining ties, after a look at the table for a
//! child that proves the node fails high (an enhanced transposition cut-off).
//! On processors with AVX2 the ordering is compiled with the vector instructions, so that
//! the move generation and the flips inline into it (with AVX-512 as well where there is).

#[cfg(target_arch = "x86_64")]
use super::few_empties::Copies;
use super::{EndgameSolver, SOLVER_EMPTIES};
use crate::bits::Bits;
use crate::position::Position;
use crate::search::listed::weighted_replies;
use crate::search::meter::Meter;

/// A node's moves with their ordering keys, cells and the discs they flip (the cell as a
/// `u32`, so that on one word a child takes 16 bytes for the insertion sort to move: FFO
/// #40–#44 one worker, eleven pairs side by side, 1 % faster than with a `usize`).
type Children<const W: usize> = [(i32, u32, Bits<W>); SOLVER_EMPTIES as usize];

/// The ordering key of one reply left to the opponent (a corner reply counting twice).
const REPLY_KEY: i32 = 128;

/// The ordering key of one disc the mover holds at a corner or beside a corner of its own
/// ([`EndgameSolver::corner_discs`]): it ranks moves leaving as many replies, above region
/// parity (key 1). FFO #40–#44 one worker: 144.4 M nodes against 152.6 M without, whether
/// a disc is worth 1/128 to 1/16 of a reply; 164.0 M at a whole reply, 146.2 M below
/// parity, 149.8 M counting the corners alone. FFO #40–#49: 841.9 M nodes against 903.5 M;
/// the 4×4×4 set 536.7 M against 691.5 M, the 6×6×6 set 224.8 M against 231.0 M. The
/// opponent's potential mobility (empty cells beside the mover's discs) as a further key
/// did not pay: 154.4 M above parity, 152.5 M below it.
const CORNER_DISC_KEY: i32 = 2;

// The most such discs (eight corners, 24 C-squares) weigh less than a reply.
const _: () = assert!(32 * CORNER_DISC_KEY + 1 < REPLY_KEY);

impl<const W: usize> EndgameSolver<'_, W> {
    /// [`Self::solve`] with enough empties: the moves in fastest-first order, each searched
    /// by [`Self::move_score`].
    pub(super) fn solve_fastest_first(
        &self,
        meter: &mut Meter,
        position: &Position<W>,
        empties: Bits<W>,
        parity: u8,
        (alpha, beta): (i32, i32),
    ) -> i32 {
        let moves = position.legal_moves(self.geometry);
        if moves.is_empty() {
            return self.pass_or_end(meter, position, empties, parity, (alpha, beta));
        }
        let mut children = [(0, 0, Bits::EMPTY); SOLVER_EMPTIES as usize];
        let node = (position, moves, empties.count() - 1, parity);
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `copies` picks these only where the processor has their instructions.
        let ordered = unsafe {
            match self.copies {
                Copies::VectorLzcnt => self.order_with_lzcnt(node, beta, &mut children),
                Copies::Vector => self.order_with_vectors(node, beta, &mut children),
                Copies::Portable => self.order::<false>(node, beta, &mut children),
            }
        };
        #[cfg(not(target_arch = "x86_64"))]
        // SAFETY: without `LZCNT` there is nothing to promise.
        let ordered = unsafe { self.order::<false>(node, beta, &mut children) };
        let count = match ordered {
            Ok(count) => count,
            Err(bound) => return bound,
        };
        let mut alpha = alpha;
        let mut best = -i32::MAX;
        for (index, &(_, cell, flips)) in children[..count].iter().enumerate() {
            let cell = cell as usize;
            let score = self.move_score(
                meter,
                &position.apply(cell, flips),
                cell,
                (empties, parity),
                index == 0,
                (alpha, beta),
            );
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta || meter.stopped {
                break;
            }
        }
        best
    }

    /// The `discs` at a corner or on a C-square beside a corner among them: discs the
    /// opponent can rarely take back.
    #[inline(always)]
    fn corner_discs(&self, discs: Bits<W>) -> i32 {
        let mut count = 0;
        for &(corner, beside) in &self.corner_edges {
            if discs.contains(corner) {
                count += 1 + (discs & beside).count() as i32;
            }
        }
        count
    }

    /// [`Self::order`] compiled with the vector instructions.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2")]
    fn order_with_vectors(
        &self,
        node: (&Position<W>, Bits<W>, u32, u8),
        beta: i32,
        children: &mut Children<W>,
    ) -> Result<usize, i32> {
        // SAFETY: without `LZCNT` there is nothing to promise.
        unsafe { self.order::<false>(node, beta, children) }
    }

    /// [`Self::order`] compiled with AVX-512 as well, the flips by its leading-zero count.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,avx512f,avx512vl,avx512cd")]
    fn order_with_lzcnt(
        &self,
        node: (&Position<W>, Bits<W>, u32, u8),
        beta: i32,
        children: &mut Children<W>,
    ) -> Result<usize, i32> {
        // SAFETY: this copy has the instructions.
        unsafe { self.order::<true>(node, beta, children) }
    }

    /// Fills `children` with the `moves` of `position` (whose children have `left` empty
    /// cells, `parity` being its region parity), most promising first and stable among
    /// equals, and gives their number; or the bound of a child whose table entry proves the
    /// node fails high at `beta`.
    ///
    /// # Safety
    /// As [`Self::flips`].
    #[inline(always)]
    unsafe fn order<const LZCNT: bool>(
        &self,
        (position, moves, left, parity): (&Position<W>, Bits<W>, u32, u8),
        beta: i32,
        children: &mut Children<W>,
    ) -> Result<usize, i32> {
        // Every child's slot is asked for before the first is read, so that the memory waits
        // overlap.
        let mut count = 0;
        for cell in moves {
            // SAFETY: the caller's promise.
            let flips = unsafe { self.flips::<LZCNT>(position, cell) };
            self.table.prefetch(&position.apply(cell, flips), left);
            children[count] = (0, cell as u32, flips);
            count += 1;
        }
        for index in 0..count {
            let (_, cell, flips) = children[index];
            let cell = cell as usize;
            let child = position.apply(cell, flips);
            if let Some((_, upper)) = self.table.probe(&child, left)
                && -upper >= beta
            {
                return Err(-upper);
            }
            let odd_region = i32::from(parity >> self.region_of[cell] & 1);
            let replies = weighted_replies(self.geometry, &child, self.corners) as i32;
            let key = odd_region + CORNER_DISC_KEY * self.corner_discs(child.opponent)
                - REPLY_KEY * replies;
            let mut at = index;
            while at > 0 && children[at - 1].0 < key {
                children[at] = children[at - 1];
                at -= 1;
            }
            children[at] = (key, cell as u32, flips);
        }
        Ok(count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;
    use crate::position::Rules;

    fn cells(list: &[usize]) -> Bits<1> {
        list.iter().copied().collect()
    }

    #[test]
    fn corner_discs_count_corners_and_the_c_squares_beside_them() {
        let geometry = Geometry::<1>::new("8x8".parse().unwrap());
        let solver = EndgameSolver::new(&geometry, Rules::Classic);
        // Cell x·8 + y: corners 0, 7 and 63; C-squares 1 and 8 beside 0, 6 beside 7; 9 is
        // the X-square of 0.
        assert_eq!(solver.corner_discs(cells(&[0, 1, 8])), 3);
        assert_eq!(
            solver.corner_discs(cells(&[0, 9])),
            1,
            "an X-square is not counted"
        );
        assert_eq!(
            solver.corner_discs(cells(&[1, 8, 6])),
            0,
            "C-squares without a corner"
        );
        assert_eq!(solver.corner_discs(cells(&[0, 1, 7, 6, 63])), 5);
        let cube = Geometry::<1>::new("4x4x4".parse().unwrap());
        let solver = EndgameSolver::new(&cube, Rules::Classic);
        // Cell (x·4 + y)·4 + z: the corner 0, its C-squares 1, 4 and 16, and 5 beside it
        // diagonally.
        assert_eq!(solver.corner_discs(cells(&[0, 1, 4, 16, 5])), 4);
    }
}
