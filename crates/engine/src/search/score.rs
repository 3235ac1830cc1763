//! The strong search's scores: heuristic values below [`WIN`], finished games above it (a
//! win) or below its negation (a loss) by their disc margin, and the principal-variation
//! window every node searches its moves with. A leaf that every search module imports.

use crate::position::{Position, Rules};

/// The score of a won game before its disc margin: above any heuristic value.
pub const WIN: i32 = 1_000_000_000;

/// The strong search's score of a finished game with final disc `margin` for the side to
/// move: a win is above any heuristic value, a loss below (see [`WIN`]).
pub(super) fn score_of_margin(margin: i32) -> i32 {
    margin + WIN * margin.signum()
}

/// Whether a strong search's `score` is a proven game result (a won or lost game with its
/// margin), not a heuristic value; a proven draw scores 0 and reads as a value.
pub fn is_proven(score: i32) -> bool {
    score >= WIN / 2 || score <= -WIN / 2
}

/// The final disc margin a strong search's score of a finished game stands for: the score
/// less the [`WIN`] that lifts a win above every heuristic value (or plus it, for a loss).
pub fn margin_of_score(score: i32) -> i32 {
    score - WIN * score.signum()
}

/// The final disc margin of the side with `mine` discs against `theirs`: under misère rules
/// fewer discs win, so the margin is turned round.
pub(super) fn final_margin(mine: u32, theirs: u32, rules: Rules) -> i32 {
    rules.standing(mine as i32 - theirs as i32)
}

/// The exact score of a finished game for the side to move: a win is `WIN` plus the disc
/// margin, a loss `-WIN` minus it, a draw 0 (under misère rules fewer discs win).
pub fn final_score<const W: usize>(position: &Position<W>, rules: Rules) -> i32 {
    let (mine, theirs) = (position.mover.count(), position.opponent.count());
    score_of_margin(final_margin(mine, theirs, rules))
}

/// The value of a move searched within (`alpha`, `beta`) by principal-variation search, where
/// `value(window)` searches it within a window: the first move gets the whole window, the
/// others a null window at `alpha` first and the whole one only if they may lie inside it.
#[inline(always)]
pub(super) fn principal_variation(
    first: bool,
    (alpha, beta): (i32, i32),
    mut value: impl FnMut((i32, i32)) -> i32,
) -> i32 {
    if first {
        return value((alpha, beta));
    }
    let probe = value((alpha, alpha + 1));
    if probe > alpha && probe < beta {
        value((alpha, beta))
    } else {
        probe
    }
}
