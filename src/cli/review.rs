//! `reversi3d review`: the reference over every position of a saved game — each move, the
//! reference's best, both scores and the loss, then a summary per side.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::interrupt::interrupt_flag;
use super::reference_args::ReferenceArgs;
use engine::Color;
use engine::notation::format_cell;
use lab::ai::reference::{ReferenceCache, ScoreUnit};
use lab::ai::review::{MistakeThresholds, Review, ReviewedMove, SideSummary, review_game};
use lab::ai::score_unit::DECISIVE;
use lab::files::write_atomically;
use lab::game::Game;

/// Arguments of `reversi3d review`.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The game record to review.
    #[arg(long)]
    game: PathBuf,
    #[command(flatten)]
    reference: ReferenceArgs,
    /// A loss above this many evaluation units is a mistake (a heuristic reference by nine
    /// weights: a board without a learned evaluation).
    #[arg(long, default_value_t = MistakeThresholds::default().eval)]
    mistake_eval: i32,
    /// A loss above this many discs is a mistake (an exact reference, or one by the board's
    /// learned evaluation).
    #[arg(long, default_value_t = MistakeThresholds::default().discs)]
    mistake_discs: i32,
    /// Also write every move as CSV to this file.
    #[arg(long)]
    csv: Option<PathBuf>,
    #[command(flatten)]
    output: super::output::OutputArgs,
    /// Worker threads: positions are analysed in parallel, one per thread (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

/// Reviews the game and prints the table and the summaries.
pub fn run(args: &ReviewArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    args.output.check([args.csv.as_deref()])?;
    let game = Game::load(&args.game)?;
    let (player, settings) = args.reference.settings(game.shape, game.rules)?;
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

/// The columns of the table and the CSV: table heading, CSV heading, table width (negative:
/// left-aligned).
const COLUMNS: [(&str, &str, i32); 9] = [
    ("move", "move", 4),
    ("side", "side", -5),
    ("played", "played", 8),
    ("best", "best", 16),
    ("best", "best_score", 9),
    ("played", "played_score", 9),
    ("loss", "loss", 7),
    ("unit", "unit", -5),
    ("depth", "depth", 5),
];

/// One reviewed move's fields, in the order of [`COLUMNS`].
fn fields(game: &Game, reviewed: &ReviewedMove) -> [String; 9] {
    [
        (reviewed.ply + 1).to_string(),
        side(reviewed.mover).to_string(),
        format_cell(game.shape, reviewed.cell),
        best_text(game, reviewed),
        measured(reviewed.loss.unit, reviewed.best_score),
        measured(reviewed.loss.unit, reviewed.played_score),
        if reviewed.loss.is_proven_result() {
            "proven".to_string()
        } else {
            measured(reviewed.loss.unit, reviewed.loss.amount)
        },
        reviewed.loss.unit.name().to_string(),
        reviewed.depth.to_string(),
    ]
}

/// A score or loss as a number of discs (two decimals) or evaluation units (whole; a proven
/// result as `win +4` or `loss -3`).
fn measured(unit: ScoreUnit, amount: i32) -> String {
    match unit {
        ScoreUnit::Discs => format!("{:.2}", unit.measure(f64::from(amount))),
        ScoreUnit::Eval if amount.abs() >= DECISIVE / 2 => unit.score_text(amount, true, false),
        ScoreUnit::Eval => amount.to_string(),
    }
}

/// `texts` padded to the table's column widths.
fn table_line<'a>(texts: impl Iterator<Item = &'a str>) -> String {
    let padded: Vec<String> = texts
        .zip(COLUMNS)
        .map(|(text, (_, _, width))| {
            let pad = width.unsigned_abs() as usize;
            if width < 0 {
                format!("{text:<pad$}")
            } else {
                format!("{text:>pad$}")
            }
        })
        .collect();
    padded.join(" ")
}

fn table(game: &Game, review: &Review, thresholds: &MistakeThresholds) -> String {
    let mut text = table_line(COLUMNS.iter().map(|c| c.0)) + "\n";
    for reviewed in &review.moves {
        let mark = if thresholds.is_mistake(reviewed.loss) {
            "  mistake"
        } else {
            ""
        };
        let fields = fields(game, reviewed);
        let _ = writeln!(
            text,
            "{}{mark}",
            table_line(fields.iter().map(String::as_str))
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
    let mut losses: Vec<String> = [(summary.discs, "discs"), (summary.eval, "eval")]
        .into_iter()
        .filter_map(|(tally, unit)| {
            let mean = tally.mean()?;
            Some(format!(
                "{:.1} {unit} over {} moves (mean {mean:.2})",
                tally.total, tally.moves
            ))
        })
        .collect();
    if summary.proven > 0 {
        losses.push(format!("{} proven results", summary.proven));
    }
    let losses = if losses.is_empty() {
        "none".to_string()
    } else {
        losses.join(", ")
    };
    format!(
        "{:<5} moves {}, best move {} ({:.0} %), loss {losses}, mistakes {}",
        side(color),
        summary.moves,
        summary.agreed,
        100.0 * summary.agreement().unwrap_or(0.0),
        summary.mistakes
    )
}

fn csv(game: &Game, review: &Review) -> String {
    let heading: Vec<&str> = COLUMNS.iter().map(|c| c.1).collect();
    let mut text = heading.join(",") + "\n";
    for reviewed in &review.moves {
        let _ = writeln!(text, "{}", fields(game, reviewed).join(","));
    }
    text
}
