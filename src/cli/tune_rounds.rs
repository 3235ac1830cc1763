//! `reversi3d tune --rounds R --dir DIR`: tuning in rounds (position set, fit, verification),
//! checkpointed after every round; `tune --resume DIR` continues a stopped run.

use super::tune_common::CommonArgs;
use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use super::round_progress::{RunOnTerminal, play_run};
use super::setup::{RulesChoice, SearchChoice, find_player, note_unread_patterns};
use lab::ai::selfplay::GameSettings;
use lab::ai::{Preset, PresetLibrary};
use lab::tune::position_set::NamedWeights;
use lab::tune::rounds::{RoundsSettings, TuningRun};

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
    let shown = RunOnTerminal {
        folder,
        command: "tune",
        list_rounds: false,
    };
    if play_run(&mut run, &shown, common.threads, out)? {
        let state = run.state();
        writeln!(
            out,
            "done: the best player is {} = {}",
            state.best.name, state.best.weights
        )?;
    }
    Ok(())
}

/// The run's settings from the arguments (checked as the run starts).
fn settings_of(args: &RoundsArgs, common: &CommonArgs) -> anyhow::Result<RoundsSettings> {
    let library = PresetLibrary::user_default().map_err(anyhow::Error::msg)?;
    let opponents: Vec<Preset> = (args.opponents.iter())
        .map(|name| find_player(&library, name))
        .collect::<anyhow::Result<_>>()
        .context("--opponents")?;
    let game = GameSettings {
        shape: args.board,
        rules: args.rules.rules(),
        depth: args.depth,
        search: args.search.kind(),
        opening_plies: args.openings,
        time_per_move: None,
    };
    note_unread_patterns(&opponents, game.played_by());
    Ok(RoundsSettings {
        name: common.name.clone().unwrap_or_else(|| "Tuned".to_string()),
        start: (NamedWeights::from(&find_player(&library, &common.from)?).nine_weights_only())
            .map_err(anyhow::Error::msg)
            .context("--from")?,
        rounds: args.rounds.unwrap_or(1),
        game,
        opponents: opponents.iter().map(NamedWeights::from).collect(),
        count: args.count,
        per_game: args.per_game,
        label_depth: args.label_depth,
        target: common.target(),
        verify_games: common.games,
        verify_depth: common.verify_depth.unwrap_or(args.depth),
        early_stop: common.gsprt,
        seed: args.seed,
    })
}
