//! The Logs panel: game events, AI moves with their figures, and errors.

use super::toggle;
use crate::app::log::Level;
use crate::app::session::{LogsContext, Session};

/// Draws the panel.
pub fn show(ui: &mut egui::Ui, session: &mut Session) {
    session.logs_panel(|context| draw(ui, context));
}

fn draw(ui: &mut egui::Ui, context: &mut LogsContext) {
    ui.horizontal(|ui| {
        toggle(ui, context.events, "Logs", "Write game events here");
        let tip = "Log the nodes per search level of every AI move";
        toggle(ui, context.depths, "Depths", tip);
        if ui
            .button("Clear")
            .on_hover_text("Remove every line")
            .clicked()
        {
            context.log.clear();
        }
    });
    ui.separator();
    let error = ui.visuals().error_fg_color;
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for line in context.log.lines() {
                let text = egui::RichText::new(format!("{:>8.1}s  {}", line.seconds, line.text))
                    .monospace();
                let text = if line.level == Level::Error {
                    text.color(error)
                } else {
                    text
                };
                ui.label(text);
            }
        });
}
