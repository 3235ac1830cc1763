//! The reference analysis (DESIGN §7): the one yardstick players and games are judged by —
//! the strong search to a depth or for a time, exact whenever the endgame solver can finish,
//! every legal move scored. Results are cached per position and settings.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub use super::score_unit::ScoreUnit;
use crate::players::pattern_source::LoadedPatterns;
use engine::search::symmetry::kept_moves;
use engine::search::{Evaluation, Goal, Limits, SearchSettings, Workers, final_score, is_proven};
use engine::{Color, Geometry, Position, Rules, Setup, Shape, Weights, WidthJob};

/// How far the reference searches.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ReferenceLimit {
    /// Iterative deepening to this depth (plies).
    Depth(u32),
    /// Iterative deepening for about this long; the deepest finished depth counts.
    Time(Duration),
}

impl ReferenceLimit {
    /// The default for `shape`: a depth, so that the scores do not depend on the machine's
    /// speed, chosen to take about a tenth of a second a midgame position on two cores with
    /// the selective search (8×8 depth 12: 77 ms; 6×6×6 depth 6: 68 ms; 8×8×8 depth 4:
    /// 170 ms, measured over a review of one game each). Full width or selective, the scores
    /// are the same on every run and with any number of workers.
    pub fn default_for(shape: Shape) -> ReferenceLimit {
        ReferenceLimit::Depth(Self::board_depth(shape))
    }

    /// The depth of [`ReferenceLimit::default_for`].
    pub fn board_depth(shape: Shape) -> u32 {
        match (shape.is_3d(), shape.side()) {
            (false, side) if side <= 8 => 12,
            (false, _) => 10,
            (true, 4) => 9,
            (true, 6) => 6,
            (true, 8) => 4,
            (true, _) => 3,
        }
    }
}

/// The reference's settings: its search limit, its evaluation and when it solves exactly.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ReferenceSettings {
    /// Depth or time.
    pub limit: ReferenceLimit,
    /// Classic or misère scoring of finished games.
    pub rules: Rules,
    /// The evaluation of heuristic scores.
    pub weights: Weights,
    /// Evaluate by these patterns instead, in 32nds of a disc, on the classic game of their
    /// board (the weights then only order shallow nodes).
    pub patterns: Option<LoadedPatterns>,
    /// Solve exactly once this few cells are empty.
    pub exact_empties: u32,
    /// The search's transposition table in megabytes (a shallow reference of many positions
    /// wants a small one: every fresh page costs a fault).
    pub table_megabytes: usize,
    /// Heuristic positions are searched selectively (ProbCut), as Edax does in the midgame:
    /// several times fewer nodes, nearly always the full-width search's best move; on one
    /// worker a position, so that the scores stay the same from run to run.
    pub selective: bool,
}

impl ReferenceSettings {
    /// The default for `shape`: [`ReferenceLimit::default_for`], exact from the strong
    /// search's usual threshold, evaluated by the board's shipped learned evaluation where
    /// there is one (its scores then in discs), else by `weights`.
    pub fn new(shape: Shape, rules: Rules, weights: Weights) -> Self {
        ReferenceSettings {
            limit: ReferenceLimit::default_for(shape),
            rules,
            weights,
            patterns: Self::learned_evaluation(shape, rules),
            exact_empties: SearchSettings::DEFAULT_ENDGAME_EMPTIES,
            table_megabytes: SearchSettings::DEFAULT_TABLE_MEGABYTES,
            selective: true,
        }
    }

    /// The learned evaluation a reference uses on `shape` under `rules`: the board's shipped
    /// one, on its classic game. Without one, heuristic scores are in the nine weights' units.
    pub fn learned_evaluation(shape: Shape, rules: Rules) -> Option<LoadedPatterns> {
        LoadedPatterns::shipped_for(shape).filter(|p| p.evaluation.applies_to(shape, rules))
    }

    /// In words, for reports: `depth 12 selective, exact from 14 empties` or `2 s a
    /// position, …`.
    pub fn describe(&self) -> String {
        let limit = match self.limit {
            ReferenceLimit::Depth(depth) => format!("depth {depth}"),
            ReferenceLimit::Time(time) => format!("{} s a position", time.as_secs_f64()),
        };
        let kind = if self.selective {
            "selective"
        } else {
            "full width"
        };
        let evaluation = match &self.patterns {
            Some(patterns) => format!("by {} (discs)", patterns.source.path.display()),
            None => "by nine weights (eval units)".to_string(),
        };
        format!(
            "{limit} {kind}, {evaluation}, exact from {} empties",
            self.exact_empties
        )
    }
}

/// One move's reference score, from the mover's view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ScoredMove {
    /// The cell played.
    pub cell: usize,
    /// In the reference's [`ScoreUnit`].
    pub score: i32,
    /// Whether the score is a proven game result.
    pub exact: bool,
}

/// The reference analysis of one position.
#[derive(Clone, PartialEq, Debug)]
pub struct Reference {
    /// Whose moves are scored: the side to move, or its opponent when it must pass.
    pub mover: Color,
    /// The depth searched (the number of empties when exact).
    pub depth: u32,
    /// Every score is exact (the search reached the end of the game).
    pub exact: bool,
    /// The moves scored, in generation order: every legal move of `mover` when `complete`,
    /// else its best moves and those asked for; empty when the game is over.
    pub moves: Vec<ScoredMove>,
    /// Whether every legal move is scored.
    pub complete: bool,
    /// The position's value for `mover`: the best move's score, or the final margin once
    /// the game is over (then exact).
    pub value: i32,
    /// The unit of every score: discs when exact or evaluated by patterns.
    pub unit: ScoreUnit,
    /// Nodes searched.
    pub nodes: u64,
    /// Whether the search was cancelled (nothing else is then meaningful).
    pub cancelled: bool,
}

impl Reference {
    /// The best score's moves, in generation order.
    pub fn best_moves(&self) -> Vec<usize> {
        self.moves
            .iter()
            .filter(|m| m.score == self.value)
            .map(|m| m.cell)
            .collect()
    }

    /// The score of `cell`, if it is scored.
    pub fn score_of(&self, cell: usize) -> Option<ScoredMove> {
        self.moves.iter().find(|m| m.cell == cell).copied()
    }

    /// What playing `cell` loses against the best move, from the mover's view: never
    /// negative, 0 for a best move; in the reference's unit.
    pub fn loss(&self, cell: usize) -> Option<Loss> {
        // `value` is the best move's score, so the difference is never negative.
        let played = self.score_of(cell)?;
        let best_proven = self.best_moves().iter().all(|&best| self.is_proven(best));
        Some(Loss {
            amount: self.value - played.score,
            unit: self.unit,
            exact: self.exact || (played.exact && best_proven),
        })
    }

    /// The best move as the search ranks them: a proven win above every estimate, a proven
    /// loss below (where [`Reference::value`] weighs every score in discs alike). `None` when
    /// the game is over.
    pub fn search_best(&self) -> Option<ScoredMove> {
        let rank = |m: &ScoredMove| match (m.exact, m.score.signum()) {
            (true, 1) => 2,
            (true, -1) => 0,
            _ => 1,
        };
        (self.moves.iter().copied()).max_by_key(|m| (rank(m), m.score))
    }

    /// Whether the position's value is a proven game result.
    pub fn value_proven(&self) -> bool {
        self.exact || self.best_moves().iter().any(|&cell| self.is_proven(cell))
    }

    fn is_proven(&self, cell: usize) -> bool {
        self.score_of(cell).is_some_and(|m| m.exact)
    }

    /// A move's score as people read it: `=+4` exact, `win +4` proven, `+2.4` in discs or
    /// `+119` in evaluation units.
    pub fn score_text(&self, scored: ScoredMove) -> String {
        (self.unit).score_text(scored.score, scored.exact, self.exact)
    }

    /// The position's value for `mover` as people read it (see [`Reference::score_text`]).
    pub fn value_text(&self) -> String {
        (self.unit).score_text(self.value, self.value_proven(), self.exact)
    }

    /// The value for `color`.
    pub fn value_for(&self, color: Color) -> i32 {
        if color == self.mover {
            self.value
        } else {
            -self.value
        }
    }
}

/// A move's loss against the reference's best move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Loss {
    /// How much worse (≥ 0), in `unit`.
    pub amount: i32,
    /// Discs (32nds) or evaluation units.
    pub unit: ScoreUnit,
    /// Whether both scores are exact, so that the amount is a whole number of discs.
    pub exact: bool,
}

impl Loss {
    /// As people read it: `2.4 discs`, `3 discs` between exact scores, `119 eval`.
    pub fn text(self) -> String {
        self.unit.amount_text(self.amount, self.exact)
    }

    /// The amount alone, for a column headed by its unit: `2.4`, `3` between exact scores.
    pub fn number_text(self) -> String {
        self.unit.number_text(self.amount, self.exact)
    }

    /// Whether it is no number at all: a proven result given up for an estimate (or an
    /// estimate for a proven win) in a nine-weight reference, where proven results count as
    /// ±[`super::score_unit::DECISIVE`].
    pub fn is_proven_result(self) -> bool {
        self.unit.is_proven_amount(self.amount)
    }

    /// The amount in the unit's readable measure (discs, or evaluation units).
    pub fn measure(self) -> f64 {
        self.unit.measure(f64::from(self.amount))
    }
}

/// Analyses `setup` for the reference on the current rayon pool; `cancel` stops it.
pub fn analyze_reference(
    setup: &Setup,
    settings: &ReferenceSettings,
    cancel: &AtomicBool,
) -> Reference {
    setup.shape().dispatch(ReferenceJob {
        setup,
        settings,
        wanted: None,
        cancel,
    })
}

/// Analyses `setup` for the reference, scoring only its best moves and the legal moves of
/// `wanted` (the played or chosen ones): far fewer nodes than [`analyze_reference`]. One
/// thread, so that many positions can be judged at once.
pub fn analyze_reference_of(
    setup: &Setup,
    settings: &ReferenceSettings,
    wanted: &[usize],
    cancel: &AtomicBool,
) -> Reference {
    setup.shape().dispatch(ReferenceJob {
        setup,
        settings,
        wanted: Some(wanted),
        cancel,
    })
}

struct ReferenceJob<'a> {
    setup: &'a Setup,
    settings: &'a ReferenceSettings,
    /// The moves to score besides the best (`None`: every move).
    wanted: Option<&'a [usize]>,
    cancel: &'a AtomicBool,
}

impl WidthJob for ReferenceJob<'_> {
    type Output = Reference;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Reference {
        let position = self.setup.position(geometry);
        analyze_reference_at(geometry, &position, self.settings, self.wanted, self.cancel)
    }
}

/// The reference of `position` on `geometry`: every move scored, or with `wanted` only the
/// best and those (see [`analyze_reference_of`]). For callers that analyse many positions of
/// one board: nothing is built per call but the search.
pub fn analyze_reference_at<const W: usize>(
    geometry: &Geometry<W>,
    position: &Position<W>,
    settings: &ReferenceSettings,
    wanted: Option<&[usize]>,
    cancel: &AtomicBool,
) -> Reference {
    let mut position = *position;
    if position.must_pass(geometry) && !position.is_game_over(geometry) {
        position = position.pass();
    }
    if position.is_game_over(geometry) {
        return finished(&position, settings.rules);
    }
    let empties = position.empties(geometry).count();
    // With a time limit the search deepens until the time is up, at most to the end of
    // the game (the node counts are kept per depth, so the depth must stay realistic).
    let (depth, time_budget) = match settings.limit {
        ReferenceLimit::Depth(depth) => (depth, None),
        ReferenceLimit::Time(time) => (empties, Some(time)),
    };
    // Moves a symmetry of the position maps onto each other are searched once and share the
    // score: equivalent moves never score differently.
    let classes = kept_moves(
        &geometry.shape().symmetries(),
        &position,
        position.legal_moves(geometry),
    );
    let kept_of = |cell: usize| classes.iter().find(|c| c.0 == cell).map(|c| c.1);
    let goal = wanted.map_or(Goal::EveryMove, |wanted| {
        Goal::Selected(wanted.iter().filter_map(|&cell| kept_of(cell)).collect())
    });
    let search = SearchSettings {
        // A selective search's cuts depend on what its workers' shared table holds, so it
        // searches on one worker: the same scores on every run and with any pool. Full width,
        // the scores do not depend on the workers, which share out the moves.
        workers: if settings.selective {
            Workers::Threads(1)
        } else {
            Workers::CallersPool
        },
        limits: Limits {
            time: time_budget,
            ..Limits::depth(depth)
        },
        endgame_empties: settings.exact_empties,
        symmetry: true,
        table_megabytes: settings.table_megabytes,
        selective: settings.selective,
        evaluation: Evaluation {
            weights: settings.weights,
            patterns: (settings.patterns.as_ref()).map(|p| Arc::clone(&p.evaluation)),
        },
        ..SearchSettings::new(goal, depth, settings.rules, settings.weights)
    };
    let analysis = search
        .run_at(geometry, &position, cancel, &|_| {})
        .expect("the reference searches on the caller's pool")
        .analysis;
    let exact = analysis.finished && analysis.depth >= empties;
    let unit = ScoreUnit::of_search(exact, analysis.in_discs);
    let moves: Vec<ScoredMove> = classes
        .iter()
        .filter_map(|&(cell, kept)| {
            let score = analysis.moves.iter().find(|m| m.cell == kept)?.score?;
            Some(ScoredMove {
                cell,
                score: unit.judged(score),
                exact: exact || is_proven(score),
            })
        })
        .collect();
    Reference {
        mover: position.to_move,
        depth: analysis.depth,
        exact,
        unit,
        value: moves.iter().map(|m| m.score).max().unwrap_or(0),
        complete: moves.len() == classes.len(),
        moves,
        nodes: analysis.nodes.total(),
        // A time limit stops the search too: only the cancel flag (or no finished depth)
        // means there is no reference.
        cancelled: cancel.load(Ordering::Relaxed) || !analysis.finished,
    }
}

/// The reference of a finished game: no moves, the final margin as an exact value.
fn finished<const W: usize>(position: &Position<W>, rules: Rules) -> Reference {
    Reference {
        mover: position.to_move,
        depth: 0,
        exact: true,
        unit: ScoreUnit::Discs,
        moves: Vec::new(),
        complete: true,
        value: ScoreUnit::Discs.judged(final_score(position, rules)),
        nodes: 0,
        cancelled: false,
    }
}

/// Reference analyses already made, per position and settings: stepping through a game, a
/// comparison and a review never search a position twice. Shared between threads: the lock is
/// held only to look up or keep an analysis, never while searching.
#[derive(Default)]
pub struct ReferenceCache {
    entries: Mutex<HashMap<(Setup, ReferenceSettings), Reference>>,
}

impl ReferenceCache {
    fn entries(&self) -> std::sync::MutexGuard<'_, HashMap<(Setup, ReferenceSettings), Reference>> {
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The cached analysis of `setup`, if any.
    pub fn get(&self, setup: &Setup, settings: &ReferenceSettings) -> Option<Reference> {
        self.entries()
            .get(&(setup.clone(), settings.clone()))
            .cloned()
    }

    /// The analysis of `setup` scoring every move: from the cache, or searched now and kept
    /// unless cancelled.
    pub fn analyze(
        &self,
        setup: &Setup,
        settings: &ReferenceSettings,
        cancel: &AtomicBool,
    ) -> Reference {
        if let Some(known) = self.get(setup, settings)
            && known.complete
        {
            return known;
        }
        let reference = analyze_reference(setup, settings, cancel);
        if !reference.cancelled {
            self.insert(setup, settings, reference.clone());
        }
        reference
    }

    /// The analysis of `setup` scoring at least its best moves and `wanted`: from the cache
    /// when a kept analysis scores them all, else searched now with [`analyze_reference_of`]
    /// (the moves the kept one scored are scored again with them) and kept unless cancelled.
    pub fn analyze_moves(
        &self,
        setup: &Setup,
        settings: &ReferenceSettings,
        wanted: &[usize],
        cancel: &AtomicBool,
    ) -> Reference {
        let known = self.get(setup, settings);
        if let Some(known) = &known
            && (known.complete || wanted.iter().all(|&cell| known.score_of(cell).is_some()))
        {
            return known.clone();
        }
        let mut cells: Vec<usize> = known
            .iter()
            .flat_map(|k| k.moves.iter().map(|m| m.cell))
            .chain(wanted.iter().copied())
            .collect();
        cells.sort_unstable();
        cells.dedup();
        let reference = analyze_reference_of(setup, settings, &cells, cancel);
        if !reference.cancelled {
            self.insert(setup, settings, reference.clone());
        }
        reference
    }

    /// Keeps an analysis made elsewhere (e.g. on a worker thread).
    pub fn insert(&self, setup: &Setup, settings: &ReferenceSettings, reference: Reference) {
        self.entries()
            .insert((setup.clone(), settings.clone()), reference);
    }

    /// How many analyses are kept.
    pub fn len(&self) -> usize {
        self.entries().len()
    }

    /// Whether nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.entries().is_empty()
    }
}
