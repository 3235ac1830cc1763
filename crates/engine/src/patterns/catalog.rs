//! The patterns of any board, generated from its shape: the base patterns (an edge with its
//! X-squares, corner blocks, the lines near the edges, the diagonals; in 3D the same on every
//! face, the corner's cube and the space diagonals) and every image of each under the board's
//! symmetries (8 in 2D, 48 in 3D). The images of one base pattern share its table, so that an
//! evaluation summing every instance is the same on symmetric positions. The 8×8 catalog is
//! the one the shipped 8×8 evaluation was fitted with.

use crate::shape::{Coords, Shape, Symmetry};

/// The most cells of one pattern: its table has 3^cells entries (59,049 at 10).
pub const MAX_PATTERN_CELLS: usize = 10;

/// The longest straight line taken whole; a longer one is read from its end, this many cells.
const LINE_WINDOW: usize = 8;

/// One table's pattern and all its instances on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Family {
    /// What it is, e.g. "edge + 2 X" or "row 2".
    pub name: String,
    /// The instances, each its cells in reading order (the first digit of the table index
    /// first); the first is the base pattern itself. No two hold the same set of cells.
    pub instances: Vec<Vec<usize>>,
}

impl Family {
    /// The cells of one instance.
    pub fn cells(&self) -> usize {
        self.instances[0].len()
    }

    /// The entries of its table: one per configuration of its cells.
    pub fn entries(&self) -> usize {
        3usize.pow(self.cells() as u32)
    }
}

/// Every pattern family of `shape`, in a fixed order (a pattern file's tables follow it).
pub fn catalog(shape: Shape) -> Vec<Family> {
    let symmetries = shape.symmetries();
    let mut bases = square_bases(shape.side());
    if shape.is_3d() {
        bases.extend(cube_bases(shape.side()));
    }
    bases
        .into_iter()
        .map(|(name, coords)| {
            let base: Vec<usize> = coords.iter().map(|&c| shape.cell(c)).collect();
            Family {
                name,
                instances: images(&base, &symmetries),
            }
        })
        .collect()
}

/// The images of `base` under every symmetry, one per set of cells, `base` first.
fn images(base: &[usize], symmetries: &[Symmetry]) -> Vec<Vec<usize>> {
    let mut sets: Vec<Vec<usize>> = Vec::new();
    let mut instances = Vec::new();
    for symmetry in symmetries {
        let image: Vec<usize> = base.iter().map(|&cell| symmetry.map(cell)).collect();
        let mut set = image.clone();
        set.sort_unstable();
        if !sets.contains(&set) {
            sets.push(set);
            instances.push(image);
        }
    }
    instances
}

/// A straight line of `len` cells from `start` by `step` (which stays on the board).
fn line(start: [isize; 3], step: [isize; 3], len: usize) -> Vec<Coords> {
    (0..len as isize)
        .map(|k| [0, 1, 2].map(|axis| (start[axis] + k * step[axis]) as usize))
        .collect()
}

/// The base patterns of an n×n board, or of the face z = 0 of an n×n×n cube (rows are x,
/// columns y).
fn square_bases(n: usize) -> Vec<(String, Vec<Coords>)> {
    let window = n.min(LINE_WINDOW);
    let mut bases = Vec::new();
    let mut edge = vec![[1, 1, 0]];
    edge.extend(line([0, 0, 0], [0, 1, 0], window));
    if n <= LINE_WINDOW {
        edge.push([1, n - 2, 0]);
    }
    bases.push(("edge + 2 X".to_string(), edge));
    let block = |rows: usize, columns: usize| -> Vec<Coords> {
        (0..rows)
            .flat_map(|x| (0..columns).map(move |y| [x, y, 0]))
            .collect()
    };
    bases.push(("corner 3×3".to_string(), block(3, 3)));
    bases.push(("corner 2×4".to_string(), block(2, 4)));
    for row in 1..n / 2 {
        let cells = line([row as isize, 0, 0], [0, 1, 0], window);
        bases.push((format!("row {}", row + 1), cells));
    }
    for offset in 0..=n - 4 {
        let len = (n - offset).min(LINE_WINDOW);
        let cells = line([0, offset as isize, 0], [1, 1, 0], len);
        bases.push((format!("diagonal of {}", n - offset), cells));
    }
    bases
}

/// The base patterns only a cube has: the corner's 2×2×2 block, the cube's edge with the
/// cells beside it inside the cube, the space diagonal, and the rows of the layers inside
/// the cube, so that every cell lies in some pattern (a cell in none would be invisible to
/// the evaluation, whose endgame values then miss its disc).
fn cube_bases(n: usize) -> Vec<(String, Vec<Coords>)> {
    let corner = (0..8).map(|k| [k & 1, k >> 1 & 1, k >> 2 & 1]).collect();
    let window = n.min(LINE_WINDOW);
    let inner_edge = line([1, 1, 0], [0, 0, 1], window);
    let diagonal = line([0, 0, 0], [1, 1, 1], n.min(MAX_PATTERN_CELLS));
    let mut bases = vec![
        ("corner 2×2×2".to_string(), corner),
        ("edge's inner neighbours".to_string(), inner_edge),
        ("space diagonal".to_string(), diagonal),
    ];
    for layer in 1..n / 2 {
        for row in layer + 1..n / 2 {
            let cells = line([layer as isize, row as isize, 0], [0, 0, 1], window);
            bases.push((format!("layer {} row {}", layer + 1, row + 1), cells));
        }
    }
    bases
}

/// Groups of table entries that the board's symmetries make equivalent, as offsets into the
/// tables laid end to end in `families`' order: a pattern mapped onto itself by a symmetry
/// (a row by its mirror) reads the same contents in another order, and its entries for the
/// two readings must agree. Each group holds at least two entries, the smallest first.
pub fn equivalent_entries(shape: Shape, families: &[Family]) -> Vec<Vec<u32>> {
    let symmetries = shape.symmetries();
    let mut groups = Vec::new();
    let mut offset = 0u32;
    for family in families {
        let base = &family.instances[0];
        let orders = self_maps(base, &symmetries);
        if !orders.is_empty() {
            groups.extend(
                entry_groups(base.len(), &orders)
                    .into_iter()
                    .map(|group| group.iter().map(|&i| offset + i as u32).collect()),
            );
        }
        offset += family.entries() as u32;
    }
    groups
}

/// The reorderings of `base`'s cells by the symmetries, other than the identity, that keep
/// its set: `order[k]` is where cell k goes.
fn self_maps(base: &[usize], symmetries: &[Symmetry]) -> Vec<Vec<usize>> {
    symmetries
        .iter()
        .filter(|symmetry| !symmetry.is_identity())
        .filter_map(|symmetry| {
            base.iter()
                .map(|&cell| base.iter().position(|&c| c == symmetry.map(cell)))
                .collect::<Option<Vec<usize>>>()
        })
        .collect()
}

/// For a pattern of `len` cells and its self-maps: each index with the indices the maps turn
/// it into, where there are any other.
fn entry_groups(len: usize, orders: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let size = 3usize.pow(len as u32);
    let digits_of = |index: usize| -> Vec<usize> {
        (0..len)
            .map(|k| index / 3usize.pow((len - 1 - k) as u32) % 3)
            .collect()
    };
    let index_of = |digits: &[usize]| digits.iter().fold(0, |index, &d| index * 3 + d);
    let mut groups = Vec::new();
    for index in 0..size {
        let digits = digits_of(index);
        let mut group = vec![index];
        for order in orders {
            let mut moved = vec![0; len];
            for (k, &to) in order.iter().enumerate() {
                moved[to] = digits[k];
            }
            group.push(index_of(&moved));
        }
        group.sort_unstable();
        group.dedup();
        if group.len() > 1 && group[0] == index {
            groups.push(group);
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_shape() -> Vec<Shape> {
        let squares = (4..=16).step_by(2).map(|n| Shape::new(2, n).unwrap());
        let cubes = (4..=10).step_by(2).map(|n| Shape::new(3, n).unwrap());
        squares.chain(cubes).collect()
    }

    #[test]
    fn every_instance_lies_on_the_board_with_distinct_cells_and_no_set_twice() {
        for shape in every_shape() {
            for family in catalog(shape) {
                assert!(
                    family.cells() >= 4 && family.cells() <= MAX_PATTERN_CELLS,
                    "{shape}"
                );
                let mut sets = Vec::new();
                for instance in &family.instances {
                    assert_eq!(instance.len(), family.cells());
                    assert!(instance.iter().all(|&cell| cell < shape.cells()));
                    let mut set = instance.clone();
                    set.sort_unstable();
                    set.dedup();
                    assert_eq!(set.len(), family.cells(), "{shape} {}", family.name);
                    assert!(!sets.contains(&set), "{shape} {}", family.name);
                    sets.push(set);
                }
            }
        }
    }

    #[test]
    fn every_cell_lies_in_some_pattern() {
        for shape in every_shape() {
            let mut covered = vec![false; shape.cells()];
            for family in catalog(shape) {
                for &cell in family.instances.iter().flatten() {
                    covered[cell] = true;
                }
            }
            let missing: Vec<_> = (0..shape.cells())
                .filter(|&cell| !covered[cell])
                .map(|cell| shape.coords(cell))
                .collect();
            assert!(missing.is_empty(), "{shape}: {missing:?}");
        }
    }

    #[test]
    fn every_symmetry_maps_a_family_onto_itself() {
        for shape in every_shape() {
            let symmetries = shape.symmetries();
            for family in catalog(shape) {
                let sets: Vec<Vec<usize>> = family
                    .instances
                    .iter()
                    .map(|instance| {
                        let mut set = instance.clone();
                        set.sort_unstable();
                        set
                    })
                    .collect();
                for symmetry in &symmetries {
                    for set in &sets {
                        let mut image: Vec<usize> = set.iter().map(|&c| symmetry.map(c)).collect();
                        image.sort_unstable();
                        assert!(sets.contains(&image), "{shape} {}", family.name);
                    }
                }
            }
        }
    }

    #[test]
    fn an_edge_of_8x8_is_read_from_its_x_square_and_the_catalog_has_11_tables() {
        let shape = Shape::new(2, 8).unwrap();
        let families = catalog(shape);
        assert_eq!(families.len(), 11);
        assert_eq!(families[0].instances[0], [9, 0, 1, 2, 3, 4, 5, 6, 7, 14]);
        let instances: usize = families.iter().map(|f| f.instances.len()).sum();
        let entries: usize = families.iter().map(Family::entries).sum();
        assert_eq!((instances, entries), (46, 114_777));
    }

    #[test]
    fn entries_equivalent_under_a_mirror_are_grouped() {
        // A row's mirror reverses it: reading 1 0 0 0 0 0 0 0 (index 3^7) is reading
        // 0 0 0 0 0 0 0 1 (index 1) the other way round.
        let shape = Shape::new(2, 8).unwrap();
        let families = catalog(shape);
        let groups = equivalent_entries(shape, &families);
        let row_offset: usize = families[..3].iter().map(Family::entries).sum();
        let wanted = vec![(row_offset + 1) as u32, (row_offset + 2187) as u32];
        assert!(groups.contains(&wanted));
        assert!(groups.iter().all(|group| group.len() >= 2));
    }

    /// A deterministic stand-in for random numbers.
    fn scrambled(k: usize) -> u64 {
        let mut x = (k as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    }

    #[test]
    fn tied_random_tables_value_symmetric_positions_alike() {
        for shape in every_shape() {
            let families = catalog(shape);
            let total: usize = families.iter().map(Family::entries).sum();
            let mut table: Vec<i64> = (0..total).map(|k| (scrambled(k) % 2001) as i64).collect();
            for group in equivalent_entries(shape, &families) {
                let first = table[group[0] as usize];
                for entry in group {
                    table[entry as usize] = first;
                }
            }
            let value = |contents: &[u64]| -> i64 {
                let mut offset = 0;
                let mut sum = 0;
                for family in &families {
                    for instance in &family.instances {
                        let index = instance
                            .iter()
                            .fold(0, |index, &cell| index * 3 + contents[cell] as usize);
                        sum += table[offset + index];
                    }
                    offset += family.entries();
                }
                sum
            };
            let contents: Vec<u64> = (0..shape.cells()).map(|c| scrambled(c + 7) % 3).collect();
            let expected = value(&contents);
            for symmetry in shape.symmetries() {
                let mut image = vec![0; shape.cells()];
                for (cell, &content) in contents.iter().enumerate() {
                    image[symmetry.map(cell)] = content;
                }
                assert_eq!(value(&image), expected, "{shape}");
            }
        }
    }
}
