//! Measures, does not time-limit: legal-move generation + play per position, engine versus the
//! naive reference, on the same random 3D positions. Run for BENCHMARKS.md with
//! `cargo test --release --test reference_speed -- --ignored --nocapture`.

mod common;

use std::time::Instant;

use common::reference::Naive;
use common::{random_position, to_naive};
use engine::{Geometry, Position, Shape, WidthJob};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

/// Positions sampled by random play; each is expanded (legal moves, then every move played).
struct Compare {
    positions: usize,
}

impl WidthJob for Compare {
    type Output = ();

    fn run<const W: usize>(self, geometry: &Geometry<W>) {
        let shape = geometry.shape();
        let sample = sample_positions(geometry, self.positions);
        let naive: Vec<Naive> = sample.iter().map(|p| to_naive(shape, p)).collect();

        let (steps, step_time) = best_of(5, || {
            let mut played = 0u64;
            for position in &sample {
                if let Some(cell) = position.legal_moves(geometry).lowest() {
                    played += u64::from(position.play(geometry, cell).is_some());
                }
            }
            played
        });
        let (engine_children, expand_time) = best_of(5, || {
            let mut children = 0u64;
            for position in &sample {
                for cell in position.legal_moves(geometry) {
                    children += u64::from(position.play(geometry, cell).is_some());
                }
            }
            children
        });
        let (naive_steps, naive_step_time) = best_of(3, || {
            let mut played = 0u64;
            for board in &naive {
                if let Some(&cell) = board.legal_moves().first() {
                    board.clone().play(cell);
                    played += 1;
                }
            }
            played
        });
        let (naive_children, naive_expand_time) = best_of(3, || {
            let mut children = 0u64;
            for board in &naive {
                for cell in board.legal_moves() {
                    board.clone().play(cell);
                    children += 1;
                }
            }
            children
        });
        assert_eq!(
            (steps, engine_children),
            (naive_steps, naive_children),
            "{shape}"
        );
        let ns = |seconds: f64| seconds * 1e9 / sample.len() as f64;
        println!(
            "| {shape} | {} | {:.0} | {:.0} | {:.0}× | {:.0} | {:.0} | {:.0}× |",
            sample.len(),
            ns(step_time),
            ns(naive_step_time),
            naive_step_time / step_time,
            ns(expand_time),
            ns(naive_expand_time),
            naive_expand_time / expand_time,
        );
    }
}

fn sample_positions<const W: usize>(geometry: &Geometry<W>, count: usize) -> Vec<Position<W>> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let cells = geometry.shape().cells();
    (0..count)
        .map(|_| random_position(geometry, cells - 8, &mut rng))
        .collect()
}

/// The result and the fastest of `runs` timings in seconds.
fn best_of(runs: usize, mut work: impl FnMut() -> u64) -> (u64, f64) {
    let mut best = f64::INFINITY;
    let mut result = 0;
    for _ in 0..runs {
        let clock = Instant::now();
        result = std::hint::black_box(work());
        best = best.min(clock.elapsed().as_secs_f64());
    }
    (result, best)
}

#[test]
#[ignore = "a benchmark: run with --ignored --nocapture"]
fn engine_versus_naive_reference_on_3d_positions() {
    println!(
        "| board | positions | step: engine ns | step: naive ns | step ratio | expand: engine ns | expand: naive ns | expand ratio |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (board, positions) in [
        ("4x4x4", 2000),
        ("6x6x6", 1000),
        ("8x8x8", 300),
        ("10x10x10", 100),
    ] {
        board
            .parse::<Shape>()
            .unwrap()
            .dispatch(Compare { positions });
    }
}
