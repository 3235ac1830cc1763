//! The binary's command line: reports and errors as a user sees them.

use std::process::Command;

fn reversi3d(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_reversi3d"))
        .args(args)
        .output()
        .expect("binary runs")
}

#[test]
fn perft_prints_one_row_per_depth() {
    let output = reversi3d(&[
        "perft",
        "--board",
        "6x6x6",
        "--depth",
        "3",
        "--threads",
        "2",
    ]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let rows: Vec<&str> = text.lines().skip(2).collect();
    assert_eq!(rows.len(), 3, "{text}");
    assert!(rows[0].split_whitespace().nth(1) == Some("16"), "{text}");
}

#[test]
fn a_bad_board_is_refused_with_a_message_and_a_failure_code() {
    let output = reversi3d(&["perft", "--board", "7x7"]);
    assert!(!output.status.success());
    let message = String::from_utf8(output.stderr).unwrap();
    assert!(
        message.contains("even side from 4 to 16, not 7"),
        "{message}"
    );
}
