//! The pattern file: a header line naming the format, the table size and the phase edges,
//! then every phase's weights as little-endian 16-bit integers.

use super::{PatternEvaluation, table_entries};

/// Why a pattern file was refused.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PatternFileError {
    /// The first line is not a pattern header.
    #[error("not a pattern file: the first line must be 'reversi3d-patterns 1 ENTRIES EDGES'")]
    Header,
    /// The tables were fitted for another set of patterns.
    #[error("the file holds tables of {0} entries; this version's patterns need {1}")]
    Entries(usize, usize),
    /// The phase edges are not increasing numbers.
    #[error("phase edges '{0}' are not increasing numbers")]
    Edges(String),
    /// The file is cut short or too long.
    #[error("{0} bytes of weights where {1} are due")]
    Length(usize, usize),
}

const MAGIC: &str = "reversi3d-patterns 1";

impl PatternEvaluation {
    /// Reads the file format: the header line `reversi3d-patterns 1 ENTRIES EDGES` (edges
    /// comma-separated, `-` for one phase), then per phase the table, the bias and the two
    /// mobility weights as little-endian 16-bit integers.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, PatternFileError> {
        let end = bytes
            .iter()
            .position(|&b| b == b'\n')
            .ok_or(PatternFileError::Header)?;
        let header = std::str::from_utf8(&bytes[..end]).map_err(|_| PatternFileError::Header)?;
        let rest = header
            .strip_prefix(MAGIC)
            .and_then(|rest| rest.strip_prefix(' '))
            .ok_or(PatternFileError::Header)?;
        let (entries, edges) = rest.split_once(' ').ok_or(PatternFileError::Header)?;
        let entries: usize = entries.parse().map_err(|_| PatternFileError::Header)?;
        if entries != table_entries() {
            return Err(PatternFileError::Entries(entries, table_entries()));
        }
        let edges = parse_edges(edges).ok_or_else(|| PatternFileError::Edges(edges.into()))?;
        let mut evaluation = PatternEvaluation::zero(edges);
        let body = &bytes[end + 1..];
        let due = evaluation.phases.len() * (entries + 3) * 2;
        if body.len() != due {
            return Err(PatternFileError::Length(body.len(), due));
        }
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
        }
        Ok(evaluation)
    }

    /// The file format of [`Self::from_bytes`].
    pub fn to_bytes(&self) -> Vec<u8> {
        let edges = if self.edges.is_empty() {
            "-".to_string()
        } else {
            let texts: Vec<String> = self.edges.iter().map(u32::to_string).collect();
            texts.join(",")
        };
        let mut bytes = format!("{MAGIC} {} {edges}\n", table_entries()).into_bytes();
        for phase in &self.phases {
            let tail = [phase.bias, phase.mobility, phase.opponent_mobility];
            for value in phase.table.iter().chain(&tail) {
                bytes.extend_from_slice(&value.to_le_bytes());
            }
        }
        bytes
    }
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
        let mut evaluation = PatternEvaluation::zero(vec![13, 17]);
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
            Err(PatternFileError::Entries(99, _))
        ));
        let header = format!("reversi3d-patterns 1 {} 17,13\n", table_entries());
        assert!(matches!(
            PatternEvaluation::from_bytes(header.as_bytes()),
            Err(PatternFileError::Edges(_))
        ));
    }
}
