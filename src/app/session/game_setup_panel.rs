//! The narrow context the Game panel draws from — the workspace's settings, which it edits,
//! and where the game stands — and the requests it makes of the session.

use super::Session;
use crate::app::settings::{Seat, Settings};
use crate::app::view_settings::ViewSettings;
use engine::{Color, Rules};
use lab::ai::Preset;

/// What the Game panel sees of the session and may change; what it asks for waits in
/// `requests`.
pub struct GameSetupContext<'a> {
    /// The workspace's settings: the panel edits the search and display switches directly,
    /// and asks for the changes that start a new game or move a seat.
    pub settings: &'a mut Settings,
    /// How the boards are drawn: the panel's display switches edit it.
    pub view: &'a mut ViewSettings,
    /// Every player the user can choose.
    pub players: &'a [Preset],
    /// Whether the game is playing (AI players move).
    pub playing: bool,
    /// Whether the board is being edited.
    pub editing: bool,
    /// Whether the game is over.
    pub over: bool,
    /// Who moves first from the edited position.
    pub to_move: Color,
    /// The status line.
    pub status: String,
    /// What the panel asks for, in order.
    pub requests: Vec<GameSetupRequest>,
}

/// What the Game panel may ask of the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameSetupRequest {
    /// Play on from the position shown, or stop.
    TogglePlay,
    /// A new game on this board with these players.
    Reset,
    /// Enter or leave the board editor.
    ToggleEditor,
    /// In the editor: who moves first.
    SideToMove(Color),
    /// In the editor: empty every cell.
    ClearBoard,
    /// In the editor: the board's start position.
    StartPosition,
    /// Switch between the N×N board and the N×N×N cube.
    ToggleDimensions,
    /// Board size N; a new game starts.
    Side(usize),
    /// Classic or misère.
    Rules(Rules),
    /// Who plays a side.
    Seat(Color, Seat),
}

impl Session {
    /// Draws the Game panel with `draw` from its narrow context, then acts on its requests.
    pub fn game_setup_panel<R>(
        &mut self,
        view: &mut ViewSettings,
        draw: impl FnOnce(&mut GameSetupContext) -> R,
    ) -> R {
        let status = self.status();
        let mut context = GameSetupContext {
            settings: &mut self.settings,
            view,
            players: &self.roster,
            playing: self.playing,
            editing: self.editing,
            over: self.board.over,
            to_move: self.game.start().to_move(),
            status,
            requests: Vec::new(),
        };
        let drawn = draw(&mut context);
        for request in context.requests {
            match request {
                GameSetupRequest::TogglePlay => self.toggle_play(),
                GameSetupRequest::Reset => self.reset(),
                GameSetupRequest::ToggleEditor => self.toggle_editor(),
                GameSetupRequest::SideToMove(color) => self.set_side_to_move(color),
                GameSetupRequest::ClearBoard => self.clear_board(),
                GameSetupRequest::StartPosition => self.reset_board(),
                GameSetupRequest::ToggleDimensions => self.toggle_dimensions(),
                GameSetupRequest::Side(n) => self.set_side(n),
                GameSetupRequest::Rules(rules) => self.set_rules(rules),
                GameSetupRequest::Seat(color, seat) => self.set_seat(color, seat),
            }
        }
        drawn
    }
}
