//! A shape's tables in bitset form for one width `W`, built once per game: the direction
//! shifts with their edge masks (for move generation), ray lengths (for flips) and category
//! masks. [`Shape::dispatch`] is the one place where a runtime shape picks a compile-time width.

use super::bits::Bits;
use super::shape::{Category, Shape};

/// One pair of opposite directions: a shift by `amount` cells up and down the index order.
#[derive(Clone, Debug)]
struct Axis<const W: usize> {
    amount: u32,
    /// Cells whose neighbour `amount` cells up (in the positive step) is on the board.
    up_sources: Bits<W>,
    /// Cells whose neighbour `amount` cells down (in the opposite step) is on the board.
    down_sources: Bits<W>,
}

/// The precomputed tables of a shape for bitsets of `W` words.
#[derive(Clone, Debug)]
pub struct Geometry<const W: usize> {
    shape: Shape,
    full: Bits<W>,
    axes: Vec<Axis<W>>,
    offsets: Vec<isize>,
    /// `ray_lengths[cell * offsets.len() + d]`: cells from `cell` to the edge in direction `d`.
    ray_lengths: Vec<u8>,
    category_masks: [Bits<W>; 8],
}

impl<const W: usize> Geometry<W> {
    /// Builds the tables; panics if the shape needs more than `W` words (a programming error:
    /// use [`Shape::dispatch`]).
    pub fn new(shape: Shape) -> Self {
        assert!(shape.cells() <= W * 64, "{shape} does not fit in {W} words");
        let cells = shape.cells();
        let steps = shape.steps();
        let offsets: Vec<isize> = steps.iter().map(|&s| shape.step_offset(s)).collect();
        let sources_of = |step| (0..cells).filter(|&c| shape.neighbor(c, step).is_some()).collect();
        let axes = steps
            .iter()
            .zip(&offsets)
            .filter(|&(_, &offset)| offset > 0)
            .map(|(&step, &offset)| Axis {
                amount: offset as u32,
                up_sources: sources_of(step),
                down_sources: sources_of(step.map(|d| -d)),
            })
            .collect();
        let mut ray_lengths = Vec::with_capacity(cells * steps.len());
        for cell in 0..cells {
            for &step in &steps {
                let mut length = 0;
                let mut at = cell;
                while let Some(next) = shape.neighbor(at, step) {
                    length += 1;
                    at = next;
                }
                ray_lengths.push(length);
            }
        }
        let category_masks = Category::ALL
            .map(|category| (0..cells).filter(|&c| shape.category(c) == category).collect());
        Geometry { shape, full: Bits::first(cells), axes, offsets, ray_lengths, category_masks }
    }

    /// The shape these tables were built for.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Every cell of the board.
    pub fn full(&self) -> Bits<W> {
        self.full
    }

    /// The cells of one category.
    pub fn category_mask(&self, category: Category) -> Bits<W> {
        self.category_masks[category as usize]
    }

    /// The empty cells where `mover` may play: each flanks at least one line of `opponent`
    /// discs ending in a `mover` disc.
    #[inline]
    pub fn legal_moves(&self, mover: Bits<W>, opponent: Bits<W>) -> Bits<W> {
        let empty = self.full.and_not(mover | opponent);
        let mut moves = Bits::EMPTY;
        for axis in &self.axes {
            let runners = opponent & axis.up_sources;
            let mut frontier = (mover & axis.up_sources).shift_up(axis.amount) & runners;
            while !frontier.is_empty() {
                let next = frontier.shift_up(axis.amount);
                moves |= next & empty;
                frontier = next & runners;
            }
            let runners = opponent & axis.down_sources;
            let mut frontier = (mover & axis.down_sources).shift_down(axis.amount) & runners;
            while !frontier.is_empty() {
                let next = frontier.shift_down(axis.amount);
                moves |= next & empty;
                frontier = next & runners;
            }
        }
        moves
    }

    /// The opponent discs that flip when `mover` plays on the empty cell `cell` (empty if the
    /// move is illegal).
    #[inline]
    pub fn flips(&self, mover: Bits<W>, opponent: Bits<W>, cell: usize) -> Bits<W> {
        let directions = self.offsets.len();
        let rays = &self.ray_lengths[cell * directions..(cell + 1) * directions];
        let mut flips = Bits::EMPTY;
        for (&offset, &length) in self.offsets.iter().zip(rays) {
            if length < 2 {
                continue;
            }
            let mut at = cell as isize + offset;
            if !opponent.contains(at as usize) {
                continue;
            }
            let mut line = Bits::EMPTY;
            let mut walked = 1;
            while walked < length && opponent.contains(at as usize) {
                line.insert(at as usize);
                at += offset;
                walked += 1;
            }
            if mover.contains(at as usize) {
                flips |= line;
            }
        }
        flips
    }
}

/// A computation that runs with the bitset width of a shape (see [`Shape::dispatch`]).
pub trait WidthJob {
    /// What the job returns.
    type Output;
    /// Runs the job with the shape's tables.
    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Self::Output;
}

impl Shape {
    /// Runs `job` monomorphized for this shape's width (1, 4, 8 or 16 words). This is the one
    /// dispatch point between runtime shapes and the compile-time widths of the hot path.
    pub fn dispatch<J: WidthJob>(self, job: J) -> J::Output {
        match self.words() {
            1 => job.run(&Geometry::<1>::new(self)),
            4 => job.run(&Geometry::<4>::new(self)),
            8 => job.run(&Geometry::<8>::new(self)),
            _ => job.run(&Geometry::<16>::new(self)),
        }
    }
}
