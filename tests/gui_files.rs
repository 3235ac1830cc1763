//! Files into the window without a system file dialog: the dialog drawn in the window, files
//! dropped on the window, and `--game` / `--position` at the start.

mod common;

use std::path::Path;

use common::workspace::{settings, step_until, workspace};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use engine::notation::parse_moves;
use engine::{Rules, Shape};
use lab::ai::Player;
use lab::game::Game;
use reversi3d::app::{LaunchArgs, ReversiApp, Seat};

/// A 6×6 game of four moves saved in `folder` as `name`.
fn saved_game(folder: &Path, name: &str) -> (Game, std::path::PathBuf) {
    let shape: Shape = "6x6".parse().unwrap();
    let mut game = Game::new(shape, Rules::Classic, Player::Human, Player::Human);
    for _ in 0..4 {
        game.play(game.board().legal[0]).unwrap();
    }
    let path = folder.join(name);
    game.save(&path).unwrap();
    (game, path)
}

fn human_workspace(board: &str) -> (Harness<'static, ReversiApp>, tempfile::TempDir) {
    let (mut harness, folder) = workspace(settings(board, Seat::human(), Seat::human()));
    harness.step();
    (harness, folder)
}

#[test]
fn the_dialog_in_the_window_opens_a_game() {
    let files = tempfile::tempdir().unwrap();
    let (game, path) = saved_game(files.path(), "game.ron");
    let mut chosen = settings("4x4", Seat::human(), Seat::human());
    chosen.window_file_dialogs = true;
    let (mut harness, _folder) = workspace(chosen);
    harness.step();
    harness.get_by_label("File").click();
    harness.run_steps(4);
    harness.get_by_label("Open game…").click();
    harness.step();
    harness.step();
    // The dialog's path field starts in the current folder; a file's path there opens it.
    let here = std::env::current_dir().unwrap().display().to_string();
    let path_field = |harness: &Harness<'static, ReversiApp>| {
        let is_input = |node: &egui_kittest::Node<'_>| {
            node.accesskit_node().role() == egui::accesskit::Role::TextInput
        };
        harness
            .get_all_by_value(&here)
            .find(is_input)
            .expect("the dialog's path field")
            .focus();
    };
    path_field(&harness);
    harness.step();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.step();
    harness.event(egui::Event::Text(path.to_str().unwrap().to_string()));
    harness.step();
    harness.key_press(egui::Key::Enter);
    step_until(&mut harness, |app| {
        app.session().game().moves() == game.moves()
    });
    assert_eq!(harness.state().session().board().shape, game.shape);
}

#[test]
fn dropped_files_open_as_their_menu_entries_would() {
    let files = tempfile::tempdir().unwrap();
    let (game, record) = saved_game(files.path(), "dropped.ron");
    let (mut harness, _folder) = human_workspace("4x4");
    let drop = |harness: &mut Harness<'static, ReversiApp>, path: &Path| {
        harness.state_mut().session_mut().open_dropped(path);
        harness.step();
    };
    drop(&mut harness, &record);
    assert_eq!(harness.state().session().game().moves(), game.moves());
    // A position text, and an 8×8 transcript, in plain files.
    let position = files.path().join("position.txt");
    std::fs::write(&position, "..../.GR./.RG./.... G\n").unwrap();
    drop(&mut harness, &position);
    let session = harness.state().session();
    assert_eq!(session.board().shape, "4x4".parse().unwrap());
    assert_eq!(session.board().to_move, engine::Color::Green);
    let transcript = files.path().join("opening.txt");
    std::fs::write(&transcript, "f5d6c3\n").unwrap();
    drop(&mut harness, &transcript);
    let eight: Shape = "8x8".parse().unwrap();
    let expected = parse_moves(eight, "f5 d6 c3").unwrap();
    assert_eq!(harness.state().session().game().moves(), &expected[..]);
    // A preset file is imported.
    let preset = files.path().join("Dropped.ron");
    let mut arwen = lab::players::preset::built_in()[0].clone();
    arwen.name = "Dropped".to_string();
    arwen.save(&preset).unwrap();
    drop(&mut harness, &preset);
    assert!(
        harness
            .state()
            .session()
            .roster
            .iter()
            .any(|p| p.name == "Dropped")
    );
    // A file in no format we read is refused by name, and changes nothing.
    let before = harness.state().session().game().moves().to_vec();
    let junk = files.path().join("junk.ron");
    std::fs::write(&junk, "(hello: 1)").unwrap();
    drop(&mut harness, &junk);
    let notice = harness.state().session().notice.clone().unwrap();
    assert!(
        notice.contains("junk.ron") && notice.contains("neither a game record"),
        "{notice}"
    );
    assert_eq!(harness.state().session().game().moves(), &before[..]);
    drop(&mut harness, files.path());
    let notice = harness.state().session().notice.clone().unwrap();
    assert!(notice.contains("without a run's checkpoint"), "{notice}");
}

#[test]
fn the_window_starts_from_a_game_file_or_a_position() {
    let files = tempfile::tempdir().unwrap();
    let (game, record) = saved_game(files.path(), "start.ron");
    let (mut harness, _folder) = human_workspace("4x4");
    let args = LaunchArgs {
        game: Some(record),
        ..LaunchArgs::default()
    };
    harness.state_mut().launch(&args).unwrap();
    harness.step();
    assert_eq!(harness.state().session().game().moves(), game.moves());
    let obf = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
    let args = LaunchArgs {
        position: Some(obf.to_string()),
        ..LaunchArgs::default()
    };
    harness.state_mut().launch(&args).unwrap();
    harness.step();
    assert_eq!(
        harness.state().session().board().shape,
        "8x8".parse().unwrap()
    );
    let refused = LaunchArgs {
        position: Some("not a position".to_string()),
        ..LaunchArgs::default()
    };
    let error = harness
        .state_mut()
        .launch(&refused)
        .unwrap_err()
        .to_string();
    assert!(error.contains("--position"), "{error}");
}

#[test]
fn importing_over_a_preset_of_yours_asks_first() {
    let files = tempfile::tempdir().unwrap();
    let (mut harness, _folder) = human_workspace("4x4");
    let mut mine = lab::players::preset::built_in()[0].clone();
    mine.name = "Mine".to_string();
    let first = files.path().join("first.ron");
    mine.save(&first).unwrap();
    harness.state_mut().session_mut().import_preset(&first);
    harness.step();
    assert!(
        harness.state().session().pending_import().is_none(),
        "nothing to replace"
    );
    let weights_of = |harness: &Harness<'static, ReversiApp>| {
        let roster = &harness.state().session().roster;
        roster.iter().find(|p| p.name == "Mine").unwrap().weights
    };
    let original = weights_of(&harness);
    let mut changed = mine.clone();
    changed.weights.0[0] += 7;
    let second = files.path().join("second.ron");
    changed.save(&second).unwrap();
    for (answer, kept) in [("Keep mine", true), ("Replace", false)] {
        harness.state_mut().session_mut().import_preset(&second);
        harness.step();
        harness.step();
        assert!(harness.state().session().pending_import().is_some());
        assert!(
            harness.query_by_label("Keep mine").is_some(),
            "the question is asked"
        );
        harness.get_by_label(answer).click();
        harness.step();
        assert!(harness.state().session().pending_import().is_none());
        assert_eq!(weights_of(&harness) == original, kept, "{answer}");
    }
}
