//! The settings of tournament and evolution games as the panels edit them (persisted), and
//! where their files go.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use engine::{Rules, Shape};
use lab::ai::SearchKind;
use lab::ai::selfplay::GameSettings;

/// How the games of a tournament or an evolution run are played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ContestForm {
    /// The board.
    pub board: Shape,
    /// Classic or misère.
    pub rules: Rules,
    /// Search depth of every move.
    pub depth: u32,
    /// The search both sides run.
    pub search: SearchKind,
    /// Random plies before the engines play.
    pub openings: u32,
    /// Games played at once.
    pub workers: usize,
    /// Seed of every random choice.
    pub seed: u64,
}

impl Default for ContestForm {
    fn default() -> Self {
        ContestForm {
            board: Shape::new(3, 6).expect("6x6x6 is a valid board"),
            rules: Rules::Classic,
            depth: 2,
            search: SearchKind::Classic,
            openings: 4,
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            seed: 1,
        }
    }
}

impl ContestForm {
    /// The game settings of the form.
    pub fn game_settings(&self) -> GameSettings {
        GameSettings {
            shape: self.board,
            rules: self.rules,
            depth: self.depth,
            search: self.search,
            opening_plies: self.openings,
            time_per_move: None,
        }
    }

    /// The most opening plies the board allows.
    pub fn max_openings(&self) -> u32 {
        GameSettings::max_opening_plies(self.board)
    }
}

/// The folder for tournament and evolution files beside a preset folder: `runs/` in the same
/// data directory.
pub fn runs_folder(presets: &Path) -> PathBuf {
    presets
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .join("runs")
}
