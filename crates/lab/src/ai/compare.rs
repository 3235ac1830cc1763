//! Compare (DESIGN §7): each contestant's own search on the same positions, its choice judged
//! against the reference — agreement with the reference's best move and the loss of the move
//! it would play, over many positions and by game stage.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rayon::prelude::*;

use super::reference::{Loss, Reference, ReferenceCache, ReferenceSettings};
use crate::players::player::AiPlayer;
use engine::search::{Analysis, Goal, Limits, SearchRequest, SearchSettings};
use engine::{Rules, Setup};

/// One contestant's view of a position: its scores and its choice, judged.
#[derive(Clone, PartialEq, Debug)]
pub struct Verdict {
    /// Its analysis (every legal move scored by its own search).
    pub analysis: Analysis,
    /// The move it would play: its first best move in generation order.
    pub choice: Option<usize>,
    /// That move's loss against the reference.
    pub loss: Option<Loss>,
    /// Whether that move is one of the reference's best.
    pub agrees: bool,
}

/// Runs `contestant`'s own search on `setup` (every move scored, finished games scored by
/// `rules`). `None` when cancelled.
pub fn contestant_analysis(
    setup: &Setup,
    contestant: &AiPlayer,
    rules: Rules,
    cancel: &AtomicBool,
) -> Option<Analysis> {
    let settings = SearchSettings {
        kind: contestant.search,
        limits: Limits {
            time: contestant.time_budget,
            ..Limits::depth(contestant.depth)
        },
        symmetry: false,
        evaluation: contestant.preset.evaluation(setup.shape()),
        ..SearchSettings::new(
            Goal::EveryMove,
            contestant.depth,
            rules,
            contestant.preset.weights,
        )
    };
    let thought = SearchRequest::at(setup.clone(), settings)
        .run(cancel, &|_| {})
        .expect("no moves to replay, on the caller's pool");
    let cancelled = thought.analysis.cancelled || cancel.load(Ordering::Relaxed);
    (!cancelled).then_some(thought.analysis)
}

impl Verdict {
    /// Judges the choice of a contestant's `analysis` against `reference`.
    pub fn judge(analysis: Analysis, reference: &Reference) -> Verdict {
        let choice = analysis.choose(None);
        Verdict {
            agrees: choice.is_some_and(|cell| reference.best_moves().contains(&cell)),
            loss: choice.and_then(|cell| reference.loss(cell)),
            analysis,
            choice,
        }
    }
}

/// One position of a comparison: its number of empty cells and each contestant's result.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ComparedPosition {
    /// Empty cells (the game stage).
    pub empties: usize,
    /// Per contestant, in order: its choice, that move's loss, and agreement.
    pub results: Vec<(Option<usize>, Option<Loss>, bool)>,
}

/// Progress of a comparison over many positions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CompareProgress {
    /// Positions judged.
    pub done: usize,
    /// Positions in all.
    pub total: usize,
}

/// Judges every contestant on every position: the contestants' own searches first, then the
/// reference scoring its best moves and their choices. Positions run in parallel on the
/// current rayon pool; `on_position` hears each as it finishes, with its index in `positions`
/// (in any order; the result is in the order of `positions`). The cancel flag stops the run
/// (`None`).
pub fn compare_positions(
    positions: &[Setup],
    contestants: &[AiPlayer],
    reference: &ReferenceSettings,
    cache: &ReferenceCache,
    cancel: &AtomicBool,
    on_position: &(dyn Fn(CompareProgress, usize, &ComparedPosition) + Sync),
) -> Option<Vec<ComparedPosition>> {
    let done = AtomicUsize::new(0);
    positions
        .par_iter()
        .enumerate()
        .map(|(index, setup)| {
            let analyses = contestants
                .iter()
                .map(|c| contestant_analysis(setup, c, reference.rules, cancel))
                .collect::<Option<Vec<Analysis>>>()?;
            let mut choices: Vec<usize> = analyses.iter().filter_map(|a| a.choose(None)).collect();
            choices.sort_unstable();
            choices.dedup();
            let judged = cache.analyze_moves(setup, reference, &choices, cancel);
            if judged.cancelled {
                return None;
            }
            let results = analyses
                .into_iter()
                .map(|analysis| {
                    let verdict = Verdict::judge(analysis, &judged);
                    (verdict.choice, verdict.loss, verdict.agrees)
                })
                .collect();
            let position = ComparedPosition {
                empties: setup.empties(),
                results,
            };
            let progress = CompareProgress {
                done: done.fetch_add(1, Ordering::Relaxed) + 1,
                total: positions.len(),
            };
            on_position(progress, index, &position);
            Some(position)
        })
        .collect()
}
