//! Gathering the shards of one run for a merge: every shard there exactly once, all whole,
//! all of the same run — or a message naming what is missing, doubled, cut short or different.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use ron::Value;

use super::shard_file::{PARTIAL_SUFFIX, ShardFile, Stamp, read_shard};

/// The whole shards of one run, by shard number.
#[derive(Clone, Debug, PartialEq)]
pub struct ShardSet {
    /// The run.
    pub stamp: Stamp,
    /// The shards, 1/N to N/N.
    pub shards: Vec<ShardFile>,
}

/// Reads the shard files among `inputs` (files, or folders whose `*.shard` files are taken)
/// and checks that they are the N shards of one run, each exactly once and whole.
pub fn gather(inputs: &[PathBuf]) -> Result<ShardSet, String> {
    let (files, partials) = list(inputs)?;
    let mut problems = Vec::new();
    let mut shards = Vec::new();
    for path in &files {
        match read_shard(path) {
            Ok(shard) => shards.push(shard),
            Err(error) => problems.push(error.to_string()),
        }
    }
    for partial in partials {
        let whole = PathBuf::from(
            partial
                .to_string_lossy()
                .trim_end_matches(PARTIAL_SUFFIX)
                .to_string(),
        );
        if !files.contains(&whole) {
            problems.push(format!(
                "{}: cut short (its task was killed or is still running); rerun that shard",
                partial.display()
            ));
        }
    }
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    let Some(first) = shards.first().cloned() else {
        return Err("no shard files (*.shard) found".to_string());
    };
    for shard in &shards {
        same_run(&first, shard)?;
    }
    let count = first.shard.count;
    let mut by_index: BTreeMap<u32, Vec<&Path>> = BTreeMap::new();
    for shard in &shards {
        by_index
            .entry(shard.shard.index)
            .or_default()
            .push(&shard.path);
    }
    let doubled: Vec<String> = by_index
        .iter()
        .filter(|(_, paths)| paths.len() > 1)
        .map(|(index, paths)| {
            let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
            format!(
                "shard {index}/{count} is there {} times: {}",
                paths.len(),
                names.join(", ")
            )
        })
        .collect();
    let missing: Vec<String> = (1..=count)
        .filter(|index| !by_index.contains_key(index))
        .map(|index| index.to_string())
        .collect();
    if !missing.is_empty() {
        problems.push(format!(
            "missing: shard {} of {count} (run them, then merge again)",
            missing.join(", ")
        ));
    }
    problems.extend(doubled);
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    shards.sort_by_key(|shard| shard.shard);
    Ok(ShardSet {
        stamp: first.stamp,
        shards,
    })
}

/// The shard files and partial files named by `inputs`, sorted.
fn list(inputs: &[PathBuf]) -> Result<(Vec<PathBuf>, Vec<PathBuf>), String> {
    let mut files = Vec::new();
    let mut partials = Vec::new();
    for input in inputs {
        if input.is_dir() {
            let entries = fs::read_dir(input).map_err(|e| format!("{}: {e}", input.display()))?;
            for entry in entries {
                let path = entry
                    .map_err(|e| format!("{}: {e}", input.display()))?
                    .path();
                let name = path.to_string_lossy();
                if name.ends_with(".shard") {
                    files.push(path);
                } else if name.ends_with(&format!(".shard{PARTIAL_SUFFIX}")) {
                    partials.push(path);
                }
            }
        } else if input.to_string_lossy().ends_with(PARTIAL_SUFFIX) {
            partials.push(input.clone());
        } else if input.exists() {
            files.push(input.clone());
        } else {
            return Err(format!("{}: no such file or folder", input.display()));
        }
    }
    files.sort();
    files.dedup();
    partials.sort();
    Ok((files, partials))
}

/// Refuses two shards of different runs, naming the first setting they differ in.
fn same_run(a: &ShardFile, b: &ShardFile) -> Result<(), String> {
    let differ = |what: String| {
        format!(
            "{} and {} are shards of different runs: {what}",
            a.path.display(),
            b.path.display()
        )
    };
    if a.stamp.kind != b.stamp.kind {
        return Err(differ(format!("a {} and a {}", a.stamp.kind, b.stamp.kind)));
    }
    if a.stamp.hash != b.stamp.hash {
        return Err(differ(difference(&a.stamp.settings, &b.stamp.settings)));
    }
    if a.shard.count != b.shard.count {
        return Err(differ(format!(
            "split into {} and into {} shards",
            a.shard.count, b.shard.count
        )));
    }
    Ok(())
}

/// The first setting in which two runs' settings differ, e.g. `depth: 4 against 2`.
pub fn difference(a: &str, b: &str) -> String {
    match (ron::from_str::<Value>(a), ron::from_str::<Value>(b)) {
        (Ok(a), Ok(b)) => {
            first_difference("", &a, &b).unwrap_or_else(|| "their settings differ".to_string())
        }
        _ => "their settings differ".to_string(),
    }
}

fn first_difference(at: &str, a: &Value, b: &Value) -> Option<String> {
    if a == b {
        return None;
    }
    let here = |a: &Value, b: &Value| {
        let show = |v: &Value| ron::to_string(v).unwrap_or_else(|_| "?".to_string());
        let name = if at.is_empty() { "settings" } else { at };
        Some(format!("{name}: {} against {}", show(a), show(b)))
    };
    match (a, b) {
        (Value::Map(a_map), Value::Map(b_map)) => {
            for (key, value) in a_map.iter() {
                let name = match key {
                    Value::String(name) => name.clone(),
                    other => ron::to_string(other).unwrap_or_default(),
                };
                let path = if at.is_empty() {
                    name
                } else {
                    format!("{at}.{name}")
                };
                match b_map.get(key) {
                    Some(other) => {
                        if let Some(found) = first_difference(&path, value, other) {
                            return Some(found);
                        }
                    }
                    None => return Some(format!("{path}: only in the first")),
                }
            }
            here(a, b)
        }
        (Value::Seq(a_items), Value::Seq(b_items)) if a_items.len() == b_items.len() => a_items
            .iter()
            .zip(b_items)
            .enumerate()
            .find_map(|(i, (x, y))| first_difference(&format!("{at}[{}]", i + 1), x, y)),
        _ => here(a, b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_differing_setting_is_named() {
        let a = "(game:(depth:4,board:\"6x6\"),players:[\"A\",\"B\"],seed:1)";
        let b = "(game:(depth:2,board:\"6x6\"),players:[\"A\",\"B\"],seed:1)";
        assert_eq!(difference(a, b), "game.depth: 4 against 2");
        let c = "(game:(depth:4,board:\"6x6\"),players:[\"A\",\"C\"],seed:1)";
        assert_eq!(difference(a, c), "players[2]: \"B\" against \"C\"");
    }
}
