//! `reversi3d review`: the reference over every position of a saved game — each move, the
//! reference's best, both scores and the loss, then a summary per side.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::interrupt::interrupt_flag;
use super::reference_args::ReferenceArgs;
use crate::ai::reference::ReferenceCache;
use crate::ai::review::{MistakeThresholds, Review, ReviewedMove, SideSummary, review_game};
use crate::engine::Color;
use crate::engine::notation::format_cell;
use crate::files::write_atomically;
use crate::game::Game;

/// Arguments of `reversi3d review`.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The game record to review.
    #[arg(long)]
    game: PathBuf,
    #[command(flatten)]
    reference: ReferenceArgs,
    /// A loss above this many evaluation units (heuristic reference) is a mistake.
    #[arg(long, default_value_t = MistakeThresholds::default().eval)]
    mistake_eval: i32,
    /// A loss above this many discs (exact reference) is a mistake.
    #[arg(long, default_value_t = MistakeThresholds::default().discs)]
    mistake_discs: i32,
    /// Also write every move as CSV to this file.
    #[arg(long)]
    csv: Option<PathBuf>,
    /// Worker threads of each analysis (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

/// Reviews the game and prints the table and the summaries.
pub fn run(args: &ReviewArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let game = Game::load(&args.game)?;
    let (player, settings) = args.reference.settings(game.rules)?;
    let thresholds = MistakeThresholds {
        eval: args.mistake_eval,
        discs: args.mistake_discs,
    };
    writeln!(
        out,
        "review {} ({} moves, {}), reference {player}: {}",
        args.game.display(),
        game.moves().len(),
        game.shape,
        settings.describe()
    )?;
    let bar = ProgressBar::new(game.moves().len() as u64 + 1).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} positions  [{elapsed_precise}]")
            .expect("a valid template"),
    );
    let pool = super::thread_pool(args.threads)?;
    let cache = ReferenceCache::default();
    let review =
        pool.install(|| review_game(&game, &settings, &cache, interrupt_flag(), &|_| bar.inc(1)));
    bar.finish_and_clear();
    let review = review.map_err(|_| anyhow::anyhow!("review interrupted"))?;
    write!(out, "{}", table(&game, &review, &thresholds))?;
    for color in [Color::Red, Color::Green] {
        let summary = review.summary(color, &thresholds);
        writeln!(out, "{}", summary_line(color, &summary))?;
    }
    if let Some(path) = &args.csv {
        write_atomically(path, csv(&game, &review))?;
        writeln!(out, "moves written to {}", path.display())?;
    }
    Ok(())
}

fn table(game: &Game, review: &Review, thresholds: &MistakeThresholds) -> String {
    let mut text = format!(
        "{:>4} {:<5} {:>8} {:>16} {:>9} {:>9} {:>7} {:<5} {:>5}\n",
        "move", "side", "played", "best", "best", "played", "loss", "unit", "depth"
    );
    for reviewed in &review.moves {
        let mark = if thresholds.is_mistake(reviewed.loss) {
            "  mistake"
        } else {
            ""
        };
        let _ = writeln!(
            text,
            "{:>4} {:<5} {:>8} {:>16} {:>9} {:>9} {:>7} {:<5} {:>5}{mark}",
            reviewed.ply + 1,
            side(reviewed.mover),
            format_cell(game.shape, reviewed.cell),
            best_text(game, reviewed),
            reviewed.best_score,
            reviewed.played_score,
            reviewed.loss.amount,
            reviewed.loss.unit(),
            reviewed.depth,
        );
    }
    text
}

fn best_text(game: &Game, reviewed: &ReviewedMove) -> String {
    let cells: Vec<String> = reviewed
        .best
        .iter()
        .map(|&cell| format_cell(game.shape, cell))
        .collect();
    cells.join(" ")
}

fn side(color: Color) -> &'static str {
    match color {
        Color::Red => "Red",
        Color::Green => "Green",
    }
}

fn summary_line(color: Color, summary: &SideSummary) -> String {
    let mean = |tally: crate::ai::review::LossTally, unit: &str| match tally.mean() {
        Some(mean) => format!(
            "{} {unit} over {} moves (mean {mean:.1})",
            tally.total, tally.moves
        ),
        None => format!("no {unit} losses"),
    };
    format!(
        "{:<5} moves {}, best move {} ({:.0} %), loss {}, {}, mistakes {}",
        side(color),
        summary.moves,
        summary.agreed,
        100.0 * summary.agreement().unwrap_or(0.0),
        mean(summary.heuristic, "eval"),
        mean(summary.exact, "discs"),
        summary.mistakes
    )
}

fn csv(game: &Game, review: &Review) -> String {
    let mut text = String::from("move,side,played,best,best_score,played_score,loss,unit,depth\n");
    for m in &review.moves {
        let _ = writeln!(
            text,
            "{},{},{},{},{},{},{},{},{}",
            m.ply + 1,
            side(m.mover),
            format_cell(game.shape, m.cell),
            best_text(game, m),
            m.best_score,
            m.played_score,
            m.loss.amount,
            m.loss.unit(),
            m.depth
        );
    }
    text
}
