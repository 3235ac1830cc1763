//! The narrow contexts the panels of the game draw from (History, Moves, Analysis), and the
//! requests they make of the session.

use super::{MoveCost, MoveScoreRow, Session, Shown};
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

/// What the Moves panel sees of the session; what it asks for waits in `requests`.
pub struct MovesContext<'a> {
    /// The analysis of the position shown, if there is one.
    pub shown: Option<&'a Shown>,
    /// Every legal move with its score so far, in board order.
    pub rows: Vec<MoveScoreRow>,
    /// The position shown.
    pub board: &'a Board,
    /// How cells are written.
    pub notation: Notation,
    /// Whether the live analysis is on.
    pub live_moves: bool,
    /// Whether an AI is searching its move.
    pub ai_thinking: bool,
    /// Whether the search behind `shown` still runs.
    pub searching: bool,
    /// What the panel asks for, in order.
    pub requests: Vec<GameRequest>,
}

/// What the Analysis panel sees of the session (it asks for nothing; its Solve row has a
/// context of its own).
pub struct AnalysisContext<'a> {
    /// The analysis of the position shown, if there is one.
    pub shown: Option<&'a Shown>,
    /// The position shown.
    pub board: &'a Board,
    /// How cells are written.
    pub notation: Notation,
    /// The nodes each AI move of the game cost.
    pub costs: &'a [MoveCost],
}

/// What a panel of the game may ask of the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameRequest {
    /// Show the position after this many moves (the game stops; Play continues from there).
    GoTo(usize),
    /// Preview the move on this cell on the boards (this frame).
    Preview(usize),
    /// Play the move on this cell, as a click on the board would.
    Play(usize),
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
        self.act_on_games(context.requests);
        drawn
    }

    /// Draws the Moves panel with `draw` from its narrow context, then acts on its requests.
    pub fn moves_panel<R>(&mut self, draw: impl FnOnce(&mut MovesContext) -> R) -> R {
        let mut context = MovesContext {
            shown: self.shown(),
            rows: self.move_scores(),
            board: &self.board,
            notation: self.settings.notation,
            live_moves: self.settings.live_moves,
            ai_thinking: self.is_ai_thinking(),
            searching: self.is_shown_searching(),
            requests: Vec::new(),
        };
        let drawn = draw(&mut context);
        self.act_on_games(context.requests);
        drawn
    }

    /// Draws the Analysis panel's figures with `draw` from their narrow context.
    pub fn analysis_panel<R>(&self, draw: impl FnOnce(&AnalysisContext) -> R) -> R {
        draw(&AnalysisContext {
            shown: self.shown(),
            board: &self.board,
            notation: self.settings.notation,
            costs: &self.costs,
        })
    }

    /// Carries out the requests of a panel of the game, in order.
    pub(super) fn act_on_games(&mut self, requests: Vec<GameRequest>) {
        requests.into_iter().for_each(|r| self.act_on_game(r));
    }

    /// Carries out a request of a panel of the game. A request that moves the game asks for
    /// a frame at once: panels act after drawing, so the new position shows in the next one.
    pub(super) fn act_on_game(&mut self, request: GameRequest) {
        match request {
            GameRequest::GoTo(ply) => self.go_to(ply),
            GameRequest::Preview(cell) => self.hovered = Some(cell),
            GameRequest::Play(cell) => self.click_cell(cell),
        }
        if !matches!(request, GameRequest::Preview(_)) {
            (self.wake)();
        }
    }
}
