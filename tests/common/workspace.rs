//! The workspace driven headless with egui_kittest: a fresh workspace, stepping until the
//! background work has done something, typing keys.

use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use engine::Shape;
use lab::ai::PresetLibrary;
use reversi3d::app::{Forms, ReversiApp, Seat, Settings, ViewSettings, default_layout};

/// A workspace with `settings`, presets in a fresh folder, in a large window.
pub fn workspace(settings: Settings) -> (Harness<'static, ReversiApp>, tempfile::TempDir) {
    workspace_with(settings, Forms::default())
}

/// A workspace with `settings` and the panels' `forms`, presets in a fresh folder, in a large
/// window.
pub fn workspace_with(
    settings: Settings,
    forms: Forms,
) -> (Harness<'static, ReversiApp>, tempfile::TempDir) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let app = app_in(folder.path(), settings, forms);
    let harness = Harness::builder()
        .with_size([1500.0, 950.0])
        .build_ui_state(|ui, app: &mut ReversiApp| app.frame(ui), app);
    (harness, folder)
}

/// A workspace with `settings` and `forms` whose presets are in `folder`/presets.
pub fn app_in(folder: &std::path::Path, settings: Settings, forms: Forms) -> ReversiApp {
    ReversiApp::new(
        &egui::Context::default(),
        settings,
        forms,
        ViewSettings::default(),
        default_layout(),
        PresetLibrary::at(folder.join("presets")),
    )
}

/// Steps the UI until `done` holds (the engine works in the background), for at most 20 s.
pub fn step_until(harness: &mut Harness<'static, ReversiApp>, done: impl Fn(&ReversiApp) -> bool) {
    let clock = Instant::now();
    while !done(harness.state()) {
        if clock.elapsed() > Duration::from_secs(20) {
            let log: Vec<_> = harness
                .state()
                .session()
                .log
                .lines()
                .map(|l| &l.text)
                .collect();
            panic!("the UI did not reach the expected state in time; the log: {log:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
        harness.step();
    }
    harness.step();
}

/// Settings on `board` with these seats and two engine workers.
pub fn settings(board: &str, red: Seat, green: Seat) -> Settings {
    Settings {
        board: board.parse::<Shape>().expect("a valid board"),
        red,
        green,
        workers: 2,
        ..Settings::default()
    }
}

/// Types `key` and draws a frame.
pub fn type_key(harness: &mut Harness<'static, ReversiApp>, key: &str) {
    harness.event(egui::Event::Text(key.to_string()));
    harness.step();
}

/// The accessibility label of `cell` on the board that shows it in the start layout.
pub fn cell_label(app: &ReversiApp, cell: usize) -> String {
    let shape = app.session().board().shape;
    let prefix = if shape.is_3d() { "XY" } else { "board" };
    format!("{prefix} {}", engine::notation::format_cell(shape, cell))
}

/// Clicks the tab titled `title`. A panel's toggle may carry the same label (the Game panel's
/// "Moves" switches the live analysis); tabs are the nodes without a tooltip.
pub fn click_tab(harness: &Harness<'static, ReversiApp>, title: &str) {
    harness
        .get_by(|node| node.label().as_deref() == Some(title) && node.description().is_none())
        .click();
}
