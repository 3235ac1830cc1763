//! The History panel: the moves of the game, stepping and going to any move; play on from
//! there with Play.

use crate::app::palette;
use crate::app::session::{GameContext, GameRequest, Session};
use engine::notation::{Move, format_cell_in};

/// Draws the panel.
pub fn show(ui: &mut egui::Ui, session: &mut Session) {
    session.game_panel(|context| {
        let chosen = draw(ui, context);
        context.requests.extend(chosen.map(GameRequest::GoTo));
    });
}

/// Draws the panel; returns the move number chosen.
fn draw(ui: &mut egui::Ui, context: &GameContext) -> Option<usize> {
    let game = context.game;
    let total = game.moves().len();
    let cursor = game.cursor();
    let mut chosen = None;
    ui.horizontal(|ui| {
        if ui
            .button("|<")
            .on_hover_text("The start position")
            .clicked()
        {
            chosen = Some(0);
        }
        if ui.button("<<").on_hover_text("One move back (<)").clicked() {
            chosen = Some(cursor.saturating_sub(1));
        }
        if ui
            .button(">>")
            .on_hover_text("One move forward (>)")
            .clicked()
        {
            chosen = Some(cursor + 1);
        }
        if ui.button(">|").on_hover_text("The last move").clicked() {
            chosen = Some(total);
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
            chosen = Some(target);
        }
        ui.label(format!("of {total}"));
    });
    ui.separator();
    let (shape, notation) = (context.board.shape, context.notation);
    egui::ScrollArea::vertical().show(ui, |ui| {
        if ui.selectable_label(cursor == 0, "start").clicked() {
            chosen = Some(0);
        }
        for (index, entry) in game.moves().iter().enumerate() {
            let color = game.mover_of_move(index);
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
    chosen
}
