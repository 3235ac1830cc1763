//! Judging in the workspace, headless with egui_kittest: pasting, the board editor, the Compare
//! panel against the reference, and the review whose eval graph leads back into the History.

mod common;

use common::workspace::{click_tab, settings, step_until, type_key, workspace, workspace_with};
use egui_kittest::kittest::Queryable;
use engine::notation::parse_cell;
use engine::{Color, Rules, Setup};
use lab::ai::Player;
use lab::ai::reference::ScoreUnit;
use lab::game::Game;
use reversi3d::app::{Colouring, Forms, Mark, ReferenceMode, Seat};

/// A game on `board` of up to `plies` moves, each the middle of the legal moves.
fn middle_moves_game(board: &str, plies: usize) -> Game {
    let mut game = Game::new(
        board.parse().unwrap(),
        Rules::Classic,
        Player::Human,
        Player::Human,
    );
    while !game.board().over && game.moves().len() < plies {
        let moves = game.board().mover_moves;
        game.play(moves[moves.len() / 2]).unwrap();
    }
    game
}

#[test]
fn pasted_moves_and_positions_become_the_game_and_bad_text_changes_nothing() {
    let (mut harness, _folder) = workspace(settings("6x6", Seat::human(), Seat::human()));
    harness.step();
    let played = middle_moves_game("6x6", 3);
    harness.event(egui::Event::Paste(played.moves_text()));
    harness.step();
    let session = harness.state().session();
    assert_eq!(
        session.game().moves(),
        played.moves(),
        "{:?}",
        session.notice
    );
    assert!(!session.is_playing(), "a pasted game waits for Play");

    harness.event(egui::Event::Paste("not a position at all".to_string()));
    harness.step();
    let session = harness.state().session();
    assert_eq!(
        session.game().moves().len(),
        3,
        "refused text changes nothing"
    );
    let notice = session.notice.clone().unwrap_or_default();
    assert!(
        notice.contains("paste") && notice.contains("OBF") && notice.contains("move list"),
        "{notice}"
    );

    // FFO #40 (Edax's problem/fforum-40-59.obf): an 8×8 position with Red (X) to move.
    let ffo40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
    harness.event(egui::Event::Paste(ffo40.to_string()));
    harness.step();
    let session = harness.state().session();
    assert_eq!(session.board().shape.to_string(), "8x8");
    assert_eq!(session.game().start().empties(), 20);
    assert_eq!(session.board().mover, Color::Red);
    assert_eq!(
        session
            .copy_text(reversi3d::app::CopyKind::Obf)
            .expect("OBF on 8x8"),
        ffo40
    );
}

#[test]
fn the_board_editor_sets_up_a_position_and_the_game_starts_there() {
    let (mut harness, _folder) = workspace(settings("4x4", Seat::human(), Seat::human()));
    harness.step();
    type_key(&mut harness, "e");
    assert!(harness.state().session().is_editing());
    harness.get_by_label("Clear").click();
    harness.step();
    // One click makes a cell Red, two make it Green.
    for (label, clicks) in [("board a1", 1), ("board b1", 2), ("board c1", 2)] {
        for _ in 0..clicks {
            harness.get_by_label(label).click();
            harness.step();
        }
    }
    harness.get_by_label("Green to move").click();
    harness.step();
    let start = harness.state().session().game().start().clone();
    let shape = "4x4".parse().unwrap();
    let cell = |name: &str| parse_cell(shape, name).unwrap();
    let expected = Setup::start(shape)
        .cleared()
        .with_cell(cell("1-1"), Some(Color::Red))
        .with_cell(cell("2-1"), Some(Color::Green))
        .with_cell(cell("3-1"), Some(Color::Green))
        .with_to_move(Color::Green);
    assert_eq!(start, expected);
    type_key(&mut harness, "e");
    let session = harness.state().session();
    assert!(!session.is_editing() && session.is_playing());
    // Green has no move (no Red disc lies between an empty cell and a Green disc): Green
    // passes and Red, who can take d1, moves first.
    assert!(session.game().moves().is_empty());
    assert_eq!(session.board().to_move, Color::Green);
    assert_eq!(session.board().mover, Color::Red);
    assert_eq!(session.board().mover_moves, vec![cell("4-1")]);
}

#[test]
fn the_compare_panel_scores_every_move_for_each_contestant_and_the_reference() {
    let settings = settings("4x4", Seat::human(), Seat::human());
    let mut forms = Forms::default();
    forms.judge.mode = ReferenceMode::Depth;
    forms.judge.depth = 4;
    forms.judge.colouring = Colouring::Reference;
    let (mut harness, _folder) = workspace_with(settings, forms);
    harness.step();
    harness.get_by_label("Compare").click();
    step_until(&mut harness, |app| {
        app.session()
            .judgement()
            .is_some_and(|judgement| judgement.is_complete())
    });
    let session = harness.state().session();
    let judgement = session.judgement().expect("the position is judged");
    let legal = session.board().mover_moves.len();
    assert_eq!(judgement.analyses.len(), 2);
    for analysis in judgement.analyses.iter().flatten() {
        assert_eq!(analysis.moves.len(), legal);
    }
    let reference = judgement
        .reference
        .as_ref()
        .expect("the reference finished");
    assert_eq!(reference.moves.len(), legal);
    assert!(reference.exact, "4x4 from the start is solved at once");
    harness.get_by_label("1. Hamfast d4");
    // An exact reference is in discs: the heading names the unit once, the rows give numbers.
    harness.get_by_label("Loss\n(discs)");
    assert!(harness.query_by_label("0 discs").is_none());
    // The reference colours every legal move, its best at the top of the scale.
    let marks = session.judge_marks();
    assert_eq!(marks.len(), legal);
    for (cell, mark) in marks {
        if reference.best_moves().contains(&cell) {
            assert_eq!(mark, Mark::Score(1.0));
        }
    }
}

#[test]
fn a_review_plots_the_game_and_a_click_on_the_eval_graph_goes_to_that_move() {
    let settings = settings("4x4", Seat::human(), Seat::human());
    let mut forms = Forms::default();
    forms.judge.mode = ReferenceMode::Depth;
    forms.judge.depth = 2;
    let (mut harness, _folder) = workspace_with(settings, forms);
    harness.step();
    let game = middle_moves_game("4x4", usize::MAX);
    harness
        .state_mut()
        .session_mut()
        .restore_game(game, "the test");
    harness.get_by_label("Review").click();
    harness.step();
    harness.get_by_label("Review game").click();
    step_until(&mut harness, |app| {
        app.session().reviewed().is_some_and(|r| r.review.is_some())
    });
    let plies = harness.state().session().game().moves().len();
    assert_eq!(harness.state().session().game().cursor(), plies);
    let review = harness
        .state()
        .session()
        .reviewed()
        .unwrap()
        .review
        .clone()
        .unwrap();
    assert_eq!(review.red_values.len(), plies + 1);
    harness.get_by_label("Loss chart");
    harness.get_by_label("Eval graph").click();
    harness.step();
    let cursor = harness.state().session().game().cursor();
    assert!(
        cursor > 0 && cursor < plies,
        "the middle of the graph is the middle of the game, not move {cursor} of {plies}"
    );
}

#[test]
fn the_compare_panel_judges_the_contestants_over_sampled_positions() {
    let settings = settings("4x4", Seat::human(), Seat::human());
    let mut forms = Forms::default();
    forms.judge.mode = ReferenceMode::Depth;
    forms.judge.depth = 3;
    forms.judge.positions = 6;
    let (mut harness, _folder) = workspace_with(settings, forms);
    harness.step();
    harness.get_by_label("Compare").click();
    harness.step();
    harness.get_by_label("Over many positions").click();
    harness.step();
    harness.get_by_label("Compare over positions").click();
    step_until(&mut harness, |app| {
        let series = app.session().judge().series();
        !series.is_running() && series.series().is_some_and(|s| s.ended)
    });
    let series = harness
        .state()
        .session()
        .judge()
        .series()
        .series()
        .cloned()
        .unwrap();
    assert_eq!((series.total, series.compared.len()), (Some(6), 6));
    let report = series.report();
    assert!(report.overall.iter().all(|player| player.positions == 6));
}

#[test]
fn an_edited_position_without_moves_for_either_side_is_a_finished_game() {
    let (mut harness, _folder) = workspace(settings("4x4", Seat::human(), Seat::human()));
    harness.step();
    type_key(&mut harness, "e");
    harness.get_by_label("Clear").click();
    harness.step();
    harness.get_by_label("board b2").click();
    harness.step();
    type_key(&mut harness, "e");
    let session = harness.state().session();
    assert!(session.board().over, "one disc: nobody can move");
    assert!(
        session.status().contains("game over: Red wins"),
        "{}",
        session.status()
    );
    assert_eq!(session.game().result().map(|r| (r.0, r.1)), Some((1, 0)));
}

#[test]
fn a_pattern_players_values_are_recorded_and_drawn_in_discs() {
    let seats = (Seat::ai("Lobelia", 2), Seat::ai("Hamfast", 2));
    let (mut harness, _folder) = workspace(settings("8x8", seats.0, seats.1));
    step_until(&mut harness, |app| app.session().costs().len() >= 2);
    let costs = harness.state().session().costs().to_vec();
    assert_eq!(
        costs[0].unit,
        ScoreUnit::Discs,
        "Lobelia searches 8x8 by her patterns"
    );
    assert_eq!(costs[1].unit, ScoreUnit::Eval, "Hamfast by nine weights");
    let value = costs[0].red_value.expect("the move was scored");
    assert!(value.abs() < 64 * 32, "a value in 32nds of a disc: {value}");
    click_tab(&harness, "Review");
    harness.step();
    harness.step();
    assert!(
        harness
            .query_by_label_contains("a disc is drawn as")
            .is_some(),
        "values in both units are drawn on one scale, and the graph says how"
    );
}
