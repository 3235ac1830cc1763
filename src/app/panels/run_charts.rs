//! What the Tune panel shows of a run's round in both its modes: the run buttons' tips, the
//! status, the position set's progress, the fit's training and hold-out values step by step,
//! and the verification match's running score.

use egui_plot::{Line, LineStyle, Plot, PlotPoints};

use super::ValueAxis;
use super::contest::{RunTips, net_colour};
use crate::app::rounds_desk::{MatchPoint, RoundsKind, RoundsView};
use lab::tune::round_run::FitStep;

/// What Stop and Resume say of a run in rounds (either mode's).
pub const ROUND_RUN_TIPS: RunTips = RunTips {
    stop: "Stop the run: the round in progress keeps its positions, Resume goes on from there",
    resume: "Continue the run shown from its checkpoint",
};

/// What a run shown without a round in progress says where its live charts would be.
pub const LIVE_ONLY: &str =
    "The fit's steps and the verification match show live while a round runs.";

/// The height of each chart.
pub const CHART_HEIGHT: f32 = 170.0;

/// The run's status line (the tooltip names its folder) and its position set's progress
/// while it grows.
pub fn run_head<S: RoundsKind>(ui: &mut egui::Ui, view: &RoundsView<S>) {
    ui.label(&view.status).on_hover_text(format!(
        "Position sets, fits, accepted players and the checkpoint in {}",
        view.folder.display()
    ));
    if let Some(progress) = view.live.positions {
        let fraction = progress.records as f32 / progress.count.max(1) as f32;
        let headline = format!("positions {} of {}", progress.records, progress.count);
        let rate = format!("{:.0} positions a minute", 60.0 * progress.rate());
        super::progress::show(ui, fraction, headline, &rate);
    }
}

/// The training and hold-out errors of a round's fit, step by step, the error's name on
/// the axis.
pub fn loss_chart(ui: &mut egui::Ui, id: &str, steps: &[impl FitStep], loss: &str) {
    let line = |pick: fn((usize, f64, f64)) -> f64| -> Vec<[f64; 2]> {
        (steps.iter().map(FitStep::errors))
            .map(|errors| [errors.0 as f64, pick(errors)])
            .collect()
    };
    ui.strong(format!("Fit: {loss} per step")).on_hover_text(
        "On the training positions and on the held-out games (every tenth game); the fit \
         keeps the step with the lowest hold-out value",
    );
    super::series_legend(
        ui,
        &[
            ("training", super::series_colour(1)),
            ("hold-out", net_colour(1)),
        ],
    );
    Plot::new(id)
        .height(CHART_HEIGHT)
        .x_axis_label("step")
        .value_axis(loss)
        .allow_scroll(false)
        .show(ui, |plot| {
            plot.line(
                Line::new("training", PlotPoints::from(line(|e| e.1)))
                    .color(super::series_colour(1)),
            );
            plot.line(Line::new("hold-out", PlotPoints::from(line(|e| e.2))).color(net_colour(1)));
        });
}

/// A verification match's running score with its 95 % interval, after every game of
/// `games`.
pub fn verification_chart(ui: &mut egui::Ui, points: &[MatchPoint], games: u32, title: &str) {
    let score_of = |elo: f64| 100.0 / (1.0 + 10f64.powf(-elo / 400.0));
    let series = |pick: &dyn Fn(&MatchPoint) -> f64| -> Vec<[f64; 2]> {
        points
            .iter()
            .map(|point| [f64::from(point.games), pick(point)])
            .collect()
    };
    ui.strong(title).on_hover_text(
        "Score in percent after every game, with its 95 % interval; above 50 % at the end \
         makes the candidate the best",
    );
    super::series_legend(
        ui,
        &[
            ("score", net_colour(1)),
            ("95 % interval", egui::Color32::GRAY),
        ],
    );
    Plot::new("tune verification")
        .height(CHART_HEIGHT)
        .x_axis_label("games")
        .value_axis("score %")
        .include_x(f64::from(games.max(2)))
        .include_y(0.0)
        .include_y(100.0)
        .allow_scroll(false)
        .show(ui, |plot| {
            let score = series(&|p| 100.0 * p.score);
            plot.line(Line::new("score", PlotPoints::from(score)).color(net_colour(1)));
            for (name, bound) in [("95 % low", true), ("95 % high", false)] {
                let points = series(&|p| score_of(if bound { p.elo.low } else { p.elo.high }));
                plot.line(
                    Line::new(name, PlotPoints::from(points))
                        .style(LineStyle::dashed_dense())
                        .color(egui::Color32::GRAY),
                );
            }
            let even = vec![[0.0, 50.0], [f64::from(games), 50.0]];
            plot.line(Line::new("50 %", PlotPoints::from(even)).color(egui::Color32::GRAY));
        });
}
