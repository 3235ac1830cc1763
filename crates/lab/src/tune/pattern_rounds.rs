//! Training a board's pattern evaluation in bootstrapping rounds, as Logistello was trained
//! (issue 60). Round 0 draws endgame positions, scores them exactly and fits the first tables.
//! Each later round draws positions from ever earlier stages (every stage from round
//! `growing_rounds` on), labels them with a search by the best evaluation so far (the newest
//! fit while none has won yet), fits all the run's sets together, and plays the fit against
//! the best player so far on openings of its own: the fit becomes the best only by scoring
//! more than half. The run's folder holds each round's position set and fit, and a checkpoint
//! written after every round, so a stopped or killed run resumes where it was.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::generate::complete_set;
use super::pattern_fit::{FitTarget, PatternEpoch, PatternFitSettings, fit_patterns, targets};
use super::position_set::{LabelSettings, NamedWeights, PositionSet, PositionSetSettings};
use super::round_run::{RoundEvent, RoundRun, RoundState, RoundsProgress};
use crate::ai::checkpoint::Checkpointed;
use crate::ai::duel::{DuelSettings, run_duel};
use crate::ai::selfplay::GameSettings;
use crate::ai::{Preset, RunError};
use crate::files::{FileError, write_atomically};
use crate::players::pattern_source::{LoadedPatterns, PatternSource};
use crate::players::preset::check_name;
use engine::bounds::{MAX_ROUNDS, check_depth, check_range};
use engine::search::SearchKind;
use engine::{Rules, Shape};

/// Iterations of the conjugate-gradient fit, at most, and without a better hold-out error.
const FIT_ITERATIONS: (usize, usize) = (500, 20);

/// The seed offset of the verification matches, far from the position sets' seeds, so that
/// their openings are fresh.
const VERIFICATION_SEEDS: u64 = 0x5eed_0000_0000;

/// What a training run does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PatternRoundsSettings {
    /// The trained evaluation's name (its fits play as `<name>-r<round>`).
    pub name: String,
    /// Board, rules (classic), search and depth of the position sets' games, opening plies.
    pub game: GameSettings,
    /// Who plays the position sets' games.
    pub players: Vec<NamedWeights>,
    /// The player every fit must beat until one has (it may evaluate by patterns itself):
    /// its nine weights also order the shallow nodes of the labelling searches and of the
    /// fits' games.
    pub start: NamedWeights,
    /// Rounds after round 0.
    pub rounds: u32,
    /// Rounds over which the drawn stages grow from the endgame to the whole game.
    pub growing_rounds: u32,
    /// Positions in each round's set.
    pub count: usize,
    /// Positions drawn from each game at most.
    pub per_game: usize,
    /// Round 0 draws positions with at most this many empty cells and scores them exactly.
    pub exact_empties: u32,
    /// Depth of the labelling search of later rounds (exact from 4 more empty cells, at
    /// most 14).
    pub label_depth: u32,
    /// Whether each later round's positions are labelled a second time, one ply shallower
    /// (the same games, `round-K-shallower.positions`), and fitted with the others: the fit
    /// then agrees with searches whose leaves have either side to move (BENCHMARKS.md, "the
    /// odd–even effect").
    #[serde(default)]
    pub both_parities: bool,
    /// Whether each fit also weighs an even number of empty cells in every phase (who is due
    /// the last move, [`PatternFitSettings::parity`]): tables spanning several empty counts
    /// cannot tell it.
    #[serde(default)]
    pub parity: bool,
    /// The fit's regularisation (see [`PatternFitSettings::regularization`]).
    pub regularization: f32,
    /// Games of each verification match.
    pub verify_games: u32,
    /// Depth of the verification games (strong search).
    pub verify_depth: u32,
    /// Seed of everything random in the run.
    pub seed: u64,
}

/// One finished round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PatternRoundSummary {
    /// Its number, from 0.
    pub round: u32,
    /// Its position set's file name in the run's folder, and the set's hash.
    pub data: (String, String),
    /// The same positions labelled one ply shallower, in a run of both parities.
    #[serde(default)]
    pub shallower_data: Option<(String, String)>,
    /// Its fit's file in the run's folder, with the content hash.
    pub fit: PatternSource,
    /// Positions fitted and held out (every round's sets so far).
    pub positions: (usize, usize),
    /// The fit's hold-out error in discs: root mean square, and mean absolute on the exact
    /// scores if any were held out.
    pub holdout: (f64, Option<f64>),
    /// The fit's wins, draws and losses against the best player so far.
    pub record: (u32, u32, u32),
    /// Whether the fit became the best.
    pub accepted: bool,
}

/// The name of round `round`'s fit in a run named `name`.
fn fit_name(name: &str, round: u32) -> String {
    format!("{name}-r{round}")
}

impl PatternRoundSummary {
    /// The name its fit plays under in a run named `name`.
    pub fn player_name(&self, name: &str) -> String {
        fit_name(name, self.round)
    }

    /// The preset file of its player in the run's `folder` (written once the fit has won its
    /// match).
    pub fn preset_file(&self, folder: &Path, name: &str) -> PathBuf {
        folder.join(crate::players::preset::file_name_of(
            &self.player_name(name),
        ))
    }
}

/// The whole state of a training run: what its checkpoint holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PatternRoundsState {
    /// The run's settings.
    pub settings: PatternRoundsSettings,
    /// Every finished round, oldest first.
    pub history: Vec<PatternRoundSummary>,
}

impl Checkpointed for PatternRoundsState {
    const VERSION: u32 = 1;
    const RUN: &'static str = "a pattern training run";

    fn check(&self) -> Result<(), String> {
        self.settings.validate()?;
        if self.history.len() > self.settings.rounds as usize + 1 {
            return Err(format!(
                "{} rounds in the history of a run of {} after round 0",
                self.history.len(),
                self.settings.rounds
            ));
        }
        Ok(())
    }
}

impl PatternRoundsState {
    /// The best fit so far, if one has won its match.
    pub fn best(&self) -> Option<&PatternRoundSummary> {
        self.history.iter().rev().find(|round| round.accepted)
    }

    /// The evaluation that labels the next round: the best fit, or the newest before any
    /// has won.
    fn labeller(&self) -> Option<&PatternSource> {
        (self.best().or(self.history.last())).map(|round| &round.fit)
    }
}

impl PatternRoundsSettings {
    /// The games a run on `shape` draws its positions from by default: quick self-play
    /// (classic search, depth 1) after 4 random plies.
    pub fn set_games(shape: Shape) -> GameSettings {
        GameSettings {
            shape,
            rules: Rules::Classic,
            depth: 1,
            search: SearchKind::Classic,
            opening_plies: 4,
            time_per_move: None,
        }
    }

    /// Checks the settings.
    pub fn validate(&self) -> Result<(), String> {
        check_name(&self.name)?;
        if self.game.rules != Rules::Classic {
            return Err("pattern evaluations are trained on classic games".to_string());
        }
        check_range("rounds", u64::from(self.rounds), 0, MAX_ROUNDS)?;
        let growing = u64::from(self.growing_rounds);
        check_range("growing rounds", growing, 1, MAX_ROUNDS)?;
        let full = u64::from(self.game.shape.start_empties());
        check_range("exact empties", u64::from(self.exact_empties), 1, full)?;
        check_depth("label depth", self.label_depth)?;
        if self.both_parities && self.label_depth < 2 {
            return Err("labels of both parities need a label depth of at least 2".to_string());
        }
        if !(self.regularization.is_finite() && self.regularization >= 0.0) {
            return Err(format!(
                "regularization {}: give a number ≥ 0",
                self.regularization
            ));
        }
        self.positions(0, None).validate()?;
        let start = self.start.preset().map_err(|e| e.to_string())?;
        self.duel(0, start.clone(), start).validate()
    }

    /// The most empty cells of the positions `round` draws (`None`: every stage).
    pub fn stages(&self, round: u32) -> Option<u32> {
        if round == 0 {
            return Some(self.exact_empties);
        }
        let (exact, full) = (self.exact_empties, self.game.shape.start_empties());
        let grown = exact + (full - exact) * round / self.growing_rounds;
        (grown < full).then_some(grown)
    }

    /// The phase edges of `round`'s fit, up to the round's stages: 6, 10, then each about a
    /// third above the one before (6, 10, 14, 19, 26, 35, 47, 63, …).
    pub fn edges(&self, round: u32) -> Vec<u32> {
        let most = self
            .stages(round)
            .unwrap_or(self.game.shape.start_empties());
        let mut edges = Vec::new();
        let mut edge = 6;
        while edge < most {
            edges.push(edge);
            edge = (edge + 4).max((edge * 27).div_ceil(20));
        }
        edges
    }

    /// The position set of `round`, labelled by `labeller` after round 0.
    fn positions(&self, round: u32, labeller: Option<&PatternSource>) -> PositionSetSettings {
        let label = match labeller {
            Some(patterns) if round > 0 => LabelSettings {
                depth: self.label_depth,
                exact_empties: (self.label_depth + 4).min(14),
                labeller: self.start.clone(),
                patterns: Some(patterns.clone()),
            },
            _ => LabelSettings {
                depth: 1,
                exact_empties: self.exact_empties,
                labeller: self.start.clone(),
                patterns: None,
            },
        };
        PositionSetSettings {
            game: self.game,
            players: self.players.clone(),
            count: self.count,
            per_game: self.per_game,
            max_empties: self.stages(round),
            seed: self.seed.wrapping_add(u64::from(round) * 1_000_003),
            label: Some(label),
        }
    }

    /// The sets of `round`: its position set, and in a run of both parities after round 0
    /// the same positions labelled one ply shallower.
    fn sets(&self, round: u32, labeller: Option<&PatternSource>) -> Vec<PositionSetSettings> {
        let set = self.positions(round, labeller);
        let mut sets = vec![set.clone()];
        if let Some(label) = set
            .label
            .filter(|l| self.both_parities && l.patterns.is_some())
        {
            let depth = label.depth - 1;
            let label = Some(LabelSettings { depth, ..label });
            sets.push(PositionSetSettings { label, ..set });
        }
        sets
    }

    /// The verification match of `round`: `candidate` against `best`.
    fn duel(&self, round: u32, candidate: Preset, best: Preset) -> DuelSettings {
        DuelSettings {
            first: candidate,
            second: best,
            games: self.verify_games,
            game: GameSettings {
                depth: self.verify_depth,
                search: SearchKind::Strong,
                time_per_move: None,
                ..self.game
            },
            seed: self
                .seed
                .wrapping_add(VERIFICATION_SEEDS + u64::from(round)),
            early_stop: None,
        }
    }

    /// The player of a fit: the start's weights, evaluating by the fit's patterns.
    fn player(&self, name: String, patterns: LoadedPatterns) -> Preset {
        Preset {
            name,
            description: format!(
                "Patterns trained by reversi3d train-patterns ({})",
                self.name
            ),
            weights: self.start.weights,
            patterns: vec![patterns],
        }
    }
}

/// What a training run reports as it goes (rounds from 0, the fit's iterations).
pub type PatternRoundsEvent = RoundEvent<PatternEpoch, PatternRoundsState>;

impl RoundsProgress for PatternRoundsState {
    type Round = PatternRoundSummary;

    fn history(&self) -> &[PatternRoundSummary] {
        &self.history
    }

    fn rounds_total(&self) -> usize {
        self.settings.rounds as usize + 1
    }

    fn round_line(&self, round: &PatternRoundSummary) -> String {
        let (wins, draws, losses) = round.record;
        let exact = round.holdout.1.map_or(String::new(), |mae| {
            format!(", exact {mae:.2} mean absolute")
        });
        let verdict = if round.accepted {
            "accepted"
        } else {
            "rejected"
        };
        format!(
            "round {}: {} positions fitted, held out {:.2} discs rms{exact}; \
             {wins}-{draws}-{losses} against the best: {verdict} ({})",
            round.round,
            round.positions.0,
            round.holdout.0,
            round.fit.path.display()
        )
    }

    fn headline(&self, folder: &Path) -> String {
        let s = &self.settings;
        let depths = if s.both_parities {
            format!("depths {} and {}", s.label_depth - 1, s.label_depth)
        } else {
            format!("depth {}", s.label_depth)
        };
        let parity = if s.parity {
            " (fits with parity weights)"
        } else {
            ""
        };
        format!(
            "training {} patterns ({}) in {}: round 0 scores {} positions with ≤ {} empties \
         exactly; {} more rounds of {} positions labelled at {depths}, every stage from round \
         {}{parity}; each fit plays {} games at depth {} against the best so far (first {}); seed {}",
            s.game.shape,
            s.name,
            folder.display(),
            s.count,
            s.exact_empties,
            s.rounds,
            s.count,
            s.growing_rounds,
            s.verify_games,
            s.verify_depth,
            s.start.name,
            s.seed
        )
    }

    fn resting_status(&self) -> String {
        let (done, all) = (self.rounds_done(), self.rounds_total());
        match (self.unfinished(), self.best()) {
            (false, Some(best)) => {
                format!(
                    "finished: the best is {}",
                    best.player_name(&self.settings.name)
                )
            }
            (false, None) => format!("finished: no fit beat {}", self.settings.start.name),
            (true, _) => format!("stopped after {done} of {all} rounds: Resume continues it"),
        }
    }
}

/// A training run in its folder.
pub type PatternTraining = RoundRun<PatternRoundsState>;

impl RoundState for PatternRoundsState {
    type Settings = PatternRoundsSettings;
    type Step = PatternEpoch;

    fn begin(settings: PatternRoundsSettings) -> Result<Self, String> {
        settings.validate()?;
        Ok(PatternRoundsState {
            settings,
            history: Vec::new(),
        })
    }

    fn next_round(&self) -> u32 {
        self.history.len() as u32
    }

    fn play_round(
        run: &PatternTraining,
        round: u32,
        cancel: &AtomicBool,
        on_event: &(dyn Fn(PatternRoundsEvent) + Sync),
    ) -> Result<Option<PatternRoundSummary>, RunError> {
        run.train_round(round, cancel, on_event)
    }

    fn record(run: &mut PatternTraining, summary: PatternRoundSummary) -> Result<(), RunError> {
        run.state.history.push(summary);
        Ok(())
    }
}

impl PatternTraining {
    /// The position sets the next round needs, where they go and their settings (none when
    /// the run is over): made elsewhere (e.g. `reversi3d slurm positions`) and put there,
    /// each is taken as it is once complete.
    pub fn next_sets(&self) -> Vec<(PathBuf, PositionSetSettings)> {
        let round = self.state.history.len() as u32;
        if round > self.state.settings.rounds {
            return Vec::new();
        }
        self.sets_of(round)
    }

    /// The position sets of `round`: each one's file in the folder and its settings (the
    /// round's set, then the shallower labels of the same positions in a run of both
    /// parities).
    fn sets_of(&self, round: u32) -> Vec<(PathBuf, PositionSetSettings)> {
        let sets = (self.state.settings).sets(round, self.state.labeller());
        let names = [
            format!("round-{round}.positions"),
            format!("round-{round}-shallower.positions"),
        ];
        (names.into_iter().map(|name| self.folder.join(name)))
            .zip(sets)
            .collect()
    }

    /// One round; `None` when cancelled.
    fn train_round(
        &self,
        round: u32,
        cancel: &AtomicBool,
        on_event: &(dyn Fn(PatternRoundsEvent) + Sync),
    ) -> Result<Option<PatternRoundSummary>, RunError> {
        let settings = &self.state.settings;
        let mut sets = self.earlier_sets()?;
        let mut data = Vec::new();
        for (path, positions) in self.sets_of(round) {
            let Some(set) = complete_set(&path, &positions, cancel, &|p| {
                on_event(PatternRoundsEvent::Positions(*p))
            })?
            else {
                return Ok(None);
            };
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            data.push((name.into_owned(), set.hash.clone()));
            sets.push(set);
        }
        let mut data = data.into_iter();
        let main_data = data.next().expect("every round has its set");
        let fit_settings = PatternFitSettings {
            edges: settings.edges(round),
            max_epochs: FIT_ITERATIONS.0,
            patience: FIT_ITERATIONS.1,
            regularization: settings.regularization,
            prior: None,
            parity: settings.parity,
        };
        let all: Vec<_> = (sets.iter())
            .flat_map(|set| targets(set, FitTarget::Scores))
            .collect();
        let fit = fit_patterns(settings.game.shape, &all, &fit_settings, cancel, &mut |e| {
            on_event(PatternRoundsEvent::Fit(*e))
        })
        .map_err(|e| RunError::Settings(format!("round {round}: {e}")))?;
        if fit.cancelled {
            return Ok(None);
        }
        let fit_path = self.folder.join(format!("round-{round}.bin"));
        write_atomically(&fit_path, fit.evaluation.to_bytes())?;
        let loaded = LoadedPatterns::read(&fit_path, settings.game.shape)?;
        let candidate = settings.player(fit_name(&settings.name, round), loaded.clone());
        let duel = settings.duel(round, candidate, self.best_player()?);
        let games = duel.games;
        let Some(verdict) = run_duel(&duel, cancel, &|so_far| {
            on_event(PatternRoundsEvent::Match(*so_far, games))
        }) else {
            return Ok(None);
        };
        let record = verdict.result.record;
        let summary = PatternRoundSummary {
            round,
            data: main_data,
            shallower_data: data.next(),
            fit: loaded.source,
            positions: fit.positions,
            holdout: (fit.rounded_holdout.0, fit.exact_holdout.map(|(_, mae)| mae)),
            record: (record.wins, record.draws, record.losses),
            accepted: record.net() > 0,
        };
        if summary.accepted {
            self.export(&summary, duel.first, &duel.second.name)?;
        }
        Ok(Some(summary))
    }

    /// Writes an accepted fit's `player` (the candidate of its match against `beaten`) as a
    /// preset beside its fit, with its provenance.
    fn export(
        &self,
        round: &PatternRoundSummary,
        mut player: Preset,
        beaten: &str,
    ) -> Result<(), RunError> {
        let settings = &self.state.settings;
        let (wins, draws, losses) = round.record;
        player.description = format!(
            "Patterns of {} trained by reversi3d train-patterns: round {} on {} rounds' sets \
             ({} positions, held out {:.2} discs rms), {wins}-{draws}-{losses} against {}; \
             the nine weights of {} elsewhere.",
            settings.game.shape,
            round.round,
            round.round + 1,
            round.positions.0,
            round.holdout.0,
            beaten,
            settings.start.name,
        );
        player.save(&round.preset_file(&self.folder, &settings.name))?;
        Ok(())
    }

    /// The position sets of the finished rounds, each checked against its recorded hash.
    fn earlier_sets(&self) -> Result<Vec<PositionSet>, RunError> {
        let mut sets = Vec::new();
        for round in &self.state.history {
            for (name, hash) in std::iter::once(&round.data).chain(&round.shallower_data) {
                sets.push(self.checked_set(round.round, name, hash)?);
            }
        }
        Ok(sets)
    }

    /// The position set `name` of the folder, refused unless it has the settings' hash
    /// `round` recorded and all its positions.
    fn checked_set(&self, round: u32, name: &str, hash: &str) -> Result<PositionSet, RunError> {
        let path = self.folder.join(name);
        let set = super::position_set::read_position_set(&path)?;
        let problem = if set.hash != hash {
            format!(
                "the set changed: its hash is {}, round {round} used {hash}",
                set.hash
            )
        } else if !set.is_complete() {
            format!(
                "the set was cut: it holds {} of the {} positions round {round} fitted",
                set.complete.records, set.settings.count
            )
        } else {
            return Ok(set);
        };
        Err(RunError::File(FileError::new(&path, problem)))
    }

    /// The best player so far: the best fit's, or the start player.
    fn best_player(&self) -> Result<Preset, RunError> {
        let settings = &self.state.settings;
        Ok(match self.state.best() {
            Some(best) => settings.player(
                best.player_name(&settings.name),
                best.fit.load(settings.game.shape)?,
            ),
            None => settings.start.preset()?,
        })
    }
}
