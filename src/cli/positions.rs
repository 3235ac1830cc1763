//! `reversi3d positions`: a position set for tuning, made by self-play and appended as it is
//! made; `--resume` continues a stopped run exactly.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::interrupt::interrupt_flag;
use super::setup::{GameArgs, find_player, players_or_all};
use crate::ai::PresetLibrary;
use crate::tune::generate::generate_positions;
use crate::tune::position_set::{
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
    /// player g + 1, in turn); all the players there are by default.
    #[arg(long, value_delimiter = ',')]
    players: Vec<String>,
    #[command(flatten)]
    game: GameArgs,
    /// Positions drawn at random from each game, over all its stages.
    #[arg(long, default_value_t = 16)]
    per_game: usize,
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
    /// The position file to write (refused if it exists, unless resuming it).
    #[arg(long)]
    out: PathBuf,
    /// Continue the run that wrote --out, with its own settings (the other options except
    /// --threads are ignored).
    #[arg(long)]
    resume: bool,
}

/// Makes (or continues) the position set and prints what was done.
pub fn run(args: &PositionsArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let (settings, mut writer, start) = if args.resume {
        let set = read_position_set(&args.out)?;
        if let Some(notice) = &set.notice {
            writeln!(out, "{notice}")?;
        }
        let writer = PositionSetWriter::resume(&args.out, &set)?;
        writeln!(
            out,
            "resuming {}: {} positions from {} games kept",
            args.out.display(),
            set.complete.records,
            set.complete.next_game
        )?;
        (set.settings, writer, set.complete)
    } else {
        let settings = settings_of(args)?;
        let writer = PositionSetWriter::create(&args.out, &settings)?;
        (settings, writer, ResumePoint::default())
    };
    describe(&settings, out)?;
    let bar = ProgressBar::new(settings.count as u64).with_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} positions  {msg}  [{elapsed_precise}, {eta} to go]",
        )
        .expect("a valid template"),
    );
    bar.set_position(start.records as u64);
    let pool = super::thread_pool(args.game.threads)?;
    let progress = pool.install(|| {
        generate_positions(
            &settings,
            &mut writer,
            start,
            interrupt_flag(),
            &|progress| {
                bar.set_position(progress.records as u64);
                bar.set_message(format!("{:.0} positions/min", 60.0 * progress.rate()));
            },
        )
    })?;
    bar.finish_and_clear();
    writeln!(
        out,
        "{} of {} positions in {}; this run wrote {} in {:.1} s with {} workers: {:.0} \
         positions/min",
        progress.records,
        progress.count,
        writer.path().display(),
        progress.written,
        progress.seconds,
        pool.current_num_threads(),
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

/// The run's settings from the arguments.
fn settings_of(args: &PositionsArgs) -> anyhow::Result<PositionSetSettings> {
    let library = PresetLibrary::user_default().map_err(anyhow::Error::msg)?;
    let presets = players_or_all(&library, &args.players)?;
    let label = match args.label_depth {
        None => None,
        Some(depth) => {
            let labeller = find_player(&library, &args.label_player).context("--label-player")?;
            Some(LabelSettings {
                depth,
                exact_empties: args.label_exact.unwrap_or((depth + 4).min(14)),
                labeller: (&labeller).into(),
            })
        }
    };
    let settings = PositionSetSettings {
        game: args.game.settings(),
        players: presets.iter().map(NamedWeights::from).collect(),
        count: args.count,
        per_game: args.per_game,
        seed: args.game.seed,
        label,
    };
    settings.validate().map_err(anyhow::Error::msg)?;
    Ok(settings)
}

/// One line on what the run makes.
fn describe(settings: &PositionSetSettings, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let names: Vec<&str> = settings.players.iter().map(|p| p.name.as_str()).collect();
    let label = match &settings.label {
        None => "results only".to_string(),
        Some(label) => format!(
            "labelled by {} at depth {}, exact from {} empties",
            label.labeller.name, label.depth, label.exact_empties
        ),
    };
    writeln!(
        out,
        "positions on {}: {} from games among {} (depth {}, {} search, {} random opening plies, \
         up to {} a game, seed {}); {label}",
        settings.game.shape,
        settings.count,
        names.join(", "),
        settings.game.depth,
        settings.game.search.label(),
        settings.game.opening_plies,
        settings.per_game,
        settings.seed,
    )?;
    Ok(())
}
