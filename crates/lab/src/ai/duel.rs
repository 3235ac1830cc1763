//! A match between two players (DESIGN §8's verification): random openings, each played with
//! both colours, the arena's games and its GSPRT early stop, the score with its Elo interval.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::arena::{MatchResult, match_orders, play_match};
use super::crosstable::EloEstimate;
use super::gsprt::{Gsprt, Verdict};
use super::selfplay::GameSettings;
use crate::players::preset::Preset;
use engine::{Geometry, WidthJob};

/// What a match plays.
#[derive(Clone, Debug, PartialEq)]
pub struct DuelSettings {
    /// The player whose score is reported.
    pub first: Preset,
    /// The opponent.
    pub second: Preset,
    /// Games in all (even: each opening is played with both colours).
    pub games: u32,
    /// Board, rules, depth, search and opening length.
    pub game: GameSettings,
    /// Seed of the openings and tie-breaks.
    pub seed: u64,
    /// Stop as soon as a GSPRT decides.
    pub early_stop: Option<Gsprt>,
}

/// A finished (or stopped) match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DuelResult {
    /// The first player's results.
    pub result: MatchResult,
    /// The Elo difference they suggest, first minus second.
    pub elo: EloEstimate,
    /// What the GSPRT accepted, if it stopped the match.
    pub verdict: Option<Verdict>,
    /// How long it took.
    pub elapsed: Duration,
}

impl DuelSettings {
    /// Checks the settings.
    pub fn validate(&self) -> Result<(), String> {
        self.game.validate()?;
        engine::bounds::check_range("games", u64::from(self.games), 2, engine::bounds::MAX_GAMES)?;
        if !self.games.is_multiple_of(2) {
            return Err(format!(
                "{} games: a match has an even number of games, at least 2 (each opening \
                 with both colours)",
                self.games
            ));
        }
        self.early_stop.map_or(Ok(()), |test| test.validate())
    }
}

/// Plays the match on the current rayon pool; `on_game` sees the first player's results after
/// every game. `None` when cancelled.
pub fn run_duel(
    settings: &DuelSettings,
    cancel: &AtomicBool,
    on_game: &(dyn Fn(&MatchResult) + Sync),
) -> Option<DuelResult> {
    settings.game.shape.dispatch(Duel {
        settings,
        cancel,
        on_game,
    })
}

struct Duel<'a> {
    settings: &'a DuelSettings,
    cancel: &'a AtomicBool,
    on_game: &'a (dyn Fn(&MatchResult) + Sync),
}

impl WidthJob for Duel<'_> {
    type Output = Option<DuelResult>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Self::Output {
        let settings = self.settings;
        let clock = Instant::now();
        let orders = match_orders(
            settings.first.evaluation(settings.game.shape),
            settings.second.evaluation(settings.game.shape),
            settings.games / 2,
            settings.seed,
        );
        let test = settings.early_stop;
        let result = play_match(
            geometry,
            &settings.game,
            orders,
            test,
            self.cancel,
            self.on_game,
        )?;
        // Only a decided test ends a match before its last game.
        let decided = test.is_some() && result.games() < settings.games;
        let verdict = decided.then(|| verdict_of(&result));
        Some(DuelResult {
            result,
            elo: result.record.elo(),
            verdict,
            elapsed: clock.elapsed(),
        })
    }
}

/// The side a decided test accepted: the one ahead (the test agrees with the net score).
fn verdict_of(result: &MatchResult) -> Verdict {
    if result.net() > 0 {
        Verdict::FirstStronger
    } else {
        Verdict::SecondStronger
    }
}
