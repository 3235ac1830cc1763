//! The workspace driven headless with egui_kittest (no GL): playing by clicking cross-section
//! cells against an AI, editing weights, keys, and continuing a game from its history.

mod common;

use common::workspace::{
    app_in, cell_label, settings, step_until, type_key, workspace, workspace_with,
};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable};
use engine::Color;
use engine::notation::{Move, format_cell};
use reversi3d::app::{EvolutionRequest, Forms, ReversiApp, Seat};

fn play_against_ai(board: &str) {
    let (mut harness, _folder) = workspace(settings(board, Seat::human(), Seat::ai("Arwen", 2)));
    harness.step();
    // A cube opens on the 3D view (no GL here): play on the cross-sections.
    harness.get_by_label("Cross-sections").click();
    harness.step();
    let cell = harness.state().session().board().mover_moves[0];
    // Show the slice that holds the cell (the XY board shows z = slices[2]).
    let z = harness.state().session().board().shape.coords(cell)[2];
    harness.state_mut().view_mut().slices[2] = z;
    harness.step();
    let label = cell_label(harness.state(), cell);
    harness.get_by_label(&label).click();
    step_until(&mut harness, |app| app.session().game().moves().len() >= 2);
    let session = harness.state().session();
    assert_eq!(session.game().moves()[0], Move::Play(cell));
    assert!(matches!(session.game().moves()[1], Move::Play(_)));
    assert_eq!(session.board().mover, Color::Red, "the human's turn again");
    assert!(
        session
            .log
            .lines()
            .any(|l| l.text.starts_with("2. Green plays")),
        "the AI's move is logged"
    );
}

#[test]
fn a_click_on_the_4x4_board_plays_and_the_ai_answers() {
    play_against_ai("4x4");
}

#[test]
fn a_click_on_a_6x6x6_cross_section_plays_and_the_ai_answers() {
    play_against_ai("6x6x6");
}

#[test]
fn an_illegal_click_is_refused_with_a_message() {
    let (mut harness, _folder) = workspace(settings("4x4", Seat::human(), Seat::human()));
    harness.step();
    // A corner is never legal at the start of a 4×4 game.
    harness.get_by_label("board a1").click();
    harness.step();
    let session = harness.state().session();
    assert!(session.game().moves().is_empty());
    let notice = session.notice.clone().expect("a message");
    assert!(notice.contains("a1 is not a legal move"), "{notice}");
}

#[test]
fn editing_a_weight_changes_it_and_def_restores_it() {
    let (mut harness, _folder) = workspace(settings("6x6x6", Seat::human(), Seat::human()));
    harness.step();
    let original = harness.state().session().weights_preset().weights;
    harness
        .query(corner_field())
        .expect("the Cor field")
        .set_value_accesskit(777.0);
    harness.step();
    harness.step();
    let edited = harness.state().session().weights_preset().weights;
    assert_eq!(edited.0[2], 777, "the weight changed");
    let shown = harness
        .query(corner_field())
        .expect("the Cor field")
        .value();
    assert_eq!(
        shown.as_deref(),
        Some("777"),
        "the field shows the new value"
    );
    assert!(harness.state().session().has_unsaved_weights());
    harness.get_by_label("Def").click();
    harness.step();
    harness.step();
    assert_eq!(harness.state().session().weights_preset().weights, original);
    let shown = harness
        .query(corner_field())
        .expect("the Cor field")
        .value();
    assert_eq!(shown, Some(original.0[2].to_string()));
}

/// The Weights panel's field of the corner weight.
fn corner_field() -> By<'static> {
    By::new()
        .label("Cor")
        .role(egui::accesskit::Role::SpinButton)
}

#[test]
fn keys_toggle_what_they_should() {
    let (mut harness, _folder) = workspace(settings("6x6x6", Seat::human(), Seat::human()));
    harness.step();
    let before = harness.state().session().settings().clone();
    let view_before = harness.state().view().clone();
    type_key(&mut harness, "c");
    assert!(harness.state().view().categories);
    type_key(&mut harness, "v");
    let now = harness.state().view();
    assert!(now.values && !now.categories, "values replace categories");
    type_key(&mut harness, "m");
    assert_eq!(
        harness.state().session().settings().live_moves,
        !before.live_moves
    );
    type_key(&mut harness, "a");
    assert_eq!(harness.state().view().grid, view_before.grid.next());
    type_key(&mut harness, "B");
    assert!(harness.state().view().ball_size > view_before.ball_size);
    type_key(&mut harness, "p");
    assert!(!harness.state().session().is_playing());
    type_key(&mut harness, "2");
    assert_eq!(harness.state().session().board().shape.to_string(), "6x6");
    type_key(&mut harness, "8");
    assert_eq!(harness.state().session().board().shape.to_string(), "8x8");
    type_key(&mut harness, ".");
    harness.step();
    assert!(harness.state().session().show_help);
    assert!(
        harness.query_by_label("this help").is_some(),
        "the help lists the keys"
    );
    harness.key_press(egui::Key::Escape);
    harness.step();
    assert!(!harness.state().session().show_help);
}

#[test]
fn keys_are_ignored_while_a_text_field_has_focus() {
    let (mut harness, _folder) = workspace(settings("6x6x6", Seat::human(), Seat::human()));
    harness.step();
    harness
        .query(corner_field())
        .expect("the Cor field")
        .focus();
    harness.step();
    type_key(&mut harness, "c");
    assert!(!harness.state().view().categories);
}

#[test]
fn going_back_in_the_history_and_playing_continues_from_there() {
    let (mut harness, _folder) = workspace(settings("4x4", Seat::human(), Seat::human()));
    harness.step();
    for _ in 0..3 {
        let cell = harness.state().session().board().mover_moves[0];
        let label = cell_label(harness.state(), cell);
        harness.get_by_label(&label).click();
        harness.step();
    }
    let played = harness.state().session().game().moves().to_vec();
    assert_eq!(played.len(), 3);
    // The first entry of the History list (its tab is behind Weights at the start).
    harness.get_by_label("History").click();
    harness.step();
    harness.step();
    let first = format!("   1. {}", move_name(harness.state(), played[0]));
    harness.get_by_label(&first).click();
    harness.step();
    harness.step();
    let session = harness.state().session();
    assert_eq!(session.game().cursor(), 1);
    assert!(!session.is_playing(), "going back stops the game");
    harness
        .state_mut()
        .session_mut()
        .set_seat(Color::Green, Seat::ai("Bilbo", 1));
    harness.get_by_label("Play").click();
    step_until(&mut harness, |app| app.session().game().cursor() == 2);
    let session = harness.state().session();
    assert_eq!(session.game().moves().len(), 2, "later moves were dropped");
    assert_eq!(session.game().moves()[0], played[0]);
    assert_eq!(session.board().mover, Color::Red);
}

fn move_name(app: &ReversiApp, entry: Move) -> String {
    match entry {
        Move::Play(cell) => format_cell(app.session().board().shape, cell),
        Move::Pass => "pass".to_string(),
    }
}

#[test]
fn a_cube_opens_on_the_3d_view_whose_controls_work_without_gl() {
    let (mut harness, _folder) = workspace(settings("6x6x6", Seat::human(), Seat::human()));
    harness.step();
    assert!(
        harness.query_by_label("Reset view").is_some(),
        "the 3D view is in front"
    );
    assert!(harness.state().view().rotate, "it turns at the start");
    harness.get_by_label("Infinity").click();
    harness.step();
    assert!(harness.state().view().orthographic);
    type_key(&mut harness, "w");
    assert!(!harness.state().view().rotate);
    // Clicks around the middle of the view land on the start discs or their hints: each one
    // either plays or says why not.
    harness.get_by_label("Reset view").click();
    harness.step();
    let view = harness.get_by_label("3D view of the cube").rect();
    let centre = view.center();
    let mut picked = 0;
    for dx in [-40.0, 0.0, 40.0] {
        for dy in [-40.0, 0.0, 40.0] {
            harness.state_mut().session_mut().notice = None;
            let at = centre + egui::vec2(dx, dy);
            let moves = harness.state().session().game().moves().len();
            harness.event(egui::Event::PointerMoved(at));
            for pressed in [true, false] {
                harness.event(egui::Event::PointerButton {
                    pos: at,
                    button: egui::PointerButton::Primary,
                    pressed,
                    modifiers: egui::Modifiers::NONE,
                });
                harness.step();
            }
            let session = harness.state().session();
            let played = session.game().moves().len() > moves;
            picked += usize::from(played || session.notice.is_some());
        }
    }
    assert!(picked > 0, "no click picked a ball");
    type_key(&mut harness, "2");
    harness.step();
    assert!(
        harness.query_by_label("board a1").is_some(),
        "a flat board brings the cross-sections to the front"
    );
}

fn tiny_contest() -> reversi3d::app::ContestForm {
    reversi3d::app::ContestForm {
        board: "4x4".parse().expect("a valid board"),
        depth: 1,
        openings: 2,
        workers: 2,
        ..Default::default()
    }
}

#[test]
fn a_tiny_tournament_runs_to_its_crosstable_and_a_game_replays_in_the_history() {
    let settings = settings("6x6", Seat::human(), Seat::human());
    let mut forms = Forms::default();
    forms.tournament.players = ["Arwen", "Bilbo", "Jolly"].map(String::from).to_vec();
    forms.tournament.games = 2;
    forms.tournament.contest = tiny_contest();
    let (mut harness, folder) = workspace_with(settings, forms);
    harness.step();
    harness.get_by_label("Tournament").click();
    harness.step();
    harness.step();
    harness.get_by_label("Run").click();
    step_until(&mut harness, |app| {
        app.session()
            .tournament()
            .view()
            .is_some_and(|live| live.ended)
    });
    let live = harness.state().session().tournament().view().unwrap();
    assert_eq!(live.table.games(), 6);
    assert_eq!(live.result.games.len(), 6);
    for i in 0..3 {
        assert_eq!(live.table.total(i).games(), 4);
    }
    // The crosstable shows every pair's record, and the standings every player.
    let record = live.table.pair(0, 1);
    let cell = format!("{}-{}-{}", record.wins, record.draws, record.losses);
    assert!(harness.query_all_by_label(&cell).count() >= 1, "{cell}");
    harness.get_by_label("Standings");
    harness.get_by_label("Crosstable");
    // Every game was written as it ended, and the report when the run ended.
    let runs = folder.path().join("runs");
    let files: Vec<String> = std::fs::read_dir(&runs)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(files.len(), 2, "{files:?}");
    assert!(
        harness
            .state()
            .session()
            .log
            .lines()
            .any(|l| l.text.contains("report in"))
    );
    // Replay a game in the History panel.
    let expected = live.result.games[0].game.moves.clone();
    harness.get_by_label("Games (6)").click();
    harness.step();
    harness.get_all_by_label("Replay").next().unwrap().click();
    harness.step();
    harness.step();
    let session = harness.state().session();
    assert_eq!(session.game().moves(), &expected[..]);
    assert_eq!(session.board().shape.to_string(), "4x4");
}

#[test]
fn a_tiny_evolution_plots_stops_resumes_and_is_offered_again_after_a_restart() {
    let mut settings = settings("6x6", Seat::human(), Seat::human());
    settings.weights_player = "Jolly".to_string();
    // The run of tests/evolution.rs that crowns a champion within 12 generations.
    let mut forms = Forms::default();
    forms.evolution.games = 2;
    forms.evolution.mutation = 30;
    forms.evolution.generations = 100_000;
    forms.evolution.contest = reversi3d::app::ContestForm {
        board: "6x6".parse().expect("a valid board"),
        openings: 2,
        seed: 4,
        ..tiny_contest()
    };
    let (mut harness, folder) = workspace_with(settings, forms);
    harness.step();
    harness.get_by_label("Evolution").click();
    harness.step();
    harness.step();
    harness.get_by_label("Start").click();
    let generations = |app: &ReversiApp| {
        app.session()
            .evolution()
            .view()
            .map_or(0, |view| view.state.history.len())
    };
    step_until(&mut harness, |app| generations(app) >= 1);
    ask_evolution(&mut harness, EvolutionRequest::Stop);
    step_until(&mut harness, |app| !app.session().evolution().is_running());
    let stopped_at = generations(harness.state());
    assert!(stopped_at >= 1);
    let run_folder = harness
        .state()
        .session()
        .forms()
        .evolution
        .folder
        .clone()
        .unwrap();
    assert!(run_folder.starts_with(folder.path().join("runs")));
    assert!(run_folder.join("checkpoint.ron").exists());

    harness.get_by_label("Resume").click();
    step_until(&mut harness, |app| generations(app) > stopped_at);
    ask_evolution(&mut harness, EvolutionRequest::Stop);
    step_until(&mut harness, |app| !app.session().evolution().is_running());

    // Run on until a champion is crowned, then make it a player.
    harness.get_by_label("Resume").click();
    step_until(&mut harness, |app| {
        app.session()
            .evolution()
            .view()
            .is_some_and(|view| !view.state.champions.is_empty())
    });
    ask_evolution(&mut harness, EvolutionRequest::Stop);
    step_until(&mut harness, |app| !app.session().evolution().is_running());
    let champion = harness
        .state()
        .session()
        .evolution()
        .view()
        .unwrap()
        .state
        .champions[0]
        .clone();
    // (The champions table is below the charts, out of this window's view.)
    ask_evolution(&mut harness, EvolutionRequest::UseChampion(0));
    harness.step();
    let session = harness.state().session();
    assert_eq!(session.settings().weights_player, champion.name);
    assert_eq!(session.weights_preset().weights, champion.weights);
    let presets = folder.path().join("presets");
    assert!(
        std::fs::read_dir(&presets).unwrap().count() >= 1,
        "kept in the user's presets"
    );

    // A new window with the same settings offers the run again, with its history.
    let session = harness.state().session();
    let (settings, forms) = (session.settings().clone(), session.forms().clone());
    let reopened = app_in(folder.path(), settings, forms);
    let view = reopened
        .session()
        .evolution()
        .view()
        .expect("the last run is shown");
    assert!(
        view.status.contains("Resume continues it"),
        "{}",
        view.status
    );
    assert!(view.state.history.len() > stopped_at);
}

/// Steps the workspace until a label containing `text` shows (at most about ten seconds).
fn step_until_label(harness: &mut Harness<'static, ReversiApp>, text: &str) {
    for _ in 0..1000 {
        harness.step();
        if harness.query_by_label_contains(text).is_some() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("no label containing {text:?}");
}

#[test]
fn solve_gives_the_exact_result_and_is_forgotten_when_the_position_changes() {
    let (mut harness, _folder) = workspace(settings("4x4", Seat::human(), Seat::human()));
    harness.step();
    harness.get_by_label("Analysis").click();
    harness.step();
    harness.step();
    harness.get_by_label("Solve").click();
    // 4×4 under perfect play: the second player wins 11–3 (`reversi3d solve --board 4x4`).
    step_until_label(&mut harness, "Exact: Green wins by 8 discs · best a2");
    let cell = harness.state().session().board().mover_moves[0];
    harness.get_by_label("Cross-sections").click();
    harness.step();
    let label = cell_label(harness.state(), cell);
    harness.get_by_label(&label).click();
    harness.step();
    harness.get_by_label("Analysis").click();
    harness.step();
    assert!(harness.query_by_label_contains("Exact:").is_none());
    assert!(harness.query_by_label("Solve").is_some());
}

/// Asks the session what the Evolution panel would.
fn ask_evolution(harness: &mut Harness<'_, ReversiApp>, request: EvolutionRequest) {
    let session = harness.state_mut().session_mut();
    session.evolution_panel(|context| context.requests.push(request));
}

/// Whether the workspace warns that Lobelia plays by its nine weights.
fn warns_of_nine_weights(harness: &Harness<'static, ReversiApp>) -> bool {
    (harness.query_by_label_contains("Lobelia plays by its nine weights here")).is_some()
}

#[test]
fn a_pattern_player_whose_patterns_go_unread_is_said_to_play_by_its_nine_weights() {
    use engine::Rules;
    use lab::ai::SearchKind;
    // Lobelia's 8x8 patterns: read by the strong search of the classic game only.
    let cases = [
        ("8x8", SearchKind::Strong, Rules::Classic, false),
        ("8x8", SearchKind::Classic, Rules::Classic, true),
        ("8x8", SearchKind::Strong, Rules::Misere, true),
        // 4x4 has no learned evaluation: Lobelia always plays by its nine weights there.
        ("4x4", SearchKind::Classic, Rules::Classic, false),
    ];
    for (board, search, rules, warned) in cases {
        let mut settings = settings(board, Seat::ai("Lobelia", 1), Seat::human());
        (settings.search, settings.rules) = (search, rules);
        let (mut harness, _folder) = workspace(settings);
        harness.step();
        assert_eq!(
            warns_of_nine_weights(&harness),
            warned,
            "{board} {search:?} {rules:?}"
        );
    }
    // The Tournament panel says the same of a chosen player, under its own search.
    let mut forms = Forms::default();
    forms.tournament.players = ["Lobelia", "Arwen"].map(String::from).to_vec();
    forms.tournament.contest = reversi3d::app::ContestForm {
        board: "8x8".parse().expect("a valid board"),
        search: SearchKind::Classic,
        ..tiny_contest()
    };
    let (mut harness, _folder) =
        workspace_with(settings("6x6", Seat::human(), Seat::human()), forms);
    harness.step();
    assert!(!warns_of_nine_weights(&harness));
    harness.get_by_label("Tournament").click();
    harness.step();
    harness.step();
    assert!(warns_of_nine_weights(&harness));
    // And Compare of a contestant, under the contestant's own search.
    let mut forms = Forms::default();
    forms.judge.contestants[0] = reversi3d::app::ContestantForm {
        player: Some("Lobelia".to_string()),
        depth: 2,
        search: SearchKind::Classic,
    };
    let (mut harness, _folder) =
        workspace_with(settings("8x8", Seat::human(), Seat::human()), forms);
    harness.step();
    harness.step();
    assert!(warns_of_nine_weights(&harness));
}
