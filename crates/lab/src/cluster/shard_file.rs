//! Shard files: what one shard of a run wrote, stamped with the run's settings and their hash.
//!
//! ```text
//! reversi3d-shard 1 tournament
//! settings 3f2a…e1 (game:(…),players:[…],…)
//! shard 3/8
//! <one record per line, appended the moment it is made>
//! end 25 81.4
//! ```
//!
//! A shard is written to `NAME.partial`, flushed record by record (a killed task leaves its
//! finished records readable), and renamed to `NAME` once its `end` line (records, seconds) is
//! on disk: a file without `.partial` is always whole, and a rerun replaces it atomically.

use std::fs::{self, File};
use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::Serialize;

use super::shard::Shard;
use crate::files::{FileError, open_regular, read_line_bounded};

/// The most lines a shard file holds: its header, a record per game or position, its end.
const MAX_SHARD_LINES: u64 = engine::bounds::MAX_POSITIONS + 3;
use crate::files::short_hash;

const MAGIC: &str = "reversi3d-shard";
/// The shard file format this build reads and writes.
pub const SHARD_VERSION: u32 = 1;
/// What a shard still being written (or cut short) ends with.
pub const PARTIAL_SUFFIX: &str = ".partial";

/// A run's identity: its kind and settings (one line of RON) and their hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stamp {
    /// `tournament`, `compare` or `positions`.
    pub kind: String,
    /// The settings as one line of RON.
    pub settings: String,
    /// The first 16 hex digits of the settings' SHA-256.
    pub hash: String,
}

impl Stamp {
    /// The stamp of a run of `kind` with `settings`.
    pub fn new<T: Serialize>(kind: &str, settings: &T) -> Stamp {
        let settings = ron::to_string(settings).expect("plain data serializes");
        Stamp {
            kind: kind.to_string(),
            hash: short_hash(settings.as_bytes()),
            settings,
        }
    }
}

/// A shard file being written.
pub struct ShardWriter {
    partial: PathBuf,
    path: PathBuf,
    file: Mutex<(File, usize)>,
}

impl ShardWriter {
    /// Starts shard `shard` of the run `stamp` in `folder` (created if need be), replacing an
    /// earlier attempt's partial file; the finished file of an earlier attempt stays until
    /// this one finishes.
    pub fn create(folder: &Path, stamp: &Stamp, shard: Shard) -> Result<ShardWriter, FileError> {
        let path = folder.join(shard.file_name(&stamp.kind));
        let partial = partial_path(&path);
        let fail = |e: std::io::Error| FileError::new(&partial, e.to_string());
        fs::create_dir_all(folder).map_err(|e| FileError::new(folder, e.to_string()))?;
        let mut file = File::create(&partial).map_err(fail)?;
        write!(
            file,
            "{MAGIC} {SHARD_VERSION} {}\nsettings {} {}\nshard {shard}\n",
            stamp.kind, stamp.hash, stamp.settings
        )
        .and_then(|()| file.flush())
        .map_err(fail)?;
        Ok(ShardWriter {
            partial,
            path,
            file: Mutex::new((file, 0)),
        })
    }

    /// The file the finished shard will have.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one record (a line without line breaks) and flushes it.
    pub fn append(&self, record: &str) -> Result<(), FileError> {
        debug_assert!(!record.contains('\n'));
        let mut guard = self.file.lock().expect("the shard lock is never poisoned");
        let (file, records) = &mut *guard;
        *records += 1;
        writeln!(file, "{record}")
            .and_then(|()| file.flush())
            .map_err(|e| FileError::new(&self.partial, e.to_string()))
    }

    /// Ends the shard (its records and the seconds it took), syncs it and gives it its
    /// final name.
    pub fn finish(self, seconds: f64) -> Result<PathBuf, FileError> {
        let (mut file, records) = self.file.into_inner().expect("never poisoned");
        let fail = |e: std::io::Error| FileError::new(&self.partial, e.to_string());
        writeln!(file, "end {records} {seconds:.3}")
            .and_then(|()| file.sync_all())
            .map_err(fail)?;
        fs::rename(&self.partial, &self.path).map_err(fail)?;
        Ok(self.path)
    }
}

/// The partial file beside a shard file.
fn partial_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(PARTIAL_SUFFIX);
    PathBuf::from(name)
}

/// A finished shard as read back.
#[derive(Clone, Debug, PartialEq)]
pub struct ShardFile {
    /// Where it was read from.
    pub path: PathBuf,
    /// The run it belongs to.
    pub stamp: Stamp,
    /// Which shard it is.
    pub shard: Shard,
    /// Its records with their line numbers.
    pub records: Vec<(usize, String)>,
    /// How long the shard took.
    pub seconds: f64,
}

/// The lines of a shard file without their line breaks, each and all within their bounds.
fn read_lines(path: &Path) -> Result<Vec<String>, FileError> {
    let fail =
        |line: usize, problem: String| FileError::new(path, format!("line {line}: {problem}"));
    let mut lines = Vec::new();
    let mut reader = BufReader::new(open_regular(path)?);
    let mut bytes = Vec::new();
    loop {
        let number = lines.len() + 1;
        if number as u64 > MAX_SHARD_LINES {
            return Err(fail(number, format!("over {MAX_SHARD_LINES} lines")));
        }
        bytes.clear();
        if read_line_bounded(&mut reader, &mut bytes).map_err(|e| fail(number, e))? == 0 {
            return Ok(lines);
        }
        let text = std::str::from_utf8(&bytes).map_err(|_| fail(number, "not UTF-8".into()))?;
        lines.push(
            text.trim_end_matches('\n')
                .trim_end_matches('\r')
                .to_string(),
        );
    }
}

/// Reads a shard file, refusing one that is not whole: a bad header, or no `end` line (a
/// task that was killed or is still running) — never half-read.
pub fn read_shard(path: &Path) -> Result<ShardFile, FileError> {
    let fail =
        |line: usize, problem: String| FileError::new(path, format!("line {line}: {problem}"));
    let lines = read_lines(path)?;
    let header = lines.first().map(String::as_str).unwrap_or("");
    let kind = match header.split(' ').collect::<Vec<_>>()[..] {
        [MAGIC, version, kind] => {
            let version: u32 = version
                .parse()
                .map_err(|_| fail(1, format!("bad version `{version}`")))?;
            crate::files::check_version(version, SHARD_VERSION).map_err(|e| fail(1, e))?;
            kind.to_string()
        }
        _ => {
            return Err(fail(
                1,
                format!("not a reversi3d shard file (expected `{MAGIC} {SHARD_VERSION} <kind>`)"),
            ));
        }
    };
    let settings_line = lines.get(1).map(String::as_str).unwrap_or("");
    let Some((hash, settings)) = settings_line
        .strip_prefix("settings ")
        .and_then(|rest| rest.split_once(' '))
    else {
        return Err(fail(2, "expected `settings <hash> <settings>`".to_string()));
    };
    let stamp = Stamp {
        kind,
        settings: settings.to_string(),
        hash: hash.to_string(),
    };
    if short_hash(settings.as_bytes()) != stamp.hash {
        return Err(fail(
            2,
            "the settings do not match their hash (edited?)".to_string(),
        ));
    }
    let shard: Shard = lines
        .get(2)
        .and_then(|line| line.strip_prefix("shard "))
        .ok_or_else(|| fail(3, "expected `shard I/N`".to_string()))?
        .parse()
        .map_err(|e| fail(3, e))?;
    let body = &lines[3.min(lines.len())..];
    let cut_short = || {
        FileError::new(
            path,
            format!(
                "cut short ({} records and no end line): its task was killed or is still \
                 running; rerun shard {shard}",
                body.len()
            ),
        )
    };
    let (last, records) = body.split_last().ok_or_else(cut_short)?;
    let Some(end) = last.strip_prefix("end ") else {
        return Err(cut_short());
    };
    let end_line = lines.len();
    let (count, seconds) = end
        .split_once(' ')
        .and_then(|(count, seconds)| {
            Some((count.parse::<usize>().ok()?, seconds.parse::<f64>().ok()?))
        })
        .ok_or_else(|| fail(end_line, "expected `end <records> <seconds>`".to_string()))?;
    if count != records.len() {
        return Err(fail(
            end_line,
            format!(
                "the end line counts {count} records, the file has {}",
                records.len()
            ),
        ));
    }
    Ok(ShardFile {
        path: path.to_path_buf(),
        stamp,
        shard,
        records: records
            .iter()
            .enumerate()
            .map(|(i, record)| (i + 4, record.clone()))
            .collect(),
        seconds,
    })
}
