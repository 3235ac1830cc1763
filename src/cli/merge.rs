//! `reversi3d merge`: joins the shard files of a run into the report the unsharded run would
//! have printed and written.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use engine::Setup;
use lab::ai::compare_report::compare_report;
use lab::ai::tournament::game_line;
use lab::ai::tournament_report::{standings_text, to_csv};
use lab::cluster::compare::{COMPARE, merge_compare};
use lab::cluster::gather;
use lab::cluster::positions::{POSITIONS, merge_positions};
use lab::cluster::tournament::{TOURNAMENT, merge_tournament};
use lab::files::write_atomically;

/// Arguments of `reversi3d merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Shard files, or folders whose `*.shard` files are all taken.
    #[arg(required = true, value_name = "DIR|FILES")]
    inputs: Vec<PathBuf>,
    /// Write the results as CSV, as the unsharded run's `--csv` would.
    #[arg(long)]
    csv: Option<PathBuf>,
    /// Write every game, in schedule order, as the unsharded run's games file has them.
    #[arg(long)]
    games_file: Option<PathBuf>,
    /// The position set to make from a position set's shards.
    #[arg(long)]
    out: Option<PathBuf>,
    #[command(flatten)]
    output: super::output::OutputArgs,
}

/// Checks and joins the shards and prints the report.
pub fn run(args: &MergeArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let outputs = [&args.csv, &args.games_file, &args.out];
    args.output.check(outputs.map(Option::as_deref))?;
    let set = gather(&args.inputs).map_err(anyhow::Error::msg)?;
    let count = set.shards.len();
    match set.stamp.kind.as_str() {
        TOURNAMENT => {
            let result = merge_tournament(&set).map_err(anyhow::Error::msg)?;
            write!(out, "{}", super::tournament::header(&result.settings))?;
            writeln!(
                out,
                "merged from {count} shards (settings {})",
                set.stamp.hash
            )?;
            write!(out, "{}", standings_text(&result.crosstable()))?;
            writeln!(
                out,
                "{} games, {} M nodes; the slowest shard took {:.1} s",
                result.games.len(),
                result.nodes / 1_000_000,
                result.elapsed.as_secs_f64()
            )?;
            if let Some(path) = &args.csv {
                write_atomically(path, to_csv(&result))?;
                writeln!(out, "results written to {}", path.display())?;
            }
            if let Some(path) = &args.games_file {
                let mut text = lab::ai::tournament::GAMES_HEADER.to_string() + "\n";
                for game in &result.games {
                    text += &(game_line(&result.settings, game) + "\n");
                }
                write_atomically(path, text)?;
                writeln!(out, "games written to {}", path.display())?;
            }
            Ok(())
        }
        COMPARE => {
            let merged = merge_compare(&set).map_err(anyhow::Error::msg)?;
            let stamp = &merged.stamp;
            write!(out, "{}", super::compare::header(stamp))?;
            writeln!(
                out,
                "merged from {count} shards (settings {})",
                set.stamp.hash
            )?;
            let names = stamp.names();
            let start_empties = Setup::start(stamp.board).empties();
            let report = compare_report(&merged.compared, names.len(), start_empties);
            write!(out, "{}", super::compare::report_text(&names, &report))?;
            if let Some(path) = &args.csv {
                let text =
                    super::compare::csv(stamp.board, &names, &merged.texts, &merged.compared);
                write_atomically(path, text)?;
                writeln!(out, "positions written to {}", path.display())?;
            }
            Ok(())
        }
        POSITIONS => {
            let Some(path) = &args.out else {
                anyhow::bail!("these are shards of a position set: name the set with --out FILE");
            };
            let records =
                merge_positions(&set, path, args.output.overwrite()).map_err(anyhow::Error::msg)?;
            writeln!(
                out,
                "position set of {records} positions merged from {count} shards (settings {}) \
                 into {}",
                set.stamp.hash,
                path.display()
            )?;
            Ok(())
        }
        other => anyhow::bail!("cannot merge shards of a {other} run"),
    }
}
