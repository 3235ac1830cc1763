//! `--frame-report`: how often the window redraws, measured over a stretch of frames and
//! printed when the window closes (for BENCHMARKS.md: the status bar's figure is smoothed and
//! can only be read off a screenshot).

use std::time::{Duration, Instant};

/// Frame intervals gathered for `--frame-report`.
pub struct FrameReport {
    /// How long to measure once the warm-up is over.
    span: Duration,
    /// When the window started.
    started: Instant,
    /// The intervals measured so far, in milliseconds.
    intervals_ms: Vec<f64>,
}

impl FrameReport {
    /// Frames drawn in the first seconds (fonts, layout, the first searches) are left out.
    pub const WARM_UP: Duration = Duration::from_secs(5);

    /// A report that measures for `seconds` after the warm-up.
    pub fn new(seconds: u32) -> Self {
        FrameReport {
            span: Duration::from_secs(u64::from(seconds)),
            started: Instant::now(),
            intervals_ms: Vec::new(),
        }
    }

    /// Records the time since the frame before, in seconds; returns whether the measurement
    /// is over.
    pub fn record(&mut self, interval_seconds: f32) -> bool {
        let elapsed = self.started.elapsed();
        if elapsed < Self::WARM_UP {
            return false;
        }
        self.intervals_ms.push(f64::from(interval_seconds) * 1000.0);
        elapsed >= Self::WARM_UP + self.span
    }

    /// One line: frames measured, and the mean, median and 90th-percentile interval.
    pub fn summary(&self) -> String {
        let mut sorted = self.intervals_ms.clone();
        sorted.sort_by(f64::total_cmp);
        let count = sorted.len();
        if count == 0 {
            return "frame interval: no frames were drawn after the warm-up".to_string();
        }
        let mean = sorted.iter().sum::<f64>() / count as f64;
        let at = |fraction: f64| sorted[((count - 1) as f64 * fraction).round() as usize];
        format!(
            "frame interval over {count} frames ({} s after a {} s warm-up): mean {mean:.1} ms, \
             median {:.1} ms, 90th percentile {:.1} ms",
            self.span.as_secs(),
            Self::WARM_UP.as_secs(),
            at(0.5),
            at(0.9)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_gives_the_mean_median_and_90th_percentile_of_the_measured_frames() {
        let mut report = FrameReport::new(1);
        report.started -= FrameReport::WARM_UP;
        for ms in [10.0, 20.0, 30.0, 40.0, 100.0] {
            assert!(!report.record(ms / 1000.0));
        }
        let summary = report.summary();
        assert!(summary.contains("over 5 frames"), "{summary}");
        assert!(summary.contains("mean 40.0 ms"), "{summary}");
        assert!(summary.contains("median 30.0 ms"), "{summary}");
        assert!(summary.contains("90th percentile 100.0 ms"), "{summary}");
    }

    #[test]
    fn frames_in_the_warm_up_are_left_out_and_the_report_ends_after_its_span() {
        let mut report = FrameReport::new(1);
        assert!(!report.record(0.5));
        assert!(report.summary().contains("no frames"));
        report.started -= FrameReport::WARM_UP + Duration::from_secs(1);
        assert!(report.record(0.02));
        assert!(report.summary().contains("over 1 frames"));
    }
}
