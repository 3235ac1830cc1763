//! `reversi3d fit-patterns`: fits the pattern evaluation of a position set's board to the
//! scores in discs of its positions (exact, or from a search by patterns) and writes the
//! pattern file, which `analyze --patterns`, `positions --label-patterns` and, on 8×8,
//! `solve --patterns` read.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::Args;

use super::interrupt::interrupt_flag;
use engine::Rules;
use engine::Shape;
use engine::patterns::parse_edges;
use lab::files::write_atomically;
use lab::players::pattern_source::LoadedPatterns;
use lab::tune::pattern_check::stage_errors;
use lab::tune::pattern_fit::{FitTarget, PatternFitSettings, Target, fit_patterns, targets};
use lab::tune::position_set::{PositionSet, read_position_set};

/// Arguments of `reversi3d fit-patterns`.
#[derive(Args, Debug)]
pub struct FitPatternsArgs {
    /// The position set (classic rules, any board, made by `reversi3d positions` with exact
    /// labels, or with `--label-patterns` for search values in discs); repeat the option to
    /// fit to several sets of one board together.
    #[arg(long, required = true)]
    data: Vec<PathBuf>,
    /// The pattern file to write (once the fit is done).
    #[arg(long, required_unless_present = "measure")]
    out: Option<PathBuf>,
    /// Fit nothing: measure this pattern file of the set's board against the set's scores,
    /// stage by stage (every position, not only the held-out games).
    #[arg(long, conflicts_with = "out")]
    measure: Option<PathBuf>,
    #[command(flatten)]
    output: super::output::OutputArgs,
    /// Phase edges in empty cells, comma-separated: a phase per range, each with its own
    /// tables ('-' for one phase).
    #[arg(long, default_value = "-", conflicts_with = "prior")]
    phases: String,
    /// Correct this pattern file of the board instead of fitting from nothing: its phases are
    /// kept, and --regularization keeps the entries the positions say little of near its
    /// values (new positions refine a shipped evaluation without the sets it was made from).
    #[arg(long, conflicts_with = "measure")]
    prior: Option<PathBuf>,
    /// At most this many iterations of conjugate gradients (two passes over the positions
    /// each).
    #[arg(long, default_value_t = 500)]
    epochs: usize,
    /// Stop after this many iterations without a lower hold-out error.
    #[arg(long, default_value_t = 20)]
    patience: usize,
    /// How strongly rarely seen pattern contents are kept near zero (the weight of the
    /// entries' squares in the loss, against one position's squared error).
    #[arg(long, default_value_t = 40.0)]
    regularization: f32,
    /// What the positions without an exact score are fitted to.
    #[arg(long, value_enum, default_value_t = FitTargetChoice::Scores)]
    target: FitTargetChoice,
    /// Also fit each phase's weight for an even number of empty cells (who is due the last
    /// move); the file is then of version 3. Without it a prior's parity weights are kept.
    #[arg(long)]
    parity: bool,
}

/// What `fit-patterns` fits the positions without an exact score to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum FitTargetChoice {
    /// The search values in discs of sets labelled with `--label-patterns` (others left out).
    Scores,
    /// Their games' final disc margins (every position counts: Texel tuning in discs).
    Outcome,
}

impl From<FitTargetChoice> for FitTarget {
    fn from(choice: FitTargetChoice) -> Self {
        match choice {
            FitTargetChoice::Scores => FitTarget::Scores,
            FitTargetChoice::Outcome => FitTarget::Outcomes,
        }
    }
}

/// Empty cells in a stage of the `--measure` table.
const STAGE_EMPTIES: u32 = 5;

/// Fits, reports every tenth epoch and writes the file; or measures a file.
pub fn run(args: &FitPatternsArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    args.output.check([args.out.as_deref()])?;
    let (sets, shape) = read_sets(&args.data)?;
    let target = FitTarget::from(args.target);
    let targets: Vec<_> = sets.iter().flat_map(|set| targets(set, target)).collect();
    match (&args.measure, &args.out) {
        (Some(measured), _) => measure(measured, shape, &targets, out),
        (None, Some(written)) => fit(args, written, shape, &targets, out),
        (None, None) => unreachable!("clap requires --out or --measure"),
    }
}

/// The position sets at `paths`, all of one board, and their board.
fn read_sets(paths: &[PathBuf]) -> anyhow::Result<(Vec<PositionSet>, Shape)> {
    let mut sets = Vec::new();
    let mut board = None;
    for path in paths {
        let set = read_position_set(path)?;
        let game = &set.settings.game;
        if game.rules != Rules::Classic {
            bail!(
                "{}: the patterns are fitted to classic positions; this set is {:?}",
                path.display(),
                game.rules
            );
        }
        if let Some((first, shape)) = board
            && shape != game.shape
        {
            bail!(
                "{}: a {} set, where {} is {shape}: fit one board at a time",
                path.display(),
                game.shape,
                Path::display(first)
            );
        }
        board = Some((path, game.shape));
        sets.push(set);
    }
    let (_, shape) = board.expect("clap requires --data");
    Ok((sets, shape))
}

/// Prints the error of the pattern file at `path` on `targets`, stage by stage.
fn measure(
    path: &Path,
    shape: Shape,
    targets: &[Target],
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    let loaded = LoadedPatterns::read(path, shape)?;
    writeln!(
        out,
        "{} ({shape}) against the set's scores, in discs:",
        path.display()
    )?;
    writeln!(
        out,
        "empties  scores   positions    rms  mean absolute  mean (score − value)  even / odd empties"
    )?;
    for stage in stage_errors(&loaded.evaluation, targets, STAGE_EMPTIES) {
        let kind = if stage.exact { "exact" } else { "search" };
        let [even, odd] = stage
            .mean_miss_by_parity
            .map(|miss| miss.map_or("—".to_string(), |miss| format!("{miss:+.2}")));
        writeln!(
            out,
            "{:>2}–{:<2}    {kind:<6} {:>10} {:>7.2} {:>9.2} {:>+15.2} {even:>12} / {odd}",
            stage.first_empties,
            stage.last_empties,
            stage.positions,
            stage.rms,
            stage.mean_absolute,
            stage.mean_miss
        )?;
    }
    Ok(())
}

/// Fits to `targets`, reports every tenth iteration and writes the file at `written`.
fn fit(
    args: &FitPatternsArgs,
    written: &Path,
    shape: Shape,
    targets: &[Target],
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    let prior = match &args.prior {
        Some(path) => Some(LoadedPatterns::read(path, shape)?.evaluation),
        None => None,
    };
    let edges = match (&prior, parse_edges(&args.phases)) {
        (Some(prior), _) => prior.edges.clone(),
        (None, Some(edges)) => edges,
        (None, None) => bail!(
            "--phases '{}': give increasing numbers of empty cells, e.g. 12,16, or '-'",
            args.phases
        ),
    };
    let settings = PatternFitSettings {
        edges,
        max_epochs: args.epochs,
        patience: args.patience,
        regularization: args.regularization,
        prior,
        parity: args.parity,
    };
    let mut report = |epoch: &lab::tune::pattern_fit::PatternEpoch| {
        // Iteration 0 is the prior as it is, reported when there is one.
        if epoch.number % 10 == 1 || epoch.number == 0 {
            let _ = writeln!(
                out,
                "iteration {:>4}: error {:.3} discs fitted, {:.3} held out",
                epoch.number, epoch.training, epoch.holdout
            );
        }
    };
    let fit = fit_patterns(shape, targets, &settings, interrupt_flag(), &mut report).with_context(
        || {
            let names: Vec<_> = args
                .data
                .iter()
                .map(|path| path.display().to_string())
                .collect();
            names.join(", ")
        },
    )?;
    write_atomically(written, fit.evaluation.to_bytes())?;
    let exact = match fit.exact_holdout {
        Some((rms, mae)) => format!("; exact scores held out: {rms:.3}, mean absolute {mae:.3}"),
        None => String::new(),
    };
    writeln!(
        out,
        "{shape}: {} positions fitted, {} held out; kept iteration {}: {:.3} discs fitted, \
         {:.3} held out (rounded: {:.3}, mean absolute {:.3}{exact}){}; wrote {}",
        fit.positions.0,
        fit.positions.1,
        fit.best.number,
        fit.best.training,
        fit.best.holdout,
        fit.rounded_holdout.0,
        fit.rounded_holdout.1,
        if fit.cancelled {
            " (stopped early)"
        } else {
            ""
        },
        written.display()
    )?;
    Ok(())
}
