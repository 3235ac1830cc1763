//! The Cross-sections panel: in 3D one slice per axis, each with its slice selector; in 2D the
//! single board. Click a cell to play it.

use crate::app::board_view::{self, Plane};
use crate::app::palette;
use crate::app::session::BoardContext;

/// Draws the panel.
pub fn show(ui: &mut egui::Ui, context: &mut BoardContext) {
    let shape = context.board().shape;
    let n = shape.side() as f32;
    let available = ui.available_size();
    if !shape.is_3d() {
        let cell = ((available.x.min(available.y) - 8.0) / (n + 0.5)).clamp(12.0, 80.0);
        board_view::draw(ui, context, Plane { axis: 2, index: 0 }, cell);
        legend(ui, context);
        return;
    }
    // Three boards in the arrangement (1, 2 or 3 columns) that gives the largest cells.
    let (columns, cell) = (1..=3)
        .map(|columns| {
            let rows = 3usize.div_ceil(columns) as f32;
            let across = (available.x / columns as f32 - 16.0) / (n + 0.5);
            let down = (available.y / rows - 36.0) / (n + 0.5);
            (columns, across.min(down))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(columns, cell)| (columns, cell.clamp(8.0, 60.0)))
        .unwrap_or((3, 20.0));
    egui::ScrollArea::both().show(ui, |ui| {
        egui::Grid::new("sections")
            .num_columns(columns)
            .spacing([12.0, 8.0])
            .show(ui, |ui| {
                for (place, axis) in [2, 1, 0].into_iter().enumerate() {
                    ui.vertical(|ui| section(ui, context, axis, cell));
                    if (place + 1).is_multiple_of(columns) {
                        ui.end_row();
                    }
                }
            });
        legend(ui, context);
    });
}

/// What the marks on the boards mean: one mark for each meaning, and the scale of a pattern
/// player's Values.
fn legend(ui: &mut egui::Ui, context: &BoardContext) {
    if context.view.values
        && let Some(scale) = context.worth_scale()
    {
        worth_legend(ui, &context.weights_preset().name, scale);
    }
    ui.horizontal_wrapped(|ui| {
        let weak = ui.visuals().weak_text_color();
        let marks = [
            (palette::BEST, "yellow ring: best move (Moves) ·"),
            (
                palette::PLAYED,
                "white ring: the move played next in this game ·",
            ),
            (
                weak,
                "faint disc: the move under the pointer · dot: the last move",
            ),
        ];
        for (color, text) in marks {
            ui.label(egui::RichText::new(text).small().color(color));
        }
    });
}

/// The Values scale of a pattern player: what a disc's colour says in discs.
fn worth_legend(ui: &mut egui::Ui, player: &str, scale: f32) {
    ui.horizontal_wrapped(|ui| {
        let small = |text: String, color| egui::RichText::new(text).small().color(color);
        ui.label(small(
            format!("Values: each disc's worth to its owner by {player}'s patterns:"),
            ui.visuals().text_color(),
        ));
        ui.label(small(format!("+{scale:.1}"), palette::value(1.0)));
        ui.label(small("0".to_string(), ui.visuals().weak_text_color()));
        ui.label(small(format!("−{scale:.1} discs"), palette::value(-1.0)));
    })
    .response
    .on_hover_text(
        "How much the player's value for the disc's owner drops were that disc the other \
         colour (both sides' mobility recounted): blue discs help their owner, orange ones \
         hurt",
    );
}

fn section(ui: &mut egui::Ui, context: &mut BoardContext, axis: usize, cell: f32) {
    let names = ["x", "y", "z"];
    let side = context.board().shape.side();
    let plane = Plane {
        axis,
        index: context.view.slices[axis].min(side - 1),
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
        context.view.slices[axis] = index - 1;
    });
    board_view::draw(ui, context, plane, cell);
}
