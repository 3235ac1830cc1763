//! The History panel: the moves of the game, stepping and going to any move; play on from
//! there with Play.

use crate::app::palette;
use crate::app::session::Session;
use engine::notation::{Move, format_cell_in};

/// Draws the panel.
pub fn show(ui: &mut egui::Ui, session: &mut Session) {
    let total = session.game().moves().len();
    let cursor = session.game().cursor();
    ui.horizontal(|ui| {
        if ui
            .button("|<")
            .on_hover_text("The start position")
            .clicked()
        {
            session.go_to(0);
        }
        if ui.button("<<").on_hover_text("One move back (<)").clicked() {
            session.back();
        }
        if ui
            .button(">>")
            .on_hover_text("One move forward (>)")
            .clicked()
        {
            session.forward();
        }
        if ui.button(">|").on_hover_text("The last move").clicked() {
            session.go_to(total);
        }
        let mut target = cursor;
        let response = ui
            .add(
                egui::DragValue::new(&mut target)
                    .range(0..=total)
                    .prefix("move "),
            )
            .on_hover_text(
                "Go to move number (0 = start); the game stops, Play continues from there",
            );
        if response.changed() && target != cursor {
            session.go_to(target);
        }
        ui.label(format!("of {total}"));
    });
    ui.separator();
    let shape = session.board().shape;
    let notation = session.settings.notation;
    let moves = session.game().moves().to_vec();
    let mut chosen = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        if ui.selectable_label(cursor == 0, "start").clicked() {
            chosen = Some(0);
        }
        for (index, entry) in moves.iter().enumerate() {
            let color = session.game().mover_of_move(index);
            let name = match entry {
                Move::Play(cell) => format_cell_in(shape, *cell, notation),
                Move::Pass => "pass".to_string(),
            };
            let text = egui::RichText::new(format!("{:>4}. {name}", index + 1))
                .monospace()
                .color(palette::disc(color));
            let response = ui.selectable_label(cursor == index + 1, text);
            if response.clicked() {
                chosen = Some(index + 1);
            }
        }
    });
    if let Some(ply) = chosen {
        session.go_to(ply);
    }
}
