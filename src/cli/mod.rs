//! The headless command line: every heavy feature is scriptable without a display.

mod analyze;
pub mod bench;
mod compare;
mod duel;
mod evolve;
mod fit_patterns;
mod interrupt;
mod merge;
mod output;
mod perft;
mod positions;
mod preset;
mod reference_args;
mod review;
mod round_progress;
mod setup;
mod slurm;
mod solve;
mod tournament;
mod train_patterns;
mod tune;
mod tune_common;
mod tune_rounds;

use anyhow::Context;
use clap::Subcommand;

/// The headless subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count move sequences of each length up to a depth (passes count as moves).
    Perft(perft::PerftArgs),
    /// The seed's benchmark table: nodes, time, nodes/ms and time factor per search depth.
    Bench(bench::BenchArgs),
    /// Score every legal move of a position.
    Analyze(analyze::AnalyzeArgs),
    /// The exact result of a position under perfect play, with the best moves and the line.
    Solve(solve::SolveArgs),
    /// A round robin between AI players: standings, net matrix, Elo, CSV export.
    Tournament(tournament::TournamentArgs),
    /// Improve a player's weights by mutation, line search and gauntlets (resumable).
    Evolve(evolve::EvolveArgs),
    /// Judge players against the reference on positions sampled from self-play or read from
    /// a file: agreement with its best move and loss, overall and by stage.
    Compare(compare::CompareArgs),
    /// Judge every move of a saved game against the reference analysis.
    Review(review::ReviewArgs),
    /// Two players in a match of random openings played with both colours: score and Elo
    /// with its 95 % interval, optionally stopped early by a GSPRT.
    Match(duel::DuelArgs),
    /// Make a position set for tuning: self-play positions with their games' results and,
    /// optionally, a deeper search's values (resumable).
    Positions(positions::PositionsArgs),
    /// Fit the nine weights to a position set (game results or a deeper search's values) and
    /// write them as a preset, optionally verified in a match; or tune in rounds of position
    /// set, fit and verification (resumable).
    Tune(tune::TuneArgs),
    /// Fit the pattern evaluation of a position set's board (2D or 3D) to its positions'
    /// scores in discs, exact or from a search by patterns, and write the pattern file.
    FitPatterns(fit_patterns::FitPatternsArgs),
    /// Train a board's pattern evaluation in rounds: exact endgame scores, then searches by
    /// the best fit over ever earlier stages, each fit verified in a match (resumable).
    TrainPatterns(train_patterns::TrainPatternsArgs),
    /// Join the shard files of a sharded run (`--shard I/N`) into the report of the whole run.
    Merge(merge::MergeArgs),
    /// Write (and with --submit, submit) the Slurm job array that plays a run in shards, and
    /// the merge job that joins them.
    #[command(subcommand)]
    Slurm(slurm::SlurmCommand),
    /// List, show, export and import weight presets.
    #[command(subcommand)]
    Preset(preset::PresetCommand),
}

/// Runs a subcommand, writing its report to `out`.
pub fn run(command: Command, out: &mut (dyn std::io::Write + Send)) -> anyhow::Result<()> {
    match command {
        Command::Perft(args) => perft::run(&args, out),
        Command::Bench(args) => bench::run(&args, out),
        Command::Analyze(args) => analyze::run(&args, out),
        Command::Solve(args) => solve::run(&args, out),
        Command::Tournament(args) => tournament::run(&args, out),
        Command::Evolve(args) => evolve::run(&args, out),
        Command::Compare(args) => compare::run(&args, out),
        Command::Review(args) => review::run(&args, out),
        Command::Match(args) => duel::run(&args, out),
        Command::Positions(args) => positions::run(&args, out),
        Command::Tune(args) => tune::run(&args, out),
        Command::FitPatterns(args) => fit_patterns::run(&args, out),
        Command::TrainPatterns(args) => train_patterns::run(&args, out),
        Command::Merge(args) => merge::run(&args, out),
        Command::Slurm(command) => slurm::run(&command, out),
        Command::Preset(command) => preset::run(&command, out),
    }
}

/// Whether `error` only says that the reader of standard output went away (as with
/// `reversi3d … | head`), which ends a command early but is not a failure.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// A rayon pool of `threads` workers (0 means one per core).
pub(crate) fn thread_pool(threads: usize) -> anyhow::Result<rayon::ThreadPool> {
    let threads = engine::bounds::check_threads(threads).context("--threads")?;
    Ok(rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?)
}

/// "1 worker", "2 workers": how many workers a run had, for its closing line.
pub(crate) fn workers_text(workers: usize) -> String {
    match workers {
        1 => "1 worker".to_string(),
        _ => format!("{workers} workers"),
    }
}

/// Reports how a shard run ended: the finished shard file, or, when it was stopped, where its
/// finished records are and that it must be run again before the merge.
pub(crate) fn shard_ended(
    out: &mut dyn std::io::Write,
    shard: lab::cluster::Shard,
    kind: &str,
    dir: &std::path::Path,
    file: Option<std::path::PathBuf>,
) -> anyhow::Result<()> {
    match file {
        Some(path) => Ok(writeln!(out, "shard written to {}", path.display())?),
        None => anyhow::bail!(
            "shard {shard} stopped early: its finished records are in {}, but it must be \
             rerun to be merged",
            dir.join(shard.file_name(kind) + lab::cluster::shard_file::PARTIAL_SUFFIX)
                .display()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::workers_text;

    #[test]
    fn one_worker_is_singular() {
        assert_eq!(workers_text(1), "1 worker");
        assert_eq!(workers_text(2), "2 workers");
    }
}
