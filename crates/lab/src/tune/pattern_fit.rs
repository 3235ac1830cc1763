//! Fitting the pattern evaluation of any board ([`PatternEvaluation`]) to the exact scores of
//! a position set: regularised least squares, solved by preconditioned conjugate gradients.
//! Entries that the board's symmetries make equivalent are one parameter (so a position need
//! not be fitted in all its 8 or 48 images). Whole games are held out (every tenth) and the
//! fit keeps the iteration with the lowest hold-out error, stopping once it has not improved
//! for a while. A fit may start from an existing evaluation (its prior) and correct it: the
//! entries the new positions say little of keep the prior's values.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::pattern_solver::{ConjugateGradients, Encoded, Problem};
use super::position_record::{Label, Sample};
use super::position_set::PositionSet;
use super::round_run::FitStep;
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
    /// error: larger keeps rarely read entries nearer zero (nearer the prior's, with one).
    pub regularization: f32,
    /// The evaluation the fit corrects, of the same board and phase edges; `None` fits from
    /// nothing.
    pub prior: Option<Arc<PatternEvaluation>>,
    /// Whether each phase fits a weight for an even number of empty cells (the parity; else
    /// it keeps the prior's, or 0).
    pub parity: bool,
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

impl FitStep for PatternEpoch {
    fn errors(&self) -> (usize, f64, f64) {
        (self.number, self.training, self.holdout)
    }

    fn describe(&self) -> String {
        format!(
            "fit iteration {}: {:.3} discs held out",
            self.number, self.holdout
        )
    }
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
    /// The same on the held-out positions with exact scores, if any.
    pub exact_holdout: Option<(f64, f64)>,
    /// Whether the fit was stopped early.
    pub cancelled: bool,
}

/// A position and the score it is fitted to.
#[derive(Clone, Copy, Debug)]
pub struct Target<'a> {
    /// The position (its discs and game).
    pub sample: &'a Sample,
    /// Its score for the side to move, in discs.
    pub discs: f32,
    /// Whether the score is exact (else a pattern evaluation's search value).
    pub exact: bool,
}

/// What the positions without an exact score are fitted to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FitTarget {
    /// The search values of a set labelled by a pattern evaluation (in 32nds of a disc);
    /// nine-weight values are in other units and are left out, as are unlabelled positions.
    #[default]
    Scores,
    /// The final disc margin of the game each comes from (Texel tuning, in discs): every
    /// position counts, its label unread unless exact.
    Outcomes,
}

/// The scores a set's positions are fitted to: the exact margins, and for the others what
/// `target` says.
pub fn targets(set: &PositionSet, target: FitTarget) -> Vec<Target<'_>> {
    let in_discs = (set.settings.label.as_ref()).is_some_and(|label| label.patterns.is_some());
    let scored = |sample, discs: f32, exact| Target {
        sample,
        discs,
        exact,
    };
    set.samples
        .iter()
        .filter_map(|sample| match (sample.label, target) {
            (Some(Label::Exact(margin)), _) => Some(scored(sample, margin as f32, true)),
            (_, FitTarget::Outcomes) => Some(scored(sample, sample.margin as f32, false)),
            (Some(Label::Heuristic { value, .. }), FitTarget::Scores) if in_discs => {
                Some(scored(sample, value as f32 / UNITS_PER_DISC as f32, false))
            }
            (_, FitTarget::Scores) => None,
        })
        .collect()
}

/// Why there is nothing to fit.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PatternFitError {
    /// No position of the set has a score in discs.
    #[error(
        "the set has no positions scored in discs: make it with `reversi3d positions --board B \
         --label-depth D --label-exact E` (exact scores), adding `--label-patterns FILE` for \
         search values in discs"
    )]
    NoScoredPositions,
    /// No game falls in the hold-out tenth.
    #[error("the set has too few games to hold any out (every tenth game is held out)")]
    NoHoldout,
    /// The prior is of another board or has other phases than the fit.
    #[error("the prior evaluation is of {0} with phase edges {1:?}; the fit is of {2} with {3:?}")]
    PriorMismatch(Shape, Vec<u32>, Shape, Vec<u32>),
}

/// Reads the targets of a set on one board, split into fitted and held-out
/// positions (monomorphized for the board's width).
struct Encode<'a> {
    targets: &'a [Target<'a>],
    /// Each table entry's parameter: the first of its group of equivalent entries.
    parameter: &'a [u32],
    evaluation: &'a PatternEvaluation,
    prior: Option<&'a PatternEvaluation>,
}

impl WidthJob for Encode<'_> {
    type Output = (Vec<Encoded>, Vec<Encoded>);

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Self::Output {
        let layout = self.evaluation.layout();
        let (mut training, mut holdout) = (Vec::new(), Vec::new());
        for &Target {
            sample,
            discs,
            exact,
        } in self.targets
        {
            let Some(SampledPosition {
                position,
                moves,
                empties,
            }) = SampledPosition::read(geometry, sample)
            else {
                continue;
            };
            let mut entries = vec![0; layout.instance_count()];
            layout.feature_indices(position.mover, position.opponent, &mut entries);
            let phase = self.evaluation.phase_of(empties);
            let prior = self.prior.map_or(0.0, |prior| {
                let value = value_of(&prior.phases[phase], &entries, moves, empties);
                value as f32 / UNITS_PER_DISC as f32
            });
            for entry in &mut entries {
                *entry = self.parameter[*entry as usize];
            }
            let encoded = Encoded {
                entries,
                moves,
                empties,
                phase,
                target: discs,
                prior,
                exact,
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

/// A sample's position as the evaluation reads it.
pub(super) struct SampledPosition<const W: usize> {
    /// The discs, the side to move's as `mover`.
    pub position: Position<W>,
    /// The legal move counts of the side to move and of the other side.
    pub moves: (u32, u32),
    /// Empty cells.
    pub empties: u32,
}

impl<const W: usize> SampledPosition<W> {
    /// The position of `sample`, if its discs fill `W` words.
    pub fn read(geometry: &Geometry<W>, sample: &Sample) -> Option<Self> {
        let words = |discs: &[u64]| <[u64; W]>::try_from(discs).ok().map(Bits::<W>);
        let position = Position {
            mover: words(&sample.discs[0])?,
            opponent: words(&sample.discs[1])?,
            to_move: Color::Red,
        };
        let moves = (
            position.legal_moves(geometry).count(),
            position.pass().legal_moves(geometry).count(),
        );
        let cells = geometry.shape().cells() as u32;
        let empties = cells - position.mover.count() - position.opponent.count();
        Some(SampledPosition {
            position,
            moves,
            empties,
        })
    }
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

/// The value, in the file's units, of a position whose pattern instances read the table
/// entries `entries` of `weights`, with the two sides' legal move counts `moves` and
/// `empties` empty cells.
fn value_of(weights: &PhaseWeights, entries: &[u32], moves: (u32, u32), empties: u32) -> i32 {
    let patterns = entries
        .iter()
        .map(|&e| i32::from(weights.table[e as usize]));
    weights.value(patterns.sum(), moves, empties)
}

/// A weight in the file's units: the prior's (in those units) plus a correction in discs.
fn rounded(prior: i16, correction: f64) -> i16 {
    (f64::from(prior) + correction * f64::from(UNITS_PER_DISC))
        .round()
        .clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16
}

/// The weights of one phase: the prior's, corrected by the fitted unknowns of the phase (its
/// table parameters, then the bias, the two mobility weights and the parity weight).
fn corrected(prior: &PhaseWeights, parameter: &[u32], fitted: &[f64]) -> PhaseWeights {
    let entries = parameter.len();
    PhaseWeights {
        table: (parameter.iter().zip(&prior.table))
            .map(|(&p, &old)| rounded(old, fitted[p as usize]))
            .collect(),
        bias: rounded(prior.bias, fitted[entries]),
        mobility: rounded(prior.mobility, fitted[entries + 1]),
        opponent_mobility: rounded(prior.opponent_mobility, fitted[entries + 2]),
        even_empties: rounded(prior.even_empties, fitted[entries + 3]),
    }
}

/// Fits the pattern evaluation of `shape` to `targets` (positions of classic sets on that
/// board), reporting each iteration (and, from a prior, the prior's own errors as iteration 0).
pub fn fit_patterns(
    shape: Shape,
    targets: &[Target],
    settings: &PatternFitSettings,
    cancel: &AtomicBool,
    on_epoch: &mut dyn FnMut(&PatternEpoch),
) -> Result<PatternFit, PatternFitError> {
    let mut evaluation = PatternEvaluation::zero(shape, settings.edges.clone());
    let prior = settings.prior.as_deref();
    if let Some(prior) = prior
        && (prior.shape, &prior.edges) != (shape, &settings.edges)
    {
        return Err(PatternFitError::PriorMismatch(
            prior.shape,
            prior.edges.clone(),
            shape,
            settings.edges.clone(),
        ));
    }
    let entries = PatternLayout::shared(shape).table_entries();
    let parameter = parameters(shape, entries);
    let (training, holdout) = shape.dispatch(Encode {
        targets,
        parameter: &parameter,
        evaluation: &evaluation,
        prior,
    });
    if training.is_empty() {
        return Err(PatternFitError::NoScoredPositions);
    }
    if holdout.is_empty() {
        return Err(PatternFitError::NoHoldout);
    }
    let phases = evaluation.phases.len();
    let problem = Problem::new(
        &training,
        (entries, phases),
        settings.regularization,
        settings.parity,
    );
    let mut solver = ConjugateGradients::new(problem);
    // Iteration 0, no correction: the prior as it is (or all zero); an iteration is kept only
    // if it holds out better.
    let mut best = (
        solver.x.clone(),
        PatternEpoch {
            number: 0,
            training: solver.training_error(),
            holdout: solver.error_on(&holdout),
        },
    );
    if prior.is_some() {
        on_epoch(&best.1);
    }
    let mut epochs = Vec::new();
    let mut cancelled = false;
    for number in 1..=settings.max_epochs {
        if cancel.load(Ordering::Relaxed) {
            cancelled = true;
            break;
        }
        if !solver.step() {
            break;
        }
        let report = PatternEpoch {
            number,
            training: solver.training_error(),
            holdout: solver.error_on(&holdout),
        };
        on_epoch(&report);
        epochs.push(report);
        if report.holdout < best.1.holdout {
            best = (solver.x.clone(), report);
        } else if number - best.1.number >= settings.patience {
            break;
        }
    }
    let (x, best) = best;
    let stride = solver.problem.unknowns.stride;
    let zero = PatternEvaluation::zero(shape, settings.edges.clone());
    let start = prior.unwrap_or(&zero);
    for ((phase, fitted), old) in (evaluation.phases.iter_mut())
        .zip(x.chunks(stride))
        .zip(&start.phases)
    {
        *phase = corrected(old, &parameter, fitted);
    }
    let rounded_holdout = rounded_error(&evaluation, holdout.iter());
    let exact = || holdout.iter().filter(|p| p.exact);
    let exact_holdout = (exact().next().is_some()).then(|| rounded_error(&evaluation, exact()));
    Ok(PatternFit {
        evaluation,
        epochs,
        best,
        positions: (training.len(), holdout.len()),
        rounded_holdout,
        exact_holdout,
        cancelled,
    })
}

/// The root mean square and the mean absolute error, in discs, of the evaluation as the
/// search reads it (its rounded tables; a position's parameters are entries of equal value).
fn rounded_error<'a>(
    evaluation: &PatternEvaluation,
    positions: impl Iterator<Item = &'a Encoded>,
) -> (f64, f64) {
    let misses: Vec<f64> = positions
        .map(|p| {
            let value = value_of(&evaluation.phases[p.phase], &p.entries, p.moves, p.empties);
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

    /// A known evaluation of 4x4 (whole discs per entry, tied by the symmetries, no
    /// mobility, one phase) and `games` random positions scored by it, one a game.
    fn synthetic_set(games: u64) -> (PatternEvaluation, Vec<Sample>) {
        let shape: Shape = "4x4".parse().unwrap();
        let mut known = PatternEvaluation::zero(shape, Vec::new());
        let layout = known.layout();
        let parameter = parameters(shape, layout.table_entries());
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let values: Vec<i16> = (0..parameter.len())
            .map(|_| rng.random_range(-1..=1) * UNITS_PER_DISC as i16)
            .collect();
        known.phases[0].table = parameter.iter().map(|&p| values[p as usize]).collect();
        let samples = (0..games)
            .map(|game| {
                let (mut mover, mut opponent) = (Bits::<1>::default(), Bits::<1>::default());
                for cell in 0..shape.cells() {
                    match rng.random_range(0..4) {
                        0 => mover.insert(cell),
                        1 => opponent.insert(cell),
                        _ => {}
                    }
                }
                let score = known.evaluate((mover, opponent), 0, (0, 0)) / UNITS_PER_DISC;
                Sample {
                    game,
                    features: Default::default(),
                    result: 0.5,
                    margin: score,
                    label: Some(Label::Exact(score)),
                    discs: [mover.0.to_vec(), opponent.0.to_vec()],
                }
            })
            .collect();
        (known, samples)
    }

    /// The exact scores of `samples` as targets.
    fn exact_targets(samples: &[Sample]) -> Vec<Target<'_>> {
        (samples.iter())
            .map(|sample| match sample.label {
                Some(Label::Exact(score)) => Target {
                    sample,
                    discs: score as f32,
                    exact: true,
                },
                _ => unreachable!(),
            })
            .collect()
    }

    /// One phase, little regularisation, from `prior`.
    fn settings_from(prior: Option<PatternEvaluation>) -> PatternFitSettings {
        PatternFitSettings {
            edges: Vec::new(),
            max_epochs: 300,
            patience: 20,
            regularization: 0.5,
            prior: prior.map(Arc::new),
            parity: false,
        }
    }

    fn fit_of(targets: &[Target], settings: &PatternFitSettings) -> PatternFit {
        let never = AtomicBool::new(false);
        fit_patterns(
            "4x4".parse().unwrap(),
            targets,
            settings,
            &never,
            &mut |_| {},
        )
        .unwrap()
    }

    #[test]
    fn the_fit_recovers_known_tables_from_synthetic_scores() {
        // The fit must predict held-out positions almost exactly.
        let (_, samples) = synthetic_set(40_000);
        let targets = exact_targets(&samples);
        let fit = fit_of(&targets, &settings_from(None));
        let spread = {
            let scores: Vec<f64> = targets.iter().map(|t| f64::from(t.discs)).collect();
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

    #[test]
    fn a_fit_from_the_true_tables_keeps_them() {
        let (known, samples) = synthetic_set(2_000);
        let fit = fit_of(
            &exact_targets(&samples),
            &settings_from(Some(known.clone())),
        );
        assert_eq!(fit.rounded_holdout, (0.0, 0.0));
        assert_eq!(fit.evaluation, known);
    }

    #[test]
    fn a_fit_from_a_prior_corrects_it_with_fewer_positions_than_from_nothing() {
        // The prior is the known evaluation 3 discs off in every position; 2,000 positions
        // are too few to fit the 4x4 tables from nothing, enough to correct the prior.
        let (known, samples) = synthetic_set(2_000);
        let targets = exact_targets(&samples);
        let mut prior = known.clone();
        prior.phases[0].bias += 3 * UNITS_PER_DISC as i16;
        let corrected = fit_of(&targets, &settings_from(Some(prior)));
        assert!(corrected.best.number > 0, "{:?}", corrected.best);
        let from_nothing = fit_of(&targets, &settings_from(None));
        let (corrected_rms, _) = corrected.rounded_holdout;
        let (from_nothing_rms, _) = from_nothing.rounded_holdout;
        assert!(corrected_rms < 0.3, "{corrected_rms}");
        assert!(from_nothing_rms > 4.0 * corrected_rms, "{from_nothing_rms}");
    }

    #[test]
    fn a_parity_effect_is_fitted_only_with_parity_weights() {
        // The known scores, 3 discs more where the number of empty cells is even.
        let (known, mut samples) = synthetic_set(2_000);
        for sample in &mut samples {
            let discs = sample.discs[0][0].count_ones() + sample.discs[1][0].count_ones();
            if (16 - discs) % 2 == 0
                && let Some(Label::Exact(score)) = &mut sample.label
            {
                *score += 3;
            }
        }
        let targets = exact_targets(&samples);
        let mut settings = settings_from(Some(known));
        let without = fit_of(&targets, &settings);
        settings.parity = true;
        let with = fit_of(&targets, &settings);
        assert_eq!(without.evaluation.phases[0].even_empties, 0);
        assert_eq!(
            with.evaluation.phases[0].even_empties,
            3 * UNITS_PER_DISC as i16
        );
        assert_eq!(with.rounded_holdout, (0.0, 0.0));
        assert!(
            without.rounded_holdout.1 > 1.0,
            "{:?}",
            without.rounded_holdout
        );
    }

    #[test]
    fn a_prior_with_other_phases_is_refused() {
        let (known, samples) = synthetic_set(100);
        let mut settings = settings_from(Some(known));
        settings.edges = vec![4];
        let never = AtomicBool::new(false);
        let shape = "4x4".parse().unwrap();
        let refused = fit_patterns(
            shape,
            &exact_targets(&samples),
            &settings,
            &never,
            &mut |_| {},
        );
        assert!(
            matches!(refused, Err(PatternFitError::PriorMismatch(..))),
            "{refused:?}"
        );
    }
}
