//! The pattern file: a header line naming the format, the board, the table size and the
//! phase edges, then every phase's weights as little-endian 16-bit integers.
//!
//! Version 3 adds each phase's parity weight to version 2; a file without parity weights is
//! written in version 2, as before them, and versions 1 and 2 are read with parity 0.

use super::{PatternEvaluation, PatternLayout, PhaseWeights, eight_by_eight};
use crate::shape::Shape;

/// Why a pattern file was refused.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PatternFileError {
    /// The first line is not a pattern header.
    #[error(
        "not a pattern file: the first line must be 'reversi3d-patterns V BOARD ENTRIES EDGES' \
         with V 2 or 3 (or version 1 without the board, for 8x8)"
    )]
    Header,
    /// The board is not one we play on.
    #[error("'{0}' is not a board: {1}")]
    Board(String, String),
    /// The tables were fitted for another set of patterns.
    #[error("the file holds tables of {0} entries; this version's patterns of {2} need {1}")]
    Entries(usize, usize, Shape),
    /// The phase edges are not increasing numbers within the board's cells.
    #[error("phase edges '{0}' are not increasing numbers of empty cells within the board")]
    Edges(String),
    /// The file is cut short or too long.
    #[error("{0} bytes of weights where {1} are due")]
    Length(usize, usize),
}

const MAGIC: &str = "reversi3d-patterns";

impl PatternEvaluation {
    /// Reads the file format: the header line `reversi3d-patterns V BOARD ENTRIES EDGES`
    /// (edges comma-separated, `-` for one phase; version 1 has no board and is 8×8), then
    /// per phase the table, the bias and the two mobility weights, and in version 3 the
    /// parity weight, as little-endian 16-bit integers. Nothing is allocated before the length
    /// is known to match the header.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, PatternFileError> {
        let end = bytes
            .iter()
            .position(|&b| b == b'\n')
            .ok_or(PatternFileError::Header)?;
        let header = std::str::from_utf8(&bytes[..end]).map_err(|_| PatternFileError::Header)?;
        let Header {
            shape,
            entries,
            edges,
            parity,
        } = parse_header(header)?;
        let body = &bytes[end + 1..];
        let due = (edges.len() + 1) * (entries + weights_after_table(parity)) * 2;
        if body.len() != due {
            return Err(PatternFileError::Length(body.len(), due));
        }
        let mut evaluation = PatternEvaluation::zero(shape, edges);
        let mut values = body
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        for phase in &mut evaluation.phases {
            for entry in &mut phase.table {
                *entry = values.next().expect("length checked");
            }
            phase.bias = values.next().expect("length checked");
            phase.mobility = values.next().expect("length checked");
            phase.opponent_mobility = values.next().expect("length checked");
            if parity {
                phase.even_empties = values.next().expect("length checked");
            }
        }
        Ok(evaluation)
    }

    /// The file format of [`Self::from_bytes`]: version 2 if no phase has a parity weight,
    /// else 3.
    pub fn to_bytes(&self) -> Vec<u8> {
        let edges = if self.edges.is_empty() {
            "-".to_string()
        } else {
            let texts: Vec<String> = self.edges.iter().map(u32::to_string).collect();
            texts.join(",")
        };
        let entries = self.layout.table_entries();
        let parity = !self.phases.iter().all(PhaseWeights::ignores_parity);
        let version = if parity { 3 } else { 2 };
        let header = format!("{MAGIC} {version} {} {entries} {edges}\n", self.shape);
        let mut bytes = header.into_bytes();
        for phase in &self.phases {
            let tail = [
                phase.bias,
                phase.mobility,
                phase.opponent_mobility,
                phase.even_empties,
            ];
            let tail = &tail[..weights_after_table(parity)];
            for value in phase.table.iter().chain(tail) {
                bytes.extend_from_slice(&value.to_le_bytes());
            }
        }
        bytes
    }
}

/// How many weights a phase holds after its table: the bias and the two mobility weights,
/// and the parity weight if the file has them.
fn weights_after_table(parity: bool) -> usize {
    if parity { 4 } else { 3 }
}

/// What a header line says.
struct Header {
    shape: Shape,
    entries: usize,
    edges: Vec<u32>,
    /// Whether each phase has a parity weight (version 3).
    parity: bool,
}

/// The board, the table size and the phase edges of a header line, checked against this
/// version's patterns of that board.
fn parse_header(header: &str) -> Result<Header, PatternFileError> {
    let words: Vec<&str> = header.split(' ').collect();
    let (shape, entries, edges, parity) = match words[..] {
        [MAGIC, "1", entries, edges] => (eight_by_eight(), entries, edges, false),
        [MAGIC, version @ ("2" | "3"), board, entries, edges] => {
            let shape: Shape = board.parse().map_err(|e: crate::shape::ShapeError| {
                PatternFileError::Board(board.to_string(), e.to_string())
            })?;
            (shape, entries, edges, version == "3")
        }
        _ => return Err(PatternFileError::Header),
    };
    let entries: usize = entries.parse().map_err(|_| PatternFileError::Header)?;
    let expected = PatternLayout::shared(shape).table_entries();
    if entries != expected {
        return Err(PatternFileError::Entries(entries, expected, shape));
    }
    let parsed = parse_edges(edges)
        .filter(|parsed| parsed.iter().all(|&edge| edge as usize <= shape.cells()))
        .ok_or_else(|| PatternFileError::Edges(edges.into()))?;
    Ok(Header {
        shape,
        entries,
        edges: parsed,
        parity,
    })
}

/// Increasing comma-separated edges, or `-` for none.
pub fn parse_edges(text: &str) -> Option<Vec<u32>> {
    if text == "-" {
        return Some(Vec::new());
    }
    let edges: Vec<u32> = text
        .split(',')
        .map(|part| part.trim().parse().ok())
        .collect::<Option<_>>()?;
    edges.windows(2).all(|w| w[0] < w[1]).then_some(edges)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_round_trips_and_bad_files_are_refused() {
        let mut evaluation = PatternEvaluation::zero(eight_by_eight(), vec![13, 17]);
        evaluation.phases[1].table[5] = -7;
        evaluation.phases[2].mobility = 12;
        let bytes = evaluation.to_bytes();
        assert_eq!(PatternEvaluation::from_bytes(&bytes), Ok(evaluation));
        let short = &bytes[..bytes.len() - 1];
        assert!(matches!(
            PatternEvaluation::from_bytes(short),
            Err(PatternFileError::Length(..))
        ));
        assert_eq!(
            PatternEvaluation::from_bytes(b"hello\n"),
            Err(PatternFileError::Header)
        );
        assert!(matches!(
            PatternEvaluation::from_bytes(b"reversi3d-patterns 1 99 -\n"),
            Err(PatternFileError::Entries(99, ..))
        ));
        let entries = PatternLayout::shared(eight_by_eight()).table_entries();
        let header = format!("reversi3d-patterns 1 {entries} 17,13\n");
        assert!(matches!(
            PatternEvaluation::from_bytes(header.as_bytes()),
            Err(PatternFileError::Edges(_))
        ));
        let beyond = format!("reversi3d-patterns 1 {entries} 13,65\n");
        assert!(matches!(
            PatternEvaluation::from_bytes(beyond.as_bytes()),
            Err(PatternFileError::Edges(_))
        ));
        assert!(matches!(
            PatternEvaluation::from_bytes(b"reversi3d-patterns 2 9x9x9x9 5 -\n"),
            Err(PatternFileError::Board(..))
        ));
    }

    #[test]
    fn a_file_names_its_board_and_is_refused_for_another_one() {
        let shape: Shape = "4x4x4".parse().unwrap();
        let mut evaluation = PatternEvaluation::zero(shape, vec![20]);
        evaluation.phases[0].table[3] = 9;
        let bytes = evaluation.to_bytes();
        let text = String::from_utf8_lossy(&bytes[..40]).into_owned();
        assert!(text.starts_with("reversi3d-patterns 2 4x4x4 "), "{text}");
        assert_eq!(PatternEvaluation::from_bytes(&bytes), Ok(evaluation));
        let other = String::from_utf8_lossy(&bytes).replacen("4x4x4", "6x6x6", 1);
        assert!(matches!(
            PatternEvaluation::from_bytes(other.as_bytes()),
            Err(PatternFileError::Entries(..))
        ));
    }

    #[test]
    fn parity_weights_make_a_version_3_file_and_version_2_reads_as_parity_0() {
        let shape: Shape = "6x6".parse().unwrap();
        let mut evaluation = PatternEvaluation::zero(shape, vec![10]);
        evaluation.phases[0].table[1] = 4;
        let version_2 = evaluation.to_bytes();
        assert!(version_2.starts_with(b"reversi3d-patterns 2 6x6 "));
        evaluation.phases[1].even_empties = -40;
        let version_3 = evaluation.to_bytes();
        assert!(version_3.starts_with(b"reversi3d-patterns 3 6x6 "));
        assert_eq!(version_3.len(), version_2.len() + 2 * 2);
        assert_eq!(
            PatternEvaluation::from_bytes(&version_3),
            Ok(evaluation.clone())
        );
        // The version-2 body under a version-3 header is two weights short, and the reverse
        // two too many.
        let relabelled = |bytes: &[u8], version: u8| {
            let mut bytes = bytes.to_vec();
            bytes[MAGIC.len() + 1] = version;
            bytes
        };
        let short = relabelled(&version_2, b'3');
        assert!(matches!(
            PatternEvaluation::from_bytes(&short),
            Err(PatternFileError::Length(..))
        ));
        let long = relabelled(&version_3, b'2');
        assert!(matches!(
            PatternEvaluation::from_bytes(&long),
            Err(PatternFileError::Length(..))
        ));
        evaluation.phases[1].even_empties = 0;
        assert_eq!(PatternEvaluation::from_bytes(&version_2), Ok(evaluation));
    }

    #[test]
    fn a_header_that_promises_many_phases_is_refused_before_any_allocation() {
        // 64 phases of the 8x8 tables would be 14 MiB; the header is checked against the
        // body's length first.
        let edges: Vec<String> = (1..=64).map(|e| e.to_string()).collect();
        let entries = PatternLayout::shared(eight_by_eight()).table_entries();
        let header = format!("reversi3d-patterns 1 {entries} {}\n", edges.join(","));
        assert!(matches!(
            PatternEvaluation::from_bytes(header.as_bytes()),
            Err(PatternFileError::Length(0, _))
        ));
    }
}
