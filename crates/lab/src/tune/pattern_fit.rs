//! Fitting the pattern evaluation of any board ([`PatternEvaluation`]) to the exact scores of a
//! position set: least squares by gradient steps in which each table entry moves by the mean
//! error of the positions that read it. Entries that the board's symmetries make equivalent
//! are one parameter (so a position need not be fitted in all its 8 or 48 images). Whole
//! games are held out (every tenth) and the fit keeps the epoch with the lowest hold-out
//! error, stopping once it has not improved for a while.

use std::sync::atomic::{AtomicBool, Ordering};

use super::position_record::{Label, Sample};
use engine::patterns::{PatternEvaluation, PatternLayout, PhaseWeights, UNITS_PER_DISC, catalog};
use engine::{Bits, Color, Geometry, Position, Shape, WidthJob};

/// How the fit runs.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternFitSettings {
    /// Phase edges in empty cells (see [`PatternEvaluation::edges`]).
    pub edges: Vec<u32>,
    /// At most this many passes over the positions.
    pub max_epochs: usize,
    /// Stop after this many epochs without a lower hold-out error.
    pub patience: usize,
    /// The weight of the entries' squares in the loss, against each position's squared
    /// error: larger keeps rarely read entries nearer zero.
    pub regularization: f32,
}

/// The error after one epoch, in discs (root mean square).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PatternEpoch {
    /// The epoch's number (1-based).
    pub number: usize,
    /// On the fitted positions.
    pub training: f64,
    /// On the held-out games' positions.
    pub holdout: f64,
}

/// A finished fit.
#[derive(Clone, Debug)]
pub struct PatternFit {
    /// The best epoch's weights, rounded to the file's units.
    pub evaluation: PatternEvaluation,
    /// Every epoch run.
    pub epochs: Vec<PatternEpoch>,
    /// The epoch kept.
    pub best: PatternEpoch,
    /// Positions fitted and held out.
    pub positions: (usize, usize),
    /// The hold-out error of the rounded weights, in discs: root mean square and mean
    /// absolute.
    pub rounded_holdout: (f64, f64),
    /// Whether the fit was stopped early.
    pub cancelled: bool,
}

/// Why there is nothing to fit.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PatternFitError {
    /// No exactly scored positions in the set.
    #[error(
        "the set has no exactly scored positions: make it with `reversi3d positions --board B \
         --label-depth D --label-exact E`"
    )]
    NoExactPositions,
    /// No game falls in the hold-out tenth.
    #[error("the set has too few games to hold any out (every tenth game is held out)")]
    NoHoldout,
}

/// A position read for the fit: the parameter of every pattern instance it reads, its legal
/// move counts, phase and exact score.
struct Encoded {
    entries: Vec<u32>,
    moves: (u32, u32),
    mobility: (f32, f32),
    phase: usize,
    target: f32,
}

/// Reads the exactly scored samples of a set on one board, split into fitted and held-out
/// positions (monomorphized for the board's width).
struct Encode<'a> {
    samples: &'a [Sample],
    /// Each table entry's parameter: the first of its group of equivalent entries.
    parameter: &'a [u32],
    evaluation: &'a PatternEvaluation,
}

impl WidthJob for Encode<'_> {
    type Output = (Vec<Encoded>, Vec<Encoded>);

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Self::Output {
        let layout = self.evaluation.layout();
        let cells = geometry.shape().cells() as u32;
        let (mut training, mut holdout) = (Vec::new(), Vec::new());
        for sample in self.samples {
            let Some(Label::Exact(margin)) = sample.label else {
                continue;
            };
            let (Some(mover), Some(opponent)) = (words(&sample.discs[0]), words(&sample.discs[1]))
            else {
                continue;
            };
            let position = Position {
                mover: Bits::<W>(mover),
                opponent: Bits::<W>(opponent),
                to_move: Color::Red,
            };
            let moves = (
                position.legal_moves(geometry).count(),
                position.pass().legal_moves(geometry).count(),
            );
            let empties = cells - position.mover.count() - position.opponent.count();
            let mut entries = vec![0; layout.instance_count()];
            layout.feature_indices(position.mover, position.opponent, &mut entries);
            for entry in &mut entries {
                *entry = self.parameter[*entry as usize];
            }
            let encoded = Encoded {
                entries,
                moves,
                mobility: (moves.0 as f32, moves.1 as f32),
                phase: self.evaluation.phase_of(empties),
                target: margin as f32,
            };
            if sample.game % 10 == 9 {
                holdout.push(encoded);
            } else {
                training.push(encoded);
            }
        }
        (training, holdout)
    }
}

/// A side's discs as the `W` words of a bitset, if the sample has that many.
fn words<const W: usize>(discs: &[u64]) -> Option<[u64; W]> {
    discs.try_into().ok()
}

/// Each table entry's parameter: entries the board's symmetries make equivalent share the
/// first of their group.
fn parameters(shape: Shape, entries: usize) -> Vec<u32> {
    let mut parameter: Vec<u32> = (0..entries as u32).collect();
    for group in catalog::equivalent_entries(shape, &catalog::catalog(shape)) {
        for &entry in &group {
            parameter[entry as usize] = group[0];
        }
    }
    parameter
}

/// One phase's weights as the fit holds them (discs).
#[derive(Clone)]
struct Weights {
    table: Vec<f32>,
    bias: f32,
    mobility: (f32, f32),
}

impl Weights {
    fn predict(&self, position: &Encoded) -> f32 {
        let entries = &position.entries;
        entries.iter().map(|&e| self.table[e as usize]).sum::<f32>()
            + self.bias
            + self.mobility.0 * position.mobility.0
            + self.mobility.1 * position.mobility.1
    }
}

/// The root mean square error of `weights` on `positions`.
fn error(weights: &[Weights], positions: &[Encoded]) -> f64 {
    let sum: f64 = positions
        .iter()
        .map(|p| {
            let miss = p.target - weights[p.phase].predict(p);
            f64::from(miss * miss)
        })
        .sum();
    (sum / positions.len().max(1) as f64).sqrt()
}

/// The step size: each entry moves by this share of its positions' mean error (a position
/// reads `instances` entries and three more weights, so a larger share would overshoot).
fn step_share(instances: usize) -> f32 {
    1.0 / (instances + 3) as f32
}

/// One gradient step over `positions`.
fn epoch(weights: &mut [Weights], positions: &[Encoded], counts: &[Vec<f32>], lambda: f32) {
    let entries = weights[0].table.len();
    let mut sums: Vec<Vec<f32>> = weights.iter().map(|_| vec![0.0; entries]).collect();
    let mut bias = vec![0.0f64; weights.len()];
    let mut mobility = vec![(0.0f64, 0.0f64, 0.0f64, 0.0f64); weights.len()];
    for position in positions {
        let phase = position.phase;
        let miss = position.target - weights[phase].predict(position);
        for &entry in &position.entries {
            sums[phase][entry as usize] += miss;
        }
        bias[phase] += f64::from(miss);
        let m = &mut mobility[phase];
        m.0 += f64::from(miss * position.mobility.0);
        m.1 += f64::from(position.mobility.0 * position.mobility.0);
        m.2 += f64::from(miss * position.mobility.1);
        m.3 += f64::from(position.mobility.1 * position.mobility.1);
    }
    let instances = positions.first().map_or(0, |p| p.entries.len());
    let share = step_share(instances);
    for (phase, weights) in weights.iter_mut().enumerate() {
        for ((weight, &sum), &count) in weights
            .table
            .iter_mut()
            .zip(&sums[phase])
            .zip(&counts[phase])
        {
            if count > 0.0 {
                *weight += share * (sum - lambda * *weight) / (count + lambda);
            }
        }
        let read = positions.iter().filter(|p| p.phase == phase).count() as f64;
        if read > 0.0 {
            weights.bias += share * (bias[phase] / read) as f32;
        }
        let m = mobility[phase];
        if m.1 > 0.0 {
            weights.mobility.0 += share * (m.0 / m.1) as f32;
        }
        if m.3 > 0.0 {
            weights.mobility.1 += share * (m.2 / m.3) as f32;
        }
    }
}

/// How many of the fitted positions read each parameter, per phase.
fn read_counts(positions: &[Encoded], phases: usize, entries: usize) -> Vec<Vec<f32>> {
    let mut counts = vec![vec![0.0; entries]; phases];
    for position in positions {
        for &entry in &position.entries {
            counts[position.phase][entry as usize] += 1.0;
        }
    }
    counts
}

/// A weight in the file's units.
fn rounded(weight: f32) -> i16 {
    (weight * UNITS_PER_DISC as f32)
        .round()
        .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
}

/// Fits the pattern evaluation of `shape` to the exactly scored positions among `samples`
/// (of a classic set on that board), reporting each epoch.
pub fn fit_patterns(
    shape: Shape,
    samples: &[Sample],
    settings: &PatternFitSettings,
    cancel: &AtomicBool,
    on_epoch: &mut dyn FnMut(&PatternEpoch),
) -> Result<PatternFit, PatternFitError> {
    let mut evaluation = PatternEvaluation::zero(shape, settings.edges.clone());
    let entries = PatternLayout::shared(shape).table_entries();
    let parameter = parameters(shape, entries);
    let (training, holdout) = shape.dispatch(Encode {
        samples,
        parameter: &parameter,
        evaluation: &evaluation,
    });
    if training.is_empty() {
        return Err(PatternFitError::NoExactPositions);
    }
    if holdout.is_empty() {
        return Err(PatternFitError::NoHoldout);
    }
    let phases = evaluation.phases.len();
    let counts = read_counts(&training, phases, entries);
    let zero = Weights {
        table: vec![0.0; entries],
        bias: 0.0,
        mobility: (0.0, 0.0),
    };
    let mut weights = vec![zero; phases];
    let mut best = (weights.clone(), None::<PatternEpoch>);
    let mut epochs = Vec::new();
    let mut cancelled = false;
    for number in 1..=settings.max_epochs {
        if cancel.load(Ordering::Relaxed) {
            cancelled = true;
            break;
        }
        epoch(&mut weights, &training, &counts, settings.regularization);
        let report = PatternEpoch {
            number,
            training: error(&weights, &training),
            holdout: error(&weights, &holdout),
        };
        on_epoch(&report);
        epochs.push(report);
        if best.1.is_none_or(|kept| report.holdout < kept.holdout) {
            best = (weights.clone(), Some(report));
        } else if best
            .1
            .is_some_and(|kept| number - kept.number >= settings.patience)
        {
            break;
        }
    }
    let (weights, best) = best;
    let best = best.unwrap_or(PatternEpoch {
        number: 0,
        training: error(&weights, &training),
        holdout: error(&weights, &holdout),
    });
    for (phase, fitted) in evaluation.phases.iter_mut().zip(&weights) {
        *phase = PhaseWeights {
            table: parameter
                .iter()
                .map(|&p| rounded(fitted.table[p as usize]))
                .collect(),
            bias: rounded(fitted.bias),
            mobility: rounded(fitted.mobility.0),
            opponent_mobility: rounded(fitted.mobility.1),
        };
    }
    let rounded_holdout = rounded_error(&evaluation, &holdout);
    Ok(PatternFit {
        evaluation,
        epochs,
        best,
        positions: (training.len(), holdout.len()),
        rounded_holdout,
        cancelled,
    })
}

/// The root mean square and the mean absolute error, in discs, of the evaluation as the
/// search reads it (its rounded tables; a position's parameters are entries of equal value).
fn rounded_error(evaluation: &PatternEvaluation, positions: &[Encoded]) -> (f64, f64) {
    let misses: Vec<f64> = positions
        .iter()
        .map(|p| {
            let phase = &evaluation.phases[p.phase];
            let patterns = p
                .entries
                .iter()
                .map(|&e| i32::from(phase.table[e as usize]));
            let value = phase.value(patterns.sum(), p.moves);
            f64::from(p.target) - f64::from(value) / f64::from(UNITS_PER_DISC)
        })
        .collect();
    let count = misses.len().max(1) as f64;
    let squares: f64 = misses.iter().map(|miss| miss * miss).sum();
    let absolute: f64 = misses.iter().map(|miss| miss.abs()).sum();
    ((squares / count).sqrt(), absolute / count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};

    /// Synthetic positions, one a game.
    const GAMES: u64 = 40_000;

    #[test]
    fn the_fit_recovers_known_tables_from_synthetic_scores() {
        // Scores made by a known evaluation of 4x4 (whole discs per entry, tied by the
        // symmetries, no mobility): the fit must predict held-out positions almost exactly.
        let shape: Shape = "4x4".parse().unwrap();
        let layout = PatternLayout::shared(shape);
        let parameter = parameters(shape, layout.table_entries());
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let values: Vec<i32> = (0..parameter.len())
            .map(|_| rng.random_range(-1..=1))
            .collect();
        let known: Vec<i32> = parameter.iter().map(|&p| values[p as usize]).collect();
        let mut samples = Vec::new();
        for game in 0..GAMES {
            let (mut mover, mut opponent) = (Bits::<1>::default(), Bits::<1>::default());
            for cell in 0..shape.cells() {
                match rng.random_range(0..4) {
                    0 => mover.insert(cell),
                    1 => opponent.insert(cell),
                    _ => {}
                }
            }
            let mut entries = vec![0; layout.instance_count()];
            layout.feature_indices(mover, opponent, &mut entries);
            let score: i32 = entries.iter().map(|&e| known[e as usize]).sum();
            samples.push(Sample {
                game,
                features: Default::default(),
                result: 0.5,
                label: Some(Label::Exact(score)),
                discs: [mover.0.to_vec(), opponent.0.to_vec()],
            });
        }
        let settings = PatternFitSettings {
            edges: Vec::new(),
            max_epochs: 300,
            patience: 20,
            regularization: 0.5,
        };
        let never = AtomicBool::new(false);
        let fit = fit_patterns(shape, &samples, &settings, &never, &mut |_| {}).unwrap();
        let spread = {
            let scores: Vec<f64> = samples
                .iter()
                .map(|s| match s.label {
                    Some(Label::Exact(score)) => f64::from(score),
                    _ => unreachable!(),
                })
                .collect();
            let mean = scores.iter().sum::<f64>() / scores.len() as f64;
            let variance =
                scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / scores.len() as f64;
            variance.sqrt()
        };
        assert!(spread > 3.0, "the synthetic scores vary: {spread}");
        let (rms, mae) = fit.rounded_holdout;
        assert!(
            rms < 0.1 * spread && mae < 0.1 * spread,
            "{rms} {mae} of {spread}"
        );
    }
}
