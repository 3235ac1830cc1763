//! The Compare panel over many positions: positions sampled from self-play among the
//! contestants on the current board, every contestant judged against the reference on each —
//! in the background, with the results growing live.

use super::background::{Background, drain};
use engine::{Rules, Setup, Shape};
use lab::ai::compare::{ComparedPosition, compare_positions};
use lab::ai::compare_report::{CompareReport, compare_report};
use lab::ai::reference::{ReferenceCache, ReferenceSettings};
use lab::ai::sampling::{SamplingSettings, sample_positions};
use lab::ai::selfplay::GameSettings;
use lab::ai::{AiPlayer, SearchKind};

/// The self-play games positions are sampled from: short searches after random openings.
const SAMPLE_DEPTH: u32 = 2;
/// Random plies before those games' engines take over.
const SAMPLE_OPENINGS: u32 = 4;

enum SeriesEvent {
    Sampled(usize),
    Position(ComparedPosition),
}

/// A comparison over many positions, as far as it got.
#[derive(Clone, Debug)]
pub struct Series {
    /// The contestants' names with their depths.
    pub names: Vec<String>,
    /// Positions to judge (known once sampled).
    pub total: Option<usize>,
    /// The positions judged so far (in the order they finished).
    pub compared: Vec<ComparedPosition>,
    /// Empty cells at the start of a game on this board (sets the stages).
    pub start_empties: usize,
    /// The reference, in words.
    pub reference: String,
    /// Whether the run has ended (finished or stopped).
    pub ended: bool,
}

impl Series {
    /// The numbers so far.
    pub fn report(&self) -> CompareReport {
        compare_report(&self.compared, self.names.len(), self.start_empties)
    }
}

/// What a series compares.
pub struct SeriesRequest {
    /// The board.
    pub shape: Shape,
    /// Classic or misère.
    pub rules: Rules,
    /// The players judged.
    pub contestants: Vec<AiPlayer>,
    /// The reference they are judged against.
    pub reference: ReferenceSettings,
    /// Positions to sample.
    pub count: usize,
    /// Seed of the sampling games.
    pub seed: u64,
}

/// The comparison over many positions of a session.
#[derive(Default)]
pub struct SeriesDesk {
    run: Option<Background<SeriesEvent>>,
    series: Option<Series>,
}

impl SeriesDesk {
    /// Samples the request's positions from games among its contestants and judges them
    /// against the reference (analyses kept in `cache`); a running series is replaced.
    pub fn start(
        &mut self,
        request: SeriesRequest,
        cache: std::sync::Arc<ReferenceCache>,
        workers: usize,
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        let SeriesRequest {
            shape,
            rules,
            contestants,
            reference,
            count,
            seed,
        } = request;
        self.series = Some(Series {
            names: contestants
                .iter()
                .map(|c| format!("{} d{}", c.preset.name, c.depth))
                .collect(),
            total: None,
            compared: Vec::new(),
            start_empties: Setup::start(shape).empties(),
            reference: reference.describe(),
            ended: false,
        });
        let sampling_game = GameSettings {
            shape,
            rules,
            depth: SAMPLE_DEPTH,
            search: SearchKind::Strong,
            opening_plies: SAMPLE_OPENINGS,
            time_per_move: None,
        };
        let sampling = SamplingSettings::among(sampling_game, &contestants, count, seed);
        self.run = Some(Background::start(workers, wake, move |cancel, send| {
            let Some(positions) = sample_positions(&sampling, cancel) else {
                return Ok(());
            };
            send(SeriesEvent::Sampled(positions.len()));
            let on_position = |_, _, position: &ComparedPosition| {
                send(SeriesEvent::Position(position.clone()));
            };
            compare_positions(
                &positions,
                &contestants,
                &reference,
                &cache,
                cancel,
                &on_position,
            );
            Ok(())
        }));
    }

    /// Stops the series; the positions judged are kept.
    pub fn stop(&mut self) {
        self.run = None;
        if let Some(series) = &mut self.series {
            series.ended = true;
        }
    }

    /// Takes in the run's news; returns a problem to show, if any.
    pub fn poll(&mut self) -> Option<String> {
        let (events, ended) = drain(&mut self.run);
        let series = self.series.as_mut()?;
        for event in events {
            match event {
                SeriesEvent::Sampled(total) => series.total = Some(total),
                SeriesEvent::Position(position) => series.compared.push(position),
            }
        }
        if ended.is_some() {
            series.ended = true;
        }
        ended.and_then(Result::err)
    }

    /// The series, if one was started.
    pub fn series(&self) -> Option<&Series> {
        self.series.as_ref()
    }

    /// Whether it runs now.
    pub fn is_running(&self) -> bool {
        self.run.is_some()
    }
}
