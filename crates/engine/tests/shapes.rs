//! Board names, square categories and symmetries.

mod common;

use engine::perft::perft;
use engine::{Category, Geometry, Shape, WidthJob};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

/// The category counts of DESIGN §2 in the order Cor, CSq, XSq, Edg, IEd, Fac, IFa, none.
const CATEGORY_COUNTS: [(&str, [usize; 8]); 6] = [
    ("4x4", [4, 8, 4, 0, 0, 0, 0, 0]),
    ("6x6", [4, 8, 4, 8, 8, 4, 0, 0]),
    ("8x8", [4, 8, 4, 16, 16, 16, 0, 0]),
    ("4x4x4", [8, 24, 32, 0, 0, 0, 0, 0]),
    ("6x6x6", [8, 24, 32, 24, 72, 24, 24, 8]),
    ("8x8x8", [8, 24, 32, 48, 144, 96, 96, 64]),
];

fn category_counts(shape: Shape) -> [usize; 8] {
    let mut counts = [0; 8];
    for cell in 0..shape.cells() {
        counts[shape.category(cell) as usize] += 1;
    }
    counts
}

#[test]
fn category_counts_match_the_design_table() {
    for (board, expected) in CATEGORY_COUNTS {
        assert_eq!(category_counts(board.parse().unwrap()), expected, "{board}");
    }
}

#[test]
fn cube_categories_follow_the_general_formulas() {
    for n in [4, 6, 8, 10] {
        let shape = Shape::new(3, n).unwrap();
        let k = n - 4;
        let expected = [8, 24, 32, 12 * k, 36 * k, 6 * k * k, 6 * k * k, k * k * k];
        assert_eq!(category_counts(shape), expected, "{shape}");
    }
}

#[test]
fn categories_are_invariant_under_symmetry_and_masks_agree() {
    for board in ["8x8", "6x6x6"] {
        let shape: Shape = board.parse().unwrap();
        for symmetry in shape.symmetries() {
            for cell in 0..shape.cells() {
                assert_eq!(shape.category(cell), shape.category(symmetry.map(cell)));
            }
        }
    }
    let geometry = Geometry::<4>::new("6x6x6".parse().unwrap());
    let total: u32 = Category::ALL
        .iter()
        .map(|&c| geometry.category_mask(c).count())
        .sum();
    assert_eq!(total, 216);
    assert_eq!(geometry.category_mask(Category::Interior).count(), 8);
}

#[test]
fn bad_board_names_are_refused_with_a_message() {
    let cases = [
        ("", "not a board name"),
        ("8", "not a board name"),
        ("abc", "not a board name"),
        ("8x8x8x8", "not a board name"),
        ("-4x-4", "not a board name"),
        ("6x8", "unequal sides"),
        ("7x7", "even side from 4 to 16, not 7"),
        ("2x2", "even side from 4 to 16, not 2"),
        ("18x18", "even side from 4 to 16, not 18"),
        ("12x12x12", "even side from 4 to 10, not 12"),
        ("5x5x5", "even side from 4 to 10, not 5"),
    ];
    for (name, message) in cases {
        let error = name.parse::<Shape>().expect_err(name).to_string();
        assert!(error.contains(message), "{name:?} gave {error:?}");
    }
    assert_eq!(" 6X6x6 ".parse::<Shape>().unwrap().to_string(), "6x6x6");
}

/// Random positions reached by random play, with their legal moves and perft checked
/// against every symmetric image.
struct SymmetryCheck {
    positions: usize,
    perft_depth: u32,
}

impl WidthJob for SymmetryCheck {
    type Output = ();

    fn run<const W: usize>(self, geometry: &Geometry<W>) {
        let shape = geometry.shape();
        let symmetries = shape.symmetries();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(shape.cells() as u64);
        for _ in 0..self.positions {
            let position = common::random_position(geometry, shape.cells() / 2, &mut rng);
            let moves = position.legal_moves(geometry);
            let count = perft(geometry, &position, self.perft_depth);
            for symmetry in &symmetries {
                let image = position.mapped(symmetry);
                assert_eq!(
                    image.legal_moves(geometry),
                    symmetry.map_bits(moves),
                    "{shape}"
                );
                assert_eq!(perft(geometry, &image, self.perft_depth), count, "{shape}");
            }
        }
    }
}

#[test]
fn legal_moves_and_perft_are_invariant_under_every_symmetry() {
    for (board, positions, depth) in [
        ("4x4", 200, 4),
        ("8x8", 100, 3),
        ("12x12", 30, 2),
        ("4x4x4", 50, 2),
        ("6x6x6", 20, 2),
    ] {
        board.parse::<Shape>().unwrap().dispatch(SymmetryCheck {
            positions,
            perft_depth: depth,
        });
    }
    "10x10x10"
        .parse::<Shape>()
        .unwrap()
        .dispatch(SymmetryCheck {
            positions: 3,
            perft_depth: 1,
        });
}
