//! Fitting the nine weights to a position set (DESIGN §8) by Levenberg–Marquardt steps:
//!
//! - target *outcome* (Texel tuning): minimise the mean of (σ(θ·f) − r)², r the game's result
//!   for the side to move; θ starts at K·w₀, with the scale K fitted first for the starting
//!   weights w₀ (the weights' direction is what plays; K only sets the sigmoid's slope);
//! - target *reference*: least squares of θ·f against the deeper search's value, exact labels
//!   (disc margins) weighed by a disc value c fitted with the weights.
//!
//! Whole games are held out for validation (every tenth), the fit stops early when the hold-out
//! loss stops falling and keeps its best step, and the result is normalised as the seed's
//! weights are (the largest at ±1000, integers, none zero). Sums run over fixed chunks in
//! order, so the result does not depend on the number of workers.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::position_record::{Label, Sample};
use super::round_run::FitStep;
use engine::Weights;

/// What the weights are fitted to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Target {
    /// The game's result, through a sigmoid (Texel tuning).
    Outcome,
    /// The deeper search's value, by least squares.
    Reference,
}

/// How the fit runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitSettings {
    /// The target.
    pub target: Target,
    /// At most this many steps.
    pub max_iterations: usize,
    /// Stop after this many steps without a better hold-out loss.
    pub patience: usize,
}

impl FitSettings {
    /// Defaults for `target`.
    pub fn new(target: Target) -> Self {
        FitSettings {
            target,
            max_iterations: 100,
            patience: 5,
        }
    }
}

/// One step of the fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Iteration {
    /// The step's number (0: the starting weights).
    pub number: usize,
    /// Mean loss on the training positions.
    pub training: f64,
    /// Mean loss on the held-out positions.
    pub holdout: f64,
    /// The weights after the step, scaled so the largest is ±1000.
    pub weights: [f64; 9],
}

impl FitStep for Iteration {
    fn errors(&self) -> (usize, f64, f64) {
        (self.number, self.training, self.holdout)
    }

    fn describe(&self) -> String {
        format!(
            "fit step {}: hold-out loss {:.6}",
            self.number, self.holdout
        )
    }
}

/// The result of a fit.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// Outcome: the sigmoid's scale K fitted for the starting weights; reference: the disc
    /// value c of the best step (evaluation units per disc of exact margin), 0 when unused.
    pub scale: f64,
    /// Positions trained on and held out.
    pub counts: (usize, usize),
    /// Every step, the starting weights first.
    pub iterations: Vec<Iteration>,
    /// The step kept (the lowest hold-out loss).
    pub best: usize,
    /// Its weights, normalised to integers.
    pub weights: Weights,
    /// The losses (training, hold-out) of the rounded weights.
    pub rounded: (f64, f64),
    /// The weights the data cannot tell apart, kept at their start values (their labels).
    pub fixed: Vec<&'static str>,
}

impl Fit {
    /// The step kept.
    pub fn best_iteration(&self) -> &Iteration {
        &self.iterations[self.best]
    }
}

/// Fits the weights to `samples` from `start`, reporting every step; `None` when cancelled.
/// Refused when there is nothing to fit (too few samples, no labels for the reference).
pub fn fit(
    samples: &[Sample],
    start: &Weights,
    settings: &FitSettings,
    cancel: &AtomicBool,
    on_iteration: &mut dyn FnMut(&Iteration),
) -> Result<Option<Fit>, String> {
    let rows = Rows::of(samples, settings.target)?;
    let start_direction: Vec<f64> = start.0.iter().map(|&w| f64::from(w)).collect();
    let (scale, theta) = match settings.target {
        Target::Outcome => {
            let scale = rows.fit_scale(&start_direction);
            (scale, start_direction.iter().map(|w| w * scale).collect())
        }
        Target::Reference => {
            let mut theta = start_direction;
            if rows.parameters == 10 {
                theta.push(1.0);
            }
            (0.0, theta)
        }
    };
    let mut thetas = vec![theta];
    let mut iterations = vec![rows.iteration(0, &thetas[0])];
    on_iteration(&iterations[0]);
    let mut best = 0;
    let mut damping = 1e-3;
    while iterations.len() <= settings.max_iterations
        && iterations.len() - 1 - best < settings.patience
    {
        if cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let Some(next) = rows.step(thetas.last().expect("a start"), &mut damping) else {
            break;
        };
        let iteration = rows.iteration(iterations.len(), &next);
        on_iteration(&iteration);
        if iteration.holdout < iterations[best].holdout {
            best = iterations.len();
        }
        iterations.push(iteration);
        thetas.push(next);
    }
    let kept = &thetas[best];
    let weights = rounded_weights(&iterations[best].weights);
    // The rounded weights at the kept step's magnitude, so that the losses compare.
    let magnitude = largest(&kept[..9]);
    let mut rounded_theta: Vec<f64> = weights
        .0
        .iter()
        .map(|&w| f64::from(w) * magnitude / 1000.0)
        .collect();
    rounded_theta.extend(kept.get(9));
    Ok(Some(Fit {
        scale: match settings.target {
            Target::Outcome => scale,
            Target::Reference => kept.get(9).copied().unwrap_or(0.0),
        },
        counts: (rows.training.len(), rows.holdout.len()),
        iterations,
        best,
        weights,
        rounded: rows.losses(&rounded_theta),
        fixed: (0..9)
            .filter(|&i| !rows.free[i])
            .map(|i| Weights::LABELS[i])
            .collect(),
    }))
}

/// The largest magnitude among `values`.
fn largest(values: &[f64]) -> f64 {
    values.iter().fold(0.0, |m: f64, v| m.max(v.abs()))
}

/// `weights` scaled so that the largest is ±1000 (all zero stays zero).
fn scaled_to_1000(weights: &[f64]) -> [f64; 9] {
    let magnitude = largest(&weights[..9]);
    std::array::from_fn(|i| {
        if magnitude > 0.0 {
            weights[i] * 1000.0 / magnitude
        } else {
            0.0
        }
    })
}

/// The integer weights of `weights` (already scaled to ±1000): a weight that rounds to 0
/// keeps its sign as ±1, as the seed's normalisation never leaves a zero.
fn rounded_weights(weights: &[f64; 9]) -> Weights {
    Weights(weights.map(|w| match w.round() as i32 {
        0 if w < 0.0 => -1,
        0 => 1,
        rounded => rounded,
    }))
}

/// What one sample contributes: its features, target and, for exact labels, its margin.
#[derive(Clone, Copy)]
struct Row {
    features: [f64; 9],
    target: f64,
    /// The exact margin (the disc value's coefficient), 0 for heuristic labels.
    margin: f64,
}

/// The samples as rows, split into training and hold-out games.
struct Rows {
    target: Target,
    training: Vec<Row>,
    holdout: Vec<Row>,
    /// 9 weights, or 10 with the disc value of the reference target.
    parameters: usize,
    /// Which parameters the data can tell apart; the others keep their start values.
    free: [bool; 10],
}

/// Sums run over chunks of this many rows, in order.
const CHUNK: usize = 4096;
/// Every game whose number is this modulo 10 is held out.
const HOLDOUT_GAME: u64 = 9;
/// Fewer samples than this are refused.
const MIN_SAMPLES: usize = 20;

impl Rows {
    fn of(samples: &[Sample], target: Target) -> Result<Rows, String> {
        let mut rows = Rows {
            target,
            training: Vec::new(),
            holdout: Vec::new(),
            parameters: 9,
            free: [true; 10],
        };
        let (mut exact, mut heuristic) = (false, false);
        for sample in samples {
            let features = sample.features.0.map(f64::from);
            let row = match (target, sample.label) {
                (Target::Outcome, _) => Row {
                    features,
                    target: sample.result,
                    margin: 0.0,
                },
                (Target::Reference, None) => continue,
                (Target::Reference, Some(Label::Heuristic { value, .. })) => {
                    heuristic = true;
                    Row {
                        features,
                        target: f64::from(value),
                        margin: 0.0,
                    }
                }
                (Target::Reference, Some(Label::Exact(margin))) => {
                    exact = true;
                    Row {
                        features,
                        target: 0.0,
                        margin: f64::from(margin),
                    }
                }
            };
            if sample.game % 10 == HOLDOUT_GAME {
                rows.holdout.push(row);
            } else {
                rows.training.push(row);
            }
        }
        if target == Target::Reference && exact && heuristic {
            rows.parameters = 10;
        } else if target == Target::Reference && exact {
            // Only exact labels: fit the margins themselves.
            for row in rows.training.iter_mut().chain(rows.holdout.iter_mut()) {
                (row.target, row.margin) = (row.margin, 0.0);
            }
        }
        rows.free = identifiable(&rows.training);
        let usable = rows.training.len() + rows.holdout.len();
        if rows.training.len() < MIN_SAMPLES || rows.holdout.is_empty() {
            let what = match target {
                Target::Outcome => "positions",
                Target::Reference => "labelled positions (make the set with --label-depth)",
            };
            return Err(format!(
                "{usable} {what}: too few to fit and hold out (at least {MIN_SAMPLES} from \
                 several games)"
            ));
        }
        Ok(rows)
    }
}

/// Which of the nine weights the features can tell apart (the disc value is always free):
/// a category with no cell on the board has a feature that is always 0, and on boards where
/// every cell is in a weighed category (all 2D boards, 4×4×4) the disc difference is the sum
/// of the category differences, so Dif is redundant. Such weights keep their start values.
fn identifiable(rows: &[Row]) -> [bool; 10] {
    let mut free = [true; 10];
    for (index, slot) in free.iter_mut().enumerate().take(9) {
        *slot = rows.iter().any(|row| row.features[index] != 0.0);
    }
    let sum_of_categories = |row: &Row| row.features[2..].iter().sum::<f64>();
    if rows
        .iter()
        .all(|row| row.features[1] == sum_of_categories(row))
    {
        free[1] = false;
    }
    free
}

/// A row's residual (prediction − target) and its gradient with respect to θ.
struct Residual {
    value: f64,
    gradient: [f64; 10],
}

/// Sums over rows of the squared residuals, their gradient and the Gauss–Newton Hessian.
#[derive(Clone)]
struct Sums {
    squares: f64,
    gradient: [f64; 10],
    hessian: [[f64; 10]; 10],
}

impl Sums {
    const ZERO: Sums = Sums {
        squares: 0.0,
        gradient: [0.0; 10],
        hessian: [[0.0; 10]; 10],
    };

    fn add(&mut self, other: &Sums) {
        self.squares += other.squares;
        for i in 0..10 {
            self.gradient[i] += other.gradient[i];
            for j in 0..10 {
                self.hessian[i][j] += other.hessian[i][j];
            }
        }
    }
}

impl Rows {
    fn residual(&self, row: &Row, theta: &[f64]) -> Residual {
        let dot: f64 = row.features.iter().zip(theta).map(|(f, t)| f * t).sum();
        let mut gradient = [0.0; 10];
        match self.target {
            Target::Outcome => {
                let p = sigmoid(dot);
                let slope = p * (1.0 - p);
                for (g, f) in gradient.iter_mut().zip(row.features) {
                    *g = slope * f;
                }
                Residual {
                    value: p - row.target,
                    gradient,
                }
            }
            Target::Reference => {
                gradient[..9].copy_from_slice(&row.features);
                let disc_value = theta.get(9).copied().unwrap_or(0.0);
                gradient[9] = -row.margin;
                Residual {
                    value: dot - row.target - disc_value * row.margin,
                    gradient,
                }
            }
        }
    }

    /// The mean squared residual of `rows` at `theta`.
    fn loss(&self, rows: &[Row], theta: &[f64]) -> f64 {
        let partial: Vec<f64> = rows
            .par_chunks(CHUNK)
            .map(|chunk| {
                chunk
                    .iter()
                    .map(|row| self.residual(row, theta).value.powi(2))
                    .sum()
            })
            .collect();
        partial.iter().sum::<f64>() / rows.len().max(1) as f64
    }

    /// The training and hold-out losses at `theta`.
    fn losses(&self, theta: &[f64]) -> (f64, f64) {
        (
            self.loss(&self.training, theta),
            self.loss(&self.holdout, theta),
        )
    }

    fn iteration(&self, number: usize, theta: &[f64]) -> Iteration {
        let (training, holdout) = self.losses(theta);
        Iteration {
            number,
            training,
            holdout,
            weights: scaled_to_1000(theta),
        }
    }

    /// The training sums at `theta`.
    fn sums(&self, theta: &[f64]) -> Sums {
        let n = self.parameters;
        let partial: Vec<Sums> = self
            .training
            .par_chunks(CHUNK)
            .map(|chunk| {
                let mut sums = Sums::ZERO;
                for row in chunk {
                    let residual = self.residual(row, theta);
                    sums.squares += residual.value.powi(2);
                    for i in 0..n {
                        sums.gradient[i] += residual.gradient[i] * residual.value;
                        for j in 0..=i {
                            sums.hessian[i][j] += residual.gradient[i] * residual.gradient[j];
                        }
                    }
                }
                sums
            })
            .collect();
        let mut total = Sums::ZERO;
        partial.iter().for_each(|sums| total.add(sums));
        for i in 0..n {
            for j in 0..i {
                total.hessian[j][i] = total.hessian[i][j];
            }
        }
        total
    }

    /// One Levenberg–Marquardt step from `theta`: the next θ, or `None` once no step lowers
    /// the training loss any more.
    fn step(&self, theta: &[f64], damping: &mut f64) -> Option<Vec<f64>> {
        let n = self.parameters;
        let sums = self.sums(theta);
        let current = sums.squares / self.training.len() as f64;
        while *damping < 1e12 {
            let mut matrix = vec![vec![0.0; n]; n];
            let mut right = vec![0.0; n];
            for i in (0..n).filter(|&i| self.free[i]) {
                for j in (0..n).filter(|&j| self.free[j]) {
                    matrix[i][j] = sums.hessian[i][j];
                }
                matrix[i][i] += *damping * sums.hessian[i][i] + 1e-12;
                right[i] = -sums.gradient[i];
            }
            for i in (0..n).filter(|&i| !self.free[i]) {
                matrix[i][i] = 1.0;
            }
            if let Some(delta) = solve(matrix, right) {
                let next: Vec<f64> = theta.iter().zip(&delta).map(|(t, d)| t + d).collect();
                let loss = self.loss(&self.training, &next);
                if loss < current {
                    *damping = (*damping / 3.0).max(1e-12);
                    let converged = (current - loss) <= current * 1e-10;
                    return (!converged).then_some(next);
                }
            }
            *damping *= 4.0;
        }
        None
    }

    /// The sigmoid scale K that fits the outcomes best for fixed weights `direction`
    /// (golden-section search over log K); 1 when the weights are all zero.
    fn fit_scale(&self, direction: &[f64]) -> f64 {
        if direction.iter().all(|&w| w == 0.0) {
            return 1.0;
        }
        let loss_at = |log_scale: f64| {
            let theta: Vec<f64> = direction.iter().map(|w| w * log_scale.exp()).collect();
            self.loss(&self.training, &theta)
        };
        let ratio = (5f64.sqrt() - 1.0) / 2.0;
        let (mut low, mut high) = ((1e-9f64).ln(), 10f64.ln());
        for _ in 0..80 {
            let left = high - ratio * (high - low);
            let right = low + ratio * (high - low);
            if loss_at(left) < loss_at(right) {
                high = right;
            } else {
                low = left;
            }
        }
        ((low + high) / 2.0).exp()
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Solves `matrix · x = right` by Gaussian elimination with partial pivoting; `None` when
/// the matrix is singular.
fn solve(mut matrix: Vec<Vec<f64>>, mut right: Vec<f64>) -> Option<Vec<f64>> {
    let n = right.len();
    for column in 0..n {
        let pivot = (column..n)
            .max_by(|&a, &b| matrix[a][column].abs().total_cmp(&matrix[b][column].abs()))?;
        if matrix[pivot][column].abs() < 1e-300 {
            return None;
        }
        matrix.swap(column, pivot);
        right.swap(column, pivot);
        let (upper, lower) = matrix.split_at_mut(column + 1);
        let pivot_row = &upper[column];
        for (offset, row) in lower.iter_mut().enumerate() {
            let factor = row[column] / pivot_row[column];
            for (value, pivot_value) in row[column..].iter_mut().zip(&pivot_row[column..]) {
                *value -= factor * pivot_value;
            }
            right[column + 1 + offset] -= factor * right[column];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let tail: f64 = (row + 1..n).map(|k| matrix[row][k] * x[k]).sum();
        x[row] = (right[row] - tail) / matrix[row][row];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}
