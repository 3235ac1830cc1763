//! `reversi3d perft`: leaf counts per depth with time and speed.

use std::time::Instant;

use std::io::Write;

use clap::Args;

use engine::perft::{perft, perft_parallel};
use engine::{Geometry, Position, Shape, WidthJob};

/// Arguments of `reversi3d perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Board: NxN (2D, N even 4–16) or NxNxN (3D, N even 4–10).
    #[arg(long, default_value = "8x8")]
    pub board: Shape,
    /// Deepest depth to count; every depth from 1 up to it is printed.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(engine::bounds::MAX_DEPTH)), default_value_t = 8)]
    pub depth: u32,
    /// Worker threads (0 = one per core; 1 = single-threaded).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

/// Prints the perft table for the arguments.
pub fn run(args: &PerftArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let pool = super::thread_pool(args.threads)?;
    let threads = pool.current_num_threads();
    writeln!(
        out,
        "perft {} from the start position, {threads} thread(s)",
        args.board
    )?;
    writeln!(
        out,
        "{:>5} {:>16} {:>12} {:>16}",
        "depth", "leaves", "time ms", "leaves/s"
    )?;
    let parallel = threads > 1;
    pool.install(|| {
        args.board.dispatch(Table {
            depth: args.depth,
            parallel,
            out,
        })
    })?;
    Ok(())
}

struct Table<'a> {
    depth: u32,
    parallel: bool,
    out: &'a mut (dyn Write + Send),
}

impl WidthJob for Table<'_> {
    type Output = std::io::Result<()>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> std::io::Result<()> {
        let out = self.out;
        let start = Position::start(geometry);
        for depth in 1..=self.depth {
            let clock = Instant::now();
            let leaves = if self.parallel {
                perft_parallel(geometry, &start, depth)
            } else {
                perft(geometry, &start, depth)
            };
            let seconds = clock.elapsed().as_secs_f64();
            let rate = leaves as f64 / seconds.max(1e-9);
            writeln!(
                out,
                "{depth:>5} {leaves:>16} {:>12.1} {rate:>16.0}",
                seconds * 1000.0
            )?;
        }
        Ok(())
    }
}
