//! The `reversi3d` binary: the GUI without arguments, headless subcommands otherwise.

use std::process::ExitCode;

use clap::Parser;
use reversi3d::app::LaunchArgs;
use reversi3d::cli::{Command, is_broken_pipe, run};

/// Command-line arguments of the `reversi3d` binary.
#[derive(Parser, Debug)]
#[command(
    name = "reversi3d",
    version,
    args_conflicts_with_subcommands = true,
    about = "Study Reversi on N×N boards and N×N×N cubes"
)]
struct Cli {
    /// What to run; without a subcommand the GUI starts.
    #[command(subcommand)]
    command: Option<Command>,
    /// Options of the GUI (without a subcommand).
    #[command(flatten)]
    gui: LaunchArgs,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Some(command) => run(command, &mut std::io::stdout()),
        None => reversi3d::app::run(&cli.gui),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            // `{:#}` prints the whole chain of causes on one line, without a backtrace.
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}
