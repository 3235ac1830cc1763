//! `reversi3d positions`: a position set for tuning, made by self-play and appended as it is
//! made; `--resume` continues a stopped run exactly.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::interrupt::interrupt_flag;
use super::setup::{GameArgs, find_player, note_unread_patterns, players_or_all};
use lab::ai::PresetLibrary;
use lab::cluster::Shard;
use lab::cluster::positions::{POSITIONS, game_limit, run_positions_shard};
use lab::players::pattern_source::LoadedPatterns;
use lab::tune::generate::{GenerationProgress, generate_positions};
use lab::tune::position_set::{
    LabelSettings, NamedWeights, PositionSetSettings, PositionSetWriter, ResumePoint,
    read_position_set,
};

/// Arguments of `reversi3d positions`.
#[derive(Args, Debug)]
pub struct PositionsArgs {
    /// Positions in the set.
    #[arg(long, default_value_t = 10_000)]
    count: usize,
    /// Comma-separated players of the self-play games (game g: player g is Red against
    /// player g + 1, in turn); all the nine-weight players by default.
    #[arg(long, value_delimiter = ',')]
    players: Vec<String>,
    #[command(flatten)]
    game: GameArgs,
    /// Positions drawn at random from each game, over all its stages (or the last ones, with
    /// --max-empties).
    #[arg(long, default_value_t = 16)]
    per_game: usize,
    /// Draw only positions with at most this many empty cells, e.g. those --label-exact
    /// scores exactly (for fitting patterns to exact scores).
    #[arg(long)]
    max_empties: Option<u32>,
    /// Label every position with the strong search's value at this depth (exact where the
    /// solver finishes).
    #[arg(long)]
    label_depth: Option<u32>,
    /// Whose evaluation the labelling search uses.
    #[arg(long, default_value = "Hamfast")]
    label_player: String,
    /// The labelling search solves exactly from this many empty cells (default: the label
    /// depth + 4, at most 14).
    #[arg(long)]
    label_exact: Option<u32>,
    /// The labelling search evaluates by this pattern file of the board (heuristic labels in
    /// 32nds of a disc, which `fit-patterns` fits to); the label player's weights then only
    /// order shallow nodes.
    #[arg(long, requires = "label_depth")]
    label_patterns: Option<PathBuf>,
    /// The position file to write (an existing one is refused unless resumed or --force).
    #[arg(long, required_unless_present = "shard")]
    out: Option<PathBuf>,
    #[command(flatten)]
    output: super::output::OutputArgs,
    /// Continue the run that wrote --out, with its own settings (the other options except
    /// --threads are ignored).
    #[arg(long)]
    resume: bool,
    /// Play only shard I of N (e.g. 3/8): the run's games I−1, I−1+N, … (a few past where the
    /// whole run is expected to end), into `positions-00I-of-00N.shard` in --shard-dir;
    /// `reversi3d merge DIR --out FILE` makes the set from the shards.
    #[arg(long, value_name = "I/N", conflicts_with_all = ["out", "resume"])]
    shard: Option<Shard>,
    /// The folder of the shard files.
    #[arg(long, value_name = "DIR", default_value = ".", requires = "shard")]
    shard_dir: PathBuf,
}

/// Makes (or continues) the position set and prints what was done.
pub fn run(args: &PositionsArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let Some(path) = &args.out else {
        return run_shard(args, out);
    };
    let (settings, mut writer, start) = if args.resume {
        let set = read_position_set(path)?;
        if let Some(notice) = &set.notice {
            writeln!(out, "{notice}")?;
        }
        let writer = PositionSetWriter::resume(path, &set)?;
        writeln!(
            out,
            "resuming {}: {} positions from {} games kept",
            path.display(),
            set.complete.records,
            set.complete.next_game
        )?;
        (set.settings, writer, set.complete)
    } else {
        let settings = settings_of(args)?;
        args.output.prepare_appended(path)?;
        let writer = PositionSetWriter::create(path, &settings)?;
        (settings, writer, ResumePoint::default())
    };
    describe(&settings, out)?;
    let bar = progress_bar(settings.count);
    bar.set_position(start.records as u64);
    let pool = super::thread_pool(args.game.threads)?;
    let progress = pool.install(|| {
        generate_positions(
            &settings,
            &mut writer,
            start,
            interrupt_flag(),
            &show_progress(&bar),
        )
    })?;
    bar.finish_and_clear();
    writeln!(
        out,
        "{} of {} positions in {}; this run wrote {} in {:.1} s with {}: {:.0} \
         positions/min",
        progress.records,
        progress.count,
        writer.path().display(),
        progress.written,
        progress.seconds,
        super::workers_text(pool.current_num_threads()),
        60.0 * progress.rate()
    )?;
    if progress.records < progress.count {
        writeln!(
            out,
            "stopped early: continue with reversi3d positions --resume --out {}",
            writer.path().display()
        )?;
    }
    Ok(())
}

/// Plays one shard of the run into its shard file.
fn run_shard(args: &PositionsArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let shard = args.shard.expect("clap asks for --out or --shard");
    let settings = settings_of(args)?;
    describe(&settings, out)?;
    let games = game_limit(&settings, shard.count);
    writeln!(
        out,
        "shard {shard}: games {}, {}, … below {games} (the whole run is expected to need fewer)",
        shard.index - 1,
        shard.index - 1 + shard.count
    )?;
    let bar = progress_bar(0);
    let pool = super::thread_pool(args.game.threads)?;
    let file = pool.install(|| {
        run_positions_shard(
            &settings,
            shard,
            &args.shard_dir,
            interrupt_flag(),
            &show_progress(&bar),
        )
    })?;
    bar.finish_and_clear();
    super::shard_ended(out, shard, POSITIONS, &args.shard_dir, file)
}

/// What the progress bar shows of a run's progress.
fn show_progress(bar: &ProgressBar) -> impl Fn(&GenerationProgress) + Sync + '_ {
    |progress| {
        bar.set_position(progress.records as u64);
        bar.set_message(format!("{:.0} positions/min", 60.0 * progress.rate()));
    }
}

/// The progress bar of a run of `count` positions (0: count unknown).
fn progress_bar(count: usize) -> ProgressBar {
    let template = match count {
        0 => "{spinner} {pos} positions  {msg}  [{elapsed_precise}]",
        _ => "{bar:40} {pos}/{len} positions  {msg}  [{elapsed_precise}, {eta} to go]",
    };
    ProgressBar::new(count as u64)
        .with_style(ProgressStyle::with_template(template).expect("a valid template"))
}

/// The games a sharded run plays (for `slurm`), refusing bad arguments or a shard given.
pub fn shardable_items(args: &PositionsArgs, shards: u32) -> anyhow::Result<usize> {
    if args.shard.is_some() || args.resume {
        anyhow::bail!("--shard and --resume: the job array sets each task's shard itself");
    }
    Ok(game_limit(&settings_of(args)?, shards) as usize)
}

/// The run's settings from the arguments.
fn settings_of(args: &PositionsArgs) -> anyhow::Result<PositionSetSettings> {
    let library = PresetLibrary::user_default().map_err(anyhow::Error::msg)?;
    let mut presets = players_or_all(&library, &args.players)?;
    if args.players.is_empty() {
        // By default the nine-weight players, as the sets BENCHMARKS documents were drawn.
        presets.retain(|p| p.patterns.is_empty());
    }
    let label = match args.label_depth {
        None => None,
        Some(depth) => {
            let labeller = find_player(&library, &args.label_player).context("--label-player")?;
            Some(LabelSettings {
                depth,
                exact_empties: args.label_exact.unwrap_or((depth + 4).min(14)),
                labeller: NamedWeights::from(&labeller),
                // Given patterns, else the labeller's own for the board, if it has them.
                patterns: match &args.label_patterns {
                    Some(path) => Some(LoadedPatterns::read(path, args.game.board)?.source),
                    None => (labeller.patterns_for(args.game.board)).map(|p| p.source.clone()),
                },
            })
        }
    };
    let settings = PositionSetSettings {
        game: args.game.settings(),
        players: presets.iter().map(NamedWeights::from).collect(),
        count: args.count,
        per_game: args.per_game,
        max_empties: args.max_empties,
        seed: args.game.seed,
        label,
    };
    settings.validate().map_err(anyhow::Error::msg)?;
    note_unread_patterns(&presets, settings.game.played_by());
    Ok(settings)
}

/// One line on what the run makes.
fn describe(settings: &PositionSetSettings, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let names: Vec<&str> = settings.players.iter().map(|p| p.name.as_str()).collect();
    let label = match &settings.label {
        None => "results only".to_string(),
        Some(label) => format!(
            "labelled by {} at depth {}, exact from {} empties",
            match &label.patterns {
                Some(source) => format!("{} ({})", source.path.display(), source.hash),
                None => label.labeller.name.clone(),
            },
            label.depth,
            label.exact_empties
        ),
    };
    writeln!(
        out,
        "positions on {}: {} from games among {} (depth {}, {} search, {} random opening plies, \
         up to {} a game{}, seed {}); {label}",
        settings.game.shape,
        settings.count,
        names.join(", "),
        settings.game.depth,
        settings.game.search.label(),
        settings.game.opening_plies,
        settings.per_game,
        settings.max_empties.map_or(String::new(), |most| format!(
            " with at most {most} empty cells"
        )),
        settings.seed,
    )?;
    Ok(())
}
