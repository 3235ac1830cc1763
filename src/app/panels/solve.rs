//! The Solve row of the Analysis panel: the exact result of the position shown under perfect
//! play, its best move and line, from the endgame solver.

use crate::app::session::{Session, SolveContext, SolveRequest};
use crate::app::solve_desk::SolveState;
use engine::Shape;
use engine::notation::{Notation, format_cell_in};
use engine::search::{Searched, margin_of_score};
use indicatif::HumanCount;

/// Draws the Solve button (or Stop while the solver runs) and what the solver found.
pub fn show(ui: &mut egui::Ui, session: &mut Session) {
    session.solve_panel(|context| draw(ui, context));
}

fn draw(ui: &mut egui::Ui, context: &mut SolveContext) {
    let (shape, notation) = (context.shape, context.notation);
    let mut start = false;
    let mut stop = false;
    ui.horizontal_wrapped(|ui| match context.state {
        SolveState::Idle => {
            start = ui
                .button("Solve")
                .on_hover_text(
                    "The exact result under perfect play, the best move and the line, from \
                     the endgame solver on the workers W. Quick up to about 20 empty cells; \
                     each more empty cell costs about three times as long.",
                )
                .clicked();
        }
        SolveState::Running(since) => {
            ui.spinner();
            ui.label(format!("solving… {:.0} s", since.elapsed().as_secs_f64()));
            stop = ui.button("Stop").on_hover_text("Stop the solver").clicked();
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(500));
        }
        SolveState::Done(Ok(searched)) => {
            ui.label(verdict(shape, notation, searched));
            start = ui
                .small_button("Again")
                .on_hover_text("Solve this position again")
                .clicked();
        }
        SolveState::Done(Err(problem)) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("solve failed: {problem}"),
            );
        }
    });
    if start {
        context.requests.push(SolveRequest::Start);
    }
    if stop {
        context.requests.push(SolveRequest::Stop);
    }
}

/// What the solver found, in words: `Exact: Red wins by 4 discs · best 3-4 · line …`.
fn verdict(shape: Shape, notation: Notation, searched: &Searched) -> String {
    let analysis = &searched.analysis;
    if analysis.cancelled {
        return format!(
            "Stopped after {:.1} s, before an exact result.",
            analysis.elapsed.as_secs_f64()
        );
    }
    let (Some(score), Some(best)) = (analysis.best_score(), analysis.choose(None)) else {
        return "The game is over: nothing to solve.".to_string();
    };
    let margin = margin_of_score(score);
    let mover = searched.mover;
    let result = match margin.signum() {
        1 => format!("{mover:?} wins by {margin} discs"),
        -1 => format!("{:?} wins by {} discs", mover.opponent(), -margin),
        _ => "a draw".to_string(),
    };
    let pass = if searched.passed {
        format!("{:?} passes; ", mover.opponent())
    } else {
        String::new()
    };
    let line: Vec<String> = analysis
        .line
        .iter()
        .map(|&c| format_cell_in(shape, c, notation))
        .collect();
    format!(
        "Exact: {pass}{result} · best {} · line {} · {} nodes in {:.2} s",
        format_cell_in(shape, best, notation),
        line.join(" "),
        HumanCount(analysis.nodes.total()),
        analysis.elapsed.as_secs_f64()
    )
}
