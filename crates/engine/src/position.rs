//! A position: the side to move and the two players' discs, with the rules of play.

use super::bits::Bits;
use super::geometry::Geometry;
use super::shape::Symmetry;

/// A player. Red always moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum Color {
    /// The first player.
    Red,
    /// The second player.
    Green,
}

impl Color {
    /// The other player.
    pub fn opponent(self) -> Color {
        match self {
            Color::Red => Color::Green,
            Color::Green => Color::Red,
        }
    }
}

/// How the final disc count decides the game.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize, serde::Deserialize,
)]
pub enum Rules {
    /// More discs wins.
    #[default]
    Classic,
    /// Fewer discs wins ("Reserved Reversi").
    Misere,
}

impl Rules {
    /// A disc difference as these rules count it: more discs are better under classic
    /// rules, fewer under misère, so misère turns the difference round.
    #[inline]
    pub fn standing(self, difference: i32) -> i32 {
        match self {
            Rules::Classic => difference,
            Rules::Misere => -difference,
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// This player won.
    Win(Color),
    /// Equal disc counts.
    Draw,
}

impl Outcome {
    /// The outcome for the given final disc counts under `rules` (empty cells are not counted).
    pub fn from_counts(red: u32, green: u32, rules: Rules) -> Outcome {
        match rules.standing(red as i32 - green as i32).cmp(&0) {
            std::cmp::Ordering::Greater => Outcome::Win(Color::Red),
            std::cmp::Ordering::Less => Outcome::Win(Color::Green),
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }
}

/// The side to move and both players' discs, stored from the mover's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position<const W: usize> {
    /// The discs of the player to move.
    pub mover: Bits<W>,
    /// The discs of the other player.
    pub opponent: Bits<W>,
    /// Who is to move.
    pub to_move: Color,
}

impl<const W: usize> Position<W> {
    /// The start position (DESIGN §2): the centre 2×2 square or 2×2×2 block, Red to move.
    pub fn start(geometry: &Geometry<W>) -> Self {
        let shape = geometry.shape();
        let low = shape.side() / 2 - 1;
        let mut red = Bits::EMPTY;
        let mut green = Bits::EMPTY;
        let z_range = if shape.is_3d() { low..=low + 1 } else { 0..=0 };
        for x in low..=low + 1 {
            for y in low..=low + 1 {
                for z in z_range.clone() {
                    let cell = shape.cell([x, y, z]);
                    // 2D: Green on the main diagonal; 3D: Red where x + y + z is even.
                    let red_here = if shape.is_3d() {
                        (x + y + z) % 2 == 0
                    } else {
                        x != y
                    };
                    if red_here {
                        red.insert(cell)
                    } else {
                        green.insert(cell)
                    }
                }
            }
        }
        Self::from_colors(red, green, Color::Red)
    }

    /// A position from each colour's discs and the side to move.
    pub fn from_colors(red: Bits<W>, green: Bits<W>, to_move: Color) -> Self {
        match to_move {
            Color::Red => Position {
                mover: red,
                opponent: green,
                to_move,
            },
            Color::Green => Position {
                mover: green,
                opponent: red,
                to_move,
            },
        }
    }

    /// The position mapped by a symmetry of its shape.
    pub fn mapped(&self, symmetry: &Symmetry) -> Self {
        Position {
            mover: symmetry.map_bits(self.mover),
            opponent: symmetry.map_bits(self.opponent),
            to_move: self.to_move,
        }
    }

    /// The discs of `color`.
    pub fn discs(&self, color: Color) -> Bits<W> {
        if color == self.to_move {
            self.mover
        } else {
            self.opponent
        }
    }

    /// The empty cells.
    pub fn empties(&self, geometry: &Geometry<W>) -> Bits<W> {
        geometry.full().and_not(self.mover | self.opponent)
    }

    /// The cells where the side to move may play.
    #[inline]
    pub fn legal_moves(&self, geometry: &Geometry<W>) -> Bits<W> {
        geometry.legal_moves(self.mover, self.opponent)
    }

    /// Whether the side to move has to pass (has no legal move).
    #[inline]
    pub fn must_pass(&self, geometry: &Geometry<W>) -> bool {
        self.legal_moves(geometry).is_empty()
    }

    /// The position after the side to move plays `cell`, or `None` if that is not a legal move.
    #[inline]
    pub fn play(&self, geometry: &Geometry<W>, cell: usize) -> Option<Self> {
        if cell >= geometry.shape().cells() || (self.mover | self.opponent).contains(cell) {
            return None;
        }
        let flips = geometry.flips(self.mover, self.opponent, cell);
        if flips.is_empty() {
            return None;
        }
        Some(self.apply(cell, flips))
    }

    /// The position after `cell` is played with the given `flips` (trusted, for the hot path:
    /// `cell` must be a legal move and `flips` its flips).
    #[inline(always)]
    pub fn apply(&self, cell: usize, flips: Bits<W>) -> Self {
        let mut mover = self.mover | flips;
        mover.insert(cell);
        Position {
            mover: self.opponent ^ flips,
            opponent: mover,
            to_move: self.to_move.opponent(),
        }
    }

    /// The position after the side to move passes.
    #[inline(always)]
    pub fn pass(&self) -> Self {
        Position {
            mover: self.opponent,
            opponent: self.mover,
            to_move: self.to_move.opponent(),
        }
    }

    /// Whether neither side can move.
    pub fn is_game_over(&self, geometry: &Geometry<W>) -> bool {
        self.must_pass(geometry) && self.pass().must_pass(geometry)
    }

    /// The result by disc count under `rules` (meaningful once the game is over).
    pub fn outcome(&self, rules: Rules) -> Outcome {
        let red = self.discs(Color::Red).count();
        let green = self.discs(Color::Green).count();
        Outcome::from_counts(red, green, rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    #[test]
    fn start_positions_follow_the_design() {
        let geometry = Geometry::<1>::new("8x8".parse::<Shape>().unwrap());
        let start = Position::start(&geometry);
        let shape = geometry.shape();
        assert!(start.discs(Color::Green).contains(shape.cell([3, 3, 0])));
        assert!(start.discs(Color::Red).contains(shape.cell([3, 4, 0])));
        assert_eq!(start.legal_moves(&geometry).count(), 4);
        let cube = Geometry::<4>::new("6x6x6".parse::<Shape>().unwrap());
        let start = Position::start(&cube);
        assert!(
            start
                .discs(Color::Red)
                .contains(cube.shape().cell([2, 2, 2]))
        );
        assert_eq!(start.discs(Color::Green).count(), 4);
        assert_eq!(start.legal_moves(&cube).count(), 16);
    }

    #[test]
    fn outcomes_under_both_rules() {
        assert_eq!(
            Outcome::from_counts(40, 24, Rules::Classic),
            Outcome::Win(Color::Red)
        );
        assert_eq!(
            Outcome::from_counts(40, 24, Rules::Misere),
            Outcome::Win(Color::Green)
        );
        assert_eq!(Outcome::from_counts(30, 30, Rules::Misere), Outcome::Draw);
    }

    #[test]
    fn illegal_moves_are_refused() {
        let geometry = Geometry::<1>::new("4x4".parse::<Shape>().unwrap());
        let start = Position::start(&geometry);
        assert!(start.play(&geometry, 0).is_none(), "corner flips nothing");
        assert!(start.play(&geometry, 5).is_none(), "occupied");
        assert!(start.play(&geometry, 99).is_none(), "off the board");
    }
}
