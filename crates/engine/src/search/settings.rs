//! What the strong search is asked to do: depth, rules, weights, table, endgame threshold,
//! budgets, symmetry, ProbCut and the pattern evaluations. Built only by `request`.

use std::sync::Arc;
use std::time::Duration;

use crate::eval::Weights;
use crate::patterns::PatternEvaluation;
use crate::position::Rules;

/// What to search and how.
#[derive(Clone, Debug, PartialEq)]
pub struct StrongSettings {
    /// The deepest iteration (plies; passes are free).
    pub depth: u32,
    /// Classic or misère scoring of finished games.
    pub rules: Rules,
    /// The evaluation's weights.
    pub weights: Weights,
    /// Transposition table size.
    pub table_megabytes: usize,
    /// Search to the end of the game once this few cells are empty.
    pub endgame_empties: u32,
    /// Stop after about this many nodes (the last finished depth is kept).
    pub node_budget: Option<u64>,
    /// Stop after about this long (the last finished depth is kept).
    pub time_budget: Option<Duration>,
    /// Drop root moves equivalent by a symmetry of the position.
    pub symmetry: bool,
    /// Prune heuristic nodes by ProbCut (a shallow search's verdict): far fewer nodes, a
    /// value the full-width search would almost always agree with.
    pub selective: bool,
    /// On the classic 8×8 game: evaluate by these patterns instead of the weights (the
    /// weights still order shallow heuristic nodes by material), and order exact nodes by
    /// them too.
    pub patterns: Option<Arc<PatternEvaluation>>,
    /// On the classic 8×8 game, when `patterns` is not set: order the nodes of searches to
    /// the end by these patterns all the same (an exact score does not depend on the order;
    /// the heuristic values stay the weights'). The shipped evaluation by default.
    pub exact_ordering: Option<Arc<PatternEvaluation>>,
}

impl StrongSettings {
    /// The default table budget. A search starts on a few megabytes of it and grows into
    /// the rest only as its depths need it, so short searches stay cheap (few pages touched)
    /// and long ones get room (6x6x6 depth 12: 294 M nodes with 64 MB, 126 M with 256 MB;
    /// FFO #50 one worker 2,416 M nodes and 273 s with 256 MB, 1,770 M and 231 s with 1,024
    /// MB, #45–#49 alike with both).
    pub const DEFAULT_TABLE_MEGABYTES: usize = 1024;
    /// The default number of empty cells from which the search solves exactly.
    pub const DEFAULT_ENDGAME_EMPTIES: u32 = 14;

    /// Settings at `depth` with the default table, endgame threshold and symmetry filter, and
    /// no budget.
    pub fn new(depth: u32, rules: Rules, weights: Weights) -> Self {
        StrongSettings {
            depth,
            rules,
            weights,
            table_megabytes: Self::DEFAULT_TABLE_MEGABYTES,
            endgame_empties: Self::DEFAULT_ENDGAME_EMPTIES,
            node_budget: None,
            time_budget: None,
            symmetry: true,
            selective: false,
            patterns: None,
            exact_ordering: Some(PatternEvaluation::shipped()),
        }
    }
}
