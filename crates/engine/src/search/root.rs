//! Choosing among root moves when only the best ones matter (engine games): moves as good as
//! the best are valued exactly, the others only as far as needed to know they are worse.

/// Values `moves` in their order with `search(move, alpha)`, each searched with a window whose
/// lower end `alpha` sits just below the best value so far: every move at least as good as the
/// best gets its exact value, the others a bound at most `alpha`. Stores each value in its
/// move's slot and returns the best value (`i32::MIN` when there are no moves).
pub fn value_below_best<T>(moves: &mut [(i32, T)], mut search: impl FnMut(&T, i32) -> i32) -> i32 {
    let mut best = i32::MIN;
    for (value, candidate) in moves.iter_mut() {
        *value = search(candidate, best.saturating_sub(1));
        best = best.max(*value);
    }
    best
}

/// The cells (given by `cell`) of the moves valued `best`, in generation order.
pub fn best_cells<T>(moves: &[(i32, T)], best: i32, cell: impl Fn(&T) -> usize) -> Vec<usize> {
    let mut cells: Vec<usize> = moves
        .iter()
        .filter(|(value, _)| *value == best)
        .map(|(_, candidate)| cell(candidate))
        .collect();
    cells.sort_unstable();
    cells
}
