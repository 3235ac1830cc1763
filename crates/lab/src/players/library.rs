//! The user's preset folder beside the built-in presets: listing, lookup, import and saving.
//! The folder is `presets/` in the platform's data directory, or in `$REVERSI3D_DATA_DIR`
//! when that is set.

use std::path::{Path, PathBuf};

use super::preset::{Preset, built_in};
use crate::files::FileError;

/// The environment variable that moves the data directory (portable installs, tests).
pub const DATA_DIR_VARIABLE: &str = "REVERSI3D_DATA_DIR";

/// The folder of every file the program keeps for the user (presets, the workspace's state):
/// `$REVERSI3D_DATA_DIR` when set, else the platform's data directory for reversi3d.
pub fn data_dir() -> Result<PathBuf, String> {
    match std::env::var_os(DATA_DIR_VARIABLE) {
        Some(dir) => Ok(PathBuf::from(dir)),
        None => Ok(directories::ProjectDirs::from("", "", "reversi3d")
            .ok_or("no home directory to keep files in; set REVERSI3D_DATA_DIR")?
            .data_dir()
            .to_path_buf()),
    }
}

/// Built-in presets plus the user's own, kept as one RON file each in a folder.
#[derive(Clone, Debug)]
pub struct PresetLibrary {
    folder: PathBuf,
}

impl PresetLibrary {
    /// A library whose user presets live in `folder` (created on the first save).
    pub fn at(folder: impl Into<PathBuf>) -> Self {
        PresetLibrary {
            folder: folder.into(),
        }
    }

    /// The library in the user's data directory.
    pub fn user_default() -> Result<Self, String> {
        Ok(Self::at(data_dir()?.join("presets")))
    }

    /// The folder of the user's presets.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// The user's presets sorted by name, and the files in the folder that could not be read
    /// (reported, never fatal, never touched).
    pub fn user_presets(&self) -> (Vec<Preset>, Vec<FileError>) {
        let mut presets = Vec::new();
        let mut problems = Vec::new();
        let Ok(entries) = std::fs::read_dir(&self.folder) else {
            return (presets, problems);
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.retain(|p| p.extension().is_some_and(|e| e == "ron"));
        paths.sort();
        for path in paths {
            match Preset::load(&path) {
                Ok(preset) => presets.push(preset),
                Err(problem) => problems.push(problem),
            }
        }
        (presets, problems)
    }

    /// Every preset: the built-in ones, except where the user keeps one of the same name,
    /// then the user's others.
    pub fn all(&self) -> (Vec<Preset>, Vec<FileError>) {
        let (user, problems) = self.user_presets();
        let mut all: Vec<Preset> = built_in()
            .into_iter()
            .map(|b| {
                user.iter()
                    .find(|u| u.name.eq_ignore_ascii_case(&b.name))
                    .cloned()
                    .unwrap_or(b)
            })
            .collect();
        let extra = user
            .into_iter()
            .filter(|u| !all.iter().any(|a| a.name.eq_ignore_ascii_case(&u.name)));
        all.extend(extra.collect::<Vec<_>>());
        (all, problems)
    }

    /// The preset called `name` (case-insensitive), the user's version first.
    pub fn find(&self, name: &str) -> Option<Preset> {
        self.all()
            .0
            .into_iter()
            .find(|p| p.name.eq_ignore_ascii_case(name))
    }

    /// Saves a preset into the user's folder (atomically) and returns its path.
    pub fn save(&self, preset: &Preset) -> Result<PathBuf, FileError> {
        let path = self.folder.join(preset.file_name());
        preset.save(&path)?;
        Ok(path)
    }

    /// The file of the user's own preset of that name, when there is one (a built-in player
    /// of that name does not count: a preset of the user's replaces it).
    pub fn own_file(&self, preset: &Preset) -> Option<PathBuf> {
        Some(self.folder.join(preset.file_name())).filter(|path| path.exists())
    }

    /// Reads and checks a preset file and only then saves it into the user's folder (over
    /// the user's own preset of that name, if any: ask first, see [`Self::own_file`]); a
    /// file that is refused changes nothing.
    pub fn import(&self, source: &Path) -> Result<(Preset, PathBuf), FileError> {
        let preset = Preset::load(source)?;
        let path = self.save(&preset)?;
        Ok((preset, path))
    }
}
