//! The session's searches: which one the workspace needs now (the AI's move or the live
//! analysis), starting and stopping it, and taking in what it reports.

use std::sync::Arc;

use super::Session;
use crate::app::jobs::{EngineJob, JobEvent, Purpose};
use engine::notation::Move;
use engine::search::{Analysis, Evaluation};
use engine::search::{Goal, SearchRequest, SearchSettings, Workers};
use engine::{Color, Setup};
use lab::ai::reference::ScoreUnit;

/// The analysis shown for a position.
#[derive(Clone, Debug)]
pub struct Shown {
    /// The position the game started from (its shape is the board).
    pub start: Setup,
    /// The moves from `start` that lead to the analysed position.
    pub moves: Vec<Move>,
    /// Whose moves are scored.
    pub mover: Color,
    /// The AI's choice or the live analysis.
    pub purpose: Purpose,
    /// The player whose weights score the moves.
    pub player: String,
    /// Scores, nodes and line so far.
    pub analysis: Analysis,
}

/// The nodes an AI searched for one move, for the chart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveCost {
    /// The move's number in the game (1-based).
    pub number: usize,
    /// Who moved.
    pub color: Color,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds spent.
    pub seconds: f64,
    /// The value the engine found, for Red, in `unit`, if it scored a move.
    pub red_value: Option<i32>,
    /// Discs (a pattern player's search: 32nds) or the nine weights' units.
    pub unit: ScoreUnit,
}

impl Session {
    /// Takes in what the running search reported: shows its analysis and plays the AI's move
    /// when its search ends.
    pub(super) fn take_events(&mut self) {
        let Some(job) = &self.job else {
            return;
        };
        let (purpose, request) = (job.purpose, job.request.clone());
        let mut done = None;
        for event in job.poll() {
            match event {
                JobEvent::Progress(analysis) => self.show(purpose, &request, None, analysis),
                JobEvent::Done(outcome) => done = Some(outcome),
            }
        }
        let Some(outcome) = done else {
            return;
        };
        self.job = None;
        match outcome {
            Ok(thought) => {
                self.show(
                    purpose,
                    &request,
                    Some(thought.mover),
                    thought.analysis.clone(),
                );
                if thought.analysis.cancelled {
                    return;
                }
                self.finished_request = Some(request.clone());
                if purpose == Purpose::AiMove {
                    let random = self.settings.random;
                    let choice = thought
                        .analysis
                        .choose(random.then_some(&mut self.rng as &mut dyn rand::Rng));
                    if let Some(cell) = choice {
                        self.play(cell, Some(&thought));
                    }
                }
            }
            Err(problem) => self.error(format!("search failed: {problem}")),
        }
    }

    fn show(
        &mut self,
        purpose: Purpose,
        request: &SearchRequest,
        mover: Option<Color>,
        analysis: Analysis,
    ) {
        let mover = mover.unwrap_or(self.board.mover);
        let player = match purpose {
            Purpose::AiMove => self.settings.seat(mover).ai.clone().unwrap_or_default(),
            Purpose::Analysis => self.settings.weights_player.clone(),
        };
        self.shown = Some(Shown {
            player,
            start: request.start.clone(),
            moves: request.moves.clone(),
            mover,
            purpose,
            analysis,
        });
    }

    /// Starts the search the workspace needs now (the AI's move when it is its turn and the
    /// game is playing, else the live analysis), keeps it when it already runs, stops it when
    /// nothing is needed.
    pub(super) fn schedule(&mut self) {
        let wanted = self.wanted_search();
        let running = self
            .job
            .as_ref()
            .map(|job| (job.purpose, job.request.clone()));
        if wanted == running {
            return;
        }
        self.job = None;
        let Some((purpose, request)) = wanted else {
            return;
        };
        if purpose == Purpose::Analysis && self.finished_request.as_ref() == Some(&request) {
            return;
        }
        let wake = Arc::clone(&self.wake);
        self.job = Some(EngineJob::start(purpose, request, move || wake()));
    }

    fn wanted_search(&self) -> Option<(Purpose, SearchRequest)> {
        if self.board.over || self.editing {
            return None;
        }
        let seat = self.settings.seat(self.board.mover);
        if self.playing
            && let Some(name) = &seat.ai
        {
            let evaluation = self.preset(name)?.evaluation(self.game.start().shape());
            return Some((Purpose::AiMove, self.request(seat.depth, evaluation)));
        }
        let live = self.settings.live_moves;
        let evaluation = self.weights_preset().evaluation(self.game.start().shape());
        live.then(|| {
            let request = self.request(self.settings.analysis_depth, evaluation);
            (Purpose::Analysis, request)
        })
    }

    fn request(&self, depth: u32, evaluation: Evaluation) -> SearchRequest {
        let settings = &self.settings;
        let weights = evaluation.weights;
        SearchRequest {
            start: self.game.start().clone(),
            moves: self.game.moves()[..self.game.cursor()].to_vec(),
            settings: SearchSettings {
                kind: settings.search,
                alpha_beta: settings.alpha_beta,
                symmetry: settings.symmetry,
                workers: Workers::Background(settings.workers.max(1)),
                evaluation,
                ..SearchSettings::new(Goal::EveryMove, depth, settings.rules, weights)
            },
        }
    }
}
