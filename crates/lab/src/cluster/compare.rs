//! Sharded comparisons: every shard samples (or reads) the same positions and judges its share;
//! the merge puts the judged positions back in order, as the unsharded run had them.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::gather::ShardSet;
use super::shard::Shard;
use super::shard_file::{ShardWriter, Stamp};
use crate::ai::AiPlayer;
use crate::ai::compare::{CompareProgress, ComparedPosition, compare_positions};
use crate::ai::reference::{Loss, ReferenceCache, ReferenceSettings, ScoreUnit};
use crate::ai::{RunError, SearchKind};
use crate::files::FileError;
use crate::files::short_hash;
use crate::players::preset::NamedWeights;
use engine::{Setup, Shape};

/// The kind of run in a comparison's shard files.
pub const COMPARE: &str = "compare";

/// What identifies a comparison: the contestants, the reference and the positions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompareStamp {
    /// The board.
    pub board: Shape,
    /// The contestants.
    pub players: Vec<NamedWeights>,
    /// Their depth.
    pub depth: u32,
    /// Their search.
    pub search: SearchKind,
    /// The reference: its player and limits, as the report names it.
    pub reference: String,
    /// How many positions.
    pub positions: usize,
    /// The hash of the positions' texts.
    pub positions_hash: String,
}

impl CompareStamp {
    /// The stamp of comparing `contestants` on `positions` against `reference` (named
    /// `reference_text` in reports).
    pub fn new(
        board: Shape,
        contestants: &[AiPlayer],
        positions: &[Setup],
        reference_text: String,
    ) -> Self {
        let texts: Vec<String> = positions.iter().map(Setup::text).collect();
        let first = &contestants[0];
        CompareStamp {
            board,
            players: (contestants.iter())
                .map(|c| NamedWeights::from(&c.preset))
                .collect(),
            depth: first.depth,
            search: first.search,
            reference: reference_text,
            positions: positions.len(),
            positions_hash: short_hash(texts.join("\n").as_bytes()),
        }
    }

    /// The contestants' names.
    pub fn names(&self) -> Vec<&str> {
        self.players.iter().map(|p| p.name.as_str()).collect()
    }
}

/// Judges shard `shard` of `positions` into its file in `folder`; the finished file, or
/// `None` when the run was cancelled (its judged positions stay in the partial file).
#[allow(clippy::too_many_arguments)]
pub fn run_compare_shard(
    stamp: &CompareStamp,
    positions: &[Setup],
    contestants: &[AiPlayer],
    reference: &ReferenceSettings,
    shard: Shard,
    folder: &std::path::Path,
    cancel: &AtomicBool,
    on_position: &(dyn Fn(CompareProgress) + Sync),
) -> Result<Option<PathBuf>, RunError> {
    let writer = ShardWriter::create(folder, &Stamp::new(COMPARE, stamp), shard)?;
    let items: Vec<usize> = shard.items(positions.len()).collect();
    let mine: Vec<Setup> = items.iter().map(|&item| positions[item].clone()).collect();
    let failure = Mutex::new(None::<FileError>);
    let clock = std::time::Instant::now();
    let judged = compare_positions(
        &mine,
        contestants,
        reference,
        &ReferenceCache::default(),
        cancel,
        &|progress, index, position| {
            let line = record_line(items[index], position, &mine[index].text());
            if let Err(error) = writer.append(&line) {
                failure.lock().expect("never poisoned").get_or_insert(error);
            }
            on_position(progress);
        },
    );
    if let Some(error) = failure.into_inner().expect("never poisoned") {
        return Err(error.into());
    }
    match judged {
        Some(_) => Ok(Some(writer.finish(clock.elapsed().as_secs_f64())?)),
        None => Ok(None),
    }
}

/// One judged position as a shard record: its number, empties, each contestant's
/// `choice;loss;unit;agrees`, and the position.
fn record_line(index: usize, position: &ComparedPosition, text: &str) -> String {
    let mut fields = vec![(index + 1).to_string(), position.empties.to_string()];
    for (choice, loss, agrees) in &position.results {
        fields.push(format!(
            "{};{};{};{}",
            choice.map_or("-".to_string(), |c| c.to_string()),
            loss.map_or("-".to_string(), |l| l.amount.to_string()),
            loss.map_or("-", shard_unit),
            u8::from(*agrees)
        ));
    }
    fields.push(text.to_string());
    fields.join("\t")
}

/// A loss's unit in a shard record: `eval`, or `32nds` of a disc (`exact32nds` between
/// exact scores).
fn shard_unit(loss: Loss) -> &'static str {
    match (loss.unit, loss.exact) {
        (ScoreUnit::Eval, _) => "eval",
        (ScoreUnit::Discs, false) => "32nds",
        (ScoreUnit::Discs, true) => "exact32nds",
    }
}

/// Reads a shard record back (see [`record_line`]): the position's index, its result, its
/// text.
fn parse_record(
    line: &str,
    players: usize,
    positions: usize,
) -> Result<(usize, ComparedPosition, String), String> {
    let fields: Vec<&str> = line.split('\t').collect();
    if fields.len() != players + 3 {
        return Err(format!(
            "expected {} tab-separated fields (number, empties, {players} results, position), \
             found {}",
            players + 3,
            fields.len()
        ));
    }
    let number = |name: &str, text: &str| {
        text.parse::<usize>()
            .map_err(|_| format!("{name} `{text}` is not a whole number"))
    };
    let index = number("position", fields[0])?
        .checked_sub(1)
        .filter(|&index| index < positions)
        .ok_or_else(|| format!("position {} is not among the {positions}", fields[0]))?;
    let empties = number("empties", fields[1])?;
    let results = fields[2..2 + players]
        .iter()
        .map(|field| parse_result(field))
        .collect::<Result<_, _>>()?;
    let text = fields[players + 2].to_string();
    Ok((index, ComparedPosition { empties, results }, text))
}

fn parse_result(field: &str) -> Result<(Option<usize>, Option<Loss>, bool), String> {
    let bad = || format!("result `{field}`: expected choice;loss;unit;agrees");
    let parts: Vec<&str> = field.split(';').collect();
    let [choice, amount, unit, agrees] = parts[..] else {
        return Err(bad());
    };
    let choice = match choice {
        "-" => None,
        cell => Some(cell.parse().map_err(|_| bad())?),
    };
    let loss = match (amount, unit) {
        ("-", "-") => None,
        (amount, unit) => {
            let amount: i32 = amount.parse().map_err(|_| bad())?;
            let (unit, exact) = match unit {
                "eval" => (ScoreUnit::Eval, false),
                "32nds" => (ScoreUnit::Discs, false),
                "exact32nds" => (ScoreUnit::Discs, true),
                _ => return Err(bad()),
            };
            Some(Loss {
                amount,
                unit,
                exact,
            })
        }
    };
    let agrees = match agrees {
        "1" => true,
        "0" => false,
        _ => return Err(bad()),
    };
    Ok((choice, loss, agrees))
}

/// A comparison rebuilt from its shards.
pub struct MergedCompare {
    /// What was compared.
    pub stamp: CompareStamp,
    /// Every position's text, in the run's order.
    pub texts: Vec<String>,
    /// Every position's result, in the same order.
    pub compared: Vec<ComparedPosition>,
}

/// The comparison of a set of shards, as the unsharded run would have judged it.
pub fn merge_compare(set: &ShardSet) -> Result<MergedCompare, String> {
    let first = &set.shards[0];
    let stamp: CompareStamp = crate::files::parse_ron(&set.stamp.settings)
        .map_err(|e| format!("{}: line 2: the settings: {e}", first.path.display()))?;
    let mut found = BTreeMap::new();
    for shard in &set.shards {
        let at = |line: usize| format!("{} line {line}", shard.path.display());
        for (line, record) in &shard.records {
            let (index, position, text) =
                parse_record(record, stamp.players.len(), stamp.positions)
                    .map_err(|e| format!("{}: {e}", at(*line)))?;
            if !shard.shard.owns(index) {
                return Err(format!(
                    "{}: position {} is not this shard's",
                    at(*line),
                    index + 1
                ));
            }
            if found.insert(index, (text, position)).is_some() {
                return Err(format!(
                    "{}: position {} listed twice",
                    at(*line),
                    index + 1
                ));
            }
        }
        let expected = shard.shard.items(stamp.positions).len();
        if shard.records.len() != expected {
            return Err(format!(
                "{}: {} of the shard's {expected} positions",
                shard.path.display(),
                shard.records.len()
            ));
        }
    }
    let (texts, compared) = found.into_values().unzip();
    Ok(MergedCompare {
        stamp,
        texts,
        compared,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_back_as_written() {
        let position = ComparedPosition {
            empties: 40,
            results: vec![
                (
                    Some(17),
                    Some(Loss {
                        amount: 5,
                        unit: ScoreUnit::Eval,
                        exact: false,
                    }),
                    false,
                ),
                (None, None, true),
                (
                    Some(3),
                    Some(Loss {
                        amount: 40,
                        unit: ScoreUnit::Discs,
                        exact: false,
                    }),
                    true,
                ),
                (
                    Some(9),
                    Some(Loss {
                        amount: 64,
                        unit: ScoreUnit::Discs,
                        exact: true,
                    }),
                    true,
                ),
            ],
        };
        let line = record_line(6, &position, "R . G");
        assert_eq!(
            parse_record(&line, 4, 10),
            Ok((6, position, "R . G".to_string()))
        );
        assert!(parse_record(&line, 3, 10).is_err());
        assert!(parse_record(&line, 4, 5).unwrap_err().contains("not among"));
        assert!(parse_record(&line.replace("17;5;eval;0", "17;5;cm;0"), 4, 10).is_err());
        assert!(
            line.contains("3;40;32nds;1") && line.contains("9;64;exact32nds;1"),
            "discs kept whole, in 32nds: {line}"
        );
    }
}
