//! `reversi3d bench`: the seed's benchmark table — nodes, time, nodes/ms and time factor per
//! depth — for one position (the first move by default).

use std::sync::atomic::AtomicBool;

use std::io::Write;

use clap::Args;

use super::setup::{PositionArgs, SearchArgs};
use engine::search::{Goal, SearchKind, SearchSettings, Workers};
use engine::{Geometry, Rules, Weights, WidthJob};

/// The earlier Arwen the seed used for its published benchmark tables (DESIGN §2).
pub const ARWEN_V10: Weights = Weights([13, 7, 1000, -1, -9, 97, -2, 4, -1]);

/// Arguments of `reversi3d bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    search: SearchArgs,
    /// The deepest depth; the table runs from --from up to it.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(engine::bounds::MAX_DEPTH)), default_value_t = 6)]
    depth: u32,
    /// The first depth of the table.
    #[arg(long, default_value_t = 2)]
    from: u32,
    /// Depth step between rows (the seed's tables use 2).
    #[arg(long, default_value_t = 2)]
    step: u32,
    /// Also print the nodes visited at each remaining depth.
    #[arg(long)]
    levels: bool,
}

/// Prints the table.
pub fn run(args: &BenchArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let pool = super::thread_pool(args.search.threads)?;
    pool.install(|| {
        args.position.shape()?.dispatch(Table {
            args,
            threads: pool.current_num_threads(),
            out,
        })
    })
}

struct Table<'a> {
    args: &'a BenchArgs,
    threads: usize,
    out: &'a mut (dyn Write + Send),
}

impl WidthJob for Table<'_> {
    type Output = anyhow::Result<()>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> anyhow::Result<()> {
        let (args, out) = (self.args, self.out);
        let position = args.position.position(geometry)?;
        // The classic search evaluates by weights alone.
        let (label, evaluation) = args
            .search
            .evaluation(("ArwenV10", ARWEN_V10), geometry.shape())?;
        let weights = evaluation.weights;
        writeln!(
            out,
            "bench {} {:?} to move, {label}, α/β {:?}, symmetry {:?}, {} thread(s)",
            geometry.shape(),
            position.to_move,
            args.search.alpha_beta,
            args.search.symmetry,
            self.threads
        )?;
        writeln!(
            out,
            "{:>5} {:>14} {:>11} {:>10} {:>11}",
            "depth", "nodes", "time ms", "nodes/ms", "time factor"
        )?;
        let mut previous_ms: Option<f64> = None;
        let never = AtomicBool::new(false);
        for depth in (args.from.max(1)..=args.depth).step_by(args.step.max(1) as usize) {
            let settings = SearchSettings {
                kind: SearchKind::Classic,
                workers: Workers::CallersPool,
                ..args.search.apply(SearchSettings::new(
                    Goal::EveryMove,
                    depth,
                    Rules::Classic,
                    weights,
                ))
            };
            let analysis = settings
                .run_at(geometry, &position, &never, &|_| {})?
                .analysis;
            let ms = analysis.elapsed.as_secs_f64() * 1000.0;
            let factor =
                previous_ms.map_or("-".to_string(), |p| format!("{:.1}", ms / p.max(1e-3)));
            writeln!(
                out,
                "{depth:>5} {:>14} {ms:>11.1} {:>10.0} {factor:>11}",
                analysis.nodes.total(),
                analysis.nodes_per_ms()
            )?;
            if args.levels {
                let levels: Vec<String> = analysis
                    .nodes
                    .levels()
                    .iter()
                    .rev()
                    .map(u64::to_string)
                    .collect();
                writeln!(
                    out,
                    "      levels (remaining depth {depth} … 0): {}",
                    levels.join(" ")
                )?;
            }
            previous_ms = Some(ms);
        }
        Ok(())
    }
}
