//! The bounds of what may be asked, defined once: how deep a search goes, how many threads
//! search, how large a transposition table is, and how many games, positions, generations and
//! rounds a run may hold. A value outside them is refused with the value and the bound, by the
//! command line, the GUI and every file alike (each validates through these functions).

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

/// The settings checks speak in words: a bound error becomes its message.
impl From<BoundError> for String {
    fn from(error: BoundError) -> String {
        error.to_string()
    }
}

/// The most games in one match, one tournament or one shard of either.
pub const MAX_GAMES: u64 = 1_000_000;

/// The most positions in one position set.
pub const MAX_POSITIONS: u64 = 100_000_000;

/// The most generations of an evolution run.
pub const MAX_GENERATIONS: u64 = 100_000;

/// The most rounds of a tuning run.
pub const MAX_ROUNDS: u64 = 1_000;

/// Checks a search depth (what it is: `what`): 1 to [`MAX_DEPTH`] plies.
pub fn check_depth(what: &'static str, depth: u32) -> Result<(), BoundError> {
    check_range(what, u64::from(depth), 1, u64::from(MAX_DEPTH))
}

/// Checks that `value` (what it is: `what`) lies in `least..=most`.
pub fn check_range(
    what: &'static str,
    value: u64,
    least: u64,
    most: u64,
) -> Result<(), BoundError> {
    if (least..=most).contains(&value) {
        Ok(())
    } else {
        Err(BoundError {
            what,
            value,
            bound: format!("from {least} to {most}"),
        })
    }
}

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

    #[test]
    fn a_range_names_the_value_and_its_bounds() {
        assert_eq!(check_range("games", 2, 2, MAX_GAMES), Ok(()));
        assert_eq!(check_range("games", MAX_GAMES, 2, MAX_GAMES), Ok(()));
        let refused = check_range("games", 4_294_967_295, 2, MAX_GAMES).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "games 4294967295 is out of bounds: from 2 to 1000000"
        );
        assert!(check_range("depth", 0, 1, u64::from(MAX_DEPTH)).is_err());
    }
}
