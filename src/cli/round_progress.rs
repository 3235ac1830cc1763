//! A run in rounds (`tune --rounds`, `train-patterns`) on the terminal: a bar for the position
//! set and the verification match, the fit's steps as its message, a line per finished round.

use std::io::Write;
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressStyle};

use lab::tune::round_run::{FitStep, RoundEvent, RoundRun, RoundState, RoundsProgress};

/// How `reversi3d` shows a run in rounds in `folder` (as the user named it): the command that
/// resumes it, and whether its finished rounds are listed before it goes on.
pub struct RunOnTerminal<'a> {
    /// The run's folder as the user named it.
    pub folder: &'a std::path::Path,
    /// The subcommand that resumes it, e.g. `train-patterns`.
    pub command: &'static str,
    /// List the finished rounds first.
    pub list_rounds: bool,
}

/// Writes the run's headline to `out`, plays its remaining rounds on `threads` workers (0: one
/// per core) showing their progress and writing each finished round's line, and says how to
/// go on when it was stopped; `true` when the run is finished.
pub fn play_run<S: RoundState + Send>(
    run: &mut RoundRun<S>,
    shown: &RunOnTerminal,
    threads: usize,
    out: &mut (dyn Write + Send),
) -> anyhow::Result<bool>
where
    S::Step: Send,
{
    let state = run.state();
    writeln!(out, "{}", state.headline(shown.folder))?;
    if shown.list_rounds {
        for round in state.history() {
            writeln!(out, "{}", state.round_line(round))?;
        }
    }
    let bar = ProgressBar::new(1).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} {msg}  [{elapsed_precise}]")
            .expect("a valid template"),
    );
    let pool = super::thread_pool(threads)?;
    let shared = Mutex::new(out);
    let result = pool.install(|| {
        run.run(super::interrupt::interrupt_flag(), &|event| {
            show(&event, &bar, &shared)
        })
    });
    bar.finish_and_clear();
    let out = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    result?;
    let state = run.state();
    if state.unfinished() {
        writeln!(
            out,
            "stopped in round {}: continue with reversi3d {} --resume {}",
            state.next_round(),
            shown.command,
            shown.folder.display()
        )?;
    }
    Ok(!state.unfinished())
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
