//! The engine against the naive reference over random playouts of every supported shape:
//! the same legal moves and flips at every ply, the same passes, end and outcome.

mod common;

use common::reference::{GREEN, Naive, RED, all_shapes};
use engine::{Color, Geometry, Outcome, Position, Rules, Shape, WidthJob};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// Plays `games` random games with both implementations side by side.
struct CrossCheck {
    games: usize,
    seed: u64,
}

impl WidthJob for CrossCheck {
    type Output = usize;

    /// Returns the number of plies compared.
    fn run<const W: usize>(self, geometry: &Geometry<W>) -> usize {
        let shape = geometry.shape();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(self.seed);
        let mut plies = 0;
        for game in 0..self.games {
            let mut position = Position::start(geometry);
            let mut naive = Naive::start(shape.dims(), shape.side());
            loop {
                plies += 1;
                assert_same_board(&position, &naive, shape, game);
                let moves: Vec<usize> = position.legal_moves(geometry).iter().collect();
                assert_eq!(
                    moves,
                    naive.legal_moves(),
                    "{shape} game {game}: legal moves"
                );
                if moves.is_empty() {
                    let passed = position.pass();
                    if passed.must_pass(geometry) {
                        assert!(position.is_game_over(geometry) && naive.game_over());
                        assert_same_outcome(&position, &naive, shape);
                        break;
                    }
                    position = passed;
                    naive.pass();
                    continue;
                }
                let cell = moves[rng.random_range(0..moves.len())];
                let flips: Vec<usize> = geometry
                    .flips(position.mover, position.opponent, cell)
                    .iter()
                    .collect();
                assert_eq!(
                    flips,
                    naive.flips(cell),
                    "{shape} game {game}: flips of {cell}"
                );
                position = position.play(geometry, cell).expect("a legal move plays");
                naive.play(cell);
            }
        }
        plies
    }
}

fn assert_same_board<const W: usize>(
    position: &Position<W>,
    naive: &Naive,
    shape: Shape,
    game: usize,
) {
    let red: Vec<usize> = position.discs(Color::Red).iter().collect();
    let green: Vec<usize> = position.discs(Color::Green).iter().collect();
    let naive_of = |color| {
        (0..naive.cells.len())
            .filter(|&c| naive.cells[c] == color)
            .collect()
    };
    let naive_red: Vec<usize> = naive_of(RED);
    let naive_green: Vec<usize> = naive_of(GREEN);
    assert_eq!(
        (red, green),
        (naive_red, naive_green),
        "{shape} game {game}: discs"
    );
    let naive_side = if naive.to_move == RED {
        Color::Red
    } else {
        Color::Green
    };
    assert_eq!(
        position.to_move, naive_side,
        "{shape} game {game}: side to move"
    );
}

fn assert_same_outcome<const W: usize>(position: &Position<W>, naive: &Naive, shape: Shape) {
    for (rules, misere) in [(Rules::Classic, false), (Rules::Misere, true)] {
        let expected = match naive.winner(misere) {
            RED => Outcome::Win(Color::Red),
            GREEN => Outcome::Win(Color::Green),
            _ => Outcome::Draw,
        };
        assert_eq!(position.outcome(rules), expected, "{shape} {rules:?}");
    }
}

/// Cross-checks `games` random games on `board`.
fn cross_check(board: &str, games: usize) {
    let shape: Shape = board.parse().unwrap();
    let seed = shape.cells() as u64;
    let plies = shape.dispatch(CrossCheck { games, seed });
    assert!(
        plies > games * shape.cells() / 2,
        "{shape}: games too short"
    );
}

/// One test per shape, so the harness spreads them over the cores. Thousands of games where a
/// naive game is cheap, fewer on the largest boards where one naive game costs ~0.1 s.
macro_rules! cross_check_tests {
    ($($name:ident: $board:literal, $games:literal;)*) => {
        $(
            #[test]
            fn $name() {
                cross_check($board, $games);
            }
        )*
    };
}

cross_check_tests! {
    matches_reference_4x4: "4x4", 5000;
    matches_reference_6x6: "6x6", 3000;
    matches_reference_8x8: "8x8", 3000;
    matches_reference_10x10: "10x10", 2000;
    matches_reference_12x12: "12x12", 1000;
    matches_reference_14x14: "14x14", 500;
    matches_reference_16x16: "16x16", 300;
    matches_reference_4x4x4: "4x4x4", 3000;
    matches_reference_6x6x6: "6x6x6", 1000;
    matches_reference_8x8x8: "8x8x8", 200;
    matches_reference_10x10x10: "10x10x10", 60;
}

#[test]
fn every_supported_shape_is_cross_checked() {
    let checked = ["4x4", "6x6", "8x8", "10x10", "12x12", "14x14", "16x16"]
        .into_iter()
        .chain(["4x4x4", "6x6x6", "8x8x8", "10x10x10"]);
    let supported: Vec<String> = all_shapes()
        .into_iter()
        .map(|(dims, n)| Shape::new(dims, n).unwrap().to_string())
        .collect();
    assert_eq!(checked.map(String::from).collect::<Vec<_>>(), supported);
}

#[test]
fn misere_reverses_every_decided_outcome() {
    let geometry = Geometry::<1>::new("6x6".parse().unwrap());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut decided = 0;
    for _ in 0..200 {
        let position = common::random_play(&geometry, Position::start(&geometry), 100, &mut rng);
        assert!(position.is_game_over(&geometry));
        match (
            position.outcome(Rules::Classic),
            position.outcome(Rules::Misere),
        ) {
            (Outcome::Draw, misere) => assert_eq!(misere, Outcome::Draw),
            (Outcome::Win(winner), misere) => {
                assert_eq!(misere, Outcome::Win(winner.opponent()));
                decided += 1;
            }
        }
    }
    assert!(decided > 100);
}

#[test]
fn engine_perft_matches_the_naive_perft_on_small_boards() {
    struct Both(u32);
    impl WidthJob for Both {
        type Output = (u64, u64);
        fn run<const W: usize>(self, geometry: &Geometry<W>) -> (u64, u64) {
            let shape = geometry.shape();
            let engine = engine::perft::perft(geometry, &Position::start(geometry), self.0);
            (
                engine,
                Naive::start(shape.dims(), shape.side()).perft(self.0),
            )
        }
    }
    for (board, depth) in [
        ("4x4", 12),
        ("6x6", 6),
        ("4x4x4", 4),
        ("6x6x6", 3),
        ("8x8x8", 2),
    ] {
        let (engine, naive) = board.parse::<Shape>().unwrap().dispatch(Both(depth));
        assert_eq!(engine, naive, "{board} depth {depth}");
    }
}
