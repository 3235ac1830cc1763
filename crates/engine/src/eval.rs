//! The seed's static evaluation: nine integer weights over mobility, disc difference and the
//! square categories (DESIGN §2).

use std::fmt;
use std::str::FromStr;

use rand::{Rng, RngExt};

use super::bits::Bits;
use super::geometry::{Geometry, WidthJob};
use super::notation::{Move, NotationError, replay};
use super::position::{Color, Position};
use super::setup::Setup;
use super::shape::Category;

/// The nine weights in the seed's order: Mob, Dif, Cor, CSq, XSq, Edg, IEd, Fac, IFa.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Weights(pub [i32; 9]);

/// Why a weight list was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum WeightsError {
    /// Not nine comma-separated values.
    #[error("expected 9 comma-separated weights (Mob,Dif,Cor,CSq,XSq,Edg,IEd,Fac,IFa), got {0}")]
    Count(usize),
    /// A value is not an integer in range.
    #[error("weight {label} is '{text}': weights are integers from -{max} to {max}", max = Weights::LIMIT)]
    Value {
        /// The weight's label.
        label: &'static str,
        /// What was given.
        text: String,
    },
}

impl Weights {
    /// The labels of the nine weights, in order.
    pub const LABELS: [&'static str; 9] = [
        "Mob", "Dif", "Cor", "CSq", "XSq", "Edg", "IEd", "Fac", "IFa",
    ];

    /// The largest magnitude a weight may have (keeps every evaluation far inside `i32`).
    pub const LIMIT: i32 = 100_000;

    /// The mobility weight.
    pub fn mobility(&self) -> i32 {
        self.0[0]
    }

    /// The disc-difference weight.
    pub fn difference(&self) -> i32 {
        self.0[1]
    }

    /// The weight of a square category (0 for [`Category::Interior`], which has none).
    pub fn category(&self, category: Category) -> i32 {
        match category {
            Category::Interior => 0,
            other => self.0[2 + other as usize],
        }
    }

    /// Scaled so the largest magnitude is 1000 and rounded; a weight that rounds to 0 becomes
    /// ±1 at random (DESIGN §4). All-zero weights stay as they are.
    pub fn normalized(&self, rng: &mut impl Rng) -> Weights {
        let largest = self.0.iter().map(|w| w.unsigned_abs()).max().unwrap_or(0);
        if largest == 0 {
            return *self;
        }
        Weights(self.0.map(|w| {
            let scaled = (f64::from(w) * 1000.0 / f64::from(largest)).round() as i32;
            match scaled {
                0 if rng.random_bool(0.5) => 1,
                0 => -1,
                _ => scaled,
            }
        }))
    }
}

impl fmt::Display for Weights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texts: Vec<String> = self.0.iter().map(i32::to_string).collect();
        f.write_str(&texts.join(","))
    }
}

impl FromStr for Weights {
    type Err = WeightsError;

    /// Parses nine comma-separated integers, e.g. `13,7,1000,-1,-9,97,-2,4,-1`.
    fn from_str(text: &str) -> Result<Weights, WeightsError> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if parts.len() != 9 {
            return Err(WeightsError::Count(parts.len()));
        }
        let mut weights = [0; 9];
        for (index, part) in parts.iter().enumerate() {
            weights[index] = part
                .parse::<i32>()
                .ok()
                .filter(|w| w.abs() <= Self::LIMIT)
                .ok_or_else(|| WeightsError::Value {
                    label: Self::LABELS[index],
                    text: part.to_string(),
                })?;
        }
        Ok(Weights(weights))
    }
}

/// The evaluation of one set of weights on one shape, with the category masks resolved.
#[derive(Clone, Debug)]
pub struct Evaluator<const W: usize> {
    mobility: i32,
    difference: i32,
    /// Only the categories with a non-zero weight.
    categories: Vec<(i32, Bits<W>)>,
    /// Per cell: what one disc there adds to its owner's material (Dif + its category weight).
    cell_weights: Vec<i32>,
}

impl<const W: usize> Evaluator<W> {
    /// Prepares `weights` for the shape of `geometry`.
    pub fn new(geometry: &Geometry<W>, weights: &Weights) -> Self {
        let categories = Category::ALL
            .iter()
            .map(|&c| (weights.category(c), geometry.category_mask(c)))
            .filter(|&(weight, mask)| weight != 0 && !mask.is_empty())
            .collect();
        // From the category masks: asking the shape each cell's category costs far more (an
        // evaluator is made for every search).
        let mut cell_weights = vec![weights.difference(); geometry.shape().cells()];
        for category in Category::ALL {
            for cell in geometry.category_mask(category) {
                cell_weights[cell] += weights.category(category);
            }
        }
        Evaluator {
            mobility: weights.mobility(),
            difference: weights.difference(),
            categories,
            cell_weights,
        }
    }

    /// The evaluation from `player`'s point of view: [`Self::material`] plus
    /// [`Self::mobility`].
    #[inline]
    pub fn evaluate(&self, geometry: &Geometry<W>, position: &Position<W>, player: Color) -> i32 {
        self.material(position, player) + self.mobility(geometry, position, player)
    }

    /// [`Self::evaluate`] for the side to move, whose legal moves `moves` are already known
    /// (saves one move generation at the leaves of a search).
    #[inline]
    pub fn evaluate_for_mover(
        &self,
        geometry: &Geometry<W>,
        position: &Position<W>,
        moves: Bits<W>,
    ) -> i32 {
        let material = self.material(position, position.to_move);
        if self.mobility == 0 {
            return material;
        }
        let replies = geometry.legal_moves(position.opponent, position.mover);
        material + self.mobility * (moves.count() as i32 - replies.count() as i32)
    }

    /// The mobility term from `player`'s point of view: both sides' legal moves are counted
    /// whoever is to move; 0 without computing anything when the weight is 0.
    #[inline]
    pub fn mobility(&self, geometry: &Geometry<W>, position: &Position<W>, player: Color) -> i32 {
        if self.mobility == 0 {
            return 0;
        }
        let (mine, theirs) = Self::sides(position, player);
        let my_moves = geometry.legal_moves(mine, theirs).count() as i32;
        let their_moves = geometry.legal_moves(theirs, mine).count() as i32;
        self.mobility * (my_moves - their_moves)
    }

    /// [`Self::material`] after a move, from the material before it: the new disc counts for
    /// its owner and every flipped disc changes sides. `for_mover` says whether the material
    /// is seen from the moving player's side.
    #[inline(always)]
    pub fn material_after(
        &self,
        material: i32,
        for_mover: bool,
        cell: usize,
        flips: Bits<W>,
    ) -> i32 {
        let flipped: i32 = flips.iter().map(|f| self.cell_weights[f]).sum();
        let gain = self.cell_weights[cell] + 2 * flipped;
        if for_mover {
            material + gain
        } else {
            material - gain
        }
    }

    /// The evaluation without the mobility term (the classic search orders moves by it).
    #[inline]
    pub fn material(&self, position: &Position<W>, player: Color) -> i32 {
        let (mine, theirs) = Self::sides(position, player);
        let mut score = self.difference * (mine.count() as i32 - theirs.count() as i32);
        for &(weight, mask) in &self.categories {
            score += weight * ((mine & mask).count() as i32 - (theirs & mask).count() as i32);
        }
        score
    }

    #[inline(always)]
    fn sides(position: &Position<W>, player: Color) -> (Bits<W>, Bits<W>) {
        if position.to_move == player {
            (position.mover, position.opponent)
        } else {
            (position.opponent, position.mover)
        }
    }
}

/// The static evaluation of the position after `moves` from `start` for the side that moves
/// next (the seed's "Value"), with `weights`.
pub fn static_value(
    start: &Setup,
    moves: &[Move],
    weights: &Weights,
) -> Result<(Color, i32), NotationError> {
    start.shape().dispatch(StaticValue {
        start,
        moves,
        weights,
    })
}

struct StaticValue<'a> {
    start: &'a Setup,
    moves: &'a [Move],
    weights: &'a Weights,
}

impl WidthJob for StaticValue<'_> {
    type Output = Result<(Color, i32), NotationError>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Self::Output {
        let mut position = replay(geometry, self.start.position(geometry), self.moves)?;
        if position.must_pass(geometry) {
            position = position.pass();
        }
        let evaluator = Evaluator::new(geometry, self.weights);
        let mover = position.to_move;
        Ok((mover, evaluator.evaluate(geometry, &position, mover)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    #[test]
    fn parses_and_prints_weight_lists() {
        let weights: Weights = "13, 7,1000,-1,-9,97,-2,4,-1".parse().unwrap();
        assert_eq!(weights.0, [13, 7, 1000, -1, -9, 97, -2, 4, -1]);
        assert_eq!(weights.to_string(), "13,7,1000,-1,-9,97,-2,4,-1");
        assert_eq!("1,2".parse::<Weights>(), Err(WeightsError::Count(2)));
        let error = "1,2,3,4,5,x,7,8,9"
            .parse::<Weights>()
            .unwrap_err()
            .to_string();
        assert!(error.contains("weight Edg is 'x'"), "{error}");
        assert!("1,2,3,4,5,6,7,8,200000".parse::<Weights>().is_err());
    }

    #[test]
    fn normalization_scales_to_1000_and_never_leaves_zeros() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let normalized = Weights([1, 0, 2000, -3, 500, 0, 0, 0, 0]).normalized(&mut rng);
        assert_eq!(normalized.0[2], 1000);
        assert_eq!(normalized.0[4], 250);
        assert!(normalized.0.iter().all(|&w| w != 0));
        assert!(normalized.0.iter().all(|&w| w.abs() <= 1000));
    }

    #[test]
    fn the_evaluation_for_the_mover_with_known_moves_is_the_evaluation() {
        use rand::seq::IteratorRandom;
        let geometry = Geometry::<1>::new("6x6".parse::<Shape>().unwrap());
        let evaluator = Evaluator::new(&geometry, &Weights([13, 7, 1000, -1, -9, 97, -2, 4, -1]));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut position = Position::start(&geometry);
        while !position.is_game_over(&geometry) {
            if position.must_pass(&geometry) {
                position = position.pass();
            }
            let moves = position.legal_moves(&geometry);
            assert_eq!(
                evaluator.evaluate_for_mover(&geometry, &position, moves),
                evaluator.evaluate(&geometry, &position, position.to_move)
            );
            let cell = moves.iter().choose(&mut rng).expect("a move");
            position = position.play(&geometry, cell).expect("legal");
        }
    }

    #[test]
    fn a_first_move_on_the_4x4x4_cube_evaluates_by_hand() {
        // The eight centre cells of 4×4×4 and the axis move (0,1,1) are all X-squares. Red
        // plays (0,1,1) and flips (1,1,1): Red 6 discs, Green 3, so material for Red is
        // 3 · (Dif + XSq) = 3 · (7 − 9) = −6.
        let geometry = Geometry::<1>::new("4x4x4".parse::<Shape>().unwrap());
        let shape = geometry.shape();
        let evaluator = Evaluator::new(&geometry, &Weights([13, 7, 1000, -1, -9, 97, -2, 4, -1]));
        let start = Position::start(&geometry);
        assert_eq!(evaluator.evaluate(&geometry, &start, Color::Red), 0);
        let after = start.play(&geometry, shape.cell([0, 1, 1])).unwrap();
        assert_eq!(after.discs(Color::Red).count(), 6);
        assert!(after.discs(Color::Red).contains(shape.cell([1, 1, 1])));
        assert_eq!(evaluator.material(&after, Color::Red), -6);
        assert_eq!(evaluator.material(&after, Color::Green), 6);
    }

    #[test]
    fn start_position_evaluates_by_hand() {
        // 8×8 start: 2 discs each, all Face squares, 4 moves each: every difference is 0.
        let geometry = Geometry::<1>::new("8x8".parse::<Shape>().unwrap());
        let evaluator = Evaluator::new(&geometry, &Weights([13, 7, 1000, -1, -9, 97, -2, 4, -1]));
        let start = Position::start(&geometry);
        assert_eq!(evaluator.evaluate(&geometry, &start, Color::Red), 0);
        // Red plays 0-based (2,3), flipping (3,3): Red 4 discs, Green 1, all on Face squares
        // (worth 4 each); then Red could answer at (5,5), (4,5), (5,4) and Green has (2,2),
        // (2,4), (4,2): mobility cancels.
        let after = start
            .play(&geometry, geometry.shape().cell([2, 3, 0]))
            .unwrap();
        let material = evaluator.material(&after, Color::Red);
        assert_eq!(material, 7 * (4 - 1) + 4 * (4 - 1));
        let (red, green) = (after.discs(Color::Red), after.discs(Color::Green));
        let red_moves = geometry.legal_moves(red, green).count();
        let green_moves = after.legal_moves(&geometry).count();
        assert_eq!((red_moves, green_moves), (3, 3));
        assert_eq!(evaluator.evaluate(&geometry, &after, Color::Red), material);
        assert_eq!(
            evaluator.evaluate(&geometry, &after, Color::Green),
            -material
        );
    }
}
