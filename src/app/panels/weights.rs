//! The Weights panel: the nine weights of a chosen player, editable; Def, save, import and
//! export; and the legend of the Categories and Values overlays.

use crate::app::palette;
use crate::app::session::{Session, WeightsContext, WeightsRequest};
use engine::Weights;
use engine::shape::Category;

/// What each weight counts (tooltips).
const MEANINGS: [&str; 9] = [
    "Mobility: the difference in legal moves (0 skips computing it)",
    "Piece difference: the difference in discs",
    "Corners",
    "C-squares: edge cells next to a corner",
    "X-squares: cells diagonally next to a corner",
    "Edges: other edge cells",
    "Inner edges: cells next to an edge",
    "Faces: other boundary cells (3D)",
    "Inner faces: cells one step in from a face (3D)",
];

/// Draws the panel, scrolling when the window is too small for the weights and the legend.
pub fn show(ui: &mut egui::Ui, session: &mut Session) {
    session.weights_panel(|context| {
        egui::ScrollArea::vertical()
            .id_salt("weights panel")
            .show(ui, |ui| weights_and_legend(ui, context));
    });
}

/// The player, its weights and the legend.
fn weights_and_legend(ui: &mut egui::Ui, context: &mut WeightsContext) {
    ui.horizontal(|ui| {
        ui.label("Player");
        egui::ComboBox::from_id_salt("weights player")
            .selected_text(context.player.as_str())
            .show_ui(ui, |ui| {
                for name in context.players.iter().map(|p| &p.name) {
                    ui.selectable_value(context.player, name.clone(), name);
                }
            })
            .response
            .on_hover_text("Whose weights to show and edit; the Values colouring and the live analysis use them");
    });
    let preset = &context.preset;
    ui.label(egui::RichText::new(&preset.description).weak());
    egui::Grid::new("weights").num_columns(2).show(ui, |ui| {
        for (index, label) in Weights::LABELS.iter().enumerate() {
            let name = ui.label(*label).on_hover_text(MEANINGS[index]);
            let mut value = preset.weights.0[index];
            let response = ui
                .add(egui::DragValue::new(&mut value).range(-Weights::LIMIT..=Weights::LIMIT))
                .labelled_by(name.id)
                .on_hover_text(format!(
                    "{} (from −{limit} to {limit})",
                    MEANINGS[index],
                    limit = Weights::LIMIT
                ));
            if response.changed() && value != preset.weights.0[index] {
                context.requests.push(WeightsRequest::Set(index, value));
            }
            ui.end_row();
        }
    });
    let buttons = [
        (
            "Def",
            "Restore the built-in weights of this player",
            true,
            WeightsRequest::Restore,
        ),
        (
            "Save",
            "Save the edited weights in your presets folder (also done on exit)",
            context.unsaved,
            WeightsRequest::Save,
        ),
        (
            "Import…",
            "Read a preset file (.ron) into your presets",
            true,
            WeightsRequest::Import,
        ),
        (
            "Export…",
            "Write this player as a preset file (.ron)",
            true,
            WeightsRequest::Export,
        ),
    ];
    ui.horizontal(|ui| {
        for (label, tip, enabled, request) in buttons {
            let button = ui.add_enabled(enabled, egui::Button::new(label));
            if button.on_hover_text(tip).clicked() {
                context.requests.push(request);
            }
        }
    });
    ui.separator();
    legend(ui, &context.preset.weights);
}

/// The colours of the Categories overlay with the values of the weights player.
fn legend(ui: &mut egui::Ui, weights: &Weights) {
    ui.strong("Legend").on_hover_text(
        "Cats (c) colours cells by category, Vals (v) by value: blue good, orange bad",
    );
    egui::Grid::new("legend").num_columns(4).show(ui, |ui| {
        for category in Category::ALL {
            let value = weights.category(category);
            swatch(ui, palette::category(category));
            ui.label(category.label());
            swatch(ui, palette::category_value(weights, category));
            ui.monospace(value.to_string());
            ui.end_row();
        }
    });
}

fn swatch(ui: &mut egui::Ui, color: egui::Color32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
    ui.painter().rect_filled(rect, 2.0, color);
}
