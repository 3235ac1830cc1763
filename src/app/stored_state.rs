//! The workspace's stored state, eframe's `app.ron`: where it lives (the data directory, or
//! `$REVERSI3D_DATA_DIR`, like every file the app writes), and its check before the window
//! opens. A file that cannot be read whole — not RON, settings or a layout this build cannot
//! read, a game that does not replay, a device, a file too large — is set aside as
//! `app.ron.bad` and reported, never dropped in silence or overwritten on exit.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::forms::Forms;
use super::pane::Pane;
use super::settings::Settings;
use super::view_settings::ViewSettings;

/// The stored settings' key.
pub const SETTINGS_KEY: &str = "settings";
/// The stored display choices' key.
pub const VIEW_KEY: &str = "view";
/// The stored panels' forms' key.
pub const FORMS_KEY: &str = "forms";
/// The stored layout's key.
pub const LAYOUT_KEY: &str = "layout";
/// The stored game's key.
pub const GAME_KEY: &str = "game";

/// The largest state file read (a few kilobytes in use).
const MAX_STATE_BYTES: u64 = 16 << 20;

/// Where the workspace keeps its state.
pub fn state_path() -> Result<PathBuf, String> {
    Ok(lab::players::library::data_dir()?.join("app.ron"))
}

/// Checks the state file at `path`: when it cannot be read whole, moves it to `app.ron.bad`
/// beside it and says so (the workspace then starts from defaults). `None`: the file is
/// fine or there is none.
pub fn set_aside_if_damaged(path: &Path) -> Option<String> {
    if std::fs::symlink_metadata(path).is_err() {
        return None;
    }
    let problem = problem_of(path)?;
    let bad = path.with_extension("ron.bad");
    let kept = match std::fs::rename(path, &bad) {
        Ok(()) => format!("it is kept as {}", bad.display()),
        Err(error) => format!("it could not be set aside ({error})"),
    };
    Some(format!(
        "the stored workspace {} could not be read ({problem}): {kept}, and the workspace \
         starts from defaults",
        path.display()
    ))
}

/// What is wrong with the state file, if anything.
fn problem_of(path: &Path) -> Option<String> {
    let text = match lab::files::read_text_up_to(path, MAX_STATE_BYTES) {
        Ok(text) => text,
        Err(error) => return Some(error.problem),
    };
    let stored: HashMap<String, String> = match lab::files::parse_ron(&text) {
        Ok(stored) => stored,
        Err(problem) => return Some(problem),
    };
    let part = |key: &str| stored.get(key).map(String::as_str);
    if let Some(settings) = part(SETTINGS_KEY)
        && let Err(problem) = lab::files::parse_ron::<Settings>(settings)
    {
        return Some(format!("the settings: {problem}"));
    }
    if let Some(view) = part(VIEW_KEY)
        && let Err(problem) = lab::files::parse_ron::<ViewSettings>(view)
    {
        return Some(format!("the view: {problem}"));
    }
    if let Some(forms) = part(FORMS_KEY)
        && let Err(problem) = lab::files::parse_ron::<Forms>(forms)
    {
        return Some(format!("the forms: {problem}"));
    }
    if let Some(layout) = part(LAYOUT_KEY)
        && let Err(problem) = lab::files::parse_ron::<egui_tiles::Tree<Pane>>(layout)
    {
        return Some(format!("the layout: {problem}"));
    }
    if let Some(game) = part(GAME_KEY)
        && let Err(problem) = lab::game::Game::from_record(game)
    {
        return Some(format!("the game: {problem}"));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A state file holding `settings` as its settings, in eframe's format.
    fn state_with(settings: &str) -> String {
        let stored = HashMap::from([(SETTINGS_KEY.to_string(), settings.to_string())]);
        ron::to_string(&stored).unwrap()
    }

    #[test]
    fn a_damaged_state_is_set_aside_with_a_message_and_a_good_one_is_left_alone() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("app.ron");
        assert_eq!(set_aside_if_damaged(&path), None, "no file yet");
        let good = state_with(&ron::to_string(&Settings::default()).unwrap());
        std::fs::write(&path, &good).unwrap();
        assert_eq!(set_aside_if_damaged(&path), None);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), good);
        for damaged in [
            "{\"settings\": \"(board: \\\"7x7\\\"\"".to_string(),
            state_with("(board: \"7x7\")"),
            "not ron at all".to_string(),
        ] {
            std::fs::write(&path, &damaged).unwrap();
            let message = set_aside_if_damaged(&path).expect("a message");
            assert!(message.contains("app.ron.bad"), "{message}");
            assert!(!path.exists());
            let bad = folder.path().join("app.ron.bad");
            assert_eq!(std::fs::read_to_string(bad).unwrap(), damaged);
        }
    }

    #[cfg(unix)]
    #[test]
    fn an_endless_device_as_state_is_set_aside_at_once() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("app.ron");
        std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
        let message = set_aside_if_damaged(&path).expect("a message");
        assert!(message.contains("not a regular file"), "{message}");
    }
}
