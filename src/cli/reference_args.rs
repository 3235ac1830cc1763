//! The options that set up the reference analysis, shared by `review` and `compare`.

use std::time::Duration;

use clap::Args;

use super::setup::find_player;
use engine::Rules;
use engine::search::SearchSettings;
use lab::ai::PresetLibrary;
use lab::ai::reference::{ReferenceLimit, ReferenceSettings};

/// How the reference searches (DESIGN §7).
#[derive(Args, Debug)]
pub struct ReferenceArgs {
    /// The reference searches every position to this depth (instead of for a time).
    #[arg(long, conflicts_with = "reference_time")]
    pub reference_depth: Option<u32>,
    /// The reference searches every position for this long (e.g. 2s, 500ms).
    #[arg(long, value_parser = positive_duration, default_value = "2s")]
    pub reference_time: Duration,
    /// The player whose evaluation scores heuristic positions.
    #[arg(long, default_value = "Hamfast")]
    pub reference_player: String,
    /// The reference solves exactly once this few cells are empty.
    #[arg(long, default_value_t = SearchSettings::DEFAULT_ENDGAME_EMPTIES)]
    pub exact_empties: u32,
    /// The reference searches every move in full width (no ProbCut): several times slower,
    /// for checking the selective default.
    #[arg(long)]
    pub full_width: bool,
}

impl ReferenceArgs {
    /// The reference's settings for games under `rules`, and the reference player's name.
    pub fn settings(&self, rules: Rules) -> anyhow::Result<(String, ReferenceSettings)> {
        let library = PresetLibrary::user_default().map_err(anyhow::Error::msg)?;
        let preset = find_player(&library, &self.reference_player)
            .map_err(|e| e.context("--reference-player"))?;
        if self.reference_depth == Some(0) {
            anyhow::bail!("--reference-depth must be at least 1");
        }
        let limit = match self.reference_depth {
            Some(depth) => ReferenceLimit::Depth(depth),
            None => ReferenceLimit::Time(self.reference_time),
        };
        let settings = ReferenceSettings {
            limit,
            exact_empties: self.exact_empties,
            selective: !self.full_width,
            ..ReferenceSettings::new(rules, preset.weights)
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
