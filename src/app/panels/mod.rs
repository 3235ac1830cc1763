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
mod review;
mod sections;
mod solve;
mod tournament;
mod tune;
mod view3d;
mod weights;

use super::pane::Pane;
use super::session::Session;

/// Draws `pane`.
pub fn show(pane: Pane, ui: &mut egui::Ui, session: &mut Session) {
    match pane {
        Pane::Game => game::show(ui, session),
        Pane::View3d => view3d::show(ui, session),
        Pane::Sections => sections::show(ui, session),
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

/// A switch drawn as a toggle button with a tooltip.
pub(super) fn toggle(ui: &mut egui::Ui, value: &mut bool, label: &str, tip: &str) -> bool {
    ui.toggle_value(value, label).on_hover_text(tip).changed()
}
