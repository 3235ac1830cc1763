//! The forms of the panels that start long runs — Tournament, Evolution, Compare and Review,
//! Tune in both modes — persisted across restarts. Each panel reaches only its own form,
//! through its narrow context; the session writes them too (the folder of a run it starts or
//! reopens), which is why it holds them.

use serde::{Deserialize, Serialize};

use super::evolution_desk::EvolutionForm;
use super::judge_form::JudgeForm;
use super::pattern_desk::PatternForm;
use super::settings::Settings;
use super::tournament_desk::TournamentForm;
use super::tune_desk::TuneForm;
use lab::ai::gsprt::Gsprt;
use lab::ai::selfplay::GameSettings;

/// The panels' forms. Unknown or missing fields fall back to the defaults, so forms saved by
/// another version never stop the app from starting.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Forms {
    /// The Tournament panel's set-up.
    pub tournament: TournamentForm,
    /// The Evolution panel's set-up.
    pub evolution: EvolutionForm,
    /// The Compare and Review panels' set-up.
    pub judge: JudgeForm,
    /// The Tune panel's set-up.
    pub tune: TuneForm,
    /// The Tune panel's set-up in pattern mode.
    pub train_patterns: PatternForm,
}

impl Forms {
    /// Brings values read from storage into range (a hand-edited or damaged store must not
    /// break the app).
    pub fn sanitized(mut self) -> Self {
        let workers = Settings::workers_range();
        self.tournament.games = self.tournament.games.clamp(1, 1000);
        self.evolution.games = self.evolution.games.clamp(1, 1000);
        self.evolution.mutation = self.evolution.mutation.clamp(1, 100);
        self.evolution.early_stop_elo = self
            .evolution
            .early_stop_elo
            .clamp(Gsprt::MIN_ELO, Gsprt::MAX_ELO);
        self.tune.verify_games = (self.tune.verify_games.clamp(2, 10_000) / 2) * 2;
        self.tune.verify_depth = self.tune.verify_depth.clamp(1, engine::bounds::MAX_DEPTH);
        self.tune.count = self.tune.count.clamp(100, 10_000_000);
        self.tune.per_game = self.tune.per_game.clamp(1, 1000);
        self.tune.label_depth = self.tune.label_depth.min(engine::bounds::MAX_DEPTH);
        self.tune.rounds = self.tune.rounds.clamp(1, engine::bounds::MAX_ROUNDS as u32);
        let train = &mut self.train_patterns;
        train.rounds = train.rounds.min(engine::bounds::MAX_ROUNDS as u32);
        train.growing_rounds = train
            .growing_rounds
            .clamp(1, engine::bounds::MAX_ROUNDS as u32);
        train.count = train.count.clamp(100, 10_000_000);
        train.openings = (train.openings).min(GameSettings::max_opening_plies(train.board));
        train.exact_empties = train.exact_empties.clamp(1, train.board.start_empties());
        train.label_depth = train.label_depth.clamp(1, engine::bounds::MAX_DEPTH);
        train.verify_games = (train.verify_games.clamp(2, 10_000) / 2) * 2;
        train.verify_depth = train.verify_depth.clamp(1, engine::bounds::MAX_DEPTH);
        train.workers = train.workers.clamp(*workers.start(), *workers.end());
        for contest in [
            &mut self.tournament.contest,
            &mut self.evolution.contest,
            &mut self.tune.contest,
        ] {
            contest.depth = contest.depth.clamp(1, engine::bounds::MAX_DEPTH);
            contest.workers = contest.workers.clamp(*workers.start(), *workers.end());
            contest.openings = contest.openings.min(contest.max_openings());
        }
        self
    }
}
