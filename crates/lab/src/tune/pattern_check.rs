//! How far a pattern evaluation is from a position set's scores, stage by stage: the
//! accuracy figures of a shipped evaluation (against exact scores, or against a deeper
//! search's values when the set was labelled by one).

use std::collections::BTreeMap;

use super::pattern_fit::{SampledPosition, Target};
use engine::patterns::{PatternEvaluation, UNITS_PER_DISC};
use engine::{Geometry, WidthJob};

/// The error over the positions of one stage with one kind of score.
#[derive(Clone, Debug, PartialEq)]
pub struct StageError {
    /// The fewest empty cells of the stage.
    pub first_empties: u32,
    /// The most empty cells of the stage.
    pub last_empties: u32,
    /// Whether the scores are exact (else a search's values).
    pub exact: bool,
    /// Positions measured.
    pub positions: usize,
    /// Root mean square error, in discs.
    pub rms: f64,
    /// Mean absolute error, in discs.
    pub mean_absolute: f64,
    /// Mean of the score minus the value, in discs: above zero where the evaluation is too
    /// low for the side to move. Against the values of searches one ply apart it shows the
    /// odd–even effect: how much a search's value depends on whose turn its last ply is.
    pub mean_miss: f64,
    /// The same over the positions with an even and with an odd number of empty cells
    /// (`None` where the stage has none): with an even number, and no pass, the other side
    /// moves last — an evaluation without a term for it misses the two alike.
    pub mean_miss_by_parity: [Option<f64>; 2],
}

/// The error of `evaluation` on `targets` (positions of its board), by stages of `stage`
/// empty cells (0 to `stage` − 1, then `stage` to 2·`stage` − 1, …), exact and search scores
/// apart, stage by stage from the endgame.
pub fn stage_errors(
    evaluation: &PatternEvaluation,
    targets: &[Target],
    stage: u32,
) -> Vec<StageError> {
    let stage = stage.max(1);
    let misses = evaluation.shape.dispatch(Misses {
        evaluation,
        targets,
    });
    // Keyed by stage, exact scores first.
    let mut sums: BTreeMap<(u32, bool), Sums> = BTreeMap::new();
    for (empties, exact, miss) in misses {
        let sum = sums.entry((empties / stage, !exact)).or_default();
        sum.count += 1;
        sum.squares += miss * miss;
        sum.absolute += miss.abs();
        sum.signed += miss;
        let parity = (empties % 2) as usize;
        sum.by_parity[parity].0 += 1;
        sum.by_parity[parity].1 += miss;
    }
    sums.into_iter()
        .map(|((bucket, searched), sum)| StageError {
            first_empties: bucket * stage,
            last_empties: bucket * stage + stage - 1,
            exact: !searched,
            positions: sum.count,
            rms: (sum.squares / sum.count as f64).sqrt(),
            mean_absolute: sum.absolute / sum.count as f64,
            mean_miss: sum.signed / sum.count as f64,
            mean_miss_by_parity: sum
                .by_parity
                .map(|(count, signed)| (count > 0).then(|| signed / count as f64)),
        })
        .collect()
}

/// The misses of one stage and kind of score, added up.
#[derive(Default)]
struct Sums {
    count: usize,
    squares: f64,
    absolute: f64,
    signed: f64,
    /// Positions and signed misses with an even, then an odd number of empty cells.
    by_parity: [(usize, f64); 2],
}

/// Each target's empty cells, whether its score is exact, and the score minus the
/// evaluation's value, in discs (monomorphized for the board's width).
struct Misses<'a> {
    evaluation: &'a PatternEvaluation,
    targets: &'a [Target<'a>],
}

impl WidthJob for Misses<'_> {
    type Output = Vec<(u32, bool, f64)>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Self::Output {
        let miss = |target: &Target| {
            let sampled = SampledPosition::read(geometry, target.sample)?;
            let (mover, opponent) = (sampled.position.mover, sampled.position.opponent);
            let value =
                (self.evaluation).evaluate((mover, opponent), sampled.empties, sampled.moves);
            let miss = f64::from(target.discs) - f64::from(value) / f64::from(UNITS_PER_DISC);
            Some((sampled.empties, target.exact, miss))
        };
        self.targets.iter().filter_map(miss).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::position_record::{Label, Sample};
    use engine::{Bits, Shape};

    /// A 4x4 sample with `empties` empty cells (the mover holds the rest) scored `discs`.
    fn sample(game: u64, empties: usize, discs: i32) -> Sample {
        let mut mover = Bits::<1>::default();
        for cell in empties..16 {
            mover.insert(cell);
        }
        Sample {
            game,
            features: Default::default(),
            result: 0.5,
            margin: discs,
            label: Some(Label::Exact(discs)),
            discs: [mover.0.to_vec(), vec![0]],
        }
    }

    #[test]
    fn a_zero_evaluation_misses_each_stage_by_its_scores() {
        let shape: Shape = "4x4".parse().unwrap();
        let zero = PatternEvaluation::zero(shape, Vec::new());
        let samples = [sample(0, 1, 3), sample(1, 2, -5), sample(2, 6, 4)];
        let targets: Vec<Target> = samples
            .iter()
            .map(|sample| {
                let Some(Label::Exact(discs)) = sample.label else {
                    unreachable!()
                };
                Target {
                    sample,
                    discs: discs as f32,
                    exact: discs != 4,
                }
            })
            .collect();
        let errors = stage_errors(&zero, &targets, 5);
        let endgame = StageError {
            first_empties: 0,
            last_empties: 4,
            exact: true,
            positions: 2,
            rms: 17.0_f64.sqrt(),
            mean_absolute: 4.0,
            mean_miss: -1.0,
            mean_miss_by_parity: [Some(-5.0), Some(3.0)],
        };
        let searched = StageError {
            first_empties: 5,
            last_empties: 9,
            exact: false,
            positions: 1,
            rms: 4.0,
            mean_absolute: 4.0,
            mean_miss: 4.0,
            mean_miss_by_parity: [Some(4.0), None],
        };
        assert_eq!(errors, vec![endgame, searched]);
    }
}
