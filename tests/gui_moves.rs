//! Playing through the workspace headless (egui_kittest): undo and redo, the history keys,
//! Othello notation in the lists, History colours, every legal move listed with symmetry on,
//! and a finished game that stops.

mod common;

use common::workspace::{cell_label, click_tab, settings, step_until, type_key, workspace};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use engine::Color;
use engine::notation::Move;
use reversi3d::app::{ReversiApp, Seat};

/// Presses `key` with `modifiers` and draws a frame.
fn press(harness: &mut Harness<'static, ReversiApp>, key: egui::Key, modifiers: egui::Modifiers) {
    harness.event(egui::Event::Key {
        key,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers,
    });
    harness.step();
}

/// Clicks the first legal move `count` times.
fn play_first_moves(harness: &mut Harness<'static, ReversiApp>, count: usize) {
    for _ in 0..count {
        let cell = harness.state().session().board().mover_moves[0];
        let label = cell_label(harness.state(), cell);
        harness.get_by_label(&label).click();
        harness.step();
    }
}

#[test]
fn ctrl_z_takes_back_moves_and_ctrl_y_plays_them_again() {
    let (mut harness, _folder) = workspace(settings("4x4", Seat::human(), Seat::human()));
    harness.step();
    play_first_moves(&mut harness, 3);
    let played = harness.state().session().game().moves().to_vec();
    let ctrl = egui::Modifiers::COMMAND;
    press(&mut harness, egui::Key::Z, ctrl);
    press(&mut harness, egui::Key::Z, ctrl);
    let game = harness.state().session().game();
    assert_eq!(game.moves(), &played[..1], "two moves taken back");
    press(&mut harness, egui::Key::Y, ctrl);
    assert_eq!(harness.state().session().game().moves(), &played[..2]);
    press(&mut harness, egui::Key::Z, ctrl | egui::Modifiers::SHIFT);
    assert_eq!(
        harness.state().session().game().moves(),
        &played[..3],
        "Ctrl+Shift+Z redoes"
    );
    // A new move after an undo starts a new line: nothing is left to redo.
    press(&mut harness, egui::Key::Z, ctrl);
    let other = harness
        .state()
        .session()
        .board()
        .mover_moves
        .last()
        .copied()
        .unwrap();
    let label = cell_label(harness.state(), other);
    harness.get_by_label(&label).click();
    harness.step();
    assert!(!harness.state().session().can_redo());
}

#[test]
fn a_key_that_starts_a_new_game_can_be_undone() {
    let (mut harness, _folder) = workspace(settings("6x6", Seat::human(), Seat::human()));
    harness.step();
    play_first_moves(&mut harness, 4);
    let played = harness.state().session().game().moves().to_vec();
    for key in ["4", "2", "r"] {
        type_key(&mut harness, key);
        press(&mut harness, egui::Key::Z, egui::Modifiers::COMMAND);
        let session = harness.state().session();
        assert_eq!(session.board().shape, "6x6".parse().unwrap(), "after {key}");
        assert_eq!(session.game().moves(), &played[..], "after {key}");
        assert!(!session.is_playing(), "an undone game comes back stopped");
    }
}

#[test]
fn arrows_step_through_the_history_and_home_and_end_jump() {
    let (mut harness, _folder) = workspace(settings("4x4", Seat::human(), Seat::human()));
    harness.step();
    play_first_moves(&mut harness, 4);
    let none = egui::Modifiers::NONE;
    let cursor = |harness: &Harness<'static, ReversiApp>| harness.state().session().game().cursor();
    press(&mut harness, egui::Key::ArrowLeft, none);
    assert_eq!(cursor(&harness), 3);
    let fourth = harness.state().session().game().moves()[3];
    assert_eq!(
        harness.state().session().played_next().map(Move::Play),
        Some(fourth),
        "the move the game went on with is marked"
    );
    press(&mut harness, egui::Key::Home, none);
    assert_eq!(cursor(&harness), 0);
    press(&mut harness, egui::Key::ArrowRight, none);
    assert_eq!(cursor(&harness), 1);
    press(&mut harness, egui::Key::End, none);
    assert_eq!(cursor(&harness), 4);
    assert_eq!(
        harness.state().session().game().moves().len(),
        4,
        "stepping drops nothing"
    );
}

#[test]
fn square_boards_speak_othello_notation_in_every_list_and_x_y_on_request() {
    let (mut harness, _folder) = workspace(settings("8x8", Seat::human(), Seat::human()));
    harness.step();
    harness.get_by_label("board f5").click();
    harness.step();
    let session = harness.state().session();
    let f5 = engine::notation::parse_cell(session.board().shape, "f5").unwrap();
    assert_eq!(session.game().moves(), &[Move::Play(f5)]);
    assert!(session.log.lines().any(|l| l.text == "1. Red plays f5"));
    harness.get_by_label("History").click();
    harness.step();
    harness.step();
    assert!(
        harness.query_by_label("   1. f5").is_some(),
        "History in c4 notation"
    );
    // The Moves panel lists Green's answers by their squares once the live analysis is in.
    click_tab(&harness, "Moves");
    step_until(&mut harness, |app| app.session().shown().is_some());
    let listed = |harness: &Harness<'static, ReversiApp>, name: &str| {
        harness.query_all_by_label(name).count() > 0
    };
    assert!(listed(&harness, "f6"), "Moves in c4 notation");
    // The seed's notation is a View option.
    harness
        .state_mut()
        .session_mut()
        .set_notation(engine::notation::Notation::Numbers);
    harness.step();
    harness.step();
    assert!(harness.query_by_label("board 6-5").is_some());
    assert!(listed(&harness, "6-6"), "Moves in x-y");
    harness.get_by_label("History").click();
    harness.step();
    harness.step();
    assert!(
        harness.query_by_label("   1. 6-5").is_some(),
        "History in x-y"
    );
}

#[test]
fn history_colours_follow_who_played_from_an_edited_start() {
    let (mut harness, _folder) = workspace(settings("6x6", Seat::human(), Seat::human()));
    harness.step();
    let shape: engine::Shape = "6x6".parse().unwrap();
    let start = engine::Setup::start(shape);
    let green_first = engine::Setup::new(shape, start.red(), start.green(), Color::Green).unwrap();
    let game = lab::game::Game::from_setup(
        green_first,
        engine::Rules::Classic,
        lab::ai::Player::Human,
        lab::ai::Player::Human,
    );
    harness
        .state_mut()
        .session_mut()
        .restore_game(game, "a test");
    play_first_moves(&mut harness, 2);
    let game = harness.state().session().game();
    assert_eq!(game.mover_of_move(0), Color::Green);
    assert_eq!(game.mover_of_move(1), Color::Red);
}

#[test]
fn with_symmetry_on_the_moves_panel_lists_every_legal_move_and_marks_the_equivalent_ones() {
    for (board, legal) in [("8x8", 4), ("6x6x6", 16)] {
        let mut chosen = settings(board, Seat::human(), Seat::human());
        chosen.symmetry = true;
        chosen.analysis_depth = 2;
        let (mut harness, _folder) = workspace(chosen);
        harness.step();
        click_tab(&harness, "Moves");
        step_until(&mut harness, |app| {
            app.session().shown().is_some_and(|s| s.analysis.finished)
        });
        let session = harness.state().session();
        assert_eq!(session.board().mover_moves.len(), legal, "{board}");
        let scored = session.shown().unwrap().analysis.moves.clone();
        assert!(
            scored.len() < legal,
            "{board}: the search scored one move per class"
        );
        let marked: usize = scored
            .iter()
            .map(|m| {
                let label = format!("as {}", session.cell_name(m.cell));
                harness.query_all_by_label(&label).count()
            })
            .sum();
        assert_eq!(
            scored.len() + marked,
            legal,
            "{board}: every legal move is listed"
        );
        // The boards' and the 3D view's tooltips give every legal move's score too.
        for &cell in &session.board().mover_moves {
            let summary = session.cell_summary(cell);
            assert!(summary.contains(" · score "), "{board}: {summary}");
        }
    }
}

#[test]
fn a_game_that_ends_stops_and_play_is_offered_no_more() {
    let players = settings("4x4", Seat::ai("Arwen", 1), Seat::ai("Bilbo", 1));
    let (mut harness, _folder) = workspace(players);
    harness.step();
    if !harness.state().session().is_playing() {
        harness.get_by_label("Play").click();
    }
    step_until(&mut harness, |app| app.session().board().over);
    let session = harness.state().session();
    assert!(!session.is_playing(), "a finished game is not running");
    assert!(session.status().contains("wins") || session.status().contains("draw"));
    assert!(
        harness.query_by_label("Stop").is_none(),
        "no Stop button after the end"
    );
}

#[test]
fn a_deep_analysis_between_its_depths_reads_searching_deeper_and_done_at_the_end() {
    let deep = reversi3d::app::Settings {
        analysis_depth: 30,
        ..settings("6x6x6", Seat::human(), Seat::human())
    };
    let (mut harness, _folder) = workspace(deep);
    let reached =
        |app: &ReversiApp| (app.session().shown()).is_some_and(|shown| shown.analysis.depth >= 2);
    step_until(&mut harness, reached);
    harness.step();
    assert!(harness.state().session().is_shown_searching());
    harness.get_by_label_contains("searching deeper…");
    assert!(harness.query_by_label_contains("· done").is_none());
    // At a depth it reaches, the analysis ends and says so.
    let (mut harness, _folder) = workspace(settings("4x4", Seat::human(), Seat::human()));
    let ended =
        |app: &ReversiApp| app.session().shown().is_some() && !app.session().is_shown_searching();
    step_until(&mut harness, ended);
    harness.step();
    harness.get_by_label_contains("· done");
}
