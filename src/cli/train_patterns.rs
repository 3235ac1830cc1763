//! `reversi3d train-patterns --board B --dir DIR`: trains a board's pattern evaluation in
//! bootstrapping rounds (exact endgame scores, then searches by the best fit over ever
//! earlier stages, each fit verified in a match), checkpointed after every round;
//! `train-patterns --resume DIR` continues a stopped run.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;

use super::round_progress::{RunOnTerminal, play_run};
use super::setup::{find_player, players_or_all};
use engine::Shape;
use lab::ai::PresetLibrary;
use lab::ai::selfplay::GameSettings;
use lab::tune::pattern_rounds::{PatternRoundsSettings, PatternTraining};
use lab::tune::position_set::{NamedWeights, PositionSetSettings};

/// Arguments of `reversi3d train-patterns`.
#[derive(Args, Debug)]
pub struct TrainPatternsArgs {
    /// The run's folder: each round's position set (`round-K.positions`) and fit
    /// (`round-K.bin`), and the checkpoint.
    #[arg(long, required_unless_present = "resume")]
    dir: Option<PathBuf>,
    /// Continue the run in this folder (the other options except --threads are ignored).
    #[arg(long, conflicts_with = "dir")]
    resume: Option<PathBuf>,
    /// Play nothing (a new run is only set up): print the `reversi3d positions` commands
    /// that make the next round's sets in their place — prefix each with `slurm` to make it on a
    /// cluster; `--resume` then takes each set once it is complete.
    #[arg(long)]
    next_set: bool,
    /// Board: NxN (2D, N even 4–16) or NxNxN (3D, N even 4–10).
    #[arg(long, default_value = "6x6x6")]
    board: Shape,
    /// The evaluation's name (its fits play as NAME-rK).
    #[arg(long, default_value = "Patterns")]
    name: String,
    /// Rounds after round 0 (the exact endgame round).
    #[arg(long, default_value_t = 3)]
    rounds: u32,
    /// Rounds over which the stages drawn grow from the endgame to the whole game.
    #[arg(long, default_value_t = 3)]
    growing_rounds: u32,
    /// Positions in each round's set.
    #[arg(long, default_value_t = 60_000)]
    count: usize,
    /// Positions drawn from each game at most.
    #[arg(long, default_value_t = 6)]
    per_game: usize,
    /// Random plies opening the sets' games and the verification matches. The 2D boards have
    /// only 244 openings of four plies: more plies give varied games (the 8×8 recipe draws
    /// with 10) and verification openings that training has not played.
    #[arg(long, default_value_t = 4)]
    openings: u32,
    /// Depth of the sets' games (classic search, nine-weight players).
    #[arg(long, default_value_t = 1)]
    game_depth: u32,
    /// Round 0: positions with at most this many empty cells, scored exactly.
    #[arg(long, default_value_t = 14)]
    exact_empties: u32,
    /// Later rounds: the labelling search's depth (by the best fit; exact from 4 more empty
    /// cells, at most 14).
    #[arg(long, default_value_t = 4)]
    label_depth: u32,
    /// Later rounds: label the same positions a second time one ply shallower
    /// (`round-K-shallower.positions`) and fit both, so that the evaluation agrees with
    /// searches of either parity (BENCHMARKS.md, "the odd–even effect").
    #[arg(long)]
    both_parities: bool,
    /// Fit each phase's weight for an even number of empty cells as well (who is due the last
    /// move), which tables spanning several empty counts cannot tell (the fits' files are then
    /// of version 3).
    #[arg(long)]
    parity: bool,
    /// How strongly rarely seen pattern contents are kept near zero.
    #[arg(long, default_value_t = 100.0)]
    regularization: f32,
    /// The player every fit must beat until one has (a pattern player too, e.g. Lobelia);
    /// its nine weights also order shallow nodes.
    #[arg(long, default_value = "Hamfast")]
    start: String,
    /// Who plays the position sets' games (comma-separated; default: every nine-weight
    /// player).
    #[arg(long, value_delimiter = ',')]
    players: Vec<String>,
    /// Games of each verification match (even).
    #[arg(long, default_value_t = 200)]
    verify_games: u32,
    /// Depth of the verification games (strong search).
    #[arg(long, default_value_t = 4)]
    verify_depth: u32,
    /// The seed of the whole run.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

/// Starts or resumes a run and prints every round.
pub fn run(args: &TrainPatternsArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let mut run = match (&args.resume, &args.dir) {
        (Some(folder), _) => PatternTraining::resume(folder)?,
        (None, Some(folder)) => PatternTraining::start(folder, settings_of(args)?)?,
        (None, None) => unreachable!("clap asks for --dir or --resume"),
    };
    if args.next_set {
        return print_next_sets(&run, out);
    }
    let folder = run.folder().to_path_buf();
    let shown = RunOnTerminal {
        folder: &folder,
        command: "train-patterns",
        list_rounds: true,
    };
    if !play_run(&mut run, &shown, args.threads, out)? {
        return Ok(());
    }
    let state = run.state();
    match state.best() {
        Some(best) => writeln!(out, "done: the best fit is {}", best.fit.path.display())?,
        None => writeln!(
            out,
            "done: no fit beat {}; the newest is {}",
            state.settings.start.name,
            (state.history.last()).map_or(String::new(), |r| r.fit.path.display().to_string())
        )?,
    }
    Ok(())
}

/// Prints the commands that make the next round's sets where the run looks for them.
fn print_next_sets(run: &PatternTraining, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let sets = run.next_sets();
    if sets.is_empty() {
        anyhow::bail!("{}: the run is over", run.folder().display());
    }
    for (path, set) in sets {
        print_set_command(&path, &set, out)?;
    }
    Ok(())
}

/// Prints the `positions` command that makes `set` at `path`.
fn print_set_command(
    path: &Path,
    set: &PositionSetSettings,
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    let label = set.label.as_ref().expect("every round's set is labelled");
    let board = set.game.shape;
    let labeller = label.labeller.preset()?;
    if label.patterns.is_none() && labeller.patterns_for(board).is_some() {
        anyhow::bail!(
            "the first player to beat, {}, has patterns: `positions` would label round 0 by \
             them; run round 0 here (train-patterns --resume), then print the next sets",
            label.labeller.name
        );
    }
    let players: Vec<&str> = set.players.iter().map(|p| p.name.as_str()).collect();
    let mut command = format!(
        "reversi3d positions --board {board} --count {} --players {} --depth {} --search {} \
         --openings {} --per-game {} --seed {} --label-depth {} --label-player {} \
         --label-exact {}",
        set.count,
        players.join(","),
        set.game.depth,
        set.game.search.label(),
        set.game.opening_plies,
        set.per_game,
        set.seed,
        label.depth,
        label.labeller.name,
        label.exact_empties,
    );
    if let Some(most) = set.max_empties {
        command += &format!(" --max-empties {most}");
    }
    if let Some(patterns) = &label.patterns {
        command += &format!(" --label-patterns {}", patterns.path.display());
    }
    writeln!(out, "{command} --out {}", path.display())?;
    if path.exists() {
        eprintln!(
            "{} holds part of the set already: continue it with `reversi3d positions --resume \
             --out {}`, or remove it to make the set elsewhere",
            path.display(),
            path.display()
        );
    }
    Ok(())
}

/// The run's settings from the arguments (checked as the run starts).
fn settings_of(args: &TrainPatternsArgs) -> anyhow::Result<PatternRoundsSettings> {
    let library = PresetLibrary::user_default().map_err(anyhow::Error::msg)?;
    let mut players = players_or_all(&library, &args.players).context("--players")?;
    if args.players.is_empty() {
        players.retain(|p| p.patterns.is_empty());
    }
    let start = NamedWeights::from(&find_player(&library, &args.start)?);
    Ok(PatternRoundsSettings {
        name: args.name.clone(),
        game: GameSettings {
            opening_plies: args.openings,
            depth: args.game_depth,
            ..PatternRoundsSettings::set_games(args.board)
        },
        players: players.iter().map(NamedWeights::from).collect(),
        start,
        rounds: args.rounds,
        growing_rounds: args.growing_rounds,
        count: args.count,
        per_game: args.per_game,
        exact_empties: args.exact_empties,
        label_depth: args.label_depth,
        both_parities: args.both_parities,
        parity: args.parity,
        regularization: args.regularization,
        verify_games: args.verify_games,
        verify_depth: args.verify_depth,
        seed: args.seed,
    })
}
