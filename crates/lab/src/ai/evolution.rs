//! Evolution of a player's weights, exactly the seed's algorithm (DESIGN §4): per generation a
//! normalised parent, a mutant, a scout match, a line search along the mutation and a gauntlet
//! against the baseline; a gauntlet won by more than ever before crowns a champion, exported
//! as a preset at once. The whole state is checkpointed after every generation.
//!
//! Every random choice of generation g comes from a generator seeded by (seed, g), and every
//! game draws its own seed from it, so a run is the same for any number of workers and a
//! resumed run continues exactly as an uninterrupted one would have.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::RngExt;
use serde::{Deserialize, Serialize};

use super::arena::{MatchResult, RunError, match_orders, play_match};
use super::checkpoint::{CHECKPOINT_FILE, load_checkpoint, save_checkpoint};
use super::gsprt::Gsprt;
use super::mutation::{add, difference, double, halve, mutate, negate};
use super::preset::{Preset, file_name_of};
use super::selfplay::{GameSettings, stream_rng};
use engine::{Geometry, Weights, WidthJob};

/// The most line-search steps per generation.
const LINE_SEARCH_STEPS: u32 = 30;
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
        self.game.validate()?;
        if self.games_per_match == 0 {
            return Err("a match needs at least one game per colour".to_string());
        }
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

/// An evolution run kept in a folder: its checkpoint and its champions' presets.
#[derive(Debug)]
pub struct Evolution {
    folder: PathBuf,
    state: EvolutionState,
}

impl Evolution {
    /// A new run in `folder`, which must not hold a run already; the first checkpoint is
    /// written at once.
    pub fn start(settings: EvolutionSettings, folder: &Path) -> Result<Self, RunError> {
        settings.validate().map_err(RunError::Settings)?;
        let checkpoint = folder.join(CHECKPOINT_FILE);
        if checkpoint.exists() {
            return Err(RunError::Settings(format!(
                "{} holds an evolution run already: resume it, or choose another folder",
                folder.display()
            )));
        }
        let evolution = Evolution {
            folder: folder.to_path_buf(),
            state: EvolutionState::new(settings),
        };
        save_checkpoint(folder, &evolution.state)?;
        Ok(evolution)
    }

    /// The run kept in `folder`, as its checkpoint left it.
    pub fn resume(folder: &Path) -> Result<Self, RunError> {
        Ok(Evolution {
            folder: folder.to_path_buf(),
            state: load_checkpoint(folder)?,
        })
    }

    /// The state after the last finished generation.
    pub fn state(&self) -> &EvolutionState {
        &self.state
    }

    /// The folder of the run.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// Changes how many generations the run goes to (to extend a finished run).
    pub fn set_generations(&mut self, generations: u32) {
        self.state.settings.generations = generations;
    }

    /// Runs generations on the current rayon pool until the last one or until the cancel
    /// flag is set; a generation cut short is dropped (the next run replays it from its
    /// start). Every finished generation is checkpointed before it is reported.
    pub fn run(
        &mut self,
        cancel: &AtomicBool,
        on_event: &(dyn Fn(&EvolutionEvent) + Sync),
    ) -> Result<(), RunError> {
        self.state.settings.validate().map_err(RunError::Settings)?;
        let shape = self.state.settings.game.shape;
        shape.dispatch(Generations {
            evolution: self,
            cancel,
            on_event,
        })
    }
}

struct Generations<'a> {
    evolution: &'a mut Evolution,
    cancel: &'a AtomicBool,
    on_event: &'a (dyn Fn(&EvolutionEvent) + Sync),
}

impl WidthJob for Generations<'_> {
    type Output = Result<(), RunError>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Self::Output {
        let evolution = self.evolution;
        while !evolution.state.is_complete() && !self.cancel.load(Ordering::Relaxed) {
            let clock = Instant::now();
            let mut generation = Generation {
                geometry,
                state: evolution.state.clone(),
                folder: &evolution.folder,
                cancel: self.cancel,
                on_event: self.on_event,
                rng: stream_rng(
                    evolution.state.settings.seed,
                    u64::from(evolution.state.generation) + 1,
                ),
                games: 0,
                nodes: 0,
            };
            let Some(mut summary) = generation.play()? else {
                break;
            };
            summary.seconds = clock.elapsed().as_secs_f64();
            let mut state = generation.state;
            state.history.push(summary.clone());
            save_checkpoint(&evolution.folder, &state)?;
            evolution.state = state;
            let seconds = clock.elapsed().as_secs_f64().max(1e-9);
            (self.on_event)(&EvolutionEvent::Finished {
                games_per_second: f64::from(summary.games) / seconds,
                nodes_per_second: summary.nodes as f64 / seconds,
                summary,
                state: Box::new(evolution.state.clone()),
            });
        }
        Ok(())
    }
}

/// One generation in progress, working on a copy of the state.
struct Generation<'a, const W: usize> {
    geometry: &'a Geometry<W>,
    state: EvolutionState,
    folder: &'a Path,
    cancel: &'a AtomicBool,
    on_event: &'a (dyn Fn(&EvolutionEvent) + Sync),
    rng: rand::rngs::Xoshiro256PlusPlus,
    games: u32,
    nodes: u64,
}

/// The two kinds of match of a generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Length {
    /// n games per colour, decided by the sign of the net score (early stop allowed).
    Decisive,
    /// n × multiplier games per colour, scored by the net score.
    Gauntlet,
}

/// Ends the generation (with `Ok(None)`) when a match was cancelled.
macro_rules! played {
    ($result:expr) => {
        match $result {
            Some(result) => result,
            None => return Ok(None),
        }
    };
}

impl<const W: usize> Generation<'_, W> {
    /// Plays the generation; `None` when it was cancelled.
    fn play(&mut self) -> Result<Option<GenerationSummary>, RunError> {
        let number = self.state.generation + 1;
        (self.on_event)(&EvolutionEvent::Generation { generation: number });
        let parent = self.state.parent.normalized(&mut self.rng);
        self.state.parent = parent;
        let mutant = mutate(&parent, self.state.settings.mutation_percent, &mut self.rng);
        let scout = played!(self.play_match(mutant, parent, Length::Decisive));
        (self.on_event)(&EvolutionEvent::Scout {
            mutant,
            result: scout,
        });
        let mut summary = GenerationSummary {
            generation: number,
            scout_net: scout.net(),
            line_steps: 0,
            gauntlet_net: None,
            best_score: self.state.best_score,
            champion: false,
            parent,
            games: 0,
            nodes: 0,
            seconds: 0.0,
        };
        if scout.net() > 0 {
            let (candidate, steps) = played!(self.line_search(mutant, parent));
            summary.line_steps = steps;
            let gauntlet =
                played!(self.play_match(candidate, self.state.baseline, Length::Gauntlet));
            (self.on_event)(&EvolutionEvent::Gauntlet {
                candidate,
                result: gauntlet,
                best_score: self.state.best_score,
            });
            summary.gauntlet_net = Some(gauntlet.net());
            if gauntlet.net() > self.state.best_score {
                self.crown(number, candidate, gauntlet)?;
                summary.champion = true;
            }
        }
        self.state.generation = number;
        summary.best_score = self.state.best_score;
        summary.parent = self.state.parent;
        summary.games = self.games;
        summary.nodes = self.nodes;
        Ok(Some(summary))
    }

    /// The line search from the normalised mutant along its step from the parent; returns the
    /// point it settles on and the steps played, or `None` when cancelled.
    fn line_search(&mut self, mutant: Weights, parent: Weights) -> Option<(Weights, u32)> {
        let mut centre = mutant.normalized(&mut self.rng);
        let mut step = difference(&centre, &parent);
        let mut expanding = true;
        let mut steps = 0;
        while steps < LINE_SEARCH_STEPS {
            let ahead = add(&centre, &step).normalized(&mut self.rng);
            let behind = add(&centre, &negate(&step)).normalized(&mut self.rng);
            if ahead == centre && behind == centre {
                break;
            }
            steps += 1;
            let ahead_net = self.decisive_match(ahead, centre)?;
            let behind_net = self.decisive_match(behind, centre)?;
            match (ahead_net > 0, behind_net > 0) {
                (false, false) => {
                    expanding = false;
                    step = halve(&step);
                }
                (true, false) => {
                    centre = ahead;
                    step = if expanding {
                        double(&step)
                    } else {
                        halve(&step)
                    };
                }
                (false, true) => {
                    centre = behind;
                    expanding = false;
                    step = halve(&step);
                }
                (true, true) => {
                    let net = self.decisive_match(ahead, behind)?;
                    if net != 0 {
                        centre = if net > 0 { ahead } else { behind };
                    }
                    expanding = false;
                    step = halve(&step);
                }
            }
            (self.on_event)(&EvolutionEvent::LineStep {
                step: steps,
                ahead: (ahead, ahead_net),
                behind: (behind, behind_net),
                centre,
            });
        }
        Some((centre, steps))
    }

    /// A scout-size match whose draw is replayed once; the net score of `first`.
    fn decisive_match(&mut self, first: Weights, second: Weights) -> Option<i32> {
        let net = self.play_match(first, second, Length::Decisive)?.net();
        if net != 0 {
            return Some(net);
        }
        Some(self.play_match(first, second, Length::Decisive)?.net())
    }

    /// A match of the given length, seeded from the generation's generator.
    fn play_match(
        &mut self,
        first: Weights,
        second: Weights,
        length: Length,
    ) -> Option<MatchResult> {
        let settings = &self.state.settings;
        let (multiplier, early_stop) = match length {
            Length::Decisive => (1, settings.early_stop),
            Length::Gauntlet => (self.state.multiplier, None),
        };
        let per_colour = settings.games_per_match * multiplier;
        let orders = match_orders(first, second, per_colour, self.rng.random::<u64>());
        let result = play_match(
            self.geometry,
            &settings.game,
            &orders,
            early_stop,
            self.cancel,
            &|_| {},
        )?;
        self.games += result.games();
        self.nodes += result.nodes;
        Some(result)
    }

    /// Makes `candidate` the champion and parent, exports it, and applies the perfect-sweep
    /// rule.
    fn crown(
        &mut self,
        generation: u32,
        candidate: Weights,
        gauntlet: MatchResult,
    ) -> Result<(), RunError> {
        let sweep = gauntlet.record.wins == gauntlet.games();
        let champion = Champion {
            generation,
            name: champion_name(&self.state.settings.player, generation),
            weights: candidate,
            net: gauntlet.net(),
            games: gauntlet.games(),
            sweep,
        };
        let preset = self.export(&champion)?;
        self.state.parent = candidate;
        self.state.best_score = gauntlet.net();
        if sweep {
            self.state.baseline = candidate;
            self.state.best_score = 0;
            self.state.multiplier = self.state.multiplier.saturating_mul(2);
        }
        self.state.champions.push(champion.clone());
        (self.on_event)(&EvolutionEvent::Champion { champion, preset });
        Ok(())
    }

    /// Writes the champion's preset into the run's folder.
    fn export(&self, champion: &Champion) -> Result<PathBuf, RunError> {
        let settings = &self.state.settings;
        let preset = Preset {
            name: champion.name.clone(),
            description: format!(
                "evolved from {} by reversi3d evolve: generation {}, gauntlet {:+} in {} games, \
                 {} depth {} {} search, seed {}",
                settings.player,
                champion.generation,
                champion.net,
                champion.games,
                settings.game.shape,
                settings.game.depth,
                settings.game.search.label(),
                settings.seed
            ),
            weights: champion.weights,
        };
        let path = champion.preset_file(self.folder);
        preset.save(&path)?;
        Ok(path)
    }
}

/// The name of the champion found in `generation` of a run improving `player`.
fn champion_name(player: &str, generation: u32) -> String {
    let base: String = player.chars().take(30).collect();
    format!("{}-g{generation}", base.trim())
}

/// How long a run has been going, from its history.
pub fn total_time(state: &EvolutionState) -> Duration {
    Duration::from_secs_f64(state.history.iter().map(|g| g.seconds).sum())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn champion_names_stay_short() {
        assert_eq!(champion_name("Jolly", 17), "Jolly-g17");
        assert!(champion_name(&"x".repeat(40), 1000).len() <= 40);
    }
}
