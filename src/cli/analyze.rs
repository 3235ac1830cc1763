//! `reversi3d analyze`: every legal move of a position with its score.

use std::sync::atomic::AtomicBool;

use std::io::Write;

use anyhow::Context;
use clap::Args;

use super::setup::{
    Out, PositionArgs, PositionAt, PositionReport, SearchArgs, SearchChoice, StrongArgs,
    read_pattern_file, report_position,
};
use engine::Shape;
use engine::notation::format_cell;
use engine::search::{Analysis, Goal, Limits, SearchSettings};

/// Arguments of `reversi3d analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    strong: StrongArgs,
    /// Which search: strong (the default) or classic (the seed's; α/β and symmetry apply to it).
    #[arg(long = "search", value_enum, default_value_t = SearchChoice::Strong)]
    search_kind: SearchChoice,
    /// Search depth in plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(engine::bounds::MAX_DEPTH)), default_value_t = 6)]
    depth: u32,
    /// Strong search: stop after about this many nodes; the deepest finished depth is reported.
    #[arg(long)]
    nodes: Option<u64>,
    /// Strong search: stop after about this long (e.g. `500ms`, `2s`); the deepest finished
    /// depth is reported.
    #[arg(long, value_parser = humantime::parse_duration)]
    time: Option<std::time::Duration>,
    /// Strong search: evaluate by this pattern file of the position's board (made by
    /// `reversi3d fit-patterns`) instead of the weights; scores are then in discs.
    #[arg(long, value_name = "FILE")]
    patterns: Option<std::path::PathBuf>,
}

/// Prints every move with its score, best first.
pub fn run(args: &AnalyzeArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    engine::bounds::check_threads(args.search.threads).context("--threads")?;
    report_position(&args.position, args, out)
}

impl PositionReport for AnalyzeArgs {
    fn report<const W: usize>(&self, at: PositionAt<W>, out: Out<'_>) -> anyhow::Result<()> {
        let PositionAt { geometry, position } = at;
        let shape = geometry.shape();
        let arwen = lab::players::preset::built_in_named("Arwen").expect("Arwen is built in");
        let (label, evaluation) = self.search.evaluation(("Arwen", arwen.weights), shape)?;
        let patterns = match &self.patterns {
            Some(path) => Some((path, read_pattern_file(path, shape)?)),
            None => None,
        };
        let label = match &patterns {
            Some((path, _)) => format!("patterns {} (scores in discs)", path.display()),
            None => label,
        };
        writeln!(
            out,
            "analyze {shape}, {:?} to move, depth {}, {label}, {:?} search",
            position.to_move, self.depth, self.search_kind
        )?;
        let rules = self.strong.rules.rules();
        if position.is_game_over(geometry) {
            let outcome = position.outcome(rules);
            writeln!(out, "the game is over: {outcome:?} ({rules:?} rules)")?;
            return Ok(());
        }
        if position.must_pass(geometry) {
            // The search passes for it and scores the other side's moves.
            writeln!(
                out,
                "{:?} has no legal move and passes; {:?} moves next",
                position.to_move,
                position.to_move.opponent()
            )?;
        }
        if self.search_kind == SearchChoice::Classic
            && (self.nodes.is_some() || self.time.is_some() || patterns.is_some())
        {
            anyhow::bail!("--nodes, --time and --patterns apply to the strong search only")
        }
        let mut settings = SearchSettings {
            kind: self.search_kind.kind(),
            limits: Limits {
                depth: self.depth,
                nodes: self.nodes,
                time: self.time,
            },
            ..self.search.apply(self.strong.settings(
                Goal::EveryMove,
                self.depth,
                evaluation.weights,
            ))
        };
        settings.evaluation.patterns = match patterns {
            Some((_, file)) => Some(file),
            None => evaluation.patterns,
        };
        let never = AtomicBool::new(false);
        let analysis = settings
            .run_at(geometry, &position, &never, &|_| {})?
            .analysis;
        print_analysis(&analysis, shape, self.depth, out)
    }
}

/// Every move with its score, best first, then how far the search went and what it cost.
fn print_analysis(
    analysis: &Analysis,
    shape: Shape,
    depth: u32,
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    let best = analysis.best_score();
    let mut moves = analysis.moves.clone();
    moves.sort_by_key(|m| std::cmp::Reverse(m.score));
    // Exact margins (`=+4`) and pattern values are discs; only a nine-weight player's
    // heuristic values are in its own units.
    let heading = if analysis.in_weight_units() {
        "score (eval)"
    } else {
        "score (discs)"
    };
    writeln!(out, "{:>10} {heading:>13}", "move")?;
    for scored in moves {
        let mark = if scored.score.is_some() && scored.score == best {
            "  best"
        } else {
            ""
        };
        let score = match scored.score {
            None => "-".to_string(),
            Some(score) => analysis.short_score_text(score),
        };
        writeln!(
            out,
            "{:>10} {score:>13}{mark}",
            format_cell(shape, scored.cell)
        )?;
    }
    if analysis.cancelled {
        writeln!(
            out,
            "stopped by the budget after depth {} of {}",
            analysis.depth, depth
        )?;
    }
    if !analysis.line.is_empty() {
        let line: Vec<String> = analysis
            .line
            .iter()
            .map(|&c| format_cell(shape, c))
            .collect();
        writeln!(
            out,
            "line {} (depth {} reached)",
            line.join(" "),
            analysis.depth
        )?;
    }
    writeln!(
        out,
        "nodes {}  time {:.1} ms  nodes/ms {:.0}",
        analysis.nodes.total(),
        analysis.elapsed.as_secs_f64() * 1000.0,
        analysis.nodes_per_ms()
    )?;
    Ok(())
}
