//! The pattern commands as a user runs them: `fit-patterns` from nothing or from a prior, its
//! `--measure`, and the files it writes as `solve`, `analyze` and `positions` read them —
//! reports and refusals.

mod common;

use common::command::{refusal, reversi3d, stdout};
use common::sets::{in_folder, positions_args};

/// Makes a set of 400 positions of `board` in `set`, scored exactly from `exact` empty cells,
/// fits patterns to it with `options` and checks that the fit learns (the kept iteration's
/// error on the fitted positions is below the first's); returns the report.
fn fit_exact_scores(set: &str, board: &str, exact: u32, options: &[&str]) -> String {
    let exact = exact.to_string();
    let make = positions_args(
        set,
        board,
        400,
        &[
            "--depth",
            "1",
            "--per-game",
            "20",
            "--label-depth",
            "1",
            "--label-exact",
            &exact,
        ],
    );
    stdout(&reversi3d(&make));
    let fit = [&["fit-patterns", "--data", set][..], options].concat();
    let report = stdout(&reversi3d(&fit));
    let first = report
        .lines()
        .find(|line| line.starts_with("iteration    1:"))
        .unwrap_or_else(|| panic!("{report}"));
    let first: f64 = first.split_whitespace().nth(3).unwrap().parse().unwrap();
    let kept = report.split("kept iteration ").nth(1).unwrap();
    let kept: f64 = kept.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!(kept < first, "{report}");
    report
}

#[test]
fn patterns_are_fitted_to_exact_scores_and_order_the_solver() {
    let folder = tempfile::tempdir().unwrap();
    let set = in_folder(&folder, "set.positions");
    let set = set.as_str();
    let patterns = in_folder(&folder, "fitted.bin");
    let patterns = patterns.as_str();
    fit_exact_scores(set, "8x8", 10, &["--out", patterns]);
    // The file orders a solve (which finds the same exact score as ever).
    let suite = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/ffo.obf");
    let solved = stdout(&reversi3d(&[
        "solve",
        "--obf",
        suite,
        "--problems",
        "1-3",
        "--patterns",
        patterns,
        "--threads",
        "1",
    ]));
    assert!(solved.contains("every score agrees"), "{solved}");

    refuses_what_it_cannot_fit(&folder, set, patterns);
}

#[test]
fn a_cube_gets_its_own_patterns_fitted_which_order_its_solver_and_no_other() {
    let folder = tempfile::tempdir().unwrap();
    let set = in_folder(&folder, "cube.positions");
    let patterns = in_folder(&folder, "cube.bin");
    let report = fit_exact_scores(&set, "4x4x4", 12, &["--out", &patterns, "--epochs", "50"]);
    assert!(report.contains("4x4x4: "), "{report}");
    let bytes = std::fs::read(&patterns).unwrap();
    assert!(bytes.starts_with(b"reversi3d-patterns 2 4x4x4 "));
    // `--measure` gives the file's error on the set stage by stage, over every position fitted
    // or held out; the fit's report counts them.
    let measured = stdout(&reversi3d(&[
        "fit-patterns",
        "--data",
        &set,
        "--measure",
        &patterns,
    ]));
    let rows: Vec<Vec<&str>> = (measured.lines())
        .filter(|line| line.contains(" exact "))
        .map(|line| line.split_whitespace().collect())
        .collect();
    assert_eq!(rows[0][0], "0–4", "{measured}");
    let measured_count: usize = rows
        .iter()
        .map(|row| row[2].parse::<usize>().unwrap())
        .sum();
    let fitted = report.split("4x4x4: ").nth(1).unwrap();
    let words: Vec<&str> = fitted.split_whitespace().collect();
    let fitted_count: usize =
        words[0].parse::<usize>().unwrap() + words[3].parse::<usize>().unwrap();
    assert_eq!(measured_count, fitted_count, "{measured}\n{report}");
    let eight = concat!(env!("CARGO_MANIFEST_DIR"), "/presets/patterns-8x8.bin");
    let refused = refusal(&reversi3d(&[
        "fit-patterns",
        "--data",
        &set,
        "--measure",
        eight,
    ]));
    assert!(
        refused.contains("patterns of 8x8, not of 4x4x4"),
        "{refused}"
    );
    // The strong search evaluates by the cube's patterns: scores in discs (a decimal, or an
    // exact margin); another board's search refuses them.
    let analysed = stdout(&reversi3d(&[
        "analyze",
        "--board",
        "4x4x4",
        "--patterns",
        &patterns,
        "--depth",
        "3",
    ]));
    assert!(analysed.contains("scores in discs"), "{analysed}");
    let best = analysed
        .lines()
        .find(|line| line.ends_with("best"))
        .unwrap_or_else(|| panic!("{analysed}"));
    let score = best.split_whitespace().nth(1).unwrap();
    assert!(score.starts_with('=') || score.contains('.'), "{analysed}");
    let refused = refusal(&reversi3d(&[
        "analyze",
        "--board",
        "6x6x6",
        "--patterns",
        &patterns,
    ]));
    assert!(
        refused.contains("patterns of 4x4x4, not of 6x6x6"),
        "{refused}"
    );
    let refused = refusal(&reversi3d(&[
        "solve",
        "--board",
        "8x8",
        "--patterns",
        &patterns,
    ]));
    assert!(
        refused.contains("cube.bin") && refused.contains("patterns of 4x4x4"),
        "{refused}"
    );
    let suite = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/ffo.obf");
    let refused = refusal(&reversi3d(&[
        "solve",
        "--obf",
        suite,
        "--patterns",
        &patterns,
    ]));
    assert!(
        refused.contains("patterns of 4x4x4, not of 8x8"),
        "{refused}"
    );
    // The cube's own solver takes them (and finds the scores its endgame set gives).
    let endgames = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/endgames-4x4x4.txt");
    let solved = stdout(&reversi3d(&[
        "solve",
        "--board",
        "4x4x4",
        "--obf",
        endgames,
        "--problems",
        "1-2",
        "--patterns",
        &patterns,
        "--threads",
        "1",
    ]));
    assert!(solved.contains("every score agrees"), "{solved}");
}

#[test]
fn a_fit_corrects_a_prior_of_its_board_keeping_its_phases() {
    let folder = tempfile::tempdir().unwrap();
    let set = in_folder(&folder, "cube.positions");
    let prior = in_folder(&folder, "prior.bin");
    let options = ["--out", &prior, "--epochs", "5", "--phases", "6"];
    fit_exact_scores(&set, "4x4x4", 12, &options);
    // From the prior, iteration 0 is the prior as it is; the fit keeps the phases and holds
    // out no worse than it.
    let corrected = in_folder(&folder, "corrected.bin");
    let from_prior = ["--data", &set, "--prior", &prior, "--out", &corrected];
    let report = stdout(&reversi3d(&[&["fit-patterns"][..], &from_prior].concat()));
    let held_out = |line: &str| -> f64 {
        let words: Vec<&str> = line.split_whitespace().collect();
        words[words.len() - 3].parse().unwrap()
    };
    let start = report
        .lines()
        .find(|line| line.starts_with("iteration    0:"))
        .unwrap_or_else(|| panic!("{report}"));
    let kept = report.split("kept iteration ").nth(1).unwrap();
    let kept = kept.split("discs fitted, ").nth(1).unwrap();
    let kept: f64 = kept.split_whitespace().next().unwrap().parse().unwrap();
    assert!(kept <= held_out(start), "{report}");
    let bytes = std::fs::read(&corrected).unwrap();
    let header = bytes.split(|&b| b == b'\n').next().unwrap();
    assert!(
        header.starts_with(b"reversi3d-patterns 2 4x4x4 ") && header.ends_with(b" 6"),
        "{}",
        String::from_utf8_lossy(header)
    );
    // With --parity the file has parity weights, of version 3, which --measure reads back.
    let with_parity = in_folder(&folder, "parity.bin");
    let parity_fit = [
        "--data",
        &set,
        "--prior",
        &prior,
        "--parity",
        "--out",
        &with_parity,
    ];
    stdout(&reversi3d(&[&["fit-patterns"][..], &parity_fit].concat()));
    let bytes = std::fs::read(&with_parity).unwrap();
    assert!(bytes.starts_with(b"reversi3d-patterns 3 4x4x4 "));
    let again = ["--data", &set, "--measure", &with_parity];
    stdout(&reversi3d(&[&["fit-patterns"][..], &again].concat()));
    // Another board's prior is refused with the file named, and so are phases of one's own.
    let eight = concat!(env!("CARGO_MANIFEST_DIR"), "/presets/patterns-8x8.bin");
    let refused = refusal(&reversi3d(&[
        "fit-patterns",
        "--data",
        &set,
        "--prior",
        eight,
        "--out",
        &corrected,
        "--force",
    ]));
    assert!(
        refused.contains("patterns-8x8.bin") && refused.contains("patterns of 8x8, not of 4x4x4"),
        "{refused}"
    );
    let both = [&["fit-patterns", "--phases", "4"][..], &from_prior].concat();
    let refused = refusal(&reversi3d(&both));
    assert!(
        refused.contains("--phases") && refused.contains("--prior"),
        "{refused}"
    );
}

/// `fit-patterns` and `solve --patterns` refuse a set without exact scores, sets of several
/// boards and a damaged pattern file, each with the reason; sets that fit join.
fn refuses_what_it_cannot_fit(folder: &tempfile::TempDir, set: &str, patterns: &str) {
    let unlabelled = folder.path().join("unlabelled.positions");
    let unlabelled = unlabelled.to_str().unwrap();
    stdout(&reversi3d(&[
        "positions",
        "--board",
        "8x8",
        "--count",
        "100",
        "--depth",
        "1",
        "--out",
        unlabelled,
    ]));
    let refused = refusal(&reversi3d(&[
        "fit-patterns",
        "--data",
        unlabelled,
        "--out",
        patterns,
        "--force",
    ]));
    assert!(
        refused.contains("no positions scored in discs"),
        "{refused}"
    );

    // Several sets fit together: the unlabelled one adds no position; a set of another
    // board among them is refused by name.
    // The counts a report gives before " positions fitted" and " held out;".
    let count_before = |report: &str, words: &str| {
        let count = report.split(words).next().unwrap();
        let last = count.split_whitespace().last().unwrap();
        last.parse::<usize>().unwrap()
    };
    let fitted = |report: &str| count_before(report, " positions fitted");
    let held_out = |report: &str| count_before(report, " held out;");
    let quick = ["--epochs", "2", "--out", patterns, "--force"];
    let alone = stdout(&reversi3d(
        &[&["fit-patterns", "--data", set][..], &quick].concat(),
    ));
    let both = ["fit-patterns", "--data", set, "--data", unlabelled];
    let together = stdout(&reversi3d(&[&both[..], &quick].concat()));
    assert_eq!(fitted(&alone), fitted(&together), "{alone}\n{together}");
    assert!(fitted(&alone) > 0, "{alone}");
    // Fitted to the games' outcomes, every position of both sets counts (a record a line
    // below the two header lines).
    let outcome = ["--target", "outcome"];
    let on_outcomes = stdout(&reversi3d(&[&both[..], &outcome, &quick].concat()));
    let records = std::fs::read_to_string(set).unwrap().lines().count() - 2;
    assert!(
        records > fitted(&together) + held_out(&together),
        "{together}"
    );
    assert_eq!(
        fitted(&on_outcomes) + held_out(&on_outcomes),
        records + 100,
        "{on_outcomes}"
    );
    let small = folder.path().join("six.positions");
    let small = small.to_str().unwrap();
    stdout(&reversi3d(&positions_args(
        small,
        "6x6",
        50,
        &["--depth", "1"],
    )));
    let mixed = ["fit-patterns", "--data", set, "--data", small];
    let refused = refusal(&reversi3d(&[&mixed[..], &quick].concat()));
    assert!(
        refused.contains("six.positions") && refused.contains("one board at a time"),
        "{refused}"
    );
    let bad = folder.path().join("bad.bin");
    std::fs::write(&bad, "reversi3d-patterns 1 114777 -\nshort").unwrap();
    let refused = refusal(&reversi3d(&[
        "solve",
        "--board",
        "8x8",
        "--patterns",
        bad.to_str().unwrap(),
    ]));
    assert!(
        refused.contains("bad.bin") && refused.contains("bytes of weights"),
        "{refused}"
    );
}

#[test]
fn a_fit_named_like_a_shipped_file_labels_from_its_own_folder() {
    use common::command::reversi3d_in;
    use engine::patterns::PatternEvaluation;
    let folder = tempfile::tempdir().unwrap();
    // A recipe's own 6×6 fit, in its folder under the shipped file's name.
    let own = PatternEvaluation::zero("6x6".parse().unwrap(), vec![10]);
    std::fs::write(folder.path().join("patterns-6x6.bin"), own.to_bytes()).unwrap();
    let args = positions_args("own.positions", "6x6", 40, &["--label-depth", "2"]);
    let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
    args.extend(["--label-patterns", "patterns-6x6.bin"]);
    let made = stdout(&reversi3d_in(folder.path(), &args));
    assert!(made.contains("40 of 40 positions"), "{made}");
    // Every heuristic label is the zero evaluation's (the shipped file's would not be).
    let set = std::fs::read_to_string(folder.path().join("own.positions")).unwrap();
    let labels: Vec<&str> = set
        .lines()
        .skip(2)
        .filter_map(|l| l.split('\t').nth(4))
        .collect();
    let heuristic: Vec<&&str> = labels.iter().filter(|l| l.starts_with('~')).collect();
    assert!(!heuristic.is_empty(), "{set}");
    assert!(
        heuristic.iter().all(|l| l.starts_with("~0@")),
        "{heuristic:?}"
    );
}
