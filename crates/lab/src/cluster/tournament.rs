//! Sharded tournaments: a shard plays its share of the schedule into a shard file; the merge
//! rebuilds from all shards the result an unsharded run would have had, game for game.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::gather::ShardSet;
use super::shard::Shard;
use super::shard_file::{ShardWriter, Stamp};
use crate::ai::arena::RunError;
use crate::ai::selfplay::GameSettings;
use crate::ai::tournament::{
    GameSink, Progress, TournamentGame, TournamentResult, TournamentSettings, parse_game_line,
    play_tournament_games,
};
use crate::files::FileError;
use crate::players::preset::{NamedWeights, Preset};

/// The kind of run in a tournament's shard files.
pub const TOURNAMENT: &str = "tournament";

/// What identifies a tournament: everything that decides its games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct TournamentStamp {
    game: GameSettings,
    games_per_pairing: u32,
    seed: u64,
    players: Vec<NamedWeights>,
}

impl TournamentStamp {
    fn of(settings: &TournamentSettings) -> Self {
        TournamentStamp {
            game: settings.game,
            games_per_pairing: settings.games_per_pairing,
            seed: settings.seed,
            players: settings.players.iter().map(NamedWeights::from).collect(),
        }
    }

    /// The settings as the shards' records are read back: the players by name and weights
    /// (their pattern files are not needed to count games, so not read).
    fn settings(self) -> TournamentSettings {
        TournamentSettings {
            players: self
                .players
                .into_iter()
                .map(|player| Preset::weighted(player.name, String::new(), player.weights))
                .collect(),
            games_per_pairing: self.games_per_pairing,
            game: self.game,
            seed: self.seed,
        }
    }
}

impl GameSink for ShardWriter {
    fn append_line(&self, line: &str) -> Result<(), FileError> {
        self.append(line)
    }
}

/// A shard's run: its games, and the finished shard file (none when it was stopped).
pub struct ShardRun {
    /// The games this shard played.
    pub result: TournamentResult,
    /// The whole shard file, once every game of the shard is in it.
    pub file: Option<PathBuf>,
}

/// Plays shard `shard` of the tournament on the current rayon pool into its file in `folder`.
pub fn run_tournament_shard(
    settings: &TournamentSettings,
    shard: Shard,
    folder: &Path,
    cancel: &AtomicBool,
    on_game: &(dyn Fn(&TournamentGame, &Progress) + Sync),
) -> Result<ShardRun, RunError> {
    settings.validate().map_err(RunError::Settings)?;
    let stamp = TournamentStamp::of(settings);
    let stamp = Stamp::new(TOURNAMENT, &stamp);
    let writer = ShardWriter::create(folder, &stamp, shard)?;
    let items = shard.items(settings.games());
    let result = play_tournament_games(settings, items, Some(&writer), cancel, on_game)?;
    let file = match result.cancelled {
        true => None,
        false => Some(writer.finish(result.elapsed.as_secs_f64())?),
    };
    Ok(ShardRun { result, file })
}

/// The tournament of a set of shards, as the unsharded run would have reported it (its time
/// is the slowest shard's).
pub fn merge_tournament(set: &ShardSet) -> Result<TournamentResult, String> {
    if set.stamp.kind != TOURNAMENT {
        return Err(format!(
            "these are shards of a {}, not of a tournament",
            set.stamp.kind
        ));
    }
    let first = &set.shards[0];
    let stamp: TournamentStamp = crate::files::parse_ron(&set.stamp.settings)
        .map_err(|e| format!("{}: line 2: the settings: {e}", first.path.display()))?;
    let settings = stamp.settings();
    settings
        .validate()
        .map_err(|e| format!("{}: the settings: {e}", first.path.display()))?;
    let total = settings.games();
    let mut games = BTreeMap::new();
    let mut seconds = 0.0f64;
    for shard in &set.shards {
        let at = |line: usize| format!("{} line {line}", shard.path.display());
        for (line, record) in &shard.records {
            let game =
                parse_game_line(&settings, record).map_err(|e| format!("{}: {e}", at(*line)))?;
            if !shard.shard.owns(game.index) {
                return Err(format!(
                    "{}: game {} belongs to shard {}, not {}",
                    at(*line),
                    game.index + 1,
                    game.index % shard.shard.count as usize + 1,
                    shard.shard
                ));
            }
            if games.insert(game.index, game).is_some() {
                return Err(format!("{}: a game listed twice", at(*line)));
            }
        }
        let expected = shard.shard.items(total).len();
        if shard.records.len() != expected {
            return Err(format!(
                "{}: {} of the shard's {expected} games",
                shard.path.display(),
                shard.records.len()
            ));
        }
        seconds = seconds.max(shard.seconds);
    }
    let games: Vec<TournamentGame> = games.into_values().collect();
    Ok(TournamentResult {
        settings,
        scheduled: total,
        cancelled: false,
        nodes: games.iter().map(|game| game.game.nodes).sum(),
        elapsed: Duration::from_secs_f64(seconds),
        games,
    })
}
