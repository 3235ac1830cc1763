//! The Weights panel: the nine weights of a chosen player, editable; Def, save, import and
//! export; and the legend of the Categories and Values overlays.

use crate::app::dialogs::FileTask;
use crate::app::palette;
use crate::app::session::Session;
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
    egui::ScrollArea::vertical()
        .id_salt("weights panel")
        .show(ui, |ui| weights_and_legend(ui, session));
}

/// The player, its weights and the legend.
fn weights_and_legend(ui: &mut egui::Ui, session: &mut Session) {
    let names: Vec<String> = session.roster.iter().map(|p| p.name.clone()).collect();
    ui.horizontal(|ui| {
        ui.label("Player");
        egui::ComboBox::from_id_salt("weights player")
            .selected_text(&session.settings.weights_player)
            .show_ui(ui, |ui| {
                for name in names {
                    ui.selectable_value(&mut session.settings.weights_player, name.clone(), name);
                }
            })
            .response
            .on_hover_text("Whose weights to show and edit; the Values colouring and the live analysis use them");
    });
    let preset = session.weights_preset().clone();
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
                session.set_weight(index, value);
            }
            ui.end_row();
        }
    });
    ui.horizontal(|ui| {
        if ui
            .button("Def")
            .on_hover_text("Restore the built-in weights of this player")
            .clicked()
        {
            session.restore_weights();
        }
        let unsaved = session.has_unsaved_weights();
        if ui
            .add_enabled(unsaved, egui::Button::new("Save"))
            .on_hover_text("Save the edited weights in your presets folder (also done on exit)")
            .clicked()
        {
            session.save_presets();
        }
        if ui
            .button("Import…")
            .on_hover_text("Read a preset file (.ron) into your presets")
            .clicked()
        {
            session.ask_file(FileTask::ImportPreset);
        }
        if ui
            .button("Export…")
            .on_hover_text("Write this player as a preset file (.ron)")
            .clicked()
        {
            session.ask_file(FileTask::ExportPreset);
        }
    });
    ui.separator();
    legend(ui, session);
}

/// The colours of the Categories overlay with the values of the weights player.
fn legend(ui: &mut egui::Ui, session: &mut Session) {
    let weights = session.weights_preset().weights;
    ui.strong("Legend").on_hover_text(
        "Cats (c) colours cells by category, Vals (v) by value: blue good, orange bad",
    );
    egui::Grid::new("legend").num_columns(4).show(ui, |ui| {
        for category in Category::ALL {
            let value = weights.category(category);
            swatch(ui, palette::category(category));
            ui.label(category.label());
            swatch(ui, palette::category_value(&weights, category));
            ui.monospace(value.to_string());
            ui.end_row();
        }
    });
}

fn swatch(ui: &mut egui::Ui, color: egui::Color32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
    ui.painter().rect_filled(rect, 2.0, color);
}
