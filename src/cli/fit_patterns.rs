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
use engine::patterns::parse_edges;
use lab::files::write_atomically;
use lab::tune::pattern_fit::{PatternFitSettings, fit_patterns, targets};
use lab::tune::position_set::read_position_set;

/// Arguments of `reversi3d fit-patterns`.
#[derive(Args, Debug)]
pub struct FitPatternsArgs {
    /// The position set (classic rules, any board, made by `reversi3d positions` with exact
    /// labels, or with `--label-patterns` for search values in discs); repeat the option to
    /// fit to several sets of one board together.
    #[arg(long, required = true)]
    data: Vec<PathBuf>,
    /// The pattern file to write (once the fit is done).
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    output: super::output::OutputArgs,
    /// Phase edges in empty cells, comma-separated: a phase per range, each with its own
    /// tables ('-' for one phase).
    #[arg(long, default_value = "-")]
    phases: String,
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
}

/// Fits, reports every tenth epoch and writes the file.
pub fn run(args: &FitPatternsArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    args.output.check([Some(args.out.as_path())])?;
    let Some(edges) = parse_edges(&args.phases) else {
        bail!(
            "--phases '{}': give increasing numbers of empty cells, e.g. 12,16, or '-'",
            args.phases
        );
    };
    let mut sets = Vec::new();
    let mut board = None;
    for path in &args.data {
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
    let targets: Vec<_> = sets.iter().flat_map(targets).collect();
    let (_, shape) = board.expect("clap requires --data");
    let settings = PatternFitSettings {
        edges,
        max_epochs: args.epochs,
        patience: args.patience,
        regularization: args.regularization,
    };
    let mut report = |epoch: &lab::tune::pattern_fit::PatternEpoch| {
        if epoch.number % 10 == 1 {
            let _ = writeln!(
                out,
                "iteration {:>4}: error {:.3} discs fitted, {:.3} held out",
                epoch.number, epoch.training, epoch.holdout
            );
        }
    };
    let fit = fit_patterns(shape, &targets, &settings, interrupt_flag(), &mut report)
        .with_context(|| {
            let names: Vec<_> = args
                .data
                .iter()
                .map(|path| path.display().to_string())
                .collect();
            names.join(", ")
        })?;
    write_atomically(&args.out, fit.evaluation.to_bytes())?;
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
        args.out.display()
    )?;
    Ok(())
}
