//! Choosing among root moves when only the best ones matter (engine games): moves as good as
//! the best are valued exactly, the others only as far as needed to know they are worse.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::analysis::{Analysis, MoveScore};
use super::classic::TaskSearch;
use crate::eval::{Evaluator, Weights};
use crate::geometry::Geometry;
use crate::position::Position;

/// The seed's tournament move choice: every legal move of `position` searched by α/β at
/// `depth` − 1 from the mover's view, ties kept. The analysis scores the best moves only (in
/// generation order); `cancelled` when stopped.
///
/// The choice is the seed's, found faster: each move is searched with a window just below the
/// best value so far (anything at least as good is still valued exactly), and the moves are
/// tried best-looking first by the mobility-free evaluation so that the window closes early.
pub fn best_moves_classic<const W: usize>(
    geometry: &Geometry<W>,
    weights: &Weights,
    position: &Position<W>,
    depth: u32,
    cancel: &AtomicBool,
) -> Analysis {
    let clock = Instant::now();
    let evaluator = Evaluator::new(geometry, weights);
    let remaining = depth.max(1) - 1;
    let mut search = TaskSearch::new(
        geometry,
        &evaluator,
        position.to_move,
        true,
        cancel,
        remaining,
    );
    let mut children: Vec<(i32, (i32, usize, Position<W>))> = position
        .legal_moves(geometry)
        .iter()
        .map(|cell| {
            let flips = geometry.flips(position.mover, position.opponent, cell);
            let child = position.apply(cell, flips);
            (0, (search.material(&child), cell, child))
        })
        .collect();
    children.sort_by_key(|&(_, (material, cell, _))| (std::cmp::Reverse(material), cell));
    let best = value_below_best(&mut children, |(material, _, child), alpha| {
        search.search(child, *material, remaining, alpha, i32::MAX, false)
    });
    let cancelled = search.cancelled();
    let mut moves: Vec<MoveScore> = children
        .iter()
        .map(|&(value, (_, cell, _))| MoveScore {
            cell,
            score: (value == best && !cancelled).then_some(value),
        })
        .collect();
    moves.sort_unstable_by_key(|scored| scored.cell);
    Analysis {
        depth: depth.max(1),
        moves,
        nodes: search.counts,
        elapsed: clock.elapsed(),
        finished: !cancelled,
        cancelled,
        line: Vec::new(),
        in_discs: false,
        exact: false,
        selective: false,
    }
}

/// Values `moves` in their order with `search(move, alpha)`, each searched with a window whose
/// lower end `alpha` sits just below the best value so far: every move at least as good as the
/// best gets its exact value, the others a bound at most `alpha`. Stores each value in its
/// move's slot and returns the best value (`i32::MIN` when there are no moves).
fn value_below_best<T>(moves: &mut [(i32, T)], mut search: impl FnMut(&T, i32) -> i32) -> i32 {
    let mut best = i32::MIN;
    for (value, candidate) in moves.iter_mut() {
        *value = search(candidate, best.saturating_sub(1));
        best = best.max(*value);
    }
    best
}
