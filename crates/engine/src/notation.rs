//! Text notation for moves, move lists and positions (documented in README.md).
//!
//! - A move on a square board is written as Othello players write it: the column as a letter
//!   from `a`, the row as a number from 1, e.g. `c4` (`a`–`p` on boards up to 16×16). The seed
//!   app's 1-based `x-y` (`3-4` for `c4`) is read too, and can be chosen for display
//!   ([`Notation`]). A move on a cube is 1-based `x-y-z`, e.g. `3-4-3`.
//! - A move list separates moves by commas and/or spaces (on a square board, moves in letters
//!   may also run together, as in a transcript `f5d6c3`); `pass` is allowed where the side to
//!   move has no legal move, and may also be left out (passes are implied).
//! - A position lists every cell in generation order as `R` (Red), `G` (Green) or `.`, with
//!   any spaces or `/` as separators for readability, followed by the side to move (`R`/`G`
//!   after a space), e.g. `..../.GR./.RG./.... R` for the 4×4 start.

use super::bits::Bits;
use super::geometry::Geometry;
use super::position::{Color, Position};
use super::shape::Shape;

/// One entry of a move list.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Move {
    /// A disc placed on this cell.
    Play(usize),
    /// The side to move passes.
    Pass,
}

/// Why a move, move list or position was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum NotationError {
    /// The text is not a move of this shape.
    #[error("'{text}' is not a move on {shape}: write {expected}")]
    BadMove {
        /// What was given.
        text: String,
        /// The board.
        shape: Shape,
        /// How a move is written there, e.g. `x-y-z with coordinates 1 to 6`.
        expected: String,
    },
    /// A move in a list cannot be played.
    #[error("move {number} ({text}): {problem}")]
    Illegal {
        /// 1-based position in the list.
        number: usize,
        /// The move as written.
        text: String,
        /// What is wrong.
        problem: String,
    },
    /// A position string is malformed.
    #[error("{0}")]
    BadPosition(String),
}

/// How the cells of a square board are written (a cube's are always `x-y-z`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Notation {
    /// Othello's `c4`: the column as a letter from `a`, the row as a number from 1.
    #[default]
    Letters,
    /// The seed app's `3-4`: the column and the row as numbers from 1.
    Numbers,
}

/// The text of a cell: `c4` on a square board, `x-y-z` (from 1) on a cube.
pub fn format_cell(shape: Shape, cell: usize) -> String {
    format_cell_in(shape, cell, Notation::Letters)
}

/// The text of a cell in `notation` (a cube's cells are `x-y-z` in both).
pub fn format_cell_in(shape: Shape, cell: usize, notation: Notation) -> String {
    let [x, y, z] = shape.coords(cell);
    match (shape.is_3d(), notation) {
        (true, _) => format!("{}-{}-{}", x + 1, y + 1, z + 1),
        (false, Notation::Letters) => format!("{}{}", column_letter(x), y + 1),
        (false, Notation::Numbers) => format!("{}-{}", x + 1, y + 1),
    }
}

/// The letter of column `x` (from 0): `a`, `b`, …
pub fn column_letter(x: usize) -> char {
    (b'a' + x as u8) as char
}

/// The cell of a move text: `c4` or `3-4` on a square board, `x-y-z` on a cube.
pub fn parse_cell(shape: Shape, text: &str) -> Result<usize, NotationError> {
    let side = shape.side();
    let bad = || NotationError::BadMove {
        text: text.to_string(),
        shape,
        expected: match shape.is_3d() {
            true => format!("x-y-z with coordinates 1 to {side}"),
            false => format!(
                "a column a to {} and a row 1 to {side}, e.g. c4 (or x-y with coordinates 1 to \
                 {side})",
                column_letter(side - 1)
            ),
        },
    };
    let text = text.trim();
    let lettered = text.starts_with(|c: char| c.is_ascii_alphabetic()) && !shape.is_3d();
    let parts: Vec<usize> = match lettered {
        true => {
            let column = text.as_bytes()[0].to_ascii_lowercase() - b'a' + 1;
            let row = text[1..].parse::<usize>().map_err(|_| bad())?;
            vec![usize::from(column), row]
        }
        false => text
            .split('-')
            .map(|part| part.trim().parse::<usize>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?,
    };
    if parts.len() != shape.dims() || parts.iter().any(|&c| c == 0 || c > side) {
        return Err(bad());
    }
    Ok(shape.cell([
        parts[0] - 1,
        parts[1] - 1,
        parts.get(2).map_or(0, |z| z - 1),
    ]))
}

/// A token of moves in letters run together (`f5d6c3`) as its moves; `None` when it is not
/// such a run.
fn lettered_run(token: &str) -> Option<Vec<&str>> {
    let bytes = token.as_bytes();
    let mut starts = Vec::new();
    for (at, byte) in bytes.iter().enumerate() {
        match byte.is_ascii_alphabetic() {
            true if at + 1 < bytes.len() && bytes[at + 1].is_ascii_digit() => starts.push(at),
            true => return None,
            false if byte.is_ascii_digit() && at > 0 => {}
            false => return None,
        }
    }
    let ends = starts.iter().skip(1).copied().chain([token.len()]);
    Some(
        starts
            .iter()
            .zip(ends)
            .map(|(&a, b)| &token[a..b])
            .collect(),
    )
}

/// Parses a move list (moves separated by commas or spaces, `pass` allowed).
pub fn parse_moves(shape: Shape, text: &str) -> Result<Vec<Move>, NotationError> {
    let tokens = text
        .split([',', ' ', '\t', '\n', '\r'])
        .filter(|t| !t.is_empty());
    let moves = tokens.flat_map(|token| match token.eq_ignore_ascii_case("pass") {
        true => vec![token],
        false if shape.is_3d() => vec![token],
        false => lettered_run(token).unwrap_or_else(|| vec![token]),
    });
    moves
        .map(|token| match token.eq_ignore_ascii_case("pass") {
            true => Ok(Move::Pass),
            false => parse_cell(shape, token).map(Move::Play),
        })
        .collect()
}

/// The text of a move list, passes written out.
pub fn format_moves(shape: Shape, moves: &[Move]) -> String {
    let texts: Vec<String> = moves
        .iter()
        .map(|m| match m {
            Move::Play(cell) => format_cell(shape, *cell),
            Move::Pass => "pass".to_string(),
        })
        .collect();
    texts.join(",")
}

/// Plays a move list from `position`. A side that must pass passes, whether or not the list
/// says `pass`; a `pass` while legal moves exist, an illegal move or a move after the end of
/// the game is refused with its number.
pub fn replay<const W: usize>(
    geometry: &Geometry<W>,
    position: Position<W>,
    moves: &[Move],
) -> Result<Position<W>, NotationError> {
    let shape = geometry.shape();
    let mut position = position;
    for (index, &entry) in moves.iter().enumerate() {
        let illegal = |problem: String| NotationError::Illegal {
            number: index + 1,
            text: format_moves(shape, &[entry]),
            problem,
        };
        if position.is_game_over(geometry) {
            return Err(illegal("the game is already over".to_string()));
        }
        if position.must_pass(geometry) {
            position = position.pass();
            if entry == Move::Pass {
                continue;
            }
        }
        position = match entry {
            Move::Pass => {
                return Err(illegal(format!(
                    "{:?} has legal moves and cannot pass",
                    position.to_move
                )));
            }
            Move::Play(cell) => position
                .play(geometry, cell)
                .ok_or_else(|| illegal(format!("not a legal move for {:?}", position.to_move)))?,
        };
    }
    Ok(position)
}

/// Parses an 8×8 transcript as written by Edax and Egaroucid, e.g. `f5d6c3d3c4`: a letter
/// `a`–`h` (the column, our x) and a digit `1`–`8` (the row, our y) per move, passes left out.
/// Their start position (d5 and e4 black, black to move) is ours with Black as Red.
pub fn parse_transcript(text: &str) -> Result<Vec<usize>, NotationError> {
    let shape = Shape::new(2, 8).expect("8x8 is a board");
    let symbols: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let bad = |number: usize, text: String, problem: &str| NotationError::Illegal {
        number,
        text,
        problem: problem.to_string(),
    };
    if !symbols.len().is_multiple_of(2) {
        return Err(bad(
            symbols.len() / 2 + 1,
            symbols[symbols.len() - 1].to_string(),
            "a column letter without its row",
        ));
    }
    symbols
        .chunks(2)
        .enumerate()
        .map(|(index, pair)| {
            let column = pair[0].to_ascii_lowercase();
            let written: String = pair.iter().collect();
            match (column, pair[1]) {
                ('a'..='h', '1'..='8') => Ok(shape.cell([
                    column as usize - 'a' as usize,
                    pair[1] as usize - '1' as usize,
                    0,
                ])),
                _ => Err(bad(
                    index + 1,
                    written,
                    "a move is a column a-h and a row 1-8",
                )),
            }
        })
        .collect()
}

/// Replays an 8×8 transcript's moves (see [`parse_transcript`]) from `start`; a refused move
/// is reported as written (`a1`, not `1-1`).
pub fn replay_transcript<const W: usize>(
    geometry: &Geometry<W>,
    start: Position<W>,
    cells: &[usize],
) -> Result<Position<W>, NotationError> {
    let moves: Vec<Move> = cells.iter().copied().map(Move::Play).collect();
    replay(geometry, start, &moves).map_err(|error| match error {
        NotationError::Illegal {
            number, problem, ..
        } => NotationError::Illegal {
            number,
            text: format_transcript(&moves[number - 1..number]),
            problem,
        },
        other => other,
    })
}

/// The 8×8 transcript of a move list (passes left out), e.g. `f5d6c3`.
pub fn format_transcript(moves: &[Move]) -> String {
    let shape = Shape::new(2, 8).expect("8x8 is a board");
    moves
        .iter()
        .filter_map(|m| match m {
            Move::Play(cell) => {
                let [x, y, _] = shape.coords(*cell);
                Some(format!("{}{}", (b'a' + x as u8) as char, y + 1))
            }
            Move::Pass => None,
        })
        .collect()
}

/// Parses a position string (see the module documentation).
pub fn parse_position<const W: usize>(
    geometry: &Geometry<W>,
    text: &str,
) -> Result<Position<W>, NotationError> {
    let shape = geometry.shape();
    let trimmed = text.trim();
    let (cells_text, side_text) = trimmed.rsplit_once(' ').ok_or_else(|| {
        NotationError::BadPosition("it must end with the side to move, R or G".into())
    })?;
    let to_move = match side_text.trim() {
        "R" | "r" => Color::Red,
        "G" | "g" => Color::Green,
        other => {
            return Err(NotationError::BadPosition(format!(
                "side to move '{other}' is not R or G"
            )));
        }
    };
    let symbols: Vec<char> = cells_text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '/')
        .collect();
    if symbols.len() != shape.cells() {
        return Err(NotationError::BadPosition(format!(
            "{shape} has {} cells but {} were given",
            shape.cells(),
            symbols.len()
        )));
    }
    let (mut red, mut green) = (Bits::EMPTY, Bits::EMPTY);
    for (cell, symbol) in symbols.into_iter().enumerate() {
        match symbol {
            'R' | 'r' => red.insert(cell),
            'G' | 'g' => green.insert(cell),
            '.' | '-' => {}
            other => {
                let at = format_cell(shape, cell);
                return Err(NotationError::BadPosition(format!(
                    "'{other}' at {at} is not R, G or ."
                )));
            }
        }
    }
    Ok(Position::from_colors(red, green, to_move))
}

/// The position string of `position`, one `/`-separated group per line of N cells.
pub fn format_position<const W: usize>(geometry: &Geometry<W>, position: &Position<W>) -> String {
    let shape = geometry.shape();
    let (red, green) = (position.discs(Color::Red), position.discs(Color::Green));
    let mut text = String::new();
    for cell in 0..shape.cells() {
        if cell > 0 && cell % shape.side() == 0 {
            text.push('/');
        }
        text.push(if red.contains(cell) {
            'R'
        } else if green.contains(cell) {
            'G'
        } else {
            '.'
        });
    }
    text.push_str(if position.to_move == Color::Red {
        " R"
    } else {
        " G"
    });
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip_and_bad_moves_are_explained() {
        let cube: Shape = "6x6x6".parse().unwrap();
        for cell in 0..cube.cells() {
            assert_eq!(parse_cell(cube, &format_cell(cube, cell)), Ok(cell));
        }
        assert_eq!(format_cell(cube, cube.cell([0, 1, 2])), "1-2-3");
        let square: Shape = "16x16".parse().unwrap();
        for cell in 0..square.cells() {
            for notation in [Notation::Letters, Notation::Numbers] {
                let text = format_cell_in(square, cell, notation);
                assert_eq!(parse_cell(square, &text), Ok(cell), "{text}");
            }
        }
        assert_eq!(format_cell("8x8".parse().unwrap(), 9), "b2");
        assert_eq!(
            format_cell_in("8x8".parse().unwrap(), 9, Notation::Numbers),
            "2-2"
        );
        assert_eq!(format_cell(square, square.cells() - 1), "p16");
        assert_eq!(parse_cell(square, "C4"), parse_cell(square, "3-4"));
        let six: Shape = "6x6".parse().unwrap();
        for bad in ["g1", "a7", "a0", "a", "4", "aa1", "1-7", "-"] {
            let message = parse_cell(six, bad).unwrap_err().to_string();
            assert!(
                message.contains("a column a to f and a row 1 to 6"),
                "{bad}: {message}"
            );
        }
        for bad in ["0-1-1", "7-1-1", "1-1", "a-b-c", "1-1-1-1", ""] {
            let message = parse_cell(cube, bad).unwrap_err().to_string();
            assert!(
                message.contains("write x-y-z with coordinates 1 to 6"),
                "{message}"
            );
        }
    }

    #[test]
    fn positions_round_trip() {
        let geometry = Geometry::<1>::new("4x4".parse().unwrap());
        let start = Position::start(&geometry);
        let text = format_position(&geometry, &start);
        assert_eq!(text, "..../.GR./.RG./.... R");
        assert_eq!(parse_position(&geometry, &text), Ok(start));
        assert!(parse_position(&geometry, "..../.GR./.RG./... R").is_err());
        assert!(
            parse_position(&geometry, "..../.GX./.RG./.... R")
                .unwrap_err()
                .to_string()
                .contains("'X' at b3")
        );
        assert!(parse_position(&geometry, "..../.GR./.RG./.... X").is_err());
    }

    #[test]
    fn transcripts_map_columns_to_x_and_rows_to_y() {
        let moves = parse_transcript("f5d6 C3").unwrap();
        let shape: Shape = "8x8".parse().unwrap();
        assert_eq!(
            moves,
            [
                shape.cell([5, 4, 0]),
                shape.cell([3, 5, 0]),
                shape.cell([2, 2, 0])
            ]
        );
        let played: Vec<Move> = moves.into_iter().map(Move::Play).collect();
        assert_eq!(format_transcript(&played), "f5d6c3");
        let error = parse_transcript("f5i9").unwrap_err().to_string();
        assert_eq!(error, "move 2 (i9): a move is a column a-h and a row 1-8");
        assert!(parse_transcript("f5d").is_err());
    }

    #[test]
    fn square_boards_read_moves_run_together_and_separated_alike() {
        let shape: Shape = "8x8".parse().unwrap();
        let run = parse_moves(shape, "f5d6c3 pass").unwrap();
        assert_eq!(run, parse_moves(shape, "f5, d6, 3-3, PASS").unwrap());
        assert_eq!(run.len(), 4);
        let ten: Shape = "10x10".parse().unwrap();
        let cells = parse_moves(ten, "a10j1").unwrap();
        assert_eq!(
            cells,
            [
                Move::Play(ten.cell([0, 9, 0])),
                Move::Play(ten.cell([9, 0, 0]))
            ]
        );
        assert!(parse_moves(shape, "f5d").is_err());
        assert!(parse_moves("4x4x4".parse().unwrap(), "a1").is_err());
    }

    #[test]
    fn replay_implies_passes_and_refuses_illegal_moves_by_number() {
        let geometry = Geometry::<1>::new("8x8".parse().unwrap());
        let shape = geometry.shape();
        let start = Position::start(&geometry);
        let opening = parse_moves(shape, "3-4, 3-3 pass").unwrap();
        let error = replay(&geometry, start, &opening).unwrap_err().to_string();
        assert_eq!(error, "move 3 (pass): Red has legal moves and cannot pass");
        let error = replay(&geometry, start, &parse_moves(shape, "3-4 1-1").unwrap()).unwrap_err();
        assert_eq!(error.to_string(), "move 2 (a1): not a legal move for Green");
        let after = replay(&geometry, start, &parse_moves(shape, "3-4,3-3").unwrap()).unwrap();
        assert_eq!(after.to_move, Color::Red);
        assert_eq!((after.mover | after.opponent).count(), 6);
    }
}
