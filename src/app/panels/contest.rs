//! Controls shared by the Tournament, Evolution and Tune panels: how their games are played,
//! the colour of a net score, the buttons of a long run, and the rows of a run's set-up.

use super::form_row;
use crate::app::contest_form::ContestForm;
use crate::app::settings::Settings;
use engine::{Rules, Shape};
use lab::ai::SearchKind;

/// The boards offered for tournaments and evolution.
const BOARDS: [&str; 8] = [
    "4x4", "6x6", "8x8", "10x10", "4x4x4", "6x6x6", "8x8x8", "10x10x10",
];

/// Grid rows (inside an `egui::Grid` of two columns) for the game settings of `form`; `salt`
/// tells the panels' controls apart.
pub fn game_rows(ui: &mut egui::Ui, salt: &str, form: &mut ContestForm) {
    board_row(
        ui,
        salt,
        &mut form.board,
        "The board every game is played on",
    );
    ui.label("Rules");
    ui.horizontal(|ui| {
        ui.radio_value(&mut form.rules, Rules::Classic, "classic")
            .on_hover_text("More discs wins");
        ui.radio_value(&mut form.rules, Rules::Misere, "misère")
            .on_hover_text("Fewer discs wins");
    });
    ui.end_row();
    form_row(
        ui,
        "Depth",
        egui::DragValue::new(&mut form.depth).range(1..=engine::bounds::MAX_DEPTH),
        "Search depth of every move, in plies",
    );
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
    workers_and_seed_rows(ui, &mut form.workers, &mut form.seed);
}

/// Grid rows for a run's workers (games at once) and seed.
pub fn workers_and_seed_rows(ui: &mut egui::Ui, workers: &mut usize, seed: &mut u64) {
    form_row(
        ui,
        "Workers",
        egui::DragValue::new(workers).range(Settings::workers_range()),
        "Games played at once (one per core is fastest)",
    );
    form_row(
        ui,
        "Seed",
        egui::DragValue::new(seed),
        "Every random choice comes from it: the same seed replays the same run",
    );
}

/// A grid row choosing a board among those the runs offer.
pub fn board_row(ui: &mut egui::Ui, salt: &str, board: &mut Shape, tip: &str) {
    ui.label("Board");
    egui::ComboBox::from_id_salt((salt, "board"))
        .selected_text(board.to_string())
        .show_ui(ui, |ui| {
            for name in BOARDS {
                let shape: Shape = name.parse().expect("a listed board is valid");
                ui.selectable_value(board, shape, name);
            }
        })
        .response
        .on_hover_text(tip);
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

/// What the buttons of a long run asked for.
pub enum RunAction {
    /// Start a new run.
    Start,
    /// Stop the run going on.
    Stop,
    /// Resume the run shown, in this folder.
    Resume(std::path::PathBuf),
    /// Choose a run's folder to resume.
    ResumeFrom,
}

/// The tooltips of Stop and Resume, which say what a run keeps.
pub struct RunTips {
    /// Stop's.
    pub stop: &'static str,
    /// Resume's.
    pub resume: &'static str,
}

/// Start or Stop, Resume (the run shown, when it can go on) and Resume from…, in a row.
pub fn run_buttons(
    ui: &mut egui::Ui,
    running: bool,
    resumable: Option<std::path::PathBuf>,
    tips: &RunTips,
) -> Option<RunAction> {
    let resumable = resumable.filter(|_| !running);
    let mut action = None;
    ui.horizontal(|ui| {
        if running {
            if ui.button("Stop").on_hover_text(tips.stop).clicked() {
                action = Some(RunAction::Stop);
            }
        } else if ui
            .button("Start")
            .on_hover_text("Start a new run in a new folder (it runs in the background)")
            .clicked()
        {
            action = Some(RunAction::Start);
        }
        let resume = ui
            .add_enabled(resumable.is_some(), egui::Button::new("Resume"))
            .on_hover_text(tips.resume);
        if resume.clicked() {
            action = resumable.map(RunAction::Resume);
        }
        if ui
            .add_enabled(!running, egui::Button::new("Resume from…"))
            .on_hover_text("Choose the folder of a run to continue")
            .clicked()
        {
            action = Some(RunAction::ResumeFrom);
        }
    });
    action
}

/// The Set-up section of either mode, named `id`: a grid of `rows`, locked while `running`,
/// and folded once a run is shown (`fresh`: none is), so that the charts come first.
pub(super) fn set_up_section(
    ui: &mut egui::Ui,
    id: &str,
    (fresh, running): (bool, bool),
    rows: impl FnOnce(&mut egui::Ui),
) {
    let header = egui::CollapsingHeader::new("Set-up")
        .id_salt((id, fresh))
        .default_open(fresh);
    header.show(ui, |ui| {
        ui.add_enabled_ui(!running, |ui| {
            egui::Grid::new(id).num_columns(2).show(ui, rows);
        })
    });
}

/// The row of the positions each round draws, `tip` saying from where.
pub(super) fn positions_row(ui: &mut egui::Ui, count: &mut usize, tip: &str) {
    let count = egui::DragValue::new(count)
        .range(100..=10_000_000)
        .speed(100);
    form_row(ui, "Positions a round", count, tip);
}

/// The row of a run's verification matches: their games and their search depth.
pub(super) fn verification_row(
    ui: &mut egui::Ui,
    (games, depth): (&mut u32, &mut u32),
    games_tip: &str,
    depth_tip: &str,
) {
    ui.label("Verification");
    ui.horizontal(|ui| {
        let games = egui::DragValue::new(games).range(2..=10_000).speed(2);
        ui.add(games.suffix(" games")).on_hover_text(games_tip);
        let depth = egui::DragValue::new(depth).range(1..=12).prefix("depth ");
        ui.add(depth).on_hover_text(depth_tip);
    });
    ui.end_row();
}
