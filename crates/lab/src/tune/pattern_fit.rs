//! Fitting the 8×8 pattern evaluation ([`PatternEvaluation`]) to the exact scores of a
//! position set: least squares over every position and its seven symmetric images, by
//! gradient steps in which each table entry moves by the mean error of the positions that
//! read it. Whole games are held out (every tenth) and the fit keeps the epoch with the
//! lowest hold-out error, stopping once it has not improved for a while.

use std::sync::atomic::{AtomicBool, Ordering};

use super::position_record::{Label, Sample};
use engine::patterns::{
    PatternEvaluation, PhaseWeights, UNITS_PER_DISC, equivalent_entries, feature_indices,
    instance_count, table_entries, transform_board,
};
use engine::{Bits, Color, Geometry, Position, Shape};

/// How the fit runs.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternFitSettings {
    /// Phase edges in empty cells (see [`PatternEvaluation::edges`]).
    pub edges: Vec<u32>,
    /// At most this many passes over the positions.
    pub max_epochs: usize,
    /// Stop after this many epochs without a lower hold-out error.
    pub patience: usize,
    /// The weight of the entries' squares in the loss, against each position image's
    /// squared error: larger keeps rarely read entries nearer zero.
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
    /// Positions fitted and held out (before the symmetric images).
    pub positions: (usize, usize),
    /// The hold-out error of the rounded weights, in discs.
    pub rounded_holdout: f64,
    /// Whether the fit was stopped early.
    pub cancelled: bool,
}

/// Why there is nothing to fit.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PatternFitError {
    /// No exactly scored 8×8 positions in the set.
    #[error(
        "the set has no exactly scored 8x8 positions: make it with `reversi3d positions --board \
         8x8 --label-depth D --label-exact E`"
    )]
    NoExactPositions,
    /// No game falls in the hold-out tenth.
    #[error("the set has too few games to hold any out (every tenth game is held out)")]
    NoHoldout,
}

/// A position read for the fit: its discs, entries (per symmetric image), legal move counts,
/// empty cells, phase and exact score.
struct Encoded {
    discs: [u64; 2],
    entries: Vec<u32>,
    moves: (u32, u32),
    mobility: (f32, f32),
    empties: u32,
    phase: usize,
    target: f32,
}

/// A position's pattern entries (per symmetric image), mobility, phase and target.
fn encode(
    geometry: &Geometry<1>,
    discs: [u64; 2],
    margin: i32,
    evaluation: &PatternEvaluation,
) -> Encoded {
    let position = Position {
        mover: Bits([discs[0]]),
        opponent: Bits([discs[1]]),
        to_move: Color::Red,
    };
    let moves = (
        position.legal_moves(geometry).count(),
        position.pass().legal_moves(geometry).count(),
    );
    let empties = 64 - (discs[0] | discs[1]).count_ones();
    let instances = instance_count();
    let mut entries = vec![0; 8 * instances];
    for (s, chunk) in entries.chunks_exact_mut(instances).enumerate() {
        let (mover, opponent) = (
            transform_board(s as u8, discs[0]),
            transform_board(s as u8, discs[1]),
        );
        feature_indices(mover, opponent, chunk);
    }
    Encoded {
        discs,
        entries,
        moves,
        mobility: (moves.0 as f32, moves.1 as f32),
        empties,
        phase: evaluation.phase_of(empties),
        target: margin as f32,
    }
}

/// One phase's weights as the fit holds them (discs).
#[derive(Clone)]
struct Weights {
    table: Vec<f32>,
    bias: f32,
    mobility: (f32, f32),
}

impl Weights {
    fn predict(&self, position: &Encoded, image: usize) -> f32 {
        let n = instance_count();
        let entries = &position.entries[image * n..(image + 1) * n];
        entries.iter().map(|&e| self.table[e as usize]).sum::<f32>()
            + self.bias
            + self.mobility.0 * position.mobility.0
            + self.mobility.1 * position.mobility.1
    }
}

/// The root mean square error of `weights` on `positions` (all eight images).
fn error(weights: &[Weights], positions: &[Encoded]) -> f64 {
    let sum: f64 = positions
        .iter()
        .map(|p| {
            (0..8)
                .map(|image| {
                    let miss = p.target - weights[p.phase].predict(p, image);
                    f64::from(miss * miss)
                })
                .sum::<f64>()
        })
        .sum();
    (sum / (8 * positions.len()).max(1) as f64).sqrt()
}

/// The step size: each entry moves by this share of its positions' mean error (a position
/// reads this many entries, so a larger share would overshoot).
fn step_share() -> f32 {
    1.0 / (instance_count() + 3) as f32
}

/// One gradient step over `positions`.
fn epoch(weights: &mut [Weights], positions: &[Encoded], counts: &[Vec<f32>], lambda: f32) {
    let mut sums: Vec<Vec<f32>> = weights.iter().map(|_| vec![0.0; table_entries()]).collect();
    let mut bias = vec![0.0f64; weights.len()];
    let mut mobility = vec![(0.0f64, 0.0f64, 0.0f64, 0.0f64); weights.len()];
    let n = instance_count();
    for position in positions {
        let phase = position.phase;
        for image in 0..8 {
            let miss = position.target - weights[phase].predict(position, image);
            for &entry in &position.entries[image * n..(image + 1) * n] {
                sums[phase][entry as usize] += miss;
            }
            bias[phase] += f64::from(miss);
            let m = &mut mobility[phase];
            m.0 += f64::from(miss * position.mobility.0);
            m.1 += f64::from(position.mobility.0 * position.mobility.0);
            m.2 += f64::from(miss * position.mobility.1);
            m.3 += f64::from(position.mobility.1 * position.mobility.1);
        }
    }
    let share = step_share();
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
        let read = 8.0 * positions.iter().filter(|p| p.phase == phase).count() as f64;
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

/// How many images of the fitted positions read each entry, per phase.
fn read_counts(positions: &[Encoded], phases: usize) -> Vec<Vec<f32>> {
    let mut counts = vec![vec![0.0; table_entries()]; phases];
    for position in positions {
        for &entry in &position.entries {
            counts[position.phase][entry as usize] += 1.0;
        }
    }
    counts
}

/// Makes entries that the board's symmetries make equivalent equal (their mean).
fn symmetrize(weights: &mut Weights, groups: &[Vec<u32>]) {
    for group in groups {
        let mean = group
            .iter()
            .map(|&e| weights.table[e as usize])
            .sum::<f32>()
            / group.len() as f32;
        for &e in group {
            weights.table[e as usize] = mean;
        }
    }
}

/// A weight in the file's units.
fn rounded(weight: f32) -> i16 {
    (weight * UNITS_PER_DISC as f32)
        .round()
        .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
}

/// Fits the pattern evaluation to the exactly scored positions among `samples` (of a classic
/// 8×8 set), reporting each epoch.
pub fn fit_patterns(
    samples: &[Sample],
    settings: &PatternFitSettings,
    cancel: &AtomicBool,
    on_epoch: &mut dyn FnMut(&PatternEpoch),
) -> Result<PatternFit, PatternFitError> {
    let mut evaluation = PatternEvaluation::zero(settings.edges.clone());
    let geometry = Geometry::<1>::new(Shape::new(2, 8).expect("8x8 is a valid board"));
    let (mut training, mut holdout) = (Vec::new(), Vec::new());
    for sample in samples {
        let (Some(Label::Exact(margin)), Some(discs)) = (sample.label, sample.discs) else {
            continue;
        };
        let encoded = encode(&geometry, discs, margin, &evaluation);
        if sample.game % 10 == 9 {
            holdout.push(encoded);
        } else {
            training.push(encoded);
        }
    }
    if training.is_empty() {
        return Err(PatternFitError::NoExactPositions);
    }
    if holdout.is_empty() {
        return Err(PatternFitError::NoHoldout);
    }
    let phases = evaluation.phases.len();
    let counts = read_counts(&training, phases);
    let zero = Weights {
        table: vec![0.0; table_entries()],
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
    let (mut weights, best) = best;
    let best = best.unwrap_or(PatternEpoch {
        number: 0,
        training: error(&weights, &training),
        holdout: error(&weights, &holdout),
    });
    let groups = equivalent_entries();
    for (phase, fitted) in evaluation.phases.iter_mut().zip(&mut weights) {
        symmetrize(fitted, &groups);
        *phase = PhaseWeights {
            table: fitted.table.iter().map(|&w| rounded(w)).collect(),
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

/// The root mean square error, in discs, of the evaluation as the search reads it.
fn rounded_error(evaluation: &PatternEvaluation, positions: &[Encoded]) -> f64 {
    let sum: f64 = positions
        .iter()
        .map(|p| {
            let value = evaluation.evaluate((p.discs[0], p.discs[1]), p.empties, p.moves);
            let miss = f64::from(p.target) - f64::from(value) / f64::from(UNITS_PER_DISC);
            miss * miss
        })
        .sum();
    (sum / positions.len().max(1) as f64).sqrt()
}
