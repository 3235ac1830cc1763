//! Position-set files (DESIGN §8): a versioned header naming the run that made them, then one
//! record per line, appended game by game as the run goes, so a crash loses only the game in
//! flight. Reading checks every record (its features are recomputed from its position) and
//! names the record and the problem; a torn last line, the mark of a crash, is dropped with a
//! notice.
//!
//! ```text
//! reversi3d-positions 1 <hash of the settings line>
//! (game: (shape: …), players: […], count: …, …)
//! game  slot/of  result  margin  label  features  position      (tab-separated)
//! ```
//!
//! The result (W, D or L) and the final disc margin are the game's, from the side to move's
//! view; the label is `-`, `=M` (an exact margin of M discs) or `~V@D` (the strong search's
//! value V at depth D).

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::position_record::{PositionRecord, Sample, parse_record};
use crate::ai::selfplay::GameSettings;
use crate::files::{FileError, open_regular, read_line_bounded, short_hash, write_atomically};
use crate::players::pattern_source::PatternSource;
pub use crate::players::preset::NamedWeights;
use engine::{Geometry, WidthJob, bounds};

/// The first word of every position-set file.
const MAGIC: &str = "reversi3d-positions";
/// The format version this build reads and writes.
pub const POSITION_SET_VERSION: u32 = 1;

/// How the positions are labelled with a deeper search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LabelSettings {
    /// The strong search's depth.
    pub depth: u32,
    /// Solved exactly from this many empty cells.
    pub exact_empties: u32,
    /// Whose evaluation the search uses.
    pub labeller: NamedWeights,
    /// Evaluate by this pattern file instead of the labeller's weights (which then only order
    /// shallow nodes): heuristic labels are then in 32nds of a disc.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub patterns: Option<PatternSource>,
}

/// Everything that decides a position set: the same settings give the same file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionSetSettings {
    /// Board, rules, the games' search and depth, random opening plies.
    pub game: GameSettings,
    /// The players of the self-play games (game g: player g mod n is Red against g + 1 mod n).
    pub players: Vec<NamedWeights>,
    /// Positions in the set.
    pub count: usize,
    /// Positions drawn from each game at most.
    pub per_game: usize,
    /// Draw only positions with at most this many empty cells (the endgame that an exact
    /// label covers); every stage when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_empties: Option<u32>,
    /// Seed of the openings, tie-breaks and draws.
    pub seed: u64,
    /// The deeper search's labels, if any.
    pub label: Option<LabelSettings>,
}

impl PositionSetSettings {
    /// Checks the settings.
    pub fn validate(&self) -> Result<(), String> {
        self.game.validate()?;
        if self.players.is_empty() {
            return Err("name at least one player".to_string());
        }
        let positions =
            |what, value: usize| bounds::check_range(what, value as u64, 1, bounds::MAX_POSITIONS);
        positions("count", self.count)?;
        positions("positions per game", self.per_game)?;
        if let Some(empties) = self.max_empties {
            let cells = self.game.shape.cells() as u64;
            bounds::check_range("most empty cells", u64::from(empties), 1, cells)?;
        }
        if let Some(label) = &self.label {
            bounds::check_depth("label depth", label.depth)?;
            let cells = self.game.shape.cells() as u64;
            bounds::check_range("exact empties", u64::from(label.exact_empties), 0, cells)?;
        }
        Ok(())
    }

    /// The settings as the header's one-line RON.
    fn line(&self) -> String {
        ron::to_string(self).expect("plain data serializes")
    }
}

/// A position set as read.
#[derive(Clone, Debug)]
pub struct PositionSet {
    /// The run's settings.
    pub settings: PositionSetSettings,
    /// The hash of the settings (in the header).
    pub hash: String,
    /// Every record, in file order.
    pub samples: Vec<Sample>,
    /// Where the last game whose records are all present ends: the next game to play and the
    /// file's length up to there.
    pub complete: ResumePoint,
    /// What was dropped, if the file ended in a torn line.
    pub notice: Option<String>,
}

impl PositionSet {
    /// Whether it holds all the positions its settings ask for, in whole games.
    pub fn is_complete(&self) -> bool {
        self.complete.records >= self.settings.count
    }
}

/// The end of the last complete game of a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ResumePoint {
    /// The game after it.
    pub next_game: u64,
    /// Records up to it.
    pub records: usize,
    /// Bytes up to it.
    pub bytes: u64,
}

/// Reads and checks a position set.
pub fn read_position_set(path: &Path) -> Result<PositionSet, FileError> {
    let mut reader = BufReader::new(open_regular(path)?);
    let header = read_header(&mut reader).map_err(|problem| FileError::new(path, problem))?;
    let (settings, hash, header_bytes) = header;
    settings.game.shape.dispatch(ReadRecords {
        path,
        reader,
        settings,
        hash,
        header_bytes,
    })
}

/// The two header lines: the settings, their hash and the header's length in bytes.
fn read_header(reader: &mut impl BufRead) -> Result<(PositionSetSettings, String, u64), String> {
    let mut read = |number: usize| {
        let mut line = Vec::new();
        let bytes =
            read_line_bounded(reader, &mut line).map_err(|e| format!("line {number}: {e}"))?;
        let text = String::from_utf8(line).map_err(|_| format!("line {number}: not UTF-8"))?;
        Ok::<_, String>((text, bytes))
    };
    let ((first, first_bytes), (second, second_bytes)) = (read(1)?, read(2)?);
    let bytes = first_bytes + second_bytes;
    let words: Vec<&str> = first.split_whitespace().collect();
    let [magic, version, hash] = words[..] else {
        return Err(format!(
            "line 1 must read '{MAGIC} <version> <hash>': not a position set"
        ));
    };
    if magic != MAGIC {
        return Err(format!(
            "line 1 starts with '{magic}', not '{MAGIC}': not a position set"
        ));
    }
    let version: u32 = version
        .parse()
        .map_err(|_| format!("line 1: version '{version}' is not a number"))?;
    crate::files::check_version(version, POSITION_SET_VERSION)?;
    let line = second.trim_end_matches('\n');
    if short_hash(line.as_bytes()) != hash {
        return Err("line 2: the settings do not match the header's hash".to_string());
    }
    let settings: PositionSetSettings =
        crate::files::parse_ron(line).map_err(|e| format!("line 2 (the settings): {e}"))?;
    settings.validate().map_err(|e| format!("line 2: {e}"))?;
    Ok((settings, hash.to_string(), bytes as u64))
}

struct ReadRecords<'a, R> {
    path: &'a Path,
    reader: R,
    settings: PositionSetSettings,
    hash: String,
    header_bytes: u64,
}

impl<R: BufRead> WidthJob for ReadRecords<'_, R> {
    type Output = Result<PositionSet, FileError>;

    fn run<const W: usize>(mut self, geometry: &Geometry<W>) -> Self::Output {
        let error = |problem: String| FileError::new(self.path, problem);
        let mut samples = Vec::new();
        let mut tracker = GameTracker::default();
        let mut bytes = self.header_bytes;
        let mut notice = None;
        let mut line = Vec::new();
        loop {
            line.clear();
            let read = read_line_bounded(&mut self.reader, &mut line);
            let number = samples.len() + 1;
            let read = read.map_err(|e| error(format!("record {number}: {e}")))? as u64;
            if read == 0 {
                break;
            }
            if samples.len() == self.settings.count {
                let count = self.settings.count;
                return Err(error(format!(
                    "record {number}: more records than the set's {count}"
                )));
            }
            if line.last() != Some(&b'\n') {
                notice = Some(format!(
                    "{}: record {number} is cut short (the run was stopped while writing it) \
                     and was dropped",
                    self.path.display()
                ));
                break;
            }
            let located = |problem: String| error(format!("record {number}: {problem}"));
            let text = std::str::from_utf8(&line[..line.len() - 1])
                .map_err(|_| located("not UTF-8 text".to_string()))?;
            let rules = self.settings.game.rules;
            let (record, sample) = parse_record(geometry, rules, text).map_err(located)?;
            if record.of > self.settings.per_game {
                let most = self.settings.per_game;
                return Err(located(format!(
                    "{} positions of a game, above the set's {most}",
                    record.of
                )));
            }
            bytes += read;
            tracker
                .add(&record, samples.len() + 1, bytes)
                .map_err(located)?;
            samples.push(sample);
        }
        Ok(PositionSet {
            settings: self.settings,
            hash: self.hash,
            samples,
            complete: tracker.complete,
            notice,
        })
    }
}

/// Follows the games of a file's records: numbered in order, each record's slot the next.
#[derive(Default)]
struct GameTracker {
    /// The current game, its records so far and how many it has.
    current: Option<(u64, usize, usize)>,
    complete: ResumePoint,
}

impl GameTracker {
    fn add(&mut self, record: &PositionRecord, records: usize, bytes: u64) -> Result<(), String> {
        let expected_slot = match self.current {
            Some((game, seen, of)) if game == record.game => {
                if of != record.of {
                    return Err(format!("game {game} had {of} positions, now {}", record.of));
                }
                seen
            }
            Some((game, seen, of)) if seen < of => {
                return Err(format!(
                    "game {} starts while game {game} has {seen} of its {of} positions",
                    record.game
                ));
            }
            Some((game, ..)) if record.game <= game => {
                return Err(format!("game {} comes after game {game}", record.game));
            }
            _ => 0,
        };
        if record.slot != expected_slot || record.slot >= record.of {
            return Err(format!(
                "position {}/{} of game {} where {expected_slot} was due",
                record.slot, record.of, record.game
            ));
        }
        self.current = Some((record.game, record.slot + 1, record.of));
        if record.slot + 1 == record.of {
            self.complete = ResumePoint {
                next_game: record.game + 1,
                records,
                bytes,
            };
        }
        Ok(())
    }
}

/// Appends the records of a run to its file.
pub struct PositionSetWriter {
    path: PathBuf,
    file: File,
}

impl PositionSetWriter {
    /// Starts a new file for `settings`; an existing file is never replaced.
    pub fn create(path: &Path, settings: &PositionSetSettings) -> Result<Self, FileError> {
        if path.exists() {
            return Err(FileError::new(
                path,
                "the file exists: choose another name, or --resume the run that wrote it",
            ));
        }
        let line = settings.line();
        let header = format!(
            "{MAGIC} {POSITION_SET_VERSION} {}\n{line}\n",
            short_hash(line.as_bytes())
        );
        write_atomically(path, header)?;
        Self::open(path)
    }

    /// Continues the file of `set` (as read from `path`) after its last complete game: the
    /// records of a game cut short are removed, to be played again.
    pub fn resume(path: &Path, set: &PositionSet) -> Result<Self, FileError> {
        let writer = Self::open(path)?;
        writer
            .file
            .set_len(set.complete.bytes)
            .map_err(|e| FileError::new(path, e.to_string()))?;
        Ok(writer)
    }

    fn open(path: &Path) -> Result<Self, FileError> {
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| FileError::new(path, e.to_string()))?;
        Ok(PositionSetWriter {
            path: path.to_path_buf(),
            file,
        })
    }

    /// Appends one game's records in a single write.
    pub fn append(&mut self, records: &[PositionRecord]) -> Result<(), FileError> {
        self.write_lines(records.iter().map(PositionRecord::line))
    }

    /// Appends record lines (each checked when the set is read) in a single write.
    pub fn append_lines(&mut self, lines: &[String]) -> Result<(), FileError> {
        self.write_lines(lines)
    }

    /// Writes `lines`, each ended by a newline, in a single write.
    fn write_lines(
        &mut self,
        lines: impl IntoIterator<Item = impl AsRef<str>>,
    ) -> Result<(), FileError> {
        let mut text = String::new();
        for line in lines {
            text.push_str(line.as_ref());
            text.push('\n');
        }
        self.file
            .write_all(text.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| FileError::new(&self.path, e.to_string()))
    }

    /// The file written.
    pub fn path(&self) -> &Path {
        &self.path
    }
}
