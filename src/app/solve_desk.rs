//! The exact solve of one position (the Analysis panel's Solve): the FFO-class solver on the
//! workspace's workers in the background, forgotten when the position changes.

use std::time::Instant;

use super::background::{Background, drain};
use engine::Rules;
use engine::Setup;
use engine::search::{SearchRequest, SearchSettings, Searched, Workers};
use lab::ai::solver::solver_settings;

/// Where the solve of a position stands.
#[derive(Debug, Default)]
pub enum SolveState {
    /// Nothing asked for this position.
    #[default]
    Idle,
    /// The solver runs, since this moment.
    Running(Instant),
    /// The solver finished (`analysis.cancelled` when stopped) or failed.
    Done(Result<Searched, String>),
}

/// One position's solve and what it found.
#[derive(Default)]
pub struct SolveDesk {
    position: Option<Setup>,
    run: Option<Background<Searched>>,
    state: SolveState,
}

impl SolveDesk {
    /// Starts solving `position` under `rules` on `workers` threads; `wake` is called when
    /// the solver has news. A solve already running is stopped.
    pub fn start(
        &mut self,
        position: Setup,
        rules: Rules,
        workers: usize,
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        let settings = SearchSettings {
            workers: Workers::Background(workers.max(1)),
            ..solver_settings(position.shape(), rules)
        };
        let request = SearchRequest::at(position.clone(), settings);
        self.position = Some(position);
        self.state = SolveState::Running(Instant::now());
        // The request names its workers, as the live searches' do (`jobs`).
        self.run = Some(Background::spawn(wake, move |cancel, send| {
            let searched = request.run(cancel, &|_| {}).map_err(|e| e.to_string())?;
            send(searched);
            Ok(())
        }));
    }

    /// Stops the solver; what it proved so far is kept.
    pub fn stop(&self) {
        if let Some(run) = &self.run {
            run.cancel();
        }
    }

    /// Where the solve of `position` stands, taking in what the solver reported; the solve of
    /// another position is stopped and forgotten.
    pub fn state_for(&mut self, position: &Setup) -> &SolveState {
        if self.position.as_ref() != Some(position) {
            *self = SolveDesk::default();
        }
        let (events, ended) = drain(&mut self.run);
        if let Some(searched) = events.into_iter().last() {
            self.state = SolveState::Done(Ok(searched));
        } else if let Some(Err(problem)) = ended {
            self.state = SolveState::Done(Err(problem));
        }
        &self.state
    }
}
