//! The board editor: while it is on, a click cycles a cell empty → Red → Green → empty, the
//! side to move can be picked and the board cleared or reset; every change makes the edited
//! position the start of a new, stopped game. Leaving the editor plays on from there.

use super::Session;
use engine::{Color, Setup};
use lab::ai::Player;
use lab::game::Game;

impl Session {
    /// Whether the board editor is on.
    pub fn is_editing(&self) -> bool {
        self.editing
    }

    /// Turns the board editor on (starting from the position on the board) or off (the game
    /// and the analysis start from the edited position).
    pub fn toggle_editor(&mut self) {
        if self.editing {
            self.editing = false;
            self.playing = true;
            let setup = self.game.start().clone();
            self.info(format!(
                "editor closed: the game starts from this position ({} empty cells, {:?} to move)",
                setup.empties(),
                setup.to_move()
            ));
        } else {
            let here = self.here.clone();
            self.editing = true;
            self.start_from(here);
            self.info(
                "editor: click a cell to cycle empty → Red → Green; pick the side to move; \
                 press e to play from the position"
                    .to_string(),
            );
        }
    }

    /// In the editor: the next owner of `cell` (empty → Red → Green → empty).
    pub fn edit_cell(&mut self, cell: usize) {
        let start = self.game.start();
        let next = match start.owner(cell) {
            None => Some(Color::Red),
            Some(Color::Red) => Some(Color::Green),
            Some(Color::Green) => None,
        };
        let edited = start.with_cell(cell, next);
        let name = self.cell_name(cell);
        let what = next.map_or_else(|| "empty".to_string(), |c| format!("{c:?}"));
        self.start_from(edited);
        self.info(format!("editor: {name} is now {what}"));
    }

    /// In the editor: who moves first from the edited position.
    pub fn set_side_to_move(&mut self, color: Color) {
        let edited = self.game.start().with_to_move(color);
        self.start_from(edited);
    }

    /// In the editor: every cell emptied.
    pub fn clear_board(&mut self) {
        let cleared = self.game.start().cleared();
        self.start_from(cleared);
    }

    /// In the editor: the start position of the board.
    pub fn reset_board(&mut self) {
        self.start_from(Setup::start(self.game.shape));
    }

    /// Makes `setup` the start of a new, stopped game (the edit in progress, a pasted
    /// position).
    pub(super) fn start_from(&mut self, setup: Setup) {
        let game = Game::from_setup(setup, self.settings.rules, Player::Human, Player::Human);
        self.replace_game(game, false);
    }
}
