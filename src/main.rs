//! The `reversi3d` binary: the GUI without arguments, headless subcommands otherwise.

use clap::{CommandFactory, Parser};
use reversi3d::cli::{Cli, run};

fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Some(command) => run(command),
        // The GUI arrives with the workspace issue; until then, show the help.
        None => Ok(Cli::command().print_help()?),
    }
}
