//! The user's settings and the panels' forms as the session holds them: read whole, changed
//! one choice at a time.

use super::Session;
use crate::app::forms::Forms;
use crate::app::judge_form::Colouring;
use crate::app::settings::Settings;
use engine::notation::Notation;

impl Session {
    /// The user's settings (persisted); they change through the panels' contexts and the
    /// methods below.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The panels' forms (persisted); each panel changes its own through its context.
    pub fn forms(&self) -> &Forms {
        &self.forms
    }

    /// Writes the cells of square boards in `notation`.
    pub fn set_notation(&mut self, notation: Notation) {
        self.settings.notation = notation;
    }

    /// Chooses files in a dialog drawn in the window (`true`) or in the system's.
    pub fn set_window_file_dialogs(&mut self, in_window: bool) {
        self.settings.window_file_dialogs = in_window;
    }

    /// Colours the boards' legal moves as the Compare panel's `colouring` says.
    pub fn set_colouring(&mut self, colouring: Colouring) {
        self.forms.judge.colouring = colouring;
    }

    /// Turns the live scores of every move (Moves panel) on or off.
    pub fn toggle_live_moves(&mut self) {
        self.settings.live_moves = !self.settings.live_moves;
    }

    /// Turns the static value in the status line on or off.
    pub fn toggle_show_value(&mut self) {
        self.settings.show_value = !self.settings.show_value;
    }
}
