//! The work behind the Compare and Review panels: the contestants' searches and the reference
//! on the current position, and the review of a whole game — each in the background, each
//! cancelled when no longer wanted, the reference analyses cached per position and shared.

use std::sync::Arc;

use super::background::{Background, drain};
use super::series_desk::{SeriesDesk, SeriesRequest};
use engine::Setup;
use engine::notation::Move;
use engine::search::Analysis;
use lab::ai::AiPlayer;
use lab::ai::compare::contestant_analysis;
use lab::ai::reference::{Reference, ReferenceCache, ReferenceSettings};
use lab::ai::review::{RedValue, Review, ReviewProgress, review_game};
use lab::game::Game;

/// A cell's mark when the boards are coloured from a comparison.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mark {
    /// A move's score between the worst (−1) and the best (+1) of the scored moves.
    Score(f32),
    /// A move some contestants choose and others do not.
    Disagreement,
}

/// The contestants and the reference on one position, as far as they got.
#[derive(Clone, Debug)]
pub struct PositionJudgement {
    /// The position.
    pub setup: Setup,
    /// The players compared.
    pub contestants: Vec<AiPlayer>,
    /// The reference's settings.
    pub settings: ReferenceSettings,
    /// Each contestant's analysis, once its search finished.
    pub analyses: Vec<Option<Analysis>>,
    /// The reference, once it finished (or from the cache).
    pub reference: Option<Reference>,
}

impl PositionJudgement {
    /// The move contestant `index` would play, once its search finished.
    pub fn choice(&self, index: usize) -> Option<usize> {
        self.analyses[index].as_ref()?.choose(None)
    }

    /// Whether every search has finished.
    pub fn is_complete(&self) -> bool {
        self.reference.is_some() && self.analyses.iter().all(Option::is_some)
    }

    /// The moves chosen by some contestants and not by others (once all have chosen).
    pub fn disputed(&self) -> Vec<usize> {
        let choices: Option<Vec<usize>> =
            (0..self.analyses.len()).map(|i| self.choice(i)).collect();
        let Some(choices) = choices else {
            return Vec::new();
        };
        let mut disputed: Vec<usize> = choices
            .iter()
            .copied()
            .filter(|&cell| choices.iter().any(|&other| other != cell))
            .collect();
        disputed.sort_unstable();
        disputed.dedup();
        disputed
    }

    /// The marks of the cells for one way of colouring: scores of contestant `index`, or of
    /// the reference when `index` is `None`.
    pub fn score_marks(&self, index: Option<usize>) -> Vec<(usize, Mark)> {
        let scores: Vec<(usize, i32)> = match index {
            Some(index) => self.analyses[index]
                .iter()
                .flat_map(|a| a.moves.iter())
                .filter_map(|m| Some((m.cell, m.score?)))
                .collect(),
            None => self
                .reference
                .iter()
                .flat_map(|r| r.moves.iter())
                .map(|m| (m.cell, m.score))
                .collect(),
        };
        let best = scores.iter().map(|s| s.1).max().unwrap_or(0);
        let worst = scores.iter().map(|s| s.1).min().unwrap_or(0);
        let spread = (best - worst).max(1) as f32;
        scores
            .into_iter()
            .map(|(cell, score)| {
                let fraction = 1.0 - 2.0 * (best - score) as f32 / spread;
                (cell, Mark::Score(fraction))
            })
            .collect()
    }

    /// The marks of the disputed moves.
    pub fn disagreement_marks(&self) -> Vec<(usize, Mark)> {
        self.disputed()
            .into_iter()
            .map(|cell| (cell, Mark::Disagreement))
            .collect()
    }
}

/// A game under review: what was asked and how far it got.
#[derive(Clone, Debug)]
pub struct ReviewedGame {
    /// The game's start.
    pub start: Setup,
    /// The moves reviewed.
    pub moves: Vec<Move>,
    /// The reference's settings.
    pub settings: ReferenceSettings,
    /// Positions in the game (the start and one after each move).
    pub total: usize,
    /// The values of the positions done so far, in the order of the game (the graph's until
    /// the review ends).
    pub values_so_far: Vec<RedValue>,
    /// The review, once finished.
    pub review: Option<Review>,
    /// Whether it was stopped before the end.
    pub stopped: bool,
}

enum PositionEvent {
    Contestant(usize, Analysis),
    Reference(Reference),
}

enum ReviewEvent {
    /// A position's value, as soon as it is done.
    Position(RedValue),
    Done(Review),
}

/// The judging work of a session.
#[derive(Default)]
pub struct JudgeDesk {
    cache: Arc<ReferenceCache>,
    position: Option<PositionJudgement>,
    position_run: Option<Background<PositionEvent>>,
    review: Option<ReviewedGame>,
    review_run: Option<Background<ReviewEvent>>,
    series: SeriesDesk,
}

impl JudgeDesk {
    /// Judges `setup`: each contestant's own search, then the reference (from the cache when
    /// it was analysed before). Asking again for the same position and settings keeps the
    /// work already done; anything else replaces it.
    pub fn judge(
        &mut self,
        setup: Setup,
        contestants: Vec<AiPlayer>,
        settings: ReferenceSettings,
        workers: usize,
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        let same = self.position.as_ref().is_some_and(|p| {
            p.setup == setup && p.contestants == contestants && p.settings == settings
        });
        let done_or_running = self.position_run.is_some()
            || self
                .position
                .as_ref()
                .is_some_and(PositionJudgement::is_complete);
        if same && done_or_running {
            return;
        }
        let cached = self.cache.get(&setup, &settings).filter(|r| r.complete);
        let needs_reference = cached.is_none();
        self.position = Some(PositionJudgement {
            analyses: vec![None; contestants.len()],
            reference: cached,
            setup: setup.clone(),
            contestants: contestants.clone(),
            settings: settings.clone(),
        });
        let cache = Arc::clone(&self.cache);
        self.position_run = Some(Background::start(workers, wake, move |cancel, send| {
            for (index, contestant) in contestants.iter().enumerate() {
                match contestant_analysis(&setup, contestant, settings.rules, cancel) {
                    Some(analysis) => send(PositionEvent::Contestant(index, analysis)),
                    None => return Ok(()),
                }
            }
            if needs_reference {
                let reference = cache.analyze(&setup, &settings, cancel);
                if !reference.cancelled {
                    send(PositionEvent::Reference(reference));
                }
            }
            Ok(())
        }));
    }

    /// Stops the position's searches (what finished is kept; asking again resumes).
    pub fn pause_position(&mut self) {
        self.position_run = None;
    }

    /// Reviews `game` to the end of its moves in the background (a running review is
    /// replaced). Positions analysed before come from the cache.
    pub fn review(
        &mut self,
        game: &Game,
        settings: ReferenceSettings,
        workers: usize,
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        let total = game.moves().len() + 1;
        self.review = Some(ReviewedGame {
            start: game.start().clone(),
            moves: game.moves().to_vec(),
            settings: settings.clone(),
            total,
            values_so_far: Vec::new(),
            review: None,
            stopped: false,
        });
        let cache = Arc::clone(&self.cache);
        let game = game.clone();
        self.review_run = Some(Background::start(workers, wake, move |cancel, send| {
            let progress = |p: ReviewProgress| send(ReviewEvent::Position(p.value));
            if let Ok(review) = review_game(&game, &settings, &cache, cancel, &progress) {
                send(ReviewEvent::Done(review));
            }
            Ok(())
        }));
    }

    /// Starts a comparison over many positions (see [`SeriesDesk::start`]).
    pub fn start_series(
        &mut self,
        request: SeriesRequest,
        workers: usize,
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        self.series
            .start(request, Arc::clone(&self.cache), workers, wake);
    }

    /// The comparison over many positions.
    pub fn series(&self) -> &SeriesDesk {
        &self.series
    }

    /// Stops the comparison over many positions.
    pub fn stop_series(&mut self) {
        self.series.stop();
    }

    /// Stops the review; the positions finished stay cached.
    pub fn stop_review(&mut self) {
        if self.review_run.take().is_some()
            && let Some(review) = &mut self.review
        {
            review.stopped = true;
        }
    }

    /// Takes in what the background work reported; returns a problem to show, if any.
    pub fn poll(&mut self) -> Option<String> {
        let (events, ended) = drain(&mut self.position_run);
        if let Some(position) = &mut self.position {
            for event in events {
                match event {
                    PositionEvent::Contestant(index, analysis) => {
                        position.analyses[index] = Some(analysis);
                    }
                    PositionEvent::Reference(reference) => position.reference = Some(reference),
                }
            }
        }
        let mut problem = ended.and_then(Result::err);
        let (events, ended) = drain(&mut self.review_run);
        if let Some(reviewed) = &mut self.review {
            for event in events {
                match event {
                    // Positions finish in parallel, the middle of the game first.
                    ReviewEvent::Position(value) => {
                        let values = &mut reviewed.values_so_far;
                        let at = values.partition_point(|v| v.ply < value.ply);
                        values.insert(at, value);
                    }
                    ReviewEvent::Done(review) => reviewed.review = Some(review),
                }
            }
            if ended.is_some() && reviewed.review.is_none() {
                reviewed.stopped = true;
            }
        }
        problem = problem.or(ended.and_then(Result::err));
        problem.or(self.series.poll())
    }

    /// The judgement of the last position asked for.
    pub fn position(&self) -> Option<&PositionJudgement> {
        self.position.as_ref()
    }

    /// The last review asked for.
    pub fn reviewed(&self) -> Option<&ReviewedGame> {
        self.review.as_ref()
    }

    /// Whether the position's searches run now.
    pub fn is_judging(&self) -> bool {
        self.position_run.is_some()
    }

    /// Whether a review runs now.
    pub fn is_reviewing(&self) -> bool {
        self.review_run.is_some()
    }

    /// Reference analyses kept.
    pub fn cached(&self) -> usize {
        self.cache.len()
    }
}
