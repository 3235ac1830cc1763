//! The state of an evolution run, as its checkpoint holds it: the settings, the parent and
//! baseline weights, the champions and one summary per generation, with the events a run
//! reports.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::arena::MatchResult;
use super::checkpoint::Checkpointed;
use super::gsprt::Gsprt;
use super::selfplay::GameSettings;
use crate::players::preset::{check_name, file_name_of};
use engine::{Weights, bounds};

/// The gauntlet's first multiplier of the scout match size.
const FIRST_MULTIPLIER: u32 = 10;

/// What an evolution run does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EvolutionSettings {
    /// The name of the player being improved (champions are named after it).
    pub player: String,
    /// Its weights at the start.
    pub weights: Weights,
    /// The run stops after this many generations.
    pub generations: u32,
    /// n: games per colour in a scout match (the gauntlet plays n × multiplier).
    pub games_per_match: u32,
    /// R: the largest mutation of a weight, in percent.
    pub mutation_percent: u32,
    /// Board, rules, depth, search and opening length of every game.
    pub game: GameSettings,
    /// The seed of every random choice.
    pub seed: u64,
    /// Ends scout and line-search matches early once this test decides (off: the seed's
    /// fixed-size matches). Gauntlets always play in full: they are scored, not decided.
    #[serde(default)]
    pub early_stop: Option<Gsprt>,
}

/// A player crowned by a gauntlet.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Champion {
    /// The generation that found it.
    pub generation: u32,
    /// Its preset name.
    pub name: String,
    /// Its weights.
    pub weights: Weights,
    /// Its gauntlet net score against the baseline.
    pub net: i32,
    /// Games in that gauntlet.
    pub games: u32,
    /// Whether it won every gauntlet game (and so became the baseline).
    pub sweep: bool,
}

impl Champion {
    /// Where its preset is exported in the run's `folder`.
    pub fn preset_file(&self, folder: &Path) -> PathBuf {
        folder.join(file_name_of(&self.name))
    }
}

/// What one generation did (kept for the charts; the checkpoint holds them all).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GenerationSummary {
    /// The generation, from 1.
    pub generation: u32,
    /// The scout match's net score (mutant vs parent).
    pub scout_net: i32,
    /// Line-search steps played.
    pub line_steps: u32,
    /// The gauntlet's net score, when it was played.
    pub gauntlet_net: Option<i32>,
    /// The best gauntlet score after the generation.
    pub best_score: i32,
    /// Whether a champion was crowned.
    pub champion: bool,
    /// The parent after the generation.
    pub parent: Weights,
    /// Games played in the generation.
    pub games: u32,
    /// Nodes searched in the generation.
    pub nodes: u64,
    /// Wall time of the generation, in seconds.
    pub seconds: f64,
}

/// The whole state of a run: what a checkpoint holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EvolutionState {
    /// The run's settings.
    pub settings: EvolutionSettings,
    /// Generations finished.
    pub generation: u32,
    /// The player mutated next.
    pub parent: Weights,
    /// The player gauntlets are played against.
    pub baseline: Weights,
    /// The best gauntlet net score since the baseline last changed.
    pub best_score: i32,
    /// Gauntlet size as a multiple of the scout match.
    pub multiplier: u32,
    /// Every champion so far, oldest first.
    pub champions: Vec<Champion>,
    /// Every finished generation, oldest first.
    pub history: Vec<GenerationSummary>,
}

/// What a run reports as it goes.
#[derive(Clone, Debug, PartialEq)]
pub enum EvolutionEvent {
    /// A generation begins.
    Generation {
        /// Its number, from 1.
        generation: u32,
    },
    /// The scout match between the mutant and the parent ended.
    Scout {
        /// The mutant.
        mutant: Weights,
        /// The match, seen from the mutant.
        result: MatchResult,
    },
    /// A line-search step ended.
    LineStep {
        /// The step, from 1.
        step: u32,
        /// The point ahead (X + V) and its net score against X.
        ahead: (Weights, i32),
        /// The point behind (X − V) and its net score against X.
        behind: (Weights, i32),
        /// The centre after the step.
        centre: Weights,
    },
    /// The gauntlet against the baseline ended.
    Gauntlet {
        /// The candidate.
        candidate: Weights,
        /// The gauntlet, seen from the candidate.
        result: MatchResult,
        /// The score it had to beat.
        best_score: i32,
    },
    /// A champion was crowned and exported.
    Champion {
        /// The champion.
        champion: Champion,
        /// Where its preset was written.
        preset: PathBuf,
    },
    /// A generation ended and the checkpoint holds it.
    Finished {
        /// What it did.
        summary: GenerationSummary,
        /// The whole state after it, as checkpointed.
        state: Box<EvolutionState>,
        /// Games per second over the generation.
        games_per_second: f64,
        /// Nodes per second over the generation.
        nodes_per_second: f64,
    },
}

impl EvolutionSettings {
    /// Checks the settings, naming what is wrong.
    pub fn validate(&self) -> Result<(), String> {
        check_name(&self.player)?;
        self.game.validate()?;
        if self.games_per_match == 0 {
            return Err("a match needs at least one game per colour".to_string());
        }
        let per_colour = u64::from(self.games_per_match);
        bounds::check_range("games per colour", per_colour, 1, bounds::MAX_GAMES / 2)?;
        let generations = u64::from(self.generations);
        bounds::check_range("generations", generations, 1, bounds::MAX_GENERATIONS)?;
        if self.mutation_percent == 0 || self.mutation_percent > 100 {
            return Err(format!(
                "mutation {} %: choose 1 to 100",
                self.mutation_percent
            ));
        }
        if let Some(test) = &self.early_stop {
            test.validate()?;
        }
        if self.weights.0.iter().all(|&w| w == 0) {
            return Err("the weights are all zero: nothing to scale or mutate".to_string());
        }
        if self.weights.0.iter().any(|w| w.abs() > Weights::LIMIT) {
            return Err(format!("weights range from -{0} to {0}", Weights::LIMIT));
        }
        Ok(())
    }
}

impl EvolutionState {
    /// The state before the first generation.
    pub fn new(settings: EvolutionSettings) -> Self {
        EvolutionState {
            parent: settings.weights,
            baseline: settings.weights,
            best_score: 0,
            multiplier: FIRST_MULTIPLIER,
            generation: 0,
            champions: Vec::new(),
            history: Vec::new(),
            settings,
        }
    }

    /// Whether every generation has run.
    pub fn is_complete(&self) -> bool {
        self.generation >= self.settings.generations
    }
}

/// How long a run has been going, from its history.
pub fn total_time(state: &EvolutionState) -> Duration {
    Duration::from_secs_f64(state.history.iter().map(|g| g.seconds).sum())
}

impl Checkpointed for EvolutionState {
    const VERSION: u32 = 1;
    const RUN: &'static str = "an evolution run";

    fn check(&self) -> Result<(), String> {
        let state = self;
        state.settings.validate()?;
        for champion in &state.champions {
            check_name(&champion.name)?;
        }
        let in_range = |w: &Weights| w.0.iter().all(|v| v.abs() <= Weights::LIMIT);
        if !in_range(&state.parent) || !in_range(&state.baseline) {
            return Err(format!("weights range from -{0} to {0}", Weights::LIMIT));
        }
        if state.multiplier == 0 {
            return Err("the gauntlet multiplier is 0".to_string());
        }
        if state.history.len() != state.generation as usize {
            return Err(format!(
                "{} generations finished but {} in the history",
                state.generation,
                state.history.len()
            ));
        }
        Ok(())
    }
}
