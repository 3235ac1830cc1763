//! The long run behind a panel (an evolution, a tuning run, a tournament): the work in the
//! background and what the panel shows of it, which outlives the run (a stopped or finished run stays on
//! show, and the last one comes back at the next start from its checkpoint).

use std::sync::atomic::AtomicBool;

use super::background::{Background, drain};

/// What a panel shows of a long run: it takes in the run's events and says where the run
/// stands.
pub trait RunView<E> {
    /// Takes in an event; a line for the log when it is worth one.
    fn take_in(&mut self, event: E) -> Option<String>;
    /// The status line shown.
    fn status_mut(&mut self) -> &mut String;
    /// Takes note that the run has ended without failing (`stopped`: asked to stop) and gives
    /// the status to show: finished, or where it stopped.
    fn ended(&mut self, stopped: bool) -> String;
}

/// A checkpointed run (an evolution, a tuning or training run): it plays on from its
/// checkpoint, reporting events, until it ends or is cancelled.
pub trait CheckpointedRun<E> {
    /// Plays the rest of the run.
    fn play(
        &mut self,
        cancel: &AtomicBool,
        on_event: &(dyn Fn(E) + Sync),
    ) -> Result<(), lab::ai::RunError>;
}

/// A name's letters and digits, for the folders and players a run names after a player.
pub fn short_name(name: &str) -> String {
    name.chars().filter(|c| c.is_alphanumeric()).collect()
}

/// A run in the background (`E` its events) and the view of it a panel shows (`V`).
pub struct RunDesk<V, E> {
    run: Option<Background<E>>,
    view: Option<V>,
}

impl<V, E> Default for RunDesk<V, E> {
    fn default() -> Self {
        RunDesk {
            run: None,
            view: None,
        }
    }
}

impl<V: RunView<E>, E: Send + 'static> RunDesk<V, E> {
    /// A desk showing `view` (a run found at startup), with nothing running.
    pub fn showing(view: Option<V>) -> Self {
        RunDesk { run: None, view }
    }

    /// Starts `work` on `workers` engine threads (a run already going is stopped) and shows
    /// `view` for it; `wake` is called whenever the run has news.
    pub fn launch(
        &mut self,
        view: V,
        workers: usize,
        wake: impl Fn() + Send + Sync + 'static,
        work: impl FnOnce(&AtomicBool, &(dyn Fn(E) + Sync)) -> Result<(), String> + Send + 'static,
    ) {
        self.run = None;
        self.run = Some(Background::start(workers, wake, work));
        self.view = Some(view);
    }

    /// Opens a checkpointed run with `open` (starting or resuming it) on `workers` engine
    /// threads and plays it to its end, showing `view`.
    pub fn launch_run<R: CheckpointedRun<E>>(
        &mut self,
        view: V,
        workers: usize,
        wake: impl Fn() + Send + Sync + 'static,
        open: impl FnOnce() -> Result<R, lab::ai::RunError> + Send + 'static,
    ) {
        self.launch(view, workers, wake, move |cancel, send| {
            let mut run = open().map_err(|e| e.to_string())?;
            run.play(cancel, send).map_err(|e| e.to_string())
        });
    }

    /// Asks the run to stop; it keeps what its checkpoint holds.
    pub fn stop(&self) {
        if let Some(run) = &self.run {
            run.cancel();
        }
    }

    /// Whether a run is going on.
    pub fn is_running(&self) -> bool {
        self.run.is_some()
    }

    /// The run shown.
    pub fn view(&self) -> Option<&V> {
        self.view.as_ref()
    }

    /// Takes in what the run reported; returns lines for the log, each with whether it is a
    /// failure, the run named `what` in them.
    pub fn poll(&mut self, what: &str) -> Vec<(String, bool)> {
        let stopped = self.run.as_ref().is_some_and(|run| run.is_cancelled());
        let (events, ended) = drain(&mut self.run);
        let Some(view) = self.view.as_mut() else {
            return Vec::new();
        };
        let mut lines: Vec<(String, bool)> = events
            .into_iter()
            .filter_map(|event| view.take_in(event).map(|line| (line, false)))
            .collect();
        if let Some(outcome) = ended {
            let status = match outcome {
                Err(problem) => {
                    lines.push((format!("{what}: {problem}"), true));
                    format!("failed: {problem}")
                }
                Ok(()) => view.ended(stopped),
            };
            lines.push((format!("{what} {status}"), false));
            *view.status_mut() = status;
        }
        lines
    }
}
