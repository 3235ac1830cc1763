//! The 3D view panel: the cube in 3D games; in 2D games, a pointer to the Cross-sections.

use crate::app::session::BoardContext;
use crate::app::view3d;

/// Draws the panel.
pub fn show(ui: &mut egui::Ui, context: &mut BoardContext) {
    let shape = context.board().shape;
    if shape.is_3d() {
        view3d::show(ui, context);
    } else {
        ui.vertical_centered(|ui| {
            ui.add_space(20.0);
            ui.heading(format!("{shape} board"));
            ui.label("A 2D game: the board is in the Cross-sections panel (press 2 for the cube).");
        });
    }
}
