//! The principal line of a finished search: the table's best moves from the root on, and,
//! after a search to the end, moves checked to keep the exact value (perfect play).

use super::endgame::SOLVER_EMPTIES;
use super::searcher::Searcher;
use crate::position::Position;

impl<const W: usize> Searcher<'_, W> {
    /// The line from `first` on, following the table's best moves (passes skipped), at most
    /// `length` moves; where the search handed over to the endgame solver, the solver's line.
    /// When the search went to the end, `value` is the position's exact value for its side to
    /// move and every move of the line is checked to keep it (the table's move first), so
    /// that the line is perfect play even where the table kept the move of a mere bound.
    pub(super) fn principal_line(
        &mut self,
        position: &Position<W>,
        first: usize,
        length: usize,
        value: Option<i32>,
    ) -> Vec<usize> {
        let mut line = vec![first];
        let mut position = position
            .play(self.geometry, first)
            .expect("a legal best move");
        let mut value = value.map(|value| -value);
        while line.len() < length {
            if position.must_pass(self.geometry) {
                position = position.pass();
                value = value.map(|value| -value);
            }
            let left = position.empties(self.geometry).count();
            if left <= SOLVER_EMPTIES && length - line.len() >= left as usize {
                line.extend(self.endgame.line(&mut self.meter, &position));
                break;
            }
            // `play` refuses a cell that is no legal move (or the entry's "no move").
            let table_move = self
                .table
                .probe(&position)
                .map(|entry| usize::from(entry.best));
            let next = match value {
                Some(value) => self.move_keeping(&position, table_move, value, line.len()),
                None => {
                    table_move.and_then(|cell| Some((cell, position.play(self.geometry, cell)?)))
                }
            };
            let Some((cell, after)) = next else { break };
            line.push(cell);
            position = after;
            value = value.map(|value| -value);
        }
        line
    }

    /// A move of `position` (`hint` tried first, if legal) whose child's exact value keeps the
    /// position's exact `value`, with the child; `None` when the search is stopped.
    fn move_keeping(
        &mut self,
        position: &Position<W>,
        hint: Option<usize>,
        value: i32,
        ply: usize,
    ) -> Option<(usize, Position<W>)> {
        let moves = position.legal_moves(self.geometry);
        let others = moves.iter().filter(|&cell| Some(cell) != hint);
        hint.into_iter().chain(others).find_map(|cell| {
            let child = position.play(self.geometry, cell)?;
            let left = child.empties(self.geometry).count();
            let score = -self.negamax(&child, left, -value - 1, -value + 1, ply + 1);
            (score == value && !self.meter.stopped).then_some((cell, child))
        })
    }
}
