//! What a pattern evaluation sees in a position: its static value, and each disc's worth to
//! its owner, the change of the value were that disc the other colour (the status line's
//! value and the Values overlay of a pattern player).

use super::PatternEvaluation;
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
        let value = self.evaluation.value_of(geometry, &position);
        // The owner's value is the mover's, or its negation for the other side's discs.
        let worth = |cell: usize| {
            let mut turned = position;
            let owner_sign = if position.mover.contains(cell) {
                turned.mover.remove(cell);
                turned.opponent.insert(cell);
                1
            } else if position.opponent.contains(cell) {
                turned.opponent.remove(cell);
                turned.mover.insert(cell);
                -1
            } else {
                return None;
            };
            Some(owner_sign * (value - self.evaluation.value_of(geometry, &turned)))
        };
        Ok(PatternView {
            mover: position.to_move,
            value,
            worths: (0..geometry.shape().cells()).map(worth).collect(),
        })
    }
}

impl PatternEvaluation {
    /// The value of `position` for its side to move, in 32nds of a disc, both sides' mobility
    /// and the empty cells counted from the position.
    pub fn value_of<const W: usize>(&self, geometry: &Geometry<W>, position: &Position<W>) -> i32 {
        let mobility = (
            position.legal_moves(geometry).count(),
            position.pass().legal_moves(geometry).count(),
        );
        let empties = position.empties(geometry).count();
        self.evaluate((position.mover, position.opponent), empties, mobility)
    }
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
        assert!(position.opponent.contains(d4), "c3 turned d4 red");
        let mut turned = position;
        turned.opponent.remove(d4);
        turned.mover.insert(d4);
        let green_value = |p: &Position<1>| evaluation.value_of(&geometry, p);
        assert_eq!(view.value, green_value(&position), "Green's value");
        // Red's value is Green's negated.
        let expected = green_value(&turned) - green_value(&position);
        assert_eq!(worths[d4], Some(expected));
        assert_ne!(expected, 0, "the shipped evaluation sees the disc");
    }
}
