//! The narrow context the boards (the 2D board, the cross-sections and the 3D view) draw from:
//! the position shown and what to mark on it, read-only, the display choices they edit, and
//! the requests they make (preview or play a cell), carried out once they are drawn.

use super::{GameRequest, MoveScoreRow, Preview, Session, Shown};
use crate::app::judge_desk::Mark;
use crate::app::view_settings::ViewSettings;
use engine::notation::Notation;
use engine::shape::Category;
use lab::ai::Preset;
use lab::game::Board;

/// What a board sees of the session and may change; what it asks for waits in `requests`.
pub struct BoardContext<'a> {
    session: &'a Session,
    /// How the boards are drawn (the boards' own toolbars and sliders change it).
    pub view: &'a mut ViewSettings,
    /// What the board asks for, in order: [`GameRequest::Preview`] for the cell under the
    /// pointer, [`GameRequest::Play`] for a click.
    pub requests: Vec<GameRequest>,
}

impl BoardContext<'_> {
    /// The position shown.
    pub fn board(&self) -> &Board {
        self.session.board()
    }

    /// The move previewed (under the pointer in a list or on a board), if any.
    pub fn preview(&self) -> Option<&Preview> {
        self.session.preview.as_ref()
    }

    /// How cells are written.
    pub fn notation(&self) -> Notation {
        self.session.settings.notation
    }

    /// The text of `cell` in the notation the user chose.
    pub fn cell_name(&self, cell: usize) -> String {
        self.session.cell_name(cell)
    }

    /// The tooltip of `cell`: its name, its score and its category.
    pub fn cell_summary(&self, cell: usize) -> String {
        self.session.cell_summary(cell)
    }

    /// The category of `cell`.
    pub fn category(&self, cell: usize) -> Category {
        self.session.category(cell)
    }

    /// The analysis of the position shown, if there is one.
    pub fn shown(&self) -> Option<&Shown> {
        self.session.shown()
    }

    /// Every legal move with its score so far.
    pub fn move_scores(&self) -> Vec<MoveScoreRow> {
        self.session.move_scores()
    }

    /// The best moves of the analysis shown.
    pub fn best_moves(&self) -> Vec<usize> {
        self.session.best_moves()
    }

    /// The last move played before the position shown, if it was not a pass.
    pub fn last_move(&self) -> Option<usize> {
        self.session.last_move()
    }

    /// The move the game went on with from the position shown, if any.
    pub fn played_next(&self) -> Option<usize> {
        self.session.played_next()
    }

    /// The Compare panel's colouring of the cells.
    pub fn judge_marks(&self) -> Vec<(usize, Mark)> {
        self.session.judge_marks()
    }

    /// The player whose values the Values overlay shows.
    pub fn weights_preset(&self) -> &Preset {
        self.session.weights_preset()
    }

    /// The worth of the disc on `cell` to its owner in discs, by a pattern player.
    pub fn disc_worth(&self, cell: usize) -> Option<f32> {
        self.session.disc_worth(cell)
    }

    /// The ends of the Values colour scale in discs; `None` for a nine-weight player.
    pub fn worth_scale(&self) -> Option<f32> {
        self.session.worth_scale()
    }

    /// Whether the board editor is open (a click edits a cell instead of playing it).
    pub fn is_editing(&self) -> bool {
        self.session.is_editing()
    }
}

impl Session {
    /// Draws a board with `draw` from its narrow context, then acts on its requests.
    pub fn board_panel<R>(
        &mut self,
        view: &mut ViewSettings,
        draw: impl FnOnce(&mut BoardContext) -> R,
    ) -> R {
        let mut context = BoardContext {
            session: self,
            view,
            requests: Vec::new(),
        };
        let drawn = draw(&mut context);
        self.act_on_games(context.requests);
        drawn
    }
}
