//! `reversi3d tournament`: a round robin between presets, with a progress bar, the final
//! standings and a CSV export.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::interrupt::interrupt_flag;
use super::setup::{GameArgs, note_unread_patterns, players_or_all};
use lab::ai::PresetLibrary;
use lab::ai::tournament::{
    Progress, TournamentGame, TournamentResult, TournamentSettings, run_tournament,
};
use lab::ai::tournament_report::{standings_text, to_csv};
use lab::cluster::Shard;
use lab::cluster::tournament::{TOURNAMENT, run_tournament_shard};
use lab::files::{time_stamp, write_atomically};

/// Arguments of `reversi3d tournament`.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// Comma-separated players (built-in, from your preset folder, or a preset file `….ron`); all of them by default.
    #[arg(long, value_delimiter = ',')]
    players: Vec<String>,
    /// Games per pairing (even when openings are random).
    #[arg(long, default_value_t = 10)]
    games: u32,
    #[command(flatten)]
    game: GameArgs,
    /// Write the results as CSV (settings, standings, net matrix, pairs with Elo, weights,
    /// colours) to this file when the run ends or is stopped.
    #[arg(long)]
    csv: Option<PathBuf>,
    /// Append every game to this CSV file the moment it ends; by default `tournament-<time>-games.csv` in the current folder.
    #[arg(long)]
    games_file: Option<PathBuf>,
    #[command(flatten)]
    output: super::output::OutputArgs,
    /// Play only shard I of N (e.g. 3/8): every N-th game of the schedule, into the shard
    /// file `tournament-00I-of-00N.shard` in --shard-dir; `reversi3d merge` joins the shards.
    #[arg(long, value_name = "I/N", conflicts_with_all = ["csv", "games_file"])]
    shard: Option<Shard>,
    /// The folder of the shard files.
    #[arg(long, value_name = "DIR", default_value = ".", requires = "shard")]
    shard_dir: PathBuf,
}

/// The tournament the arguments describe, checked.
pub fn settings_of(args: &TournamentArgs) -> anyhow::Result<TournamentSettings> {
    let library = PresetLibrary::user_default().map_err(anyhow::Error::msg)?;
    let players = players_or_all(&library, &args.players)?;
    let settings = TournamentSettings {
        players,
        games_per_pairing: args.games,
        game: args.game.settings(),
        seed: args.game.seed,
    };
    settings.validate().map_err(anyhow::Error::msg)?;
    note_unread_patterns(&settings.players, settings.game.played_by());
    Ok(settings)
}

/// The games a sharded tournament plays (for `slurm`), refusing bad arguments or a shard
/// given.
pub fn shardable_items(args: &TournamentArgs) -> anyhow::Result<usize> {
    if args.shard.is_some() {
        anyhow::bail!("--shard: the job array sets each task's shard itself");
    }
    Ok(settings_of(args)?.games())
}

/// Runs the tournament and prints the standings.
pub fn run(args: &TournamentArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let settings = settings_of(args)?;
    args.output.check([args.csv.as_deref()])?;
    if let Some(games_file) = &args.games_file {
        args.output.prepare_appended(games_file)?;
    }
    let total = settings.games();
    write!(out, "{}", header(&settings))?;
    let total = args.shard.map_or(total, |shard| shard.items(total).len());
    let bar = ProgressBar::new(total as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {msg}  [{elapsed_precise}]")
            .expect("a valid template"),
    );
    let on_game = |_: &TournamentGame, progress: &Progress| {
        bar.set_position(progress.done as u64);
        bar.set_message(format!(
            "{:.2} games/s, {:.2} M nodes/s",
            progress.games_per_second,
            progress.nodes_per_second / 1e6
        ));
    };
    let pool = super::thread_pool(args.game.threads)?;
    if let Some(shard) = args.shard {
        writeln!(out, "shard {shard}: {total} of its games")?;
        let run = pool.install(|| {
            run_tournament_shard(
                &settings,
                shard,
                &args.shard_dir,
                interrupt_flag(),
                &on_game,
            )
        })?;
        bar.finish_and_clear();
        report(out, &run.result, pool.current_num_threads())?;
        return super::shard_ended(out, shard, TOURNAMENT, &args.shard_dir, run.file);
    }
    let games_file = args
        .games_file
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("tournament-{}-games.csv", time_stamp())));
    let result =
        pool.install(|| run_tournament(&settings, Some(&games_file), interrupt_flag(), &on_game))?;
    bar.finish_and_clear();
    report(out, &result, pool.current_num_threads())?;
    if let Some(path) = &args.csv {
        write_atomically(path, to_csv(&result))?;
        writeln!(out, "results written to {}", path.display())?;
    }
    writeln!(out, "games written to {}", games_file.display())?;
    Ok(())
}

/// The first line of the report: what is played.
pub fn header(settings: &TournamentSettings) -> String {
    format!(
        "tournament on {}: {} players, {} games per pairing, {} games; depth {}, {} search, \
         {} random opening plies, seed {}\n",
        settings.game.shape,
        settings.players.len(),
        settings.games_per_pairing,
        settings.games(),
        settings.game.depth,
        settings.game.search.label(),
        settings.game.opening_plies,
        settings.seed,
    )
}

/// The standings and the speed of a finished (or stopped) run played by `workers` threads.
pub fn report(
    out: &mut (dyn Write + Send),
    result: &TournamentResult,
    workers: usize,
) -> anyhow::Result<()> {
    write!(out, "{}", standings_text(&result.crosstable()))?;
    let seconds = result.elapsed.as_secs_f64();
    writeln!(
        out,
        "{} of {} games in {seconds:.1} s with {}: {:.1} ms per game, {:.2} \
         games/s, {:.2} M nodes/s",
        result.games.len(),
        result.scheduled,
        super::workers_text(workers),
        1000.0 * seconds * workers as f64 / result.games.len().max(1) as f64,
        result.games.len() as f64 / seconds.max(1e-9),
        result.nodes as f64 / seconds.max(1e-9) / 1e6,
    )?;
    if result.cancelled {
        writeln!(out, "stopped early: only the finished games are counted")?;
    }
    Ok(())
}
