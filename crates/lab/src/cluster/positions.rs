//! Sharded position sets: shard I/N plays the run's games I − 1, I − 1 + N, … below a limit a
//! little past where the whole run is expected to end; the merge takes the games in order, as
//! the unsharded run does, until the set is full, cutting its last game the same way — so the
//! merged file is the unsharded run's, game for game and position for position.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use super::gather::ShardSet;
use super::shard::Shard;
use super::shard_file::{ShardWriter, Stamp};
use crate::files::{FileError, Overwrite, check_output};
use crate::tune::generate::{GameSelection, GenerationProgress, RecordSink, generate_selected};
use crate::tune::position_record::PositionRecord;
use crate::tune::position_set::{
    PositionSetSettings, PositionSetWriter, ResumePoint, read_position_set,
};

/// The kind of run in a position set's shard files.
pub const POSITIONS: &str = "positions";

/// The first game no shard plays: the games the whole run is expected to need (from the
/// positions a game can give) plus an eighth and one round of shards, so that short games
/// seldom leave the merge without enough.
pub fn game_limit(settings: &PositionSetSettings, shards: u32) -> u64 {
    let shape = settings.game.shape;
    let moves = shape
        .cells()
        .saturating_sub(4 + settings.game.opening_plies as usize)
        .min(
            settings
                .max_empties
                .map_or(usize::MAX, |most| most as usize),
        );
    let per_game = settings.per_game.min(moves).max(1) as u64;
    let expected = (settings.count as u64).div_ceil(per_game);
    expected + expected / 8 + u64::from(shards)
}

/// The games shard `shard` plays.
fn selection(settings: &PositionSetSettings, shard: Shard) -> GameSelection {
    GameSelection {
        first: u64::from(shard.index - 1),
        step: u64::from(shard.count),
        end: Some(game_limit(settings, shard.count)),
    }
}

struct ShardSink<'a>(&'a ShardWriter);

impl RecordSink for ShardSink<'_> {
    fn append(&mut self, records: &[PositionRecord]) -> Result<(), FileError> {
        records
            .iter()
            .try_for_each(|record| self.0.append(&record.line()))
    }
}

/// Plays shard `shard` of the position set into its file in `folder`: the finished file,
/// or `None` when cancelled (what was made stays in the partial file).
pub fn run_positions_shard(
    settings: &PositionSetSettings,
    shard: Shard,
    folder: &Path,
    cancel: &AtomicBool,
    on_progress: &(dyn Fn(&GenerationProgress) + Sync),
) -> Result<Option<PathBuf>, FileError> {
    let writer = ShardWriter::create(folder, &Stamp::new(POSITIONS, settings), shard)?;
    let selection = selection(settings, shard);
    let start = ResumePoint {
        next_game: selection.first,
        ..ResumePoint::default()
    };
    let progress = generate_selected(
        settings,
        selection,
        &mut ShardSink(&writer),
        start,
        cancel,
        on_progress,
    )?;
    if cancel.load(std::sync::atomic::Ordering::Relaxed) {
        return Ok(None);
    }
    writer.finish(progress.seconds).map(Some)
}

/// Joins the shards into the position set `out` (an existing one is replaced only as
/// `overwrite` allows), written beside it and checked record by record before it takes its
/// name. Returns the set's records.
pub fn merge_positions(set: &ShardSet, out: &Path, overwrite: Overwrite) -> Result<usize, String> {
    let first = &set.shards[0];
    let settings: PositionSetSettings = crate::files::parse_ron(&set.stamp.settings)
        .map_err(|e| format!("{}: line 2: the settings: {e}", first.path.display()))?;
    check_output(out, overwrite).map_err(|e| e.to_string())?;
    let mut games: BTreeMap<u64, Vec<String>> = BTreeMap::new();
    for shard in &set.shards {
        let selection = selection(&settings, shard.shard);
        let mut expected = selection.first;
        for (line, record) in &shard.records {
            let at = || format!("{} line {line}", shard.path.display());
            let (game, slot, of) = game_slot(record).map_err(|e| format!("{}: {e}", at()))?;
            if slot == 0 {
                if game != expected {
                    return Err(format!(
                        "{}: game {game} where game {expected} was due",
                        at()
                    ));
                }
                expected += selection.step;
            }
            let records = games.entry(game).or_default();
            if slot != records.len() || slot >= of {
                return Err(format!(
                    "{}: position {slot}/{of} of game {game} out of order",
                    at()
                ));
            }
            records.push(record.clone());
        }
        let end = selection.end.unwrap_or(0);
        if expected < end {
            return Err(format!(
                "{}: the shard ends at game {expected}, before its last game ({})",
                shard.path.display(),
                end - selection.step.min(end)
            ));
        }
    }
    let folder = out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let merging = tempfile::Builder::new()
        .suffix(".merging")
        .tempfile_in(folder)
        .map_err(|e| format!("{}: {e}", folder.display()))?
        .into_temp_path();
    fs::remove_file(&merging).map_err(|e| format!("{}: {e}", merging.display()))?;
    let mut writer = PositionSetWriter::create(&merging, &settings).map_err(|e| e.to_string())?;
    let mut records = 0;
    for game in 0.. {
        if records == settings.count {
            break;
        }
        let Some(lines) = games.get(&game) else {
            return Err(format!(
                "the shards' games give {records} of the {} positions (their games were \
                 shorter than expected): make the set in fewer, larger runs",
                settings.count
            ));
        };
        let take = lines.len().min(settings.count - records);
        let kept: Vec<String> = lines[..take]
            .iter()
            .map(|line| match take < lines.len() {
                true => with_count(line, take),
                false => line.clone(),
            })
            .collect();
        writer.append_lines(&kept).map_err(|e| e.to_string())?;
        records += take;
    }
    drop(writer);
    let check = read_position_set(&merging).map_err(|e| e.to_string())?;
    if check.samples.len() != settings.count || check.notice.is_some() {
        return Err(format!(
            "the merged set does not read back whole ({} records)",
            check.samples.len()
        ));
    }
    merging
        .persist(out)
        .map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(records)
}

/// The game, slot and count of a record line.
fn game_slot(line: &str) -> Result<(u64, usize, usize), String> {
    let mut fields = line.split('\t');
    let game = fields.next().and_then(|g| g.parse().ok());
    let slot = fields.next().and_then(|s| s.split_once('/'));
    match (game, slot) {
        (Some(game), Some((slot, of))) => match (slot.parse(), of.parse()) {
            (Ok(slot), Ok(of)) => Ok((game, slot, of)),
            _ => Err(format!("`{slot}/{of}` is not slot/of")),
        },
        _ => Err("expected a game number and slot/of".to_string()),
    }
}

/// A record line whose game is cut to `of` positions.
fn with_count(line: &str, of: usize) -> String {
    let mut fields: Vec<String> = line.split('\t').map(String::from).collect();
    if let Some((slot, _)) = fields[1].clone().split_once('/') {
        fields[1] = format!("{slot}/{of}");
    }
    fields.join("\t")
}
