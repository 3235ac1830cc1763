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

/// A warning line when `player` has patterns of the board that games under these rules by
/// this search leave unread: it then plays by its nine weights, which nobody should take for
/// its patterns' play.
pub(super) fn unread_patterns_note(
    ui: &mut egui::Ui,
    player: &lab::ai::Preset,
    (shape, rules, search): (engine::Shape, engine::Rules, lab::ai::SearchKind),
) {
    let Some(reason) = player.unread_patterns(shape, rules, search) else {
        return;
    };
    let remedy = match reason {
        lab::players::preset::UnreadPatterns::ClassicSearch => {
            "Choose the strong search to play by its learned patterns"
        }
        lab::players::preset::UnreadPatterns::OtherRules => {
            "Its learned patterns score the classic game only"
        }
    };
    ui.colored_label(
        ui.visuals().warn_fg_color,
        format!("⚠ {} plays by its nine weights here: {reason}", player.name),
    )
    .on_hover_text(remedy);
}

/// A row of a form's grid: `label`, then `widget` with its tooltip `tip`.
pub(super) fn form_row(ui: &mut egui::Ui, label: &str, widget: impl egui::Widget, tip: &str) {
    ui.label(label);
    ui.add(widget).on_hover_text(tip);
    ui.end_row();
}

/// A chart's value axis: named, and its ticks on steps of 1, 2 or 5 times a power of ten,
/// labelled from 16 points apart. egui_plot's own ticks step by powers of ten and are
/// labelled from 20 points apart: a chart 140 points high spanning ±7.5 labelled its 0 alone.
pub(super) trait ValueAxis {
    /// This chart with the value axis named `label`.
    fn value_axis(self, label: impl Into<egui::WidgetText>) -> Self;
}

impl ValueAxis for egui_plot::Plot<'_> {
    fn value_axis(self, label: impl Into<egui::WidgetText>) -> Self {
        let axis = egui_plot::AxisHints::new_y()
            .label(label)
            .label_spacing(16.0..=24.0);
        self.custom_y_axes(vec![axis])
            .y_grid_spacer(egui_plot::uniform_grid_spacer(|input| {
                one_two_five_steps(input.base_step_size)
            }))
    }
}

/// A chart's tick steps, finest first, each a multiple of the one before: the finest is the
/// smallest of 1, 2 or 5 times a power of ten not below `base` (the finest step the chart can
/// draw); the next two are 5 and 10 times a step of 1, 5 and 10 times a step of 2, 2 and 10
/// times a step of 5 (a 2-step beside a 5-step would label 4 and 5 on top of each other).
fn one_two_five_steps(base: f64) -> [f64; 3] {
    /// Each finest step's multiple of a power of ten, and the two coarser steps' multiples of it.
    const LADDERS: [(f64, [f64; 2]); 4] = [
        (1.0, [5.0, 10.0]),
        (2.0, [5.0, 10.0]),
        (5.0, [2.0, 10.0]),
        (10.0, [5.0, 10.0]),
    ];
    let power = 10f64.powf(base.max(f64::MIN_POSITIVE).log10().floor());
    let (multiple, [middle, coarse]) = (LADDERS.into_iter())
        .find(|&(multiple, _)| multiple * power >= base)
        .unwrap_or(LADDERS[3]);
    let finest = multiple * power;
    [finest, finest * middle, finest * coarse]
}

#[cfg(test)]
mod tests {
    use super::one_two_five_steps;

    #[test]
    fn chart_steps_are_one_two_five_from_the_finest_drawable() {
        assert_eq!(one_two_five_steps(0.8), [1.0, 5.0, 10.0]);
        assert_eq!(one_two_five_steps(1.0), [1.0, 5.0, 10.0]);
        assert_eq!(one_two_five_steps(1.5), [2.0, 10.0, 20.0]);
        assert_eq!(one_two_five_steps(3.0), [5.0, 10.0, 50.0]);
        assert_eq!(one_two_five_steps(6.0), [10.0, 50.0, 100.0]);
        assert_eq!(one_two_five_steps(120.0), [200.0, 1000.0, 2000.0]);
        let [fine, _, coarse] = one_two_five_steps(0.03);
        assert!((fine - 0.05).abs() < 1e-12 && (coarse - 0.5).abs() < 1e-12);
        // Each step is a whole multiple of the one before, so that no two labels collide.
        for tenth in 1..100_000 {
            let [fine, middle, coarse] = one_two_five_steps(f64::from(tenth) / 10.0);
            let whole = |ratio: f64| (ratio - ratio.round()).abs() < 1e-9;
            assert!(whole(middle / fine) && whole(coarse / middle), "{tenth}");
        }
    }
}
