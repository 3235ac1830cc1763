//! Sharded tournaments and their merge as a user runs them: the shards' union is the whole
//! run; missing, doubled, cut-short or foreign shards are refused by name; the Slurm scripts.

mod common;

use common::command::{refusal, reversi3d_in as reversi3d, stdout, without_seconds};

use std::fs;
use std::path::Path;
use std::process::Output;

const RUN: [&str; 11] = [
    "tournament",
    "--board",
    "6x6",
    "--depth",
    "2",
    "--players",
    "Arwen,Bilbo,Hamfast",
    "--games",
    "6",
    "--seed",
    "3",
];

fn shard(folder: &Path, spec: &str, dir: &str, extra: &[&str]) -> Output {
    let mut args = RUN.to_vec();
    args.extend(["--shard", spec, "--shard-dir", dir, "--threads", "1"]);
    args.extend(extra);
    reversi3d(folder, &args)
}

#[test]
fn merged_shards_are_the_whole_tournament_game_for_game() {
    let folder = tempfile::tempdir().unwrap();
    let root = folder.path();
    let mut whole = RUN.to_vec();
    whole.extend([
        "--csv",
        "whole.csv",
        "--games-file",
        "whole-games.csv",
        "--threads",
        "2",
    ]);
    stdout(&reversi3d(root, &whole));
    for spec in ["1/4", "2/4", "3/4", "4/4"] {
        let report = stdout(&shard(root, spec, "shards", &[]));
        assert!(report.contains("shard written to"), "{report}");
    }
    let merge = [
        "merge",
        "shards",
        "--csv",
        "merged.csv",
        "--games-file",
        "merged-games.csv",
    ];
    let report = stdout(&reversi3d(root, &merge));
    assert!(report.contains("merged from 4 shards"), "{report}");
    let read = |name: &str| fs::read_to_string(root.join(name)).unwrap();
    assert_eq!(
        without_seconds(&read("merged.csv")),
        without_seconds(&read("whole.csv"))
    );
    // The same games (the unsharded file lists them as they end, the merge in schedule order;
    // times differ).
    let games = |name: &str| {
        let mut lines: Vec<String> = read(name)
            .lines()
            .map(|line| {
                let fields: Vec<&str> = line.split(',').collect();
                [&fields[..8], &fields[9..]].concat().join(",")
            })
            .collect();
        lines.sort();
        lines
    };
    assert_eq!(games("merged-games.csv"), games("whole-games.csv"));
    assert_eq!(games("merged-games.csv").len(), 18 + 1);
}

#[test]
fn bad_shards_are_refused_by_name() {
    let folder = tempfile::tempdir().unwrap();
    let root = folder.path();
    for spec in ["5/4", "0/3", "x/y"] {
        let refused = refusal(&shard(root, spec, "s", &[]));
        assert!(refused.contains(&format!("shard `{spec}`")), "{refused}");
    }
    stdout(&shard(root, "1/3", "s", &[]));
    stdout(&shard(root, "2/3", "s", &[]));
    assert!(refusal(&reversi3d(root, &["merge", "s"])).contains("missing: shard 3 of 3"));
    // Another run's shard: the differing setting is named.
    stdout(&shard(root, "3/3", "other", &["--openings", "2"]));
    fs::copy(
        root.join("other/tournament-003-of-003.shard"),
        root.join("s/tournament-003-of-003.shard"),
    )
    .unwrap();
    let refused = refusal(&reversi3d(root, &["merge", "s"]));
    assert!(
        refused.contains("shards of different runs: game.opening_plies: 4 against 2"),
        "{refused}"
    );
    // A shard cut short (its task killed): refused by name, never half-read.
    stdout(&shard(root, "3/3", "whole", &[]));
    let text = fs::read_to_string(root.join("whole/tournament-003-of-003.shard")).unwrap();
    let cut: Vec<&str> = text.lines().take(5).collect();
    fs::remove_file(root.join("s/tournament-003-of-003.shard")).unwrap();
    fs::write(
        root.join("s/tournament-003-of-003.shard.partial"),
        cut.join("\n"),
    )
    .unwrap();
    let refused = refusal(&reversi3d(root, &["merge", "s"]));
    assert!(
        refused.contains("tournament-003-of-003.shard.partial: cut short"),
        "{refused}"
    );
    // A whole file without its end line, or with a tampered game, is refused too.
    fs::write(root.join("s/tournament-003-of-003.shard"), cut.join("\n")).unwrap();
    let refused = refusal(&reversi3d(
        root,
        &["merge", "s/tournament-003-of-003.shard"],
    ));
    assert!(refused.contains("no end line"), "{refused}");
    let tampered = text.replacen(",Red,", ",Green,", 1);
    assert_ne!(tampered, text);
    fs::write(root.join("s/tournament-003-of-003.shard"), tampered).unwrap();
    fs::remove_file(root.join("s/tournament-003-of-003.shard.partial")).unwrap();
    let refused = refusal(&reversi3d(root, &["merge", "s"]));
    assert!(refused.contains("but its moves end"), "{refused}");
    // The same shard twice.
    fs::copy(
        root.join("whole/tournament-003-of-003.shard"),
        root.join("s/tournament-003-of-003.shard"),
    )
    .unwrap();
    fs::copy(
        root.join("whole/tournament-003-of-003.shard"),
        root.join("s/copy.shard"),
    )
    .unwrap();
    let refused = refusal(&reversi3d(root, &["merge", "s"]));
    assert!(refused.contains("shard 3/3 is there 2 times"), "{refused}");
}

#[test]
fn the_slurm_command_writes_an_array_and_a_merge_that_waits_for_it() {
    let folder = tempfile::tempdir().unwrap();
    let root = folder.path();
    let mut args = vec!["slurm"];
    args.extend(RUN);
    args.extend([
        "--tasks",
        "4",
        "--cpus-per-task",
        "3",
        "--time",
        "1:00:00",
        "--dir",
        "job",
    ]);
    args.extend(["--threads", "8", "--csv", "out.csv"]);
    let report = stdout(&reversi3d(root, &args));
    assert!(report.contains("4 tasks for 18 games"), "{report}");
    let array = fs::read_to_string(root.join("job/array.sbatch")).unwrap();
    assert!(array.contains("#SBATCH --array=1-4"), "{array}");
    assert!(array.contains("#SBATCH --time=1:00:00"), "{array}");
    assert!(
        array.contains("--shard \"${SLURM_ARRAY_TASK_ID}/4\""),
        "{array}"
    );
    assert!(
        array.contains("--threads \"${SLURM_CPUS_PER_TASK:-3}\""),
        "{array}"
    );
    assert!(
        !array.contains("--threads 8") && !array.contains("--csv"),
        "{array}"
    );
    let merge = fs::read_to_string(root.join("job/merge.sbatch")).unwrap();
    assert!(merge.contains("--csv"), "{merge}");
    let submit = fs::read_to_string(root.join("job/submit.sh")).unwrap();
    assert!(submit.contains("--dependency=afterok:"), "{submit}");
    // Too many tasks, or a shard given by hand, are refused.
    let tasks = args.iter().position(|a| *a == "4").unwrap();
    args[tasks] = "19";
    assert!(refusal(&reversi3d(root, &args)).contains("give 1 to 18 tasks"));
}

#[test]
fn merged_comparison_shards_give_the_whole_report() {
    let folder = tempfile::tempdir().unwrap();
    let root = folder.path();
    let run = [
        "compare",
        "--board",
        "6x6",
        "--players",
        "Arwen,Hamfast",
        "--depth",
        "2",
        "--positions",
        "12",
        "--reference-depth",
        "4",
        "--seed",
        "4",
    ];
    let mut whole = run.to_vec();
    whole.extend(["--threads", "2", "--csv", "whole.csv"]);
    let whole = stdout(&reversi3d(root, &whole));
    for spec in ["1/2", "2/2"] {
        let mut shard = run.to_vec();
        shard.extend(["--threads", "1", "--shard", spec, "--shard-dir", "cs"]);
        stdout(&reversi3d(root, &shard));
    }
    let merged = stdout(&reversi3d(root, &["merge", "cs", "--csv", "merged.csv"]));
    let body = |text: &str| {
        text.lines()
            .filter(|line| !line.starts_with("merged from") && !line.contains("written to"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&merged), body(&whole));
    let read = |name: &str| fs::read_to_string(root.join(name)).unwrap();
    assert_eq!(read("merged.csv"), read("whole.csv"));
}

#[test]
fn merged_position_set_shards_are_the_whole_set_byte_for_byte() {
    let folder = tempfile::tempdir().unwrap();
    let root = folder.path();
    let run = [
        "positions",
        "--board",
        "6x6",
        "--count",
        "200",
        "--depth",
        "1",
        "--players",
        "Arwen,Jolly",
        "--per-game",
        "7",
        "--label-depth",
        "2",
        "--seed",
        "9",
    ];
    let mut whole = run.to_vec();
    whole.extend(["--threads", "2", "--out", "whole.positions"]);
    stdout(&reversi3d(root, &whole));
    for spec in ["1/3", "2/3", "3/3"] {
        let mut shard = run.to_vec();
        shard.extend(["--threads", "1", "--shard", spec, "--shard-dir", "ps"]);
        stdout(&reversi3d(root, &shard));
    }
    assert!(refusal(&reversi3d(root, &["merge", "ps"])).contains("--out"));
    let merged = stdout(&reversi3d(
        root,
        &["merge", "ps", "--out", "merged.positions"],
    ));
    assert!(
        merged.contains("200 positions merged from 3 shards"),
        "{merged}"
    );
    let read = |name: &str| fs::read(root.join(name)).unwrap();
    assert_eq!(read("merged.positions"), read("whole.positions"));
    // A set is never overwritten.
    let again = refusal(&reversi3d(
        root,
        &["merge", "ps", "--out", "merged.positions"],
    ));
    assert!(again.contains("exists"), "{again}");
    // In a Slurm run the set is the merge's to write.
    let mut slurm = vec!["slurm"];
    slurm.extend(run);
    slurm.extend(["--tasks", "3", "--dir", "job", "--out", "set.positions"]);
    stdout(&reversi3d(root, &slurm));
    let merge = fs::read_to_string(root.join("job/merge.sbatch")).unwrap();
    assert!(merge.contains("set.positions"), "{merge}");
    let array = fs::read_to_string(root.join("job/array.sbatch")).unwrap();
    assert!(!array.contains("set.positions"), "{array}");
}
