//! Undo and redo of what changes the game: moves, new games and boards, pasted, loaded and
//! edited games. Each change keeps the game before it; undo brings it back stopped (so that an
//! AI does not answer at once), and redo takes the change again until a new change is made.

use lab::game::Game;

use super::Session;

/// The most changes kept.
const KEPT: usize = 500;

/// The games before and after the present one.
#[derive(Default)]
pub struct UndoHistory {
    /// The games before, oldest first.
    past: Vec<Game>,
    /// The games undone, most recently undone last.
    future: Vec<Game>,
}

impl UndoHistory {
    /// Keeps `before`, the game a change replaces; what was undone can no longer be redone.
    pub fn record(&mut self, before: Game) {
        self.future.clear();
        self.past.push(before);
        if self.past.len() > KEPT {
            self.past.remove(0);
        }
    }
}

impl Session {
    /// Whether a change can be undone.
    pub fn can_undo(&self) -> bool {
        !self.undo.past.is_empty()
    }

    /// Whether an undone change can be taken again.
    pub fn can_redo(&self) -> bool {
        !self.undo.future.is_empty()
    }

    /// Brings back the game before the last change (Ctrl+Z).
    pub fn undo(&mut self) {
        let Some(game) = self.undo.past.pop() else {
            return self.info("nothing to undo".to_string());
        };
        self.undo.future.push(self.game.clone());
        self.info(format!("undo: {}", summary(&game)));
        self.install_game(game, false);
    }

    /// Takes the last undone change again (Ctrl+Y, Ctrl+Shift+Z).
    pub fn redo(&mut self) {
        let Some(game) = self.undo.future.pop() else {
            return self.info("nothing to redo".to_string());
        };
        self.undo.past.push(self.game.clone());
        self.info(format!("redo: {}", summary(&game)));
        self.install_game(game, false);
    }
}

/// The game in a few words, for the log.
fn summary(game: &Game) -> String {
    format!("{} moves on {}", game.cursor(), game.shape)
}
