//! Engine-vs-engine games, the unit of work of tournaments and evolution: a random opening of
//! a few plies, then both sides choose their moves with their own weights until the game ends.
//!
//! With the classic search a side scores every legal move by an α/β search of depth − 1 with a
//! full window and picks one of the best at random, as the seed's tournaments did. With the
//! strong search the best moves come from the engine's [`Goal::BestMoves`] at the given depth. Every random
//! choice of a game comes from its own seed, so a game's result does not depend on which
//! worker plays it or when.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use crate::players::player::SearchKind;
use engine::notation::{Move, replay};
use engine::search::Evaluation;
use engine::search::{Goal, Limits, SearchSettings};
use engine::{Color, Geometry, Outcome, Position, Rules, Shape, bounds};

/// The transposition table of one strong-search move in a game (small: games run in parallel
/// and each move searches shallowly; a fresh table is zeroed by the allocator — 4 MB cost a
/// sixth of a 6×6×6 depth-2 game's time — or costs a page fault per page used).
const GAME_TABLE_MEGABYTES: usize = 1;
/// In games the strong search solves exactly once this many more cells are empty than its
/// depth: a solve that deep costs about as much as the search itself.
const GAME_ENDGAME_EXTRA: u32 = 4;

/// How the games of a tournament or an evolution run are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameSettings {
    /// The board.
    pub shape: Shape,
    /// Classic (more discs win) or misère.
    pub rules: Rules,
    /// Search depth of both sides, in plies (at least 1).
    pub depth: u32,
    /// Which search both sides run.
    pub search: SearchKind,
    /// Random plies played before the engines take over (0 reproduces the seed app).
    pub opening_plies: u32,
    /// With a time a move, each search deepens until it is up (`depth` then caps it): games
    /// at equal time. The moves then depend on the machine's speed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_per_move: Option<Duration>,
}

/// A finished engine game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// Every move from the start, the opening first, passes written out.
    pub moves: Vec<Move>,
    /// How many of the moves were the random opening.
    pub opening_length: usize,
    /// Red's discs at the end.
    pub red_discs: u32,
    /// Green's discs at the end.
    pub green_discs: u32,
    /// Who won.
    pub outcome: Outcome,
    /// Nodes searched by both sides.
    pub nodes: u64,
}

/// Why a game has no result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

/// A deterministic random number generator for one purpose of a run: the same `seed` and
/// `stream` always give the same sequence, and different streams are independent.
pub fn stream_rng(seed: u64, stream: u64) -> Xoshiro256PlusPlus {
    // SplitMix64's finaliser spreads neighbouring streams over the whole seed space.
    let mut z = seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    Xoshiro256PlusPlus::seed_from_u64(z ^ (z >> 31))
}

/// A random opening of `plies` moves from the start (passes included where forced) drawn
/// from `seed`; openings that would end the game are drawn again.
pub fn random_opening<const W: usize>(geometry: &Geometry<W>, plies: u32, seed: u64) -> Vec<Move> {
    let mut rng = stream_rng(seed, 0);
    'draw: loop {
        let mut position = Position::start(geometry);
        let mut moves = Vec::with_capacity(plies as usize);
        for _ in 0..plies {
            let legal = position.legal_moves(geometry);
            if legal.is_empty() {
                if position.pass().must_pass(geometry) {
                    continue 'draw;
                }
                moves.push(Move::Pass);
                position = position.pass();
                continue;
            }
            let cells: Vec<usize> = legal.iter().collect();
            let cell = cells[rng.random_range(0..cells.len())];
            moves.push(Move::Play(cell));
            position = position.play(geometry, cell).expect("a legal move");
        }
        if !position.is_game_over(geometry) {
            return moves;
        }
    }
}

/// Plays `opening` (legal, not ending the game), then lets `red` and `green` play the game out
/// under `settings`; ties between best moves are broken with a generator drawn from `seed`.
/// The cancel flag abandons the game.
pub fn play_game<const W: usize>(
    geometry: &Geometry<W>,
    settings: &GameSettings,
    [red, green]: [&Evaluation; 2],
    opening: &[Move],
    seed: u64,
    cancel: &AtomicBool,
) -> Result<PlayedGame, Cancelled> {
    let mut rng = stream_rng(seed, 1);
    let searches = [red, green].map(|evaluation| SearchSettings {
        kind: settings.search,
        table_megabytes: GAME_TABLE_MEGABYTES,
        endgame_empties: (settings.depth + GAME_ENDGAME_EXTRA)
            .min(SearchSettings::DEFAULT_ENDGAME_EMPTIES),
        symmetry: false,
        evaluation: evaluation.clone(),
        limits: Limits {
            time: settings.time_per_move,
            ..Limits::depth(settings.depth)
        },
        ..SearchSettings::new(
            Goal::BestMoves,
            settings.depth,
            settings.rules,
            evaluation.weights,
        )
    });
    let mut position =
        replay(geometry, Position::start(geometry), opening).expect("a legal opening");
    let mut moves = opening.to_vec();
    let mut nodes = 0;
    loop {
        let legal = position.legal_moves(geometry);
        if legal.is_empty() {
            if position.pass().must_pass(geometry) {
                break;
            }
            moves.push(Move::Pass);
            position = position.pass();
            continue;
        }
        let side = usize::from(position.to_move == Color::Green);
        let run = |search: &SearchSettings| {
            (search.run_at(geometry, &position, cancel, &|_| {}))
                .expect("a game searches on the caller's pool")
                .analysis
        };
        let mut analysis = run(&searches[side]);
        if analysis.best_moves().is_empty() && settings.time_per_move.is_some() {
            // Its time ran out before a first depth finished (a loaded machine, or an exact
            // solve begun at once): one ply, untimed, picks the move.
            nodes += analysis.nodes.total();
            analysis = run(&SearchSettings {
                limits: Limits::depth(1),
                endgame_empties: 0,
                ..searches[side].clone()
            });
        }
        nodes += analysis.nodes.total();
        let best = analysis.best_moves();
        // A search stopped by its time a move keeps its last finished depth's best moves;
        // only the cancel flag abandons the game.
        if best.is_empty() || cancel.load(Ordering::Relaxed) {
            return Err(Cancelled);
        }
        let cell = best[rng.random_range(0..best.len())];
        moves.push(Move::Play(cell));
        position = position.play(geometry, cell).expect("a searched move");
    }
    let red_discs = position.discs(Color::Red).count();
    let green_discs = position.discs(Color::Green).count();
    Ok(PlayedGame {
        moves,
        opening_length: opening.len(),
        red_discs,
        green_discs,
        outcome: Outcome::from_counts(red_discs, green_discs, settings.rules),
        nodes,
    })
}

impl GameSettings {
    /// What decides which evaluation a player's search reads: the board, the rules and the
    /// search (see [`crate::players::Preset::unread_patterns`]).
    pub fn played_by(&self) -> (Shape, Rules, SearchKind) {
        (self.shape, self.rules, self.search)
    }

    /// The most random opening plies a game on `shape` may have: a quarter of its cells.
    pub fn max_opening_plies(shape: Shape) -> u32 {
        (shape.cells() / 4) as u32
    }

    /// Checks the settings: a depth within [`bounds::MAX_DEPTH`] and an opening shorter than
    /// a game.
    pub fn validate(&self) -> Result<(), String> {
        bounds::check_depth("depth", self.depth)?;
        if self.time_per_move.is_some() && self.search == SearchKind::Classic {
            return Err(
                "a time a move needs the strong search (the classic one searches to its depth)"
                    .to_string(),
            );
        }
        let limit = Self::max_opening_plies(self.shape);
        if self.opening_plies > limit {
            return Err(format!(
                "an opening of {} plies is too long for {} (at most {limit})",
                self.opening_plies, self.shape
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_legal_reproducible_and_varied() {
        let shape: Shape = "4x4x4".parse().unwrap();
        let geometry = Geometry::<1>::new(shape);
        let first = random_opening(&geometry, 6, 7);
        assert_eq!(first.len(), 6);
        assert_eq!(first, random_opening(&geometry, 6, 7));
        assert!(replay(&geometry, Position::start(&geometry), &first).is_ok());
        let distinct: std::collections::HashSet<String> = (0..20)
            .map(|seed| engine::notation::format_moves(shape, &random_opening(&geometry, 6, seed)))
            .collect();
        assert!(distinct.len() > 15, "{}", distinct.len());
        assert!(random_opening(&geometry, 0, 3).is_empty());
    }
}
