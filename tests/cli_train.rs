//! `train-patterns` as a user runs it: the sets of its rounds made elsewhere (as a Slurm job
//! array would) from the command it prints, and taken by the run.

mod common;

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use common::command::{reversi3d, stdout};
use lab::tune::pattern_rounds::{PatternRoundsEvent, PatternTraining};

/// Runs the `positions` commands that `train-patterns --resume DIR --next-set` prints, one a
/// line, and returns each command and the set file it made.
fn make_next_sets(folder: &Path) -> Vec<(String, String)> {
    let dir = folder.to_str().unwrap();
    let printed = stdout(&reversi3d(&[
        "train-patterns",
        "--resume",
        dir,
        "--next-set",
    ]));
    let mut sets = Vec::new();
    for line in printed.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[..2], ["reversi3d", "positions"], "{printed}");
        let made = stdout(&reversi3d(&[&words[1..], &["--threads", "2"]].concat()));
        assert!(made.contains("300 of 300 positions"), "{made}");
        let set = std::fs::read_to_string(words.last().unwrap()).unwrap();
        sets.push((line.to_string(), set));
    }
    sets
}

#[test]
fn the_sets_of_a_training_run_can_be_made_elsewhere_from_the_printed_command() {
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path().join("run");
    let set_up = stdout(&reversi3d(&[
        "train-patterns",
        "--board",
        "6x6",
        "--dir",
        dir.to_str().unwrap(),
        "--count",
        "300",
        "--exact-empties",
        "8",
        "--rounds",
        "1",
        "--growing-rounds",
        "1",
        "--label-depth",
        "2",
        "--both-parities",
        "--players",
        "Arwen,Jolly",
        "--openings",
        "8",
        "--game-depth",
        "2",
        "--verify-games",
        "4",
        "--verify-depth",
        "1",
        "--seed",
        "3",
        "--next-set",
    ]));
    assert!(set_up.contains("--max-empties 8"), "{set_up}");
    assert!(
        set_up.contains("--depth 2 --search classic --openings 8"),
        "{set_up}"
    );
    assert!(!dir.join("round-0.positions").exists(), "only set up");
    let [(_, round_0)] = &make_next_sets(&dir)[..] else {
        panic!("round 0 has one set");
    };
    // The run takes that set for round 0 and is stopped as round 1 begins.
    let mut run = PatternTraining::resume(&dir).unwrap();
    let cancel = AtomicBool::new(false);
    run.run(&cancel, &|event| {
        if event == PatternRoundsEvent::Round(1) {
            cancel.store(true, Ordering::Relaxed);
        }
    })
    .unwrap();
    assert_eq!(run.state().history.len(), 1);
    assert_eq!(
        std::fs::read_to_string(dir.join("round-0.positions")).unwrap(),
        *round_0
    );
    // Round 1's sets are labelled by round 0's fit, named in the commands: at depth 2, and
    // the same positions at depth 1 (both parities).
    let [(deeper, round_1), (shallower, round_1_shallower)] = &make_next_sets(&dir)[..] else {
        panic!("round 1 of a run of both parities has two sets");
    };
    assert!(round_1.contains("round-0.bin"));
    assert!(deeper.contains("--label-depth 2") && deeper.ends_with("round-1.positions"));
    assert!(
        shallower.contains("--label-depth 1") && shallower.ends_with("round-1-shallower.positions"),
        "{shallower}"
    );
    let done = stdout(&reversi3d(&[
        "train-patterns",
        "--resume",
        dir.to_str().unwrap(),
    ]));
    assert!(done.contains("round 1:") && done.contains("done"), "{done}");
    assert_eq!(
        std::fs::read_to_string(dir.join("round-1.positions")).unwrap(),
        *round_1
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("round-1-shallower.positions")).unwrap(),
        *round_1_shallower
    );
    let over = reversi3d(&[
        "train-patterns",
        "--resume",
        dir.to_str().unwrap(),
        "--next-set",
    ]);
    assert!(String::from_utf8_lossy(&over.stderr).contains("the run is over"));
}
