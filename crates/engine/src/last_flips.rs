//! How many discs the last move of a game flips, on single-word 2D boards with BMI2: with one
//! cell empty every other cell holds a disc, so along each of the four lines through the cell
//! the count depends on the mover's discs on that line alone. `pext` gathers them into a
//! line index and a table gives the count, without working out which discs flip.

use std::arch::x86_64::_pext_u64;

use super::shape::{Shape, Step};

/// The most cells on a line of a single-word 2D board.
const LINE: usize = 8;

/// Flip counts by the moving cell's place on its line and the mover's discs on it.
type Counts = [[u8; 1 << LINE]; LINE];

/// One line through a cell: its cells, and the cell's place among them (in index order).
#[derive(Clone, Copy, Debug)]
struct Line {
    cells: u64,
    place: usize,
}

/// The lines through every cell of one board and the table of flip counts.
#[derive(Clone, Debug)]
pub struct LastFlips {
    lines: Vec<[Line; 4]>,
    counts: Box<Counts>,
}

impl LastFlips {
    /// The counter for `shape`, when it is a single-word 2D board and the processor has BMI2.
    pub fn new(shape: Shape) -> Option<Self> {
        if shape.is_3d() || shape.cells() > 64 || !std::arch::is_x86_feature_detected!("bmi2") {
            return None;
        }
        let lines = (0..shape.cells())
            .map(|cell| {
                [[1, 0, 0], [0, 1, 0], [1, 1, 0], [1, -1, 0]].map(|step| line(shape, cell, step))
            })
            .collect();
        let mut counts = Box::new([[0; 1 << LINE]; LINE]);
        for (place, row) in counts.iter_mut().enumerate() {
            for (mine, count) in row.iter_mut().enumerate() {
                *count = flanked(mine, place + 1..LINE) + flanked(mine, (0..place).rev());
            }
        }
        Some(LastFlips { lines, counts })
    }

    /// The discs that `mover` flips by playing `cell`, the board's only empty cell, against
    /// an opponent holding every other cell.
    ///
    /// # Safety
    /// The processor must have BMI2 (as it has whenever [`LastFlips::new`] gave a counter).
    #[inline]
    #[target_feature(enable = "bmi2")]
    pub fn count(&self, mover: u64, cell: usize) -> u32 {
        let mut flipped = 0;
        for line in &self.lines[cell] {
            // A line has at most eight cells: the masks only spare the bounds checks.
            let mine = _pext_u64(mover, line.cells) as usize & ((1 << LINE) - 1);
            flipped += u32::from(self.counts[line.place & (LINE - 1)][mine]);
        }
        flipped
    }
}

/// The line through `cell` along `step` (both ways) on `shape`.
fn line(shape: Shape, cell: usize, step: Step) -> Line {
    let back = step.map(|d| -d);
    let mut first = cell;
    while let Some(previous) = shape.neighbor(first, back) {
        first = previous;
    }
    let mut cells = 1u64 << first;
    let mut at = first;
    while let Some(next) = shape.neighbor(at, step) {
        cells |= 1 << next;
        at = next;
    }
    let place = (cells & ((1u64 << cell) - 1)).count_ones() as usize;
    Line { cells, place }
}

/// The opponent discs flipped along `walk` (places on a line, walking away from the moving
/// cell) when the mover holds the places whose bits `mine` sets and the opponent every other:
/// the run before the first mover disc, or none when the line ends first.
fn flanked(mine: usize, mut walk: impl Iterator<Item = usize>) -> u8 {
    match walk.position(|at| mine >> at & 1 == 1) {
        Some(run) => run as u8,
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn the_counts_agree_with_the_flips_on_full_boards() {
        for side in [4, 6, 8] {
            let shape = Shape::new(2, side).expect("a board");
            let Some(counter) = LastFlips::new(shape) else {
                return;
            };
            let geometry = Geometry::<1>::new(shape);
            let full = geometry.full().0[0];
            let mut random = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(side as u64);
            for _ in 0..2000 {
                let cell = random.random_range(0..shape.cells());
                let mover = random.random::<u64>() & full & !(1 << cell);
                let opponent = full & !mover & !(1 << cell);
                let flips = geometry.flips(
                    crate::bits::Bits([mover]),
                    crate::bits::Bits([opponent]),
                    cell,
                );
                // SAFETY: the counter exists only when the processor has BMI2.
                let counted = unsafe { counter.count(mover, cell) };
                assert_eq!(counted, flips.count(), "{side}x{side}, cell {cell}");
            }
        }
    }
}
