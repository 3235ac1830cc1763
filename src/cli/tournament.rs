//! `reversi3d tournament`: a round robin between presets, with a progress bar, the final
//! standings and a CSV export.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::interrupt::interrupt_flag;
use super::setup::{GameArgs, players_or_all};
use crate::ai::PresetLibrary;
use crate::ai::tournament::{TournamentSettings, run_tournament};
use crate::ai::tournament_report::{standings_text, to_csv};
use crate::files::{time_stamp, write_atomically};

/// Arguments of `reversi3d tournament`.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// Comma-separated players (built-in or from your preset folder); all of them by default.
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
    /// Append every game to this CSV file the moment it ends (the file must not exist yet);
    /// by default `tournament-<time>-games.csv` in the current folder.
    #[arg(long)]
    games_file: Option<PathBuf>,
}

/// Runs the tournament and prints the standings.
pub fn run(args: &TournamentArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let library = PresetLibrary::user_default().map_err(anyhow::Error::msg)?;
    let players = players_or_all(&library, &args.players)?;
    let settings = TournamentSettings {
        players,
        games_per_pairing: args.games,
        game: args.game.settings(),
        seed: args.game.seed,
    };
    settings.validate().map_err(anyhow::Error::msg)?;
    let total = settings.schedule().len();
    writeln!(
        out,
        "tournament on {}: {} players, {} games per pairing, {total} games; depth {}, {} search, \
         {} random opening plies, seed {}",
        settings.game.shape,
        settings.players.len(),
        settings.games_per_pairing,
        settings.game.depth,
        settings.game.search.label(),
        settings.game.opening_plies,
        settings.seed,
    )?;
    let bar = ProgressBar::new(total as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {msg}  [{elapsed_precise}]")
            .expect("a valid template"),
    );
    let games_file = args
        .games_file
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("tournament-{}-games.csv", time_stamp())));
    let pool = super::thread_pool(args.game.threads)?;
    let result = pool.install(|| {
        run_tournament(
            &settings,
            Some(&games_file),
            interrupt_flag(),
            &|_, progress| {
                bar.set_position(progress.done as u64);
                bar.set_message(format!(
                    "{:.2} games/s, {:.2} M nodes/s",
                    progress.games_per_second,
                    progress.nodes_per_second / 1e6
                ));
            },
        )
    })?;
    bar.finish_and_clear();
    let table = result.crosstable();
    write!(out, "{}", standings_text(&table))?;
    let seconds = result.elapsed.as_secs_f64();
    writeln!(
        out,
        "{} of {} games in {seconds:.1} s with {} workers: {:.1} ms per game, {:.2} games/s, \
         {:.2} M nodes/s",
        result.games.len(),
        result.scheduled,
        pool.current_num_threads(),
        1000.0 * seconds * pool.current_num_threads() as f64 / result.games.len().max(1) as f64,
        result.games.len() as f64 / seconds.max(1e-9),
        result.nodes as f64 / seconds.max(1e-9) / 1e6,
    )?;
    if result.cancelled {
        writeln!(out, "stopped early: only the finished games are counted")?;
    }
    if let Some(path) = &args.csv {
        write_atomically(path, to_csv(&result))?;
        writeln!(out, "results written to {}", path.display())?;
    }
    writeln!(out, "games written to {}", games_file.display())?;
    Ok(())
}
