//! The Game panel: players, board, rules, search settings, toggles and Play/Stop/Reset.

use super::toggle;
use crate::app::session::{GameSetupContext, GameSetupRequest, Session};
use crate::app::settings::Settings;
use crate::app::view_settings::ViewSettings;
use engine::{Color, Rules, Shape};
use lab::ai::SearchKind;

/// Draws the panel.
pub fn show(ui: &mut egui::Ui, session: &mut Session, view: &mut ViewSettings) {
    session.game_setup_panel(view, |context| {
        egui::ScrollArea::vertical().show(ui, |ui| draw(ui, context));
    });
}

fn draw(ui: &mut egui::Ui, context: &mut GameSetupContext) {
    play_row(ui, context);
    if context.editing {
        editor_row(ui, context);
    }
    ui.separator();
    board_row(ui, context);
    ui.separator();
    seat_row(ui, context, Color::Red);
    seat_row(ui, context, Color::Green);
    ui.separator();
    search_rows(ui, context.settings);
    ui.separator();
    toggle_rows(ui, context.settings, context.view);
    ui.separator();
    ui.label(&context.status);
}

fn play_row(ui: &mut egui::Ui, context: &mut GameSetupContext) {
    ui.horizontal_wrapped(|ui| {
        let (label, tip) = if context.playing {
            (
                "Stop",
                "Stop the game: AI players pause, and you may move for either side (p)",
            )
        } else {
            (
                "Play",
                "Continue the game from the position shown: AI players move (p)",
            )
        };
        let over = context.over;
        let play = ui
            .add_enabled(!over, egui::Button::new(label))
            .on_hover_text(tip)
            .on_disabled_hover_text(
                "The game is over: Reset (r) starts a new one, Ctrl+Z takes back moves",
            );
        if play.clicked() {
            context.requests.push(GameSetupRequest::TogglePlay);
        }
        let tip = "A new game on this board with these players (r)";
        ask(ui, "Reset", tip, context, GameSetupRequest::Reset);
        let mut editing = context.editing;
        if toggle(
            ui,
            &mut editing,
            "Edit board",
            "Set up any position: click cells to cycle empty → Red → Green; leave to play \
             from it (e)",
        ) {
            context.requests.push(GameSetupRequest::ToggleEditor);
        }
    });
}

/// The editor's controls: the side to move, clear, the start position.
fn editor_row(ui: &mut egui::Ui, context: &mut GameSetupContext) {
    ui.horizontal_wrapped(|ui| {
        let to_move = context.to_move;
        for color in [Color::Red, Color::Green] {
            if ui
                .selectable_label(to_move == color, format!("{color:?} to move"))
                .on_hover_text("Who moves first from the edited position")
                .clicked()
            {
                context.requests.push(GameSetupRequest::SideToMove(color));
            }
        }
        ask(
            ui,
            "Clear",
            "Empty every cell",
            context,
            GameSetupRequest::ClearBoard,
        );
        let tip = "The board's start position";
        ask(
            ui,
            "Start position",
            tip,
            context,
            GameSetupRequest::StartPosition,
        );
    });
}

/// A button that asks for `request` when clicked.
fn ask(
    ui: &mut egui::Ui,
    label: &str,
    tip: &str,
    context: &mut GameSetupContext,
    request: GameSetupRequest,
) {
    if ui.button(label).on_hover_text(tip).clicked() {
        context.requests.push(request);
    }
}

fn board_row(ui: &mut egui::Ui, context: &mut GameSetupContext) {
    let shape = context.settings.board;
    ui.horizontal_wrapped(|ui| {
        let other = if shape.is_3d() { "2D" } else { "3D" };
        if ui
            .button(format!("Switch to {other}"))
            .on_hover_text("Switch between the N×N board and the N×N×N cube (2)")
            .clicked()
        {
            context.requests.push(GameSetupRequest::ToggleDimensions);
        }
        let (low, high) = Shape::side_range(shape.dims());
        let mut chosen = shape.side();
        egui::ComboBox::from_id_salt("board size")
            .selected_text(shape.to_string())
            .show_ui(ui, |ui| {
                for n in (low..=high).step_by(2) {
                    let name = Shape::new(shape.dims(), n)
                        .map_or_else(|_| n.to_string(), |s| s.to_string());
                    ui.selectable_value(&mut chosen, n, name);
                }
            })
            .response
            .on_hover_text("Board size N (4, 6 and 8 also by key); a new game starts");
        if chosen != shape.side() {
            context.requests.push(GameSetupRequest::Side(chosen));
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Rules");
        let mut rules = context.settings.rules;
        ui.radio_value(&mut rules, Rules::Classic, "classic")
            .on_hover_text("More discs wins");
        ui.radio_value(&mut rules, Rules::Misere, "misère")
            .on_hover_text("Fewer discs wins");
        if rules != context.settings.rules {
            context.requests.push(GameSetupRequest::Rules(rules));
        }
    });
}

fn seat_row(ui: &mut egui::Ui, context: &mut GameSetupContext, color: Color) {
    let mut seat = context.settings.seat(color).clone();
    let names: Vec<String> = context.players.iter().map(|p| p.name.clone()).collect();
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(format!("{color:?}")).color(crate::app::palette::disc(color)));
        egui::ComboBox::from_id_salt(("seat", color as u8))
            .selected_text(seat.ai.clone().unwrap_or_else(|| "Human".to_string()))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut seat.ai, None, "Human");
                for name in names {
                    ui.selectable_value(&mut seat.ai, Some(name.clone()), name);
                }
            })
            .response
            .on_hover_text(format!("Who plays {color:?}: you, or an AI player"));
        ui.add_enabled(
            seat.ai.is_some(),
            egui::DragValue::new(&mut seat.depth)
                .range(1..=engine::bounds::MAX_DEPTH)
                .prefix("D "),
        )
        .on_hover_text("The AI's search depth in plies (half moves)");
    });
    let settings = &context.settings;
    let chosen = (context.players.iter()).find(|p| seat.ai.as_ref() == Some(&p.name));
    if let Some(player) = chosen {
        let played_by = (settings.board, settings.rules, settings.search);
        super::unread_patterns_note(ui, player, played_by);
    }
    if &seat != context.settings.seat(color) {
        context.requests.push(GameSetupRequest::Seat(color, seat));
    }
}

fn search_rows(ui: &mut egui::Ui, settings: &mut Settings) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Search");
        for kind in SearchKind::ALL {
            let tip = match kind {
                SearchKind::Strong => {
                    "Iterative deepening PVS with a transposition table; exact in the endgame"
                }
                SearchKind::Classic => {
                    "The seed app's α/β search (same node counts as the original)"
                }
            };
            ui.radio_value(&mut settings.search, kind, kind.label())
                .on_hover_text(tip);
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.add(
            egui::DragValue::new(&mut settings.workers)
                .range(Settings::workers_range())
                .prefix("W "),
        )
        .on_hover_text("Engine worker threads");
        toggle(
            ui,
            &mut settings.live_moves,
            "Moves",
            "Score every legal move in the background (m)",
        );
        toggle(
            ui,
            &mut settings.show_value,
            "Value",
            "Show the static value of the position (s)",
        );
        ui.add(
            egui::DragValue::new(&mut settings.analysis_depth)
                .range(1..=engine::bounds::MAX_DEPTH)
                .prefix("D "),
        )
        .on_hover_text("Depth of the move scores and the value");
    });
}

fn toggle_rows(ui: &mut egui::Ui, settings: &mut Settings, view: &mut ViewSettings) {
    ui.horizontal_wrapped(|ui| {
        toggle(
            ui,
            &mut view.hints,
            "Hints",
            "Show where the side to move can play",
        );
        toggle(
            ui,
            &mut view.board_scores,
            "Scores",
            "Write each legal move's score on its square (2D boards and cross-sections), from \
             the analysis shown in the Moves panel",
        );
        toggle(
            ui,
            &mut settings.alpha_beta,
            "α/β",
            "α/β pruning in the classic search (off: full minimax)",
        );
        toggle(
            ui,
            &mut settings.symmetry,
            "S",
            "Search only one of each group of moves equivalent by symmetry",
        );
        toggle(
            ui,
            &mut settings.random,
            "Random",
            "Choose at random among equally good moves",
        );
        toggle(
            ui,
            &mut settings.logs,
            "Logs",
            "Write game events to the Logs panel",
        );
        toggle(
            ui,
            &mut settings.depths,
            "Depths",
            "Log the nodes per search level of every AI move",
        );
    });
    ui.horizontal_wrapped(|ui| {
        let mut categories = view.categories;
        if toggle(ui, &mut categories, "Cats", "Colour cells by category (c)") {
            view.show_categories(categories);
        }
        let mut values = view.values;
        if toggle(
            ui,
            &mut values,
            "Vals",
            "Colour cells by the weights player's values (v)",
        ) {
            view.show_values(values);
        }
        toggle(
            ui,
            &mut view.hover,
            "Hover",
            "Show a cell's coordinates, category and score under the pointer",
        );
    });
}
