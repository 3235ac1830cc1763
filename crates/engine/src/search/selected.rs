//! The strong search asked about a few moves only (judging a played or chosen move): the best
//! moves get their exact value, every move asked for its exact score, and every other move is
//! searched only as far as needed to know that it is worse — far fewer nodes than scoring
//! every move with a full window. One searcher on one table, so that many positions can be
//! judged at once, one per thread.

use std::cmp::Reverse;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::analysis::Analysis;
use super::iterations::Iterations;
use super::searcher::{Searcher, Shared};
use super::settings::StrongSettings;
use crate::{Geometry, Position};

/// Analyses `position` by iterative deepening to `settings.depth` (to the end when few cells
/// are empty, or until the time or node budget runs out): the returned analysis scores the
/// best moves and every legal move of `wanted`; the other moves stay unscored. A stop keeps
/// the last finished depth (`cancelled` set).
pub fn score_selected_strong<const W: usize>(
    geometry: &Geometry<W>,
    position: &Position<W>,
    settings: &StrongSettings,
    wanted: &[usize],
    cancel: &AtomicBool,
) -> Analysis {
    let clock = Instant::now();
    let depths = Iterations::of(geometry, position, settings);
    let shared = Shared::new(settings, 1);
    let mut searcher = Searcher::new(geometry, settings, &shared, depths.target, cancel, clock);
    let cells: Vec<usize> = position.legal_moves(geometry).iter().collect();
    let mut result = Analysis::unscored(&cells, depths.target);
    let mut scored: Vec<(i32, usize)> = cells.iter().map(|&cell| (0, cell)).collect();
    for depth in depths {
        searcher.begin_iteration();
        let mut best = i32::MIN;
        for (value, cell) in scored.iter_mut() {
            let child = position
                .play(geometry, *cell)
                .expect("root moves are legal");
            let mut search =
                |alpha: i32, beta: i32| -searcher.negamax(&child, depth - 1, -beta, -alpha, 1);
            // A wanted move (and the first) gets a full window; another first a null window
            // just below the best so far, and the window above it only if it reaches the best.
            *value = if wanted.contains(cell) || best == i32::MIN {
                search(-i32::MAX, i32::MAX)
            } else {
                let probe = search(best - 1, best);
                if probe >= best {
                    search(best - 1, i32::MAX)
                } else {
                    probe
                }
            };
            best = best.max(*value);
        }
        if searcher.meter.stopped {
            result.cancelled = true;
            break;
        }
        result.depth = depth;
        for entry in &mut result.moves {
            let (value, _) = scored
                .iter()
                .find(|(_, cell)| *cell == entry.cell)
                .expect("every legal move is searched");
            entry.score = (*value == best || wanted.contains(&entry.cell)).then_some(*value);
        }
        result.finished = true;
        // The next depth tries the best moves first (stable: generation order among equals).
        scored.sort_by_key(|&(value, _)| Reverse(value));
    }
    result.nodes = searcher.meter.counts.clone();
    result.elapsed = clock.elapsed();
    result
}
