//! The workspace's stored state, headless: settings, view, forms, layout and game survive a
//! restart; damaged or older stores are read as far as they can be, never with a panic.

mod common;

use common::workspace::{cell_label, settings, type_key, workspace};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use engine::notation::{Move, format_cell};
use lab::ai::PresetLibrary;
use reversi3d::app::{ReversiApp, Seat, Settings};

/// An in-memory stand-in for eframe's storage.
#[derive(Default)]
struct MemoryStorage(std::collections::HashMap<String, String>);

impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }

    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }

    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }

    fn flush(&mut self) {}
}

#[test]
fn settings_layout_and_game_survive_a_restart() {
    let (mut harness, folder) = workspace(settings("4x4", Seat::human(), Seat::human()));
    harness.step();
    type_key(&mut harness, "c");
    let cell = harness.state().session().board().mover_moves[0];
    let label = cell_label(harness.state(), cell);
    harness.get_by_label(&label).click();
    harness.step();
    harness.get_by_label("History").click();
    harness.step();
    let mut storage = MemoryStorage::default();
    harness.state_mut().save_to(&mut storage);
    let before = harness.state().session().settings().clone();
    let view_before = harness.state().view().clone();

    let restored = ReversiApp::restore(
        &egui::Context::default(),
        Some(&storage),
        PresetLibrary::at(folder.path().join("presets")),
    );
    let session = restored.session();
    assert_eq!(session.settings(), &before);
    assert_eq!(restored.view(), &view_before);
    assert!(restored.view().categories);
    assert_eq!(session.game().moves(), &[Move::Play(cell)]);
    assert!(!session.is_playing(), "a restored game waits for Play");
    let mut harness = Harness::builder()
        .with_size([1500.0, 950.0])
        .build_ui_state(|ui, app: &mut ReversiApp| app.frame(ui), restored);
    harness.step();
    let entry = format!(
        "   1. {}",
        format_cell(harness.state().session().board().shape, cell)
    );
    assert!(
        harness.query_by_label(&entry).is_some(),
        "the History tab is still in front"
    );
}

#[test]
fn damaged_storage_falls_back_to_defaults_with_a_message() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let mut storage = MemoryStorage::default();
    eframe::Storage::set_string(&mut storage, "settings", "(board: \"7x7\"".to_string());
    eframe::Storage::set_string(&mut storage, "game", "not a game".to_string());
    let app = ReversiApp::restore(
        &egui::Context::default(),
        Some(&storage),
        PresetLibrary::at(folder.path().join("presets")),
    );
    assert_eq!(app.session().settings(), &Settings::default().sanitized());
    let notice = app.session().notice.clone().expect("a message");
    assert!(
        notice.contains("last game could not be restored"),
        "{notice}"
    );
}

#[test]
fn display_choices_and_forms_stored_among_the_settings_by_an_older_version_are_kept() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let mut storage = MemoryStorage::default();
    let older = "(board: \"8x8\", live_moves: false, categories: true, dark: false, \
                 tournament: (games: 7))";
    eframe::Storage::set_string(&mut storage, "settings", older.to_string());
    let app = ReversiApp::restore(
        &egui::Context::default(),
        Some(&storage),
        PresetLibrary::at(folder.path().join("presets")),
    );
    assert!(!app.session().settings().live_moves);
    assert_eq!(app.session().board().shape.to_string(), "8x8");
    assert!(app.view().categories && !app.view().dark);
    assert_eq!(app.session().forms().tournament.games, 7);
    // Saved again, the view and the forms have their own keys and the settings no longer
    // carry them.
    let mut app = app;
    let mut saved = MemoryStorage::default();
    app.save_to(&mut saved);
    let view = eframe::Storage::get_string(&saved, "view").expect("the view's key");
    assert!(view.contains("dark:false"), "{view}");
    let settings = eframe::Storage::get_string(&saved, "settings").unwrap();
    assert!(!settings.contains("dark"), "{settings}");
    assert!(!settings.contains("tournament"), "{settings}");
    let forms = eframe::Storage::get_string(&saved, "forms").expect("the forms' key");
    assert!(forms.contains("games:7"), "{forms}");
}

/// The stored settings with a few characters replaced, inserted or deleted.
fn mutated_settings(edits: &[(usize, u8, char)]) -> String {
    let stored: Vec<char> = ron::to_string(&Settings::default())
        .unwrap()
        .chars()
        .collect();
    common::mutated(&stored, edits).into_iter().collect()
}

/// Restores the app from storage holding `stored` as its settings, within a second.
fn restored_from(stored: String) -> Settings {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let mut storage = MemoryStorage::default();
    eframe::Storage::set_string(&mut storage, "settings", stored);
    let clock = std::time::Instant::now();
    let app = ReversiApp::restore(
        &egui::Context::default(),
        Some(&storage),
        PresetLibrary::at(folder.path().join("presets")),
    );
    assert!(clock.elapsed() < std::time::Duration::from_secs(1));
    app.session().settings().clone()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    #[test]
    fn damaged_or_random_settings_restore_without_a_panic_and_in_range(
        edits in proptest::collection::vec((0..4000usize, 0..3u8, proptest::char::any()), 1..6),
        random in "\\PC{0,300}",
    ) {
        for stored in [mutated_settings(&edits), random] {
            let settings = restored_from(stored);
            proptest::prop_assert_eq!(settings.clone().sanitized(), settings);
        }
    }
}
