//! The nine features the evaluation weighs (DESIGN §8): the evaluation is their dot product
//! with the weights, so fitting the weights to scored positions is a linear problem.

use super::eval::Weights;
use super::geometry::Geometry;
use super::position::Position;
use super::shape::Category;

/// The nine feature differences of a position from the side to move's view, in the weights'
/// order: legal moves (mine − theirs), discs, then discs on each of the seven weighed square
/// categories (Cor, CSq, XSq, Edg, IEd, Fac, IFa).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Features(pub [i32; 9]);

impl Features {
    /// The features of `position` for its side to move.
    pub fn of<const W: usize>(geometry: &Geometry<W>, position: &Position<W>) -> Features {
        let (mine, theirs) = (position.mover, position.opponent);
        let difference = |a: u32, b: u32| a as i32 - b as i32;
        let mut features = [0; 9];
        features[0] = difference(
            geometry.legal_moves(mine, theirs).count(),
            geometry.legal_moves(theirs, mine).count(),
        );
        features[1] = difference(mine.count(), theirs.count());
        for (slot, category) in features[2..].iter_mut().zip(Category::ALL) {
            let mask = geometry.category_mask(category);
            *slot = difference((mine & mask).count(), (theirs & mask).count());
        }
        Features(features)
    }

    /// The evaluation these features get from `weights`: `weights · features`.
    pub fn dot(&self, weights: &Weights) -> i64 {
        self.0
            .iter()
            .zip(weights.0)
            .map(|(&f, w)| i64::from(f) * i64::from(w))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Evaluator, Shape};
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::seq::IteratorRandom;
    use rand::{RngExt, SeedableRng};

    fn every_position_of_a_random_game<const W: usize>(
        geometry: &Geometry<W>,
        seed: u64,
    ) -> Vec<Position<W>> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut position = Position::start(geometry);
        let mut positions = Vec::new();
        while !position.is_game_over(geometry) {
            if position.must_pass(geometry) {
                position = position.pass();
            }
            positions.push(position);
            let cell = position.legal_moves(geometry).iter().choose(&mut rng);
            position = position.play(geometry, cell.expect("a move")).unwrap();
        }
        positions
    }

    fn the_dot_product_is_the_evaluation<const W: usize>(board: &str) {
        let geometry = Geometry::<W>::new(board.parse::<Shape>().unwrap());
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        for seed in 0..4 {
            let weights = Weights(std::array::from_fn(|_| rng.random_range(-1000..=1000)));
            let evaluator = Evaluator::new(&geometry, &weights);
            for position in every_position_of_a_random_game(&geometry, seed) {
                let features = Features::of(&geometry, &position);
                let evaluation = evaluator.evaluate(&geometry, &position, position.to_move);
                assert_eq!(features.dot(&weights), i64::from(evaluation), "{board}");
            }
        }
    }

    #[test]
    fn the_dot_product_with_the_weights_is_the_evaluation_on_every_kind_of_board() {
        the_dot_product_is_the_evaluation::<1>("8x8");
        the_dot_product_is_the_evaluation::<1>("4x4x4");
        the_dot_product_is_the_evaluation::<4>("6x6x6");
        the_dot_product_is_the_evaluation::<8>("8x8x8");
    }

    #[test]
    fn the_start_has_no_differences() {
        let geometry = Geometry::<1>::new("8x8".parse::<Shape>().unwrap());
        let start = Position::start(&geometry);
        assert_eq!(Features::of(&geometry, &start), Features::default());
    }
}
