//! Positions sampled from self-play for comparisons (DESIGN §7): games between the given
//! players with random openings, a few positions drawn from each game over all its stages.
//! The same seed gives the same positions with any number of workers.

use std::sync::atomic::AtomicBool;

use rand::RngExt;
use rayon::prelude::*;

use super::selfplay::{GameSettings, PlayedGame, play_game, random_opening, stream_rng};
use crate::players::player::AiPlayer;
use engine::notation::replay;
use engine::search::Evaluation;
use engine::{Geometry, Position, Setup, WidthJob};

/// Positions drawn from each game.
const POSITIONS_PER_GAME: usize = 4;

/// What to sample and how the games are played.
#[derive(Clone, Debug, PartialEq)]
pub struct SamplingSettings {
    /// Board, rules, the games' search and depth, and the random opening's length.
    pub game: GameSettings,
    /// The players of the games: game g pits player g mod n (Red) against player g + 1 mod n.
    pub players: Vec<Evaluation>,
    /// How many positions.
    pub count: usize,
    /// The seed of the openings, tie-breaks and draws.
    pub seed: u64,
}

impl SamplingSettings {
    /// Sampling from games among `contestants` (their weights; the games use `game`).
    pub fn among(game: GameSettings, contestants: &[AiPlayer], count: usize, seed: u64) -> Self {
        SamplingSettings {
            game,
            players: (contestants.iter())
                .map(|c| c.preset.evaluation(game.shape))
                .collect(),
            count,
            seed,
        }
    }
}

/// `settings.count` positions in which the side to move has at least two moves, in the order
/// of the games they come from; `None` when cancelled.
pub fn sample_positions(settings: &SamplingSettings, cancel: &AtomicBool) -> Option<Vec<Setup>> {
    settings.game.shape.dispatch(Sample { settings, cancel })
}

struct Sample<'a> {
    settings: &'a SamplingSettings,
    cancel: &'a AtomicBool,
}

impl WidthJob for Sample<'_> {
    type Output = Option<Vec<Setup>>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Self::Output {
        let settings = self.settings;
        let mut positions = Vec::with_capacity(settings.count);
        let mut next_game = 0u64;
        while positions.len() < settings.count {
            // A batch of games large enough for what is missing, played in parallel; their
            // positions are taken in game order, so workers change nothing.
            let missing = settings.count - positions.len();
            let batch = missing.div_ceil(POSITIONS_PER_GAME) as u64;
            let games: Vec<Option<Vec<Setup>>> = (next_game..next_game + batch)
                .into_par_iter()
                .map(|game| positions_of_game(geometry, settings, game, self.cancel))
                .collect();
            for game in games {
                positions.extend(game?);
            }
            next_game += batch;
        }
        positions.truncate(settings.count);
        Some(positions)
    }
}

/// Plays game `game` of the run and draws its positions.
fn positions_of_game<const W: usize>(
    geometry: &Geometry<W>,
    settings: &SamplingSettings,
    game: u64,
    cancel: &AtomicBool,
) -> Option<Vec<Setup>> {
    let draw = GameDraw {
        players: &settings.players,
        seed: settings.seed,
        count: POSITIONS_PER_GAME,
        min_moves: 2,
        max_empties: None,
    };
    let (_, positions) = draw.play(geometry, &settings.game, game, cancel)?;
    Some(positions.iter().map(|p| Setup::of(geometry, p)).collect())
}

/// Which positions to draw from the games of a run.
pub struct GameDraw<'a> {
    /// The players: game g pits player g mod n (Red) against player g + 1 mod n.
    pub players: &'a [Evaluation],
    /// The run's seed; game g's opening and tie-breaks come from [`game_seed`] of it, so that
    /// runs with different seeds play different games.
    pub seed: u64,
    /// Positions drawn from each game (fewer when the game has fewer).
    pub count: usize,
    /// Only positions after the opening where the side to move has this many moves or more.
    pub min_moves: u32,
    /// Only positions with at most this many empty cells, when given.
    pub max_empties: Option<u32>,
}

impl GameDraw<'_> {
    /// Plays game `game` of the run under `settings` and draws its positions at random
    /// (reproducibly); `None` when cancelled.
    pub fn play<const W: usize>(
        &self,
        geometry: &Geometry<W>,
        settings: &GameSettings,
        game: u64,
        cancel: &AtomicBool,
    ) -> Option<(PlayedGame, Vec<Position<W>>)> {
        let n = self.players.len() as u64;
        let red = &self.players[(game % n) as usize];
        let green = &self.players[((game + 1) % n) as usize];
        let seed = game_seed(self.seed, game);
        let opening = random_opening(geometry, settings.opening_plies, seed);
        let played = play_game(geometry, settings, [red, green], &opening, seed, cancel).ok()?;
        let mut position = Position::start(geometry);
        let cells = geometry.shape().cells() as u32;
        let mut candidates = Vec::new();
        for (ply, entry) in played.moves.iter().enumerate() {
            let empties = cells - position.mover.count() - position.opponent.count();
            if ply >= played.opening_length
                && position.legal_moves(geometry).count() >= self.min_moves
                && self.max_empties.is_none_or(|most| empties <= most)
            {
                candidates.push(position);
            }
            position = replay(geometry, position, &[*entry]).expect("a played game is legal");
        }
        let mut rng = stream_rng(seed, 2);
        let mut drawn = Vec::with_capacity(self.count);
        while drawn.len() < self.count && !candidates.is_empty() {
            let index = rng.random_range(0..candidates.len());
            drawn.push(candidates.remove(index));
        }
        Some((played, drawn))
    }
}

/// The seed of game `game` of a run seeded `seed`: its own stream of the run's seed. (The
/// run's seed plus the game's number gave runs seeded S and S + k the same openings, k games
/// apart, and the very same games where k was a multiple of the pairings, so that a "fresh"
/// set could repeat a training set's games.)
pub fn game_seed(seed: u64, game: u64) -> u64 {
    stream_rng(seed, game).random()
}

#[cfg(test)]
mod tests {
    use super::game_seed;
    use std::collections::HashSet;

    #[test]
    fn runs_with_nearby_seeds_share_no_game() {
        let games = |seed: u64| (0..1000).map(move |game| game_seed(seed, game));
        let first: HashSet<u64> = games(70).collect();
        assert_eq!(first.len(), 1000, "a run's games have distinct seeds");
        for other in [71, 74, 724, 1070] {
            assert!(
                games(other).all(|seed| !first.contains(&seed)),
                "runs seeded 70 and {other} share a game"
            );
        }
    }
}
