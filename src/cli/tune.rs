//! `reversi3d tune`: fits the nine weights to a position set, prints the fit step by step,
//! writes the result as a preset with its provenance and optionally verifies it in a match.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;

use super::duel::{play, report};
use super::setup::{find_player, note_unread_patterns};
use anyhow::Context;

use super::interrupt::interrupt_flag;
use super::tune_common::CommonArgs;
use super::tune_rounds::RoundsArgs;
use lab::ai::duel::DuelSettings;
use lab::ai::gsprt::Gsprt;
use lab::ai::{Preset, PresetLibrary};
use lab::files::file_hash;
use lab::tune::fit::{Fit, FitSettings, Target, fit};
use lab::tune::position_set::{PositionSet, read_position_set};

/// Arguments of `reversi3d tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The position set to fit (made by `reversi3d positions`).
    #[arg(long, required_unless_present_any = ["rounds", "resume"], conflicts_with = "rounds")]
    data: Option<PathBuf>,
    /// The preset file to write.
    #[arg(long, requires = "data")]
    out: Option<PathBuf>,
    #[command(flatten)]
    output: super::output::OutputArgs,
    /// Verify the result in a match against this player, on the set's board with its games'
    /// search.
    #[arg(long, requires = "data")]
    verify_against: Option<String>,
    #[command(flatten)]
    common: CommonArgs,
    #[command(flatten)]
    rounds: RoundsArgs,
}

/// Fits, writes the preset, and verifies it when asked.
pub fn run(args: &TuneArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let (Some(data), Some(out_file)) = (&args.data, &args.out) else {
        if args.data.is_some() {
            anyhow::bail!("--data needs --out, the preset file to write");
        }
        return super::tune_rounds::run(&args.rounds, &args.common, out);
    };
    args.output.check([Some(out_file.as_path())])?;
    let common = &args.common;
    let library = PresetLibrary::user_default().map_err(anyhow::Error::msg)?;
    let from = find_player(&library, &common.from).context("--from")?;
    let clock = std::time::Instant::now();
    let set = read_position_set(data)?;
    let read_seconds = clock.elapsed().as_secs_f64();
    if let Some(notice) = &set.notice {
        writeln!(out, "{notice}")?;
    }
    let target = common.target();
    let settings = FitSettings::new(target);
    writeln!(
        out,
        "tuning {} from {} on {} positions of {} ({}, read in {read_seconds:.1} s): target \
         {target:?}",
        preset_name(common, out_file)?,
        from.name,
        set.samples.len(),
        set.settings.game.shape,
        data.display(),
    )?;
    writeln!(
        out,
        "step  training loss  hold-out loss  weights (largest ±1000)"
    )?;
    let pool = super::thread_pool(common.threads)?;
    let clock = std::time::Instant::now();
    let result = pool.install(|| {
        fit(
            &set.samples,
            &from.weights,
            &settings,
            interrupt_flag(),
            &mut |step| {
                let weights: Vec<String> = step.weights.iter().map(|w| format!("{w:.0}")).collect();
                // Progress lines are best effort: a closed pipe is reported at the end.
                let _ = writeln!(
                    out,
                    "{:>4}  {:>13.6}  {:>13.6}  {}",
                    step.number,
                    step.training,
                    step.holdout,
                    weights.join(",")
                );
            },
        )
    });
    let Some(fitted) = result.map_err(anyhow::Error::msg)? else {
        anyhow::bail!("stopped before the fit ended: nothing written");
    };
    writeln!(
        out,
        "fitted in {:.2} s with {}",
        clock.elapsed().as_secs_f64(),
        super::workers_text(pool.current_num_threads())
    )?;
    summarise(&fitted, &set, out)?;
    let preset = Preset::weighted(
        preset_name(common, out_file)?,
        provenance(&fitted, &set, data, &from, target)?,
        fitted.weights,
    );
    preset.save(out_file)?;
    writeln!(
        out,
        "{} = {} written to {} (add it with reversi3d preset import)",
        preset.name,
        preset.weights,
        out_file.display()
    )?;
    if let Some(opponent) = &args.verify_against {
        let mut game = set.settings.game;
        game.depth = common.verify_depth.unwrap_or(game.depth);
        let duel = DuelSettings {
            first: preset,
            second: find_player(&library, opponent).context("--verify-against")?,
            games: common.games,
            game,
            seed: args.rounds.seed,
            early_stop: common.gsprt.map(|elo| Gsprt { elo }),
        };
        duel.validate().map_err(anyhow::Error::msg)?;
        note_unread_patterns([&duel.second], duel.game.played_by());
        let result = play(&duel, &pool, out)?;
        report(&duel, &result, out)?;
    }
    Ok(())
}

/// The tuned player's name.
fn preset_name(common: &CommonArgs, out_file: &Path) -> anyhow::Result<String> {
    if let Some(name) = &common.name {
        return Ok(name.clone());
    }
    out_file
        .file_stem()
        .map(|stem| stem.to_string_lossy().to_string())
        .ok_or_else(|| anyhow::anyhow!("--out names no file; give --name"))
}

/// The kept step and what rounding cost.
fn summarise(fitted: &Fit, set: &PositionSet, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let best = fitted.best_iteration();
    let start = &fitted.iterations[0];
    writeln!(
        out,
        "kept step {} of {}: hold-out loss {:.6} (start {:.6}); {} positions trained on, {} \
         held out{}",
        best.number,
        fitted.iterations.len() - 1,
        best.holdout,
        start.holdout,
        fitted.counts.0,
        fitted.counts.1,
        match set.samples.len() - fitted.counts.0 - fitted.counts.1 {
            0 => String::new(),
            unlabelled => format!(", {unlabelled} without a label left out"),
        }
    )?;
    writeln!(
        out,
        "rounded to integers: training loss {:.6} ({:+.6}), hold-out {:.6} ({:+.6}); scale {:.6}",
        fitted.rounded.0,
        fitted.rounded.0 - best.training,
        fitted.rounded.1,
        fitted.rounded.1 - best.holdout,
        fitted.scale,
    )?;
    if !fitted.fixed.is_empty() {
        writeln!(
            out,
            "kept at their start values: {} (on this board their features are always 0 or \
             the disc difference is the sum of the categories', so the data cannot set them)",
            fitted.fixed.join(", ")
        )?;
    }
    Ok(())
}

/// The preset's description: where its weights come from.
fn provenance(
    fitted: &Fit,
    set: &PositionSet,
    data: &Path,
    from: &Preset,
    target: Target,
) -> anyhow::Result<String> {
    let file = data
        .file_name()
        .map(|name| name.to_string_lossy().to_string())
        .unwrap_or_default();
    Ok(format!(
        "Tuned by reversi3d tune from {} ({}) on {} (sha256 {}, {} positions of {}, set {}), \
         target {target:?}, hold-out loss {:.5}.",
        from.name,
        from.weights,
        file,
        file_hash(data)?,
        set.samples.len(),
        set.settings.game.shape,
        set.hash,
        fitted.best_iteration().holdout,
    ))
}
