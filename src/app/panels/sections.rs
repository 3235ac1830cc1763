//! The Cross-sections panel: in 3D one slice per axis, each with its slice selector; in 2D the
//! single board. Click a cell to play it.

use crate::app::board_view::{self, Plane};
use crate::app::session::Session;

/// Draws the panel.
pub fn show(ui: &mut egui::Ui, session: &mut Session) {
    let shape = session.board().shape;
    let n = shape.side() as f32;
    let available = ui.available_size();
    if !shape.is_3d() {
        let cell = ((available.x.min(available.y) - 8.0) / (n + 0.5)).clamp(12.0, 80.0);
        board_view::draw(ui, session, Plane { axis: 2, index: 0 }, cell);
        return;
    }
    // Three boards side by side when the panel is wide, stacked when it is tall.
    let wide = available.x >= available.y;
    let (across, down) = if wide { (3.0, 1.0) } else { (1.0, 3.0) };
    let per_board_height = 3.2; // cells taken by the title and the selector
    let cell = ((available.x / across - 12.0) / (n + 0.5))
        .min((available.y / down - 40.0) / (n + per_board_height))
        .clamp(8.0, 60.0);
    let mut draw_all = |ui: &mut egui::Ui| {
        for axis in [2, 1, 0] {
            ui.vertical(|ui| section(ui, session, axis, cell));
        }
    };
    egui::ScrollArea::both().show(ui, |ui| {
        if wide {
            ui.horizontal_top(|ui| draw_all(ui));
        } else {
            draw_all(ui);
        }
    });
}

fn section(ui: &mut egui::Ui, session: &mut Session, axis: usize, cell: f32) {
    let names = ["x", "y", "z"];
    let side = session.board().shape.side();
    let plane = Plane {
        axis,
        index: session.settings.slices[axis].min(side - 1),
    };
    let (a, b) = plane.free_axes();
    ui.horizontal(|ui| {
        ui.strong(format!("{} = {}", names[axis], plane.index + 1))
            .on_hover_text(format!(
                "The slice where {} is fixed: {} runs left to right, {} top to bottom",
                names[axis], names[a], names[b]
            ));
        let mut index = plane.index + 1;
        ui.add(egui::Slider::new(&mut index, 1..=side).show_value(false))
            .on_hover_text(format!("Which {} slice to show", names[axis]));
        session.settings.slices[axis] = index - 1;
    });
    board_view::draw(ui, session, plane, cell);
}
