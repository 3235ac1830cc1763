//! Making a position set: self-play games among the run's players with random openings,
//! positions drawn over all stages of each game, labelled with the game's result and, when
//! asked, a deeper search's value. Games run in parallel and their records are appended in
//! game order, so the same settings give the same file with any number of workers, and a
//! resumed run continues it exactly.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::position_record::{GameResult, Label, PositionRecord};
use super::position_set::{
    PositionSet, PositionSetSettings, PositionSetWriter, ResumePoint, read_position_set,
};
use crate::ai::RunError;
use crate::ai::reference::{ReferenceLimit, ReferenceSettings, analyze_reference_at};
use crate::ai::sampling::GameDraw;
use crate::ai::selfplay::PlayedGame;
use crate::files::FileError;
use engine::notation::format_position;
use engine::search::Evaluation;
use engine::{Color, Features, Geometry, Outcome, Position, WidthJob};

/// The transposition table of one label's search: labels are shallow and many, and a fresh
/// table is zeroed (or faulted in) page by page.
const LABEL_TABLE_MEGABYTES: usize = 1;

/// How a generation run is going.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GenerationProgress {
    /// Records in the file.
    pub records: usize,
    /// Records wanted.
    pub count: usize,
    /// Records written by this run (not those found when resuming).
    pub written: usize,
    /// Seconds since this run started.
    pub seconds: f64,
}

impl GenerationProgress {
    /// Positions a second written by this run.
    pub fn rate(&self) -> f64 {
        self.written as f64 / self.seconds.max(1e-9)
    }
}

/// Where a run's records go, a game's records at a time.
pub trait RecordSink: Send {
    /// Stores one game's records.
    fn append(&mut self, records: &[PositionRecord]) -> Result<(), FileError>;
}

impl RecordSink for PositionSetWriter {
    fn append(&mut self, records: &[PositionRecord]) -> Result<(), FileError> {
        PositionSetWriter::append(self, records)
    }
}

/// Which games a run plays: every `step`-th from `first`, up to the set's count of records
/// (its last game cut to it) or, for a shard, every such game below `end`, whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSelection {
    /// The first game.
    pub first: u64,
    /// The distance between two games.
    pub step: u64,
    /// The first game not played (a shard's limit); `None`: play until the count is reached.
    pub end: Option<u64>,
}

impl GameSelection {
    /// Every game, until the set is full.
    pub const ALL: GameSelection = GameSelection {
        first: 0,
        step: 1,
        end: None,
    };
}

/// Plays games and appends their records to `writer` from `start` until the set holds
/// `settings.count` records, reporting after every game written. Returns the final progress;
/// when cancelled, what was written stays (a resumed run continues after it).
pub fn generate_positions(
    settings: &PositionSetSettings,
    writer: &mut PositionSetWriter,
    start: ResumePoint,
    cancel: &AtomicBool,
    on_progress: &(dyn Fn(&GenerationProgress) + Sync),
) -> Result<GenerationProgress, FileError> {
    generate_selected(
        settings,
        GameSelection::ALL,
        writer,
        start,
        cancel,
        on_progress,
    )
}

/// Makes the position set at `path` with `settings`, or continues it if a stopped run left
/// it there (refused if it was made with other settings), and reads it back; `None` when
/// cancelled before it was complete (what was made stays, to be continued; nothing is
/// created when cancelled before it began).
pub fn complete_set(
    path: &std::path::Path,
    settings: &PositionSetSettings,
    cancel: &AtomicBool,
    on_progress: &(dyn Fn(&GenerationProgress) + Sync),
) -> Result<Option<PositionSet>, RunError> {
    let (mut writer, start) = if path.exists() {
        let set = read_position_set(path)?;
        if set.settings != *settings {
            return Err(RunError::Settings(format!(
                "{} was made with other settings than this run's",
                path.display()
            )));
        }
        if set.is_complete() {
            return Ok(Some(set));
        }
        (PositionSetWriter::resume(path, &set)?, set.complete)
    } else if cancel.load(Ordering::Relaxed) {
        return Ok(None);
    } else {
        let writer = PositionSetWriter::create(path, settings)?;
        (writer, ResumePoint::default())
    };
    let made = generate_positions(settings, &mut writer, start, cancel, on_progress)?;
    if made.records < settings.count {
        return Ok(None);
    }
    Ok(Some(read_position_set(path)?))
}

/// Plays the `selection`'s games from `start` (a game of the selection) into `sink`.
pub fn generate_selected(
    settings: &PositionSetSettings,
    selection: GameSelection,
    sink: &mut dyn RecordSink,
    start: ResumePoint,
    cancel: &AtomicBool,
    on_progress: &(dyn Fn(&GenerationProgress) + Sync),
) -> Result<GenerationProgress, FileError> {
    let labelling = labelling_reference(settings)?;
    settings.game.shape.dispatch(Generate {
        settings,
        labelling: labelling.as_ref(),
        selection,
        writer: sink,
        start,
        cancel,
        on_progress,
    })
}

struct Generate<'a> {
    settings: &'a PositionSetSettings,
    /// The labelling search, if the set is labelled.
    labelling: Option<&'a ReferenceSettings>,
    selection: GameSelection,
    writer: &'a mut dyn RecordSink,
    start: ResumePoint,
    cancel: &'a AtomicBool,
    on_progress: &'a (dyn Fn(&GenerationProgress) + Sync),
}

/// Games finished but not yet written, and what has been written.
struct Ledger<'a> {
    writer: &'a mut dyn RecordSink,
    pending: BTreeMap<u64, Vec<PositionRecord>>,
    next_to_write: u64,
    step: u64,
    /// Whether the last game is cut to the count (a whole run) or games are kept whole.
    cut_to_count: bool,
    progress: GenerationProgress,
    failure: Option<FileError>,
}

impl WidthJob for Generate<'_> {
    type Output = Result<GenerationProgress, FileError>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Self::Output {
        let settings = self.settings;
        let clock = Instant::now();
        let ledger = Mutex::new(Ledger {
            writer: self.writer,
            pending: BTreeMap::new(),
            next_to_write: self.start.next_game,
            step: self.selection.step,
            cut_to_count: self.selection.end.is_none(),
            progress: GenerationProgress {
                records: self.start.records,
                count: settings.count,
                written: 0,
                seconds: 0.0,
            },
            failure: None,
        });
        let full = |records: usize| self.selection.end.is_none() && records >= settings.count;
        let done = AtomicBool::new(full(self.start.records));
        let next_game = AtomicU64::new(self.start.next_game);
        let players: Vec<Evaluation> = (settings.players.iter())
            .map(|p| Ok(p.preset()?.evaluation(settings.game.shape)))
            .collect::<Result<_, FileError>>()?;
        let draw = GameDraw {
            players: &players,
            seed: settings.seed,
            count: settings.per_game,
            min_moves: 1,
            max_empties: settings.max_empties,
        };
        let worker = || {
            while !done.load(Ordering::Relaxed) && !self.cancel.load(Ordering::Relaxed) {
                let game = next_game.fetch_add(self.selection.step, Ordering::Relaxed);
                if self.selection.end.is_some_and(|end| game >= end) {
                    break;
                }
                let Some(records) =
                    records_of_game(geometry, &draw, game, self.cancel, settings, self.labelling)
                else {
                    break;
                };
                let mut ledger = ledger.lock().expect("the ledger is never poisoned");
                ledger.pending.insert(game, records);
                ledger.write_ready(clock);
                if ledger.failure.is_some() || full(ledger.progress.records) {
                    done.store(true, Ordering::Relaxed);
                }
                (self.on_progress)(&ledger.progress);
            }
        };
        rayon::scope(|scope| {
            for _ in 0..rayon::current_num_threads() {
                scope.spawn(|_| worker());
            }
        });
        let ledger = ledger.into_inner().expect("the ledger is never poisoned");
        match ledger.failure {
            Some(error) => Err(error),
            None => Ok(ledger.progress),
        }
    }
}

impl Ledger<'_> {
    /// Writes every pending game that is next in order, the last one cut to the count.
    fn write_ready(&mut self, clock: Instant) {
        self.progress.seconds = clock.elapsed().as_secs_f64();
        while let Some(mut records) = self.pending.remove(&self.next_to_write) {
            let wanted = match self.cut_to_count {
                true => self.progress.count.saturating_sub(self.progress.records),
                false => usize::MAX,
            };
            if wanted == 0 || self.failure.is_some() {
                return;
            }
            if records.len() > wanted {
                records.truncate(wanted);
                records.iter_mut().for_each(|record| record.of = wanted);
            }
            if let Err(error) = self.writer.append(&records) {
                self.failure = Some(error);
                return;
            }
            self.next_to_write += self.step;
            self.progress.records += records.len();
            self.progress.written += records.len();
        }
    }
}

/// Plays game `game` and makes the records of its drawn positions; `None` when cancelled.
fn records_of_game<const W: usize>(
    geometry: &Geometry<W>,
    draw: &GameDraw,
    game: u64,
    cancel: &AtomicBool,
    settings: &PositionSetSettings,
    labelling: Option<&ReferenceSettings>,
) -> Option<Vec<PositionRecord>> {
    let (played, positions) = draw.play(geometry, &settings.game, game, cancel)?;
    let of = positions.len();
    positions
        .iter()
        .enumerate()
        .map(|(slot, position)| {
            let (result, margin) = result_for_mover(&played, position.to_move);
            Some(PositionRecord {
                game,
                slot,
                of,
                position: format_position(geometry, position),
                features: Features::of(geometry, position),
                result,
                margin,
                label: label_of(geometry, labelling, position, cancel)?,
            })
        })
        .collect()
}

/// The game's result and final margin for `mover`.
fn result_for_mover(played: &PlayedGame, mover: Color) -> (GameResult, i32) {
    let red_margin = played.red_discs as i32 - played.green_discs as i32;
    let margin = if mover == Color::Red {
        red_margin
    } else {
        -red_margin
    };
    let result = match played.outcome {
        Outcome::Draw => GameResult::Draw,
        Outcome::Win(winner) if winner == mover => GameResult::Win,
        Outcome::Win(_) => GameResult::Loss,
    };
    (result, margin)
}

/// The search that labels a set's positions, with its pattern file read (and checked against
/// the hash the run recorded); `None` when the set is not labelled.
fn labelling_reference(
    settings: &PositionSetSettings,
) -> Result<Option<ReferenceSettings>, FileError> {
    let Some(label) = &settings.label else {
        return Ok(None);
    };
    let patterns = match &label.patterns {
        Some(source) => Some(source.load(settings.game.shape)?),
        None => None,
    };
    Ok(Some(ReferenceSettings {
        limit: ReferenceLimit::Depth(label.depth),
        rules: settings.game.rules,
        weights: label.labeller.weights,
        patterns,
        exact_empties: label.exact_empties,
        table_megabytes: LABEL_TABLE_MEGABYTES,
        // Full width: the labels (and the shipped players tuned on them) stay as they were.
        selective: false,
    }))
}

/// The deeper search's label of `position` (`Some(None)` when the set is not labelled;
/// `None` when cancelled). A result the heuristic search proves is written as exact.
fn label_of<const W: usize>(
    geometry: &Geometry<W>,
    labelling: Option<&ReferenceSettings>,
    position: &Position<W>,
    cancel: &AtomicBool,
) -> Option<Option<Label>> {
    let Some(reference) = labelling else {
        return Some(None);
    };
    let analysis = analyze_reference_at(geometry, position, reference, Some(&[]), cancel);
    if analysis.cancelled {
        return None;
    }
    let best = analysis.search_best();
    Some(Some(match best {
        None => Label::Exact(analysis.unit.margin(analysis.value)),
        Some(best) if best.exact => Label::Exact(analysis.unit.margin(best.score)),
        Some(best) => Label::Heuristic {
            value: best.score,
            depth: analysis.depth,
        },
    }))
}
