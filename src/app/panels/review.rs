//! The Review panel: the reference over every position of the game — the eval graph (the
//! reference's value for Red beside the values the engines reported while playing), the loss of
//! every move per side, the mistakes above the thresholds, and a summary per side. A click on
//! a graph or a mistake goes to that move in the History. Before any review the eval graph
//! grows from the engines' values as the game is played.

use egui_plot::{Bar, BarChart, Line, MarkerShape, Plot, PlotPoints, Points};

use super::ValueAxis;
use crate::app::palette;
use crate::app::session::{GameRequest, ReviewContext, ReviewRequest, Session};
use engine::Color;
use engine::notation::format_cell_in;
use lab::ai::reference::{ReferenceSettings, ScoreUnit};
use lab::ai::review::{MistakeThresholds, RedValue, Review, ReviewedMove};
use lab::ai::score_unit::DECISIVE;

/// Draws the panel.
pub fn show(ui: &mut egui::Ui, session: &mut Session) {
    session.review_panel(|context| draw(ui, context));
}

fn draw(ui: &mut egui::Ui, context: &mut ReviewContext) {
    controls(ui, context);
    let thresholds = context.form.thresholds();
    let review = context.reviewed.and_then(|r| r.review.as_ref());
    egui::ScrollArea::vertical().show(ui, |ui| {
        if let Some(review) = review {
            egui::ScrollArea::horizontal()
                .id_salt("review summary")
                .show(ui, |ui| summary(ui, review, &thresholds));
        }
        ui.strong("Value for Red").on_hover_text(
            "Value for Red after every move: the reference's line, each engine's own value as \
             points; click to go to that move",
        );
        eval_graph(ui, context, review);
        if let Some(review) = review {
            ui.strong("Loss per move")
                .on_hover_text("What each played move lost against the reference's best");
            loss_chart(ui, context, review);
            mistakes(ui, context, review, &thresholds);
        }
    });
}

fn controls(ui: &mut egui::Ui, context: &mut ReviewContext) {
    ui.horizontal(|ui| {
        if context.reviewing {
            if ui
                .button("Stop")
                .on_hover_text("Stop the review; positions done stay cached")
                .clicked()
            {
                context.requests.push(ReviewRequest::Stop);
            }
        } else if ui
            .add_enabled(
                !context.game.moves().is_empty(),
                egui::Button::new("Review game"),
            )
            .on_hover_text(
                "Run the reference (set in Compare) over every position of the game; positions \
                 analysed before are reused",
            )
            .clicked()
        {
            context.requests.push(ReviewRequest::Review);
        }
        // Without a learned evaluation for the board, the reference's heuristic scores are in
        // the nine weights' units, and so need a threshold of their own.
        let learned = ReferenceSettings::learned_evaluation(context.game.shape, context.rules);
        let form = &mut *context.form;
        ui.label("Mistake above");
        ui.add(egui::DragValue::new(&mut form.disc_threshold).range(1..=512))
            .on_hover_text("A loss of more discs than this is a mistake");
        ui.label("discs");
        if learned.is_none() {
            ui.label("/");
            ui.add(egui::DragValue::new(&mut form.eval_threshold).range(1..=100_000))
                .on_hover_text(
                    "No learned evaluation for this board: the reference's heuristic scores \
                     are in the nine weights' units, and a loss of more units than this is a \
                     mistake",
                );
            ui.label("eval units");
        }
    });
    if let Some(reviewed) = context.reviewed {
        let (done, total) = (reviewed.values_so_far.len(), reviewed.total);
        let fraction = done as f32 / total.max(1) as f32;
        let text = if reviewed.review.is_some() {
            format!("reviewed {total} positions")
        } else if reviewed.stopped {
            format!("stopped at {done}/{total}")
        } else {
            format!("position {done}/{total}")
        };
        super::progress::show(ui, fraction, text, &reviewed.settings.describe());
        if context.game.moves().len() > reviewed.moves.len() {
            ui.small("The game went on after the review: review again to include the new moves.");
        }
    }
}

fn summary(ui: &mut egui::Ui, review: &Review, thresholds: &MistakeThresholds) {
    let with_eval = review.has_eval_losses();
    egui::Grid::new("review summary")
        .num_columns(6)
        .striped(true)
        .show(ui, |ui| {
            ui.strong("Side");
            ui.strong("Moves");
            ui.strong("Agreement");
            ui.strong("Loss (discs)")
                .on_hover_text("Losses added up, and their mean a move");
            if with_eval {
                ui.strong("Loss (eval units)")
                    .on_hover_text("Losses in the nine weights' units, before the exact endgame");
            }
            ui.strong("Mistakes");
            ui.end_row();
            for color in [Color::Red, Color::Green] {
                let side = review.summary(color, thresholds);
                let tally = |t: lab::ai::review::LossTally| match t.mean() {
                    Some(mean) => format!("{:.1} (mean {mean:.2})", t.total),
                    None => "—".to_string(),
                };
                ui.colored_label(palette::disc(color), format!("{color:?}"));
                ui.label(side.moves.to_string());
                ui.label(
                    side.agreement()
                        .map_or_else(|| "—".to_string(), |a| format!("{:.0} %", a * 100.0)),
                )
                .on_hover_text("Moves that were one of the reference's best");
                ui.label(tally(side.discs));
                if with_eval {
                    let proven = match side.proven {
                        0 => String::new(),
                        n => format!(" + {n} proven results"),
                    };
                    ui.label(tally(side.eval) + &proven).on_hover_text(
                        "A move that gave up a proven result (or chose an estimate over a \
                         proven win) lost no number of units: it is counted apart",
                    );
                }
                ui.label(side.mistakes.to_string());
                ui.end_row();
            }
        });
}

/// A value to plot: decided results (±DECISIVE + margin) are drawn at ±`cap`.
fn plotted(value: i32, cap: f64) -> f64 {
    if value.abs() >= DECISIVE {
        cap * f64::from(value.signum())
    } else {
        f64::from(value).clamp(-cap, cap)
    }
}

/// A value for Red at a move of the game, in its unit.
#[derive(Clone, Copy)]
struct Point {
    ply: usize,
    value: i32,
    unit: ScoreUnit,
}

/// The eval graph's vertical scale: one disc scale for every value in discs and, when a
/// reference or an engine scored in the nine weights' units, those units beside it.
struct Scale {
    /// The largest height drawn (evaluation units, or discs when there are none).
    cap: f64,
    /// How many evaluation units one disc is drawn as (1 when every value is in discs).
    disc_scale: f64,
}

impl Scale {
    fn of(points: &[Point]) -> Scale {
        let largest = (points.iter())
            .filter(|p| p.unit == ScoreUnit::Eval && p.value.abs() < DECISIVE)
            .map(|p| p.value.abs())
            .max()
            .unwrap_or(0);
        Scale {
            cap: f64::from(largest.max(64)) * 1.1,
            // A full board's margin reaches the top of the evaluation's range, so that the
            // line stays readable.
            disc_scale: (f64::from(largest) / 64.0).round().max(1.0),
        }
    }

    fn y(&self, point: Point) -> f64 {
        match point.unit {
            ScoreUnit::Discs => {
                let limit = self.cap / self.disc_scale;
                point
                    .unit
                    .measure(f64::from(point.value))
                    .clamp(-limit, limit)
                    * self.disc_scale
            }
            ScoreUnit::Eval => plotted(point.value, self.cap),
        }
    }
}

/// The height a chart shows for values up to `extent`: `extent` rounded up to a half step of
/// its order of magnitude (37 → 40, 105 → 150, 12 → 15), so that a chart growing point by
/// point during a review keeps its scale until a value passes the bound.
fn steady_bound(extent: f64) -> f64 {
    if extent <= 0.0 {
        return 1.0;
    }
    let half_step = 10f64.powf(extent.log10().floor()) / 2.0;
    (extent / half_step).ceil() * half_step
}

/// Each AI move's own value (by the side that moved), for Red.
fn engine_points(context: &ReviewContext) -> Vec<(Color, Point)> {
    (context.costs.iter())
        .filter_map(|c| {
            let point = Point {
                ply: c.number,
                value: c.red_value?,
                unit: c.unit,
            };
            Some((c.color, point))
        })
        .collect()
}

/// The reference's value of each position reviewed for Red, and whether it is exact: the
/// finished review's, or while it runs those of the positions done so far (both in the order
/// of the game).
fn reference_points(review: Option<&Review>, so_far: &[RedValue]) -> Vec<(Point, bool)> {
    let values = review.map_or(so_far, |review| review.red_values.as_slice());
    values
        .iter()
        .map(|v| {
            let point = Point {
                ply: v.ply,
                value: v.value,
                unit: v.unit,
            };
            (point, v.exact)
        })
        .collect()
}

fn eval_graph(ui: &mut egui::Ui, context: &mut ReviewContext, review: Option<&Review>) {
    let so_far = (context.reviewed).map_or(&[][..], |r| r.values_so_far.as_slice());
    let (engines, reference) = (engine_points(context), reference_points(review, so_far));
    if engines.is_empty() && reference.is_empty() {
        ui.label("No values yet: the graph grows as AI players move, or press Review game.");
        return;
    }
    let all: Vec<Point> = (engines.iter().map(|e| e.1))
        .chain(reference.iter().map(|r| r.0))
        .collect();
    let scale = Scale::of(&all);
    let with_eval = all.iter().any(|p| p.unit == ScoreUnit::Eval);
    let cursor = context.game.cursor() as f64;
    let exact_name = "exact";
    super::series_legend(
        ui,
        &[
            ("reference", super::series_colour(0)),
            (exact_name, super::series_colour(1)),
            ("Red's engine", palette::disc(Color::Red)),
            ("Green's engine", palette::disc(Color::Green)),
            ("shown", palette::BEST),
        ],
    );
    if with_eval {
        ui.label(
            egui::RichText::new(format!(
                "values in the nine weights' units and in discs: a disc is drawn as {} units",
                scale.disc_scale
            ))
            .small()
            .weak(),
        );
    }
    let xy = |p: Point| [p.ply as f64, scale.y(p)];
    let height = steady_bound(all.iter().map(|&p| scale.y(p).abs()).fold(0.0, f64::max));
    let response = Plot::new("eval graph")
        .height(180.0)
        .include_x(0.0)
        .include_x(context.game.moves().len() as f64)
        .include_y(-height)
        .include_y(height)
        .x_axis_label("move")
        .value_axis(if with_eval {
            "value for Red (eval units)"
        } else {
            "value for Red (discs)"
        })
        .allow_drag(false)
        .allow_scroll(false)
        .show(ui, |plot| {
            if !reference.is_empty() {
                let line: Vec<[f64; 2]> = reference.iter().map(|r| xy(r.0)).collect();
                plot.line(
                    Line::new("reference", PlotPoints::from(line))
                        .width(2.0)
                        .color(super::series_colour(0)),
                );
                let exact: Vec<[f64; 2]> = (reference.iter().filter(|r| r.1))
                    .map(|r| xy(r.0))
                    .collect();
                plot.points(
                    Points::new(exact_name, PlotPoints::from(exact))
                        .shape(MarkerShape::Diamond)
                        .radius(3.0)
                        .color(super::series_colour(1)),
                );
            }
            for color in [Color::Red, Color::Green] {
                let points: Vec<[f64; 2]> = (engines.iter().filter(|e| e.0 == color))
                    .map(|e| xy(e.1))
                    .collect();
                plot.points(
                    Points::new(format!("{color:?}'s engine"), PlotPoints::from(points))
                        .color(palette::disc(color))
                        .shape(MarkerShape::Circle)
                        .radius(3.0),
                );
            }
            plot.vline(egui_plot::VLine::new("shown", cursor).color(palette::BEST));
        });
    follow_click(context, &response, "Eval graph");
}

fn loss_chart(ui: &mut egui::Ui, context: &mut ReviewContext, review: &Review) {
    let with_eval = review.has_eval_losses();
    let bars = |color: Color| {
        let bars: Vec<Bar> = review
            .moves
            .iter()
            .filter(|m| m.mover == color)
            .map(|m| Bar::new(m.ply as f64 + 1.0, bar_height(m)).width(0.8))
            .collect();
        BarChart::new(format!("{color:?}"), bars).color(palette::disc(color))
    };
    let red_green = [
        ("Red", palette::disc(Color::Red)),
        ("Green", palette::disc(Color::Green)),
    ];
    super::series_legend(ui, &red_green);
    let tallest = review.moves.iter().map(bar_height).fold(0.0, f64::max);
    let response = Plot::new("loss chart")
        .height(140.0)
        .include_x(0.0)
        .include_x(context.game.moves().len() as f64 + 1.0)
        .include_y(0.0)
        .include_y(steady_bound(tallest))
        .x_axis_label("move")
        .value_axis(if with_eval {
            "loss (eval units; discs when exact)"
        } else {
            "loss (discs)"
        })
        .allow_drag(false)
        .allow_scroll(false)
        .show(ui, |plot| {
            plot.bar_chart(bars(Color::Red));
            plot.bar_chart(bars(Color::Green));
        });
    follow_click(context, &response, "Loss chart");
}

/// How tall a move's bar stands in the loss chart: its loss, a decisive one cut to a fixed
/// height.
fn bar_height(reviewed: &ReviewedMove) -> f64 {
    if reviewed.loss.amount >= DECISIVE {
        f64::from(DECISIVE / 1000)
    } else {
        reviewed.loss.measure()
    }
}

/// Goes to the move under a click on a chart (its x is the number of moves played), and names
/// the chart for screen readers and tests.
fn follow_click(context: &mut ReviewContext, response: &egui_plot::PlotResponse<()>, name: &str) {
    response
        .response
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, name.to_string()));
    if response.response.clicked()
        && let Some(pointer) = response.response.interact_pointer_pos()
    {
        let x = response.transform.value_from_position(pointer).x;
        let ply = x.round().clamp(0.0, context.game.moves().len() as f64) as usize;
        context
            .requests
            .push(ReviewRequest::Game(GameRequest::GoTo(ply)));
    }
}

fn mistakes(
    ui: &mut egui::Ui,
    context: &mut ReviewContext,
    review: &Review,
    thresholds: &MistakeThresholds,
) {
    let (shape, notation) = (context.game.shape, context.notation);
    let list: Vec<_> = review.mistakes(thresholds).cloned().collect();
    ui.strong(format!("Mistakes ({})", list.len()));
    for reviewed in list {
        let best: Vec<String> = reviewed
            .best
            .iter()
            .map(|&c| format_cell_in(shape, c, notation))
            .collect();
        let text = format!(
            "{}. {:?} {} — loses {} (best {})",
            reviewed.ply + 1,
            reviewed.mover,
            format_cell_in(shape, reviewed.cell, notation),
            reviewed.loss.text(),
            best.join(" "),
        );
        if ui
            .link(egui::RichText::new(text).color(palette::disc(reviewed.mover)))
            .on_hover_text("Go to the position before this move")
            .clicked()
        {
            let go_to = GameRequest::GoTo(reviewed.ply);
            context.requests.push(ReviewRequest::Game(go_to));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::steady_bound;

    #[test]
    fn a_chart_bound_covers_its_values_and_holds_while_they_grow_a_little() {
        assert_eq!(steady_bound(0.0), 1.0);
        assert_eq!(steady_bound(12.0), 15.0);
        assert_eq!(steady_bound(37.0), 40.0);
        assert_eq!(steady_bound(105.0), 150.0);
        for tenth in 1..2000 {
            let extent = f64::from(tenth) / 10.0;
            assert!(steady_bound(extent) >= extent, "{extent}");
        }
        // Values from 35.1 to 40 discs keep one scale.
        assert!((351..=400).all(|tenth| steady_bound(f64::from(tenth) / 10.0) == 40.0));
    }
}
