//! The status line: the disc count, whose turn it is, or the result.

use super::Session;
use engine::Outcome;

impl Session {
    /// One line on the game: the disc count and whose turn it is, or the result.
    pub fn status(&self) -> String {
        let board = &self.board;
        let count = format!("Red {} – Green {}", board.red.len(), board.green.len());
        if board.over {
            let outcome = Outcome::from_counts(
                board.red.len() as u32,
                board.green.len() as u32,
                self.settings.rules,
            );
            let verdict = match outcome {
                Outcome::Win(color) => format!("{color:?} wins"),
                Outcome::Draw => "draw".to_string(),
            };
            return format!("{count} · game over: {verdict}");
        }
        let seat = self.settings.seat(board.mover);
        let who = seat.ai.as_deref().unwrap_or("Human");
        let pass = if board.mover != board.to_move {
            format!(" ({:?} passes)", board.to_move)
        } else {
            String::new()
        };
        let state = if self.editing {
            "to move · editing the board (e leaves)"
        } else if self.is_ai_thinking() {
            "thinking…"
        } else if !self.playing {
            "stopped"
        } else {
            "to move"
        };
        let mut line = format!("{count} · {:?} ({who}) {state}{pass}", board.mover);
        if self.settings.show_value
            && let Some(value) = self.static_value_text()
        {
            line += &format!(" · value {value}");
        }
        line
    }
}
