//! A queue of jobs run on the current rayon pool, started strictly in the order given: each
//! thread takes the next job the moment it is free. Put the longest jobs first and the short
//! ones fill the end (a plain parallel iterator splits the list in halves and can leave one
//! thread alone with the long jobs).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Whether the queue goes on after a job ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Start the next jobs.
    Continue,
    /// Start no more jobs (those in flight still finish).
    Stop,
}

/// Runs `work` on the jobs `0..count`, started in the order of `order` (each index once), on
/// the current rayon pool. `work` gives a job's result (`None`: none) and whether more jobs
/// start. The results come back by job index, `None` for a job not started or without one.
pub fn run_in_order<T: Send + Sync>(
    count: usize,
    order: &[usize],
    work: &(dyn Fn(usize) -> (Option<T>, Flow) + Sync),
) -> Vec<Option<T>> {
    let next = AtomicUsize::new(0);
    let stopped = AtomicBool::new(false);
    let results: Vec<OnceLock<T>> = (0..count).map(|_| OnceLock::new()).collect();
    let worker = || {
        while !stopped.load(Ordering::Relaxed) {
            let Some(&job) = order.get(next.fetch_add(1, Ordering::Relaxed)) else {
                break;
            };
            let (result, flow) = work(job);
            if flow == Flow::Stop {
                stopped.store(true, Ordering::Relaxed);
            }
            if let Some(result) = result {
                let _ = results[job].set(result);
            }
        }
    };
    rayon::scope(|scope| {
        for _ in 0..rayon::current_num_threads().min(order.len()) {
            scope.spawn(|_| worker());
        }
    });
    results.into_iter().map(OnceLock::into_inner).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn jobs_start_in_the_given_order_and_results_come_back_by_index() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let started = Mutex::new(Vec::new());
        let order = [2, 0, 3, 1];
        let results = pool.install(|| {
            run_in_order(4, &order, &|job| {
                started.lock().unwrap().push(job);
                (Some(job * 10), Flow::Continue)
            })
        });
        assert_eq!(*started.lock().unwrap(), order);
        assert_eq!(results, vec![Some(0), Some(10), Some(20), Some(30)]);
    }

    #[test]
    fn a_stop_starts_no_more_jobs() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let results = pool.install(|| {
            run_in_order(4, &[0, 1, 2, 3], &|job| {
                let flow = if job == 1 { Flow::Stop } else { Flow::Continue };
                (Some(job), flow)
            })
        });
        assert_eq!(results, vec![Some(0), Some(1), None, None]);
    }
}
