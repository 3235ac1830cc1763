//! The session's players and their weights: looking presets up, editing the Weights panel's
//! weights, restoring built-in ones, and saving, importing and exporting presets.

use super::Session;
use engine::Weights;
use lab::ai::Preset;

impl Session {
    /// The preset called `name`.
    pub fn preset(&self, name: &str) -> Option<&Preset> {
        self.roster.iter().find(|p| p.name == name)
    }

    /// The player whose weights the Weights panel shows (and the values overlay uses).
    pub fn weights_preset(&self) -> &Preset {
        self.preset(&self.settings.weights_player)
            .unwrap_or(&self.roster[0])
    }

    /// Makes `name` the Weights panel's player (the one whose values the overlay shows and an
    /// evolution improves); an unknown name is refused with a message.
    pub fn choose_weights_player(&mut self, name: &str) {
        match self.preset(name) {
            Some(preset) => self.settings.weights_player = preset.name.clone(),
            None => self.error(format!("no player called {name:?}")),
        }
    }

    /// Changes one weight of the weights player (validated: |w| ≤ LIMIT).
    pub(super) fn set_weight(&mut self, index: usize, value: i32) {
        let name = self.weights_preset().name.clone();
        let limit = Weights::LIMIT;
        if value.abs() > limit {
            return self.error(format!("weights must lie within ±{limit}"));
        }
        if let Some(preset) = self.roster.iter_mut().find(|p| p.name == name) {
            preset.weights.0[index] = value;
            self.unsaved.insert(name);
            self.sync_players();
        }
    }

    /// Restores the built-in weights of the weights player ("Def").
    pub(super) fn restore_weights(&mut self) {
        let name = self.weights_preset().name.clone();
        match lab::players::preset::built_in_named(&name) {
            Some(original) => {
                if let Some(preset) = self.roster.iter_mut().find(|p| p.name == name) {
                    preset.weights = original.weights;
                }
                self.unsaved.insert(name.clone());
                self.sync_players();
                self.info(format!("{name}: built-in weights restored"));
            }
            None => self.error(format!(
                "{name} is not a built-in player: nothing to restore"
            )),
        }
    }

    /// Whether the weights player has edits not yet saved.
    pub fn has_unsaved_weights(&self) -> bool {
        self.unsaved.contains(&self.weights_preset().name)
    }

    /// Saves every edited preset into the user's folder (atomically).
    pub fn save_presets(&mut self) {
        for name in std::mem::take(&mut self.unsaved) {
            let Some(preset) = self.preset(&name).cloned() else {
                continue;
            };
            match self.library.save(&preset) {
                Ok(path) => self.info(format!("{name} saved to {}", path.display())),
                Err(error) => {
                    self.unsaved.insert(name);
                    self.error(error.to_string());
                }
            }
        }
    }

    /// Reads a preset file into the user's folder and the roster; a bad file changes nothing,
    /// and one that would replace a preset of the user's waits for their answer
    /// ([`Self::answer_import`]).
    pub fn import_preset(&mut self, path: &std::path::Path) {
        match Preset::load(path) {
            Ok(incoming) => match self.library.own_file(&incoming) {
                Some(own) => {
                    self.pending_import = Some(PendingImport {
                        source: path.to_path_buf(),
                        name: incoming.name,
                        own,
                    })
                }
                None => self.import_now(path),
            },
            Err(error) => self.error(error.to_string()),
        }
    }

    /// The import waiting for the user's answer, if any.
    pub fn pending_import(&self) -> Option<&PendingImport> {
        self.pending_import.as_ref()
    }

    /// Answers the pending import: replace the user's preset, or keep it.
    pub fn answer_import(&mut self, replace: bool) {
        let Some(pending) = self.pending_import.take() else {
            return;
        };
        match replace {
            true => self.import_now(&pending.source),
            false => self.info(format!(
                "import of {} cancelled: yours is kept",
                pending.name
            )),
        }
    }

    /// Imports the preset file at `path` into the user's folder and the roster.
    fn import_now(&mut self, path: &std::path::Path) {
        match self.library.import(path) {
            Ok((preset, saved)) => {
                self.info(format!("{} imported to {}", preset.name, saved.display()));
                self.settings.weights_player = preset.name.clone();
                match self.roster.iter_mut().find(|p| p.name == preset.name) {
                    Some(existing) => *existing = preset,
                    None => self.roster.push(preset),
                }
                self.sync_players();
            }
            Err(error) => self.error(error.to_string()),
        }
    }

    /// Writes the weights player to `path` (atomically).
    pub fn export_preset(&mut self, path: &std::path::Path) {
        let preset = self.weights_preset().clone();
        match preset.save(path) {
            Ok(()) => self.info(format!("{} exported to {}", preset.name, path.display())),
            Err(error) => self.error(error.to_string()),
        }
    }
}

/// A preset file whose import would replace one of the user's presets, waiting for an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingImport {
    /// The file to import.
    pub source: std::path::PathBuf,
    /// The preset's name.
    pub name: String,
    /// The user's preset file it would replace.
    pub own: std::path::PathBuf,
}
