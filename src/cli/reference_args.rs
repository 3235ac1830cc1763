//! The options that set up the reference analysis, shared by `review` and `compare`.

use std::time::Duration;

use clap::Args;

use super::setup::find_player;
use engine::search::SearchSettings;
use engine::{Rules, Shape};
use lab::ai::PresetLibrary;
use lab::ai::reference::{ReferenceLimit, ReferenceSettings};

/// How the reference searches (DESIGN §7).
#[derive(Args, Debug)]
pub struct ReferenceArgs {
    /// The reference searches every position to this depth; by default a depth chosen for
    /// the board (8×8: 12, 6×6×6: 6, 8×8×8: 4).
    #[arg(long, conflicts_with = "reference_time")]
    pub reference_depth: Option<u32>,
    /// The reference searches every position for this long (e.g. 2s, 500ms) instead of to a
    /// depth: its scores then vary from run to run with the machine's speed.
    #[arg(long, value_parser = positive_duration)]
    pub reference_time: Option<Duration>,
    /// The player whose nine weights score heuristic positions on a board without a learned
    /// evaluation (where there is one, it scores them in discs and the weights only order
    /// shallow nodes).
    #[arg(long, default_value = "Hamfast")]
    pub reference_player: String,
    /// The reference solves exactly once this few cells are empty.
    #[arg(long, default_value_t = SearchSettings::DEFAULT_ENDGAME_EMPTIES)]
    pub exact_empties: u32,
    /// The reference searches every move in full width (no ProbCut): several times slower
    /// (8×8 depth 12: about 6×), closer to the deeper truth; to a depth, either search gives
    /// the same scores on every run and with any number of workers.
    #[arg(long)]
    pub full_width: bool,
}

impl ReferenceArgs {
    /// The reference's settings for games on `shape` under `rules`, and the reference
    /// player's name.
    pub fn settings(
        &self,
        shape: Shape,
        rules: Rules,
    ) -> anyhow::Result<(String, ReferenceSettings)> {
        let library = PresetLibrary::user_default().map_err(anyhow::Error::msg)?;
        let preset = find_player(&library, &self.reference_player)
            .map_err(|e| e.context("--reference-player"))?;
        if self.reference_depth == Some(0) {
            anyhow::bail!("--reference-depth must be at least 1");
        }
        let limit = match (self.reference_depth, self.reference_time) {
            (Some(depth), _) => ReferenceLimit::Depth(depth),
            (None, Some(time)) => ReferenceLimit::Time(time),
            (None, None) => ReferenceLimit::default_for(shape),
        };
        let settings = ReferenceSettings {
            limit,
            exact_empties: self.exact_empties,
            selective: !self.full_width,
            ..ReferenceSettings::new(shape, rules, preset.weights)
        };
        Ok((preset.name, settings))
    }
}

/// A time longer than zero (e.g. `500ms`, `2s`).
fn positive_duration(text: &str) -> Result<Duration, String> {
    let time = humantime::parse_duration(text).map_err(|e| e.to_string())?;
    if time.is_zero() {
        return Err("a reference needs some time: at least 1ms".to_string());
    }
    Ok(time)
}
