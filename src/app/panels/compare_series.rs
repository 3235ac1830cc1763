//! The Compare panel's comparison over many positions: sampled from self-play among the
//! contestants on the current board, judged against the reference, with each player's
//! agreement and losses and a live chart of the mean loss by game stage.

use egui_plot::{Line, Plot, PlotPoints};

use super::ValueAxis;
use crate::app::session::{CompareContext, CompareRequest};
use lab::ai::compare_report::{PlayerStats, mean, median};

/// Draws the section.
pub fn show(ui: &mut egui::Ui, context: &mut CompareContext) {
    controls(ui, context);
    let Some(series) = context.judge.series().series() else {
        ui.small("Judges every contestant on positions from games among them on this board.");
        return;
    };
    let done = series.compared.len();
    let (fraction, headline) = match series.total {
        None if series.ended => (0.0, "stopped while sampling".to_string()),
        None => (0.0, "sampling positions from self-play…".to_string()),
        Some(total) => (
            done as f32 / total.max(1) as f32,
            format!("{done}/{total} positions"),
        ),
    };
    super::progress::show(ui, fraction, headline, &series.reference.to_string());
    let report = series.report();
    // A reference by nine weights (a board without a learned evaluation) loses in its units
    // before the exact endgame; by a learned evaluation every loss is in discs.
    let with_eval = report.has_eval_losses();
    egui::Grid::new("series table")
        .num_columns(6)
        .striped(true)
        .show(ui, |ui| {
            ui.strong("Player");
            ui.strong("Best %");
            if with_eval {
                ui.strong("Mean eval");
                ui.strong("Median eval");
            }
            ui.strong("Mean discs");
            ui.strong("Median discs");
            ui.end_row();
            for (name, stats) in series.names.iter().zip(&report.overall) {
                ui.label(name);
                row(ui, stats, with_eval);
                ui.end_row();
            }
        });
    let lines: Vec<(String, Vec<[f64; 2]>)> = series
        .names
        .iter()
        .enumerate()
        .map(|(player, name)| {
            let points = report
                .stages
                .iter()
                .filter_map(|stage| {
                    let stats = &stage.players[player];
                    let loss = mean(if with_eval { &stats.eval } else { &stats.discs })?;
                    let middle = (stage.most_empties + stage.fewest_empties) as f64 / 2.0;
                    Some([series.start_empties as f64 - middle, loss])
                })
                .collect();
            (name.clone(), points)
        })
        .collect();
    let named: Vec<(&str, egui::Color32)> = lines
        .iter()
        .enumerate()
        .map(|(index, (name, _))| (name.as_str(), super::series_colour(index)))
        .collect();
    super::series_legend(ui, &named);
    Plot::new("series by stage")
        .height(150.0)
        .x_axis_label("moves played")
        .value_axis(if with_eval {
            "mean loss (eval units)"
        } else {
            "mean loss (discs)"
        })
        .allow_scroll(false)
        .show(ui, |plot| {
            for (index, (name, points)) in lines.into_iter().enumerate() {
                let line = Line::new(name, PlotPoints::from(points)).width(2.0);
                plot.line(line.color(super::series_colour(index)));
            }
        })
        .response
        .on_hover_text(if with_eval {
            "Mean loss in the nine weights' evaluation units by game stage (exact stages, in \
             discs, are in the table)"
        } else {
            "Mean loss in discs by game stage"
        });
}

fn controls(ui: &mut egui::Ui, context: &mut CompareContext) {
    let running = context.judge.series().is_running();
    ui.horizontal(|ui| {
        let form = &mut *context.form;
        ui.label("Positions");
        ui.add(egui::DragValue::new(&mut form.positions).range(2..=5000))
            .on_hover_text("How many positions to sample from self-play");
        ui.label("seed");
        ui.add(egui::DragValue::new(&mut form.seed))
            .on_hover_text("The same seed samples the same positions");
        if running {
            if ui
                .button("Stop")
                .on_hover_text("Stop; the positions judged are kept")
                .clicked()
            {
                context.requests.push(CompareRequest::StopSeries);
            }
        } else if ui
            .button("Compare over positions")
            .on_hover_text("Sample the positions and judge every contestant on each")
            .clicked()
        {
            context.requests.push(CompareRequest::StartSeries);
        }
    });
}

fn row(ui: &mut egui::Ui, stats: &PlayerStats, with_eval: bool) {
    let figure = |value: Option<f64>| value.map_or("—".to_string(), |v| format!("{v:.1}"));
    ui.label(figure(stats.agreement().map(|a| 100.0 * a)));
    if with_eval {
        ui.label(figure(mean(&stats.eval)));
        ui.label(figure(median(&stats.eval)));
    }
    ui.label(figure(mean(&stats.discs)));
    ui.label(figure(median(&stats.discs)));
}
