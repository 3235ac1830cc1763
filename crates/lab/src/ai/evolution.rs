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
use std::time::Instant;

use rand::RngExt;

use super::arena::{MatchResult, RunError, match_orders, play_match};
use super::checkpoint::{CHECKPOINT_FILE, load_checkpoint, save_checkpoint};
pub use super::evolution_state::{
    Champion, EvolutionEvent, EvolutionSettings, EvolutionState, GenerationSummary, total_time,
};
use super::mutation::{add, difference, double, halve, mutate, negate};
use super::selfplay::stream_rng;
use crate::players::preset::Preset;
use engine::search::Evaluation;
use engine::{Geometry, Weights, WidthJob};

/// The most line-search steps per generation.
const LINE_SEARCH_STEPS: u32 = 30;
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

    /// Changes how many generations the run goes to (to extend a finished run), within
    /// [`engine::bounds::MAX_GENERATIONS`].
    pub fn set_generations(&mut self, generations: u32) -> Result<(), RunError> {
        let most = engine::bounds::MAX_GENERATIONS;
        engine::bounds::check_range("generations", generations.into(), 1, most)
            .map_err(|e| RunError::Settings(e.to_string()))?;
        self.state.settings.generations = generations;
        Ok(())
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
        // The gauntlet grows with every sweep, up to the bound on a match's games.
        let most = (engine::bounds::MAX_GAMES / 2) as u32;
        let per_colour = settings
            .games_per_match
            .saturating_mul(multiplier)
            .min(most);
        let orders = match_orders(
            Evaluation::weights(first),
            Evaluation::weights(second),
            per_colour,
            self.rng.random::<u64>(),
        );
        let result = play_match(
            self.geometry,
            &settings.game,
            orders,
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
        let preset = Preset::weighted(
            champion.name.clone(),
            format!(
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
            champion.weights,
        );
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn champion_names_stay_short() {
        assert_eq!(champion_name("Jolly", 17), "Jolly-g17");
        assert!(champion_name(&"x".repeat(40), 1000).len() <= 40);
    }
}
