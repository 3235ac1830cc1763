//! Recognises pasted text: our move list, our position text, an 8×8 transcript (`f5d6c3…`) or
//! an OBF line. Text that is none of these is refused with what each format found wrong.

use engine::notation::{Move, parse_moves, parse_transcript, replay, replay_transcript};
use engine::obf::{obf_shape, parse_obf};
use engine::{Geometry, Position, Setup, Shape, WidthJob};

/// What pasted text turned out to be.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Pasted {
    /// Legal moves from the start position of `shape`.
    Moves {
        /// The board they are played on.
        shape: Shape,
        /// The moves, passes as written (replaying fills in the others).
        moves: Vec<Move>,
        /// Which format it was, for the log.
        format: &'static str,
    },
    /// A position to start a game from.
    Position {
        /// The position (its shape is the board).
        setup: Setup,
        /// Which format it was, for the log.
        format: &'static str,
    },
}

/// Reads `text` as one of the formats, trying the `current` board first where the format does
/// not name its board. The error lists every format tried and what it found wrong.
pub fn recognise(text: &str, current: Shape) -> Result<Pasted, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("there is no text to paste".to_string());
    }
    let mut problems = Vec::new();
    match parse_obf(text) {
        Ok(line) => {
            return Ok(Pasted::Position {
                setup: line.setup,
                format: "an OBF line",
            });
        }
        Err(problem) => problems.push(format!("as an OBF line: {problem}")),
    }
    match position_text(text, current) {
        Ok(setup) => {
            return Ok(Pasted::Position {
                setup,
                format: "a position",
            });
        }
        Err(problem) => problems.push(format!("as a position on {current}: {problem}")),
    }
    match moves_from_start(current, text) {
        Ok(moves) => {
            return Ok(Pasted::Moves {
                shape: current,
                moves,
                format: "a move list",
            });
        }
        Err(problem) => problems.push(format!("as a move list on {current}: {problem}")),
    }
    match transcript(text) {
        Ok(moves) => {
            return Ok(Pasted::Moves {
                shape: obf_shape(),
                moves,
                format: "an 8×8 transcript",
            });
        }
        Err(problem) => problems.push(format!("as an 8×8 transcript: {problem}")),
    }
    Err(format!(
        "the text is none of the formats tried — {}",
        problems.join("; ")
    ))
}

/// Our position text on the current board, or else on the one board whose cell count it has
/// (of the same dimension first); the error is the current board's.
fn position_text(text: &str, current: Shape) -> Result<Setup, String> {
    let error = match Setup::parse(current, text) {
        Ok(setup) => return Ok(setup),
        Err(error) => error.to_string(),
    };
    // A position text has one symbol per cell before the side to move.
    let cells_given = text.rsplit_once(' ').map_or(0, |(cells, _)| {
        cells
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '/')
            .count()
    });
    let (others_first, others_then): (Vec<Shape>, Vec<Shape>) = every_board()
        .into_iter()
        .filter(|&shape| shape != current && shape.cells() == cells_given)
        .partition(|shape| shape.dims() == current.dims());
    others_first
        .into_iter()
        .chain(others_then)
        .find_map(|shape| Setup::parse(shape, text).ok())
        .ok_or(error)
}

fn every_board() -> Vec<Shape> {
    [(2, 4..=16), (3, 4..=10)]
        .into_iter()
        .flat_map(|(dims, sides)| sides.step_by(2).map(move |n| (dims, n)))
        .filter_map(|(dims, n)| Shape::new(dims, n).ok())
        .collect()
}

fn moves_from_start(shape: Shape, text: &str) -> Result<Vec<Move>, String> {
    let moves = parse_moves(shape, text).map_err(|e| e.to_string())?;
    shape.dispatch(Replays::Moves(&moves))?;
    Ok(moves)
}

fn transcript(text: &str) -> Result<Vec<Move>, String> {
    let cells = parse_transcript(text).map_err(|e| e.to_string())?;
    obf_shape().dispatch(Replays::Transcript(&cells))?;
    Ok(cells.into_iter().map(Move::Play).collect())
}

/// Whether moves replay from the start position.
enum Replays<'a> {
    Moves(&'a [Move]),
    Transcript(&'a [usize]),
}

impl WidthJob for Replays<'_> {
    type Output = Result<(), String>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Self::Output {
        let start = Position::start(geometry);
        let replayed = match self {
            Replays::Moves(moves) => replay(geometry, start, moves),
            Replays::Transcript(cells) => replay_transcript(geometry, start, cells),
        };
        replayed.map(|_| ()).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Color;

    fn shape(text: &str) -> Shape {
        text.parse().unwrap()
    }

    #[test]
    fn each_format_is_recognised() {
        let cube = shape("6x6x6");
        match recognise("2-3-4, 3-2-5", cube).unwrap() {
            Pasted::Moves { shape, moves, .. } => assert_eq!((shape, moves.len()), (cube, 2)),
            other => panic!("{other:?}"),
        }
        match recognise(" f5d6c3\n", cube).unwrap() {
            Pasted::Moves {
                shape: s,
                moves,
                format,
            } => {
                assert_eq!(
                    (s, moves.len(), format),
                    (shape("8x8"), 3, "an 8×8 transcript")
                )
            }
            other => panic!("{other:?}"),
        }
        let start_4x4 = Setup::start(shape("4x4"));
        for (text, board) in [(start_4x4.text(), cube), (start_4x4.text(), shape("4x4"))] {
            match recognise(&text, board).unwrap() {
                Pasted::Position { setup, .. } => assert_eq!(setup, start_4x4),
                other => panic!("{other:?}"),
            }
        }
        let obf = "---------------------------OX------XO--------------------------- O";
        match recognise(obf, cube).unwrap() {
            Pasted::Position { setup, format } => {
                assert_eq!(setup, Setup::start(shape("8x8")).with_to_move(Color::Green));
                assert_eq!(format, "an OBF line");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn green_to_move_in_our_position_text() {
        let text = Setup::start(shape("6x6")).with_to_move(Color::Green).text();
        assert!(text.ends_with(" G"));
        match recognise(&text, shape("6x6")).unwrap() {
            Pasted::Position { setup, .. } => assert_eq!(setup.to_move(), Color::Green),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn other_text_lists_every_format_tried() {
        let error = recognise("hello world", shape("8x8")).unwrap_err();
        for format in [
            "OBF line",
            "position on 8x8",
            "move list on 8x8",
            "8×8 transcript",
        ] {
            assert!(error.contains(format), "{error}");
        }
        let illegal = recognise("f5f5", shape("8x8")).unwrap_err();
        assert!(
            illegal.contains("transcript: move 2 (f5): not a legal move"),
            "{illegal}"
        );
        assert_eq!(
            recognise("  \n", shape("8x8")).unwrap_err(),
            "there is no text to paste"
        );
    }
}
