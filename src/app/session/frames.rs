//! How long the UI takes to build its frames.

use std::time::Duration;

use super::Session;

/// How long the UI took to build its frames: the last one, and the longest while the engine
/// was searching (the UI must stay fluid during any search).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FrameTimes {
    /// The last frame, in milliseconds.
    pub last_ms: f64,
    /// The longest frame built while a search, a tournament or an evolution ran, in
    /// milliseconds (the first frames, which build the fonts and the layout, do not count).
    pub worst_during_search_ms: f64,
    /// Frames built so far.
    pub frames: u64,
    /// The time from one frame to the next (smoothed), in milliseconds: the whole cost of a
    /// frame, rendering included, while the view keeps repainting (e.g. while it rotates).
    pub interval_ms: f64,
}

impl FrameTimes {
    /// Frames at startup left out of the worst case.
    const WARM_UP: u64 = 10;

    /// Records how long the last frame took to build and the time since the one before;
    /// `engine_works` says whether a search or a run was going on meanwhile.
    pub fn record(&mut self, elapsed: Duration, interval_seconds: f32, engine_works: bool) {
        let ms = elapsed.as_secs_f64() * 1000.0;
        self.last_ms = ms;
        let interval = f64::from(interval_seconds) * 1000.0;
        self.interval_ms = if self.interval_ms == 0.0 {
            interval
        } else {
            0.9 * self.interval_ms + 0.1 * interval
        };
        self.frames += 1;
        if engine_works && self.frames > Self::WARM_UP {
            self.worst_during_search_ms = self.worst_during_search_ms.max(ms);
        }
    }
}

impl Session {
    /// How long the UI takes to build its frames.
    pub fn frame_times(&self) -> FrameTimes {
        self.frame_times
    }

    /// Records how long the last frame took to build, and the time since the one before.
    pub fn record_frame(&mut self, elapsed: Duration, interval_seconds: f32) {
        let engine_works = self.job.is_some()
            || self.tournament.is_running()
            || self.evolution.is_running()
            || self.tune_runs.is_running()
            || self.judge.is_judging()
            || self.judge.is_reviewing()
            || self.judge.series().is_running();
        self.frame_times
            .record(elapsed, interval_seconds, engine_works);
    }
}
