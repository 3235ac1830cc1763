//! The Tune panel, headless with egui_kittest: a tuning run started from the panel shows its
//! fit and verification live, lists its rounds, and its best player becomes a player.

mod common;

use common::workspace::{settings, step_until, workspace_with};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use lab::ai::SearchKind;
use lab::tune::fit::Target;
use reversi3d::app::{Forms, ReversiApp, Seat, Settings};

/// A workspace with `settings` and `forms` whose run has been started from the Tune panel.
fn started_in_the_tune_panel(
    settings: Settings,
    forms: Forms,
) -> (Harness<'static, ReversiApp>, tempfile::TempDir) {
    let (mut harness, folder) = workspace_with(settings, forms);
    harness.step();
    harness.get_by_label("Tune").click();
    harness.step();
    harness.step();
    harness.get_by_label("Start").click();
    (harness, folder)
}

#[test]
fn a_tuning_run_from_the_panel_shows_its_rounds_and_its_best_player_can_be_used() {
    let mut settings = settings("6x6", Seat::human(), Seat::human());
    settings.weights_player = "Jolly".to_string();
    let mut forms = Forms::default();
    let form = &mut forms.tune;
    form.rounds = 2;
    form.count = 300;
    form.per_game = 5;
    form.label_depth = 2;
    form.target = Target::Reference;
    form.verify_games = 10;
    form.verify_depth = 1;
    form.contest.board = "6x6".parse().unwrap();
    form.contest.depth = 1;
    form.contest.search = SearchKind::Strong;
    form.contest.workers = 2;
    // A seed whose last round's fit differs from the best and plays its match, and whose run
    // accepts a round (the shipped 6×6 patterns' player, Lobelia, is an opponent).
    form.contest.seed = 2;
    let (mut harness, _folder) = started_in_the_tune_panel(settings, forms);
    step_until(&mut harness, |app| {
        let tuning = app.session().tuning();
        !tuning.is_running() && tuning.view().is_some_and(|v| v.state.history.len() == 2)
    });
    let tuning = harness.state().session().tuning();
    let view = tuning.view().unwrap();
    assert_eq!(view.state.settings.start.name, "Jolly");
    let players = lab::players::preset::built_in().len();
    assert_eq!(
        view.state.settings.opponents.len(),
        players - 1,
        "every other built-in player plays too, the pattern player Lobelia among them"
    );
    assert!(view.status.starts_with("finished"), "{}", view.status);
    // The last round's fit and match were shown as they went.
    assert!(view.live.steps.len() >= 2);
    assert_eq!(view.live.verification.len(), 10);
    assert_eq!(view.live.verification.last().unwrap().games, 10);
    let accepted = view.state.history.iter().any(|round| round.accepted);
    assert_eq!(tuning.best_file().is_some(), accepted);
    assert!(view.folder.join("round-2.positions").exists());
    if accepted {
        let best = view.state.best.name.clone();
        harness.get_by_label("Use as player").click();
        harness.step();
        let log: Vec<String> = harness
            .state()
            .session()
            .log
            .lines()
            .map(|l| format!("{l:?}"))
            .collect();
        assert_eq!(
            harness.state().session().settings().weights_player,
            best,
            "{log:#?}"
        );
    }
}

#[test]
fn a_pattern_training_run_from_the_panel_shows_its_errors_in_discs_and_its_best_fit_can_be_used() {
    use reversi3d::app::TuneMode;
    let mut settings = settings("6x6", Seat::human(), Seat::human());
    settings.weights_player = "Jolly".to_string();
    let mut forms = Forms::default();
    forms.tune.mode = TuneMode::Patterns;
    let form = &mut forms.train_patterns;
    form.board = "6x6".parse().unwrap();
    form.rounds = 2;
    form.growing_rounds = 2;
    form.count = 300;
    form.openings = 6;
    form.exact_empties = 8;
    form.label_depth = 2;
    form.verify_games = 8;
    form.verify_depth = 1;
    form.workers = 2;
    form.seed = 15;
    let (mut harness, folder) = started_in_the_tune_panel(settings, forms);
    step_until(&mut harness, |app| {
        let training = app.session().pattern_training();
        !training.is_running() && training.view().is_some_and(|v| v.state.history.len() == 3)
    });
    let training = harness.state().session().pattern_training();
    let view = training.view().unwrap();
    assert_eq!(view.state.settings.start.name, "Jolly");
    assert_eq!(view.state.settings.game.opening_plies, 6);
    assert!(
        (view.state.settings.players.iter()).all(|p| p.patterns.is_empty()),
        "the position sets are played by the nine-weight players"
    );
    assert!(view.status.starts_with("finished"), "{}", view.status);
    // The last round's fit (errors in discs) and match were shown as they went.
    assert!(view.live.steps.len() >= 2);
    assert!(
        view.live
            .steps
            .iter()
            .all(|e| e.holdout > 0.0 && e.holdout < 40.0)
    );
    assert_eq!(view.live.verification.len(), 8);
    let best = view
        .state
        .best()
        .expect("with seed 15 a fit beats Jolly")
        .clone();
    let name = best.player_name(&view.state.settings.name);
    harness.get_by_label("Use as player").click();
    harness.step();
    let session = harness.state().session();
    assert_eq!(session.settings().weights_player, name);
    let player = session.weights_preset();
    assert_eq!(player.patterns[0].source.hash, best.fit.hash);
    // The preset went into the user's folder with its pattern file beside it.
    let fit_file = best.fit.path.file_name().unwrap();
    let presets = folder.path().join("presets");
    assert!(presets.join(fit_file).exists(), "{}", presets.display());
    // Opening the run's folder (as --tune-run or a drop does) shows it in the pattern mode.
    let run_folder = view_folder(&harness);
    harness.get_by_label("nine weights").click();
    harness.step();
    let session = harness.state_mut().session_mut();
    assert_eq!(session.forms().tune.mode, TuneMode::NineWeights);
    session.open_run(&run_folder);
    assert_eq!(session.forms().tune.mode, TuneMode::Patterns);
    assert_eq!(
        session.pattern_training().view().unwrap().folder,
        run_folder
    );
}

/// The folder of the pattern training run shown.
fn view_folder(harness: &Harness<'static, ReversiApp>) -> std::path::PathBuf {
    let training = harness.state().session().pattern_training();
    training.view().unwrap().folder.clone()
}
