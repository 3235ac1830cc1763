//! The `reversi3d` binary: the GUI without arguments, headless subcommands otherwise.

use std::process::ExitCode;

use clap::Parser;
use reversi3d::cli::{Cli, is_broken_pipe, run};

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
