//! What a pattern evaluation sees in a position: its static value, and each disc's worth to
//! its owner, the change of the value were that disc the other colour (the status line's
//! value and the Values overlay of a pattern player).

use super::PatternEvaluation;
use crate::bits::Bits;
use crate::geometry::{Geometry, WidthJob};
use crate::notation::{Move, NotationError, replay};
use crate::position::{Color, Position};
use crate::setup::Setup;

/// What a pattern evaluation sees in one position.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternView {
    /// The side to move (a side that must pass has passed).
    pub mover: Color,
    /// The evaluation's value for it, in 32nds of a disc.
    pub value: i32,
    /// Each cell's disc worth for the disc's owner, in 32nds of a disc: the evaluation's value
    /// for that side minus its value were the disc the other colour (both sides' mobility
    /// recounted). `None` on empty cells.
    pub worths: Vec<Option<i32>>,
}

/// What `evaluation` sees after `moves` from `start`.
pub fn pattern_view(
    evaluation: &PatternEvaluation,
    start: &Setup,
    moves: &[Move],
) -> Result<PatternView, NotationError> {
    start.shape().dispatch(View {
        evaluation,
        start,
        moves,
    })
}

struct View<'a> {
    evaluation: &'a PatternEvaluation,
    start: &'a Setup,
    moves: &'a [Move],
}

impl WidthJob for View<'_> {
    type Output = Result<PatternView, NotationError>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Self::Output {
        let mut position = replay(geometry, self.start.position(geometry), self.moves)?;
        if position.must_pass(geometry) {
            position = position.pass();
        }
        let mover = position.to_move;
        let red_value =
            |red: Bits<W>, green: Bits<W>| red_value(self.evaluation, geometry, mover, red, green);
        let (red, green) = match mover {
            Color::Red => (position.mover, position.opponent),
            Color::Green => (position.opponent, position.mover),
        };
        let value = red_value(red, green);
        let worth = |cell: usize| {
            let (mut red_after, mut green_after) = (red, green);
            let owner = if red.contains(cell) {
                red_after.remove(cell);
                green_after.insert(cell);
                1
            } else if green.contains(cell) {
                green_after.remove(cell);
                red_after.insert(cell);
                -1
            } else {
                return None;
            };
            Some(owner * (value - red_value(red_after, green_after)))
        };
        Ok(PatternView {
            mover,
            value: if mover == Color::Red { value } else { -value },
            worths: (0..geometry.shape().cells()).map(worth).collect(),
        })
    }
}

/// The evaluation's value for Red of the position with these discs and `to_move` to move.
fn red_value<const W: usize>(
    evaluation: &PatternEvaluation,
    geometry: &Geometry<W>,
    to_move: Color,
    red: Bits<W>,
    green: Bits<W>,
) -> i32 {
    let (mover, opponent, sign) = match to_move {
        Color::Red => (red, green, 1),
        Color::Green => (green, red, -1),
    };
    let position = Position {
        mover,
        opponent,
        to_move,
    };
    let mobility = (
        position.legal_moves(geometry).count(),
        position.pass().legal_moves(geometry).count(),
    );
    let cells = geometry.shape().cells() as u32;
    let empties = cells - mover.count() - opponent.count();
    sign * evaluation.evaluate((mover, opponent), empties, mobility)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;
    use crate::shape::Shape;

    #[test]
    fn a_disc_is_worth_what_turning_it_changes_and_mirror_images_are_worth_alike() {
        let shape: Shape = "8x8".parse().unwrap();
        let evaluation = PatternEvaluation::shipped();
        let start = Setup::start(shape);
        // The start is symmetric under the diagonal reflections: one swaps d5 and e4, the
        // other d4 and e5, so their discs are worth alike.
        let view = pattern_view(&evaluation, &start, &[]).unwrap();
        assert_eq!(view.mover, Color::Red);
        let worths = view.worths;
        let at = |worths: &[Option<i32>], name: &str| {
            worths[crate::notation::parse_cell(shape, name).unwrap()]
        };
        assert_eq!(worths.iter().flatten().count(), 4);
        assert_eq!(at(&worths, "d5"), at(&worths, "e4"));
        assert_eq!(at(&worths, "d4"), at(&worths, "e5"));
        assert!(at(&worths, "a1").is_none());
        // After f5 d6 c3 the worth of d4 is the change of Red's value when it turns.
        let moves = parse_moves(shape, "f5 d6 c3").unwrap();
        let view = pattern_view(&evaluation, &start, &moves).unwrap();
        let worths = view.worths;
        let d4 = crate::notation::parse_cell(shape, "d4").unwrap();
        let geometry = Geometry::<1>::new(shape);
        let position = replay(&geometry, start.position(&geometry), &moves).unwrap();
        // Green to move: red discs are the opponent's.
        let (red, green) = (position.opponent, position.mover);
        assert!(red.contains(d4), "c3 turned d4 red");
        let (mut red_after, mut green_after) = (red, green);
        red_after.remove(d4);
        green_after.insert(d4);
        let value = |r, g| red_value(&evaluation, &geometry, Color::Green, r, g);
        assert_eq!(view.value, -value(red, green), "Green's value");
        let expected = value(red, green) - value(red_after, green_after);
        assert_eq!(worths[d4], Some(expected));
        assert_ne!(expected, 0, "the shipped evaluation sees the disc");
    }
}
