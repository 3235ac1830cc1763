//! The Tune panel's pattern mode: training a board's pattern evaluation in rounds — the
//! set-up, Start/Stop/Resume, the position set's progress, the fit's errors in discs
//! iteration by iteration, the verification match's running score with its interval, the
//! rounds so far, and the best fit to use as a player.

use egui_plot::{Line, Plot, PlotPoints};

use super::contest::{RunAction, board_row, net_colour, run_buttons, workers_and_seed_rows};
use super::run_charts::{
    ROUND_RUN_TIPS, loss_chart, positions_progress, run_status, verification_chart,
};
use crate::app::pattern_desk::{PatternForm, PatternView};
use crate::app::session::Session;

/// Draws the pattern mode (inside the panel's scroll area).
pub fn show(ui: &mut egui::Ui, session: &mut Session) {
    set_up(ui, session);
    ui.separator();
    run_row(ui, session);
    let Some(view) = session.pattern_training().view() else {
        ui.label("No run yet: Start trains the board's patterns.");
        return;
    };
    run_status(ui, &view.status, &view.folder);
    best_row(ui, session);
    let Some(view) = session.pattern_training().view() else {
        return;
    };
    positions_progress(ui, view.live.positions);
    rounds(ui, view);
    ui.separator();
    round_chart(ui, view);
    let live = &view.live;
    if live.epochs.is_empty() {
        ui.weak("The fit's errors and the verification match show live while a round runs.");
        return;
    }
    let epochs = live.epochs.iter();
    let errors = epochs
        .map(|e| (e.number as f64, e.training, e.holdout))
        .collect();
    loss_chart(ui, "pattern errors", errors, "error (discs, rms)");
    verification_chart(
        ui,
        &live.verification,
        live.verification_games,
        "Verification: the fit's score against the best so far",
    );
}

/// The held-out errors of every finished round's fit, in discs.
fn round_chart(ui: &mut egui::Ui, view: &PatternView) {
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
        .y_axis_label("discs")
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

fn set_up(ui: &mut egui::Ui, session: &mut Session) {
    let running = session.pattern_training().is_running();
    let fresh = session.pattern_training().view().is_none();
    let first = session.settings.weights_player.clone();
    let header = egui::CollapsingHeader::new("Set-up")
        .id_salt(("pattern set-up", fresh))
        .default_open(fresh);
    header.show(ui, |ui| {
        ui.add_enabled_ui(!running, |ui| {
            egui::Grid::new("pattern set-up")
                .num_columns(2)
                .show(ui, |ui| {
                    ui.label("First to beat");
                    ui.label(&first).on_hover_text(
                        "The Weights panel's player: the first fit must beat it, and its nine \
                         weights order the shallow nodes of every search",
                    );
                    ui.end_row();
                    form_rows(ui, &mut session.settings.train_patterns);
                });
        })
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
    ui.label("Rounds");
    ui.add(egui::DragValue::new(&mut form.rounds).range(0..=1000))
        .on_hover_text("Rounds after round 0 (exact endgame scores)");
    ui.end_row();
    ui.label("Growing over");
    ui.add(
        egui::DragValue::new(&mut form.growing_rounds)
            .range(1..=1000)
            .suffix(" rounds"),
    )
    .on_hover_text("The stages drawn grow from the endgame to the whole game over these rounds");
    ui.end_row();
    ui.label("Positions a round");
    ui.add(
        egui::DragValue::new(&mut form.count)
            .range(100..=10_000_000)
            .speed(100),
    )
    .on_hover_text("Positions drawn from self-play games of the nine-weight players");
    ui.end_row();
    ui.label("Exact up to");
    let full = form.board.start_empties();
    ui.add(
        egui::DragValue::new(&mut form.exact_empties)
            .range(1..=full)
            .suffix(" empties"),
    )
    .on_hover_text("Round 0 scores positions with at most this many empty cells exactly");
    ui.end_row();
    ui.label("Label depth");
    ui.add(egui::DragValue::new(&mut form.label_depth).range(1..=30))
        .on_hover_text(
            "Later rounds label each position with a search by the best fit at this depth \
             (exact from 4 more empty cells, at most 14)",
        );
    ui.end_row();
    ui.label("Verification");
    ui.horizontal(|ui| {
        ui.add(
            egui::DragValue::new(&mut form.verify_games)
                .range(2..=10_000)
                .speed(2)
                .suffix(" games"),
        )
        .on_hover_text(
            "Games of each fit against the best so far, on openings of their own; more than \
             half the points makes the fit the best",
        );
        ui.add(
            egui::DragValue::new(&mut form.verify_depth)
                .range(1..=12)
                .prefix("depth "),
        )
        .on_hover_text("Search depth of the verification games (strong search)");
    });
    ui.end_row();
    workers_and_seed_rows(ui, &mut form.workers, &mut form.seed);
}

fn run_row(ui: &mut egui::Ui, session: &mut Session) {
    let training = session.pattern_training();
    let running = training.is_running();
    let unfinished = (training.view())
        .filter(|view| view.state.history.len() <= view.state.settings.rounds as usize)
        .map(|view| view.folder.clone());
    match run_buttons(ui, running, unfinished, &ROUND_RUN_TIPS) {
        Some(RunAction::Start) => session.start_pattern_training(),
        Some(RunAction::Stop) => session.stop_pattern_training(),
        Some(RunAction::Resume(folder)) => session.resume_pattern_training(&folder),
        Some(RunAction::ResumeFrom) => session.choose_pattern_training_to_resume(),
        None => {}
    }
}

fn best_row(ui: &mut egui::Ui, session: &mut Session) {
    let found = session.pattern_training().best_file().is_some();
    let use_it = ui
        .add_enabled(found, egui::Button::new("Use as player"))
        .on_hover_text(
            "Import the best fit's player (its patterns on this board, the first player's nine \
             weights elsewhere) into your presets and show it in the Weights panel",
        );
    if use_it.clicked() {
        session.use_trained_patterns();
    }
}

/// The finished rounds: stages, positions, errors, the match, accepted or not.
fn rounds(ui: &mut egui::Ui, view: &PatternView) {
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
