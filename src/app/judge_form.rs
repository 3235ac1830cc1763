//! What the Compare and Review panels set up (persisted): the contestants, the reference, the
//! board colouring and the mistake thresholds.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use engine::{Rules, Shape};
use lab::ai::reference::{ReferenceLimit, ReferenceSettings};
use lab::ai::review::MistakeThresholds;
use lab::ai::{AiPlayer, Preset, SearchKind};

/// One contestant of the Compare panel: a player (a preset, or the Weights panel's player with
/// its unsaved edits), its depth and its search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ContestantForm {
    /// The preset's name; `None` for the Weights panel's player as edited now.
    pub player: Option<String>,
    /// Search depth in plies.
    pub depth: u32,
    /// Classic or strong search.
    pub search: SearchKind,
}

impl ContestantForm {
    /// The label of the Weights panel's player in menus.
    pub const EDITED: &'static str = "Weights panel";

    /// The contestant's name in tables and legends.
    pub fn label(&self) -> String {
        let name = self.player.as_deref().unwrap_or(Self::EDITED);
        format!("{name} d{}", self.depth)
    }
}

/// How the boards are coloured from the comparison.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Colouring {
    /// No colouring.
    #[default]
    Off,
    /// By one contestant's scores (its index).
    Contestant(usize),
    /// By the reference's scores.
    Reference,
    /// The moves some contestants choose and others do not.
    Disagreement,
}

/// The reference's limit as the panels edit it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReferenceMode {
    /// The depth chosen for the board ([`ReferenceLimit::default_for`]).
    Board,
    /// A time a position.
    Time,
    /// A fixed depth.
    Depth,
}

/// The Compare and Review panels' settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct JudgeForm {
    /// 2–4 contestants.
    pub contestants: Vec<ContestantForm>,
    /// Whether the reference searches for a time or to a depth.
    pub mode: ReferenceMode,
    /// The reference's time a position, in seconds.
    pub seconds: f32,
    /// The reference's depth.
    pub depth: u32,
    /// Solve exactly from this many empty cells.
    pub exact_empties: u32,
    /// The reference prunes heuristic positions selectively (ProbCut).
    pub selective: bool,
    /// The player whose weights the reference's evaluation uses.
    pub reference_player: String,
    /// How the boards are coloured.
    pub colouring: Colouring,
    /// Losses above which a move is a mistake, in evaluation units.
    pub eval_threshold: i32,
    /// Losses above which a move is a mistake, in discs.
    pub disc_threshold: i32,
    /// Positions a comparison over many positions samples.
    pub positions: usize,
    /// Seed of that sampling.
    pub seed: u64,
}

impl Default for JudgeForm {
    fn default() -> Self {
        let contestant = |player: Option<&str>| ContestantForm {
            player: player.map(String::from),
            depth: 4,
            search: SearchKind::Strong,
        };
        let thresholds = MistakeThresholds::default();
        JudgeForm {
            contestants: vec![contestant(Some("Hamfast")), contestant(None)],
            mode: ReferenceMode::Board,
            seconds: 2.0,
            depth: 10,
            exact_empties: 14,
            selective: true,
            reference_player: "Hamfast".to_string(),
            colouring: Colouring::Off,
            eval_threshold: thresholds.eval,
            disc_threshold: thresholds.discs,
            positions: 40,
            seed: 1,
        }
    }
}

impl JudgeForm {
    /// The fewest and most contestants.
    pub const CONTESTANTS: (usize, usize) = (2, 4);

    /// The reference's settings on `shape`; its player is looked up in `roster` (the first
    /// preset when it is gone).
    pub fn reference(&self, shape: Shape, rules: Rules, roster: &[Preset]) -> ReferenceSettings {
        let player = roster
            .iter()
            .find(|p| p.name == self.reference_player)
            .unwrap_or(&roster[0]);
        let limit = match self.mode {
            ReferenceMode::Board => ReferenceLimit::default_for(shape),
            ReferenceMode::Time => {
                ReferenceLimit::Time(Duration::from_secs_f32(self.seconds.clamp(0.1, 600.0)))
            }
            ReferenceMode::Depth => ReferenceLimit::Depth(self.depth.max(1)),
        };
        ReferenceSettings {
            limit,
            exact_empties: self.exact_empties,
            selective: self.selective,
            ..ReferenceSettings::new(shape, rules, player.weights)
        }
    }

    /// The contestants as players: presets looked up in `roster` (skipped when gone), the
    /// Weights panel's player as `edited`.
    pub fn players(&self, roster: &[Preset], edited: &Preset) -> Vec<AiPlayer> {
        self.contestants
            .iter()
            .filter_map(|c| {
                let preset = match &c.player {
                    Some(name) => roster.iter().find(|p| &p.name == name)?,
                    None => edited,
                };
                Some(AiPlayer {
                    preset: preset.clone(),
                    depth: c.depth,
                    search: c.search,
                    time_budget: None,
                })
            })
            .collect()
    }

    /// The mistake thresholds.
    pub fn thresholds(&self) -> MistakeThresholds {
        MistakeThresholds {
            eval: self.eval_threshold,
            discs: self.disc_threshold,
        }
    }
}
