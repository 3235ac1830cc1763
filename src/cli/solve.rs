//! `reversi3d solve`: the exact result of a position under perfect play.

use std::io::Write;
use std::sync::atomic::AtomicBool;

use clap::Args;

use super::setup::{PositionArgs, StrongArgs};
use crate::engine::notation::format_cell;
use crate::engine::search::{WIN, analyze_strong};
use crate::engine::{Geometry, WidthJob};

/// Arguments of `reversi3d solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    strong: StrongArgs,
    /// Worker threads: the root moves are solved in parallel (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

/// Solves the position and prints the result, the best moves and the line.
pub fn run(args: &SolveArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let pool = super::thread_pool(args.threads)?;
    pool.install(|| args.position.shape()?.dispatch(Report { args, out }))
}

struct Report<'a> {
    args: &'a SolveArgs,
    out: &'a mut (dyn Write + Send),
}

impl WidthJob for Report<'_> {
    type Output = anyhow::Result<()>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> anyhow::Result<()> {
        let (args, out) = (self.args, self.out);
        let shape = geometry.shape();
        let position = args.position.position(geometry)?;
        let empties = position.empties(geometry).count();
        let mut settings = args
            .strong
            .settings(empties, crate::cli::bench::ARWEN_V10, true);
        settings.endgame_empties = u32::MAX;
        writeln!(
            out,
            "solve {shape}, {:?} to move, {empties} empty cells, {:?} rules",
            position.to_move, args.strong.rules
        )?;
        let analysis = analyze_strong(
            geometry,
            &position,
            &settings,
            &AtomicBool::new(false),
            &|_| {},
        );
        let Some(score) = analysis.best_score() else {
            writeln!(
                out,
                "{:?} has no legal move (it passes, or the game is over)",
                position.to_move
            )?;
            return Ok(());
        };
        let margin = if score > 0 {
            score - WIN
        } else if score < 0 {
            score + WIN
        } else {
            0
        };
        let verdict = match margin.signum() {
            1 => format!("{:?} wins by {margin}", position.to_move),
            -1 => format!("{:?} loses by {}", position.to_move, -margin),
            _ => "a draw".to_string(),
        };
        writeln!(
            out,
            "perfect play: {verdict} (final disc difference {margin:+} for the side to move)"
        )?;
        let best: Vec<String> = analysis
            .best_moves()
            .iter()
            .map(|&c| format_cell(shape, c))
            .collect();
        writeln!(out, "best move(s): {}", best.join(" "))?;
        let line: Vec<String> = analysis
            .line
            .iter()
            .map(|&c| format_cell(shape, c))
            .collect();
        writeln!(out, "line: {}", line.join(" "))?;
        let seconds = analysis.elapsed.as_secs_f64();
        writeln!(
            out,
            "nodes {}  time {:.1} ms  nodes/s {:.0}",
            analysis.nodes.total(),
            seconds * 1000.0,
            analysis.nodes.total() as f64 / seconds.max(1e-9)
        )?;
        Ok(())
    }
}
