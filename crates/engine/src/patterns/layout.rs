//! Any board's pattern instances laid out for evaluation: each instance's cells and where its
//! family's table starts, with the table index of every instance read from a position of any
//! bitset width. One layout per board shape is built on first use and kept.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use super::catalog::{self, MAX_PATTERN_CELLS};
use crate::bits::Bits;
use crate::shape::Shape;

/// One pattern instance: its cells (most significant base-3 digit first) and where its
/// family's table starts.
#[derive(Clone, Copy, Debug)]
struct LaidInstance {
    cells: [u16; MAX_PATTERN_CELLS],
    len: u8,
    offset: u32,
}

/// The most pattern instances of any board (10×10×10 has 492).
const MAX_INSTANCES: usize = 1024;

/// The pattern instances of one board shape, every family's table end to end.
#[derive(Debug)]
pub struct PatternLayout {
    shape: Shape,
    instances: Vec<LaidInstance>,
    entries: usize,
    /// Per cell, where its part of each instance's index starts in `places`.
    cell_starts: Vec<u32>,
    /// Per cell, the instances it belongs to with its digit's place value there (3^k).
    places: Vec<(u16, u32)>,
}

impl PatternLayout {
    /// The layout of `shape`'s catalog ([`catalog::catalog`]).
    pub fn new(shape: Shape) -> Self {
        let mut instances = Vec::new();
        let mut offset = 0;
        for family in catalog::catalog(shape) {
            for image in &family.instances {
                let mut cells = [0; MAX_PATTERN_CELLS];
                for (slot, &cell) in cells.iter_mut().zip(image) {
                    *slot = cell as u16;
                }
                instances.push(LaidInstance {
                    cells,
                    len: image.len() as u8,
                    offset: offset as u32,
                });
            }
            offset += family.entries();
        }
        assert!(
            instances.len() <= MAX_INSTANCES,
            "{shape}: too many instances"
        );
        let (cell_starts, places) = places_by_cell(shape.cells(), &instances);
        PatternLayout {
            shape,
            instances,
            entries: offset,
            cell_starts,
            places,
        }
    }

    /// The layout of `shape`, built on first use and kept for the program's life (a handful
    /// of boards are ever used).
    pub fn shared(shape: Shape) -> &'static PatternLayout {
        static LAYOUTS: LazyLock<Mutex<HashMap<Shape, &'static PatternLayout>>> =
            LazyLock::new(Mutex::default);
        let mut layouts = LAYOUTS.lock().unwrap_or_else(|e| e.into_inner());
        layouts
            .entry(shape)
            .or_insert_with(|| Box::leak(Box::new(PatternLayout::new(shape))))
    }

    /// The board it is laid out on.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// How many pattern instances a position has.
    pub fn instance_count(&self) -> usize {
        self.instances.len()
    }

    /// The entries of one phase's tables.
    pub fn table_entries(&self) -> usize {
        self.entries
    }

    /// The table entry of every instance of the position with `mover`'s and `opponent`'s
    /// discs, written to `out` (one per instance): each disc adds its digit (1 for the side
    /// to move, 2 for the other) at its place in the instances it lies in.
    pub fn feature_indices<const W: usize>(
        &self,
        mover: Bits<W>,
        opponent: Bits<W>,
        out: &mut [u32],
    ) {
        let out = &mut out[..self.instances.len()];
        for (index, instance) in out.iter_mut().zip(&self.instances) {
            *index = instance.offset;
        }
        for (discs, digit) in [(mover, 1), (opponent, 2)] {
            for cell in discs {
                let (start, end) = (self.cell_starts[cell], self.cell_starts[cell + 1]);
                for &(instance, place) in &self.places[start as usize..end as usize] {
                    out[usize::from(instance)] += digit * place;
                }
            }
        }
    }

    /// The sum of `table`'s entries for every instance of the position (the indices made in
    /// a stack array: the search calls this at every leaf).
    pub fn sum<const W: usize>(&self, table: &[i16], mover: Bits<W>, opponent: Bits<W>) -> i32 {
        assert!(table.len() >= self.entries, "a table of every entry");
        let mut indices = [0u32; MAX_INSTANCES];
        let indices = &mut indices[..self.instances.len()];
        self.feature_indices(mover, opponent, indices);
        indices.iter().map(|&i| i32::from(table[i as usize])).sum()
    }
}

/// For every cell, the instances it lies in and its digit's place value in each, laid out
/// cell after cell (`starts[c]..starts[c + 1]` are cell c's).
fn places_by_cell(cells: usize, instances: &[LaidInstance]) -> (Vec<u32>, Vec<(u16, u32)>) {
    let mut by_cell: Vec<Vec<(u16, u32)>> = vec![Vec::new(); cells];
    for (number, instance) in instances.iter().enumerate() {
        let len = usize::from(instance.len);
        for (k, &cell) in instance.cells[..len].iter().enumerate() {
            let place = 3u32.pow((len - 1 - k) as u32);
            by_cell[usize::from(cell)].push((number as u16, place));
        }
    }
    let mut starts = vec![0u32];
    let mut places = Vec::new();
    for list in by_cell {
        places.extend(list);
        starts.push(places.len() as u32);
    }
    (starts, places)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic stand-in for random numbers.
    fn scrambled(k: u64) -> u64 {
        let mut x = k.wrapping_add(0x9e37_79b9_7f4a_7c15);
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    }

    #[test]
    fn on_8x8_it_lays_out_the_instances_of_the_8x8_evaluation() {
        // The sums agree with the pext and AVX-512 ones in `every_way_of_summing_agrees…`.
        let layout = PatternLayout::new(Shape::new(2, 8).unwrap());
        assert_eq!(layout.instance_count(), super::super::instance_count());
        assert_eq!(layout.table_entries(), super::super::table_entries());
    }

    #[test]
    fn every_index_of_a_3d_board_is_its_cells_read_in_base_3_within_its_family_table() {
        let shape = Shape::new(3, 8).unwrap();
        let layout = PatternLayout::new(shape);
        // The naive reading: per instance, its family's offset plus its cells' digits (1 for
        // the side to move, 2 for the other), most significant first.
        let families = catalog::catalog(shape);
        let mut naive = Vec::new();
        let mut offset = 0;
        for family in &families {
            for cells in &family.instances {
                naive.push((offset, offset + family.entries() as u32, cells.clone()));
            }
            offset += family.entries() as u32;
        }
        let full = Bits::<8>::first(shape.cells());
        let table: Vec<i16> = (0..layout.table_entries())
            .map(|i| (scrambled(i as u64) % 201) as i16 - 100)
            .collect();
        for k in 0..50 {
            let mover: Bits<8> = (0..shape.cells())
                .filter(|&c| scrambled(k * 1000 + c as u64).is_multiple_of(3))
                .collect();
            let opponent = full.and_not(mover);
            let mut indices = vec![0; layout.instance_count()];
            layout.feature_indices(mover, opponent, &mut indices);
            for (&index, (start, end, cells)) in indices.iter().zip(&naive) {
                let digits = cells.iter().fold(0, |index, &cell| {
                    3 * index
                        + u32::from(mover.contains(cell))
                        + 2 * u32::from(opponent.contains(cell))
                });
                assert_eq!(index, start + digits);
                assert!(index < *end);
            }
            let read: i32 = indices.iter().map(|&i| i32::from(table[i as usize])).sum();
            assert_eq!(layout.sum(&table, mover, opponent), read);
        }
    }
}
