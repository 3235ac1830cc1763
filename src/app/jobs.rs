//! The live searches off the UI thread (the AI's move, the Moves panel's analysis): a search
//! request runs as background work (`background`) on the workers it names, streams its
//! analysis, wakes the UI for every message, and stops promptly when cancelled or dropped.

use super::background::{Background, Message};
use engine::search::{Analysis, SearchRequest, Searched};

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
    Done(Result<Searched, String>),
}

/// A search running in the background; dropping it stops the search.
pub struct EngineJob {
    /// What the search is for.
    pub purpose: Purpose,
    /// What is searched.
    pub request: SearchRequest,
    run: Background<JobEvent>,
}

impl EngineJob {
    /// Starts `request` on a new thread (on the workers it names); `wake` is called after
    /// every event so that the UI repaints.
    pub fn start(
        purpose: Purpose,
        request: SearchRequest,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Self {
        let job_request = request.clone();
        let run = Background::spawn(wake, move |cancel, send| {
            let progress = |analysis: &Analysis| send(JobEvent::Progress(analysis.clone()));
            let searched = job_request
                .run(cancel, &progress)
                .map_err(|e| e.to_string())?;
            send(JobEvent::Done(Ok(searched)));
            Ok(())
        });
        EngineJob {
            purpose,
            request,
            run,
        }
    }

    /// The events that arrived since the last call, oldest first.
    pub fn poll(&self) -> Vec<JobEvent> {
        let mut events = Vec::new();
        for message in self.run.poll() {
            match message {
                Message::Event(event) => events.push(event),
                Message::Done(Ok(())) => {}
                Message::Done(Err(problem)) => events.push(JobEvent::Done(Err(problem))),
            }
        }
        events
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use engine::search::{Goal, SearchKind, SearchSettings, Workers};
    use engine::{Rules, Weights};

    fn long_search(kind: SearchKind) -> SearchRequest {
        let weights = Weights([14, 6, 1000, -1, -8, 91, -3, 4, -1]);
        let settings = SearchSettings {
            kind,
            symmetry: false,
            workers: Workers::Background(2),
            ..SearchSettings::new(Goal::EveryMove, 30, Rules::Classic, weights)
        };
        SearchRequest::at(
            engine::Setup::start("8x8x8".parse().expect("a valid board")),
            settings,
        )
    }

    /// Cancelling a search that would run for hours ends it promptly with what it finished
    /// (the latency printed here is recorded in BENCHMARKS.md).
    #[test]
    fn a_cancelled_search_ends_promptly() {
        for search in SearchKind::ALL {
            let job = EngineJob::start(Purpose::Analysis, long_search(search), || {});
            std::thread::sleep(Duration::from_millis(300));
            let clock = Instant::now();
            job.run.cancel();
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
