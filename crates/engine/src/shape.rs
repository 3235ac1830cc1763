//! The board's shape: an N×N square or an N×N×N cube, its cells, directions, square
//! categories and symmetries. Nothing here is on the search's hot path; [`super::geometry`]
//! turns it into width-typed tables once per game.

use std::fmt;
use std::str::FromStr;

use super::bits::{Bits, words_for};

/// A cell's coordinates `[x, y, z]`, 0-based; `z` is always 0 on a 2D board.
pub type Coords = [usize; 3];

/// A direction as a step `[dx, dy, dz]` in {-1, 0, 1}³ (not all zero).
pub type Step = [i32; 3];

/// An N×N board (`dims` = 2) or an N×N×N cube (`dims` = 3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Shape {
    dims: usize,
    n: usize,
}

/// Why a board description was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ShapeError {
    /// The text is not of the form `NxN` or `NxNxN`.
    #[error("'{0}' is not a board name: use NxN (2D, e.g. 8x8) or NxNxN (3D, e.g. 6x6x6)")]
    Syntax(String),
    /// The sides differ, e.g. `6x8`.
    #[error("'{0}' has unequal sides: boards are square (NxN) or cubes (NxNxN)")]
    Unequal(String),
    /// The side is odd or out of range for the dimension.
    #[error("a {dims}D board needs an even side from {min} to {max}, not {n}")]
    Size {
        /// 2 or 3.
        dims: usize,
        /// The requested side.
        n: usize,
        /// The smallest allowed side.
        min: usize,
        /// The largest allowed side.
        max: usize,
    },
}

/// The eight square categories of DESIGN §2, in rule order (the first matching rule wins).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Category {
    /// Three coordinates on the boundary.
    Corner,
    /// Two coordinates on the boundary, next to a corner.
    CSquare,
    /// Chebyshev distance 1 from a corner (and not a C-square).
    XSquare,
    /// Two coordinates on the boundary.
    Edge,
    /// Chebyshev distance 1 from an edge cell.
    InnerEdge,
    /// One coordinate on the boundary.
    Face,
    /// Distance 1 from the nearest boundary plane.
    InnerFace,
    /// Anything deeper inside.
    Interior,
}

impl Category {
    /// All categories in rule order.
    pub const ALL: [Category; 8] = [
        Category::Corner,
        Category::CSquare,
        Category::XSquare,
        Category::Edge,
        Category::InnerEdge,
        Category::Face,
        Category::InnerFace,
        Category::Interior,
    ];

    /// The short label used in the seed app and in weight tables.
    pub fn label(self) -> &'static str {
        match self {
            Category::Corner => "Cor",
            Category::CSquare => "CSq",
            Category::XSquare => "XSq",
            Category::Edge => "Edg",
            Category::InnerEdge => "IEd",
            Category::Face => "Fac",
            Category::InnerFace => "IFa",
            Category::Interior => "none",
        }
    }
}

/// A symmetry of the shape as a permutation of cells: `image[cell]` is where `cell` goes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Symmetry {
    image: Vec<usize>,
}

impl Symmetry {
    /// Where `cell` goes under this symmetry.
    pub fn map(&self, cell: usize) -> usize {
        self.image[cell]
    }

    /// The image of a set of cells.
    pub fn map_bits<const W: usize>(&self, bits: Bits<W>) -> Bits<W> {
        bits.iter().map(|cell| self.image[cell]).collect()
    }

    /// Whether this is the identity.
    pub fn is_identity(&self) -> bool {
        self.image.iter().enumerate().all(|(cell, &to)| cell == to)
    }
}

impl Shape {
    /// The smallest and largest side allowed for a board of `dims` dimensions.
    pub fn side_range(dims: usize) -> (usize, usize) {
        if dims == 2 { (4, 16) } else { (4, 10) }
    }

    /// A board of `dims` (2 or 3) dimensions and side `n`; sides are even, 4–16 in 2D, 4–10 in 3D.
    pub fn new(dims: usize, n: usize) -> Result<Shape, ShapeError> {
        if dims != 2 && dims != 3 {
            return Err(ShapeError::Syntax(format!("{dims} dimensions")));
        }
        let (min, max) = Self::side_range(dims);
        if !n.is_multiple_of(2) || n < min || n > max {
            return Err(ShapeError::Size { dims, n, min, max });
        }
        Ok(Shape { dims, n })
    }

    /// 2 or 3.
    pub fn dims(&self) -> usize {
        self.dims
    }

    /// The side length N.
    pub fn side(&self) -> usize {
        self.n
    }

    /// Whether this is a cube.
    pub fn is_3d(&self) -> bool {
        self.dims == 3
    }

    /// The number of cells: N² or N³.
    pub fn cells(&self) -> usize {
        self.n.pow(self.dims as u32)
    }

    /// Empty cells at the start of a game: all but the centre's 2×2 (or 2×2×2) discs.
    pub fn start_empties(&self) -> u32 {
        (self.cells() - (1 << self.dims)) as u32
    }

    /// How many 64-bit words a bitset of this board needs.
    pub fn words(&self) -> usize {
        words_for(self.cells())
    }

    /// The index of a cell in generation order: x·N² + y·N + z in 3D, x·N + y in 2D.
    pub fn cell(&self, [x, y, z]: Coords) -> usize {
        if self.is_3d() {
            (x * self.n + y) * self.n + z
        } else {
            x * self.n + y
        }
    }

    /// The coordinates of a cell index (z = 0 in 2D).
    pub fn coords(&self, cell: usize) -> Coords {
        let n = self.n;
        if self.is_3d() {
            [cell / (n * n), cell / n % n, cell % n]
        } else {
            [cell / n, cell % n, 0]
        }
    }

    /// The cell one `step` away from `cell`, if it is on the board.
    pub fn neighbor(&self, cell: usize, step: Step) -> Option<usize> {
        let coords = self.coords(cell);
        let mut out = [0; 3];
        for axis in 0..3 {
            let moved = coords[axis] as i64 + step[axis] as i64;
            if moved < 0 || moved >= self.n as i64 {
                return None;
            }
            out[axis] = moved as usize;
        }
        Some(self.cell(out))
    }

    /// How far the index moves for one `step`.
    pub fn step_offset(&self, step: Step) -> isize {
        let n = self.n as isize;
        let [dx, dy, dz] = step.map(|d| d as isize);
        if self.is_3d() {
            (dx * n + dy) * n + dz
        } else {
            dx * n + dy
        }
    }

    /// The 8 (2D) or 26 (3D) directions, in lexicographic order of their steps.
    pub fn steps(&self) -> Vec<Step> {
        let z_range = if self.is_3d() { -1..=1 } else { 0..=0 };
        let mut steps = Vec::new();
        for dx in -1..=1 {
            for dy in -1..=1 {
                for dz in z_range.clone() {
                    if (dx, dy, dz) != (0, 0, 0) {
                        steps.push([dx, dy, dz]);
                    }
                }
            }
        }
        steps
    }

    /// The category of a cell (DESIGN §2). A 2D board is classified as the z = 0 layer of the
    /// N×N×N cube, so its z coordinate counts as being on the boundary.
    pub fn category(&self, cell: usize) -> Category {
        let coords = self.coords(cell);
        let ends = self.ends(coords);
        let corner_distance = coords.iter().map(|&c| self.boundary_distance(c)).max();
        let face_distance = coords.iter().map(|&c| self.boundary_distance(c)).min();
        match (ends, corner_distance, face_distance) {
            (3, _, _) => Category::Corner,
            (2, Some(1), _) => Category::CSquare,
            (_, Some(1), _) => Category::XSquare,
            (2, _, _) => Category::Edge,
            _ if self.edge_distance(coords) == 1 => Category::InnerEdge,
            (1, _, _) => Category::Face,
            (_, _, Some(1)) => Category::InnerFace,
            _ => Category::Interior,
        }
    }

    /// The symmetry group: 8 permutations in 2D, 48 in 3D, the identity first.
    pub fn symmetries(&self) -> Vec<Symmetry> {
        let axes: Vec<[usize; 3]> = if self.is_3d() {
            vec![
                [0, 1, 2],
                [0, 2, 1],
                [1, 0, 2],
                [1, 2, 0],
                [2, 0, 1],
                [2, 1, 0],
            ]
        } else {
            vec![[0, 1, 2], [1, 0, 2]]
        };
        let flip_sets = 1usize << self.dims;
        let mut group = Vec::new();
        for permutation in &axes {
            for flips in 0..flip_sets {
                let image = (0..self.cells())
                    .map(|cell| {
                        let from = self.coords(cell);
                        let mut to = [0; 3];
                        for axis in 0..3 {
                            let value = from[permutation[axis]];
                            to[axis] = if flips >> axis & 1 == 1 {
                                self.n - 1 - value
                            } else {
                                value
                            };
                        }
                        self.cell(to)
                    })
                    .collect();
                group.push(Symmetry { image });
            }
        }
        group
    }

    /// The distance from coordinate `c` to the nearer boundary plane on its axis.
    fn boundary_distance(&self, c: usize) -> usize {
        c.min(self.n - 1 - c)
    }

    /// How many coordinates lie on the boundary (z = 0 always does in 2D).
    fn ends(&self, coords: Coords) -> usize {
        coords
            .iter()
            .filter(|&&c| self.boundary_distance(c) == 0)
            .count()
    }

    /// The Chebyshev distance from `coords` to the nearest cell of the (virtual) cube with
    /// exactly two coordinates on the boundary.
    fn edge_distance(&self, coords: Coords) -> usize {
        let n = self.n;
        let mut best = usize::MAX;
        for x in 0..n {
            for y in 0..n {
                for z in 0..n {
                    let candidate = [x, y, z];
                    let boundary = candidate
                        .iter()
                        .filter(|&&c| self.boundary_distance(c) == 0);
                    if boundary.count() == 2 {
                        let distance = (0..3).map(|a| coords[a].abs_diff(candidate[a])).max();
                        best = best.min(distance.unwrap_or(0));
                    }
                }
            }
        }
        best
    }
}

impl FromStr for Shape {
    type Err = ShapeError;

    /// Parses `NxN` or `NxNxN` (case-insensitive `x`, surrounding spaces allowed).
    fn from_str(text: &str) -> Result<Shape, ShapeError> {
        let trimmed = text.trim();
        let sides: Result<Vec<usize>, _> = trimmed
            .split(['x', 'X', '×'])
            .map(|part| part.trim().parse::<usize>())
            .collect();
        let sides = match sides {
            Ok(sides) if sides.len() == 2 || sides.len() == 3 => sides,
            _ => return Err(ShapeError::Syntax(trimmed.to_string())),
        };
        if sides.iter().any(|&side| side != sides[0]) {
            return Err(ShapeError::Unequal(trimmed.to_string()));
        }
        Shape::new(sides.len(), sides[0])
    }
}

impl TryFrom<String> for Shape {
    type Error = ShapeError;

    fn try_from(text: String) -> Result<Shape, ShapeError> {
        text.parse()
    }
}

impl From<Shape> for String {
    fn from(shape: Shape) -> String {
        shape.to_string()
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.n;
        if self.is_3d() {
            write!(f, "{n}x{n}x{n}")
        } else {
            write!(f, "{n}x{n}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip_in_generation_order() {
        for name in ["4x4", "16x16", "6x6x6", "10x10x10"] {
            let shape: Shape = name.parse().unwrap();
            for cell in 0..shape.cells() {
                assert_eq!(shape.cell(shape.coords(cell)), cell);
            }
        }
        let cube: Shape = "6x6x6".parse().unwrap();
        assert_eq!(cube.cell([1, 2, 3]), 36 + 12 + 3);
    }

    #[test]
    fn steps_and_offsets_agree_with_neighbors() {
        let cube: Shape = "4x4x4".parse().unwrap();
        assert_eq!(cube.steps().len(), 26);
        assert_eq!("8x8".parse::<Shape>().unwrap().steps().len(), 8);
        let centre = cube.cell([1, 1, 1]);
        for step in cube.steps() {
            let next = cube.neighbor(centre, step).unwrap();
            assert_eq!(next as isize - centre as isize, cube.step_offset(step));
        }
        assert_eq!(cube.neighbor(0, [-1, 0, 0]), None);
    }

    #[test]
    fn symmetry_groups_have_the_right_size_and_are_permutations() {
        for (name, size) in [("8x8", 8), ("6x6x6", 48)] {
            let shape: Shape = name.parse().unwrap();
            let group = shape.symmetries();
            assert_eq!(group.len(), size);
            assert!(group[0].is_identity());
            for symmetry in &group {
                let mut seen = vec![false; shape.cells()];
                for cell in 0..shape.cells() {
                    seen[symmetry.map(cell)] = true;
                }
                assert!(seen.iter().all(|&s| s));
            }
            for (i, a) in group.iter().enumerate() {
                assert!(group[i + 1..].iter().all(|b| a != b), "duplicate symmetry");
            }
        }
    }

    #[test]
    fn display_round_trips() {
        for name in ["4x4", "16x16", "4x4x4", "10x10x10"] {
            assert_eq!(name.parse::<Shape>().unwrap().to_string(), name);
        }
    }
}
