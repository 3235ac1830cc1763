//! `reversi3d tune --rounds R --dir DIR`: tuning in rounds (position set, fit, verification),
//! checkpointed after every round; `tune --resume DIR` continues a stopped run.

use super::tune_common::CommonArgs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::interrupt::interrupt_flag;
use super::setup::{RulesChoice, SearchChoice, find_player};
use lab::ai::PresetLibrary;
use lab::ai::selfplay::GameSettings;
use lab::tune::position_set::NamedWeights;
use lab::tune::rounds::{RoundsEvent, RoundsSettings, RoundsState, TuningRun};

/// The options of tuning in rounds.
#[derive(Args, Debug)]
pub struct RoundsArgs {
    /// Tune in this many rounds of position set, fit and verification, in --dir.
    #[arg(long, requires = "dir")]
    pub rounds: Option<u32>,
    /// The run's folder: position sets, accepted players, checkpoint.
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Continue the tuning run in this folder.
    #[arg(long, conflicts_with_all = ["rounds", "data"])]
    pub resume: Option<PathBuf>,
    /// Rounds: the board.
    #[arg(long, default_value = "6x6x6")]
    pub board: engine::Shape,
    /// Rounds: the position sets' games' depth.
    #[arg(long, default_value_t = 2)]
    pub depth: u32,
    /// Rounds: the games' search.
    #[arg(long, value_enum, default_value_t = SearchChoice::Strong)]
    pub search: SearchChoice,
    /// Rounds: scoring of finished games.
    #[arg(long, value_enum, default_value_t = RulesChoice::Classic)]
    pub rules: RulesChoice,
    /// Rounds: random opening plies of every game.
    #[arg(long, default_value_t = 4)]
    pub openings: u32,
    /// Rounds: who else plays in the position sets' games (comma-separated).
    #[arg(long, value_delimiter = ',')]
    pub opponents: Vec<String>,
    /// Rounds: positions per round.
    #[arg(long, default_value_t = 20_000)]
    pub count: usize,
    /// Rounds: positions drawn from each game.
    #[arg(long, default_value_t = 16)]
    pub per_game: usize,
    /// Rounds: label the positions with the best player's search at this depth.
    #[arg(long)]
    pub label_depth: Option<u32>,
    /// Rounds: the seed of the whole run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Starts or resumes a run and prints every round.
pub fn run(
    args: &RoundsArgs,
    common: &CommonArgs,
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    let mut run = match (&args.resume, &args.dir) {
        (Some(folder), _) => TuningRun::resume(folder)?,
        (None, Some(folder)) => TuningRun::start(folder, settings_of(args, common)?)?,
        (None, None) => anyhow::bail!("give --rounds R --dir DIR, or --resume DIR"),
    };
    let folder = args
        .resume
        .as_ref()
        .or(args.dir.as_ref())
        .expect("a folder");
    let state = run.state().clone();
    describe(&state, folder, out)?;
    let bar = ProgressBar::new(1).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} {msg}  [{elapsed_precise}]")
            .expect("a valid template"),
    );
    let out = Mutex::new(out);
    let pool = super::thread_pool(common.threads)?;
    let result = pool.install(|| run.run(interrupt_flag(), &|event| show(&event, &bar, &out)));
    bar.finish_and_clear();
    result?;
    let out = out.into_inner().expect("never poisoned");
    let state = run.state();
    if state.history.len() < state.settings.rounds as usize {
        writeln!(
            out,
            "stopped in round {}: continue with reversi3d tune --resume {}",
            state.history.len() + 1,
            folder.display()
        )?;
    } else {
        writeln!(
            out,
            "done: the best player is {} = {}",
            state.best.name, state.best.weights
        )?;
    }
    Ok(())
}

/// The run's settings from the arguments.
fn settings_of(args: &RoundsArgs, common: &CommonArgs) -> anyhow::Result<RoundsSettings> {
    let library = PresetLibrary::user_default().map_err(anyhow::Error::msg)?;
    let named = |name: &str| -> anyhow::Result<NamedWeights> {
        Ok(NamedWeights::from(&find_player(&library, name)?))
    };
    let settings = RoundsSettings {
        name: common.name.clone().unwrap_or_else(|| "Tuned".to_string()),
        start: (named(&common.from)?.nine_weights_only())
            .map_err(anyhow::Error::msg)
            .context("--from")?,
        rounds: args.rounds.unwrap_or(1),
        game: GameSettings {
            shape: args.board,
            rules: args.rules.rules(),
            depth: args.depth,
            search: args.search.kind(),
            opening_plies: args.openings,
            time_per_move: None,
        },
        opponents: args
            .opponents
            .iter()
            .map(|name| named(name))
            .collect::<anyhow::Result<_>>()
            .context("--opponents")?,
        count: args.count,
        per_game: args.per_game,
        label_depth: args.label_depth,
        target: common.target(),
        verify_games: common.games,
        verify_depth: common.verify_depth.unwrap_or(args.depth),
        early_stop: common.gsprt,
        seed: args.seed,
    };
    settings.validate().map_err(anyhow::Error::msg)?;
    Ok(settings)
}

fn describe(
    state: &RoundsState,
    folder: &Path,
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    let settings = &state.settings;
    writeln!(
        out,
        "tuning {} from {} in {}: {} rounds of {} positions on {} (games at depth {}{}), target \
         {:?}, verified in {} games at depth {}; {} rounds done, best {}",
        settings.name,
        settings.start.name,
        folder.display(),
        settings.rounds,
        settings.count,
        settings.game.shape,
        settings.game.depth,
        settings
            .label_depth
            .map(|d| format!(", labelled at depth {d}"))
            .unwrap_or_default(),
        settings.target,
        settings.verify_games,
        settings.verify_depth,
        state.history.len(),
        state.best.name,
    )?;
    Ok(())
}

/// Shows an event: progress on the bar, a line per finished round.
fn show(event: &RoundsEvent, bar: &ProgressBar, out: &Mutex<&mut (dyn Write + Send)>) {
    match event {
        RoundsEvent::Round(round) => {
            bar.set_position(0);
            bar.set_message(format!("round {round}: positions"));
        }
        RoundsEvent::Positions(progress) => {
            bar.set_length(progress.count as u64);
            bar.set_position(progress.records as u64);
        }
        RoundsEvent::Step(step) => {
            bar.set_message(format!(
                "fit step {}: hold-out loss {:.6}",
                step.number, step.holdout
            ));
        }
        RoundsEvent::Match(so_far, games) => {
            bar.set_length(u64::from(*games));
            bar.set_position(u64::from(so_far.games()));
            bar.set_message(format!("verification {}", so_far.record.with_score()));
        }
        RoundsEvent::Finished(state) => {
            let round = state.history.last().expect("a finished round");
            let (wins, draws, losses) = round.record;
            let line = format!(
                "round {}: {} positions, hold-out loss {:.6} → {:.6}; candidate {} scored \
                 {wins}-{draws}-{losses}: {}",
                round.round,
                state.settings.count,
                round.holdout.0,
                round.holdout.1,
                round.candidate,
                round.verdict()
            );
            bar.suspend(|| {
                let mut out = out.lock().expect("never poisoned");
                let _ = writeln!(out, "{line}");
            });
        }
    }
}
