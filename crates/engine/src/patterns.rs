//! The pattern evaluation of any board: the value of a position as a sum of table entries,
//! one per pattern instance (an edge, a corner square, a row, a diagonal, a cube's face…)
//! indexed by the contents of its cells, plus the two sides' mobility — the kind of evaluation
//! the best Othello programs search with. The tables are fitted to scored positions
//! (`reversi3d fit-patterns`); the 8×8 fit ships with the program and has the fast sums.

use std::sync::{Arc, LazyLock, OnceLock};

use crate::bits::Bits;
use crate::position::Rules;
use crate::shape::Shape;

pub mod catalog;
mod file;
mod layout;
#[cfg(target_arch = "x86_64")]
mod vector_sum;
mod worth;

pub use file::{PatternFileError, parse_edges};
pub use layout::PatternLayout;
pub use worth::{PatternView, pattern_view};

/// The board side the patterns are laid out on.
const SIDE: usize = 8;

/// The most cells of a pattern.
const MAX_CELLS: usize = catalog::MAX_PATTERN_CELLS;

/// One pattern instance: its cells (bit indices, most significant base-3 digit first), where
/// its base pattern's table starts and, for the `pext` sum on x86-64, the board mask of its
/// cells and where its digit table starts in `Layout::digits`.
#[derive(Clone, Copy, Debug)]
struct Instance {
    cells: [u8; MAX_CELLS],
    len: usize,
    offset: u32,
    #[cfg(target_arch = "x86_64")]
    mask: u64,
    #[cfg(target_arch = "x86_64")]
    digits: u32,
}

/// Every instance of every base pattern, and the size of one phase's tables.
struct Layout {
    instances: Vec<Instance>,
    /// Per instance, for each subset of its cells gathered in bit order (as `pext` gathers
    /// them): the index those cells make holding a disc of the side to move (digit 1).
    #[cfg(target_arch = "x86_64")]
    digits: Vec<u32>,
    entries: usize,
}

/// The image of (row, column) under symmetry `s` (0–7) of the square board.
fn transform(s: u8, (row, column): (u8, u8)) -> (u8, u8) {
    let last = SIDE as u8 - 1;
    let (row, column) = if s & 4 != 0 {
        (column, row)
    } else {
        (row, column)
    };
    let row = if s & 2 != 0 { last - row } else { row };
    let column = if s & 1 != 0 { last - column } else { column };
    (row, column)
}

fn bit_of((row, column): (u8, u8)) -> u8 {
    row * SIDE as u8 + column
}

/// For each subset of `cells` as a mask of `set`'s bits in ascending order: the base-3 index
/// with digit 1 on the subset's cells (`cells` most significant first).
#[cfg(target_arch = "x86_64")]
fn gathered_digits(cells: &[u8], set: u64) -> Vec<u32> {
    let ascending: Vec<u8> = (0..64u8).filter(|&b| set >> b & 1 != 0).collect();
    (0..1u32 << cells.len())
        .map(|subset| {
            ascending
                .iter()
                .enumerate()
                .filter(|&(i, _)| subset >> i & 1 != 0)
                .map(|(_, bit)| {
                    let place = cells
                        .iter()
                        .position(|c| c == bit)
                        .expect("a cell of the set");
                    3u32.pow((cells.len() - 1 - place) as u32)
                })
                .sum()
        })
        .collect()
}

static LAYOUT: LazyLock<Layout> = LazyLock::new(|| {
    let mut instances = Vec::new();
    #[cfg(target_arch = "x86_64")]
    let mut digits = Vec::new();
    let mut offset = 0u32;
    let shape = Shape::new(2, SIDE).expect("8x8 is a board");
    for family in catalog::catalog(shape) {
        for image in &family.instances {
            let mut cells = [0u8; MAX_CELLS];
            for (slot, &cell) in cells.iter_mut().zip(image) {
                *slot = cell as u8;
            }
            #[cfg(target_arch = "x86_64")]
            let set = image.iter().fold(0u64, |set, &b| set | 1 << b);
            instances.push(Instance {
                cells,
                len: image.len(),
                offset,
                #[cfg(target_arch = "x86_64")]
                mask: set,
                #[cfg(target_arch = "x86_64")]
                digits: digits.len() as u32,
            });
            #[cfg(target_arch = "x86_64")]
            digits.extend(gathered_digits(&cells[..image.len()], set));
        }
        offset += family.entries() as u32;
    }
    Layout {
        instances,
        #[cfg(target_arch = "x86_64")]
        digits,
        entries: offset as usize,
    }
});

/// The 8×8 board, whose evaluation has the fast sums.
fn eight_by_eight() -> Shape {
    Shape::new(2, SIDE).expect("8x8 is a board")
}

/// The 8×8 layout read cell by cell, for any processor: the same instances in the same order
/// as [`LAYOUT`] (kept here so that the fallback sum takes no lock).
static CELL_BY_CELL: LazyLock<&'static PatternLayout> =
    LazyLock::new(|| PatternLayout::shared(eight_by_eight()));

/// How many pattern instances a position has.
pub fn instance_count() -> usize {
    LAYOUT.instances.len()
}

/// The entries of one phase's tables.
pub fn table_entries() -> usize {
    LAYOUT.entries
}

/// The table entry of every pattern instance of the position with `mover`'s and
/// `opponent`'s discs (bit r·8+c), written to `out` (one per instance).
pub fn feature_indices(mover: u64, opponent: u64, out: &mut [u32]) {
    CELL_BY_CELL.feature_indices(Bits([mover]), Bits([opponent]), out);
}

/// The sum of `table`'s entries for every instance: eight instances at a time with AVX-512
/// where the processor has it, else with `pext` where it has that, else cell by cell.
fn pattern_sum(table: &[i16], mover: u64, opponent: u64) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if vector_sum::available() {
        // SAFETY: the processor has what the vector sum needs.
        return unsafe { vector_sum::pattern_sum_avx512(table, mover, opponent & !mover) };
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("bmi2") {
        // SAFETY: the processor has BMI2.
        return unsafe { pattern_sum_bmi2(table, mover, opponent) };
    }
    pattern_sum_by_cells(table, mover, opponent)
}

/// [`pattern_sum`] reading each instance's index cell by cell.
fn pattern_sum_by_cells(table: &[i16], mover: u64, opponent: u64) -> i32 {
    CELL_BY_CELL.sum(table, Bits([mover]), Bits([opponent]))
}

/// [`pattern_sum`] by gathering each instance's cells with `pext`.
///
/// # Safety
/// The processor must have BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn pattern_sum_bmi2(table: &[i16], mover: u64, opponent: u64) -> i32 {
    use std::arch::x86_64::_pext_u64;
    let layout = &*LAYOUT;
    assert!(table.len() >= layout.entries, "a table of every entry");
    let opponent = opponent & !mover;
    let mut sum = 0;
    for instance in &layout.instances {
        // SAFETY (the reads unchecked: a third of the evaluation's time went to checks): an
        // instance's digits are the 2^len entries from `instance.digits` and `pext` gathers
        // `len` bits; with the two sides' cells disjoint their base-3 index is below 3^len,
        // and the base pattern's 3^len entries from `instance.offset` lie within the table.
        unsafe {
            let digit = |discs| {
                let gathered = _pext_u64(discs, instance.mask) as usize;
                *layout
                    .digits
                    .get_unchecked(instance.digits as usize + gathered)
            };
            let index = instance.offset + digit(mover) + 2 * digit(opponent);
            sum += i32::from(*table.get_unchecked(index as usize));
        }
    }
    sum
}

/// The image of a one-word 8×8 bitboard under symmetry `s` (0–7).
pub fn transform_board(s: u8, board: u64) -> u64 {
    let mut image = 0u64;
    let mut rest = board;
    while rest != 0 {
        let bit = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        let cell = (bit / SIDE as u8, bit % SIDE as u8);
        image |= 1 << bit_of(transform(s, cell));
    }
    image
}

/// Groups of table entries that the board's symmetries make equivalent (see
/// [`catalog::equivalent_entries`]); each holds at least two entries.
pub fn equivalent_entries() -> Vec<Vec<u32>> {
    let shape = Shape::new(2, SIDE).expect("8x8 is a board");
    catalog::equivalent_entries(shape, &catalog::catalog(shape))
}

/// One phase's weights: a table entry per pattern configuration, a bias, the weights of the
/// two sides' mobility and of an even number of empty cells, all in [`UNITS_PER_DISC`]ths of
/// a disc.
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseWeights {
    /// The tables of every base pattern, one after the other.
    pub table: Vec<i16>,
    /// The constant term.
    pub bias: i16,
    /// Per legal move of the side to move.
    pub mobility: i16,
    /// Per legal move of the other side.
    pub opponent_mobility: i16,
    /// Added when the number of empty cells is even: which side is due the last move (the
    /// parity), which tables spanning several empty counts cannot tell.
    pub even_empties: i16,
}

impl PhaseWeights {
    /// The value of a position whose pattern entries sum to `patterns`, with the two sides'
    /// legal move counts `mobility` and `empties` empty cells.
    pub fn value(&self, patterns: i32, mobility: (u32, u32), empties: u32) -> i32 {
        let parity = if empties.is_multiple_of(2) {
            i32::from(self.even_empties)
        } else {
            0
        };
        i32::from(self.bias)
            + i32::from(self.mobility) * mobility.0 as i32
            + i32::from(self.opponent_mobility) * mobility.1 as i32
            + parity
            + patterns
    }

    /// Whether it has no parity weight (a file of version 2 or before).
    fn ignores_parity(&self) -> bool {
        self.even_empties == 0
    }
}

/// The evaluation's unit: this many make a disc.
pub const UNITS_PER_DISC: i32 = 32;

/// The bytes of the shipped 8×8 pattern file, `presets/patterns-8x8.bin`
/// ([`PatternEvaluation::shipped`] reads them).
pub const SHIPPED_8X8_BYTES: &[u8] = include_bytes!("../../../presets/patterns-8x8.bin");

/// The fitted pattern evaluation of one board: phases by empty cells, each with its weights.
#[derive(Clone, Debug)]
pub struct PatternEvaluation {
    /// The board it evaluates.
    pub shape: Shape,
    /// A position with fewer empty cells than `edges[i]` is in phase i (at most the last).
    pub edges: Vec<u32>,
    /// One per phase: `edges.len() + 1`.
    pub phases: Vec<PhaseWeights>,
    /// The board's pattern instances.
    layout: &'static PatternLayout,
}

impl PartialEq for PatternEvaluation {
    fn eq(&self, other: &Self) -> bool {
        (self.shape, &self.edges, &self.phases) == (other.shape, &other.edges, &other.phases)
    }
}

impl PatternEvaluation {
    /// All weights zero on `shape`, with phases split at `edges`.
    pub fn zero(shape: Shape, edges: Vec<u32>) -> Self {
        let layout = PatternLayout::shared(shape);
        let phase = PhaseWeights {
            table: vec![0; layout.table_entries()],
            bias: 0,
            mobility: 0,
            opponent_mobility: 0,
            even_empties: 0,
        };
        PatternEvaluation {
            shape,
            phases: vec![phase; edges.len() + 1],
            edges,
            layout,
        }
    }

    /// The board's pattern instances.
    pub fn layout(&self) -> &'static PatternLayout {
        self.layout
    }

    /// The 8×8 evaluation shipped with the engine, Lobelia's (`presets/patterns-8x8.bin`,
    /// [`SHIPPED_8X8_BYTES`]; its provenance: BENCHMARKS, "Training"). It orders the 8×8
    /// solver and the exact nodes of nine-weight searches: FFO #40–#49 in 0.65 G nodes on one
    /// worker, against 0.74 G by the endgame fit that ordered them before 2026-12-03
    /// (docs/bench/patterns-8x8-endgame.bin).
    pub fn shipped() -> Arc<PatternEvaluation> {
        static SHIPPED: OnceLock<Arc<PatternEvaluation>> = OnceLock::new();
        Self::embedded(&SHIPPED, SHIPPED_8X8_BYTES)
    }

    /// The evaluation of a pattern file built into the program, read into `cell` the first
    /// time it is asked for. Panics if the file is damaged: the build embedded a bad file.
    pub fn embedded(
        cell: &'static OnceLock<Arc<PatternEvaluation>>,
        bytes: &'static [u8],
    ) -> Arc<PatternEvaluation> {
        let evaluation = cell.get_or_init(|| {
            let read = PatternEvaluation::from_bytes(bytes);
            Arc::new(read.unwrap_or_else(|e| panic!("an embedded pattern file: {e}")))
        });
        Arc::clone(evaluation)
    }

    /// Whether it evaluates the game on `shape` under `rules`: the classic game of the board
    /// it is fitted to.
    pub fn applies_to(&self, shape: Shape, rules: Rules) -> bool {
        rules == Rules::Classic && self.shape == shape
    }

    /// The phase of a position with `empties` empty cells.
    pub fn phase_of(&self, empties: u32) -> usize {
        self.edges
            .iter()
            .take_while(|&&edge| empties >= edge)
            .count()
    }

    /// The value for the side to move, in [`UNITS_PER_DISC`]ths of a disc, of the position
    /// with `mover`'s and `opponent`'s discs, `empties` empty cells and the two sides'
    /// legal move counts.
    pub fn evaluate<const W: usize>(
        &self,
        (mover, opponent): (Bits<W>, Bits<W>),
        empties: u32,
        mobility: (u32, u32),
    ) -> i32 {
        let phase = &self.phases[self.phase_of(empties)];
        let patterns = if W == 1 && !self.shape.is_3d() && self.shape.side() == SIDE {
            pattern_sum(&phase.table, mover.0[0], opponent.0[0])
        } else {
            self.layout.sum(&phase.table, mover, opponent)
        };
        phase.value(patterns, mobility, empties)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_has_46_instances_over_114777_entries() {
        assert_eq!(instance_count(), 46);
        assert_eq!(table_entries(), 114_777);
    }

    #[test]
    fn a_board_maps_back_under_each_symmetry_twice_or_inverse() {
        let board = 0x0123_4567_89ab_cdef_u64;
        for s in 0..8u8 {
            let image = transform_board(s, board);
            assert_eq!(image.count_ones(), board.count_ones());
            // Reflections and the transpose are their own inverse; the two rotations
            // (transpose then one flip) are each other's.
            let inverse = match s {
                5 => 6,
                6 => 5,
                other => other,
            };
            assert_eq!(transform_board(inverse, image), board, "symmetry {s}");
        }
    }

    #[test]
    fn every_way_of_summing_agrees_with_the_cell_by_cell_indices() {
        let mut table: Vec<i16> = (0..table_entries()).map(|i| (i % 251) as i16).collect();
        table[0] = 1;
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut boards = vec![(0, 0), (u64::MAX, 0), (0, u64::MAX)];
        for _ in 0..200 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mover = state & 0x5aa5_33cc_0ff0_9669;
            boards.push((mover, !mover & state.rotate_left(23)));
        }
        for (mover, opponent) in boards {
            let mut indices = vec![0; instance_count()];
            feature_indices(mover, opponent, &mut indices);
            let expected: i32 = indices.iter().map(|&i| i32::from(table[i as usize])).sum();
            assert_eq!(pattern_sum(&table, mover, opponent), expected);
            assert_eq!(pattern_sum_by_cells(&table, mover, opponent), expected);
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("bmi2") {
                // SAFETY: the processor has BMI2.
                let sum = unsafe { pattern_sum_bmi2(&table, mover, opponent) };
                assert_eq!(sum, expected, "pext");
            }
            #[cfg(target_arch = "x86_64")]
            if vector_sum::available() {
                // SAFETY: the processor has what the vector sum needs.
                let sum = unsafe { vector_sum::pattern_sum_avx512(&table, mover, opponent) };
                assert_eq!(sum, expected, "AVX-512");
            }
        }
    }

    #[test]
    fn symmetric_tables_make_a_symmetric_evaluation() {
        // Random entries made to agree within each group of equivalent entries.
        let mut evaluation = PatternEvaluation::zero(eight_by_eight(), Vec::new());
        let table = &mut evaluation.phases[0].table;
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for entry in table.iter_mut() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            *entry = (state % 200) as i16 - 100;
        }
        for group in equivalent_entries() {
            let value = table[group[0] as usize];
            for &entry in &group {
                table[entry as usize] = value;
            }
        }
        let (mover, opponent) = (0x0000_1818_0c00_0000_u64, 0x0010_2420_1038_0000_u64);
        let value = evaluation.evaluate((Bits([mover]), Bits([opponent])), 40, (5, 7));
        for s in 1..8 {
            let image = (
                Bits([transform_board(s, mover)]),
                Bits([transform_board(s, opponent)]),
            );
            assert_eq!(
                evaluation.evaluate(image, 40, (5, 7)),
                value,
                "symmetry {s}"
            );
        }
    }

    #[test]
    fn on_any_board_tables_tied_by_the_symmetries_make_a_symmetric_evaluation() {
        for board in ["6x6", "4x4x4", "6x6x6"] {
            let shape: Shape = board.parse().unwrap();
            let mut evaluation = PatternEvaluation::zero(shape, vec![10]);
            let groups = catalog::equivalent_entries(shape, &catalog::catalog(shape));
            let mut state = 0x9e37_79b9_7f4a_7c15_u64;
            for phase in &mut evaluation.phases {
                for entry in phase.table.iter_mut() {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    *entry = (state % 200) as i16 - 100;
                }
                for group in &groups {
                    let value = phase.table[group[0] as usize];
                    for &entry in group {
                        phase.table[entry as usize] = value;
                    }
                }
            }
            shape.dispatch(SymmetricEverywhere {
                evaluation: &evaluation,
            });
        }
    }

    /// Checks that scattered positions of the evaluation's board score alike in every image.
    struct SymmetricEverywhere<'a> {
        evaluation: &'a PatternEvaluation,
    }

    impl crate::WidthJob for SymmetricEverywhere<'_> {
        type Output = ();

        fn run<const W: usize>(self, geometry: &crate::Geometry<W>) {
            let shape = geometry.shape();
            let mut state = 0x2545_f491_4f6c_dd1d_u64;
            for _ in 0..20 {
                let (mut mover, mut opponent) = (Bits::<W>::default(), Bits::<W>::default());
                for cell in 0..shape.cells() {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    match state % 3 {
                        0 => mover.insert(cell),
                        1 => opponent.insert(cell),
                        _ => {}
                    }
                }
                let empties = (shape.cells() as u32) - mover.count() - opponent.count();
                let value = self.evaluation.evaluate((mover, opponent), empties, (3, 4));
                assert_ne!(self.evaluation.layout().instance_count(), 0);
                for symmetry in shape.symmetries() {
                    let image = (symmetry.map_bits(mover), symmetry.map_bits(opponent));
                    assert_eq!(
                        self.evaluation.evaluate(image, empties, (3, 4)),
                        value,
                        "{shape}"
                    );
                }
            }
        }
    }
}
