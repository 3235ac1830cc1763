//! Game records as versioned RON files (schema in README.md). Loading replays every move, so
//! a record with an illegal move, a wrong result or a bad field is refused with the move
//! number or the line and column.

use std::path::Path;
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};

use super::Game;
use crate::files::{FileError, check_version, parse_ron, read_text, to_ron, write_atomically};
use crate::players::preset::{WeightTable, pattern_file};
use crate::players::{AiPlayer, Player, Preset, SearchKind};
use engine::notation::{format_moves, parse_moves};
use engine::{Outcome, Rules, Setup, Shape};

/// The game record schema version this build reads and writes.
pub const GAME_VERSION: u32 = 1;

/// The deepest search depth a record may ask for.
use engine::bounds::MAX_DEPTH;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameFile {
    version: u32,
    board: String,
    rules: Rules,
    /// The position the game starts from, as position text; absent for the start position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start: Option<String>,
    red: PlayerRecord,
    green: PlayerRecord,
    moves: Vec<String>,
    result: Option<ResultRecord>,
    started: String,
    finished: Option<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
enum PlayerRecord {
    Human,
    Ai {
        name: String,
        weights: WeightTable,
        /// The player's shipped pattern files, by name.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        patterns: Vec<String>,
        depth: u32,
        search: SearchKind,
        time_budget_ms: Option<u64>,
    },
}

#[derive(Serialize, Deserialize, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
struct ResultRecord {
    red: u32,
    green: u32,
    outcome: Outcome,
}

impl Game {
    /// The game as record text.
    pub fn to_record(&self) -> String {
        to_ron(&GameFile {
            version: GAME_VERSION,
            board: self.shape.to_string(),
            rules: self.rules,
            start: (!self.starts_at_the_start()).then(|| self.start().text()),
            red: player_record(&self.red),
            green: player_record(&self.green),
            moves: format_moves(self.shape, self.moves())
                .split(',')
                .filter(|m| !m.is_empty())
                .map(String::from)
                .collect(),
            result: self.result().map(|(red, green, outcome)| ResultRecord {
                red,
                green,
                outcome,
            }),
            started: timestamp(self.started),
            finished: self.finished.map(timestamp),
        })
    }

    /// Parses and checks record text: every field, every move (by replaying the game) and the
    /// result against the final position.
    pub fn from_record(text: &str) -> Result<Game, String> {
        let file: GameFile = parse_ron(text)?;
        check_version(file.version, GAME_VERSION)?;
        let shape: Shape = file.board.parse().map_err(|e| format!("board: {e}"))?;
        let red = player(file.red).map_err(|e| format!("red: {e}"))?;
        let green = player(file.green).map_err(|e| format!("green: {e}"))?;
        let start = match file.start {
            Some(text) => Setup::parse(shape, &text).map_err(|e| format!("start: {e}"))?,
            None => Setup::start(shape),
        };
        let mut game = Game::from_setup(start, file.rules, red, green);
        game.started = parse_time(&file.started).map_err(|e| format!("started: {e}"))?;
        let moves = parse_moves(shape, &file.moves.join(",")).map_err(|e| format!("moves: {e}"))?;
        game.set_moves(moves).map_err(|e| format!("moves: {e}"))?;
        game.finished = file
            .finished
            .as_deref()
            .map(parse_time)
            .transpose()
            .map_err(|e| format!("finished: {e}"))?;
        let actual = game.result().map(|(red, green, outcome)| ResultRecord {
            red,
            green,
            outcome,
        });
        if file.result != actual {
            let (said, given) = (describe(file.result.as_ref()), describe(actual.as_ref()));
            return Err(format!(
                "result: the record says {said} but its moves give {given}"
            ));
        }
        Ok(game)
    }

    /// Reads a record file.
    pub fn load(path: &Path) -> Result<Game, FileError> {
        Game::from_record(&read_text(path)?).map_err(|problem| FileError::new(path, problem))
    }

    /// Writes the record to `path` atomically.
    pub fn save(&self, path: &Path) -> Result<(), FileError> {
        write_atomically(path, self.to_record())
    }
}

fn player_record(player: &Player) -> PlayerRecord {
    match player {
        Player::Human => PlayerRecord::Human,
        Player::Ai(ai) => PlayerRecord::Ai {
            name: ai.preset.name.clone(),
            weights: WeightTable::from_weights(ai.preset.weights),
            patterns: ai.preset.pattern_names(),
            depth: ai.depth,
            search: ai.search,
            time_budget_ms: ai.time_budget.map(|t| t.as_millis() as u64),
        },
    }
}

fn player(record: PlayerRecord) -> Result<Player, String> {
    match record {
        PlayerRecord::Human => Ok(Player::Human),
        PlayerRecord::Ai {
            name,
            weights,
            patterns,
            depth,
            search,
            time_budget_ms,
        } => {
            if !(1..=MAX_DEPTH).contains(&depth) {
                return Err(format!("depth {depth} is outside 1 to {MAX_DEPTH}"));
            }
            let preset = Preset {
                name,
                description: String::new(),
                weights: weights.to_weights()?,
                patterns: (patterns.iter())
                    .map(|name| pattern_file(name, None))
                    .collect::<Result<_, _>>()?,
            };
            let time_budget = time_budget_ms.map(Duration::from_millis);
            Ok(Player::Ai(AiPlayer {
                preset,
                depth,
                search,
                time_budget,
            }))
        }
    }
}

/// A result in words, e.g. `Red 20, Green 16 (Win(Red))` or `no result (the game is not over)`.
fn describe(result: Option<&ResultRecord>) -> String {
    match result {
        Some(r) => format!("Red {}, Green {} ({:?})", r.red, r.green, r.outcome),
        None => "no result (the game is not over)".to_string(),
    }
}

fn timestamp(time: SystemTime) -> String {
    humantime::format_rfc3339_seconds(time).to_string()
}

fn parse_time(text: &str) -> Result<SystemTime, String> {
    humantime::parse_rfc3339_weak(text)
        .map_err(|e| format!("'{text}' is not a time like 2026-11-22T10:00:00Z ({e})"))
}
