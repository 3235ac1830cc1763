//! Questions the workspace asks before it replaces something of the user's.

use super::session::Session;

/// Asks whether an imported preset may replace the user's own of the same name, while such an
/// import waits.
pub fn import_window(ctx: &egui::Context, session: &mut Session) {
    let Some(pending) = session.pending_import().cloned() else {
        return;
    };
    let mut answer = None;
    egui::Window::new("Replace your preset?")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.label(format!(
                "You have a preset called {} ({}). Importing {} replaces it.",
                pending.name,
                pending.own.display(),
                pending.source.display()
            ));
            ui.horizontal(|ui| {
                if ui.button("Replace").clicked() {
                    answer = Some(true);
                }
                if ui.button("Keep mine").clicked() {
                    answer = Some(false);
                }
            });
        });
    if let Some(replace) = answer {
        session.answer_import(replace);
    }
}
