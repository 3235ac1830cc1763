//! Arguments shared by the subcommands that start from a position and search it.

use anyhow::{Context, bail};
use clap::{Args, ValueEnum};

use crate::ai::PresetLibrary;
use crate::engine::notation::{parse_moves, parse_position, replay};
use crate::engine::search::AnalysisSettings;
use crate::engine::{Geometry, Position, Shape, Weights};

/// A switch written `on` or `off`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Toggle {
    /// Enabled.
    On,
    /// Disabled.
    Off,
}

impl Toggle {
    /// Whether the switch is on.
    pub fn is_on(self) -> bool {
        self == Toggle::On
    }
}

/// Where the search starts.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// Board: NxN (2D, N even 4–16) or NxNxN (3D, N even 4–10).
    #[arg(long, default_value = "6x6x6")]
    pub board: Shape,
    /// Moves played from the start, 1-based x-y-z (x-y in 2D), comma- or space-separated;
    /// passes are implied or written `pass`.
    #[arg(long, conflicts_with = "position")]
    pub moves: Option<String>,
    /// A position instead of a move list: every cell as R, G or . in generation order
    /// (spaces and / allowed), then a space and the side to move, R or G.
    #[arg(long)]
    pub position: Option<String>,
}

impl PositionArgs {
    /// The position these arguments describe, or a message naming the problem.
    pub fn position<const W: usize>(&self, geometry: &Geometry<W>) -> anyhow::Result<Position<W>> {
        let shape = geometry.shape();
        if let Some(text) = &self.position {
            return parse_position(geometry, text).context("--position");
        }
        let moves = parse_moves(shape, self.moves.as_deref().unwrap_or("")).context("--moves")?;
        replay(geometry, Position::start(geometry), &moves).context("--moves")
    }
}

/// How to search.
#[derive(Args, Debug)]
pub struct SearchArgs {
    /// α/β pruning (off: the full minimax tree).
    #[arg(long, value_enum, default_value_t = Toggle::On)]
    pub alpha_beta: Toggle,
    /// Drop root moves equivalent by a symmetry of the position.
    #[arg(long, value_enum, default_value_t = Toggle::On)]
    pub symmetry: Toggle,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// A player whose weights to use: built-in (Arwen … Jolly) or from your preset folder.
    #[arg(long, conflicts_with = "weights")]
    pub player: Option<String>,
    /// Nine comma-separated weights: Mob,Dif,Cor,CSq,XSq,Edg,IEd,Fac,IFa.
    #[arg(long, allow_hyphen_values = true)]
    pub weights: Option<Weights>,
}

impl SearchArgs {
    /// The weights chosen by `--weights` or `--player`, else `default` (a label and the
    /// weights), with a label for the report.
    pub fn weights(&self, default: (&str, Weights)) -> anyhow::Result<(String, Weights)> {
        if let Some(weights) = self.weights {
            return Ok((format!("weights {weights}"), weights));
        }
        let Some(name) = self.player.as_deref() else {
            return Ok((format!("{} ({})", default.0, default.1), default.1));
        };
        let library = PresetLibrary::user_default().map_err(anyhow::Error::msg)?;
        match library.find(name) {
            Some(preset) => Ok((
                format!("{} ({})", preset.name, preset.weights),
                preset.weights,
            )),
            None => {
                let names: Vec<String> = library.all().0.into_iter().map(|p| p.name).collect();
                bail!(
                    "--player: no player '{name}'; choose from {}",
                    names.join(", ")
                )
            }
        }
    }

    /// Analysis settings at `depth` with `weights`.
    pub fn settings(&self, depth: u32, weights: Weights) -> AnalysisSettings {
        AnalysisSettings {
            depth,
            alpha_beta: self.alpha_beta.is_on(),
            symmetry: self.symmetry.is_on(),
            weights,
        }
    }
}
