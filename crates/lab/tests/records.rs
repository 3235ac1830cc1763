//! Presets and game records: round trips, malformed files refused with the file and the
//! place, transcripts of known 8×8 openings, passes, and the history cursor.

use std::fs;
use std::path::Path;

use engine::notation::{Move, format_transcript, parse_transcript};
use engine::{Rules, Shape};
use lab::ai::{AiPlayer, Player, Preset, PresetLibrary, SearchKind};
use lab::files::MAX_FILE_BYTES;
use lab::game::Game;
use lab::players::preset::{NamedWeights, built_in, built_in_named};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

fn ai(name: &str, depth: u32) -> Player {
    let preset = built_in_named(name).unwrap();
    Player::Ai(AiPlayer {
        preset,
        depth,
        search: SearchKind::Classic,
        time_budget: None,
    })
}

/// A game of `plies` random moves (or to its end) on `board`.
fn random_game(board: &str, plies: usize, rng: &mut Xoshiro256PlusPlus) -> Game {
    let shape: Shape = board.parse().unwrap();
    let mut game = Game::new(shape, Rules::Classic, Player::Human, ai("Frodo", 3));
    for _ in 0..plies {
        let board = game.board();
        if board.over {
            break;
        }
        let legal = if board.legal.is_empty() {
            // The side to move must pass: the other side's moves come after the pass.
            let mut passed = game.clone();
            let mut moves = passed.moves().to_vec();
            moves.push(Move::Pass);
            passed.set_moves(moves).unwrap();
            passed.board().legal
        } else {
            board.legal
        };
        game.play(legal[rng.random_range(0..legal.len())]).unwrap();
    }
    game
}

#[test]
fn built_in_presets_are_the_design_players_and_round_trip() {
    let presets = built_in();
    let names: Vec<&str> = presets.iter().map(|p| p.name.as_str()).collect();
    let expected = [
        "Arwen",
        "Bilbo",
        "Celebrian",
        "Dwalin",
        "Eowyn",
        "Frodo",
        "Galadriel",
        "Hamfast",
        "Indis",
        "Jolly",
        "Kili",
        "Lobelia",
        "Merry",
        "Pippin",
    ];
    assert_eq!(names, expected);
    assert_eq!(presets[0].weights.0, [14, 6, 1000, -1, -8, 91, -3, 4, -1]);
    assert_eq!(
        presets[4].weights.0,
        [369, 57, 1000, -11, -20, 108, -14, 114, -4]
    );
    for preset in presets {
        assert_eq!(Preset::from_ron(&preset.to_ron()), Ok(preset));
    }
}

#[test]
fn a_preset_evaluates_by_its_pattern_files_on_their_boards_and_by_weights_elsewhere() {
    let lobelia = built_in_named("Lobelia").unwrap();
    let six: Shape = "6x6".parse().unwrap();
    let on_six = lobelia
        .evaluation(six)
        .patterns
        .expect("the shipped 6x6 patterns");
    assert_eq!(on_six.shape, six);
    assert!(
        lobelia
            .evaluation("10x10x10".parse().unwrap())
            .patterns
            .is_none()
    );
    assert_eq!(
        lobelia.evaluation_kind(),
        "patterns on 6x6, 8x8, 6x6x6, 4x4x4, 8x8x8, 10x10 (nine weights elsewhere)"
    );
    assert_eq!(
        built_in_named("Kili").unwrap().evaluation_kind(),
        "nine weights"
    );

    // A user's preset reads pattern files beside it, never elsewhere, one a board.
    let folder = tempfile::tempdir().unwrap();
    let cube: Shape = "4x4x4".parse().unwrap();
    let zero = engine::patterns::PatternEvaluation::zero(cube, vec![20]);
    fs::write(folder.path().join("cube.bin"), zero.to_bytes()).unwrap();
    let with = |names: &str| {
        let text = lobelia.to_ron().replace(
            "patterns: [\n        \"patterns-6x6.bin\",\n        \"patterns-8x8.bin\",\n        \"patterns-6x6x6.bin\",\n        \"patterns-4x4x4.bin\",\n        \"patterns-8x8x8.bin\",\n        \"patterns-10x10.bin\",\n    ]",
            &format!("patterns: [{names}]"),
        );
        let path = folder.path().join("mine.ron");
        fs::write(&path, text).unwrap();
        Preset::load(&path)
    };
    let mine = with("\"patterns-6x6.bin\", \"cube.bin\"").unwrap();
    assert!(mine.evaluation(cube).patterns.is_some() && mine.evaluation(six).patterns.is_some());
    assert_eq!(Preset::load(&folder.path().join("mine.ron")), Ok(mine));
    let outside = with("\"../cube.bin\"").unwrap_err();
    assert!(outside.problem.contains("neither shipped"), "{outside}");
    let missing = with("\"gone.bin\"").unwrap_err();
    assert!(missing.problem.contains("gone.bin"), "{missing}");
    let twice = with("\"cube.bin\", \"cube.bin\"").unwrap_err();
    assert!(
        twice.problem.contains("two pattern files for 4x4x4"),
        "{twice}"
    );
    // A game record keeps a pattern player's shipped files, and so do runs that record
    // players by name, weights and pattern files: the player read back evaluates as before,
    // a nine-weight player's record reads as before pattern players existed, and a run that
    // changes nine weights refuses to start from a pattern player.
    let game = Game::new(six, Rules::Classic, ai("Lobelia", 8), Player::Human);
    let again = Game::from_record(&game.to_record()).unwrap();
    let Player::Ai(red) = &again.red else {
        panic!("Lobelia is an AI")
    };
    assert_eq!(red.preset.patterns, lobelia.patterns);
    let recorded = NamedWeights::from(&lobelia);
    let text = lab::files::to_ron(&recorded);
    let read: NamedWeights = lab::files::parse_ron(&text).unwrap();
    assert_eq!(read.preset().unwrap().patterns, lobelia.patterns);
    let nine = NamedWeights::from(&Preset::weighted(
        "Plain".into(),
        String::new(),
        lobelia.weights,
    ));
    assert!(
        !lab::files::to_ron(&nine).contains("patterns"),
        "unchanged for nine weights"
    );
    let refused = recorded.nine_weights_only().unwrap_err();
    assert!(
        refused.contains("starts from a nine-weight player"),
        "{refused}"
    );
    let changed = NamedWeights {
        patterns: vec![lab::players::pattern_source::PatternSource {
            hash: "0000000000000000".into(),
            ..read.patterns[0].clone()
        }],
        ..read
    };
    let stale = changed.preset().unwrap_err();
    assert!(stale.problem.contains("the file changed"), "{stale}");
}

#[test]
fn random_game_records_round_trip() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
    for board in ["4x4", "6x6", "8x8", "10x10", "4x4x4", "6x6x6"] {
        for _ in 0..20 {
            let plies = rng.random_range(0..200);
            let mut game = random_game(board, plies, &mut rng);
            game.rules = if rng.random_bool(0.5) {
                Rules::Classic
            } else {
                Rules::Misere
            };
            let text = game.to_record();
            let loaded = Game::from_record(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(loaded.moves(), game.moves());
            assert_eq!(loaded.to_record(), text);
            assert_eq!(loaded.result(), game.result());
        }
    }
}

#[test]
fn a_game_with_passes_keeps_them_explicit() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(8);
    let game = (0..500)
        .map(|_| random_game("4x4", 20, &mut rng))
        .find(|g| g.moves().contains(&Move::Pass))
        .expect("some random 4×4 game passes");
    let loaded = Game::from_record(&game.to_record()).unwrap();
    assert_eq!(loaded.moves(), game.moves());
    assert!(loaded.to_record().contains("\"pass\""));
    // The same moves without their passes replay to the same game: passes are implied.
    let implied: Vec<Move> = game
        .moves()
        .iter()
        .copied()
        .filter(|m| *m != Move::Pass)
        .collect();
    let mut replayed = Game::new(game.shape, game.rules, Player::Human, Player::Human);
    replayed.set_moves(implied).unwrap();
    assert_eq!(replayed.moves(), game.moves());
}

#[test]
fn known_8x8_openings_import_from_transcripts() {
    // Named by Black's reply to f5: perpendicular d6, diagonal f6, parallel f4.
    let openings = [
        ("tiger (perpendicular)", "f5d6c3d3c4f4c5b3c2"),
        ("buffalo (diagonal)", "f5f6e6f4c3"),
        ("heath (diagonal)", "f5f6e6f4g5"),
        ("parallel", "f5f4"),
    ];
    for (name, transcript) in openings {
        let moves: Vec<Move> = parse_transcript(transcript)
            .unwrap()
            .into_iter()
            .map(Move::Play)
            .collect();
        let mut game = Game::new(
            "8x8".parse().unwrap(),
            Rules::Classic,
            Player::Human,
            Player::Human,
        );
        game.set_moves(moves)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(format_transcript(game.moves()), transcript, "{name}");
    }
    // After f5 Black (our Red) holds d5, e4, e5 and f5: (3,4), (4,3), (4,4), (5,4).
    let mut game = Game::new(
        "8x8".parse().unwrap(),
        Rules::Classic,
        Player::Human,
        Player::Human,
    );
    game.set_moves(vec![Move::Play(5 * 8 + 4)]).unwrap();
    assert_eq!(
        game.board().red,
        [3 * 8 + 4, 4 * 8 + 3, 4 * 8 + 4, 5 * 8 + 4]
    );
    let error = game.set_moves(
        parse_transcript("f5a1")
            .unwrap()
            .into_iter()
            .map(Move::Play)
            .collect(),
    );
    assert_eq!(
        error.unwrap_err().to_string(),
        "move 2 (a1): not a legal move for Green"
    );
}

#[test]
fn history_goes_to_any_move_and_continues_from_there() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
    let mut game = random_game("6x6", 10, &mut rng);
    let full = game.moves().to_vec();
    game.go_to(4);
    assert_eq!(game.cursor(), 4);
    game.back();
    game.forward();
    game.forward();
    assert_eq!(game.cursor(), 5);
    assert_eq!(game.board(), game.board_at(5));
    game.go_to(99);
    assert_eq!(game.cursor(), full.len());
    game.go_to(3);
    game.green = ai("Indis", 5);
    let cell = game.board().legal[0];
    game.play(cell).unwrap();
    assert_eq!(game.moves().len(), 4);
    assert_eq!(game.moves()[..3], full[..3]);
    assert!(game.to_record().contains("Indis"));
}

/// Writes `text` as `file` in `folder` and loads it with `load`, returning the error text.
fn refusal<T: std::fmt::Debug, E: ToString>(
    folder: &Path,
    file: &str,
    text: &[u8],
    load: fn(&Path) -> Result<T, E>,
) -> String {
    let path = folder.join(file);
    fs::write(&path, text).unwrap();
    load(&path).expect_err(file).to_string()
}

#[test]
fn malformed_presets_are_refused_with_the_file_and_the_place() {
    let folder = tempfile::tempdir().unwrap();
    let good = built_in_named("Arwen").unwrap().to_ron();
    let huge = format!("{good}{}", " ".repeat(MAX_FILE_BYTES as usize));
    // Each damage: the file, what in Arwen's preset is replaced and by what, the message.
    let edits = [
        (
            "broken.ron",
            "Edg: 91,",
            "Edg: 91",
            "line 12, column 9: Expected comma",
        ),
        (
            "wrong_type.ron",
            "Edg: 91",
            "Edg: \"high\"",
            "line 11, column",
        ),
        (
            "unknown_field.ron",
            "Edg: 91,",
            "Edg: 91, Speed: 3,",
            "field named `Speed`",
        ),
        ("missing_weight.ron", "        Edg: 91,\n", "", "Edg"),
        (
            "out_of_range.ron",
            "Edg: 91",
            "Edg: 5000000",
            "weight Edg is 5000000",
        ),
        (
            "too_big_for_i64.ron",
            "Edg: 91",
            "Edg: 99999999999999999999",
            "line 11",
        ),
        (
            "version.ron",
            "version: 1",
            "version: 7",
            "version 7 is not supported",
        ),
        (
            "bad_name.ron",
            "\"Arwen\"",
            "\"../evil\"",
            "may only hold letters",
        ),
    ];
    let mut cases: Vec<(&str, String, &str)> = (edits.iter())
        .map(|&(file, from, to, expected)| (file, good.replace(from, to), expected))
        .collect();
    cases.push(("empty.ron", String::new(), "the file is empty"));
    cases.push(("huge.ron", huge, "are refused"));
    let not_ron = "weights = [1, 2, 3]".to_string();
    cases.push(("not_ron.ron", not_ron, "line 1, column"));
    for (file, text, expected) in cases {
        let message = refusal(folder.path(), file, text.as_bytes(), Preset::load);
        assert!(
            message.contains(file) && message.contains(expected),
            "{file}: {message}"
        );
    }
}

#[test]
fn malformed_game_records_are_refused_with_the_file_and_the_place() {
    let folder = tempfile::tempdir().unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let game = random_game("6x6", 200, &mut rng);
    let good = game.to_record();
    let (red, _, _) = game.result().expect("200 random plies finish a 6×6 game");
    let (head, tail) = good.split_at(good.find("result:").unwrap());
    let one_more = tail.replacen(&format!("red: {red},"), &format!("red: {},", red + 1), 1);
    let wrong_result = format!("{head}{one_more}");
    let first_move = good
        .split("moves: [")
        .nth(1)
        .unwrap()
        .split('"')
        .nth(1)
        .unwrap()
        .to_string();
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "illegal_move.ron",
            good.replacen(&format!("\"{first_move}\""), "\"1-1\"", 1),
            "moves: move 1 (a1): not a legal move for Red",
        ),
        (
            "off_board.ron",
            good.replacen(&format!("\"{first_move}\""), "\"9-9\"", 1),
            "'9-9' is not a move on 6x6",
        ),
        (
            "bad_board.ron",
            good.replace("board: \"6x6\"", "board: \"7x7\""),
            "board: a 2D board needs an even side",
        ),
        (
            "wrong_result.ron",
            wrong_result,
            "result: the record says Red ",
        ),
        (
            "unknown_field.ron",
            good.replace("rules: Classic,", "rules: Classic, clock: 3,"),
            "Unexpected field named `clock`",
        ),
        (
            "bad_depth.ron",
            good.replace("depth: 3", "depth: 0"),
            "green: depth 0 is outside 1 to 64",
        ),
        (
            "bad_time.ron",
            good.replacen("started: \"", "started: \"yesterday ", 1),
            "started: 'yesterday",
        ),
        ("empty.ron", String::new(), "the file is empty"),
    ];
    for (file, text, expected) in cases {
        let message = refusal(folder.path(), file, text.as_bytes(), Game::load);
        assert!(
            message.contains(file) && message.contains(expected),
            "{file}: {message}"
        );
    }
}

#[test]
fn a_refused_import_changes_nothing_and_a_good_one_lands_atomically() {
    let folder = tempfile::tempdir().unwrap();
    let library = PresetLibrary::at(folder.path().join("presets"));
    let mut mine = built_in_named("Arwen").unwrap();
    mine.name = "Mine".to_string();
    let saved = library.save(&mine).unwrap();
    let before = fs::read_to_string(&saved).unwrap();
    let broken = folder.path().join("edited.ron");
    fs::write(
        &broken,
        mine.to_ron().replace("Edg: 91,", "Edg: ninety-one,"),
    )
    .unwrap();
    let error = library.import(&broken).unwrap_err().to_string();
    assert!(
        error.contains("edited.ron: line 11, column 13: Expected integer"),
        "{error}"
    );
    assert_eq!(fs::read_to_string(&saved).unwrap(), before);
    assert_eq!(fs::read_dir(library.folder()).unwrap().count(), 1);
    fs::write(&broken, mine.to_ron().replace("Edg: 91,", "Edg: 120,")).unwrap();
    let (imported, path) = library.import(&broken).unwrap();
    assert_eq!((imported.weights.0[5], path), (120, saved));
    assert_eq!(library.find("mine").unwrap().weights.0[5], 120);
    assert_eq!(
        library.find("Arwen"),
        built_in_named("Arwen"),
        "built-ins stay"
    );
}

/// Games set up from any position: one where the side to move must pass (the pass is the
/// first move), one that is already over, and one played on from an OBF line; each record
/// round-trips with its start, and a bad start is refused by field.
#[test]
fn games_from_any_position_round_trip() {
    use engine::obf::parse_obf;
    use engine::{Color, Setup};
    let shape: Shape = "4x4".parse().unwrap();
    // Red on a1 and b1 only, Green on c1: Green to move has no move; Red then plays d1.
    let blocked = Setup::start(shape)
        .cleared()
        .with_cell(0, Some(Color::Red))
        .with_cell(4, Some(Color::Red))
        .with_cell(8, Some(Color::Green))
        .with_to_move(Color::Green);
    let mut game = Game::from_setup(
        blocked.clone(),
        Rules::Classic,
        Player::Human,
        Player::Human,
    );
    let board = game.board();
    assert_eq!(
        (board.to_move, board.mover, board.over),
        (Color::Green, Color::Red, false)
    );
    assert_eq!(board.mover_moves, [12]);
    game.play(12).unwrap();
    assert_eq!(game.moves(), [Move::Pass, Move::Play(12)]);
    assert!(
        game.result().is_some(),
        "Red has every disc: the game is over"
    );
    let loaded = Game::from_record(&game.to_record()).unwrap();
    assert_eq!((loaded.start(), loaded.moves()), (&blocked, game.moves()));

    let over = Setup::start(shape)
        .cleared()
        .with_cell(5, Some(Color::Green));
    let finished = Game::from_setup(over, Rules::Classic, Player::Human, Player::Human);
    assert!(finished.board().over && finished.finished.is_some());
    assert!(finished.result().is_some());
    assert_eq!(
        Game::from_record(&finished.to_record()).unwrap().result(),
        finished.result()
    );

    let line =
        parse_obf("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X").unwrap();
    let mut ffo = Game::from_setup(
        line.setup.clone(),
        Rules::Classic,
        Player::Human,
        Player::Human,
    );
    ffo.play(8).unwrap();
    let text = ffo.to_record();
    assert!(text.contains("start: Some("), "{text}");
    let loaded = Game::from_record(&text).unwrap();
    assert_eq!((loaded.start(), loaded.moves()), (ffo.start(), ffo.moves()));
    let broken = text.replace("start: Some(\"", "start: Some(\"R");
    let error = Game::from_record(&broken).unwrap_err();
    assert!(
        error.starts_with("start: 8x8 has 64 cells but 65"),
        "{error}"
    );
    // Games from the start position keep their records as they were.
    let plain = Game::new(shape, Rules::Classic, Player::Human, Player::Human);
    assert!(!plain.to_record().contains("start: "));
}
