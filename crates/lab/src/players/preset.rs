//! Presets: a named set of the nine evaluation weights, and optionally pattern files by board,
//! stored as a versioned RON file (schema in README.md). The built-in players — the seed
//! app's ten, the ones tuned by `reversi3d tune` and the pattern player — ship in `presets/`,
//! embedded at build time.

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::pattern_source::{LoadedPatterns, PatternSource};
use crate::files::{FileError, check_version, parse_ron, read_text, to_ron, write_atomically};
use engine::search::{Evaluation, SearchKind};
use engine::{Rules, Shape, Weights};

/// The preset schema version this build reads and writes.
pub const PRESET_VERSION: u32 = 1;

/// The longest preset name and description accepted.
const MAX_NAME: usize = 40;
const MAX_DESCRIPTION: usize = 300;

/// A named set of weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preset {
    /// The player's name: 1–40 letters, digits, spaces, `-` or `_`.
    pub name: String,
    /// One line on where the preset comes from.
    pub description: String,
    /// The evaluation weights: on boards without patterns the evaluation, elsewhere only the
    /// order of shallow nodes.
    pub weights: Weights,
    /// Learned pattern evaluations, at most one a board, which evaluate on their boards'
    /// classic game instead of the weights.
    pub patterns: Vec<LoadedPatterns>,
}

/// Why a player's patterns of the board go unread: it plays by its nine weights instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnreadPatterns {
    /// The classic search (the seed's) evaluates by nine weights alone.
    ClassicSearch,
    /// The patterns score the classic game, not misère.
    OtherRules,
}

impl std::fmt::Display for UnreadPatterns {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            UnreadPatterns::ClassicSearch => "the classic search reads no pattern file",
            UnreadPatterns::OtherRules => "its patterns score the classic rules, not misère",
        })
    }
}

/// A player as a run records it: by name, weights and pattern files (the name is for people;
/// the weights and the files' contents are what count).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedWeights {
    /// The preset's name.
    pub name: String,
    /// Its weights.
    pub weights: Weights,
    /// Its pattern files, by path and content hash (none for a nine-weight player, whose
    /// records read as before pattern players existed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub patterns: Vec<PatternSource>,
}

impl From<&Preset> for NamedWeights {
    fn from(preset: &Preset) -> Self {
        NamedWeights {
            name: preset.name.clone(),
            weights: preset.weights,
            patterns: (preset.patterns.iter()).map(|p| p.source.clone()).collect(),
        }
    }
}

impl NamedWeights {
    /// The player again, its pattern files read (refused if one changed since).
    pub fn preset(&self) -> Result<Preset, FileError> {
        let patterns = (self.patterns.iter())
            .map(PatternSource::load_any)
            .collect::<Result<_, _>>()?;
        Ok(Preset {
            patterns,
            ..Preset::weighted(self.name.clone(), String::new(), self.weights)
        })
    }

    /// Refused for a pattern player, where a run changes the nine weights (evolution, tuning).
    pub fn nine_weights_only(self) -> Result<Self, String> {
        if self.patterns.is_empty() {
            Ok(self)
        } else {
            Err(format!(
                "{} evaluates by patterns: this run changes nine weights, so it starts from a \
                 nine-weight player",
                self.name
            ))
        }
    }
}

/// The file layout of a preset.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PresetFile {
    version: u32,
    name: String,
    description: String,
    weights: WeightTable,
    /// Pattern files by name: shipped ones (`patterns-6x6.bin`) or files beside the preset.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    patterns: Vec<String>,
}

/// The nine weights under the seed's labels, as presets and game records store them.
#[derive(Serialize, Deserialize, Clone, Debug)]
#[serde(deny_unknown_fields)]
#[allow(non_snake_case)]
pub(crate) struct WeightTable {
    Mob: i64,
    Dif: i64,
    Cor: i64,
    CSq: i64,
    XSq: i64,
    Edg: i64,
    IEd: i64,
    Fac: i64,
    IFa: i64,
}

impl WeightTable {
    /// The table of `weights`.
    pub(crate) fn from_weights(weights: Weights) -> Self {
        let [mob, dif, cor, csq, xsq, edg, ied, fac, ifa] = weights.0.map(i64::from);
        WeightTable {
            Mob: mob,
            Dif: dif,
            Cor: cor,
            CSq: csq,
            XSq: xsq,
            Edg: edg,
            IEd: ied,
            Fac: fac,
            IFa: ifa,
        }
    }

    /// The weights, each checked to lie within ±[`Weights::LIMIT`].
    pub(crate) fn to_weights(&self) -> Result<Weights, String> {
        let values = [
            self.Mob, self.Dif, self.Cor, self.CSq, self.XSq, self.Edg, self.IEd, self.Fac,
            self.IFa,
        ];
        let mut weights = [0; 9];
        for ((slot, value), label) in weights.iter_mut().zip(values).zip(Weights::LABELS) {
            *slot = i32::try_from(value)
                .ok()
                .filter(|v| v.abs() <= Weights::LIMIT)
                .ok_or_else(|| {
                    format!(
                        "weight {label} is {value}: weights range from -{0} to {0}",
                        Weights::LIMIT
                    )
                })?;
        }
        Ok(Weights(weights))
    }
}

const BUILT_IN_FILES: [(&str, &str); 14] = [
    ("arwen.ron", include_str!("../../../../presets/arwen.ron")),
    ("bilbo.ron", include_str!("../../../../presets/bilbo.ron")),
    (
        "celebrian.ron",
        include_str!("../../../../presets/celebrian.ron"),
    ),
    ("dwalin.ron", include_str!("../../../../presets/dwalin.ron")),
    ("eowyn.ron", include_str!("../../../../presets/eowyn.ron")),
    ("frodo.ron", include_str!("../../../../presets/frodo.ron")),
    (
        "galadriel.ron",
        include_str!("../../../../presets/galadriel.ron"),
    ),
    (
        "hamfast.ron",
        include_str!("../../../../presets/hamfast.ron"),
    ),
    ("indis.ron", include_str!("../../../../presets/indis.ron")),
    ("jolly.ron", include_str!("../../../../presets/jolly.ron")),
    ("kili.ron", include_str!("../../../../presets/kili.ron")),
    (
        "lobelia.ron",
        include_str!("../../../../presets/lobelia.ron"),
    ),
    ("merry.ron", include_str!("../../../../presets/merry.ron")),
    ("pippin.ron", include_str!("../../../../presets/pippin.ron")),
];

/// The built-in players: the seed app's ten, Arwen … Jolly, then the tuned ones (Kili for
/// 6×6×6, Merry for 8×8, Pippin for 8×8×8) and Lobelia, who evaluates by the shipped pattern
/// files.
pub fn built_in() -> Vec<Preset> {
    BUILT_IN_FILES
        .iter()
        .map(|(file, text)| {
            Preset::from_ron(text).unwrap_or_else(|problem| panic!("presets/{file}: {problem}"))
        })
        .collect()
}

/// The built-in player called `name` (case-insensitive): what "Def" restores.
pub fn built_in_named(name: &str) -> Option<Preset> {
    built_in()
        .into_iter()
        .find(|p| p.name.eq_ignore_ascii_case(name))
}

/// The name rule of players and runs, whose names become file names: 1 to `MAX_NAME`
/// letters, digits, spaces, `-` and `_`, so that a name never leaves its folder.
pub fn check_name(name: &str) -> Result<(), String> {
    let name_ok = |c: char| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_');
    if name.trim().is_empty() || name.chars().count() > MAX_NAME {
        return Err(format!("name must have 1 to {MAX_NAME} characters"));
    }
    if !name.chars().all(name_ok) {
        return Err(format!(
            "name '{name}' may only hold letters, digits, spaces, - and _"
        ));
    }
    Ok(())
}

/// The file name the preset called `name` is kept under.
pub fn file_name_of(name: &str) -> String {
    format!("{}.ron", name.to_lowercase().replace(' ', "_"))
}

impl Preset {
    /// Parses and checks preset text; the error names the line and column or the field.
    /// Pattern files are looked up among the shipped ones.
    pub fn from_ron(text: &str) -> Result<Preset, String> {
        Self::from_ron_beside(text, None)
    }

    /// As [`Preset::from_ron`], pattern files also looked up in `folder`.
    fn from_ron_beside(text: &str, folder: Option<&Path>) -> Result<Preset, String> {
        let file: PresetFile = parse_ron(text)?;
        check_version(file.version, PRESET_VERSION)?;
        let weights = file.weights.to_weights()?;
        let patterns = (file.patterns.iter())
            .map(|name| pattern_file(name, folder))
            .collect::<Result<Vec<_>, _>>()?;
        let preset = Preset {
            name: file.name,
            description: file.description,
            weights,
            patterns,
        };
        preset.check()?;
        Ok(preset)
    }

    /// A preset of nine weights alone.
    pub fn weighted(name: String, description: String, weights: Weights) -> Self {
        Preset {
            name,
            description,
            weights,
            patterns: Vec::new(),
        }
    }

    /// How the player evaluates positions of `shape`: by its patterns for that board if it has
    /// them, else by its weights.
    pub fn evaluation(&self, shape: Shape) -> Evaluation {
        Evaluation {
            weights: self.weights,
            patterns: self.patterns_for(shape).map(|p| Arc::clone(&p.evaluation)),
        }
    }

    /// What it evaluates with, in words: `nine weights`, or the boards of its patterns.
    pub fn evaluation_kind(&self) -> String {
        if self.patterns.is_empty() {
            return "nine weights".to_string();
        }
        let boards: Vec<String> = (self.patterns.iter())
            .map(|p| p.evaluation.shape.to_string())
            .collect();
        format!("patterns on {} (nine weights elsewhere)", boards.join(", "))
    }

    /// Why its patterns of `shape` go unread in games under `rules` by `search`, when it has
    /// some: it then plays by its nine weights.
    pub fn unread_patterns(
        &self,
        shape: Shape,
        rules: Rules,
        search: SearchKind,
    ) -> Option<UnreadPatterns> {
        self.patterns_for(shape)?;
        if search == SearchKind::Classic {
            Some(UnreadPatterns::ClassicSearch)
        } else if rules != Rules::Classic {
            Some(UnreadPatterns::OtherRules)
        } else {
            None
        }
    }

    /// Its pattern evaluation of `shape`, if any.
    pub fn patterns_for(&self, shape: Shape) -> Option<&LoadedPatterns> {
        (self.patterns.iter()).find(|p| p.evaluation.shape == shape)
    }

    /// The preset as RON text.
    pub fn to_ron(&self) -> String {
        to_ron(&PresetFile {
            version: PRESET_VERSION,
            name: self.name.clone(),
            description: self.description.clone(),
            weights: WeightTable::from_weights(self.weights),
            patterns: self.pattern_names(),
        })
    }

    /// The names of its pattern files, as its file and game records give them.
    pub fn pattern_names(&self) -> Vec<String> {
        (self.patterns.iter())
            .map(|p| pattern_file_name(&p.source.path))
            .collect()
    }

    /// Reads a preset file (its pattern files shipped or beside it).
    pub fn load(path: &Path) -> Result<Preset, FileError> {
        Preset::from_ron_beside(&read_text(path)?, path.parent())
            .map_err(|problem| FileError::new(path, problem))
    }

    /// Writes the preset to `path` atomically, with its pattern files beside it (those not
    /// shipped and not there already), since the preset names them by file name alone.
    pub fn save(&self, path: &Path) -> Result<(), FileError> {
        let folder = path.parent().unwrap_or(Path::new(""));
        for patterns in &self.patterns {
            patterns.place_in(folder)?;
        }
        write_atomically(path, self.to_ron())
    }

    /// The file name a preset is kept under in the user's folder.
    pub fn file_name(&self) -> String {
        file_name_of(&self.name)
    }

    /// Checks the name, the description and that no board has two pattern files.
    fn check(&self) -> Result<(), String> {
        check_name(&self.name)?;
        for (index, patterns) in self.patterns.iter().enumerate() {
            let shape = patterns.evaluation.shape;
            if self.patterns[..index]
                .iter()
                .any(|p| p.evaluation.shape == shape)
            {
                return Err(format!("two pattern files for {shape}"));
            }
        }
        if self.description.chars().count() > MAX_DESCRIPTION || self.description.contains('\n') {
            return Err(format!(
                "description must be one line of at most {MAX_DESCRIPTION} characters"
            ));
        }
        Ok(())
    }
}

/// The pattern file `name` of a preset: a shipped one, or a file in `folder` (a bare file name,
/// so that a preset never reads outside its folder).
pub(crate) fn pattern_file(name: &str, folder: Option<&Path>) -> Result<LoadedPatterns, String> {
    if let Some(shipped) = LoadedPatterns::shipped(name) {
        return Ok(shipped);
    }
    let bare = Path::new(name).file_name().is_some_and(|file| file == name);
    match folder {
        Some(folder) if bare => {
            LoadedPatterns::read_any(&folder.join(name)).map_err(|e| e.to_string())
        }
        _ => Err(format!(
            "pattern file '{name}': neither shipped nor a file name beside the preset"
        )),
    }
}

/// The name a preset file gives a pattern file.
fn pattern_file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}
