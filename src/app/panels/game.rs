//! The Game panel: players, board, rules, search settings, toggles and Play/Stop/Reset.

use super::toggle;
use crate::app::session::Session;
use crate::app::settings::Settings;
use engine::{Color, Rules, Shape};
use lab::ai::SearchKind;

/// Draws the panel.
pub fn show(ui: &mut egui::Ui, session: &mut Session) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        play_row(ui, session);
        if session.is_editing() {
            editor_row(ui, session);
        }
        ui.separator();
        board_row(ui, session);
        ui.separator();
        seat_row(ui, session, Color::Red);
        seat_row(ui, session, Color::Green);
        ui.separator();
        search_rows(ui, session);
        ui.separator();
        toggle_rows(ui, session);
        ui.separator();
        ui.label(session.status());
    });
}

fn play_row(ui: &mut egui::Ui, session: &mut Session) {
    ui.horizontal_wrapped(|ui| {
        let (label, tip) = if session.is_playing() {
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
        let over = session.board().over;
        let play = ui
            .add_enabled(!over, egui::Button::new(label))
            .on_hover_text(tip)
            .on_disabled_hover_text(
                "The game is over: Reset (r) starts a new one, Ctrl+Z takes back moves",
            );
        if play.clicked() {
            session.toggle_play();
        }
        if ui
            .button("Reset")
            .on_hover_text("A new game on this board with these players (r)")
            .clicked()
        {
            session.reset();
        }
        let mut editing = session.is_editing();
        if toggle(
            ui,
            &mut editing,
            "Edit board",
            "Set up any position: click cells to cycle empty → Red → Green; leave to play \
             from it (e)",
        ) {
            session.toggle_editor();
        }
    });
}

/// The editor's controls: the side to move, clear, the start position.
fn editor_row(ui: &mut egui::Ui, session: &mut Session) {
    ui.horizontal_wrapped(|ui| {
        let to_move = session.game().start().to_move();
        for color in [Color::Red, Color::Green] {
            if ui
                .selectable_label(to_move == color, format!("{color:?} to move"))
                .on_hover_text("Who moves first from the edited position")
                .clicked()
            {
                session.set_side_to_move(color);
            }
        }
        if ui
            .button("Clear")
            .on_hover_text("Empty every cell")
            .clicked()
        {
            session.clear_board();
        }
        if ui
            .button("Start position")
            .on_hover_text("The board's start position")
            .clicked()
        {
            session.reset_board();
        }
    });
}

fn board_row(ui: &mut egui::Ui, session: &mut Session) {
    let shape = session.settings.board;
    ui.horizontal_wrapped(|ui| {
        let other = if shape.is_3d() { "2D" } else { "3D" };
        if ui
            .button(format!("Switch to {other}"))
            .on_hover_text("Switch between the N×N board and the N×N×N cube (2)")
            .clicked()
        {
            session.toggle_dimensions();
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
            session.set_side(chosen);
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Rules");
        let mut rules = session.settings.rules;
        ui.radio_value(&mut rules, Rules::Classic, "classic")
            .on_hover_text("More discs wins");
        ui.radio_value(&mut rules, Rules::Misere, "misère")
            .on_hover_text("Fewer discs wins");
        if rules != session.settings.rules {
            session.set_rules(rules);
        }
    });
}

fn seat_row(ui: &mut egui::Ui, session: &mut Session, color: Color) {
    let mut seat = session.settings.seat(color).clone();
    let names: Vec<String> = session.roster.iter().map(|p| p.name.clone()).collect();
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
    if &seat != session.settings.seat(color) {
        session.set_seat(color, seat);
    }
}

fn search_rows(ui: &mut egui::Ui, session: &mut Session) {
    let settings = &mut session.settings;
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

fn toggle_rows(ui: &mut egui::Ui, session: &mut Session) {
    let settings = &mut session.settings;
    ui.horizontal_wrapped(|ui| {
        toggle(
            ui,
            &mut settings.hints,
            "Hints",
            "Show where the side to move can play",
        );
        toggle(
            ui,
            &mut settings.board_scores,
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
        if toggle(
            ui,
            &mut settings.categories,
            "Cats",
            "Colour cells by category (c)",
        ) && settings.categories
        {
            settings.values = false;
        }
        if toggle(
            ui,
            &mut settings.values,
            "Vals",
            "Colour cells by the weights player's values (v)",
        ) && settings.values
        {
            settings.categories = false;
        }
        toggle(
            ui,
            &mut settings.hover,
            "Hover",
            "Show a cell's coordinates, category and score under the pointer",
        );
    });
}
