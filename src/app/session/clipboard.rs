//! Paste and copy: pasted text becomes the game (a move list, an 8×8 transcript, our position
//! text or an OBF line); the position, the moves and, on 8×8, the transcript and the OBF line
//! are offered for copying.

use super::Session;
use engine::notation::format_transcript;
use engine::obf::format_obf;
use lab::ai::Player;
use lab::game::Game;
use lab::game::paste::{Pasted, recognise};

/// What can be copied from the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyKind {
    /// The position on the board as our position text.
    Position,
    /// The game's moves from its start (1-based coordinates).
    Moves,
    /// The game's moves as an 8×8 transcript (`f5d6c3…`).
    Transcript,
    /// The position on the board as an 8×8 OBF line.
    Obf,
}

impl CopyKind {
    /// Every kind, in menu order.
    pub const ALL: [CopyKind; 4] = [
        CopyKind::Position,
        CopyKind::Moves,
        CopyKind::Transcript,
        CopyKind::Obf,
    ];

    /// What is copied, in a word or two.
    pub fn what(self) -> &'static str {
        match self {
            CopyKind::Position => "the position",
            CopyKind::Moves => "the moves",
            CopyKind::Transcript => "the transcript",
            CopyKind::Obf => "the OBF line",
        }
    }

    /// The menu label.
    pub fn label(self) -> &'static str {
        match self {
            CopyKind::Position => "Copy position",
            CopyKind::Moves => "Copy moves",
            CopyKind::Transcript => "Copy transcript",
            CopyKind::Obf => "Copy OBF",
        }
    }
}

impl Session {
    /// Makes pasted `text` the game: moves are replayed from the start (stopped at the end),
    /// a position starts a new stopped game. Text in no known format changes nothing and the
    /// message says what each format found wrong.
    pub fn paste_text(&mut self, text: &str) {
        if let Err(problem) = self.take_text(text) {
            self.error(format!("paste: {problem}"));
        }
    }

    /// Makes `text` the game, as a paste does: moves, a transcript, a position or an OBF
    /// line; other text changes nothing and the answer says what each format found wrong.
    pub fn take_text(&mut self, text: &str) -> Result<(), String> {
        match recognise(text, self.game.shape) {
            Ok(Pasted::Moves {
                shape,
                moves,
                format,
            }) => {
                let mut game = Game::new(shape, self.settings.rules, Player::Human, Player::Human);
                match game.set_moves(moves) {
                    Ok(()) => {
                        self.replace_game(game, false);
                        self.info(format!(
                            "read {format}: {} moves on {shape}; press Play to continue",
                            self.game.moves().len()
                        ));
                        Ok(())
                    }
                    Err(error) => Err(error.to_string()),
                }
            }
            Ok(Pasted::Position { setup, format }) => {
                let shape = setup.shape();
                self.start_from(setup);
                self.info(format!(
                    "read {format} on {shape}: press Play to start from it"
                ));
                Ok(())
            }
            Err(problem) => Err(problem),
        }
    }

    /// The text of `kind` for the game and the board, or why there is none (the 8×8 formats
    /// on other boards; a transcript of a game that did not start at the start position).
    pub fn copy_text(&self, kind: CopyKind) -> Result<String, String> {
        let here = &self.here;
        match kind {
            CopyKind::Position => Ok(here.text()),
            CopyKind::Moves => Ok(self.game.moves_text()),
            CopyKind::Transcript if self.game.shape != engine::obf::obf_shape() => {
                Err("transcripts exist on 8x8 only".to_string())
            }
            CopyKind::Transcript if !self.game.starts_at_the_start() => Err(
                "this game starts from a set-up position: copy the position or OBF instead"
                    .to_string(),
            ),
            CopyKind::Transcript => Ok(format_transcript(self.game.moves())),
            CopyKind::Obf => format_obf(here).ok_or_else(|| "OBF exists on 8x8 only".to_string()),
        }
    }
}
