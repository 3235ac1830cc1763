//! Tuning in rounds (DESIGN §8): each round makes a position set with the current best player
//! (self-play and games against the run's opponents, labelled by its own deeper search), fits
//! new weights to it from the best's, and plays the result against the best; a candidate that
//! scores more than half replaces it. The run's folder holds each round's position set, each
//! accepted player as a preset and a checkpoint written after every round, so a stopped or
//! killed run resumes exactly where it was: the position set continues, the fit and the match
//! are replayed with the same seeds.

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::fit::{FitSettings, Iteration, Target, fit};
use super::generate::complete_set;
use super::position_set::{LabelSettings, NamedWeights, PositionSetSettings};
use super::round_run::{RoundEvent, RoundRun, RoundState, RoundsProgress};
use crate::ai::checkpoint::Checkpointed;
use crate::ai::crosstable::Record;
use crate::ai::duel::{DuelSettings, run_duel};
use crate::ai::gsprt::Gsprt;
use crate::ai::selfplay::GameSettings;
use crate::ai::{Preset, RunError};
use crate::players::preset::check_name;
use engine::Weights;
use std::path::Path;

/// What a tuning run does in every round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundsSettings {
    /// The tuned player's name (its presets are `<name>-r<round>`).
    pub name: String,
    /// Where the run starts.
    pub start: NamedWeights,
    /// Rounds to play.
    pub rounds: u32,
    /// How the position sets' games are played.
    pub game: GameSettings,
    /// Besides the best player, who plays in the position sets' games.
    pub opponents: Vec<NamedWeights>,
    /// Positions per round.
    pub count: usize,
    /// Positions drawn from each game at most.
    pub per_game: usize,
    /// The labelling search's depth (the best player's own search), if labelled.
    pub label_depth: Option<u32>,
    /// What the weights are fitted to.
    pub target: Target,
    /// Games of each verification match (candidate against the best).
    pub verify_games: u32,
    /// The verification's search depth.
    pub verify_depth: u32,
    /// Stop verification matches early by a GSPRT with this δ (Elo).
    pub early_stop: Option<f64>,
    /// Seed of everything random in the run.
    pub seed: u64,
}

/// One finished round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundSummary {
    /// Its number, from 1.
    pub round: u32,
    /// Its position set's file name in the run's folder, and the set's hash.
    pub data: (String, String),
    /// The fitted weights.
    pub candidate: Weights,
    /// The fit's hold-out loss at the start and at the kept step.
    pub holdout: (f64, f64),
    /// The candidate's wins, draws and losses against the best.
    pub record: (u32, u32, u32),
    /// Whether the candidate became the best.
    pub accepted: bool,
}

impl RoundSummary {
    /// In a word: accepted, rejected, or unchanged (the fit kept the best's weights).
    pub fn verdict(&self) -> &'static str {
        match (self.accepted, self.record) {
            (true, _) => "accepted",
            (false, (0, 0, 0)) => "unchanged",
            (false, _) => "rejected",
        }
    }
}

/// The whole state of a tuning run: what its checkpoint holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundsState {
    /// The run's settings.
    pub settings: RoundsSettings,
    /// The best player so far.
    pub best: NamedWeights,
    /// Every finished round, oldest first.
    pub history: Vec<RoundSummary>,
}

impl Checkpointed for RoundsState {
    const VERSION: u32 = 1;
    const RUN: &'static str = "a tuning run";

    fn check(&self) -> Result<(), String> {
        self.settings.validate()?;
        check_name(&self.best.name)?;
        if self.history.len() > self.settings.rounds as usize {
            return Err(format!(
                "{} rounds in the history of a run of {}",
                self.history.len(),
                self.settings.rounds
            ));
        }
        Ok(())
    }
}

impl RoundsSettings {
    /// Checks the settings.
    pub fn validate(&self) -> Result<(), String> {
        check_name(&self.name)?;
        check_name(&self.start.name)?;
        let rounds = u64::from(self.rounds);
        engine::bounds::check_range("rounds", rounds, 1, engine::bounds::MAX_ROUNDS)?;
        self.positions(&self.start, 1).validate()?;
        self.duel(&self.start, self.start.weights, 1).validate()
    }

    /// The position set of `round` made with `best`.
    fn positions(&self, best: &NamedWeights, round: u32) -> PositionSetSettings {
        let mut players = vec![best.clone()];
        players.extend(self.opponents.iter().cloned());
        PositionSetSettings {
            game: self.game,
            players,
            count: self.count,
            per_game: self.per_game,
            max_empties: None,
            seed: self.seed.wrapping_add(u64::from(round) * 1_000_003),
            label: self.label_depth.map(|depth| LabelSettings {
                depth,
                exact_empties: (depth + 4).min(14),
                labeller: best.clone(),
                patterns: None,
            }),
        }
    }

    /// The verification match of `round`: `candidate` against `best`.
    fn duel(&self, best: &NamedWeights, candidate: Weights, round: u32) -> DuelSettings {
        let preset = |name, weights| Preset::weighted(name, String::new(), weights);
        DuelSettings {
            first: preset(round_name(&self.name, round), candidate),
            second: preset(best.name.clone(), best.weights),
            games: self.verify_games,
            game: GameSettings {
                depth: self.verify_depth,
                ..self.game
            },
            seed: self.seed.wrapping_add(u64::from(round)),
            early_stop: self.early_stop.map(|elo| Gsprt { elo }),
        }
    }
}

/// The name of the candidate of `round`.
fn round_name(name: &str, round: u32) -> String {
    format!("{name}-r{round}")
}

/// What a tuning run reports as it goes (rounds from 1, the fit's steps).
pub type RoundsEvent = RoundEvent<Iteration, RoundsState>;

impl RoundsProgress for RoundsState {
    type Round = RoundSummary;

    fn history(&self) -> &[RoundSummary] {
        &self.history
    }

    fn rounds_total(&self) -> usize {
        self.settings.rounds as usize
    }

    fn round_line(&self, round: &RoundSummary) -> String {
        let (wins, draws, losses) = round.record;
        format!(
            "round {}: {} positions, hold-out loss {:.6} → {:.6}; candidate {} scored \
             {wins}-{draws}-{losses}: {}",
            round.round,
            self.settings.count,
            round.holdout.0,
            round.holdout.1,
            round.candidate,
            round.verdict()
        )
    }

    fn headline(&self, folder: &Path) -> String {
        let s = &self.settings;
        format!(
            "tuning {} from {} in {}: {} rounds of {} positions on {} (games at depth {}{}), target \
         {:?}, verified in {} games at depth {}; {} rounds done, best {}",
            s.name,
            s.start.name,
            folder.display(),
            s.rounds,
            s.count,
            s.game.shape,
            s.game.depth,
            s.label_depth
                .map(|d| format!(", labelled at depth {d}"))
                .unwrap_or_default(),
            s.target,
            s.verify_games,
            s.verify_depth,
            self.history.len(),
            self.best.name,
        )
    }

    fn resting_status(&self) -> String {
        match self.unfinished() {
            false => format!("finished: the best is {}", self.best.name),
            true => format!(
                "stopped after round {} of {}: Resume continues it",
                self.rounds_done(),
                self.settings.rounds
            ),
        }
    }
}

/// A tuning run in its folder.
pub type TuningRun = RoundRun<RoundsState>;

impl RoundState for RoundsState {
    type Settings = RoundsSettings;
    type Step = Iteration;

    fn begin(settings: RoundsSettings) -> Result<Self, String> {
        settings.validate()?;
        Ok(RoundsState {
            best: settings.start.clone(),
            settings,
            history: Vec::new(),
        })
    }

    fn next_round(&self) -> u32 {
        self.history.len() as u32 + 1
    }

    fn play_round(
        run: &TuningRun,
        round: u32,
        cancel: &AtomicBool,
        on_event: &(dyn Fn(RoundsEvent) + Sync),
    ) -> Result<Option<RoundSummary>, RunError> {
        run.tune_round(round, cancel, on_event)
    }

    /// An accepted candidate becomes the best, and a preset in the run's folder.
    fn record(run: &mut TuningRun, summary: RoundSummary) -> Result<(), RunError> {
        if summary.accepted {
            let best = NamedWeights {
                name: round_name(&run.state.settings.name, summary.round),
                weights: summary.candidate,
                patterns: Vec::new(),
            };
            run.export(&best, &summary)?;
            run.state.best = best;
        }
        run.state.history.push(summary);
        Ok(())
    }
}

impl TuningRun {
    /// One round; `None` when cancelled.
    fn tune_round(
        &self,
        round: u32,
        cancel: &AtomicBool,
        on_event: &(dyn Fn(RoundsEvent) + Sync),
    ) -> Result<Option<RoundSummary>, RunError> {
        let settings = &self.state.settings;
        let best = &self.state.best;
        let positions = settings.positions(best, round);
        let file_name = format!("round-{round}.positions");
        let path = self.folder.join(&file_name);
        let Some(set) = complete_set(&path, &positions, cancel, &|progress| {
            on_event(RoundsEvent::Positions(*progress))
        })?
        else {
            return Ok(None);
        };
        let fitted = fit(
            &set.samples,
            &best.weights,
            &FitSettings::new(settings.target),
            cancel,
            &mut |step| on_event(RoundsEvent::Fit(*step)),
        )
        .map_err(RunError::Settings)?;
        let Some(fitted) = fitted else {
            return Ok(None);
        };
        let summary = |record: (u32, u32, u32), accepted| RoundSummary {
            round,
            data: (file_name.clone(), set.hash.clone()),
            candidate: fitted.weights,
            holdout: (
                fitted.iterations[0].holdout,
                fitted.best_iteration().holdout,
            ),
            record,
            accepted,
        };
        // A fit that kept the best's own weights has nothing to prove.
        if fitted.weights == best.weights {
            return Ok(Some(summary((0, 0, 0), false)));
        }
        let duel = settings.duel(best, fitted.weights, round);
        let games = duel.games;
        let Some(verdict) = run_duel(&duel, cancel, &|so_far| {
            on_event(RoundsEvent::Match(*so_far, games))
        }) else {
            return Ok(None);
        };
        let record: Record = verdict.result.record;
        Ok(Some(RoundSummary {
            round,
            data: (file_name, set.hash.clone()),
            candidate: fitted.weights,
            holdout: (
                fitted.iterations[0].holdout,
                fitted.best_iteration().holdout,
            ),
            record: (record.wins, record.draws, record.losses),
            accepted: record.net() > 0,
        }))
    }

    /// Writes an accepted player as a preset in the run's folder, with its provenance.
    fn export(&self, best: &NamedWeights, summary: &RoundSummary) -> Result<(), RunError> {
        let (wins, draws, losses) = summary.record;
        let preset = Preset::weighted(
            best.name.clone(),
            format!(
                "Tuned by reversi3d tune --rounds from {} ({}): round {} on {} (set {}), \
                 {wins}-{draws}-{losses} against {}.",
                self.state.settings.start.name,
                self.state.settings.start.weights,
                summary.round,
                summary.data.0,
                summary.data.1,
                self.state.best.name,
            ),
            best.weights,
        );
        preset.save(&self.folder.join(preset.file_name()))?;
        Ok(())
    }
}
