//! The exact solve of the position shown (the Analysis panel's Solve).

use std::sync::Arc;

use super::Session;
use crate::app::solve_desk::SolveState;

impl Session {
    /// Starts the solver on the position shown, on the workspace's workers.
    pub fn start_solve(&mut self) {
        let wake = Arc::clone(&self.wake);
        let (rules, workers) = (self.settings.rules, self.settings.workers);
        self.solver
            .start(self.here.clone(), rules, workers, move || wake());
    }

    /// Stops the solver.
    pub fn stop_solve(&self) {
        self.solver.stop();
    }

    /// Where the solve of the position shown stands.
    pub fn solve_state(&mut self) -> &SolveState {
        self.solver.state_for(&self.here)
    }
}
