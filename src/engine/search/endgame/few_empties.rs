//! The solver's special code for its last few empty cells, where most of its nodes are: the
//! empty cells are a short list instead of a set, moves are ordered by region parity alone,
//! nodes search with plain fail-soft alpha-beta (no principal-variation re-searches), and on
//! processors with AVX2 the flips are inlined into the search.

use super::{
    EndgameSolver, FASTEST_FIRST_EMPTIES, STABILITY_EMPTIES, TABLE_EMPTIES, stability_threshold,
};
use crate::engine::bits::Bits;
use crate::engine::position::Position;
use crate::engine::search::meter::Meter;

/// The most empty cells [`EndgameSolver::few_empties`] takes: those below fastest-first
/// ordering.
pub(super) const FEW_EMPTIES: usize = FASTEST_FIRST_EMPTIES as usize - 1;

/// The empty cells of a node, small to copy (a board has at most 1,000 cells).
type Cells = [u16; FEW_EMPTIES];

/// The search of [`EndgameSolver::few_empties`], defined twice: once for any processor and
/// once with the vector instructions enabled, so that the flips inline into it.
macro_rules! search_cells {
    ($name:ident $(, #[$feature:meta])*) => {
    /// The final margin of `position` with the empty `cells` within (`alpha`, `beta`): a
    /// stability cut-off or a bound in the table when they decide, else the cells of odd
    /// regions first, then the others, each in index order; after a pass (`passed`) with no
    /// move either, the game ends.
    $(#[$feature])*
    fn $name(
        &self,
        meter: &mut Meter,
        position: &Position<W>,
        (cells, left): (Cells, usize),
        parity: u8,
        (alpha, beta): (i32, i32),
        passed: bool,
    ) -> i32 {
        if left == 2 {
            return self.two_cells(meter, position, [cells[0].into(), cells[1].into()], beta);
        }
        let empties = left as u32;
        if empties >= STABILITY_EMPTIES
            && alpha >= stability_threshold(empties)
            && let Some(ceiling) = self.margin_ceiling(position, alpha)
        {
            return ceiling;
        }
        let tabled = empties >= TABLE_EMPTIES;
        if tabled && let Some((lower, upper)) = self.table.probe(position, empties) {
            if lower >= beta {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
        }
        let window = (alpha, beta);
        let mut alpha = alpha;
        let mut best = -i32::MAX;
        let mut searched = false;
        for odd in [1, 0] {
            for index in 0..left {
                let cell = usize::from(cells[index]);
                let region = self.region_of[cell];
                if parity >> region & 1 != odd
                    || (self.geometry.neighbors(cell) & position.opponent).is_empty()
                {
                    continue;
                }
                let flips = self.geometry.flips(position.mover, position.opponent, cell);
                if flips.is_empty() {
                    continue;
                }
                searched = true;
                let mut rest = cells;
                for at in index..left - 1 {
                    rest[at] = cells[at + 1];
                }
                meter.visit(left as u32 - 1);
                let score = -self.$name(
                    meter,
                    &position.apply(cell, flips),
                    (rest, left - 1),
                    parity ^ 1 << region,
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
            if tabled && !meter.stopped {
                self.table.store(position, empties, window, best);
            }
            best
        } else if passed {
            self.margin_now(position)
        } else {
            meter.visit(left as u32);
            -self.$name(
                meter,
                &position.pass(),
                (cells, left),
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
    /// (three to [`FEW_EMPTIES`]; bit r of `parity` set when region r holds an odd number of
    /// them), within the margin window (`alpha`, `beta`), fail-soft.
    pub(super) fn few_empties(
        &self,
        meter: &mut Meter,
        position: &Position<W>,
        empties: Bits<W>,
        parity: u8,
        window: (i32, i32),
    ) -> i32 {
        let mut cells = [0; FEW_EMPTIES];
        let mut left = 0;
        for cell in empties {
            cells[left] = cell as u16;
            left += 1;
        }
        let cells = (cells, left);
        if self.geometry.has_vector_moves() {
            // SAFETY: the processor has AVX2 (and the rest of x86-64-v3 with it).
            unsafe { self.search_cells_vector(meter, position, cells, parity, window, false) }
        } else {
            self.search_cells(meter, position, cells, parity, window, false)
        }
    }

    search_cells!(search_cells);
    search_cells!(search_cells_vector, #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]);

    /// The final margin of `position` with two empty `cells`, failing high at `beta`: the
    /// mover's moves in order, each answered by the last move; without one, the opponent's;
    /// without either, the game ends.
    #[inline(always)]
    fn two_cells(
        &self,
        meter: &mut Meter,
        position: &Position<W>,
        [first, second]: [usize; 2],
        beta: i32,
    ) -> i32 {
        let pairs = [(first, second), (second, first)];
        if let Some(best) = self.best_of_pair(meter, position, pairs, beta) {
            return best;
        }
        match self.best_of_pair(meter, &position.pass(), pairs, i32::MAX) {
            Some(best) => -best,
            None => self.margin_now(position),
        }
    }

    /// The best final margin of the side to move over its moves to the first cell of each
    /// pair (the second being the last one left), stopping at `beta`; `None` when it has no
    /// move.
    #[inline(always)]
    fn best_of_pair(
        &self,
        meter: &mut Meter,
        position: &Position<W>,
        pairs: [(usize, usize); 2],
        beta: i32,
    ) -> Option<i32> {
        let mut best = None;
        for (cell, last) in pairs {
            let flips = self.geometry.flips(position.mover, position.opponent, cell);
            if flips.is_empty() {
                continue;
            }
            meter.visit(1);
            let score = -self.last_move(&position.apply(cell, flips), Bits::single(last));
            let best_so_far = best.map_or(score, |best: i32| best.max(score));
            best = Some(best_so_far);
            if best_so_far >= beta {
                break;
            }
        }
        best
    }
}
