//! Controls shared by the Tournament and Evolution panels: how their games are played, and
//! the colour of a net score.

use crate::ai::SearchKind;
use crate::app::contest_form::ContestForm;
use crate::app::settings::Settings;
use crate::engine::{Rules, Shape};

/// The boards offered for tournaments and evolution.
const BOARDS: [&str; 8] = [
    "4x4", "6x6", "8x8", "10x10", "4x4x4", "6x6x6", "8x8x8", "10x10x10",
];

/// Grid rows (inside an `egui::Grid` of two columns) for the game settings of `form`; `salt`
/// tells the panels' controls apart.
pub fn game_rows(ui: &mut egui::Ui, salt: &str, form: &mut ContestForm) {
    ui.label("Board");
    egui::ComboBox::from_id_salt((salt, "board"))
        .selected_text(form.board.to_string())
        .show_ui(ui, |ui| {
            for name in BOARDS {
                let shape: Shape = name.parse().expect("a listed board is valid");
                ui.selectable_value(&mut form.board, shape, name);
            }
        })
        .response
        .on_hover_text("The board every game is played on");
    ui.end_row();
    ui.label("Rules");
    ui.horizontal(|ui| {
        ui.radio_value(&mut form.rules, Rules::Classic, "classic")
            .on_hover_text("More discs wins");
        ui.radio_value(&mut form.rules, Rules::Misere, "misère")
            .on_hover_text("Fewer discs wins");
    });
    ui.end_row();
    ui.label("Depth");
    ui.add(egui::DragValue::new(&mut form.depth).range(1..=ContestForm::MAX_DEPTH))
        .on_hover_text("Search depth of every move, in plies");
    ui.end_row();
    ui.label("Search");
    ui.horizontal(|ui| {
        for kind in [SearchKind::Classic, SearchKind::Strong] {
            ui.radio_value(&mut form.search, kind, kind.label());
        }
    })
    .response
    .on_hover_text(
        "classic: every move searched at depth − 1, ties broken at random (the seed's \
         tournaments); strong: our search with a transposition table",
    );
    ui.end_row();
    ui.label("Opening plies");
    let max = form.max_openings();
    ui.add(egui::DragValue::new(&mut form.openings).range(0..=max))
        .on_hover_text(
            "Random moves before the engines play; each opening is played with both \
             colours (0: the seed's games, varied only by random tie-breaks)",
        );
    ui.end_row();
    ui.label("Workers");
    ui.add(
        egui::DragValue::new(&mut form.workers).range(Settings::WORKERS.0..=Settings::WORKERS.1),
    )
    .on_hover_text("Games played at once (one per core is fastest)");
    ui.end_row();
    ui.label("Seed");
    ui.add(egui::DragValue::new(&mut form.seed))
        .on_hover_text("Every random choice comes from it: the same seed replays the same run");
    ui.end_row();
}

/// Green for a positive net score, red for a negative one, grey for zero.
pub fn net_colour(net: i32) -> egui::Color32 {
    match net.signum() {
        1 => egui::Color32::from_rgb(80, 190, 90),
        -1 => egui::Color32::from_rgb(225, 85, 70),
        _ => egui::Color32::GRAY,
    }
}
