//! The bounds of what may be asked of the engine, defined once: how many threads search and
//! how large a transposition table is. A value outside them is refused with the value and the
//! bound, by the command line and the search request alike.

use std::sync::OnceLock;

/// A value outside its bounds.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what} {value} is out of bounds: {bound}")]
pub struct BoundError {
    /// What the value is.
    pub what: &'static str,
    /// The value asked for.
    pub value: u64,
    /// The bound, in words.
    pub bound: String,
}

/// The deepest search or count the command line asks for, in plies.
pub const MAX_DEPTH: u32 = 64;

/// The cores of this machine (1 when the system does not say).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The most threads a search or a run may start: four per core.
pub fn max_threads() -> usize {
    4 * cores()
}

/// Checks a number of threads (0 stands for one per core).
pub fn check_threads(threads: usize) -> Result<usize, BoundError> {
    if threads <= max_threads() {
        Ok(threads)
    } else {
        Err(BoundError {
            what: "threads",
            value: threads as u64,
            bound: format!(
                "at most {} (four per core on {} cores)",
                max_threads(),
                cores()
            ),
        })
    }
}

/// The largest transposition table: half of this machine's memory (in megabytes).
pub fn max_table_megabytes() -> usize {
    static LARGEST: OnceLock<usize> = OnceLock::new();
    *LARGEST.get_or_init(|| physical_megabytes().map_or(usize::MAX >> 20, |total| total / 2))
}

/// Checks a transposition table size in megabytes.
pub fn check_table_megabytes(megabytes: usize) -> Result<usize, BoundError> {
    if (1..=max_table_megabytes()).contains(&megabytes) {
        Ok(megabytes)
    } else {
        Err(BoundError {
            what: "table size (MB)",
            value: megabytes as u64,
            bound: format!(
                "from 1 to {} (half of this machine's memory)",
                max_table_megabytes()
            ),
        })
    }
}

/// This machine's memory in megabytes, where the system says.
#[cfg(target_os = "linux")]
fn physical_megabytes() -> Option<usize> {
    // SAFETY: sysconf only reads its argument and returns a number (-1 when unknown).
    let (pages, page_size) = unsafe {
        (
            libc::sysconf(libc::_SC_PHYS_PAGES),
            libc::sysconf(libc::_SC_PAGESIZE),
        )
    };
    let bytes = usize::try_from(pages).ok()? * usize::try_from(page_size).ok()?;
    Some(bytes >> 20)
}

/// Elsewhere the memory is not asked: the allocator refuses what it cannot give.
#[cfg(not(target_os = "linux"))]
fn physical_megabytes() -> Option<usize> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_and_tables_beyond_the_machine_are_refused_with_the_bound() {
        assert_eq!(check_threads(0), Ok(0));
        assert_eq!(check_threads(max_threads()), Ok(max_threads()));
        let refused = check_threads(max_threads() + 1).unwrap_err().to_string();
        assert!(
            refused.contains("threads") && refused.contains("four per core"),
            "{refused}"
        );
        assert_eq!(check_table_megabytes(64), Ok(64));
        assert!(check_table_megabytes(0).is_err());
        let refused = check_table_megabytes(usize::MAX >> 20)
            .unwrap_err()
            .to_string();
        assert!(
            refused.contains("table size") && refused.contains("memory"),
            "{refused}"
        );
    }
}
