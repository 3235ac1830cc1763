//! The headless command line: every heavy feature is scriptable without a display.

mod analyze;
mod bench;
mod perft;
mod setup;

use clap::{Parser, Subcommand};

/// Command-line arguments of the `reversi3d` binary.
#[derive(Parser, Debug)]
#[command(
    name = "reversi3d",
    version,
    about = "Study Reversi on N×N boards and N×N×N cubes"
)]
pub struct Cli {
    /// What to run; without a subcommand the GUI starts.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The headless subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count move sequences of each length up to a depth (passes count as moves).
    Perft(perft::PerftArgs),
    /// The seed's benchmark table: nodes, time, nodes/ms and time factor per search depth.
    Bench(bench::BenchArgs),
    /// Score every legal move of a position.
    Analyze(analyze::AnalyzeArgs),
}

/// Runs a subcommand, writing its report to standard output.
pub fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Perft(args) => perft::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Analyze(args) => analyze::run(&args),
    }
}

/// A rayon pool of `threads` workers (0 means one per core).
pub(crate) fn thread_pool(threads: usize) -> anyhow::Result<rayon::ThreadPool> {
    Ok(rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?)
}
