//! The options of `reversi3d tune` shared by one fit and by tuning in rounds.

use clap::{Args, ValueEnum};
use lab::tune::fit::Target;

/// What the weights are fitted to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TargetChoice {
    /// The games' results, through a fitted sigmoid (Texel tuning).
    Outcome,
    /// The deeper search's values of a labelled set, by least squares.
    Reference,
}

/// The options of one fit and of tuning in rounds alike.
#[derive(Args, Debug)]
pub struct CommonArgs {
    /// What to fit the weights to.
    #[arg(long, value_enum, default_value_t = TargetChoice::Outcome)]
    pub target: TargetChoice,
    /// The weights the fit starts from (and the sigmoid's scale is fitted for).
    #[arg(long, default_value = "Hamfast")]
    pub from: String,
    /// The tuned player's name (default: the file name of --out; with --rounds, Tuned).
    #[arg(long)]
    pub name: Option<String>,
    /// Games of a verification match.
    #[arg(long, default_value_t = 200)]
    pub games: u32,
    /// Stop verification matches early by a GSPRT with this δ (Elo).
    #[arg(long, value_name = "δ")]
    pub gsprt: Option<f64>,
    /// Depth of verification matches (default: the depth of the position set's games).
    #[arg(long)]
    pub verify_depth: Option<u32>,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
}

impl CommonArgs {
    /// The fit's target.
    pub fn target(&self) -> Target {
        match self.target {
            TargetChoice::Outcome => Target::Outcome,
            TargetChoice::Reference => Target::Reference,
        }
    }
}
