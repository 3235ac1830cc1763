//! Pattern evaluation files as runs and settings name them: by path and content hash, so that
//! a resumed run or a saved setting finds the very tables it began with, and a file changed
//! since is refused rather than silently used.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use crate::files::short_hash;
use crate::files::{FileError, read_bytes_up_to, write_atomically};
use engine::Shape;
use engine::patterns::PatternEvaluation;

/// The largest pattern file read (the 10×10×10 tables of 20 phases are about 6 MiB).
pub const MAX_PATTERN_FILE_BYTES: u64 = 64 << 20;

/// A pattern file: where it is and what it held.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PatternSource {
    /// The file, as it was given.
    pub path: PathBuf,
    /// The first 16 hexadecimal digits of the SHA-256 of its bytes.
    pub hash: String,
}

/// A pattern evaluation read from its file. Two are equal when their sources are.
#[derive(Clone, Debug)]
pub struct LoadedPatterns {
    /// Where it came from.
    pub source: PatternSource,
    /// The tables.
    pub evaluation: Arc<PatternEvaluation>,
}

impl PartialEq for LoadedPatterns {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source
    }
}

impl Eq for LoadedPatterns {}

impl std::hash::Hash for LoadedPatterns {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.source.hash(state);
    }
}

/// The pattern files shipped in `presets/`, embedded at build time: the learned evaluations of
/// the built-in pattern player, each named for its board (README, "Pattern files", gives each
/// one's provenance).
const SHIPPED: [(&str, &[u8]); 6] = [
    (
        "patterns-10x10.bin",
        include_bytes!("../../../../presets/patterns-10x10.bin"),
    ),
    (
        "patterns-4x4x4.bin",
        include_bytes!("../../../../presets/patterns-4x4x4.bin"),
    ),
    (
        "patterns-6x6.bin",
        include_bytes!("../../../../presets/patterns-6x6.bin"),
    ),
    (
        "patterns-6x6x6.bin",
        include_bytes!("../../../../presets/patterns-6x6x6.bin"),
    ),
    ("patterns-8x8.bin", engine::patterns::SHIPPED_8X8_BYTES),
    (
        "patterns-8x8x8.bin",
        include_bytes!("../../../../presets/patterns-8x8x8.bin"),
    ),
];

impl LoadedPatterns {
    /// Reads the pattern file at `path` for `board`: refused, with the file's name and the
    /// problem, when damaged or fitted to another board.
    pub fn read(path: &Path, board: Shape) -> Result<Self, FileError> {
        let loaded = Self::read_any(path)?;
        loaded.require_board(board)?;
        Ok(loaded)
    }

    /// Refuses, with the file's name, patterns fitted to another board than `board`.
    pub fn require_board(&self, board: Shape) -> Result<(), FileError> {
        let shape = self.evaluation.shape;
        if shape != board {
            let problem = format!("patterns of {shape}, not of {board}");
            return Err(FileError::new(&self.source.path, problem));
        }
        Ok(())
    }

    /// Reads the pattern file at `path`, of whatever board: refused, with the file's name and
    /// the problem, when damaged.
    pub fn read_any(path: &Path) -> Result<Self, FileError> {
        Self::from_bytes(path, &read_bytes_up_to(path, MAX_PATTERN_FILE_BYTES)?)
    }

    /// The shipped file called `name` (e.g. `patterns-6x6.bin`), read the first time it is
    /// asked for (each file on its own: a session on one board reads one).
    pub fn shipped(name: &str) -> Option<LoadedPatterns> {
        static READ: [OnceLock<LoadedPatterns>; SHIPPED.len()] =
            [const { OnceLock::new() }; SHIPPED.len()];
        let index = SHIPPED.iter().position(|(file, _)| *file == name)?;
        let loaded = READ[index].get_or_init(|| {
            let (name, bytes) = SHIPPED[index];
            let source = PatternSource::of(Path::new(name), bytes);
            let evaluation = if std::ptr::eq(bytes, engine::patterns::SHIPPED_8X8_BYTES) {
                // The engine's own copy, which orders its exact nodes: one in memory.
                PatternEvaluation::shipped()
            } else {
                let read = PatternEvaluation::from_bytes(bytes);
                Arc::new(read.unwrap_or_else(|e| panic!("presets/{name}: {e}")))
            };
            LoadedPatterns { source, evaluation }
        });
        Some(loaded.clone())
    }

    /// The shipped learned evaluation of `board`, if it has one (`patterns-<board>.bin`,
    /// read once).
    pub fn shipped_for(board: Shape) -> Option<LoadedPatterns> {
        Self::shipped(&format!("patterns-{board}.bin"))
    }

    /// Writes the file into `folder` under its file name, unless it is shipped or the same
    /// file is there already; a different file of that name there is refused, not replaced.
    pub fn place_in(&self, folder: &Path) -> Result<(), FileError> {
        let name = self.source.path.file_name().unwrap_or_default();
        if (name.to_str()).is_some_and(|name| Self::shipped(name).is_some()) {
            return Ok(());
        }
        let target = folder.join(name);
        if !target.exists() {
            return write_atomically(&target, self.evaluation.to_bytes());
        }
        let there = Self::read_any(&target)?;
        if there.evaluation.to_bytes() == self.evaluation.to_bytes() {
            return Ok(());
        }
        Err(FileError::new(
            &target,
            format!(
                "a different pattern file of that name is there (content {}, not {}): \
                 rename one of them",
                there.source.hash, self.source.hash
            ),
        ))
    }

    /// The evaluation in `bytes`, read from `path`.
    fn from_bytes(path: &Path, bytes: &[u8]) -> Result<Self, FileError> {
        let evaluation = PatternEvaluation::from_bytes(bytes)
            .map_err(|e| FileError::new(path, e.to_string()))?;
        Ok(LoadedPatterns {
            source: PatternSource::of(path, bytes),
            evaluation: Arc::new(evaluation),
        })
    }
}

impl PatternSource {
    /// The source of `bytes`, read from `path`.
    fn of(path: &Path, bytes: &[u8]) -> Self {
        PatternSource {
            path: path.to_path_buf(),
            hash: short_hash(bytes),
        }
    }

    /// Reads the file again for `board`, refusing it if its content is no longer the one
    /// recorded.
    pub fn load(&self, board: Shape) -> Result<LoadedPatterns, FileError> {
        let loaded = self.load_any()?;
        if loaded.evaluation.shape != board {
            return Err(FileError::new(
                &self.path,
                format!("patterns of {}, not of {board}", loaded.evaluation.shape),
            ));
        }
        Ok(loaded)
    }

    /// Reads the file again (a shipped one from the program), refusing it if its content is
    /// no longer the one recorded. A path that is a shipped file's name means the shipped
    /// file when that is the content recorded, or when no file of that name is here; else the
    /// file here (a user's own fit, e.g. a recipe's `patterns-6x6.bin`).
    pub fn load_any(&self) -> Result<LoadedPatterns, FileError> {
        let shipped = (self.path.to_str()).and_then(LoadedPatterns::shipped);
        let loaded = match shipped {
            Some(shipped) if shipped.source.hash == self.hash || !self.path.exists() => shipped,
            _ => LoadedPatterns::read_any(&self.path)?,
        };
        if loaded.source.hash != self.hash {
            return Err(FileError::new(
                &self.path,
                format!(
                    "the file changed: its content hash is {}, the run was made with {}",
                    loaded.source.hash, self.hash
                ),
            ));
        }
        Ok(loaded)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_or_foreign_file_is_refused() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("p.bin");
        let board: Shape = "4x4x4".parse().unwrap();
        let zero = PatternEvaluation::zero(board, vec![20]);
        std::fs::write(&path, zero.to_bytes()).unwrap();
        let loaded = LoadedPatterns::read(&path, board).unwrap();
        assert_eq!(loaded.source.load(board).unwrap(), loaded);
        let foreign = LoadedPatterns::read(&path, "6x6".parse().unwrap()).unwrap_err();
        assert!(foreign.problem.contains("not of 6x6"), "{foreign}");
        std::fs::write(&path, PatternEvaluation::zero(board, vec![30]).to_bytes()).unwrap();
        let changed = loaded.source.load(board).unwrap_err();
        assert!(changed.problem.contains("the file changed"), "{changed}");
    }

    #[test]
    fn every_shipped_file_is_found_by_its_board() {
        for (name, _) in SHIPPED {
            let board: Shape = name
                .trim_start_matches("patterns-")
                .trim_end_matches(".bin")
                .parse()
                .unwrap();
            let loaded = LoadedPatterns::shipped_for(board).unwrap();
            assert_eq!(loaded.evaluation.shape, board, "{name}");
            assert_eq!(loaded.source.path, Path::new(name));
        }
        assert!(LoadedPatterns::shipped_for("12x12".parse().unwrap()).is_none());
        assert!(LoadedPatterns::shipped("patterns-8x8-endgame.bin").is_none());
    }

    #[test]
    fn the_shipped_8x8_file_is_the_engines_own_copy() {
        let loaded = LoadedPatterns::shipped_for("8x8".parse().unwrap()).unwrap();
        assert!(Arc::ptr_eq(
            &loaded.evaluation,
            &PatternEvaluation::shipped()
        ));
        assert_eq!(
            loaded.source.hash,
            short_hash(engine::patterns::SHIPPED_8X8_BYTES)
        );
        let (_, bytes) = SHIPPED
            .iter()
            .find(|(name, _)| *name == "patterns-8x8.bin")
            .unwrap();
        let from_file = PatternEvaluation::from_bytes(bytes).unwrap();
        assert_eq!(*loaded.evaluation, from_file);
        let other = LoadedPatterns::shipped_for("6x6".parse().unwrap()).unwrap();
        assert!(!Arc::ptr_eq(
            &other.evaluation,
            &PatternEvaluation::shipped()
        ));
    }
}
