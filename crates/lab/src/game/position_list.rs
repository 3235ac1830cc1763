//! Files of positions, one per line: our position text for the board, or on 8×8 an OBF line.
//! Blank lines and lines starting with `#` are skipped. A bad line is refused with its number
//! and the problem.

use std::path::Path;

use crate::files::{FileError, read_text};
use engine::notation::{Move, format_cell, parse_cell};
use engine::obf::{ScoredPosition, Scoring, obf_shape, parse_obf, parse_scores};
use engine::{Setup, Shape};

/// Reads the positions of `path` for `shape`.
pub fn read_positions(path: &Path, shape: Shape) -> Result<Vec<Setup>, FileError> {
    parse_positions(&read_text(path)?, shape).map_err(|problem| FileError::new(path, problem))
}

/// Parses position lines for `shape` (see the module documentation).
pub fn parse_positions(text: &str, shape: Shape) -> Result<Vec<Setup>, String> {
    let mut positions = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let setup =
            parse_position_line(line, shape).map_err(|e| format!("line {}: {e}", index + 1))?;
        positions.push(setup);
    }
    if positions.is_empty() {
        return Err("no positions in the file".to_string());
    }
    Ok(positions)
}

/// One position: our position text for `shape`, or on 8×8 also an OBF line; the error names
/// each format's problem.
pub fn parse_position_line(line: &str, shape: Shape) -> Result<Setup, String> {
    let ours = match Setup::parse(shape, line) {
        Ok(setup) => return Ok(setup),
        Err(error) => error.to_string(),
    };
    if shape != obf_shape() {
        return Err(format!("not a {shape} position: {ours}"));
    }
    parse_obf(line)
        .map(|obf| obf.setup)
        .map_err(|obf| format!("as a position: {ours}; as an OBF line: {obf}"))
}

/// One line of a problem file: an OBF line (always 8×8, whatever `shape` is), or our position
/// text for `shape` followed by optional `; move:score` pairs in the board's notation
/// (`2-3-1:+4`, `pass:-2`), scored as our rules score (the disc margin). The error names
/// each format's problem.
pub fn parse_scored_line(line: &str, shape: Shape) -> Result<ScoredPosition, String> {
    let (head, tail) = line.split_once(';').unwrap_or((line, ""));
    let obf = match parse_obf(head) {
        // The position is OBF: so must the scores be.
        Ok(_) => return parse_obf(line),
        Err(error) => error,
    };
    let setup = Setup::parse(shape, head.trim())
        .map_err(|ours| format!("as an OBF line: {obf}; as a {shape} position: {ours}"))?;
    let read_move = |text: &str| {
        parse_cell(shape, text)
            .map(Move::Play)
            .map_err(|e| e.to_string())
    };
    let example = format!("{}:+4", format_cell(shape, 0));
    let scores = parse_scores(tail, &read_move, &example)?;
    Ok(ScoredPosition {
        setup,
        scores,
        scoring: Scoring::DiscMargin,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_and_bad_ones_named() {
        let shape: Shape = "8x8".parse().unwrap();
        let start = Setup::start(shape);
        let obf = "---------------------------OX------XO--------------------------- X";
        let text = format!("# a comment\n\n{}\n{obf}\n", start.text());
        assert_eq!(
            parse_positions(&text, shape),
            Ok(vec![start.clone(), start])
        );
        let error = parse_positions(&format!("{obf}\nnonsense here\n"), shape).unwrap_err();
        assert!(error.starts_with("line 2: as a position:"), "{error}");
        let cube: Shape = "4x4x4".parse().unwrap();
        let error = parse_positions(obf, cube).unwrap_err();
        assert!(error.starts_with("line 1: not a 4x4x4 position"), "{error}");
        assert_eq!(
            parse_positions("# only\n", shape).unwrap_err(),
            "no positions in the file"
        );
    }

    #[test]
    fn scored_lines_are_obf_or_ours_with_the_boards_moves() {
        let cube: Shape = "4x4x4".parse().unwrap();
        let start = Setup::start(cube);
        let line = format!("{}; 1-2-2:+4; pass:-2", start.text());
        let scored = parse_scored_line(&line, cube).unwrap();
        assert_eq!(scored.setup, start);
        let cell = cube.cell([0, 1, 1]);
        assert_eq!(scored.scores, [(Move::Play(cell), 4), (Move::Pass, -2)]);
        assert_eq!(scored.scoring, Scoring::DiscMargin);
        let obf = "---------------------------OX------XO--------------------------- O; d3:-2";
        let scored = parse_scored_line(obf, cube).unwrap();
        assert_eq!(scored.setup.shape(), obf_shape());
        assert_eq!(scored.scores.len(), 1);
        assert_eq!(scored.scoring, Scoring::EmptiesToWinner);
        for (bad, expected) in [
            (format!("{}; 9-9-9:+4", start.text()), "'9-9-9:+4'"),
            (format!("{}; 1-2-2 +4", start.text()), "such as 1-1-1:+4"),
            (format!("{}; 1-2-2:four", start.text()), "whole number"),
            ("R.G nonsense".to_string(), "as a 4x4x4 position"),
            (obf.replace("d3", "z3"), "column a-h"),
        ] {
            let error = parse_scored_line(&bad, cube).unwrap_err();
            assert!(error.contains(expected), "{bad}: {error}");
        }
    }
}
