//! Many engine games at once on the current rayon pool: the schedule of a tournament or of one
//! evolution match, played in parallel, each game reported the moment it ends.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::selfplay::{GameSettings, PlayedGame, play_game, random_opening, stream_rng};
use crate::engine::{Color, Geometry, Outcome, Weights};
use crate::files::FileError;
use rand::RngExt;

/// One game to play: who is Red, who is Green, and the seeds of its opening and tie-breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOrder {
    /// Red's weights.
    pub red: Weights,
    /// Green's weights.
    pub green: Weights,
    /// Draws the random opening (games with the same opening seed start alike).
    pub opening_seed: u64,
    /// Draws the tie-breaks between equally good moves.
    pub game_seed: u64,
}

/// Why a tournament or an evolution run could not go on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// The settings make no sense (the message says why).
    #[error("{0}")]
    Settings(String),
    /// A file could not be read or written.
    #[error(transparent)]
    File(#[from] FileError),
}

/// Plays every order on the current rayon pool. `on_finished` sees each game (its index in
/// `orders`, the game, how long it took) as soon as it ends; the result holds each game with
/// its time, `None` for a game cut short by the cancel flag.
pub fn play_games<const W: usize>(
    geometry: &Geometry<W>,
    settings: &GameSettings,
    orders: &[GameOrder],
    cancel: &AtomicBool,
    on_finished: &(dyn Fn(usize, &PlayedGame, Duration) + Sync),
) -> Vec<Option<(PlayedGame, Duration)>> {
    orders
        .par_iter()
        .enumerate()
        .map(|(index, order)| {
            let clock = Instant::now();
            let opening = random_opening(geometry, settings.opening_plies, order.opening_seed);
            let players = [&order.red, &order.green];
            let game = play_game(
                geometry,
                settings,
                players,
                &opening,
                order.game_seed,
                cancel,
            )
            .ok()?;
            let elapsed = clock.elapsed();
            on_finished(index, &game, elapsed);
            Some((game, elapsed))
        })
        .collect()
}

/// The result of a match between two players, seen from the first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    /// Games the first player won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the second player won.
    pub losses: u32,
    /// Nodes searched in all games.
    pub nodes: u64,
}

impl MatchResult {
    /// Wins minus losses: the seed's net score.
    pub fn net(&self) -> i32 {
        self.wins as i32 - self.losses as i32
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

/// The orders of a match of `per_colour` games with each colour between `first` and
/// `second`, seeded from `seed`: games go in pairs that share an opening, with the colours
/// swapped, the first player Red in the first game of each pair.
pub fn match_orders(first: Weights, second: Weights, per_colour: u32, seed: u64) -> Vec<GameOrder> {
    let mut rng = stream_rng(seed, 2);
    (0..per_colour)
        .flat_map(|_| {
            let opening_seed = rng.random::<u64>();
            let game_seeds = [rng.random::<u64>(), rng.random::<u64>()];
            [
                GameOrder {
                    red: first,
                    green: second,
                    opening_seed,
                    game_seed: game_seeds[0],
                },
                GameOrder {
                    red: second,
                    green: first,
                    opening_seed,
                    game_seed: game_seeds[1],
                },
            ]
        })
        .collect()
}

/// Plays a match (see [`match_orders`]) on the current rayon pool; `None` when cancelled.
pub fn play_match<const W: usize>(
    geometry: &Geometry<W>,
    settings: &GameSettings,
    [first, second]: [Weights; 2],
    per_colour: u32,
    seed: u64,
    cancel: &AtomicBool,
) -> Option<MatchResult> {
    let orders = match_orders(first, second, per_colour, seed);
    let games = play_games(geometry, settings, &orders, cancel, &|_, _, _| {});
    let mut result = MatchResult::default();
    for (index, game) in games.into_iter().enumerate() {
        let (game, _) = game?;
        let first_colour = if index % 2 == 0 {
            Color::Red
        } else {
            Color::Green
        };
        match game.outcome {
            Outcome::Draw => result.draws += 1,
            Outcome::Win(colour) if colour == first_colour => result.wins += 1,
            Outcome::Win(_) => result.losses += 1,
        }
        result.nodes += game.nodes;
    }
    Some(result)
}
