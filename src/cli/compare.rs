//! `reversi3d compare`: several players on the same positions, judged against the reference —
//! agreement with its best move and mean and median loss, overall and by game stage.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::interrupt::interrupt_flag;
use super::reference_args::ReferenceArgs;
use super::setup::{RulesChoice, SearchChoice, find_player, note_unread_patterns};
use engine::notation::format_cell;
use engine::{Setup, Shape};
use lab::ai::compare::{ComparedPosition, compare_positions};
use lab::ai::compare_report::{CompareReport, PlayerStats, compare_report, mean, median};
use lab::ai::reference::ReferenceCache;
use lab::ai::sampling::{SamplingSettings, sample_positions};
use lab::ai::selfplay::GameSettings;
use lab::ai::{AiPlayer, PresetLibrary, SearchKind};
use lab::cluster::Shard;
use lab::cluster::compare::{COMPARE, CompareStamp, run_compare_shard};
use lab::files::write_atomically;
use lab::game::position_list::read_positions;

/// Arguments of `reversi3d compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Board: NxN (2D, N even 4–16) or NxNxN (3D, N even 4–10).
    #[arg(long, default_value = "6x6x6")]
    board: Shape,
    /// Scoring of finished games.
    #[arg(long, value_enum, default_value_t = RulesChoice::Classic)]
    rules: RulesChoice,
    /// Two to four comma-separated players (built-in, from your preset folder, or a preset file `….ron`).
    #[arg(long, value_delimiter = ',', required = true)]
    players: Vec<String>,
    /// The players' search depth.
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// The players' search.
    #[arg(long, value_enum, default_value_t = SearchChoice::Strong)]
    search: SearchChoice,
    /// How many positions to sample from self-play.
    #[arg(long, default_value_t = 100, conflicts_with = "positions_file")]
    positions: usize,
    /// Read the positions from this file instead (one position text, or on 8×8 one OBF line,
    /// per line; `#` starts a comment line).
    #[arg(long)]
    positions_file: Option<PathBuf>,
    /// Random plies before the self-play games that positions are sampled from.
    #[arg(long, default_value_t = 4)]
    openings: u32,
    /// Search depth of the self-play games (strong search).
    #[arg(long, default_value_t = 2)]
    sample_depth: u32,
    /// Seed of the sampling: the same seed gives the same positions and report.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    reference: ReferenceArgs,
    /// Also write every position's results as CSV to this file.
    #[arg(long)]
    csv: Option<PathBuf>,
    #[command(flatten)]
    output: super::output::OutputArgs,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Judge only shard I of N (e.g. 3/8): every N-th position, into the shard file
    /// `compare-00I-of-00N.shard` in --shard-dir; `reversi3d merge` joins the shards.
    #[arg(long, value_name = "I/N", conflicts_with = "csv")]
    shard: Option<Shard>,
    /// The folder of the shard files.
    #[arg(long, value_name = "DIR", default_value = ".", requires = "shard")]
    shard_dir: PathBuf,
}

/// The positions a sharded comparison judges (for `slurm`), refusing bad arguments or a
/// shard given.
pub fn shardable_items(args: &CompareArgs) -> anyhow::Result<usize> {
    if args.shard.is_some() {
        anyhow::bail!("--shard: the job array sets each task's shard itself");
    }
    contestants_of(args)?;
    args.reference.settings(args.board, args.rules.rules())?;
    Ok(match &args.positions_file {
        Some(path) => unfinished(read_positions(path, args.board)?).0.len(),
        None => args.positions,
    })
}

/// The positions with a move to judge, and how many finished ones were left out.
fn unfinished(positions: Vec<Setup>) -> (Vec<Setup>, usize) {
    let total = positions.len();
    let playable: Vec<Setup> = positions
        .into_iter()
        .filter(|setup| !setup.is_game_over())
        .collect();
    let skipped = total - playable.len();
    (playable, skipped)
}

/// The contestants the arguments name, checked.
fn contestants_of(args: &CompareArgs) -> anyhow::Result<Vec<AiPlayer>> {
    if !(2..=4).contains(&args.players.len()) {
        anyhow::bail!("--players: name 2 to 4 players, not {}", args.players.len());
    }
    if args.depth == 0 || args.sample_depth == 0 {
        anyhow::bail!("--depth and --sample-depth must be at least 1");
    }
    let library = PresetLibrary::user_default().map_err(anyhow::Error::msg)?;
    args.players
        .iter()
        .map(|name| {
            Ok(AiPlayer {
                preset: find_player(&library, name)?,
                depth: args.depth,
                search: args.search.kind(),
                time_budget: None,
            })
        })
        .collect::<anyhow::Result<_>>()
        .context("--players")
}

/// Samples or reads the positions, judges every player on them and prints the report.
pub fn run(args: &CompareArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    args.output.check([args.csv.as_deref()])?;
    let rules = args.rules.rules();
    let contestants = contestants_of(args)?;
    let played_by = (args.board, rules, args.search.kind());
    note_unread_patterns(contestants.iter().map(|c| &c.preset), played_by);
    let (reference_player, reference) = args.reference.settings(args.board, rules)?;
    let pool = super::thread_pool(args.threads)?;
    let (positions, skipped) = match &args.positions_file {
        Some(path) => unfinished(read_positions(path, args.board)?),
        None => {
            let game = GameSettings {
                shape: args.board,
                rules,
                depth: args.sample_depth,
                search: SearchKind::Strong,
                opening_plies: args.openings,
                time_per_move: None,
            };
            let sampling = SamplingSettings::among(game, &contestants, args.positions, args.seed);
            sampling.game.validate().map_err(anyhow::Error::msg)?;
            let sampled = pool
                .install(|| sample_positions(&sampling, interrupt_flag()))
                .context("interrupted while sampling positions")?;
            (sampled, 0)
        }
    };
    let reference_text = format!("{reference_player}: {}", reference.describe());
    let stamp = CompareStamp::new(args.board, &contestants, &positions, reference_text);
    write!(out, "{}", header(&stamp))?;
    if skipped > 0 {
        writeln!(
            out,
            "{skipped} finished positions skipped: no move to judge"
        )?;
    }
    let names = stamp.names();
    if let Some(shard) = args.shard {
        let mine = shard.items(positions.len()).len();
        writeln!(out, "shard {shard}: {mine} of the positions")?;
        let bar = ProgressBar::new(mine as u64);
        let file = pool.install(|| {
            run_compare_shard(
                &stamp,
                &positions,
                &contestants,
                &reference,
                shard,
                &args.shard_dir,
                interrupt_flag(),
                &|_| bar.inc(1),
            )
        })?;
        bar.finish_and_clear();
        return super::shard_ended(out, shard, COMPARE, &args.shard_dir, file);
    }
    let bar = ProgressBar::new(positions.len() as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} positions  [{elapsed_precise}]")
            .expect("a valid template"),
    );
    let cache = ReferenceCache::default();
    let compared = pool.install(|| {
        compare_positions(
            &positions,
            &contestants,
            &reference,
            &cache,
            interrupt_flag(),
            &|_, _, _| bar.inc(1),
        )
    });
    bar.finish_and_clear();
    let compared = compared.context("compare interrupted")?;
    let start_empties = Setup::start(args.board).empties();
    let report = compare_report(&compared, contestants.len(), start_empties);
    write!(out, "{}", report_text(&names, &report))?;
    if let Some(path) = &args.csv {
        let texts: Vec<String> = positions.iter().map(Setup::text).collect();
        write_atomically(path, csv(args.board, &names, &texts, &compared))?;
        writeln!(out, "positions written to {}", path.display())?;
    }
    Ok(())
}

/// The first line of the report: who is judged on what, against which reference.
pub fn header(stamp: &CompareStamp) -> String {
    format!(
        "compare on {}: {} at depth {} ({} search), {} positions; reference {}\n",
        stamp.board,
        stamp.names().join(", "),
        stamp.depth,
        stamp.search.label(),
        stamp.positions,
        stamp.reference
    )
}

/// The overall table, then mean loss by stage. Losses in evaluation units (a nine-weight
/// reference) get their columns only when there are any.
pub fn report_text(names: &[&str], report: &CompareReport) -> String {
    let figure = |value: Option<f64>| value.map_or("-".to_string(), |v| format!("{v:.1}"));
    let with_eval = report.has_eval_losses();
    let mut headings = vec!["best %"];
    if with_eval {
        headings.extend(["mean eval", "median eval"]);
    }
    headings.extend(["mean discs", "median discs"]);
    let mut text = format!("{:<16} {:>9}", "player", "positions");
    for heading in &headings {
        let _ = write!(text, " {heading:>12}");
    }
    text.push('\n');
    for (name, stats) in names.iter().zip(&report.overall) {
        let mut figures = vec![figure(stats.agreement().map(|a| 100.0 * a))];
        if with_eval {
            figures.extend([figure(mean(&stats.eval)), figure(median(&stats.eval))]);
        }
        figures.extend([figure(mean(&stats.discs)), figure(median(&stats.discs))]);
        let _ = write!(text, "{:<16} {:>9}", name, stats.positions);
        for figure in &figures {
            let _ = write!(text, " {figure:>12}");
        }
        text.push('\n');
    }
    let _ = write!(text, "\nby stage (empties)   ");
    for name in names {
        let _ = write!(text, " {name:>22}");
    }
    text.push('\n');
    for stage in &report.stages {
        let _ = write!(
            text,
            "{:>4}-{:<4} {:>10}",
            stage.most_empties,
            stage.fewest_empties,
            format!("{} pos.", stage.players[0].positions)
        );
        for stats in &stage.players {
            let _ = write!(text, " {:>22}", stage_cell(stats));
        }
        text.push('\n');
    }
    text
}

/// `best 45 %, loss 12.3 eval` (or discs, or both) for one player in one stage.
fn stage_cell(stats: &PlayerStats) -> String {
    let agreement = stats.agreement().map_or(0.0, |a| 100.0 * a);
    let loss = match (mean(&stats.eval), mean(&stats.discs)) {
        (Some(eval), None) => format!("{eval:.0} ev"),
        (None, Some(discs)) => format!("{discs:.1} d"),
        (Some(eval), Some(discs)) => format!("{eval:.0} ev/{discs:.1} d"),
        (None, None) => "-".to_string(),
    };
    format!("{agreement:.0}% {loss}")
}

/// Every position's results, one line per player.
pub fn csv(
    shape: Shape,
    names: &[&str],
    texts: &[String],
    compared: &[ComparedPosition],
) -> String {
    let mut text = String::from("position,empties,player,choice,loss,unit,best,text\n");
    for (index, (position, result)) in texts.iter().zip(compared).enumerate() {
        for (name, (choice, loss, agrees)) in names.iter().zip(&result.results) {
            let _ = writeln!(
                text,
                "{},{},{},{},{},{},{},{}",
                index + 1,
                result.empties,
                name,
                choice.map_or("-".to_string(), |c| format_cell(shape, c)),
                loss.map_or("-".to_string(), |l| format!("{:.2}", l.measure())),
                loss.map_or("-", |l| l.unit.name()),
                agrees,
                position
            );
        }
    }
    text
}
