//! Game review (DESIGN §7): the reference over every position of a game — each played move's
//! loss against the reference's best, the reference value for Red after every move, mistakes
//! above a threshold, and a summary per side.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::reference::{Loss, Reference, ReferenceCache, ReferenceSettings, ScoreUnit};
use super::work_queue::{Flow, run_in_order};
use crate::game::Game;
use engine::Color;
use engine::notation::Move;

/// One played move, judged.
#[derive(Clone, PartialEq, Debug)]
pub struct ReviewedMove {
    /// Index of the move in the game's moves (0-based, passes counted).
    pub ply: usize,
    /// Who played it.
    pub mover: Color,
    /// The cell played.
    pub cell: usize,
    /// The reference's best moves, in generation order.
    pub best: Vec<usize>,
    /// The best moves' score for the mover, in the loss's unit.
    pub best_score: i32,
    /// The played move's score for the mover, in the loss's unit.
    pub played_score: i32,
    /// What the move lost against the best.
    pub loss: Loss,
    /// The reference's depth on this position.
    pub depth: u32,
}

impl ReviewedMove {
    /// Whether the played move is one of the reference's best.
    pub fn agrees(&self) -> bool {
        self.best.contains(&self.cell)
    }
}

/// The reference value of a position of the game for Red.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RedValue {
    /// Moves played before it (0: the start).
    pub ply: usize,
    /// The value for Red, in `unit`.
    pub value: i32,
    /// Discs (32nds) or evaluation units.
    pub unit: ScoreUnit,
    /// Whether the value is exact (the reference solved the position).
    pub exact: bool,
}

/// Losses of one unit added up.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct LossTally {
    /// Moves counted.
    pub moves: usize,
    /// Their losses added, in the unit's measure (discs, or evaluation units).
    pub total: f64,
}

impl LossTally {
    /// The mean loss, if any move was counted.
    pub fn mean(&self) -> Option<f64> {
        (self.moves > 0).then(|| self.total / self.moves as f64)
    }
}

/// Thresholds above which a loss is a mistake: one in discs, and one in evaluation units for a
/// reference by nine weights (a board without a learned evaluation).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MistakeThresholds {
    /// In evaluation units.
    pub eval: i32,
    /// In whole discs.
    pub discs: i32,
}

impl Default for MistakeThresholds {
    fn default() -> Self {
        MistakeThresholds {
            eval: 100,
            discs: 4,
        }
    }
}

impl MistakeThresholds {
    /// Whether `loss` is above its unit's threshold.
    pub fn is_mistake(&self, loss: Loss) -> bool {
        loss.amount
            > match loss.unit {
                ScoreUnit::Eval => self.eval,
                ScoreUnit::Discs => ScoreUnit::Discs.of_margin(self.discs),
            }
    }
}

/// One side's moves summed up.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct SideSummary {
    /// Moves judged (passes are not).
    pub moves: usize,
    /// Moves that were one of the reference's best.
    pub agreed: usize,
    /// Losses in evaluation units (a heuristic reference by nine weights).
    pub eval: LossTally,
    /// Losses in discs.
    pub discs: LossTally,
    /// Moves that lost a proven result against an estimate (or gave one up) in a nine-weight
    /// reference: no number of units, so counted apart from `eval`.
    pub proven: usize,
    /// Losses above the thresholds.
    pub mistakes: usize,
}

impl SideSummary {
    /// Agreement with the reference's best move, 0 to 1.
    pub fn agreement(&self) -> Option<f64> {
        (self.moves > 0).then(|| self.agreed as f64 / self.moves as f64)
    }
}

/// A reviewed game.
#[derive(Clone, PartialEq, Debug)]
pub struct Review {
    /// Every played move (passes left out), in order.
    pub moves: Vec<ReviewedMove>,
    /// The reference value for Red of every position, the start and after each move.
    pub red_values: Vec<RedValue>,
}

impl Review {
    /// The summary of `color`'s moves with `thresholds`.
    pub fn summary(&self, color: Color, thresholds: &MistakeThresholds) -> SideSummary {
        let mut summary = SideSummary::default();
        for reviewed in self.moves.iter().filter(|m| m.mover == color) {
            summary.moves += 1;
            summary.agreed += usize::from(reviewed.agrees());
            summary.mistakes += usize::from(thresholds.is_mistake(reviewed.loss));
            let tally = match reviewed.loss.unit {
                ScoreUnit::Discs => &mut summary.discs,
                ScoreUnit::Eval if reviewed.loss.is_proven_result() => {
                    summary.proven += 1;
                    continue;
                }
                ScoreUnit::Eval => &mut summary.eval,
            };
            tally.moves += 1;
            tally.total += reviewed.loss.measure();
        }
        summary
    }

    /// Whether some loss is in evaluation units (a reference by nine weights, before the
    /// exact endgame): only then do summaries and charts need them.
    pub fn has_eval_losses(&self) -> bool {
        self.moves.iter().any(|m| m.loss.unit == ScoreUnit::Eval)
    }

    /// The moves whose loss is a mistake.
    pub fn mistakes<'a>(
        &'a self,
        thresholds: &'a MistakeThresholds,
    ) -> impl Iterator<Item = &'a ReviewedMove> {
        self.moves.iter().filter(|m| thresholds.is_mistake(m.loss))
    }
}

/// Progress of a review: positions analysed so far and in all.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ReviewProgress {
    /// Positions done (cached ones count at once).
    pub done: usize,
    /// Positions in the game (the start and one after each move).
    pub total: usize,
    /// The value of the position just done, so that a graph can grow while the review runs.
    pub value: RedValue,
}

/// The review was cancelled.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ReviewCancelled;

/// Reviews `game` to the end of its moves: the reference over every position — its best moves
/// and the move played — taken from `cache` where it was analysed before and kept there. The
/// positions are analysed in parallel on the current rayon pool, one per thread, the middle
/// of the game first;
/// `on_progress` hears after each; `cancel` stops the review at once (the positions finished
/// stay cached).
pub fn review_game(
    game: &Game,
    settings: &ReferenceSettings,
    cache: &ReferenceCache,
    cancel: &AtomicBool,
    on_progress: &(dyn Fn(ReviewProgress) + Sync),
) -> Result<Review, ReviewCancelled> {
    let plies = game.moves().len();
    let setups = game.setups();
    let done = AtomicUsize::new(0);
    let references: Vec<OnceLock<Reference>> = (0..=plies).map(|_| OnceLock::new()).collect();
    run_in_order(middle_first(plies + 1).into_iter(), &|ply| {
        let played: Vec<usize> = match game.moves().get(ply) {
            Some(&Move::Play(cell)) => vec![cell],
            _ => Vec::new(),
        };
        let reference = cache.analyze_moves(&setups[ply], settings, &played, cancel);
        if reference.cancelled {
            return Flow::Stop;
        }
        on_progress(ReviewProgress {
            done: done.fetch_add(1, Ordering::Relaxed) + 1,
            total: plies + 1,
            value: red_value(ply, &reference),
        });
        let _ = references[ply].set(reference);
        Flow::Continue
    });
    let references: Vec<Reference> = references
        .into_iter()
        .map(OnceLock::into_inner)
        .collect::<Option<_>>()
        .ok_or(ReviewCancelled)?;
    let mut review = Review {
        moves: Vec::new(),
        red_values: Vec::with_capacity(plies + 1),
    };
    for (ply, reference) in references.iter().enumerate() {
        review.red_values.push(red_value(ply, reference));
        if let Some(&Move::Play(cell)) = game.moves().get(ply) {
            let played = reference
                .score_of(cell)
                .expect("the reference scores the played move");
            review.moves.push(ReviewedMove {
                ply,
                mover: reference.mover,
                cell,
                best: reference.best_moves(),
                best_score: reference.value,
                played_score: played.score,
                loss: reference.loss(cell).expect("a scored move has a loss"),
                depth: reference.depth,
            });
        }
    }
    Ok(review)
}

/// The reference's value for Red of the position after `ply` moves.
fn red_value(ply: usize, reference: &Reference) -> RedValue {
    RedValue {
        ply,
        value: reference.value_for(Color::Red),
        unit: reference.unit,
        exact: reference.exact,
    }
}

/// The positions `0..count` of a game, the middle ones first: a mid-game position costs the
/// reference the most, so the cheap opening and endgame positions fill the end of the run.
fn middle_first(count: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..count).collect();
    order.sort_by_key(|&ply| (2 * ply).abs_diff(count));
    order
}
