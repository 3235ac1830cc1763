//! `reversi3d preset`: list, show, export and import weight presets.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, anyhow, bail};
use clap::Subcommand;

use lab::ai::{Preset, PresetLibrary};

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
        #[command(flatten)]
        output: super::output::OutputArgs,
    },
    /// Check a preset file and add it to your presets (a refused file changes nothing; one of
    /// yours of the same name is replaced only with --force).
    Import {
        /// The file to read.
        file: PathBuf,
        #[command(flatten)]
        output: super::output::OutputArgs,
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
            let header = "Mob,Dif,Cor,CSq,XSq,Edg,IEd,Fac,IFa";
            writeln!(out, "{:<12} {header:<48} evaluation", "name")?;
            for preset in presets {
                let weights = preset.weights.to_string();
                let kind = preset.evaluation_kind();
                writeln!(out, "{:<12} {weights:<48} {kind}", preset.name)?;
            }
            for problem in problems {
                writeln!(out, "skipped {problem}")?;
            }
            writeln!(out, "your presets: {}", library.folder().display())?;
        }
        PresetCommand::Show { name } => write!(out, "{}", find(name)?.to_ron())?,
        PresetCommand::Export { name, file, output } => {
            let preset = find(name)?;
            output.check([Some(file.as_path())])?;
            preset.save(file)?;
            writeln!(out, "wrote {}", file.display())?;
        }
        PresetCommand::Import { file, output } => {
            let incoming = Preset::load(file).context("import refused")?;
            if let Some(own) = library.own_file(&incoming)
                && !output.force
            {
                bail!(
                    "import refused: your preset {} ({}) exists and is kept (--force replaces it)",
                    incoming.name,
                    own.display()
                );
            }
            let (preset, path) = library.import(file).context("import refused")?;
            writeln!(out, "imported {} as {}", preset.name, path.display())?;
        }
    }
    Ok(())
}
