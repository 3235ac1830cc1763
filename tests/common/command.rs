//! Running the `reversi3d` binary and reading what it said.

use std::process::Output;

/// Runs `reversi3d ARGS` in the current folder.
pub fn reversi3d<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Output {
    reversi3d_in(std::path::Path::new("."), args)
}

/// Runs `reversi3d ARGS` in `folder`.
pub fn reversi3d_in<S: AsRef<std::ffi::OsStr>>(folder: &std::path::Path, args: &[S]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_reversi3d"))
        .current_dir(folder)
        .args(args)
        .output()
        .expect("binary runs")
}

/// The standard output of a run that must have succeeded (else the test fails with its
/// standard error).
pub fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// The standard error of a run that must have failed.
pub fn refusal(output: &Output) -> String {
    assert!(!output.status.success());
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// A tournament's CSV report without its timing line (wall time differs between runs).
pub fn without_seconds(csv: &str) -> String {
    csv.lines()
        .filter(|line| !line.starts_with("seconds,"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs `reversi3d solve ARGS`.
pub fn solve(args: &[&str]) -> Output {
    reversi3d(&[&["solve"], args].concat())
}

/// Runs `reversi3d solve ARGS` on a problem file, which must succeed with every score agreeing
/// with the file, and returns the nodes of its total line.
pub fn solved_file_nodes(args: &[&str]) -> u64 {
    let text = stdout(&solve(args));
    assert!(text.contains("every score agrees"), "{text}");
    text.lines()
        .find(|line| line.contains(" positions: "))
        .and_then(|line| line.split_whitespace().nth(2))
        .and_then(|nodes| nodes.parse().ok())
        .unwrap_or_else(|| panic!("no total line in:\n{text}"))
}

/// The words of a command line with no quoting (`"perft --board 4x4 --depth 2"`).
#[allow(dead_code)] // Not every test crate writes its commands so.
pub fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// The words of `line` (as [`words`]) followed by `more`, which may hold paths or spaces.
#[allow(dead_code)] // Not every test crate writes its commands so.
pub fn command<'a>(line: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut all = words(line);
    all.extend_from_slice(more);
    all
}
