//! The narrow context a panel of the game's moves draws from (the History panel), and the
//! requests it makes of the session.

use super::Session;
use engine::notation::Notation;
use lab::game::{Board, Game};

/// What a panel of the game sees of the session; what it asks for waits in `requests`.
pub struct GameContext<'a> {
    /// The game with its moves and cursor.
    pub game: &'a Game,
    /// The position shown.
    pub board: &'a Board,
    /// How cells are written.
    pub notation: Notation,
    /// What the panel asks for, in order.
    pub requests: Vec<GameRequest>,
}

/// What a panel of the game may ask of the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameRequest {
    /// Show the position after this many moves (the game stops; Play continues from there).
    GoTo(usize),
}

impl Session {
    /// Draws a panel of the game with `draw` from its narrow context, then acts on its
    /// requests.
    pub fn game_panel<R>(&mut self, draw: impl FnOnce(&mut GameContext) -> R) -> R {
        let mut context = GameContext {
            game: &self.game,
            board: &self.board,
            notation: self.settings.notation,
            requests: Vec::new(),
        };
        let drawn = draw(&mut context);
        for request in context.requests {
            match request {
                GameRequest::GoTo(ply) => self.go_to(ply),
            }
        }
        drawn
    }
}
