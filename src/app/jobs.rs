//! Engine work off the UI thread: a search runs on its own thread with a rayon pool of the
//! chosen size, streams its analysis through a channel, wakes the UI for every message, and
//! stops promptly when cancelled or dropped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

use engine::search::Analysis;
use lab::ai::{SearchRequest, Thought, think};

/// Why a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The AI to move chooses its move.
    AiMove,
    /// The live analysis of the Moves panel.
    Analysis,
}

/// A message from a running search.
#[derive(Debug)]
pub enum JobEvent {
    /// The analysis so far (after a finished depth or root move).
    Progress(Analysis),
    /// The search ended (finished, cancelled or refused).
    Done(Result<Thought, String>),
}

/// A search running in the background.
pub struct EngineJob {
    /// What the search is for.
    pub purpose: Purpose,
    /// What is searched.
    pub request: SearchRequest,
    cancel: Arc<AtomicBool>,
    events: Receiver<JobEvent>,
}

impl EngineJob {
    /// Starts `request` on a new thread with `workers` engine threads; `wake` is called after
    /// every event so that the UI repaints.
    pub fn start(
        purpose: Purpose,
        request: SearchRequest,
        workers: usize,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Self {
        let cancel = Arc::new(AtomicBool::new(false));
        let (sender, events) = channel();
        let job_request = request.clone();
        let job_cancel = Arc::clone(&cancel);
        std::thread::spawn(move || {
            run_search(&job_request, workers, &job_cancel, &sender, &wake);
        });
        EngineJob {
            purpose,
            request,
            cancel,
            events,
        }
    }

    /// The events that arrived since the last call, oldest first.
    pub fn poll(&self) -> Vec<JobEvent> {
        self.events.try_iter().collect()
    }

    /// Asks the search to stop; it ends with a `Done` carrying what it finished.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl Drop for EngineJob {
    fn drop(&mut self) {
        self.cancel();
    }
}

fn run_search(
    request: &SearchRequest,
    workers: usize,
    cancel: &AtomicBool,
    sender: &Sender<JobEvent>,
    wake: &(dyn Fn() + Send + Sync),
) {
    let send = |event: JobEvent| {
        // A closed channel means the UI dropped the job: nothing left to tell.
        if sender.send(event).is_ok() {
            wake();
        }
    };
    let outcome = engine_pool(workers).and_then(|pool| {
        pool.install(|| {
            let progress = |analysis: &Analysis| send(JobEvent::Progress(analysis.clone()));
            think(request, cancel, &progress).map_err(|error| error.to_string())
        })
    });
    send(JobEvent::Done(outcome));
}

/// A rayon pool of `workers` engine threads at a lower priority than the UI.
pub fn engine_pool(workers: usize) -> Result<rayon::ThreadPool, String> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(workers.max(1))
        .start_handler(|_| yield_to_the_ui())
        .build()
        .map_err(|error| format!("cannot start {workers} engine threads: {error}"))
}

/// Lowers the calling engine thread's priority (nice 10), so that the UI thread gets a core
/// whenever it needs one even while every core searches.
#[cfg(target_os = "linux")]
fn yield_to_the_ui() {
    // SAFETY: setpriority only reads its arguments; on Linux, PRIO_PROCESS with id 0 applies
    // to the calling thread alone.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 10);
    }
}

/// Other systems keep the default priority.
#[cfg(not(target_os = "linux"))]
fn yield_to_the_ui() {}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use engine::{Rules, Weights};
    use lab::ai::SearchKind;

    fn long_search(search: SearchKind) -> SearchRequest {
        SearchRequest {
            start: engine::Setup::start("8x8x8".parse().expect("a valid board")),
            rules: Rules::Classic,
            moves: Vec::new(),
            search,
            depth: 30,
            weights: Weights([14, 6, 1000, -1, -8, 91, -3, 4, -1]),
            alpha_beta: true,
            symmetry: false,
            time_budget: None,
        }
    }

    /// Cancelling a search that would run for hours ends it promptly with what it finished
    /// (the latency printed here is recorded in BENCHMARKS.md).
    #[test]
    fn a_cancelled_search_ends_promptly() {
        for search in SearchKind::ALL {
            let job = EngineJob::start(Purpose::Analysis, long_search(search), 2, || {});
            std::thread::sleep(Duration::from_millis(300));
            let clock = Instant::now();
            job.cancel();
            let outcome = loop {
                let done = job.poll().into_iter().find_map(|event| match event {
                    JobEvent::Done(outcome) => Some(outcome),
                    JobEvent::Progress(_) => None,
                });
                if let Some(outcome) = done {
                    break outcome;
                }
                assert!(
                    clock.elapsed() < Duration::from_secs(10),
                    "no end after cancel"
                );
                std::thread::sleep(Duration::from_micros(200));
            };
            let thought = outcome.expect("the search ran");
            assert!(thought.analysis.cancelled);
            eprintln!("{search:?}: stopped {:?} after cancel", clock.elapsed());
        }
    }
}
