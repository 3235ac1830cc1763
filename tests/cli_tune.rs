//! The tuning commands as a user runs them: positions, tune, match — reports and refusals.

mod common;

use common::command::{refusal, reversi3d, stdout, words};
use common::sets::{in_folder, positions_args};

use std::process::Command;

#[test]
fn a_position_set_is_made_fitted_and_verified_from_the_command_line() {
    let folder = tempfile::tempdir().unwrap();
    let set = in_folder(&folder, "set.positions");
    let set = set.as_str();
    let make = positions_args(
        set,
        "6x6",
        300,
        &words("--depth 1 --search strong --players Arwen,Jolly --per-game 6 --label-depth 2"),
    );
    let report = stdout(&reversi3d(&make));
    assert!(report.contains("300 of 300 positions"), "{report}");
    assert!(
        report.contains("labelled by Hamfast at depth 2"),
        "{report}"
    );
    // The same file is never overwritten; a finished run resumes to nothing more.
    assert!(refusal(&reversi3d(&make)).contains("exists"));
    let resumed = stdout(&reversi3d(&["positions", "--resume", "--out", set]));
    assert!(
        resumed.contains("resuming") && resumed.contains("300 of 300"),
        "{resumed}"
    );

    let preset = folder.path().join("fitted.ron");
    let preset = preset.to_str().unwrap();
    let tune = [
        "tune",
        "--data",
        set,
        "--out",
        preset,
        "--target",
        "reference",
        "--from",
        "Jolly",
        "--verify-against",
        "Jolly",
        "--games",
        "10",
        "--threads",
        "2",
    ];
    let report = stdout(&reversi3d(&tune));
    assert!(report.contains("kept step"), "{report}");
    assert!(
        report.contains("kept at their start values: Dif, IFa"),
        "{report}"
    );
    assert!(report.contains("fitted against Jolly: "), "{report}");
    let text = std::fs::read_to_string(preset).unwrap();
    assert!(
        text.contains("sha256") && text.contains("set.positions"),
        "{text}"
    );

    the_fitted_preset_plays(&folder, preset);
}

#[test]
fn a_match_at_equal_time_deepens_each_move_for_its_time() {
    let duel = words(
        "match --players Lobelia,Merry --board 8x8 --search strong --depth 60 \
         --time-per-move 5ms --games 2 --threads 2",
    );
    let duel = stdout(&reversi3d(&duel));
    assert!(duel.contains("depth 60 or 5ms a move"), "{duel}");
    assert!(duel.contains("(W-D-L) in 2 games"), "{duel}");
}

/// A fitted preset file plays a match, and takes part in a round robin as a named player does.
fn the_fitted_preset_plays(folder: &tempfile::TempDir, preset: &str) {
    let duel = stdout(&reversi3d(&[
        "match",
        "--players",
        preset,
        "--players",
        "Arwen",
        "--board",
        "6x6",
        "--games",
        "10",
        "--depth",
        "1",
    ]));
    assert!(duel.contains("(W-D-L) in 10 games"), "{duel}");

    let games_file = folder.path().join("games.csv");
    let round_robin = stdout(&reversi3d(&[
        "tournament",
        "--players",
        &format!("{preset},Arwen,Jolly"),
        "--board",
        "4x4",
        "--games",
        "2",
        "--depth",
        "1",
        "--games-file",
        games_file.to_str().unwrap(),
    ]));
    assert!(
        round_robin.contains("3 players") && round_robin.contains("fitted"),
        "{round_robin}"
    );
}

#[test]
fn bad_tuning_input_is_refused_with_the_file_record_or_option_named() {
    let folder = tempfile::tempdir().unwrap();
    let set = folder.path().join("bad.positions");
    let made = reversi3d(&[
        "positions",
        "--board",
        "4x4",
        "--count",
        "20",
        "--depth",
        "1",
        "--out",
        set.to_str().unwrap(),
    ]);
    stdout(&made);
    let text = std::fs::read_to_string(&set).unwrap();
    let broken = text
        .replacen("\tW\t", "\tX\t", 1)
        .replacen("\tL\t", "\tX\t", 1);
    std::fs::write(&set, broken).unwrap();
    let out = folder.path().join("never.ron");
    let error = refusal(&reversi3d(&[
        "tune",
        "--data",
        set.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(
        error.contains("bad.positions: record") && error.contains("result 'X'"),
        "{error}"
    );
    assert!(!out.exists());
    let error = refusal(&reversi3d(&words(
        "tune --data missing.positions --out x.ron",
    )));
    assert!(error.contains("missing.positions"), "{error}");
    let error = refusal(&reversi3d(&["match", "--players", "Arwen"]));
    assert!(error.contains("at least two"), "{error}");
    let error = refusal(&reversi3d(&words(
        "match --players Arwen,Jolly --time-per-move 5ms",
    )));
    assert!(error.contains("needs the strong search"), "{error}");
    let error = refusal(&reversi3d(&words("match --players Arwen,Jolly --games 7")));
    assert!(error.contains("even"), "{error}");
    let error = refusal(&reversi3d(&words("positions --count 0 --out x.positions")));
    assert!(error.contains("count 0 is out of bounds"), "{error}");
}

#[test]
fn a_tuning_run_killed_outright_resumes_to_the_same_end() {
    let folder = tempfile::tempdir().unwrap();
    let run = |dir: &std::path::Path| -> Vec<String> {
        let options = "--board 4x4x4 --depth 1 --count 6000 --per-game 8 --label-depth 3 \
                       --target reference --from Jolly --opponents Arwen --games 40 \
                       --verify-depth 2 --threads 2";
        ["tune", "--rounds", "2", "--dir", dir.to_str().unwrap()]
            .into_iter()
            .chain(options.split_whitespace())
            .map(str::to_string)
            .collect()
    };
    let whole = folder.path().join("whole");
    let arguments = run(&whole);
    stdout(&reversi3d(
        &arguments.iter().map(String::as_str).collect::<Vec<_>>(),
    ));
    let killed = folder.path().join("killed");
    let mut child = Command::new(env!("CARGO_BIN_EXE_reversi3d"))
        .args(run(&killed))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Killed (SIGKILL: no clean stop) once the run has begun, most likely in its first set.
    while !killed.join("checkpoint.ron").exists() {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        !killed.join("round-2.positions").exists(),
        "the run was killed in its first round"
    );
    let resumed = stdout(&reversi3d(&["tune", "--resume", killed.to_str().unwrap()]));
    assert!(resumed.contains("done: the best player is"), "{resumed}");
    for file in ["checkpoint.ron", "round-1.positions", "round-2.positions"] {
        let read = |dir: &std::path::Path| std::fs::read_to_string(dir.join(file)).unwrap();
        assert_eq!(read(&whole), read(&killed), "{file}");
    }
}

#[test]
fn a_match_against_several_opponents_plays_each_and_tabulates_them() {
    let report = words("match --players Arwen,Jolly,Arwen --board 6x6 --games 12 --depth 1");
    let report = stdout(&reversi3d(&report));
    assert!(report.contains("Arwen against each:"), "{report}");
    let table: Vec<&str> = report
        .lines()
        .skip_while(|l| !l.starts_with("opponent"))
        .collect();
    assert_eq!(table.len(), 3, "{report}");
    assert!(
        table[1].starts_with("Jolly") && table[2].starts_with("Arwen"),
        "{report}"
    );
}

#[test]
fn a_run_name_that_would_leave_its_folder_is_refused() {
    // It used to write `…/evilcli-r2.ron` two folders above --dir.
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path().join("tn/a");
    let refused = refusal(&reversi3d(&[
        "tune",
        "--rounds",
        "2",
        "--dir",
        dir.to_str().unwrap(),
        "--name",
        "../../evilcli",
        "--board",
        "4x4",
        "--depth",
        "1",
        "--count",
        "300",
        "--label-depth",
        "2",
        "--games",
        "4",
        "--verify-depth",
        "1",
    ]));
    assert!(
        refused.contains("'../../evilcli' may only hold letters, digits"),
        "{refused}"
    );
    let written: Vec<_> = std::fs::read_dir(folder.path()).unwrap().collect();
    assert!(
        written
            .iter()
            .all(|entry| entry.as_ref().unwrap().file_name() == "tn"),
        "{written:?}"
    );
}
