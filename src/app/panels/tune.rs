//! The Tune panel: tuning the Weights panel's player from scored positions in rounds —
//! the set-up, Start/Stop/Resume, the position set's progress, the fit's losses and weights
//! step by step, the verification match's running score with its interval, the rounds so far,
//! and the best player to use or export.

use super::ValueAxis;
use super::form_row;
use egui_plot::{Line, Plot, PlotPoints};

use super::contest::{RunAction, game_rows, net_colour, run_buttons};
use super::run_charts::{
    CHART_HEIGHT, LIVE_ONLY, ROUND_RUN_TIPS, loss_chart, run_head, verification_chart,
};
use crate::app::session::{Session, TuneContext, TuneRequest};
use crate::app::{LiveRound, RoundsView, TuneForm, TuneMode};
use engine::Weights;
use indicatif::HumanCount;
use lab::tune::fit::{Iteration, Target};
use lab::tune::rounds::RoundsState;

/// Draws the panel: the mode, its set-up, the run buttons, and the run shown in that mode.
pub fn show(ui: &mut egui::Ui, session: &mut Session) {
    session.tune_panel(|context| {
        egui::ScrollArea::vertical().show(ui, |ui| draw(ui, context));
    });
}

fn draw(ui: &mut egui::Ui, context: &mut TuneContext) {
    mode_row(ui, context);
    match context.mode() {
        TuneMode::NineWeights => set_up(ui, context),
        TuneMode::Patterns => super::tune_patterns::set_up(ui, context),
    }
    ui.separator();
    run_row(ui, context);
    best_row(ui, context);
    match context.mode() {
        TuneMode::NineWeights => match context.runs.tuning.view() {
            Some(view) => run_sections(ui, view),
            None => {
                ui.label("No run yet: Start tunes the player above.");
            }
        },
        TuneMode::Patterns => match context.runs.training.view() {
            Some(view) => super::tune_patterns::run_sections(ui, view),
            None => {
                ui.label("No run yet: Start trains the board's patterns.");
            }
        },
    }
}

/// What a tuning run shows: its status, its rounds, its fit's losses and weights, and its
/// verification match.
fn run_sections(ui: &mut egui::Ui, view: &RoundsView<RoundsState>) {
    run_head(ui, view);
    rounds(ui, view);
    ui.separator();
    let live = &view.live;
    if live.steps.is_empty() {
        ui.weak(LIVE_ONLY);
        return;
    }
    loss_chart(ui, "tune losses", &live.steps, "mean loss");
    weights_chart(ui, live);
    verification_chart(
        ui,
        &live.verification,
        live.verification_games,
        "Verification: the fitted weights' score against the best",
    );
}

/// Start, Stop and Resume of the run of the panel's mode.
fn run_row(ui: &mut egui::Ui, context: &mut TuneContext) {
    let action = run_buttons(
        ui,
        context.is_running(),
        context.unfinished(),
        &ROUND_RUN_TIPS,
    );
    context.requests.extend(action.map(|action| match action {
        RunAction::Start => TuneRequest::Start,
        RunAction::Stop => TuneRequest::Stop,
        RunAction::Resume(folder) => TuneRequest::Resume(folder),
        RunAction::ResumeFrom => TuneRequest::ChooseToResume,
    }));
}

/// Use (and, for nine weights, Export) the best player of the run of the panel's mode.
fn best_row(ui: &mut egui::Ui, context: &mut TuneContext) {
    let found = context.best_file().is_some();
    let mode = context.mode();
    let use_tip = match mode {
        TuneMode::NineWeights => {
            "Import the best player into your presets and show it in the Weights panel"
        }
        TuneMode::Patterns => {
            "Import the best fit's player (its patterns on this board, the first player's \
             nine weights elsewhere) into your presets and show it in the Weights panel"
        }
    };
    ui.horizontal(|ui| {
        let use_it = ui.add_enabled(found, egui::Button::new("Use as player"));
        if use_it.on_hover_text(use_tip).clicked() {
            context.requests.push(TuneRequest::UseBest);
        }
        if mode == TuneMode::NineWeights {
            let export = ui.add_enabled(found, egui::Button::new("Export…"));
            if export
                .on_hover_text("Write the best player as a preset file")
                .clicked()
            {
                context.requests.push(TuneRequest::ExportBest);
            }
        }
    });
}

/// What the panel tunes: a player's nine weights or a board's patterns.
fn mode_row(ui: &mut egui::Ui, context: &mut TuneContext) {
    let busy = context.is_running();
    ui.add_enabled_ui(!busy, |ui| {
        ui.horizontal(|ui| {
            let mode = &mut context.form.mode;
            ui.label("Tune");
            ui.radio_value(mode, TuneMode::NineWeights, "nine weights")
                .on_hover_text("Fit the Weights panel's player to scored positions, in rounds");
            ui.radio_value(mode, TuneMode::Patterns, "patterns")
                .on_hover_text(
                    "Train a board's pattern evaluation (scores in discs) in bootstrapping \
                     rounds: exact endgame scores first, then searches by the best fit over \
                     ever earlier stages, each fit verified in a match",
                );
        });
    });
    ui.separator();
}

fn set_up(ui: &mut egui::Ui, context: &mut TuneContext) {
    let state = (context.runs.tuning.view().is_none(), context.is_running());
    super::contest::set_up_section(ui, "tune set-up", state, |ui| {
        ui.label("Player");
        egui::ComboBox::from_id_salt("tune player")
            .selected_text(context.player.as_str())
            .show_ui(ui, |ui| {
                for preset in context.players {
                    let name = &preset.name;
                    ui.selectable_value(context.player, name.clone(), name);
                }
            })
            .response
            .on_hover_text("The player to tune (the Weights panel shows and edits it)");
        ui.end_row();
        form_rows(ui, context.form);
    });
    if context.form.with_roster {
        let contest = &context.form.contest;
        let played_by = (contest.board, contest.rules, contest.search);
        for player in (context.players.iter()).filter(|p| p.name != *context.player) {
            super::unread_patterns_note(ui, player, played_by);
        }
    }
}

/// The rows of the run's own settings: rounds, positions, labels, the fit's target, the
/// verification and the games.
fn form_rows(ui: &mut egui::Ui, form: &mut TuneForm) {
    form_row(
        ui,
        "Rounds",
        egui::DragValue::new(&mut form.rounds).range(1..=1000),
        "Each round: a position set made with the best player so far, a fit, \
     and a match of the fitted weights against the best",
    );
    super::contest::positions_row(
        ui,
        &mut form.count,
        "Positions drawn from self-play in each round",
    );
    form_row(
        ui,
        "Per game",
        egui::DragValue::new(&mut form.per_game).range(1..=1000),
        "Positions drawn at random from each game, over all its stages",
    );
    form_row(
        ui,
        "Label depth",
        egui::DragValue::new(&mut form.label_depth).range(0..=30),
        "Label every position with the best player's strong search at this \
     depth (exact where the solver finishes); 0: the games' results only",
    );
    ui.label("Fit to");
    ui.vertical(|ui| {
        ui.radio_value(&mut form.target, Target::Reference, "search values")
            .on_hover_text("Least squares against the labels (needs a label depth)");
        ui.radio_value(&mut form.target, Target::Outcome, "game results")
            .on_hover_text(
                "Logistic fit of the games' results (Texel tuning), its scale fitted \
         first",
            );
    });
    ui.end_row();
    super::contest::verification_row(
        ui,
        (&mut form.verify_games, &mut form.verify_depth),
        "Games of the match between the fitted weights and the best player (each random \
         opening with both colours); more than half the points makes the fitted weights the \
         best",
        "Search depth of the verification games",
    );
    ui.checkbox(&mut form.with_roster, "Roster plays")
        .on_hover_text(
            "The position sets' games pit the best player against every player of \
     the roster too (else self-play only)",
        );
    ui.end_row();
    game_rows(ui, "tune", &mut form.contest);
}

/// Each weight's path over the fit's steps (scaled so the largest is ±1000).
fn weights_chart(ui: &mut egui::Ui, live: &LiveRound<Iteration>) {
    ui.strong("Fit: the weights per step")
        .on_hover_text("Each weight after every step, scaled so that the largest is ±1000");
    super::weights_legend(ui);
    Plot::new("tune weights")
        .height(CHART_HEIGHT)
        .x_axis_label("step")
        .value_axis("weight")
        .allow_scroll(false)
        .show(ui, |plot| {
            for (index, label) in Weights::LABELS.iter().enumerate() {
                let points: Vec<[f64; 2]> = live
                    .steps
                    .iter()
                    .map(|step| [step.number as f64, step.weights[index]])
                    .collect();
                plot.line(
                    Line::new(*label, PlotPoints::from(points)).color(super::series_colour(index)),
                );
            }
        });
}

/// The finished rounds: losses, candidate, its match, accepted or not.
fn rounds(ui: &mut egui::Ui, view: &RoundsView<RoundsState>) {
    if view.state.history.is_empty() {
        return;
    }
    ui.strong(format!(
        "Rounds: {} of {} · best {} = {}",
        view.state.history.len(),
        view.state.settings.rounds,
        view.state.best.name,
        view.state.best.weights
    ));
    // The table scrolls sideways on its own, so that a narrow pane keeps the charts whole.
    let table = egui::ScrollArea::horizontal().id_salt("tune rounds table");
    table.show(ui, |ui| {
        egui::Grid::new("tune rounds")
            .striped(true)
            .num_columns(5)
            .show(ui, |ui| {
                for header in ["round", "hold-out loss", "fitted weights", "W-D-L", ""] {
                    ui.strong(header);
                }
                ui.end_row();
                for round in &view.state.history {
                    let (wins, draws, losses) = round.record;
                    ui.label(round.round.to_string());
                    let (before, after) = round.holdout;
                    ui.label(format!("{} to {}", loss_text(before), loss_text(after)));
                    ui.monospace(round.candidate.to_string());
                    ui.colored_label(
                        net_colour(wins as i32 - losses as i32),
                        format!("{wins}-{draws}-{losses}"),
                    );
                    ui.label(round.verdict());
                    ui.end_row();
                }
            })
    });
}

/// A loss for the table: grouped whole numbers when large (the squared search values run to
/// hundreds of thousands), four decimals when small (the outcome fit's log-loss).
fn loss_text(loss: f64) -> String {
    if loss.abs() < 1000.0 {
        return format!("{loss:.4}");
    }
    let grouped = HumanCount(loss.abs().round_ties_even() as u64).to_string();
    match loss < 0.0 {
        true => format!("-{grouped}"),
        false => grouped,
    }
}

#[cfg(test)]
mod tests {
    use super::loss_text;

    #[test]
    fn losses_read_as_numbers_not_raw_floats() {
        assert_eq!(loss_text(880_924.906_25), "880,925");
        assert_eq!(loss_text(1_000.0), "1,000");
        assert_eq!(loss_text(12_345_678.0), "12,345,678");
        assert_eq!(loss_text(0.512_345), "0.5123");
        assert_eq!(loss_text(-2_500.4), "-2,500");
    }
}
