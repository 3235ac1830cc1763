//! `reversi3d evolve`: improve a player's weights by the seed's evolution, with a progress
//! bar, a line per generation, champions exported as presets, and `--resume`.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::interrupt::interrupt_flag;
use super::setup::{GameArgs, find_player};
use lab::ai::PresetLibrary;
use lab::ai::evolution::{Evolution, EvolutionEvent, EvolutionSettings, total_time};
use lab::ai::gsprt::Gsprt;

/// Arguments of `reversi3d evolve`.
#[derive(Args, Debug)]
pub struct EvolveArgs {
    /// The folder of the run: its checkpoint and its champions' presets (must not hold a
    /// run yet).
    #[arg(long, required_unless_present = "resume", conflicts_with = "resume")]
    dir: Option<PathBuf>,
    /// Continue the run kept in this folder where it stopped (its settings are kept;
    /// only --generations and --threads apply).
    #[arg(long)]
    resume: Option<PathBuf>,
    /// The player to improve (built-in, from your preset folder, or a preset file `….ron`).
    #[arg(long, default_value = "Jolly")]
    player: String,
    /// Stop after this many generations.
    #[arg(long)]
    generations: Option<u32>,
    /// n: games per colour in a scout match (a gauntlet plays n × its multiplier).
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// R: the largest mutation of a weight, in percent.
    #[arg(long, default_value_t = 10)]
    mutation: u32,
    /// End scout and line-search matches early once a GSPRT tells "δ Elo stronger" from
    /// "δ Elo weaker" (5 % error each way); gauntlets always play in full. Off by default:
    /// the seed's fixed-size matches.
    #[arg(long, value_name = "δ_ELO")]
    gsprt: Option<f64>,
    #[command(flatten)]
    game: GameArgs,
}

/// The seed's default number of generations.
const DEFAULT_GENERATIONS: u32 = 1000;

/// Runs (or resumes) the evolution, reporting every generation.
pub fn run(args: &EvolveArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let mut evolution = open_run(args)?;
    writeln!(out, "{}", header(&evolution))?;
    let state = evolution.state();
    let bar = ProgressBar::new(u64::from(state.settings.generations))
        .with_position(u64::from(state.generation))
        .with_style(
            ProgressStyle::with_template("{bar:30} gen {pos}/{len}  {msg}  [{elapsed_precise}]")
                .expect("a valid template"),
        );
    let out = Mutex::new(out);
    let say = |line: String| {
        bar.suspend(|| {
            let mut out = out.lock().expect("output lock");
            let _ = writeln!(out, "{line}");
        });
    };
    let pool = super::thread_pool(args.game.threads)?;
    let outcome =
        pool.install(|| evolution.run(interrupt_flag(), &|event| show(event, &bar, &say)));
    bar.finish_and_clear();
    outcome?;
    let out = out.into_inner().expect("output lock");
    let state = evolution.state();
    let parent = state.parent;
    writeln!(
        out,
        "{} generations done in {:.1} s of running; parent {}, {} champions",
        state.generation,
        total_time(state).as_secs_f64(),
        parent,
        state.champions.len()
    )?;
    if !state.is_complete() {
        writeln!(
            out,
            "stopped: the checkpoint holds generation {}; continue with --resume {}",
            state.generation,
            evolution.folder().display()
        )?;
    }
    Ok(())
}

/// The run `args` ask for: resumed from its folder, or a new one for the chosen player.
fn open_run(args: &EvolveArgs) -> anyhow::Result<Evolution> {
    Ok(match (&args.resume, &args.dir) {
        (Some(folder), _) => {
            let mut evolution = Evolution::resume(folder)?;
            if let Some(generations) = args.generations {
                evolution.set_generations(generations)?;
            }
            evolution
        }
        (None, Some(folder)) => {
            let library = PresetLibrary::user_default().map_err(anyhow::Error::msg)?;
            let player = find_player(&library, &args.player)?;
            // Evolution mutates nine weights: a pattern player is refused.
            let start = lab::players::preset::NamedWeights::from(&player)
                .nine_weights_only()
                .map_err(anyhow::Error::msg)?;
            let settings = EvolutionSettings {
                player: start.name,
                weights: start.weights,
                generations: args.generations.unwrap_or(DEFAULT_GENERATIONS),
                games_per_match: args.games,
                mutation_percent: args.mutation,
                game: args.game.settings(),
                seed: args.game.seed,
                early_stop: args.gsprt.map(|elo| Gsprt { elo }),
            };
            Evolution::start(settings, folder)?
        }
        (None, None) => unreachable!("clap requires --dir or --resume"),
    })
}

/// The run's settings and where it stands, in one line.
fn header(evolution: &Evolution) -> String {
    let state = evolution.state();
    let settings = &state.settings;
    format!(
        "evolve {} on {}: depth {}, {} search, {} random opening plies, n = {}, R = {} %, \
         seed {}{}; generation {} of {} done, best gauntlet score {}, multiplier {}; folder {}",
        settings.player,
        settings.game.shape,
        settings.game.depth,
        settings.game.search.label(),
        settings.game.opening_plies,
        settings.games_per_match,
        settings.mutation_percent,
        settings.seed,
        match settings.early_stop {
            Some(test) => format!(", early stop by GSPRT ±{} Elo", test.elo),
            None => String::new(),
        },
        state.generation,
        settings.generations,
        state.best_score,
        state.multiplier,
        evolution.folder().display(),
    )
}

/// Shows an event of the run: on the progress bar, or as a line through `say`.
fn show(event: &EvolutionEvent, bar: &ProgressBar, say: &dyn Fn(String)) {
    match event {
        EvolutionEvent::Generation { generation } => {
            bar.set_message(format!("generation {generation}: scout match"));
        }
        EvolutionEvent::Scout { result, .. } => {
            bar.set_message(format!("scout net {:+}", result.net()));
        }
        EvolutionEvent::LineStep {
            step,
            ahead,
            behind,
            centre,
        } => {
            bar.set_message(format!("line search step {step}"));
            say(format!(
                "  line step {step:>2}: ahead {:+3}, behind {:+3}; centre {centre}",
                ahead.1, behind.1
            ));
        }
        EvolutionEvent::Gauntlet {
            result, best_score, ..
        } => {
            bar.set_message(format!(
                "gauntlet net {:+} (to beat: {best_score:+})",
                result.net()
            ));
        }
        EvolutionEvent::Champion { champion, preset } => say(format!(
            "  champion {}: {} (gauntlet {:+} in {} games{}) → {}",
            champion.name,
            champion.weights,
            champion.net,
            champion.games,
            if champion.sweep {
                ", a perfect sweep: new baseline"
            } else {
                ""
            },
            preset.display()
        )),
        EvolutionEvent::Finished {
            summary,
            games_per_second,
            nodes_per_second,
            ..
        } => {
            bar.set_position(u64::from(summary.generation));
            let gauntlet = summary
                .gauntlet_net
                .map_or("-".to_string(), |net| format!("{net:+}"));
            say(format!(
                "gen {:>4}: scout {:+3}, line steps {:>2}, gauntlet {:>4}, best {:+}, \
                     {} games, {:.1} games/s, {:.2} M nodes/s, {:.1} s",
                summary.generation,
                summary.scout_net,
                summary.line_steps,
                gauntlet,
                summary.best_score,
                summary.games,
                games_per_second,
                nodes_per_second / 1e6,
                summary.seconds
            ));
        }
    }
}
