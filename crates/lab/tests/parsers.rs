//! The parsers of text people paste or load (paste recognition, OBF lines, position text,
//! game records) on random and mutated text: they answer, never panic or hang.

mod common;

use engine::obf::parse_obf;
use engine::{Setup, Shape};
use lab::game::Game;
use lab::game::paste::recognise;
use proptest::prelude::*;

const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38";

/// Valid texts of every format, for mutation.
fn samples() -> Vec<String> {
    vec![
        FFO_40.to_string(),
        Setup::start("6x6x6".parse().unwrap()).text(),
        "f5d6c3d3c4f4".to_string(),
        "3-4, 3-3 pass 2-3".to_string(),
    ]
}

/// `text` with a few characters replaced, inserted or deleted at random places.
fn mutated(text: &str, edits: &[(usize, u8, char)]) -> String {
    let chars: Vec<char> = text.chars().collect();
    common::mutated(&chars, edits).into_iter().collect()
}

fn boards() -> impl Strategy<Value = Shape> {
    prop::sample::select(vec!["4x4", "8x8", "16x16", "4x4x4", "6x6x6"])
        .prop_map(|b| b.parse::<Shape>().unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_text_is_answered(text in "\\PC{0,200}", board in boards()) {
        let _ = recognise(&text, board);
        let _ = parse_obf(&text);
        let _ = Game::from_record(&text);
    }

    #[test]
    fn mutated_text_is_answered(
        sample in 0..4usize,
        edits in prop::collection::vec((0..300usize, 0..3u8, prop::char::any()), 1..6),
        board in boards(),
    ) {
        let text = mutated(&samples()[sample], &edits);
        if let Ok(line) = parse_obf(&text) {
            prop_assert_eq!(line.setup.shape(), "8x8".parse::<Shape>().unwrap());
        }
        let _ = recognise(&text, board);
    }
}
