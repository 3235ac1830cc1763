//! Helpers shared by the integration tests: random play, and the naive reference
//! implementation (`reference`) with a conversion from engine positions.

// Each test crate that includes this module uses a different part of it.
#![allow(dead_code)]

pub mod reference;
pub mod strong;

use engine::{Color, Geometry, Position, Shape};
use rand::RngExt;
use rand::rngs::Xoshiro256PlusPlus;
use reference::{GREEN, Naive, RED};

/// Plays up to `plies` uniformly random plies from `position`; a side without a move passes,
/// and play stops when the game is over.
pub fn random_play<const W: usize>(
    geometry: &Geometry<W>,
    mut position: Position<W>,
    plies: usize,
    rng: &mut Xoshiro256PlusPlus,
) -> Position<W> {
    for _ in 0..plies {
        let moves: Vec<usize> = position.legal_moves(geometry).iter().collect();
        position = match moves.len() {
            0 if position.is_game_over(geometry) => break,
            0 => position.pass(),
            len => position
                .play(geometry, moves[rng.random_range(0..len)])
                .unwrap(),
        };
    }
    position
}

/// A position after a random number (below `max_plies`) of random plies from the start.
pub fn random_position<const W: usize>(
    geometry: &Geometry<W>,
    max_plies: usize,
    rng: &mut Xoshiro256PlusPlus,
) -> Position<W> {
    let plies = rng.random_range(0..max_plies);
    random_play(geometry, Position::start(geometry), plies, rng)
}

/// Runs `work` on a rayon pool of `workers` threads.
pub fn with_workers<T: Send>(workers: usize, work: impl FnOnce() -> T + Send) -> T {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(workers)
        .build()
        .unwrap();
    pool.install(work)
}

/// The scores of a finished analysis as (cell, score) pairs.
pub fn scores(analysis: &engine::search::Analysis) -> Vec<(usize, i32)> {
    analysis
        .moves
        .iter()
        .map(|m| (m.cell, m.score.expect("finished")))
        .collect()
}

/// The naive reference's board holding the same discs and side to move as `position`.
pub fn to_naive<const W: usize>(shape: Shape, position: &Position<W>) -> Naive {
    let mut naive = Naive::start(shape.dims(), shape.side());
    let (red, green) = (position.discs(Color::Red), position.discs(Color::Green));
    for (cell, slot) in naive.cells.iter_mut().enumerate() {
        *slot = if red.contains(cell) {
            RED
        } else if green.contains(cell) {
            GREEN
        } else {
            0
        };
    }
    naive.to_move = if position.to_move == Color::Red {
        RED
    } else {
        GREEN
    };
    naive
}

/// `items` (the bytes or characters of a valid file) with a few edits at random places, for
/// mutation tests: each edit is (place, kind: 0 replace / 1 insert / 2 delete, new item).
pub fn mutated<T: Clone>(items: &[T], edits: &[(usize, u8, T)]) -> Vec<T> {
    let mut items = items.to_vec();
    for (at, kind, with) in edits {
        let at = at % (items.len() + 1);
        match kind % 3 {
            0 if at < items.len() => items[at] = with.clone(),
            1 => items.insert(at, with.clone()),
            _ if at < items.len() => {
                items.remove(at);
            }
            _ => {}
        }
    }
    items
}
