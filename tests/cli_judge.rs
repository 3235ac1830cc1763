//! The judging commands on the command line, `review` and `compare`: reports in discs, the
//! same with any number of workers, finished positions skipped.

mod common;

use common::command::{command, reversi3d, stdout};

#[test]
fn review_prints_every_move_and_a_summary_per_side() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("game.ron");
    let mut game = lab::game::Game::new(
        "6x6".parse().unwrap(),
        engine::Rules::Classic,
        lab::ai::Player::Human,
        lab::ai::Player::Human,
    );
    while !game.board().over {
        let moves = game.board().mover_moves;
        game.play(moves[moves.len() / 2]).unwrap();
    }
    game.save(&path).unwrap();
    let csv = folder.path().join("review.csv");
    let output = reversi3d(&[
        "review",
        "--game",
        path.to_str().unwrap(),
        "--reference-depth",
        "3",
        "--exact-empties",
        "8",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{text}");
    assert!(
        text.contains(
            "reference Hamfast: depth 3 selective, by patterns-6x6.bin (discs), exact from 8 \
             empties"
        ),
        "{text}"
    );
    // 6×6 has a learned evaluation: every loss, heuristic or exact, is in discs.
    let summaries: Vec<&str> = (text.lines())
        .filter(|l| l.starts_with("Red   moves") || l.starts_with("Green moves"))
        .collect();
    assert_eq!(summaries.len(), 2, "{text}");
    for summary in summaries {
        assert!(
            summary.contains(" discs over ") && !summary.contains("eval"),
            "{summary}"
        );
    }
    let rows = std::fs::read_to_string(&csv).unwrap();
    let played = game
        .moves()
        .iter()
        .filter(|m| **m != engine::notation::Move::Pass);
    assert_eq!(rows.lines().count(), 1 + played.count());
    for row in rows.lines().skip(1) {
        let fields: Vec<&str> = row.split(',').collect();
        assert_eq!(fields[7], "discs", "{row}");
        let loss: f64 = fields[6].parse().unwrap();
        let (best, played): (f64, f64) = (fields[4].parse().unwrap(), fields[5].parse().unwrap());
        assert!((best - played - loss).abs() < 0.011, "{row}");
    }

    let output = reversi3d(&[
        "review",
        "--game",
        path.to_str().unwrap(),
        "--reference-depth",
        "0",
    ]);
    let message = String::from_utf8(output.stderr).unwrap();
    assert!(
        !output.status.success() && message.contains("at least 1"),
        "{message}"
    );
}

#[test]
fn compare_reports_the_same_with_one_or_two_workers() {
    let folder = tempfile::tempdir().unwrap();
    let run = |threads: &str, csv: &str| {
        let csv = folder.path().join(csv);
        let output = reversi3d(&command(
            "compare --board 6x6 --players Arwen,Jolly,Hamfast --depth 2 --positions 12 \
             --reference-depth 4 --exact-empties 8 --seed 7 --threads",
            &[threads, "--csv", csv.to_str().unwrap()],
        ));
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(output.status.success(), "{text}");
        (text, std::fs::read_to_string(csv).unwrap())
    };
    let (one, one_csv) = run("1", "one.csv");
    let (two, two_csv) = run("2", "two.csv");
    assert_eq!(one.replace("one.csv", "two.csv"), two);
    assert_eq!(one_csv, two_csv);
    assert!(
        one.contains("12 positions; reference Hamfast: depth 4"),
        "{one}"
    );
    assert!(one.lines().any(|l| l.starts_with("Jolly")), "{one}");
    assert!(one.contains("by stage (empties)"), "{one}");
    assert_eq!(one_csv.lines().count(), 1 + 12 * 3);

    let positions = folder.path().join("positions.txt");
    std::fs::write(
        &positions,
        "# two positions\n..../.GR./.RG./.... R\n..../.GR./.RX./.... G\n",
    )
    .unwrap();
    let output = reversi3d(&command(
        "compare --board 4x4 --players Arwen,Jolly --positions-file",
        &[positions.to_str().unwrap()],
    ));
    let message = String::from_utf8(output.stderr).unwrap();
    assert!(!output.status.success(), "{message}");
    assert!(
        message.contains("positions.txt: line 3: not a 4x4 position"),
        "{message}"
    );
    let output = reversi3d(&["compare", "--board", "4x4", "--players", "Arwen"]);
    let message = String::from_utf8(output.stderr).unwrap();
    assert!(message.contains("name 2 to 4 players, not 1"), "{message}");
}

#[test]
fn compare_skips_finished_positions_and_says_how_many() {
    // A finished position used to count as a 0 % miss in the stage "2-1".
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("positions.txt");
    std::fs::write(&file, "..../.GR./.RG./.... R\nRR../..../..../.... G\n").unwrap();
    let report = stdout(&reversi3d(&command(
        "compare --board 4x4 --players Arwen,Bilbo \
         --depth 1 --positions-file",
        &[file.to_str().unwrap(), "--reference-depth", "2"],
    )));
    assert!(
        report.contains("1 positions;") && report.contains("1 finished positions skipped"),
        "{report}"
    );
    assert!(
        !report
            .lines()
            .any(|line| line.trim_start().starts_with("2-1 ")),
        "{report}"
    );
}
