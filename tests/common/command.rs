//! Reading what the `reversi3d` binary said.

use std::process::Output;

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
