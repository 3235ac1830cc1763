//! The exact solve of the position shown (the Analysis panel's Solve): the narrow context its
//! row draws from, and its requests.

use std::sync::Arc;

use super::Session;
use crate::app::solve_desk::SolveState;
use engine::Shape;
use engine::notation::Notation;

/// What the Solve row sees of the session; what it asks for waits in `requests`.
pub struct SolveContext<'a> {
    /// The board.
    pub shape: Shape,
    /// How cells are written.
    pub notation: Notation,
    /// Where the solve of the position shown stands.
    pub state: &'a SolveState,
    /// What the row asks for, in order.
    pub requests: Vec<SolveRequest>,
}

/// What the Solve row may ask of the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveRequest {
    /// Solve the position shown on the workspace's workers.
    Start,
    /// Stop the solver.
    Stop,
}

impl Session {
    /// Draws the Solve row with `draw` from its narrow context, then acts on its requests.
    pub fn solve_panel<R>(&mut self, draw: impl FnOnce(&mut SolveContext) -> R) -> R {
        let mut context = SolveContext {
            shape: self.board.shape,
            notation: self.settings.notation,
            state: self.solver.state_for(&self.here),
            requests: Vec::new(),
        };
        let drawn = draw(&mut context);
        for request in context.requests {
            match request {
                SolveRequest::Start => self.start_solve(),
                SolveRequest::Stop => self.solver.stop(),
            }
        }
        drawn
    }

    /// Starts the solver on the position shown, on the workspace's workers.
    fn start_solve(&mut self) {
        let wake = Arc::clone(&self.wake);
        let (rules, workers) = (self.settings.rules, self.settings.workers);
        self.solver
            .start(self.here.clone(), rules, workers, move || wake());
    }
}
