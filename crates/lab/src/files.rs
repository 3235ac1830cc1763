//! The user's files: size-limited reads, RON parsing whose errors name the file and the line
//! and column, and atomic writes (a temporary file in the same folder, then a rename), so a
//! crash or a failed write never leaves a half-written file in place of a good one.

use std::fs::{self, File};
use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};

/// The largest file we read: presets and game records are a few kilobytes.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// A file that could not be read, parsed or written: which file, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}: {problem}", path.display())]
pub struct FileError {
    /// The file.
    pub path: PathBuf,
    /// What went wrong, with the line and column or move number where known.
    pub problem: String,
}

impl FileError {
    /// An error about `path`.
    pub fn new(path: &Path, problem: impl Into<String>) -> Self {
        FileError {
            path: path.to_path_buf(),
            problem: problem.into(),
        }
    }
}

/// Reads a UTF-8 text file of at most [`MAX_FILE_BYTES`] that is not empty.
pub fn read_text(path: &Path) -> Result<String, FileError> {
    read_text_up_to(path, MAX_FILE_BYTES)
}

/// Opens a regular file for reading; a device, a pipe or a folder is refused (`/dev/zero`
/// would never end).
pub fn open_regular(path: &Path) -> Result<File, FileError> {
    let file = File::open(path).map_err(|e| FileError::new(path, e.to_string()))?;
    let kind = file
        .metadata()
        .map_err(|e| FileError::new(path, e.to_string()))?
        .file_type();
    if !kind.is_file() {
        return Err(FileError::new(path, "not a regular file"));
    }
    Ok(file)
}

/// Reads a regular file of at most `max_bytes`, counting the bytes read, whatever the file
/// system says of its size.
pub fn read_bytes_up_to(path: &Path, max_bytes: u64) -> Result<Vec<u8>, FileError> {
    let mut bytes = Vec::new();
    open_regular(path)?
        .take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| FileError::new(path, e.to_string()))?;
    if bytes.len() as u64 > max_bytes {
        let problem = format!("the file is over {max_bytes} bytes; such files are refused");
        return Err(FileError::new(path, problem));
    }
    Ok(bytes)
}

/// Reads a UTF-8 text file of at most `max_bytes` that is not empty.
pub fn read_text_up_to(path: &Path, max_bytes: u64) -> Result<String, FileError> {
    let bytes = read_bytes_up_to(path, max_bytes)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        FileError::new(
            path,
            format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
        )
    })?;
    if text.trim().is_empty() {
        return Err(FileError::new(path, "the file is empty"));
    }
    Ok(text)
}

/// The longest line a line-by-line reader takes (a position set's or a shard's record is a few
/// hundred bytes).
pub const MAX_LINE_BYTES: u64 = 64 << 10;

/// Reads one line (with its line break, if any) into `line`, at most [`MAX_LINE_BYTES`]
/// whatever the stream holds; the bytes read, 0 at the end.
pub fn read_line_bounded(reader: &mut impl BufRead, line: &mut Vec<u8>) -> Result<usize, String> {
    let read = reader
        .take(MAX_LINE_BYTES + 1)
        .read_until(b'\n', line)
        .map_err(|e| e.to_string())?;
    if read as u64 > MAX_LINE_BYTES {
        return Err(format!(
            "a line is over {MAX_LINE_BYTES} bytes; such files are refused"
        ));
    }
    Ok(read)
}

/// What to do with an output file that already exists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Overwrite {
    /// Refuse, and keep the file (the default).
    #[default]
    Refuse,
    /// Replace it (the command line's `--force`).
    Replace,
}

/// Checks that `path` may be written as an output the user named: its folder exists, it is not
/// a folder, and it does not exist unless `overwrite` allows replacing it.
pub fn check_output(path: &Path, overwrite: Overwrite) -> Result<(), FileError> {
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
    if let Some(folder) = folder
        && !folder.is_dir()
    {
        let problem = format!("the folder {} does not exist", folder.display());
        return Err(FileError::new(path, problem));
    }
    if path.is_dir() {
        return Err(FileError::new(path, "is a folder, not a file"));
    }
    if path.exists() && overwrite == Overwrite::Refuse {
        let problem = "exists and is kept (--force replaces it)";
        return Err(FileError::new(path, problem));
    }
    Ok(())
}

/// Parses RON text; an error gives the line and column.
pub fn parse_ron<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    ron::from_str(text).map_err(|error| {
        let at = error.span.start;
        format!("line {}, column {}: {}", at.line, at.col, error.code)
    })
}

/// Refuses a file `version` other than the `supported` one.
pub fn check_version(version: u32, supported: u32) -> Result<(), String> {
    if version == supported {
        Ok(())
    } else {
        Err(format!(
            "version {version} is not supported (this build reads version {supported})"
        ))
    }
}

/// Pretty RON for a value (infallible for the plain data types we save).
pub fn to_ron<T: Serialize>(value: &T) -> String {
    let config = ron::ser::PrettyConfig::new().struct_names(false);
    ron::ser::to_string_pretty(value, config).expect("plain data serializes")
}

/// The current time as a file-name-safe stamp, e.g. `2026-11-22T10-00-00Z`.
pub fn time_stamp() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now())
        .to_string()
        .replace(':', "-")
}

/// Writes `contents` to `path` atomically: into a temporary file beside it, synced to disk,
/// then renamed over `path`. On any failure `path` keeps its old contents.
pub fn write_atomically(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), FileError> {
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let fail = |e: std::io::Error| FileError::new(path, e.to_string());
    fs::create_dir_all(folder).map_err(fail)?;
    let mut temporary = tempfile::NamedTempFile::new_in(folder).map_err(fail)?;
    temporary.write_all(contents.as_ref()).map_err(fail)?;
    settle_permissions(temporary.as_file(), path).map_err(fail)?;
    temporary.as_file().sync_all().map_err(fail)?;
    temporary.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}

/// The temporary file is private (0600 on Unix); the result gets the permissions of the file
/// it replaces, or 0644 when it is new.
#[cfg(unix)]
fn settle_permissions(file: &File, path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let permissions = match fs::metadata(path) {
        Ok(old) => old.permissions(),
        Err(_) => fs::Permissions::from_mode(0o644),
    };
    file.set_permissions(permissions)
}

/// Elsewhere the temporary file's default permissions are kept.
#[cfg(not(unix))]
fn settle_permissions(_file: &fs::File, _path: &Path) -> std::io::Result<()> {
    Ok(())
}

/// The first 16 hexadecimal digits of the SHA-256 of `bytes`.
pub fn short_hash(bytes: &[u8]) -> String {
    hex_prefix(&Sha256::digest(bytes))
}

/// The first 8 bytes of a digest in hexadecimal.
fn hex_prefix(digest: &[u8]) -> String {
    digest
        .iter()
        .take(8)
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// The file's SHA-256 prefix (for a tuned preset's provenance), read in a stream: a set of
/// gigabytes is never held whole.
pub fn file_hash(path: &Path) -> Result<String, FileError> {
    let mut hasher = Sha256::new();
    let mut file = open_regular(path)?;
    let mut buffer = vec![0; 1 << 16];
    loop {
        match file.read(&mut buffer) {
            Ok(0) => return Ok(hex_prefix(&hasher.finalize())),
            Ok(read) => hasher.update(&buffer[..read]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(FileError::new(path, e.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_writes_replace_whole_files_and_reads_refuse_bad_ones() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("sub/file.ron");
        write_atomically(&path, "first").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(&path), 0o644, "a new file is readable by others");
            fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
            write_atomically(&path, "again").unwrap();
            assert_eq!(mode(&path), 0o600, "a replaced file keeps its permissions");
        }
        write_atomically(&path, "second").unwrap();
        assert_eq!(read_text(&path).unwrap(), "second");
        assert_eq!(
            fs::read_dir(path.parent().unwrap()).unwrap().count(),
            1,
            "no temporary left"
        );
        fs::write(&path, "  \n").unwrap();
        assert!(
            read_text(&path)
                .unwrap_err()
                .to_string()
                .ends_with("file.ron: the file is empty")
        );
        fs::write(&path, vec![b'x'; MAX_FILE_BYTES as usize + 1]).unwrap();
        assert!(
            read_text(&path)
                .unwrap_err()
                .problem
                .contains("are refused")
        );
        fs::write(&path, [0xff, 0xfe]).unwrap();
        assert!(read_text(&path).unwrap_err().problem.contains("not UTF-8"));
        let missing = read_text(&folder.path().join("missing.ron")).unwrap_err();
        assert!(missing.to_string().contains("missing.ron"));
    }

    #[test]
    fn an_output_needs_its_folder_and_replaces_a_file_only_when_forced() {
        let folder = tempfile::tempdir().unwrap();
        let new = folder.path().join("new.csv");
        assert_eq!(check_output(&new, Overwrite::Refuse), Ok(()));
        fs::write(&new, "kept").unwrap();
        let refused = check_output(&new, Overwrite::Refuse).unwrap_err();
        assert!(refused.problem.contains("--force"), "{refused}");
        assert_eq!(check_output(&new, Overwrite::Replace), Ok(()));
        let nowhere = folder.path().join("nonexistent/x.csv");
        let refused = check_output(&nowhere, Overwrite::Replace).unwrap_err();
        assert!(refused.problem.contains("does not exist"), "{refused}");
        assert!(!folder.path().join("nonexistent").exists());
        assert!(check_output(folder.path(), Overwrite::Replace).is_err());
    }

    #[test]
    fn a_line_is_read_up_to_its_bound_whatever_the_stream_holds() {
        let mut line = Vec::new();
        let mut short = &b"one\ntwo"[..];
        assert_eq!(read_line_bounded(&mut short, &mut line), Ok(4));
        let mut endless = std::io::BufReader::new(std::io::repeat(b'x'));
        line.clear();
        let refused = read_line_bounded(&mut endless, &mut line).unwrap_err();
        assert!(refused.contains("over 65536 bytes"), "{refused}");
        assert!(line.len() as u64 <= MAX_LINE_BYTES + 1);
    }
}
