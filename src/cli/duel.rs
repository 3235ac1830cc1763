//! `reversi3d match`: two players, balanced random openings each played with both colours,
//! the score with its Elo interval, optionally stopped early by a GSPRT.

use std::io::Write;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use anyhow::Context;

use super::interrupt::interrupt_flag;
use super::setup::{GameArgs, find_player, note_unread_patterns};
use lab::ai::duel::{DuelResult, DuelSettings, run_duel};
use lab::ai::gsprt::{Gsprt, Verdict};
use lab::ai::{Preset, PresetLibrary};

/// Arguments of `reversi3d match`.
#[derive(Args, Debug)]
pub struct DuelArgs {
    /// The players (built-in, from your preset folder, or preset files): the first plays a
    /// match against each of the others in turn, and its score is reported.
    #[arg(long, value_delimiter = ',', num_args = 1.., required = true)]
    players: Vec<String>,
    /// Games in all (even: each random opening is played with both colours).
    #[arg(long, default_value_t = 100)]
    games: u32,
    #[command(flatten)]
    game: GameArgs,
    /// Stop as soon as a sequential test (GSPRT, 5 % errors) tells "δ Elo stronger" from
    /// "δ Elo weaker".
    #[arg(long, value_name = "δ")]
    gsprt: Option<f64>,
}

/// Runs the match and prints the score.
pub fn run(args: &DuelArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let library = PresetLibrary::user_default().map_err(anyhow::Error::msg)?;
    let [first, opponents @ ..] = &args.players[..] else {
        unreachable!("clap asks for at least one player");
    };
    if opponents.is_empty() {
        anyhow::bail!(
            "--players: name at least two players, e.g. --players Arwen,Hamfast (the first \
             plays each of the others)"
        );
    }
    let first = find_player(&library, first).context("--players")?;
    // Every opponent is looked up before the first game.
    let opponents: Vec<Preset> = opponents
        .iter()
        .map(|name| find_player(&library, name).context("--players"))
        .collect::<anyhow::Result<_>>()?;
    let played_by = args.game.settings().played_by();
    note_unread_patterns(std::iter::once(&first).chain(&opponents), played_by);
    let pool = super::thread_pool(args.game.threads)?;
    let mut results = Vec::new();
    for second in opponents {
        let settings = DuelSettings {
            first: first.clone(),
            second,
            games: args.games,
            game: args.game.settings(),
            seed: args.game.seed,
            early_stop: args.gsprt.map(|elo| Gsprt { elo }),
        };
        settings.validate().map_err(anyhow::Error::msg)?;
        let result = play(&settings, &pool, out)?;
        report(&settings, &result, out)?;
        results.push((settings.second.name, result));
    }
    if results.len() > 1 {
        gauntlet_table(&first.name, &results, out)?;
    }
    Ok(())
}

/// The first player's results against each opponent, one line each.
fn gauntlet_table(
    first: &str,
    results: &[(String, DuelResult)],
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    writeln!(out, "{first} against each:")?;
    writeln!(
        out,
        "opponent      W-D-L (score)          Elo   95 % interval"
    )?;
    for (name, duel) in results {
        let elo = duel.elo;
        writeln!(
            out,
            "{name:<12}  {:<20}  {:>+5.0}   {:+.0} to {:+.0}",
            duel.result.record.with_score(),
            elo.elo,
            elo.low,
            elo.high
        )?;
    }
    Ok(())
}

/// Plays the match on `pool` with a progress bar showing the running score.
pub fn play(
    settings: &DuelSettings,
    pool: &rayon::ThreadPool,
    out: &mut (dyn Write + Send),
) -> anyhow::Result<DuelResult> {
    writeln!(
        out,
        "match on {}: {} against {}, {} games, depth {}{}, {} search, {} random opening plies, \
         seed {}{}",
        settings.game.shape,
        settings.first.name,
        settings.second.name,
        settings.games,
        settings.game.depth,
        (settings.game.time_per_move)
            .map(|t| format!(" or {} a move", humantime::format_duration(t)))
            .unwrap_or_default(),
        settings.game.search.label(),
        settings.game.opening_plies,
        settings.seed,
        settings
            .early_stop
            .map(|t| format!(", GSPRT δ {} Elo", t.elo))
            .unwrap_or_default(),
    )?;
    let bar = ProgressBar::new(u64::from(settings.games)).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {msg}  [{elapsed_precise}]")
            .expect("a valid template"),
    );
    let result = pool.install(|| {
        run_duel(settings, interrupt_flag(), &|so_far| {
            bar.set_position(u64::from(so_far.games()));
            bar.set_message(so_far.record.with_score());
        })
    });
    bar.finish_and_clear();
    result.ok_or_else(|| anyhow::anyhow!("stopped before the match ended: no result"))
}

/// Prints the score, the Elo estimate and the test's verdict.
pub fn report(
    settings: &DuelSettings,
    duel: &DuelResult,
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    let record = duel.result.record;
    let elo = duel.elo;
    writeln!(
        out,
        "{} against {}: {}-{}-{} (W-D-L) in {} games, score {:.1} %, Elo {:+.0} (95 %: {:+.0} \
         to {:+.0}); {:.1} s",
        settings.first.name,
        settings.second.name,
        record.wins,
        record.draws,
        record.losses,
        record.games(),
        100.0 * record.score(),
        elo.elo,
        elo.low,
        elo.high,
        duel.elapsed.as_secs_f64(),
    )?;
    if let Some(verdict) = duel.verdict {
        let stronger = match verdict {
            Verdict::FirstStronger => &settings.first.name,
            Verdict::SecondStronger => &settings.second.name,
        };
        writeln!(
            out,
            "the GSPRT stopped the match: {stronger} is the stronger"
        )?;
    }
    Ok(())
}
