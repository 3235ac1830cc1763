//! Game records and the file dialogs: saving, opening, restoring a game.

use std::path::Path;
use std::sync::Arc;

use super::Session;
use crate::app::dialogs::FileTask;
use lab::game::Game;

impl Session {
    /// Saves the game as a record (atomically).
    pub fn save_game(&mut self, path: &Path) {
        match self.game.save(path) {
            Ok(()) => self.info(format!("game saved to {}", path.display())),
            Err(error) => self.error(error.to_string()),
        }
    }

    /// Opens a game record: its board and moves replace the game (stopped at its end); a bad
    /// file changes nothing.
    pub fn open_game(&mut self, path: &Path) {
        match Game::load(path) {
            Ok(game) => self.restore_game(game, &path.display().to_string()),
            Err(error) => self.error(error.to_string()),
        }
    }

    /// Replaces the game with `game` from `source`, stopped at its last move;
    /// the players stay those of the Game panel.
    pub fn restore_game(&mut self, game: Game, source: &str) {
        self.replace_game(game, false);
        self.info(format!(
            "restored the game from {source} at move {}: press Play to continue",
            self.game.cursor()
        ));
    }

    /// Asks the user for a file for `task` (a native dialog; the UI keeps running).
    pub fn ask_file(&mut self, task: FileTask) {
        let suggested = match task {
            FileTask::ExportPreset => self.weights_preset().file_name(),
            _ => "game.ron".to_string(),
        };
        let wake = Arc::clone(&self.wake);
        self.dialogs.open(task, suggested, move || wake());
    }
}
