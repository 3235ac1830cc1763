//! `reversi3d preset`: list, show, export and import weight presets.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, anyhow};
use clap::Subcommand;

use lab::ai::PresetLibrary;

/// What to do with presets.
#[derive(Subcommand, Debug)]
pub enum PresetCommand {
    /// List every preset (built-in and yours) with its weights.
    List,
    /// Print one preset as RON.
    Show {
        /// The preset's name.
        name: String,
    },
    /// Write a preset to a file (atomically) to edit or share it.
    Export {
        /// The preset's name.
        name: String,
        /// The file to write.
        file: PathBuf,
    },
    /// Check a preset file and add it to your presets (a refused file changes nothing).
    Import {
        /// The file to read.
        file: PathBuf,
    },
}

/// Runs a preset command.
pub fn run(command: &PresetCommand, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let library = PresetLibrary::user_default().map_err(anyhow::Error::msg)?;
    let find = |name: &str| {
        library
            .find(name)
            .ok_or_else(|| anyhow!("no preset called '{name}'"))
    };
    match command {
        PresetCommand::List => {
            let (presets, problems) = library.all();
            writeln!(out, "{:<12} Mob,Dif,Cor,CSq,XSq,Edg,IEd,Fac,IFa", "name")?;
            for preset in presets {
                writeln!(out, "{:<12} {}", preset.name, preset.weights)?;
            }
            for problem in problems {
                writeln!(out, "skipped {problem}")?;
            }
            writeln!(out, "your presets: {}", library.folder().display())?;
        }
        PresetCommand::Show { name } => write!(out, "{}", find(name)?.to_ron())?,
        PresetCommand::Export { name, file } => {
            find(name)?.save(file)?;
            writeln!(out, "wrote {}", file.display())?;
        }
        PresetCommand::Import { file } => {
            let (preset, path) = library.import(file).context("import refused")?;
            writeln!(out, "imported {} as {}", preset.name, path.display())?;
        }
    }
    Ok(())
}
