//! The engine's test helpers (random play, the naive reference), shared with the lab's tests,
//! and the lab's own.

#[path = "../../../engine/tests/common/mod.rs"]
mod engine_helpers;
#[allow(unused_imports)] // Each test crate uses a different part of it.
pub use engine_helpers::*;

/// Runs the run in rounds in `folder` — started with `settings` when the folder holds none,
/// else resumed — on two workers until `stop` says so, and returns its state then.
#[allow(dead_code)] // Only the tests of runs in rounds use it.
pub fn run_until<S: lab::tune::round_run::RoundState + Send>(
    folder: &std::path::Path,
    settings: impl FnOnce() -> S::Settings,
    stop: impl Fn(&lab::tune::round_run::RoundEvent<S::Step, S>) -> bool + Sync,
) -> S {
    use lab::tune::round_run::RoundRun;
    use std::sync::atomic::{AtomicBool, Ordering};
    let mut run = if folder.join(lab::ai::checkpoint::CHECKPOINT_FILE).exists() {
        RoundRun::<S>::resume(folder).unwrap()
    } else {
        RoundRun::<S>::start(folder, settings()).unwrap()
    };
    let cancel = AtomicBool::new(false);
    with_workers(2, || {
        run.run(&cancel, &|event| {
            if stop(&event) {
                cancel.store(true, Ordering::Relaxed);
            }
        })
        .unwrap()
    });
    run.state().clone()
}
