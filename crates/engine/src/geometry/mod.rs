//! A shape's tables in bitset form for one width `W`, built once per game: the direction
//! shifts with their edge masks (for move generation), ray lengths (for flips) and category
//! masks. [`Shape::dispatch`] is the one place where a runtime shape picks a compile-time width.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

mod flips;

use flips::uses_rays;

use super::bits::Bits;
use super::lanes::{CellRays, Lanes};
use super::shape::{Category, Shape};

/// One pair of opposite directions: a shift by `amount` cells up and down the index order.
#[derive(Clone, Debug)]
struct Axis<const W: usize> {
    amount: u32,
    /// Cells with a board neighbour on both sides along this axis: the only cells a flanked
    /// line can pass through. A shift that wraps around an edge always lands outside this set,
    /// so masking with it is the only edge handling move generation needs.
    inner: Bits<W>,
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
    /// `neighbors[cell]`: the cells one step from `cell`.
    neighbors: Vec<Bits<W>>,
    /// `direction_of[offset + largest offset]`: the direction index of an index offset.
    direction_of: Vec<u8>,
    /// Single-word 2D boards only: `rays[cell].0[d]` holds the cells from `cell` to the edge
    /// in direction `d`, with the directions whose offset is positive first.
    rays: Vec<CellRays>,
    category_masks: [Bits<W>; 8],
    /// The most opponent discs one move can flip in a line: N − 2.
    longest_run: usize,
    /// Four-word boards on processors with AVX2: the axes as the vector move generation
    /// takes them (amount, inner cells).
    #[cfg(target_arch = "x86_64")]
    vector_axes: Option<Vec<(u32, Lanes)>>,
    /// Single-word 2D boards on processors with AVX2: the axes as the vector flips and move
    /// generation take them.
    #[cfg(target_arch = "x86_64")]
    narrow_axes: Option<super::narrow_vector::Axes>,
    /// Single-word 2D boards on processors with AVX-512 and its leading-zero count: the flips
    /// use it, and the move generation is compiled with AVX-512.
    #[cfg(target_arch = "x86_64")]
    narrow_avx512: bool,
}

impl<const W: usize> Geometry<W> {
    /// Builds the tables; panics if the shape needs more than `W` words (a programming error:
    /// use [`Shape::dispatch`]).
    pub fn new(shape: Shape) -> Self {
        assert!(shape.cells() <= W * 64, "{shape} does not fit in {W} words");
        let cells = shape.cells();
        let mut steps = shape.steps();
        steps.sort_by_key(|&step| shape.step_offset(step) < 0);
        let offsets: Vec<isize> = steps.iter().map(|&s| shape.step_offset(s)).collect();
        let axes = axes_of(shape, &steps, &offsets);
        let with_rays = uses_rays::<W>(shape);
        let (ray_lengths, rays) = rays_of(shape, &steps, with_rays);
        let direction_of = direction_table(&offsets);
        let neighbors = (0..cells)
            .map(|cell| {
                steps
                    .iter()
                    .filter_map(|&step| shape.neighbor(cell, step))
                    .collect()
            })
            .collect();
        let longest_run = shape.side() - 2;
        if W == 1 {
            check_single_word_shifts(shape, &offsets, longest_run);
        }
        // Each cell classified once (classifying costs a walk over the cube).
        let categories: Vec<Category> = (0..cells).map(|c| shape.category(c)).collect();
        let category_masks = Category::ALL
            .map(|category| (0..cells).filter(|&c| categories[c] == category).collect());
        #[cfg(target_arch = "x86_64")]
        let vector_axes = (W == 4
            && vector_moves_available()
            && axes.iter().all(|axis| axis.amount < 64))
        .then(|| {
            axes.iter()
                .map(|axis| {
                    let inner = std::array::from_fn(|i| axis.inner.0[i]);
                    (axis.amount, Lanes(inner))
                })
                .collect()
        });
        #[cfg(target_arch = "x86_64")]
        let narrow_axes =
            (with_rays && vector_moves_available()).then(|| super::narrow_vector::Axes {
                amounts: Lanes(std::array::from_fn(|i| u64::from(axes[i].amount))),
                inner: Lanes(std::array::from_fn(|i| axes[i].inner.0[0])),
            });
        #[cfg(target_arch = "x86_64")]
        let narrow_avx512 = narrow_axes.is_some() && super::narrow_vector::avx512_available();
        Geometry {
            shape,
            full: Bits::first(cells),
            axes,
            #[cfg(target_arch = "x86_64")]
            vector_axes,
            #[cfg(target_arch = "x86_64")]
            narrow_axes,
            #[cfg(target_arch = "x86_64")]
            narrow_avx512,
            offsets,
            ray_lengths,
            neighbors,
            direction_of,
            rays,
            category_masks,
            longest_run,
        }
    }

    /// The shape these tables were built for.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Every cell of the board.
    pub fn full(&self) -> Bits<W> {
        self.full
    }

    /// The cells one step from `cell`: a move there flips nothing unless one of them holds
    /// an opponent disc.
    #[inline(always)]
    pub fn neighbors(&self, cell: usize) -> Bits<W> {
        self.neighbors[cell]
    }

    /// The cells of one category.
    pub fn category_mask(&self, category: Category) -> Bits<W> {
        self.category_masks[category as usize]
    }

    /// The empty cells where `mover` may play: each flanks at least one line of `opponent`
    /// discs ending in a `mover` disc.
    #[inline]
    pub fn legal_moves(&self, mover: Bits<W>, opponent: Bits<W>) -> Bits<W> {
        if W == 1 {
            let mut moves = Bits::EMPTY;
            moves.0[0] = self.single_word_moves(mover.0[0], opponent.0[0]);
            return moves;
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(axes) = &self.vector_axes {
            let four = |bits: Bits<W>| std::array::from_fn(|i| bits.0[i]);
            // SAFETY: the vector axes exist only when the processor has AVX2.
            let words = unsafe {
                super::wide_moves::legal_moves(axes, four(self.full), four(mover), four(opponent))
            };
            return Bits(std::array::from_fn(|i| words[i]));
        }
        self.portable_legal_moves(mover, opponent)
    }

    /// [`Self::legal_moves`] on boards of more than one word, without vector instructions.
    fn portable_legal_moves(&self, mover: Bits<W>, opponent: Bits<W>) -> Bits<W> {
        let empty = self.full.and_not(mover | opponent);
        let mut reached = Bits::EMPTY;
        for axis in &self.axes {
            let (amount, runners) = (axis.amount, opponent & axis.inner);
            reached |= walk_axis(mover, runners, amount);
        }
        reached & empty
    }

    /// [`Self::legal_moves`] on one word (side ≤ 8, runs ≤ 6) with a doubling fill that takes
    /// only the steps the side needs and no data-dependent branch. Every shift stays below 64
    /// bits (checked in [`Self::new`]).
    #[inline(always)]
    fn single_word_moves(&self, mover: u64, opponent: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if let Some(axes) = &self.narrow_axes {
            if self.narrow_avx512 {
                // SAFETY: set only when the processor has AVX-512.
                return unsafe {
                    super::narrow_vector::legal_moves_avx512(axes, self.full.0[0], mover, opponent)
                };
            }
            // SAFETY: the narrow axes exist only when the processor has AVX2.
            return unsafe {
                super::narrow_vector::legal_moves(axes, self.full.0[0], mover, opponent)
            };
        }
        self.portable_single_word_moves(mover, opponent)
    }

    /// [`Self::single_word_moves`] without vector instructions (kept out of line, so that
    /// the vector path stays small enough to inline).
    #[inline(never)]
    fn portable_single_word_moves(&self, mover: u64, opponent: u64) -> u64 {
        if self.shape.is_3d() {
            self.single_word_moves_over::<13>(mover, opponent)
        } else {
            self.single_word_moves_over::<4>(mover, opponent)
        }
    }

    /// [`Self::single_word_moves`] with the number of axes known at compile time, so that the
    /// loop unrolls.
    #[inline(always)]
    fn single_word_moves_over<const AXES: usize>(&self, mover: u64, opponent: u64) -> u64 {
        let empty = self.full.0[0] & !(mover | opponent);
        let mut moves = 0;
        for axis in &self.axes[..AXES] {
            let (amount, runners) = (axis.amount, opponent & axis.inner.0[0]);
            moves |= self.doubling_fill(mover, runners, empty, |bits, k| bits << (amount * k));
            moves |= self.doubling_fill(mover, runners, empty, |bits, k| bits >> (amount * k));
        }
        moves
    }

    /// The empty cells one `step` past a run of `runners` that starts one step from `seeds`;
    /// `step(bits, k)` moves bits k steps along the direction.
    #[inline(always)]
    fn doubling_fill(
        &self,
        seeds: u64,
        runners: u64,
        empty: u64,
        step: impl Fn(u64, u32) -> u64,
    ) -> u64 {
        let mut run = step(seeds, 1) & runners;
        run |= runners & step(run, 1);
        if self.longest_run > 2 {
            let chained = runners & step(runners, 1);
            run |= chained & step(run, 2);
            if self.longest_run > 4 {
                run |= chained & step(chained, 2) & step(run, 4);
            }
        }
        step(run, 1) & empty
    }

    /// Whether moves and flips use the one-word vector code (AVX2 on a 2D board of at most
    /// 64 cells; four-word boards have vector moves of their own, not counted here).
    pub fn has_vector_moves(&self) -> bool {
        #[cfg(target_arch = "x86_64")]
        return self.narrow_axes.is_some();
        #[cfg(not(target_arch = "x86_64"))]
        false
    }
}

/// Every cell one step past a run of `runners` that starts one step from `seeds`, along both
/// directions of an axis of `amount` cells, walked a step at a time until both runs end (on
/// wide boards most lines are short while every step costs `W` words). `runners` must only
/// hold cells with a board neighbour on both sides along the axis.
#[inline(always)]
fn walk_axis<const W: usize>(seeds: Bits<W>, runners: Bits<W>, amount: u32) -> Bits<W> {
    let mut up = seeds.shift_up(amount) & runners;
    let mut down = seeds.shift_down(amount) & runners;
    let mut reached = Bits::EMPTY;
    while !(up | down).is_empty() {
        up = up.shift_up(amount);
        down = down.shift_down(amount);
        reached |= up | down;
        up &= runners;
        down &= runners;
    }
    reached
}

/// Whether the vector code (four-word move generation, single-word flips) runs here.
#[cfg(target_arch = "x86_64")]
fn vector_moves_available() -> bool {
    super::wide_moves::available()
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
            1 => job.run(&*Geometry::<1>::shared(self)),
            4 => job.run(&*Geometry::<4>::shared(self)),
            8 => job.run(&*Geometry::<8>::shared(self)),
            _ => job.run(&*Geometry::<16>::shared(self)),
        }
    }
}

impl<const W: usize> Geometry<W> {
    /// The geometry of `shape`, built once per process and then shared: building one costs
    /// about 0.8 M instructions on 8×8 (reading the FFO file built 159 of them), and every
    /// parsed or printed position dispatches on its shape.
    pub fn shared(shape: Shape) -> Arc<Geometry<W>> {
        type Built = HashMap<(Shape, usize), Arc<dyn Any + Send + Sync>>;
        static BUILT: LazyLock<Mutex<Built>> = LazyLock::new(Mutex::default);
        let mut built = BUILT.lock().unwrap_or_else(PoisonError::into_inner);
        let geometry = built
            .entry((shape, W))
            .or_insert_with(|| Arc::new(Geometry::<W>::new(shape)))
            .clone();
        drop(built);
        geometry
            .downcast()
            .expect("a geometry is kept under its own width")
    }
}

/// The positive directions as shift amounts, each with the cells inside it (those with a
/// neighbour both ways along it).
fn axes_of<const W: usize>(shape: Shape, steps: &[[i32; 3]], offsets: &[isize]) -> Vec<Axis<W>> {
    let cells = shape.cells();
    steps
        .iter()
        .zip(offsets)
        .filter(|&(_, &offset)| offset > 0)
        .map(|(&step, &offset)| Axis {
            amount: offset as u32,
            inner: (0..cells)
                .filter(|&c| {
                    let back = step.map(|d| -d);
                    shape.neighbor(c, step).is_some() && shape.neighbor(c, back).is_some()
                })
                .collect(),
        })
        .collect()
}

/// Every cell's ray length along each step, and on boards that use them its rays as bits.
fn rays_of(shape: Shape, steps: &[[i32; 3]], with_rays: bool) -> (Vec<u8>, Vec<CellRays>) {
    let cells = shape.cells();
    let ray = |cell, step| {
        let mut ray = Vec::new();
        let mut at = cell;
        while let Some(next) = shape.neighbor(at, step) {
            ray.push(next);
            at = next;
        }
        ray
    };
    let mut ray_lengths = Vec::with_capacity(cells * steps.len());
    let mut rays = Vec::new();
    for cell in 0..cells {
        let mut cell_rays = CellRays([0; 8]);
        for (direction, &step) in steps.iter().enumerate() {
            let ray = ray(cell, step);
            ray_lengths.push(ray.len() as u8);
            if with_rays {
                cell_rays.0[direction] = ray.iter().fold(0, |bits, &c| bits | 1 << c);
            }
        }
        if with_rays {
            rays.push(cell_rays);
        }
    }
    (ray_lengths, rays)
}

/// The direction of each offset, indexed by the offset plus the largest one.
fn direction_table(offsets: &[isize]) -> Vec<u8> {
    let largest_offset = offsets.iter().map(|o| o.unsigned_abs()).max().unwrap_or(0);
    let mut direction_of = vec![u8::MAX; 2 * largest_offset + 1];
    for (direction, offset) in offsets.iter().enumerate() {
        direction_of[(offset + largest_offset as isize) as usize] = direction as u8;
    }
    direction_of
}

/// Panics unless every shift of the single-word flips stays within a word.
fn check_single_word_shifts(shape: Shape, offsets: &[isize], longest_run: usize) {
    let widest_step = if longest_run > 4 {
        4
    } else if longest_run > 2 {
        2
    } else {
        1
    };
    let amounts = offsets
        .iter()
        .map(|offset| offset.unsigned_abs() * widest_step);
    assert!(
        amounts.max().unwrap_or(0) < 64,
        "{shape}: single-word shift too wide"
    );
}

#[cfg(test)]
mod tests {
    use super::flips::ray_flips;
    use super::*;
    use rand::{RngExt, SeedableRng};

    /// Runs `check` on 2,000 random positions of each board of `boards`, from nearly empty to
    /// nearly full (any disjoint pair of disc sets is a valid input), once `vector_code` has
    /// confirmed that the board uses the vector code where the processor has AVX2 (and never
    /// off x86-64).
    fn on_random_discs<const W: usize>(
        boards: &[&str],
        vector_code: impl Fn(&Geometry<W>) -> bool,
        mut check: impl FnMut(&Geometry<W>, Bits<W>, Bits<W>, String),
    ) {
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(5);
        for board in boards {
            let geometry = Geometry::<W>::new(board.parse().unwrap());
            #[cfg(target_arch = "x86_64")]
            assert_eq!(
                vector_code(&geometry),
                super::super::wide_moves::available()
            );
            #[cfg(not(target_arch = "x86_64"))]
            assert!(!vector_code(&geometry), "vector code on x86-64 alone");
            for round in 0..2000 {
                let filled = f64::from(round % 20) / 20.0;
                let (mut mover, mut opponent) = (Bits::EMPTY, Bits::EMPTY);
                for cell in 0..geometry.shape.cells() {
                    if rng.random_bool(filled) {
                        if rng.random_bool(0.5) {
                            mover.insert(cell);
                        } else {
                            opponent.insert(cell);
                        }
                    }
                }
                check(
                    &geometry,
                    mover,
                    opponent,
                    format!("{board}, round {round}"),
                );
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn vector_move_generation_matches_the_portable_one() {
        let boards = ["6x6x6", "10x10", "16x16"];
        on_random_discs::<4>(
            &boards,
            |g| g.vector_axes.is_some(),
            |g, mover, opponent, at| {
                let portable = g.portable_legal_moves(mover, opponent);
                assert_eq!(g.legal_moves(mover, opponent), portable, "{at}");
            },
        );
    }

    /// On single-word 2D boards the vector move generation (with AVX-512 too, where the
    /// processor has it) agrees with the portable one, and the vector flips (with AVX-512's
    /// leading-zero count too), the portable rays and the walk from the neighbours agree for
    /// every empty cell.
    #[test]
    fn narrow_vector_code_matches_the_portable_code() {
        let boards = ["4x4", "6x6", "8x8"];
        on_random_discs::<1>(
            &boards,
            |g| g.has_vector_moves(),
            |g, mover_bits, opponent_bits, at| {
                let (mover, opponent) = (mover_bits.0[0], opponent_bits.0[0]);
                let portable = g.single_word_moves_over::<4>(mover, opponent);
                assert_eq!(
                    g.legal_moves(mover_bits, opponent_bits).0[0],
                    portable,
                    "{at}"
                );
                #[cfg(target_arch = "x86_64")]
                if let Some(axes) = &g.narrow_axes {
                    // SAFETY: the narrow axes exist only when the processor has AVX2.
                    let vector = unsafe {
                        super::super::narrow_vector::legal_moves(axes, g.full.0[0], mover, opponent)
                    };
                    assert_eq!(vector, portable, "{at}");
                }
                for cell in g.full.and_not(mover_bits | opponent_bits) {
                    let rays = g.cell_rays(cell);
                    let walked = g.walked_flips(mover_bits, opponent_bits, cell);
                    assert_eq!(
                        ray_flips::<4>(&rays.0, mover, opponent),
                        walked.0[0],
                        "{at}"
                    );
                    assert_eq!(g.flips(mover_bits, opponent_bits, cell), walked, "{at}");
                    #[cfg(target_arch = "x86_64")]
                    if g.narrow_axes.is_some() {
                        use super::super::narrow_vector;
                        // SAFETY: the narrow axes exist only when the processor has AVX2.
                        let vector = unsafe { narrow_vector::ray_flips(rays, mover, opponent) };
                        assert_eq!(vector, walked.0[0], "{at}");
                    }
                    #[cfg(target_arch = "x86_64")]
                    if g.has_lzcnt_flips() {
                        // SAFETY: just checked.
                        let lzcnt = unsafe { g.lzcnt_flips(mover_bits, opponent_bits, cell) };
                        assert_eq!(lzcnt, walked, "{at}");
                    }
                }
            },
        );
    }

    #[test]
    fn each_board_builds_its_shared_geometry_once() {
        let (square, cube) = ("8x8".parse().unwrap(), "6x6x6".parse().unwrap());
        let first = Geometry::<1>::shared(square);
        assert!(Arc::ptr_eq(&first, &Geometry::<1>::shared(square)));
        assert_eq!(first.shape(), square);
        let cube_geometry = Geometry::<4>::shared(cube);
        assert!(Arc::ptr_eq(&cube_geometry, &Geometry::<4>::shared(cube)));
        assert_eq!(cube_geometry.shape(), cube);
    }
}
