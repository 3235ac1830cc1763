//! A position as plain data, free of the bitset width: where a game starts when it does not
//! start from the start position, what the board editor builds and what pasted text gives.

use super::bits::Bits;
use super::geometry::{Geometry, WidthJob};
use super::notation::{NotationError, format_position, parse_position};
use super::position::{Color, Position};
use super::shape::{Shape, Symmetry};

/// Every disc of a board and the side to move. Discs are on cells of the shape and no cell
/// holds two (the constructors see to it).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    shape: Shape,
    red: Vec<usize>,
    green: Vec<usize>,
    to_move: Color,
}

impl Setup {
    /// The start position of `shape`, Red to move.
    pub fn start(shape: Shape) -> Setup {
        shape.dispatch(StartOf)
    }

    /// A setup from each colour's cells (any order); refused when a cell is off the board or
    /// holds two discs.
    pub fn new(
        shape: Shape,
        red: &[usize],
        green: &[usize],
        to_move: Color,
    ) -> Result<Setup, String> {
        let mut setup = Setup::start(shape).cleared().with_to_move(to_move);
        for (cells, color) in [(red, Color::Red), (green, Color::Green)] {
            for &cell in cells {
                if cell >= shape.cells() {
                    return Err(format!("cell {cell} is off the {shape} board"));
                }
                if setup.owner(cell).is_some() {
                    return Err(format!("cell {cell} holds two discs"));
                }
                setup = setup.with_cell(cell, Some(color));
            }
        }
        Ok(setup)
    }

    /// The discs and side to move of `position`.
    pub fn of<const W: usize>(geometry: &Geometry<W>, position: &Position<W>) -> Setup {
        Setup {
            shape: geometry.shape(),
            red: position.discs(Color::Red).iter().collect(),
            green: position.discs(Color::Green).iter().collect(),
            to_move: position.to_move,
        }
    }

    /// Parses our position text (see [`parse_position`]) for `shape`.
    pub fn parse(shape: Shape, text: &str) -> Result<Setup, NotationError> {
        shape.dispatch(ParseSetup { text })
    }

    /// The position for the geometry of its own shape (`geometry.shape()` must be `shape()`).
    pub fn position<const W: usize>(&self, geometry: &Geometry<W>) -> Position<W> {
        debug_assert_eq!(
            geometry.shape(),
            self.shape,
            "a setup is played on its own shape"
        );
        let bits = |cells: &[usize]| {
            let mut bits = Bits::EMPTY;
            cells.iter().for_each(|&cell| bits.insert(cell));
            bits
        };
        Position::from_colors(bits(&self.red), bits(&self.green), self.to_move)
    }

    /// Our position text (see [`format_position`]).
    pub fn text(&self) -> String {
        self.shape.dispatch(FormatSetup { setup: self })
    }

    /// The board.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Red's discs, in cell order.
    pub fn red(&self) -> &[usize] {
        &self.red
    }

    /// Green's discs, in cell order.
    pub fn green(&self) -> &[usize] {
        &self.green
    }

    /// Who is to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The board's symmetries that map this position onto itself (the identity first): moves
    /// one of them maps onto each other are equivalent, as the search's symmetry filter sees.
    pub fn stabilizer(&self) -> Vec<Symmetry> {
        let cells = self.shape.cells();
        let preserved = |s: &Symmetry| (0..cells).all(|c| self.owner(s.map(c)) == self.owner(c));
        self.shape
            .symmetries()
            .into_iter()
            .filter(preserved)
            .collect()
    }

    /// Who holds `cell`, if anyone.
    pub fn owner(&self, cell: usize) -> Option<Color> {
        if self.red.binary_search(&cell).is_ok() {
            Some(Color::Red)
        } else if self.green.binary_search(&cell).is_ok() {
            Some(Color::Green)
        } else {
            None
        }
    }

    /// The same board with `cell` (a cell of the shape) given to `owner` (or emptied).
    pub fn with_cell(&self, cell: usize, owner: Option<Color>) -> Setup {
        assert!(cell < self.shape.cells(), "cell {cell} is off the board");
        let mut setup = self.clone();
        setup.red.retain(|&c| c != cell);
        setup.green.retain(|&c| c != cell);
        match owner {
            Some(Color::Red) => insert_sorted(&mut setup.red, cell),
            Some(Color::Green) => insert_sorted(&mut setup.green, cell),
            None => {}
        }
        setup
    }

    /// The same board with `to_move` to move.
    pub fn with_to_move(&self, to_move: Color) -> Setup {
        Setup {
            to_move,
            ..self.clone()
        }
    }

    /// An empty board of the same shape, the same side to move.
    pub fn cleared(&self) -> Setup {
        Setup {
            red: Vec::new(),
            green: Vec::new(),
            ..self.clone()
        }
    }

    /// How many cells are empty.
    pub fn empties(&self) -> usize {
        self.shape.cells() - self.red.len() - self.green.len()
    }

    /// Whether neither side has a move: the game is over.
    pub fn is_game_over(&self) -> bool {
        self.shape.dispatch(GameOver { setup: self })
    }
}

fn insert_sorted(cells: &mut Vec<usize>, cell: usize) {
    let at = cells.partition_point(|&c| c < cell);
    cells.insert(at, cell);
}

struct StartOf;

impl WidthJob for StartOf {
    type Output = Setup;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Setup {
        Setup::of(geometry, &Position::start(geometry))
    }
}

struct ParseSetup<'a> {
    text: &'a str,
}

impl WidthJob for ParseSetup<'_> {
    type Output = Result<Setup, NotationError>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Self::Output {
        Ok(Setup::of(geometry, &parse_position(geometry, self.text)?))
    }
}

struct FormatSetup<'a> {
    setup: &'a Setup,
}

impl WidthJob for FormatSetup<'_> {
    type Output = String;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> String {
        format_position(geometry, &self.setup.position(geometry))
    }
}

struct GameOver<'a> {
    setup: &'a Setup,
}

impl WidthJob for GameOver<'_> {
    type Output = bool;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> bool {
        self.setup.position(geometry).is_game_over(geometry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setups_round_trip_through_positions_and_text() {
        for board in ["4x4", "8x8", "6x6x6", "16x16"] {
            let shape: Shape = board.parse().unwrap();
            let start = Setup::start(shape);
            assert_eq!(
                start.empties(),
                shape.cells() - if shape.is_3d() { 8 } else { 4 }
            );
            assert_eq!(Setup::parse(shape, &start.text()), Ok(start.clone()));
            let edited = start
                .with_cell(0, Some(Color::Green))
                .with_to_move(Color::Green);
            assert_eq!(edited.owner(0), Some(Color::Green));
            assert_eq!(Setup::parse(shape, &edited.text()), Ok(edited.clone()));
            let moved = edited.with_cell(0, Some(Color::Red));
            assert_eq!(
                (moved.owner(0), moved.green().len()),
                (Some(Color::Red), start.green().len())
            );
            assert_eq!(moved.with_cell(0, None).with_to_move(Color::Red), start);
            assert_eq!(start.cleared().empties(), shape.cells());
        }
    }
}
