//! The panels of the workspace, one file each.

mod analysis;
mod compare;
mod compare_series;
mod contest;
mod evolution;
mod game;
mod history;
mod logs;
mod moves;
mod progress;
mod review;
mod run_charts;
mod sections;
mod solve;
mod tournament;
mod tune;
mod tune_patterns;
mod view3d;
mod weights;

use super::pane::Pane;
use super::session::Session;
use super::view_settings::ViewSettings;

/// Draws `pane`; the boards are drawn with `view`.
pub fn show(pane: Pane, ui: &mut egui::Ui, session: &mut Session, view: &mut ViewSettings) {
    match pane {
        Pane::Game => game::show(ui, session, view),
        Pane::View3d => session.board_panel(view, |context| view3d::show(ui, context)),
        Pane::Sections => session.board_panel(view, |context| sections::show(ui, context)),
        Pane::Moves => moves::show(ui, session),
        Pane::Analysis => analysis::show(ui, session),
        Pane::Weights => weights::show(ui, session),
        Pane::History => history::show(ui, session),
        Pane::Logs => logs::show(ui, session),
        Pane::Tournament => tournament::show(ui, session),
        Pane::Evolution => evolution::show(ui, session),
        Pane::Compare => compare::show(ui, session),
        Pane::Review => review::show(ui, session),
        Pane::Tune => tune::show(ui, session),
    }
}

/// A chart's legend as a wrapped row of series names in their colours, drawn above the chart:
/// a legend inside the plot would cover the data.
pub(super) fn series_legend(ui: &mut egui::Ui, series: &[(&str, egui::Color32)]) {
    ui.horizontal_wrapped(|ui| {
        for &(name, color) in series {
            ui.label(
                egui::RichText::new(format!("■ {name}"))
                    .small()
                    .color(color),
            );
        }
    });
}

/// The legend of a chart of the nine weights, each in its series colour.
pub(super) fn weights_legend(ui: &mut egui::Ui) {
    let named: Vec<(&str, egui::Color32)> = engine::Weights::LABELS
        .iter()
        .enumerate()
        .map(|(index, label)| (*label, series_colour(index)))
        .collect();
    series_legend(ui, &named);
}

/// The colour of series `index` of a chart whose series have no colour of their own.
pub(super) fn series_colour(index: usize) -> egui::Color32 {
    const CYCLE: [egui::Color32; 9] = [
        egui::Color32::from_rgb(230, 159, 0),
        egui::Color32::from_rgb(86, 180, 233),
        egui::Color32::from_rgb(0, 158, 115),
        egui::Color32::from_rgb(240, 228, 66),
        egui::Color32::from_rgb(0, 114, 178),
        egui::Color32::from_rgb(213, 94, 0),
        egui::Color32::from_rgb(204, 121, 167),
        egui::Color32::from_rgb(200, 200, 200),
        egui::Color32::from_rgb(150, 110, 60),
    ];
    CYCLE[index % CYCLE.len()]
}

/// A switch drawn as a toggle button with a tooltip.
pub(super) fn toggle(ui: &mut egui::Ui, value: &mut bool, label: &str, tip: &str) -> bool {
    ui.toggle_value(value, label).on_hover_text(tip).changed()
}

/// A row of a form's grid: `label`, then `widget` with its tooltip `tip`.
pub(super) fn form_row(ui: &mut egui::Ui, label: &str, widget: impl egui::Widget, tip: &str) {
    ui.label(label);
    ui.add(widget).on_hover_text(tip);
    ui.end_row();
}
