//! The Evolution panel: the player to improve (the Weights panel's player, which the Values
//! colouring also follows), the run's settings, Start/Stop/Resume, live charts and the
//! champions found.

use super::ValueAxis;
use super::form_row;
use egui_plot::{Line, MarkerShape, Plot, PlotPoints, Points};

use super::contest::{RunAction, RunTips, game_rows, net_colour, run_buttons};
use crate::app::evolution_desk::EvolutionView;
use crate::app::session::{EvolutionContext, EvolutionRequest, Session};
use engine::Weights;
use lab::ai::gsprt::Gsprt;

/// The height of each chart.
const CHART_HEIGHT: f32 = 180.0;

/// Draws the panel.
pub fn show(ui: &mut egui::Ui, session: &mut Session) {
    session.evolution_panel(|context| {
        egui::ScrollArea::vertical().show(ui, |ui| draw(ui, context));
    });
}

fn draw(ui: &mut egui::Ui, context: &mut EvolutionContext) {
    set_up(ui, context);
    ui.separator();
    run_row(ui, context);
    let Some(view) = context.desk.view() else {
        ui.label("No run yet: Start evolves the player above.");
        return;
    };
    status(ui, view);
    ui.separator();
    nets_chart(ui, view);
    weights_chart(ui, view);
    speed_chart(ui, view);
    ui.separator();
    let chosen = champions(ui, view);
    context.requests.extend(chosen);
}

fn set_up(ui: &mut egui::Ui, context: &mut EvolutionContext) {
    let running = context.desk.is_running();
    ui.add_enabled_ui(!running, |ui| {
        egui::Grid::new("evolution set-up")
            .num_columns(2)
            .show(ui, |ui| {
                ui.label("Player");
                egui::ComboBox::from_id_salt("evolution player")
                    .selected_text(context.player.as_str())
                    .show_ui(ui, |ui| {
                        for name in context.players.iter().map(|p| &p.name) {
                            ui.selectable_value(context.player, name.clone(), name);
                        }
                    })
                    .response
                    .on_hover_text(
                        "The player to improve (the Weights panel shows and edits it, and the \
                         Values colouring follows it)",
                    );
                ui.end_row();
                let form = &mut *context.form;
                form_row(
                    ui,
                    "Generations",
                    egui::DragValue::new(&mut form.generations)
                        .range(1..=engine::bounds::MAX_GENERATIONS as u32),
                    "The run stops after this many generations",
                );
                form_row(
                    ui,
                    "Games per match",
                    egui::DragValue::new(&mut form.games).range(1..=1000),
                    "n: games per colour in a scout match; a gauntlet plays n × its \
                         multiplier (10 at first)",
                );
                form_row(
                    ui,
                    "Mutation %",
                    egui::DragValue::new(&mut form.mutation).range(1..=100),
                    "R: the largest change of a weight in a mutation, in percent",
                );
                ui.checkbox(&mut form.early_stop, "Early stop")
                    .on_hover_text(
                        "End scout and line-search matches as soon as a sequential test \
                         (GSPRT, 5 % error each way) tells \"δ Elo stronger\" from \"δ Elo \
                         weaker\"; gauntlets always play in full. Off: the seed's matches",
                    );
                ui.add_enabled(
                    form.early_stop,
                    egui::DragValue::new(&mut form.early_stop_elo)
                        .range(Gsprt::MIN_ELO..=Gsprt::MAX_ELO)
                        .prefix("δ = ")
                        .suffix(" Elo"),
                )
                .on_hover_text("Smaller δ: surer verdicts, longer matches");
                ui.end_row();
                game_rows(ui, "evolution", &mut form.contest);
            });
    });
}

fn run_row(ui: &mut egui::Ui, context: &mut EvolutionContext) {
    let tips = RunTips {
        stop: "Stop the run: the generation in progress is dropped, the checkpoint keeps every \
               finished one",
        resume: "Continue the run shown from its checkpoint, up to the larger of its and the \
                 form's number of generations",
    };
    let running = context.desk.is_running();
    let shown = context.desk.view().map(|view| view.folder.clone());
    context.requests.extend(
        run_buttons(ui, running, shown, &tips).map(|action| match action {
            RunAction::Start => EvolutionRequest::Start,
            RunAction::Stop => EvolutionRequest::Stop,
            RunAction::Resume(folder) => EvolutionRequest::Resume(folder),
            RunAction::ResumeFrom => EvolutionRequest::ChooseToResume,
        }),
    );
}

fn status(ui: &mut egui::Ui, view: &EvolutionView) {
    let state = &view.state;
    let settings = &state.settings;
    ui.label(format!(
        "{} on {}, depth {}, {} search · generation {} of {} · best gauntlet {:+} · \
         multiplier {} · {}",
        settings.player,
        settings.game.shape,
        settings.game.depth,
        settings.game.search.label(),
        state.generation,
        settings.generations,
        state.best_score,
        state.multiplier,
        view.status
    ))
    .on_hover_text(format!(
        "Checkpoint and champions in {}",
        view.folder.display()
    ));
}

/// Scout and gauntlet nets per generation, the best-score line and the champions.
fn nets_chart(ui: &mut egui::Ui, view: &EvolutionView) {
    let history = &view.state.history;
    let scouts: Vec<[f64; 2]> = history
        .iter()
        .map(|g| [f64::from(g.generation), f64::from(g.scout_net)])
        .collect();
    let gauntlets: Vec<[f64; 2]> = history
        .iter()
        .filter_map(|g| Some([f64::from(g.generation), f64::from(g.gauntlet_net?)]))
        .collect();
    let best: Vec<[f64; 2]> = history
        .iter()
        .map(|g| [f64::from(g.generation), f64::from(g.best_score)])
        .collect();
    let crowned: Vec<[f64; 2]> = view
        .state
        .champions
        .iter()
        .map(|c| [f64::from(c.generation), f64::from(c.net)])
        .collect();
    ui.strong("Match nets per generation").on_hover_text(
        "Scout: mutant vs parent; gauntlet: the line search's result vs the baseline; a \
         champion is crowned when a gauntlet beats the best score",
    );
    super::series_legend(
        ui,
        &[
            ("scout", super::series_colour(1)),
            ("gauntlet", net_colour(1)),
            ("best score", super::series_colour(0)),
            ("champion", egui::Color32::GOLD),
        ],
    );
    Plot::new("evolution nets")
        .height(CHART_HEIGHT)
        .x_axis_label("generation")
        .value_axis("net (wins − losses)")
        .allow_scroll(false)
        .show(ui, |plot| {
            plot.points(
                Points::new("scout", PlotPoints::from(scouts))
                    .radius(2.5)
                    .color(super::series_colour(1)),
            );
            plot.points(
                Points::new("gauntlet", PlotPoints::from(gauntlets))
                    .radius(3.5)
                    .color(net_colour(1)),
            );
            plot.line(
                Line::new("best score", PlotPoints::from(best)).color(super::series_colour(0)),
            );
            plot.points(
                Points::new("champion", PlotPoints::from(crowned))
                    .shape(MarkerShape::Diamond)
                    .radius(7.0)
                    .filled(true)
                    .color(egui::Color32::GOLD),
            );
        });
}

/// The parent's nine weights over the generations (normalised: the largest is ±1000).
fn weights_chart(ui: &mut egui::Ui, view: &EvolutionView) {
    let history = &view.state.history;
    ui.strong("Weights of the parent (champion so far)")
        .on_hover_text("Each weight over the generations (normalised: the largest is ±1000)");
    super::weights_legend(ui);
    Plot::new("evolution weights")
        .height(CHART_HEIGHT)
        .x_axis_label("generation")
        .value_axis("weight")
        .allow_scroll(false)
        .show(ui, |plot| {
            for (index, label) in Weights::LABELS.iter().enumerate() {
                let series: Vec<[f64; 2]> = history
                    .iter()
                    .map(|g| [f64::from(g.generation), f64::from(g.parent.0[index])])
                    .collect();
                plot.line(
                    Line::new(*label, PlotPoints::from(series)).color(super::series_colour(index)),
                );
            }
        });
}

/// Games and nodes per second of each generation over the run's running time.
fn speed_chart(ui: &mut egui::Ui, view: &EvolutionView) {
    let mut running = 0.0;
    let mut games = Vec::new();
    let mut nodes = Vec::new();
    for generation in &view.state.history {
        running += generation.seconds;
        let seconds = generation.seconds.max(1e-9);
        games.push([running, f64::from(generation.games) / seconds]);
        nodes.push([running, generation.nodes as f64 / seconds / 1e6]);
    }
    ui.strong("Speed")
        .on_hover_text("Per generation, over the run's running time");
    ui.columns(2, |columns| {
        let charts = [("games/s", games), ("M nodes/s", nodes)];
        for (ui, (name, series)) in columns.iter_mut().zip(charts) {
            Plot::new(("evolution speed", name))
                .height(CHART_HEIGHT * 0.8)
                .x_axis_label("running time (s)")
                .value_axis(name)
                .allow_scroll(false)
                .show(ui, |plot| {
                    plot.line(Line::new(name, PlotPoints::from(series)))
                });
        }
    });
}

/// The champions, each to use as a player or export; returns what was asked for.
fn champions(ui: &mut egui::Ui, view: &EvolutionView) -> Option<EvolutionRequest> {
    let rows: Vec<String> = view
        .state
        .champions
        .iter()
        .map(|c| {
            let sweep = if c.sweep { " · sweep" } else { "" };
            format!(
                "gen {} · {} · {:+} in {} games{sweep} · {}",
                c.generation, c.name, c.net, c.games, c.weights
            )
        })
        .collect();
    ui.strong(format!("Champions ({})", rows.len()));
    if rows.is_empty() {
        ui.label("None yet: a champion is crowned when a gauntlet beats the best score.");
    }
    let mut chosen = None;
    for (index, text) in rows.iter().enumerate() {
        ui.horizontal(|ui| {
            if ui
                .small_button("Use as player")
                .on_hover_text("Add it to your players and show it in the Weights panel")
                .clicked()
            {
                chosen = Some((index, true));
            }
            if ui
                .small_button("Export…")
                .on_hover_text("Save it as a preset file")
                .clicked()
            {
                chosen = Some((index, false));
            }
            ui.label(text);
        });
    }
    chosen.map(|(index, use_it)| match use_it {
        true => EvolutionRequest::UseChampion(index),
        false => EvolutionRequest::ExportChampion(index),
    })
}
