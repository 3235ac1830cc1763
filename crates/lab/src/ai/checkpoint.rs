//! Checkpoints of long runs (an evolution, a tuning run): the whole state as a versioned RON
//! file in the run's folder, written atomically after every step (a crash or a kill during the
//! write leaves the previous checkpoint in place) and checked when read.

use std::path::Path;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::files::{
    FileError, check_version, parse_ron, read_text_up_to, to_ron, write_atomically,
};

/// The checkpoint's file name inside a run's folder.
pub const CHECKPOINT_FILE: &str = "checkpoint.ron";

/// The largest checkpoint read (the history grows by a few hundred bytes per step).
const MAX_CHECKPOINT_BYTES: u64 = 256 << 20;

/// The state of a run that checkpoints.
pub trait Checkpointed: Serialize + DeserializeOwned + Clone {
    /// The schema version this build reads and writes.
    const VERSION: u32;
    /// What kind of run keeps such checkpoints, e.g. "an evolution run".
    const RUN: &'static str;
    /// Refuses a state that no run could have written.
    fn check(&self) -> Result<(), String>;
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckpointFile<T> {
    version: u32,
    state: T,
}

/// Writes the state as the folder's checkpoint, atomically.
pub fn save_checkpoint<T: Checkpointed>(folder: &Path, state: &T) -> Result<(), FileError> {
    let file = CheckpointFile {
        version: T::VERSION,
        state: state.clone(),
    };
    write_atomically(&folder.join(CHECKPOINT_FILE), to_ron(&file))
}

/// Reads and checks the folder's checkpoint; the error names the file and the problem.
pub fn load_checkpoint<T: Checkpointed>(folder: &Path) -> Result<T, FileError> {
    let path = folder.join(CHECKPOINT_FILE);
    if !path.exists() && folder.is_dir() {
        return Err(FileError::new(
            &path,
            format!("no checkpoint here: is this the folder of {}?", T::RUN),
        ));
    }
    let text = read_text_up_to(&path, MAX_CHECKPOINT_BYTES)?;
    let checked = parse_ron::<CheckpointFile<T>>(&text).and_then(|file| {
        check_version(file.version, T::VERSION)?;
        file.state.check()?;
        Ok(file.state)
    });
    checked.map_err(|problem| FileError::new(&path, problem))
}
