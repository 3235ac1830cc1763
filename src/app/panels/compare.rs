//! The Compare panel: 2–4 contestants and the reference on the position shown — a table of
//! every move with each contestant's score and rank, the reference's score and the move's
//! loss; choices marked, disputed moves highlighted; the boards coloured by one of them.

use crate::app::judge_desk::PositionJudgement;
use crate::app::judge_form::{Colouring, ContestantForm, JudgeForm, ReferenceMode};
use crate::app::palette;
use crate::app::session::{CompareContext, CompareRequest, GameRequest, Session};
use engine::Shape;
use engine::notation::{Notation, format_cell_in};
use indicatif::HumanCount;
use lab::ai::SearchKind;
use lab::ai::reference::ReferenceLimit;
use lab::ai::score_unit::ScoreUnit;

/// Draws the panel.
pub fn show(ui: &mut egui::Ui, session: &mut Session) {
    session.compare_panel(|context| {
        egui::ScrollArea::vertical().show(ui, |ui| draw(ui, context));
    });
}

fn draw(ui: &mut egui::Ui, context: &mut CompareContext) {
    egui::CollapsingHeader::new("Contestants and reference")
        .default_open(true)
        .show(ui, |ui| {
            contestant_rows(ui, context);
            reference_row(ui, context);
        });
    colouring_row(ui, context.form);
    egui::CollapsingHeader::new("Over many positions")
        .default_open(false)
        .show(ui, |ui| super::compare_series::show(ui, context));
    ui.separator();
    match context.judgement {
        Some(judgement) => {
            state_line(ui, judgement, context.judge.cached());
            table(ui, context, judgement);
        }
        None if context.editing => {
            ui.label("Leave the board editor (e) to compare the players here.");
        }
        None if context.over => {
            ui.label("The game is over: no move to compare.");
        }
        None => {
            ui.label("Starting…");
        }
    }
}

fn contestant_rows(ui: &mut egui::Ui, context: &mut CompareContext) {
    let names: Vec<String> = context.players.iter().map(|p| p.name.clone()).collect();
    let form = &mut *context.form;
    let mut remove = None;
    let count = form.contestants.len();
    for (index, contestant) in form.contestants.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("{}.", index + 1));
            let shown = contestant
                .player
                .as_deref()
                .unwrap_or(ContestantForm::EDITED);
            egui::ComboBox::from_id_salt(("contestant", index))
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut contestant.player, None, ContestantForm::EDITED)
                        .on_hover_text("The Weights panel's player with its edits, live");
                    for name in &names {
                        ui.selectable_value(&mut contestant.player, Some(name.clone()), name);
                    }
                })
                .response
                .on_hover_text("A player, or the Weights panel's weights as edited now");
            ui.add(egui::DragValue::new(&mut contestant.depth).range(1..=12))
                .on_hover_text("Its search depth in plies");
            egui::ComboBox::from_id_salt(("contestant search", index))
                .selected_text(contestant.search.label())
                .show_ui(ui, |ui| {
                    for kind in SearchKind::ALL {
                        ui.selectable_value(&mut contestant.search, kind, kind.label());
                    }
                })
                .response
                .on_hover_text("Its search: strong (PVS) or the seed's classic α/β");
            if count > JudgeForm::CONTESTANTS.0
                && ui
                    .small_button("✖")
                    .on_hover_text("Remove this contestant")
                    .clicked()
            {
                remove = Some(index);
            }
        });
        let chosen = (context.players.iter()).find(|p| contestant.player.as_ref() == Some(&p.name));
        if let Some(player) = chosen {
            let played_by = (context.shape, context.rules, contestant.search);
            super::unread_patterns_note(ui, player, played_by);
        }
    }
    if let Some(index) = remove {
        form.contestants.remove(index);
        form.colouring = Colouring::Off;
    }
    if form.contestants.len() < JudgeForm::CONTESTANTS.1
        && ui
            .button("Add contestant")
            .on_hover_text("Compare up to four players")
            .clicked()
    {
        let last = form.contestants.last().cloned();
        form.contestants.extend(last);
    }
}

fn reference_row(ui: &mut egui::Ui, context: &mut CompareContext) {
    let shape = context.shape;
    let names: Vec<String> = context.players.iter().map(|p| p.name.clone()).collect();
    let form = &mut *context.form;
    ui.horizontal_wrapped(|ui| {
        ui.label("Reference:")
            .on_hover_text("The analysis every contestant is measured against");
        let board_depth = ReferenceLimit::board_depth(shape);
        ui.selectable_value(
            &mut form.mode,
            ReferenceMode::Board,
            format!("d{board_depth}"),
        )
        .on_hover_text(
            "Search each position to the depth chosen for this board (the same scores on every \
             run and with any number of workers)",
        );
        ui.selectable_value(&mut form.mode, ReferenceMode::Time, "time")
            .on_hover_text(
                "Search each position for a time (iterative deepening): the scores vary with \
                 the machine's speed",
            );
        ui.selectable_value(&mut form.mode, ReferenceMode::Depth, "depth")
            .on_hover_text("Search each position to a fixed depth");
        match form.mode {
            ReferenceMode::Board => {}
            ReferenceMode::Time => {
                let seconds = egui::DragValue::new(&mut form.seconds)
                    .range(0.1..=600.0)
                    .speed(0.1)
                    .suffix(" s");
                ui.add(seconds).on_hover_text("Seconds a position");
            }
            ReferenceMode::Depth => {
                ui.add(egui::DragValue::new(&mut form.depth).range(1..=30))
                    .on_hover_text(
                        "Plies. A value depends on whose turn it is at the search's leaves: on \
                         8×8×8 depth 3 rates the side to move 7 to 14 discs above depth 4, and \
                         the Review graph zigzags 2–4 times as much. The board's own depth (d…) \
                         is even there, on 8×8 and on 6×6×6; 4×4×4's 9 differs from 10 by up to 3",
                    );
            }
        }
        ui.label("exact from");
        ui.add(egui::DragValue::new(&mut form.exact_empties).range(0..=30))
            .on_hover_text("Solve exactly (scores in discs) from this many empty cells");
        ui.checkbox(&mut form.selective, "selective").on_hover_text(
            "Prune positions that a shallow search shows far outside the window (ProbCut, as \
             Edax does in the midgame): several times faster, nearly always the same best \
             move, searched on one worker so that the scores never vary; off searches every \
             move in full width on every worker",
        );
        egui::ComboBox::from_id_salt("reference player")
            .selected_text(&form.reference_player)
            .show_ui(ui, |ui| {
                for name in &names {
                    ui.selectable_value(&mut form.reference_player, name.clone(), name);
                }
            })
            .response
            .on_hover_text(
                "Whose nine weights score the reference's heuristic positions on a board \
                 without a learned evaluation (with one, it scores in discs and the weights \
                 only order shallow nodes)",
            );
    });
}

fn colouring_row(ui: &mut egui::Ui, form: &mut JudgeForm) {
    let labels: Vec<String> = form.contestants.iter().map(ContestantForm::label).collect();
    let colouring = &mut form.colouring;
    // Wrapped: a row wider than the panel would widen every line below it past the edge.
    ui.horizontal_wrapped(|ui| {
        ui.label("Colour the boards by:");
        let current = match *colouring {
            Colouring::Off => "nothing".to_string(),
            Colouring::Contestant(i) => labels.get(i).cloned().unwrap_or_default(),
            Colouring::Reference => "the reference".to_string(),
            Colouring::Disagreement => "disagreement".to_string(),
        };
        egui::ComboBox::from_id_salt("colouring")
            .selected_text(current)
            .show_ui(ui, |ui| {
                ui.selectable_value(colouring, Colouring::Off, "nothing");
                for (index, label) in labels.iter().enumerate() {
                    ui.selectable_value(colouring, Colouring::Contestant(index), label);
                }
                ui.selectable_value(colouring, Colouring::Reference, "the reference");
                ui.selectable_value(colouring, Colouring::Disagreement, "disagreement");
            })
            .response
            .on_hover_text("Mark the legal moves on the cross-sections and in the 3D view");
        legend(ui, *colouring);
    });
}

fn legend(ui: &mut egui::Ui, colouring: Colouring) {
    // A swatch and its name as one piece, so that a wrapped row never parts them.
    let swatch = |ui: &mut egui::Ui, color: egui::Color32, text: &str| {
        let font = egui::TextStyle::Small.resolve(ui.style());
        let mut job = egui::text::LayoutJob::default();
        job.append("■ ", 0.0, egui::TextFormat::simple(font.clone(), color));
        let plain = egui::TextFormat::simple(font, ui.visuals().text_color());
        job.append(text, 0.0, plain);
        ui.add(egui::Label::new(job).wrap_mode(egui::TextWrapMode::Extend));
    };
    match colouring {
        Colouring::Off => {}
        Colouring::Disagreement => swatch(ui, palette::DISPUTED, "chosen by some, not all"),
        _ => {
            swatch(ui, palette::value(1.0), "best");
            swatch(ui, palette::value(0.0), "middle");
            swatch(ui, palette::value(-1.0), "worst");
        }
    }
}

fn state_line(ui: &mut egui::Ui, judgement: &PositionJudgement, cached: usize) {
    let reference = match &judgement.reference {
        Some(r) if r.exact => format!("reference exact ({} nodes)", HumanCount(r.nodes)),
        Some(r) => format!(
            "reference depth {}, {} ({} nodes)",
            r.depth,
            r.unit.name(),
            HumanCount(r.nodes)
        ),
        None => "reference searching…".to_string(),
    };
    let searched = judgement.analyses.iter().filter(|a| a.is_some()).count();
    ui.horizontal_wrapped(|ui| {
        if !judgement.is_complete() {
            ui.spinner();
        }
        ui.label(format!(
            "{:?} to move · contestants {searched}/{} · {reference}",
            judgement
                .reference
                .as_ref()
                .map_or(judgement.setup.to_move(), |r| r.mover),
            judgement.analyses.len()
        ))
        .on_hover_text(format!(
            "{} · {cached} positions analysed by the reference so far (kept: going back and \
             forth costs nothing)",
            judgement.settings.describe()
        ));
    });
}

/// One row of the table: a move with everyone's score.
struct Row {
    cell: usize,
    /// Each contestant's score, its rank and its text (in discs for a pattern player).
    scores: Vec<Option<(i32, usize, String)>>,
    /// The reference's score and its text.
    reference: Option<(i32, String)>,
    loss: Option<String>,
}

fn rows(judgement: &PositionJudgement) -> Vec<Row> {
    let mut cells: Vec<usize> = judgement
        .analyses
        .iter()
        .flatten()
        .flat_map(|a| a.moves.iter().map(|m| m.cell))
        .chain(
            judgement
                .reference
                .iter()
                .flat_map(|r| r.moves.iter().map(|m| m.cell)),
        )
        .collect();
    cells.sort_unstable();
    cells.dedup();
    let mut rows: Vec<Row> = cells
        .into_iter()
        .map(|cell| Row {
            cell,
            scores: judgement
                .analyses
                .iter()
                .map(|a| {
                    let a = a.as_ref()?;
                    let score = a.moves.iter().find(|m| m.cell == cell)?.score?;
                    let rank = 1 + a.moves.iter().filter(|m| m.score > Some(score)).count();
                    Some((score, rank, a.score_text(score)))
                })
                .collect(),
            reference: (judgement.reference.as_ref())
                .and_then(|r| Some((r.score_of(cell)?, r)))
                .map(|(m, r)| (m.score, r.score_text(m))),
            // In discs the heading names the unit: the number alone keeps the column narrow.
            loss: (judgement.reference.as_ref())
                .and_then(|r| r.loss(cell))
                .map(|l| match l.unit {
                    ScoreUnit::Discs => l.number_text(),
                    ScoreUnit::Eval => l.text(),
                }),
        })
        .collect();
    rows.sort_by_key(|r| {
        (
            std::cmp::Reverse(r.reference.as_ref().map(|s| s.0)),
            std::cmp::Reverse(r.scores.first().and_then(|s| s.as_ref().map(|s| s.0))),
        )
    });
    rows
}

fn table(ui: &mut egui::Ui, context: &mut CompareContext, judgement: &PositionJudgement) {
    let labels = contestant_labels(judgement);
    let marks = RowMarks {
        shape: judgement.setup.shape(),
        notation: context.notation,
        choices: (0..judgement.analyses.len())
            .map(|i| judgement.choice(i))
            .collect(),
        disputed: judgement.disputed(),
        best: (judgement.reference.as_ref())
            .map(|r| r.best_moves())
            .unwrap_or_default(),
    };
    let mut pointed = Pointed::default();
    // Only the table scrolls sideways when the panel is narrow: the text around it wraps.
    egui::ScrollArea::horizontal()
        .id_salt("compare table")
        .show(ui, |ui| {
            egui::Grid::new("compare table")
                .num_columns(labels.len() + 3)
                .spacing([6.0, 4.0])
                .striped(true)
                .show(ui, |ui| {
                    header_row(ui, &labels, judgement);
                    for row in rows(judgement) {
                        move_row(ui, row, &marks, &mut pointed);
                    }
                });
        });
    ui.small(
        "Underlined: the move each contestant would play. Blue move: the reference's best. \
         Highlighted: chosen by some contestants and not others.",
    );
    let game = |request| CompareRequest::Game(request);
    (context.requests).extend(pointed.hovered.map(|cell| game(GameRequest::Preview(cell))));
    (context.requests).extend(pointed.clicked.map(|cell| game(GameRequest::Play(cell))));
}

/// Each contestant's column heading: its number, name and depth, and its unit below.
fn contestant_labels(judgement: &PositionJudgement) -> Vec<String> {
    (judgement.contestants.iter().zip(&judgement.analyses))
        .enumerate()
        .map(|(i, (c, analysis))| {
            // The unit on a line of its own keeps the columns narrow enough for the panel.
            let unit = match analysis {
                Some(a) if a.in_discs => "\n(discs)",
                Some(a) if a.in_weight_units() => "\n(eval)",
                _ => "",
            };
            format!("{}. {} d{}{unit}", i + 1, c.preset.name, c.depth)
        })
        .collect()
}

/// What marks a move's row: the board's notation, each contestant's choice, the moves chosen
/// by some contestants and not others, the reference's best moves.
struct RowMarks {
    shape: Shape,
    notation: Notation,
    choices: Vec<Option<usize>>,
    disputed: Vec<usize>,
    best: Vec<usize>,
}

/// The move under the pointer and the move clicked, if any.
#[derive(Default)]
struct Pointed {
    hovered: Option<usize>,
    clicked: Option<usize>,
}

fn header_row(ui: &mut egui::Ui, labels: &[String], judgement: &PositionJudgement) {
    ui.strong("Move");
    for label in labels {
        ui.strong(label).on_hover_text(
            "Its own score of the move (in discs for a pattern player, else in its weights' \
             units; win/loss when proven), and the move's rank (1 = its best)",
        );
    }
    ui.strong("Reference").on_hover_text(
        "The reference's score at the depth shown: exact (=+4), proven (win +4), in discs by \
         the board's learned evaluation (+2.4), or in the nine weights' units on a board \
         without one",
    );
    let in_discs = (judgement.reference.as_ref()).is_some_and(|r| r.unit == ScoreUnit::Discs);
    ui.strong(if in_discs { "Loss\n(discs)" } else { "Loss" })
        .on_hover_text("The reference's best score minus this move's");
    ui.end_row();
}

fn move_row(ui: &mut egui::Ui, row: Row, marks: &RowMarks, pointed: &mut Pointed) {
    let cell = format_cell_in(marks.shape, row.cell, marks.notation);
    let mut name = egui::RichText::new(cell).monospace();
    if marks.best.contains(&row.cell) {
        name = name.strong().color(palette::REFERENCE_BEST);
    }
    if marks.disputed.contains(&row.cell) {
        name = name.background_color(palette::DISPUTED.gamma_multiply(0.45));
    }
    let response = ui
        .selectable_label(false, name)
        .on_hover_text("Hover to preview on the boards, click to play");
    if response.hovered() {
        pointed.hovered = Some(row.cell);
    }
    if response.clicked() {
        pointed.clicked = Some(row.cell);
    }
    for (index, score) in row.scores.iter().enumerate() {
        let text = score.as_ref().map_or_else(
            || "…".to_string(),
            |(_, rank, text)| format!("{text} (#{rank})"),
        );
        let mut text = egui::RichText::new(text).monospace();
        if marks.choices[index] == Some(row.cell) {
            text = text.strong().underline();
        }
        ui.label(text);
    }
    ui.monospace(row.reference.map_or_else(|| "…".to_string(), |r| r.1));
    ui.monospace(row.loss.unwrap_or_else(|| "…".to_string()));
    ui.end_row();
}
