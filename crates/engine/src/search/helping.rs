//! A searcher's side of the help desk: offering the other moves of a deep null-window node to
//! waiting workers and searching them together, or waiting to help another worker.

use std::sync::atomic::Ordering;

use super::help_desk::{HelpDesk, Offer};
use super::listed::ListedMove;
use super::searcher::Searcher;
use crate::position::Position;

impl<'a, const W: usize> Searcher<'a, W> {
    /// Once the first of the listed moves of `position` (`depth` plies deep with `left`
    /// empty cells, `ply` below the root) has been searched without a cut-off within the
    /// null `window`: if a worker waits at the help desk, orders the other moves (unless
    /// `ordered`) and searches them with it, recording a cut-off in the history. Their best
    /// (value, move), or `None` when no help is wanted or can be had (the caller searches
    /// them).
    pub(super) fn search_rest_with_help(
        &mut self,
        position: &Position<W>,
        (list, ordered): (&mut [ListedMove<W>], &mut bool),
        (depth, left, ply): (u32, u32, usize),
        window: (i32, i32),
    ) -> Option<(i32, Option<usize>)> {
        let desk = self
            .help_desk
            .filter(|desk| list.len() > 2 && desk.wanted(depth, window))?;
        if !*ordered {
            self.order_moves(position, (depth, left), ply, &mut list[1..]);
            *ordered = true;
        }
        let children = list[1..]
            .iter()
            .map(|entry| {
                let child = position.apply(entry.cell, self.flips_of(position, entry));
                (entry.cell, child)
            })
            .collect();
        let offer = desk.put(Offer {
            number: 0,
            depth,
            ply,
            window,
            children,
        })?;
        self.search_offered(desk, &offer);
        if self.meter.stopped {
            desk.halt(offer.number);
        }
        let (mut best, unfinished) = desk.close();
        let beta = window.1;
        if best.value < beta && !self.meter.stopped {
            // Moves a helper could not finish (out of its budget) are searched here.
            for index in unfinished {
                let (cell, child) = offer.children[index];
                best.raise(
                    cell,
                    -self.negamax(&child, depth - 1, -beta, -window.0, ply + 1),
                );
                if best.value >= beta {
                    break;
                }
            }
        }
        if best.value >= beta && !self.meter.stopped {
            let cell = best.cell.expect("a move reached beta");
            self.history.record_cutoff(ply, cell, depth);
        }
        Some((best.value, best.cell))
    }

    /// Waits at `desk` and searches the moves of the nodes put on offer until `done`.
    pub(super) fn help_until(&mut self, desk: &'a HelpDesk<W>, done: impl Fn() -> bool) {
        desk.waiting.fetch_add(1, Ordering::Relaxed);
        while !done() && !self.meter.stopped {
            match desk.join() {
                Some(offer) => {
                    desk.waiting.fetch_sub(1, Ordering::Relaxed);
                    self.search_offered(desk, &offer);
                    desk.joined.fetch_sub(1, Ordering::Release);
                    desk.waiting.fetch_add(1, Ordering::Relaxed);
                }
                None => std::hint::spin_loop(),
            }
        }
        desk.waiting.fetch_sub(1, Ordering::Relaxed);
    }

    /// Takes the moves of `offer` one at a time and searches them, until none is left, the
    /// node is cut off or this search is stopped.
    fn search_offered(&mut self, desk: &'a HelpDesk<W>, offer: &Offer<W>) {
        let (alpha, beta) = offer.window;
        self.meter.watch(&desk.halted, offer.number);
        while !self.meter.stopped {
            let index = desk.next.fetch_add(1, Ordering::Relaxed);
            let Some(&(cell, child)) = offer.children.get(index) else {
                break;
            };
            let value = -self.negamax(&child, offer.depth - 1, -beta, -alpha, offer.ply + 1);
            let mut found = desk.found.lock().expect("never poisoned");
            if self.meter.stopped {
                found.unfinished.push(index);
                break;
            }
            found.best.raise(cell, value);
            if value >= beta {
                desk.halt(offer.number);
            }
        }
        self.meter.unwatch();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::obf::parse_obf;
    use crate::search::meter::Meter;
    use crate::search::score::margin_of_score;
    use crate::search::searcher::Shared;
    use crate::search::settings::StrongSettings;
    use crate::search::solve::SOLVER_ORDERING;
    use crate::{Geometry, Rules};
    use std::sync::atomic::AtomicBool;
    use std::time::Instant;

    /// A helper that runs out of nodes in the middle of offered moves leaves them unfinished
    /// at the desk; the nodes' owner searches those moves itself and the score stays exact.
    #[test]
    fn the_owner_searches_the_moves_its_helper_left_unfinished() {
        let geometry = Geometry::<1>::new("8x8".parse().unwrap());
        let suite = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/ffo.obf"
        ))
        .unwrap();
        // FFO #13–#19: 16 empty cells, four plies of nodes that offer their moves.
        let mut left_unfinished = 0;
        for line in suite
            .lines()
            .filter(|l| !l.starts_with('#'))
            .skip(12)
            .take(7)
        {
            let scored = parse_obf(line).unwrap();
            let position = scored.setup.position(&geometry);
            let left = position.empties(&geometry).count();
            let settings = StrongSettings::new(left, Rules::Classic, SOLVER_ORDERING);
            let cancel = AtomicBool::new(false);
            let shared = Shared::new(&settings, 2);
            let desk = HelpDesk::new();
            let worker = || {
                let mut searcher =
                    Searcher::new(&geometry, &settings, &shared, left, &cancel, Instant::now());
                searcher.help_desk = Some(&desk);
                searcher
            };
            let mut owner = worker();
            let mut helper = worker();
            let done = AtomicBool::new(false);
            let score = std::thread::scope(|scope| {
                scope.spawn(|| {
                    // Each move the helper takes, it stops at its first node and leaves.
                    while !done.load(Ordering::Relaxed) {
                        helper.meter = Meter::new(left, &cancel, None, Some(1));
                        helper.help_until(&desk, || done.load(Ordering::Relaxed));
                        left_unfinished += helper.meter.nodes();
                    }
                });
                while desk.waiting.load(Ordering::Relaxed) == 0 {
                    std::hint::spin_loop();
                }
                let score = owner.negamax(&position, left, -i32::MAX, i32::MAX, 0);
                done.store(true, Ordering::Relaxed);
                score
            });
            assert_eq!(Some(margin_of_score(score)), scored.best_score(), "{line}");
        }
        // Whether the helper gets a move of a given position depends on the threads' timing
        // (a busy machine may leave it unscheduled); over the seven it has in every run tried.
        assert!(left_unfinished > 0, "the helper took no move");
    }
}
