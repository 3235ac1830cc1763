//! A run in rounds (`tune --rounds`, `train-patterns`) on the terminal: a bar for the position
//! set and the verification match, the fit's steps as its message, a line per finished round.

use std::io::Write;
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressStyle};

use lab::ai::RunError;
use lab::tune::round_run::{FitStep, RoundEvent, RoundsProgress};

/// Plays a run on `threads` workers (0: one per core) through `play`, which hands every event
/// on, showing its progress and writing each finished round's line to `out`.
pub fn play_rounds<F: FitStep, S: RoundsProgress>(
    threads: usize,
    out: &mut (dyn Write + Send),
    play: impl FnOnce(&(dyn Fn(RoundEvent<F, S>) + Sync)) -> Result<(), RunError> + Send,
) -> anyhow::Result<()> {
    let bar = ProgressBar::new(1).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} {msg}  [{elapsed_precise}]")
            .expect("a valid template"),
    );
    let out = Mutex::new(out);
    let pool = super::thread_pool(threads)?;
    let result = pool.install(|| play(&|event| show(&event, &bar, &out)));
    bar.finish_and_clear();
    Ok(result?)
}

/// Shows an event: progress on the bar, a line per finished round.
fn show<F: FitStep, S: RoundsProgress>(
    event: &RoundEvent<F, S>,
    bar: &ProgressBar,
    out: &Mutex<&mut (dyn Write + Send)>,
) {
    match event {
        RoundEvent::Round(round) => {
            bar.set_position(0);
            bar.set_message(format!("round {round}: positions"));
        }
        RoundEvent::Positions(progress) => {
            bar.set_length(progress.count as u64);
            bar.set_position(progress.records as u64);
        }
        RoundEvent::Fit(step) => bar.set_message(step.describe()),
        RoundEvent::Match(so_far, games) => {
            bar.set_length(u64::from(*games));
            bar.set_position(u64::from(so_far.games()));
            bar.set_message(format!("verification {}", so_far.record.with_score()));
        }
        RoundEvent::Finished(state) => {
            if let Some(line) = state.last_round_line() {
                let mut out = out.lock().expect("never poisoned");
                let _ = bar.suspend(|| writeln!(out, "{line}"));
            }
        }
    }
}
