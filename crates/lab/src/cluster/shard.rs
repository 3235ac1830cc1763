//! Which part of a run a shard plays: `I/N` takes every N-th item of the run's schedule,
//! starting with item I − 1, so the N shards together are the whole run, item for item.

use std::fmt;
use std::str::FromStr;

/// Shard `index` of `count` (both from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shard {
    /// Which shard, from 1.
    pub index: u32,
    /// How many shards the run is split into.
    pub count: u32,
}

impl Shard {
    /// The whole run as one shard.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Whether item `item` (from 0) of the run's schedule belongs to this shard.
    pub fn owns(&self, item: usize) -> bool {
        item % self.count as usize == (self.index - 1) as usize
    }

    /// The items of a schedule of `total` that this shard plays, in order (counted, never
    /// listed whole).
    pub fn items(&self, total: usize) -> std::iter::StepBy<std::ops::Range<usize>> {
        (self.index as usize - 1..total).step_by(self.count as usize)
    }

    /// The shard's file name for a run of `kind`, e.g. `tournament-003-of-008.shard`.
    pub fn file_name(&self, kind: &str) -> String {
        format!("{kind}-{:03}-of-{:03}.shard", self.index, self.count)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let expected = "expected I/N, shard I of N with 1 ≤ I ≤ N (e.g. 3/8)";
        let (index, count) = text
            .trim()
            .split_once('/')
            .ok_or_else(|| format!("shard `{text}`: {expected}"))?;
        let number = |part: &str| part.trim().parse::<u32>().ok();
        let (Some(index), Some(count)) = (number(index), number(count)) else {
            return Err(format!("shard `{text}`: {expected}"));
        };
        if count == 0 {
            return Err(format!("shard `{text}`: a run needs at least one shard"));
        }
        if index == 0 {
            return Err(format!(
                "shard `{text}`: shards count from 1 (1/{count} … {count}/{count})"
            ));
        }
        if index > count {
            return Err(format!(
                "shard `{text}`: there are only {count} shards (1/{count} … {count}/{count})"
            ));
        }
        Ok(Shard { index, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_schedule() {
        for count in 1..6u32 {
            let mut seen = [0; 23];
            for index in 1..=count {
                for item in (Shard { index, count }).items(23) {
                    seen[item] += 1;
                }
            }
            assert!(seen.iter().all(|&times| times == 1), "{count} shards");
        }
    }

    #[test]
    fn bad_specs_are_refused_with_a_reason() {
        assert_eq!("3/8".parse(), Ok(Shard { index: 3, count: 8 }));
        assert!(
            "5/4"
                .parse::<Shard>()
                .unwrap_err()
                .contains("only 4 shards")
        );
        assert!("0/3".parse::<Shard>().unwrap_err().contains("count from 1"));
        assert!("x/y".parse::<Shard>().unwrap_err().contains("expected I/N"));
        assert!("3".parse::<Shard>().unwrap_err().contains("expected I/N"));
        assert!("1/0".parse::<Shard>().unwrap_err().contains("at least one"));
        assert!("-1/3".parse::<Shard>().is_err());
    }
}
