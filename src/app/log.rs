//! The session log: timestamped lines, the newest last, bounded in length.

use std::collections::VecDeque;
use std::time::Instant;

/// How important a line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Game events and figures.
    Info,
    /// Something the user asked for failed.
    Error,
}

/// One line of the log.
#[derive(Clone, Debug)]
pub struct LogLine {
    /// Seconds since the app started.
    pub seconds: f64,
    /// Info or error.
    pub level: Level,
    /// The text.
    pub text: String,
}

/// The log of a session.
#[derive(Debug)]
pub struct Log {
    started: Instant,
    lines: VecDeque<LogLine>,
}

impl Log {
    /// The most lines kept; older ones are dropped.
    pub const CAPACITY: usize = 5000;

    /// An empty log starting its clock now.
    pub fn new() -> Self {
        Log {
            started: Instant::now(),
            lines: VecDeque::new(),
        }
    }

    /// Appends a line.
    pub fn push(&mut self, level: Level, text: impl Into<String>) {
        if self.lines.len() == Self::CAPACITY {
            self.lines.pop_front();
        }
        self.lines.push_back(LogLine {
            seconds: self.started.elapsed().as_secs_f64(),
            level,
            text: text.into(),
        });
    }

    /// The lines, oldest first.
    pub fn lines(&self) -> impl Iterator<Item = &LogLine> {
        self.lines.iter()
    }

    /// Removes every line.
    pub fn clear(&mut self) {
        self.lines.clear();
    }
}

impl Default for Log {
    fn default() -> Self {
        Self::new()
    }
}
