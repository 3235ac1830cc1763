//! The narrow context the Weights panel draws from, and the requests it makes of the session,
//! carried out once the panel is drawn.

use super::Session;
use crate::app::dialogs::FileTask;
use lab::ai::Preset;

/// What the Weights panel sees of the session and may change; what it asks for waits in
/// `requests`.
pub struct WeightsContext<'a> {
    /// The player shown (the Values colouring and the live analysis use it).
    pub player: &'a mut String,
    /// Every player the user can choose.
    pub players: &'a [Preset],
    /// The player's preset as the panel was opened this frame.
    pub preset: Preset,
    /// Whether its weights have been edited since they were saved.
    pub unsaved: bool,
    /// What the panel asks for, in order.
    pub requests: Vec<WeightsRequest>,
}

/// What the Weights panel may ask of the session, for the player shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeightsRequest {
    /// Set weight `index` to the value.
    Set(usize, i32),
    /// Restore the built-in weights.
    Restore,
    /// Save every edited player in the presets folder.
    Save,
    /// Ask for a preset file to import.
    Import,
    /// Ask where to export the player.
    Export,
}

impl Session {
    /// Draws the Weights panel with `draw` from its narrow context, then acts on its requests.
    pub fn weights_panel<R>(&mut self, draw: impl FnOnce(&mut WeightsContext) -> R) -> R {
        let preset = self.weights_preset().clone();
        let unsaved = self.has_unsaved_weights();
        let mut context = WeightsContext {
            player: &mut self.settings.weights_player,
            players: &self.roster,
            preset,
            unsaved,
            requests: Vec::new(),
        };
        let drawn = draw(&mut context);
        for request in context.requests {
            match request {
                WeightsRequest::Set(index, value) => self.set_weight(index, value),
                WeightsRequest::Restore => self.restore_weights(),
                WeightsRequest::Save => self.save_presets(),
                WeightsRequest::Import => self.ask_file(FileTask::ImportPreset),
                WeightsRequest::Export => self.ask_file(FileTask::ExportPreset),
            }
        }
        drawn
    }
}
