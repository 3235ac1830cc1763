//! The Analysis panel: the value, depth reached, nodes in total and per level, speed, the
//! principal line, and a chart of the nodes each AI move of the game cost.

use egui_plot::{Bar, BarChart, Plot};

use super::ValueAxis;
use crate::app::palette;
use crate::app::session::{AnalysisContext, MoveCost, Session};
use engine::Color;
use engine::notation::format_cell_in;
use indicatif::HumanCount;

/// Draws the panel.
pub fn show(ui: &mut egui::Ui, session: &mut Session) {
    super::solve::show(ui, session);
    ui.separator();
    session.analysis_panel(|context| {
        figures(ui, context);
        ui.separator();
        costs_chart(ui, context.costs);
    });
}

/// The analysis shown: value, depth, nodes, time, speed, line, nodes per level.
fn figures(ui: &mut egui::Ui, context: &AnalysisContext) {
    match context.shown {
        Some(shown) => {
            let analysis = &shown.analysis;
            let (shape, notation) = (context.board.shape, context.notation);
            egui::Grid::new("analysis figures")
                .num_columns(2)
                .show(ui, |ui| {
                    let value = analysis
                        .best_score()
                        .map_or_else(|| "…".to_string(), |s| analysis.score_text(s));
                    let line: Vec<String> = analysis
                        .line
                        .iter()
                        .map(|&c| format_cell_in(shape, c, notation))
                        .collect();
                    let unit = if analysis.in_discs {
                        format!("discs, by {}'s patterns", shown.player)
                    } else {
                        format!("{}'s nine-weight units", shown.player)
                    };
                    let rows = [
                        ("Value", format!("{value} for {:?}", shown.mover)),
                        ("Unit", unit),
                        ("Depth reached", analysis.depth_text()),
                        ("Nodes", HumanCount(analysis.nodes.total()).to_string()),
                        (
                            "Time",
                            format!("{:.1} ms", analysis.elapsed.as_secs_f64() * 1000.0),
                        ),
                        ("Nodes/ms", format!("{:.0}", analysis.nodes_per_ms())),
                        (
                            "Line",
                            if line.is_empty() {
                                "—".to_string()
                            } else {
                                line.join(" ")
                            },
                        ),
                    ];
                    for (name, text) in rows {
                        ui.strong(name);
                        ui.add(egui::Label::new(text).wrap());
                        ui.end_row();
                    }
                });
            ui.collapsing("Nodes per level", |ui| {
                for (level, count) in analysis.nodes.levels().iter().enumerate() {
                    ui.monospace(format!("{level:>3} plies left  {count:>14}"));
                }
            })
            .header_response
            .on_hover_text("Nodes visited at each remaining depth");
        }
        None => {
            ui.label("No analysis of this position yet.");
        }
    }
}

/// The nodes each AI move of the game cost, by side.
fn costs_chart(ui: &mut egui::Ui, costs: &[MoveCost]) {
    ui.strong("Nodes per AI move")
        .on_hover_text("log10 of the nodes each AI move searched");
    let bars = |color: Color| {
        let points: Vec<Bar> = costs
            .iter()
            .filter(|c| c.color == color)
            .map(|c| Bar::new(c.number as f64, (c.nodes.max(1) as f64).log10()).width(0.8))
            .collect();
        BarChart::new(format!("{color:?}"), points).color(palette::disc(color))
    };
    if costs.is_empty() {
        ui.label("No AI move in this game yet.");
        return;
    }
    super::series_legend(
        ui,
        &[
            ("Red", palette::disc(Color::Red)),
            ("Green", palette::disc(Color::Green)),
        ],
    );
    Plot::new("nodes per move")
        .height(ui.available_height().max(120.0))
        .x_axis_label("move")
        .value_axis("log10 nodes")
        .allow_scroll(false)
        .show(ui, |plot| {
            plot.bar_chart(bars(Color::Red));
            plot.bar_chart(bars(Color::Green));
        });
}
