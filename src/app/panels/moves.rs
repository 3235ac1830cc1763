//! The Moves panel: every legal move with its score from the live analysis (or the AI's
//! search), best first; hover to preview a move on the boards, click to play it.

use crate::app::jobs::Purpose;
use crate::app::palette;
use crate::app::session::{GameRequest, MovesContext, Session};
use engine::notation::format_cell_in;

/// Draws the panel.
pub fn show(ui: &mut egui::Ui, session: &mut Session) {
    session.moves_panel(|context| draw(ui, context));
}

fn draw(ui: &mut egui::Ui, context: &mut MovesContext) {
    let Some(shown) = context.shown else {
        let text = if context.board.over {
            "The game is over."
        } else if context.live_moves {
            "Analysing…"
        } else {
            "Turn on Moves (m) to score every legal move."
        };
        ui.label(text);
        return;
    };
    let analysis = &shown.analysis;
    let state = if analysis.cancelled {
        "stopped"
    } else if !analysis.finished {
        "searching…"
    } else if analysis.selective {
        "likely scores (≈), proving them…"
    } else if context.searching {
        "searching deeper…"
    } else if context.ai_thinking && shown.purpose == Purpose::Analysis {
        "done; the AI is thinking"
    } else {
        "done"
    };
    let unit = match analysis.in_discs {
        true => "patterns, in discs",
        false => "weights",
    };
    let who = match shown.purpose {
        Purpose::AiMove => format!("{}'s search ({unit})", shown.player),
        Purpose::Analysis => format!("analysis with {}'s {unit}", shown.player),
    };
    ui.label(format!(
        "{:?} to move · {who} · depth {} · {state}",
        shown.mover,
        analysis.depth_text()
    ))
    .on_hover_text(
        "The live analysis uses the Weights panel's player; while an AI thinks, its own search \
         is shown. ≈ marks a selective pass's likely final margins, shown while the exact \
         search proves them",
    );
    let best = analysis.best_score();
    let mut rows = std::mem::take(&mut context.rows);
    rows.sort_by_key(|row| (std::cmp::Reverse(row.score), row.cell));
    let (shape, notation) = (context.board.shape, context.notation);
    let name = |cell| format_cell_in(shape, cell, notation);
    let mut hovered = None;
    let mut clicked = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        egui::Grid::new("moves")
            .num_columns(3)
            .striped(true)
            .show(ui, |ui| {
                ui.strong("Move");
                if !analysis.in_weight_units() {
                    ui.strong("Score (discs)");
                } else {
                    ui.strong("Score (eval)").on_hover_text(
                        "In the nine weights' units (a corner is worth about 1000); proven \
                         results as win/loss in discs",
                    );
                }
                ui.label("");
                ui.end_row();
                for row in rows {
                    let is_best = row.score.is_some() && row.score == best;
                    let text = egui::RichText::new(name(row.cell)).monospace();
                    let text = if is_best {
                        text.color(palette::BEST).strong()
                    } else {
                        text
                    };
                    let response = ui
                        .selectable_label(is_best, text)
                        .on_hover_text("Hover to preview on the boards, click to play");
                    if response.hovered() {
                        hovered = Some(row.cell);
                    }
                    if response.clicked() {
                        clicked = Some(row.cell);
                    }
                    let score = row
                        .score
                        .map_or_else(|| "…".to_string(), |s| analysis.score_text(s));
                    ui.monospace(score);
                    match row.same_as {
                        Some(kept) => {
                            ui.weak(format!("as {}", name(kept))).on_hover_text(
                                "Equivalent by a symmetry of the position: the same score (with \
                                 S on, the search scores one move of each such group)",
                            );
                        }
                        None => {
                            ui.label("");
                        }
                    }
                    ui.end_row();
                }
            });
    });
    context.requests.extend(hovered.map(GameRequest::Preview));
    context.requests.extend(clicked.map(GameRequest::Play));
}
