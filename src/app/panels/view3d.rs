//! The 3D view panel. The rendered cube (three-d) arrives with the 3D-view issue; until then
//! the panel says so and points to the cross-sections.

use crate::app::session::Session;

/// Draws the panel.
pub fn show(ui: &mut egui::Ui, session: &mut Session) {
    let shape = session.board().shape;
    ui.vertical_centered(|ui| {
        ui.add_space(20.0);
        if shape.is_3d() {
            ui.heading(format!("{shape} cube"));
            ui.label("The rendered 3D view is not built yet.");
            ui.label("Play and study the cube in the Cross-sections panel: one slice per axis.");
        } else {
            ui.heading(format!("{shape} board"));
            ui.label("A 2D game: the board is in the Cross-sections panel.");
        }
    });
}
