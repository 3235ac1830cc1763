//! OBF lines, the problem format of Edax and Egaroucid (8×8 only): 64 characters `X`, `O` or
//! `-` for a1, b1, … h1, a2, … h8, a space, the side to move `X` or `O`, then optionally
//! `; move:score` pairs (`G8:+18`, a pass as `PS`). `X` is Black, our Red: the start
//! position's colours are the same in both.

use super::notation::Move;
use super::position::Color;
use super::setup::Setup;
use super::shape::Shape;

/// A position with the exact scores a line (OBF or a problem file's) gives for some moves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ScoredPosition {
    /// The position.
    pub setup: Setup,
    /// `(move, exact score for the side to move)` in the order written.
    pub scores: Vec<(Move, i32)>,
    /// How the scores count the cells left empty at the end.
    pub scoring: Scoring,
}

impl ScoredPosition {
    /// The best score the line gives any move: the position's exact score, if it has scores.
    pub fn best_score(&self) -> Option<i32> {
        self.scores.iter().map(|&(_, score)| score).max()
    }
}

/// How a file's exact scores treat the cells a finished game leaves empty.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scoring {
    /// As OBF and Edax score: the empty cells count for the winner.
    EmptiesToWinner,
    /// As our rules score (DESIGN §1): the disc difference, empty cells not counted.
    DiscMargin,
}

impl Scoring {
    /// The score of a game won by `margin` discs (our rules) whose line leaves `empties`
    /// cells empty at the end.
    pub fn score(self, margin: i32, empties: u32) -> i32 {
        match self {
            Scoring::EmptiesToWinner => margin + margin.signum() * empties as i32,
            Scoring::DiscMargin => margin,
        }
    }
}

/// The 8×8 board.
pub fn obf_shape() -> Shape {
    Shape::new(2, 8).expect("8x8 is a board")
}

/// Parses one OBF line; the error says which character or field is wrong and what was expected.
pub fn parse_obf(text: &str) -> Result<ScoredPosition, String> {
    let shape = obf_shape();
    let text = text.trim();
    let (head, tail) = text.split_once(';').unwrap_or((text, ""));
    let mut fields = head.split_whitespace();
    let board = fields
        .next()
        .ok_or("an OBF line starts with 64 characters X, O or - (a1 to h8, row by row)")?;
    let side = fields.next().ok_or(
        "the 64 board characters must be followed by a space and the side to move, X or O",
    )?;
    if let Some(extra) = fields.next() {
        return Err(format!(
            "'{extra}' after the side to move: scores follow a ';'"
        ));
    }
    let symbols: Vec<char> = board.chars().collect();
    if symbols.len() != 64 {
        return Err(format!(
            "the board has {} characters, an 8×8 OBF board needs 64 (X, O or -)",
            symbols.len()
        ));
    }
    let mut setup = Setup::start(shape).cleared();
    for (index, symbol) in symbols.into_iter().enumerate() {
        let owner = match symbol {
            'X' | 'x' | '*' => Some(Color::Red),
            'O' | 'o' => Some(Color::Green),
            '-' | '.' => None,
            other => {
                let name = square_name(index);
                return Err(format!("'{other}' at {name} is not X, O or -"));
            }
        };
        if owner.is_some() {
            setup = setup.with_cell(cell_of_square(index), owner);
        }
    }
    let to_move = match side {
        "X" | "x" | "*" => Color::Red,
        "O" | "o" => Color::Green,
        other => return Err(format!("side to move '{other}' is not X or O")),
    };
    let scores = parse_scores(tail, &parse_square, "G8:+18")?;
    Ok(ScoredPosition {
        setup: setup.with_to_move(to_move),
        scores,
        scoring: Scoring::EmptiesToWinner,
    })
}

/// The OBF line of an 8×8 position (no scores); `None` on another board.
pub fn format_obf(setup: &Setup) -> Option<String> {
    if setup.shape() != obf_shape() {
        return None;
    }
    let mut text: String = (0..64)
        .map(|index| match setup.owner(cell_of_square(index)) {
            Some(Color::Red) => 'X',
            Some(Color::Green) => 'O',
            None => '-',
        })
        .collect();
    text.push_str(match setup.to_move() {
        Color::Red => " X",
        Color::Green => " O",
    });
    Some(text)
}

/// The name of an 8×8 cell as Edax writes it, `a1` to `h8` (column = our x, row = our y).
pub fn square_of_cell(cell: usize) -> String {
    let [x, y, _] = obf_shape().coords(cell);
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// Our cell of the OBF board's `index`-th character (row by row from a1).
fn cell_of_square(index: usize) -> usize {
    obf_shape().cell([index % 8, index / 8, 0])
}

fn square_name(index: usize) -> String {
    square_of_cell(cell_of_square(index))
}

/// The `; move:score` pairs after a position (`tail`, the text after its first `;`), each
/// move read by `read_move`; `example` shows a pair in the messages.
pub fn parse_scores(
    tail: &str,
    read_move: &dyn Fn(&str) -> Result<Move, String>,
    example: &str,
) -> Result<Vec<(Move, i32)>, String> {
    tail.split(';')
        .map(str::trim)
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (square, score) = pair
                .split_once(':')
                .ok_or_else(|| format!("'{pair}' is not a move:score pair such as {example}"))?;
            let score: i32 = score.trim().trim_start_matches('+').parse().map_err(|_| {
                format!("'{pair}': the score must be a whole number such as +18 or -4")
            })?;
            let square = square.trim().to_ascii_lowercase();
            if matches!(square.as_str(), "ps" | "pa" | "pass") {
                return Ok((Move::Pass, score));
            }
            Ok((
                read_move(&square).map_err(|e| format!("'{pair}': {e}"))?,
                score,
            ))
        })
        .collect()
}

/// `g8`: an OBF square.
fn parse_square(square: &str) -> Result<Move, String> {
    match square.as_bytes() {
        [column @ b'a'..=b'h', row @ b'1'..=b'8'] => Ok(Move::Play(obf_shape().cell([
            (column - b'a') as usize,
            (row - b'1') as usize,
            0,
        ]))),
        _ => Err("the move must be a column a-h and a row 1-8 (or PS for a pass)".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FFO #40 as published with Edax's problem set (score +38 by A2).
    const FFO_40: &str =
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38";

    #[test]
    fn empty_cells_count_for_the_winner_only_under_obf_scoring() {
        assert_eq!(Scoring::EmptiesToWinner.score(4, 3), 7);
        assert_eq!(Scoring::EmptiesToWinner.score(-4, 3), -7);
        assert_eq!(Scoring::EmptiesToWinner.score(0, 3), 0);
        assert_eq!(Scoring::DiscMargin.score(-4, 3), -4);
    }

    #[test]
    fn the_start_position_has_the_same_colours() {
        let start = Setup::start(obf_shape());
        let text = format_obf(&start).unwrap();
        assert_eq!(
            text,
            "---------------------------OX------XO--------------------------- X"
        );
        assert_eq!(parse_obf(&text).unwrap().setup, start);
        assert_eq!(format_obf(&Setup::start("6x6".parse().unwrap())), None);
    }

    #[test]
    fn scores_and_sides_are_read() {
        let line = parse_obf(FFO_40).unwrap();
        assert_eq!(line.setup.to_move(), Color::Red);
        assert_eq!(line.setup.empties(), 20);
        let a2 = obf_shape().cell([0, 1, 0]);
        assert_eq!(line.scores, [(Move::Play(a2), 38)]);
        assert_eq!(square_of_cell(a2), "a2");
        assert_eq!(
            format_obf(&line.setup).unwrap(),
            FFO_40.split(';').next().unwrap()
        );
        let white = parse_obf(&FFO_40.replace(" X;", " O;")).unwrap();
        assert_eq!(white.setup.to_move(), Color::Green);
        let pass = parse_obf(&format!("{}; PS:-2; h8:+0", &FFO_40[..66])).unwrap();
        assert_eq!(pass.scores, [(Move::Pass, -2), (Move::Play(63), 0)]);
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let cases = [
            ("", "starts with 64 characters"),
            (&FFO_40[..64], "followed by a space and the side to move"),
            (&FFO_40[1..], "has 63 characters"),
            (
                "Z--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
                "'Z' at a1",
            ),
            (&FFO_40.replace(" X;", " B;"), "side to move 'B'"),
            (&FFO_40.replace("A2:+38", "A2+38"), "not a move:score pair"),
            (
                &FFO_40.replace("A2:+38", "A9:+38"),
                "column a-h and a row 1-8",
            ),
            (&FFO_40.replace("A2:+38", "A2:x"), "whole number"),
            (
                &FFO_40.replace(" X;", " X extra;"),
                "'extra' after the side to move",
            ),
        ];
        for (text, expected) in cases {
            let error = parse_obf(text).unwrap_err();
            assert!(error.contains(expected), "{text}: {error}");
        }
    }
}
