//! The narrow context the Logs panel draws from: the log and the switches of what it records.

use super::Session;
use crate::app::log::Log;

/// What the Logs panel sees of the session and may change.
pub struct LogsContext<'a> {
    /// The log.
    pub log: &'a mut Log,
    /// Whether game events are logged.
    pub events: &'a mut bool,
    /// Whether the nodes per search level of every AI move are logged.
    pub depths: &'a mut bool,
}

impl Session {
    /// Draws the Logs panel with `draw` from its narrow context.
    pub fn logs_panel<R>(&mut self, draw: impl FnOnce(&mut LogsContext) -> R) -> R {
        draw(&mut LogsContext {
            log: &mut self.log,
            events: &mut self.settings.logs,
            depths: &mut self.settings.depths,
        })
    }
}
