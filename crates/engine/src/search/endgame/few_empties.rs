//! The solver's special code for its last few empty cells, where most of its nodes are: moves
//! are ordered by region parity alone, no move list is made (below six empties not even the
//! legal moves: a cell's flips are found only when it is tried), nodes search with plain
//! fail-soft alpha-beta (no principal-variation re-searches), and on processors with AVX2 the
//! search is compiled a second time with the vector instructions, so that the flips inline
//! into it (a third time with AVX-512 as well, whose leading-zero count finds the flips
//! faster).

use super::{EndgameSolver, FASTEST_FIRST_EMPTIES, TABLE_EMPTIES};
use crate::bits::Bits;
#[cfg(target_arch = "x86_64")]
use crate::geometry::Geometry;
use crate::position::Position;
use crate::search::meter::Meter;

/// The most empty cells [`EndgameSolver::few_empties`] takes: those below fastest-first
/// ordering.
pub(super) const FEW_EMPTIES: usize = FASTEST_FIRST_EMPTIES as usize - 1;

/// Nodes with this many empty cells (the most this code takes) list their legal moves first
/// and try only those; below, every empty cell beside an opponent disc is tried, its flips
/// telling whether it is legal. FFO #40–#44 one worker, six pairs side by side: 6.41 s
/// against 6.63 s (−3.3 %, the same nodes); listing from 5 empties 1.3 % slower than from 6
/// alone, from 4 slower still.
const LISTED_MOVES_EMPTIES: u32 = FEW_EMPTIES as u32;

/// Which copies of the solver's hottest code run on a board and processor.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Copies {
    /// The portable code.
    Portable,
    /// Compiled with AVX2, BMI1 and BMI2 (single-word 2D boards).
    Vector,
    /// Compiled with AVX-512 as well, the flips found with its leading-zero count.
    VectorLzcnt,
}

#[cfg(target_arch = "x86_64")]
impl Copies {
    /// The fastest copies for `geometry`'s board on this processor.
    pub(super) fn of<const W: usize>(geometry: &Geometry<W>) -> Self {
        let vector = geometry.has_vector_moves()
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2");
        if vector && geometry.has_lzcnt_flips() {
            Copies::VectorLzcnt
        } else if vector {
            Copies::Vector
        } else {
            Copies::Portable
        }
    }
}

/// The search of [`EndgameSolver::few_empties`], defined three times: for any processor, with
/// the vector instructions enabled (so that the flips and the last move's flip counts inline
/// into it), and with AVX-512 as well (`$lzcnt`: the flips by its leading-zero count).
macro_rules! search_cells {
    ($name:ident, $lzcnt:literal $(, #[$feature:meta])*) => {
    /// The final margin of `position` with the empty `cells` within (`alpha`, `beta`): a
    /// stability cut-off or a bound in the table when they decide, else the cells of odd
    /// regions first, then the others, each in index order; after a pass (`passed`) with no
    /// move either, the game ends.
    $(#[$feature])*
    fn $name(
        &self,
        meter: &mut Meter,
        position: &Position<W>,
        cells: Bits<W>,
        parity: u8,
        (alpha, beta): (i32, i32),
        passed: bool,
    ) -> i32 {
        let empties = cells.count();
        if empties == 2 {
            // SAFETY: the copy with `$lzcnt` runs only where the processor has AVX-512.
            return unsafe { self.two_cells::<$lzcnt>(meter, position, cells, beta) };
        }
        if let Some(margin) = self.decided_unsearched(position, empties, (alpha, beta)) {
            return margin;
        }
        let window = (alpha, beta);
        let mut alpha = alpha;
        let mut best = -i32::MAX;
        let mut searched = false;
        let odd = self.odd_cells[usize::from(parity)];
        let listed = empties >= LISTED_MOVES_EMPTIES;
        let tried = if listed { position.legal_moves(self.geometry) } else { cells };
        for group in [tried & odd, tried.and_not(odd)] {
            for cell in group {
                if !listed && (self.geometry.neighbors(cell) & position.opponent).is_empty() {
                    continue;
                }
                // SAFETY: as above.
                let flips = unsafe { self.flips::<$lzcnt>(position, cell) };
                if flips.is_empty() {
                    continue;
                }
                searched = true;
                let mut rest = cells;
                rest.remove(cell);
                meter.visit(empties - 1);
                let score = -self.$name(
                    meter,
                    &position.apply(cell, flips),
                    rest,
                    parity ^ 1 << self.region_of[cell],
                    (-beta, -alpha),
                    false,
                );
                if score > best {
                    best = score;
                    if score >= beta {
                        break;
                    }
                    alpha = alpha.max(score);
                }
            }
            if best >= beta {
                break;
            }
        }
        if searched {
            if empties >= TABLE_EMPTIES && !meter.stopped {
                self.table.store(position, empties, window, best);
            }
            best
        } else if passed {
            self.margin_now(position)
        } else {
            meter.visit(empties);
            -self.$name(
                meter,
                &position.pass(),
                cells,
                parity,
                (-beta, -alpha),
                true,
            )
        }
    }
    };
}

impl<const W: usize> EndgameSolver<'_, W> {
    /// The final margin under perfect play of `position`, whose empty cells are `empties`
    /// (two to [`FEW_EMPTIES`]; bit r of `parity` set when region r holds an odd number of
    /// them), within the margin window (`alpha`, `beta`), fail-soft.
    pub(super) fn few_empties(
        &self,
        meter: &mut Meter,
        position: &Position<W>,
        empties: Bits<W>,
        parity: u8,
        window: (i32, i32),
    ) -> i32 {
        #[cfg(target_arch = "x86_64")]
        match self.copies {
            // SAFETY: `copies` picks these only where the processor has their instructions.
            Copies::VectorLzcnt => unsafe {
                return self.search_cells_lzcnt(meter, position, empties, parity, window, false);
            },
            Copies::Vector => unsafe {
                return self.search_cells_vector(meter, position, empties, parity, window, false);
            },
            Copies::Portable => {}
        }
        self.search_cells(meter, position, empties, parity, window, false)
    }

    search_cells!(search_cells, false);
    #[cfg(target_arch = "x86_64")]
    search_cells!(search_cells_vector, false, #[target_feature(enable = "avx2,bmi1,bmi2")]);
    #[cfg(target_arch = "x86_64")]
    search_cells!(
        search_cells_lzcnt,
        true,
        #[target_feature(enable = "avx2,bmi1,bmi2,avx512f,avx512vl,avx512cd")]
    );

    /// The discs the side to move flips by playing `cell` in `position`; with `LZCNT`, by
    /// AVX-512's leading-zero count.
    ///
    /// # Safety
    /// With `LZCNT`, only where the processor has AVX-512 ([`Copies::VectorLzcnt`]).
    #[inline(always)]
    pub(super) unsafe fn flips<const LZCNT: bool>(
        &self,
        position: &Position<W>,
        cell: usize,
    ) -> Bits<W> {
        #[cfg(target_arch = "x86_64")]
        if LZCNT {
            // SAFETY: the caller's promise.
            return unsafe {
                self.geometry
                    .lzcnt_flips(position.mover, position.opponent, cell)
            };
        }
        self.geometry.flips(position.mover, position.opponent, cell)
    }

    /// The final margin of `position` with two empty `cells`, failing high at `beta`: the
    /// mover's moves in order, each answered by the last move; without one, it passes (a
    /// node) and the opponent moves; without either, the game ends.
    ///
    /// # Safety
    /// As [`Self::flips`].
    #[inline(always)]
    unsafe fn two_cells<const LZCNT: bool>(
        &self,
        meter: &mut Meter,
        position: &Position<W>,
        cells: Bits<W>,
        beta: i32,
    ) -> i32 {
        let first = cells.lowest().expect("two empty cells");
        let second = cells.and_not(Bits::single(first));
        let pairs = [
            (first, second),
            (
                second.lowest().expect("two empty cells"),
                Bits::single(first),
            ),
        ];
        // SAFETY: the caller's promise.
        if let Some(best) = unsafe { self.best_of_pair::<LZCNT>(meter, position, pairs, beta) } {
            return best;
        }
        // The mover passes: a node of its own.
        meter.visit(2);
        // SAFETY: as above.
        match unsafe { self.best_of_pair::<LZCNT>(meter, &position.pass(), pairs, i32::MAX) } {
            Some(best) => -best,
            None => self.margin_now(position),
        }
    }

    /// The best final margin of the side to move over its moves to the first cell of each
    /// pair (the second being the last one left), stopping at `beta`; `None` when it has no
    /// move.
    ///
    /// # Safety
    /// As [`Self::flips`].
    #[inline(always)]
    unsafe fn best_of_pair<const LZCNT: bool>(
        &self,
        meter: &mut Meter,
        position: &Position<W>,
        pairs: [(usize, Bits<W>); 2],
        beta: i32,
    ) -> Option<i32> {
        let mut best = None;
        for (cell, last) in pairs {
            // SAFETY: the caller's promise.
            let flips = unsafe { self.flips::<LZCNT>(position, cell) };
            if flips.is_empty() {
                continue;
            }
            meter.visit(1);
            let score = -self.last_move(meter, &position.apply(cell, flips), last);
            let best_so_far = best.map_or(score, |best: i32| best.max(score));
            best = Some(best_so_far);
            if best_so_far >= beta {
                break;
            }
        }
        best
    }
}
