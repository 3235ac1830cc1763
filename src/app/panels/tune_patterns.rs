//! The Tune panel's pattern mode: training a board's pattern evaluation in rounds — the
//! set-up, Start/Stop/Resume, the position set's progress, the fit's errors in discs
//! iteration by iteration, the verification match's running score with its interval, the
//! rounds so far, and the best fit to use as a player.

use super::ValueAxis;
use super::form_row;
use egui_plot::{Line, Plot, PlotPoints};

use super::contest::{board_row, net_colour, workers_and_seed_rows};
use super::run_charts::{LIVE_ONLY, loss_chart, run_head, verification_chart};
use crate::app::session::TuneContext;
use crate::app::{PatternForm, RoundsView};
use lab::ai::selfplay::GameSettings;
use lab::tune::pattern_rounds::PatternRoundsState;

/// What a training run shows: its status, its rounds, the fit's errors and the verification
/// match.
pub(super) fn run_sections(ui: &mut egui::Ui, view: &RoundsView<PatternRoundsState>) {
    run_head(ui, view);
    rounds(ui, view);
    ui.separator();
    round_chart(ui, view);
    let live = &view.live;
    if live.steps.is_empty() {
        ui.weak(LIVE_ONLY);
        return;
    }
    loss_chart(ui, "pattern errors", &live.steps, "error (discs, rms)");
    verification_chart(
        ui,
        &live.verification,
        live.verification_games,
        "Verification: the fit's score against the best so far",
    );
}

/// The held-out errors of every finished round's fit, in discs.
fn round_chart(ui: &mut egui::Ui, view: &RoundsView<PatternRoundsState>) {
    let history = &view.state.history;
    if history.is_empty() {
        return;
    }
    let rms: Vec<[f64; 2]> = (history.iter())
        .map(|r| [f64::from(r.round), r.holdout.0])
        .collect();
    let exact: Vec<[f64; 2]> = (history.iter())
        .filter_map(|r| Some([f64::from(r.round), r.holdout.1?]))
        .collect();
    ui.strong("Rounds: held-out error (discs)").on_hover_text(
        "Each round's fit on the held-out games: root mean square over all their positions, \
         and mean absolute on those with exact scores",
    );
    super::series_legend(
        ui,
        &[
            ("held out, rms", net_colour(1)),
            ("exact, mean absolute", super::series_colour(1)),
        ],
    );
    Plot::new("pattern rounds chart")
        .height(140.0)
        .x_axis_label("round")
        .value_axis("discs")
        .include_y(0.0)
        .allow_scroll(false)
        .show(ui, |plot| {
            plot.line(Line::new("held out, rms", PlotPoints::from(rms)).color(net_colour(1)));
            plot.line(
                Line::new("exact, mean absolute", PlotPoints::from(exact))
                    .color(super::series_colour(1)),
            );
        });
}

pub(super) fn set_up(ui: &mut egui::Ui, context: &mut TuneContext) {
    let state = (context.runs.training.view().is_none(), context.is_running());
    let first = context.player.as_str();
    super::contest::set_up_section(ui, "pattern set-up", state, |ui| {
        ui.label("First to beat");
        ui.label(first).on_hover_text(
            "The Weights panel's player: the first fit must beat it, and its nine \
                         weights order the shallow nodes of every search",
        );
        ui.end_row();
        form_rows(ui, context.patterns);
    });
}

/// The rows of the run's settings.
fn form_rows(ui: &mut egui::Ui, form: &mut PatternForm) {
    board_row(
        ui,
        "patterns",
        &mut form.board,
        "The board whose evaluation is trained",
    );
    form_row(
        ui,
        "Rounds",
        egui::DragValue::new(&mut form.rounds).range(0..=1000),
        "Rounds after round 0 (exact endgame scores)",
    );
    form_row(
        ui,
        "Growing over",
        egui::DragValue::new(&mut form.growing_rounds)
            .range(1..=1000)
            .suffix(" rounds"),
        "The stages drawn grow from the endgame to the whole game over these rounds",
    );
    let tip = "Positions drawn from self-play games of the nine-weight players";
    super::contest::positions_row(ui, &mut form.count, tip);
    form_row(
        ui,
        "Opening plies",
        egui::DragValue::new(&mut form.openings)
            .range(0..=GameSettings::max_opening_plies(form.board)),
        "Random moves opening the sets' games and the verification matches. The 2D boards \
         have only 244 openings of 4 plies: more give varied games, and verification on \
         openings the training has not played",
    );
    ui.label("Exact up to");
    let full = form.board.start_empties();
    ui.add(
        egui::DragValue::new(&mut form.exact_empties)
            .range(1..=full)
            .suffix(" empties"),
    )
    .on_hover_text("Round 0 scores positions with at most this many empty cells exactly");
    ui.end_row();
    form_row(
        ui,
        "Label depth",
        egui::DragValue::new(&mut form.label_depth).range(1..=30),
        "Later rounds label each position with a search by the best fit at this depth \
             (exact from 4 more empty cells, at most 14)",
    );
    form_row(
        ui,
        "Both parities",
        egui::Checkbox::new(&mut form.both_parities, "also one ply shallower"),
        "Label the same positions a second time one ply shallower and fit both: the \
         evaluation then agrees with searches of even and odd depth, and values stop jumping \
         between depths (BENCHMARKS.md, the odd–even effect: up to 9.5 discs on 4×4×4 before, \
         2.2 after). About a third more time; as strong on the cubes, weaker at depth 6 on 8×8",
    );
    form_row(
        ui,
        "Parity",
        egui::Checkbox::new(&mut form.parity, "even empties weighed"),
        "Each fit also weighs, phase by phase, an even number of empty cells: who is due the \
         last move, which tables spanning several empty counts cannot tell (a fit of 40,000 \
         exact 6×6×6 scores at ≤ 14 empties: 6.5 → 5.5 discs mean absolute error held out)",
    );
    super::contest::verification_row(
        ui,
        (&mut form.verify_games, &mut form.verify_depth),
        "Games of each fit against the best so far, on openings of their own; more than half \
         the points makes the fit the best",
        "Search depth of the verification games (strong search)",
    );
    workers_and_seed_rows(ui, &mut form.workers, &mut form.seed);
}

/// The finished rounds: stages, positions, errors, the match, accepted or not.
fn rounds(ui: &mut egui::Ui, view: &RoundsView<PatternRoundsState>) {
    let state = &view.state;
    if state.history.is_empty() {
        return;
    }
    let best = state.best().map_or(state.settings.start.name.clone(), |b| {
        b.player_name(&state.settings.name)
    });
    ui.strong(format!(
        "Rounds: {} of {} · best {best}",
        state.history.len(),
        state.settings.rounds + 1,
    ));
    let table = egui::ScrollArea::horizontal().id_salt("pattern rounds table");
    table.show(ui, |ui| {
        egui::Grid::new("pattern rounds")
            .striped(true)
            .num_columns(6)
            .show(ui, |ui| {
                let headers = [
                    ("round", "From 0"),
                    ("stages", "The empty cells of the positions drawn"),
                    ("fitted", "Positions fitted (every round's sets so far)"),
                    (
                        "held out",
                        "Error on the held-out games, in discs (root mean square)",
                    ),
                    (
                        "exact",
                        "Mean absolute error on the held-out exact scores, in discs",
                    ),
                    ("W-D-L", "The fit against the best so far"),
                ];
                for (header, tip) in headers {
                    ui.strong(header).on_hover_text(tip);
                }
                ui.end_row();
                for round in &state.history {
                    let (wins, draws, losses) = round.record;
                    ui.label(round.round.to_string());
                    ui.label(match state.settings.stages(round.round) {
                        Some(most) => format!("≤ {most}"),
                        None => "all".to_string(),
                    });
                    ui.label(round.positions.0.to_string());
                    ui.label(format!("{:.2}", round.holdout.0));
                    ui.label(
                        round
                            .holdout
                            .1
                            .map_or("–".to_string(), |e| format!("{e:.2}")),
                    );
                    let verdict = if round.accepted {
                        "accepted"
                    } else {
                        "rejected"
                    };
                    ui.colored_label(
                        net_colour(wins as i32 - losses as i32),
                        format!("{wins}-{draws}-{losses} {verdict}"),
                    );
                    ui.end_row();
                }
            })
    });
}
