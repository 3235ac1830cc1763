//! A queue of jobs run on the current rayon pool, started strictly in the order given: each
//! thread takes the next job the moment it is free. Put the longest jobs first and the short
//! ones fill the end (a plain parallel iterator splits the list in halves and can leave one
//! thread alone with the long jobs). The jobs come from an iterator, drawn one at a time, so a
//! long run holds only the jobs in flight.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether the queue goes on after a job ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Start the next jobs.
    Continue,
    /// Start no more jobs (those in flight still finish).
    Stop,
}

/// Runs `work` on each job of `jobs`, started in their order on the current rayon pool, until
/// the jobs run out or `work` says [`Flow::Stop`]. Results go wherever `work` puts them; the
/// answer is [`Flow::Stop`] when a job stopped the queue, [`Flow::Continue`] when every job ran.
pub fn run_in_order<J: Send>(
    jobs: impl Iterator<Item = J> + Send,
    work: &(dyn Fn(J) -> Flow + Sync),
) -> Flow {
    let jobs = Mutex::new(jobs);
    let stopped = AtomicBool::new(false);
    let worker = || {
        while !stopped.load(Ordering::Relaxed) {
            let next = jobs.lock().expect("the queue is never poisoned").next();
            let Some(job) = next else {
                break;
            };
            if work(job) == Flow::Stop {
                stopped.store(true, Ordering::Relaxed);
            }
        }
    };
    rayon::scope(|scope| {
        for _ in 0..rayon::current_num_threads() {
            scope.spawn(|_| worker());
        }
    });
    match stopped.into_inner() {
        true => Flow::Stop,
        false => Flow::Continue,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn jobs_start_in_the_given_order() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let started = Mutex::new(Vec::new());
        let order = [2, 0, 3, 1];
        pool.install(|| {
            run_in_order(order.into_iter(), &|job| {
                started.lock().unwrap().push(job);
                Flow::Continue
            })
        });
        assert_eq!(*started.lock().unwrap(), order);
    }

    #[test]
    fn a_stop_starts_no_more_jobs() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let started = Mutex::new(Vec::new());
        let flow = pool.install(|| {
            run_in_order(0..4, &|job| {
                started.lock().unwrap().push(job);
                if job == 1 { Flow::Stop } else { Flow::Continue }
            })
        });
        assert_eq!(*started.lock().unwrap(), [0, 1]);
        assert_eq!(flow, Flow::Stop);
        assert_eq!(
            pool.install(|| run_in_order(0..4, &|_| Flow::Continue)),
            Flow::Continue
        );
    }

    #[test]
    fn an_endless_stream_is_drawn_only_as_far_as_the_jobs_started() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let drawn = std::sync::atomic::AtomicUsize::new(0);
        let endless = (0..).inspect(|_| {
            drawn.fetch_add(1, Ordering::Relaxed);
        });
        pool.install(|| {
            run_in_order(endless, &|job: u64| match job < 9 {
                true => Flow::Continue,
                false => Flow::Stop,
            })
        });
        assert!(drawn.load(Ordering::Relaxed) <= 11);
    }
}
