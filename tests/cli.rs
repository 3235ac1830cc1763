//! The binary's command line: reports and errors as a user sees them.

mod common;

use common::command::{command, reversi3d, reversi3d_in, stdout, words};
use std::process::Command;

/// The standard error of a run that must have been refused as a usage error (exit code 2).
fn refused(args: &[&str]) -> String {
    let output = reversi3d(args);
    let said = String::from_utf8_lossy(&output.stderr).to_string();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {said}");
    said
}

#[test]
fn perft_prints_one_row_per_depth() {
    let output = reversi3d(&words("perft --board 6x6x6 --depth 3 --threads 2"));
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

#[test]
fn analyze_reads_transcripts_and_game_records() {
    let output = reversi3d(&words("analyze --board 8x8 --transcript f5d6c3 --depth 2"));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.status.success() && text.contains("Green to move"),
        "{text}"
    );
    // Arwen's heuristic values are in her weights' units, and the heading says so; 4×4 is
    // solved at once, its scores exact margins in discs.
    assert!(text.contains("score (eval)"), "{text}");
    let output = reversi3d(&["analyze", "--board", "4x4", "--depth", "4"]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("score (discs)"), "{text}");
    assert!(text.contains("=-8  best"), "4x4 is lost by 8 discs: {text}");

    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("game.ron");
    let mut game = lab::game::Game::new(
        "6x6x6".parse().unwrap(),
        engine::Rules::Misere,
        lab::ai::Player::Human,
        lab::ai::Player::Human,
    );
    game.play(game.board().legal[0]).unwrap();
    game.save(&path).unwrap();
    let output = reversi3d(&["analyze", "--game", path.to_str().unwrap(), "--depth", "2"]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.status.success() && text.contains("analyze 6x6x6, Green to move"),
        "{text}"
    );

    std::fs::write(&path, "(version: 1)").unwrap();
    let output = reversi3d(&["analyze", "--game", path.to_str().unwrap()]);
    let message = String::from_utf8(output.stderr).unwrap();
    assert!(message.contains("game.ron: line 1"), "{message}");
}

#[test]
fn presets_export_and_import_through_the_command_line() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("mine.ron");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_reversi3d"))
            .args(args)
            .env("REVERSI3D_DATA_DIR", folder.path())
            .output()
            .unwrap()
    };
    assert!(
        run(&["preset", "export", "Bilbo", file.to_str().unwrap()])
            .status
            .success()
    );
    let edited = std::fs::read_to_string(&file)
        .unwrap()
        .replace("\"Bilbo\"", "\"Mine\"");
    std::fs::write(&file, edited.replace("Mob: 14", "Mob: 20")).unwrap();
    assert!(
        run(&["preset", "import", file.to_str().unwrap()])
            .status
            .success()
    );
    let listed = String::from_utf8(run(&["preset", "list"]).stdout).unwrap();
    assert!(listed.contains("Mine         20,9,1000"), "{listed}");
    std::fs::write(&file, edited.replace("Mob: 14", "Mob: lots")).unwrap();
    let refused = run(&["preset", "import", file.to_str().unwrap()]);
    let message = String::from_utf8(refused.stderr).unwrap();
    assert!(
        !refused.status.success() && message.contains("mine.ron: line 6, column"),
        "{message}"
    );
}

#[test]
fn solve_finds_the_known_4x4_result() {
    // 4×4 Reversi is a second-player win, 11 discs to 3 (a difference of 8).
    let output = reversi3d(&["solve", "--board", "4x4"]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{text}");
    assert!(text.contains("perfect play: Red loses by 8"), "{text}");
    // The four first moves are symmetric: the filter keeps the first.
    assert!(text.contains("best move: a2\n"), "{text}");
}

#[test]
fn analyze_stops_at_a_node_budget_with_the_deepest_finished_depth() {
    let output = reversi3d(&[
        "analyze", "--board", "6x6x6", "--depth", "30", "--nodes", "30000",
    ]);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8_lossy(&output.stdout);
    let reached: u32 = text
        .lines()
        .find_map(|l| l.strip_prefix("stopped by the budget after depth "))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|d| d.parse().ok())
        .unwrap_or_else(|| panic!("no budget line in:\n{text}"));
    assert!((1..30).contains(&reached), "{text}");
    assert!(
        text.contains("best"),
        "the best move so far is reported:\n{text}"
    );
    let refused = reversi3d(&["analyze", "--search", "classic", "--time", "1s"]);
    assert_eq!(refused.status.code(), Some(2));
}

/// Starts `reversi3d` with `args`, sends Ctrl-C (SIGINT) after `delay`, and returns its
/// output once it has stopped by itself.
fn interrupted(args: &[&str], delay: std::time::Duration) -> std::process::Output {
    let child = Command::new(env!("CARGO_BIN_EXE_reversi3d"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("binary runs");
    std::thread::sleep(delay);
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    child.wait_with_output().expect("the run ends")
}

#[test]
fn ctrl_c_stops_a_tournament_cleanly_with_the_finished_games_counted() {
    let folder = tempfile::tempdir().unwrap();
    let csv = folder.path().join("results.csv");
    let games = folder.path().join("games.csv");
    let output = interrupted(
        &command(
            "tournament --board 6x6x6 --depth 3 \
             --games 200 --threads 2 --csv",
            &[
                csv.to_str().unwrap(),
                "--games-file",
                games.to_str().unwrap(),
            ],
        ),
        std::time::Duration::from_millis(1500),
    );
    let text = stdout(&output);
    assert!(text.contains("stopped early"), "{text}");
    let report = std::fs::read_to_string(&csv).unwrap();
    let played = report
        .lines()
        .find_map(|l| l.strip_prefix("games played,"))
        .unwrap();
    let lines = std::fs::read_to_string(&games).unwrap().lines().count();
    assert_eq!(
        played.parse::<usize>().unwrap() + 1,
        lines,
        "every counted game is in the file"
    );
}

#[test]
fn ctrl_c_stops_an_evolution_at_its_checkpoint_and_resume_continues() {
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path().join("run");
    let output = interrupted(
        &command(
            "evolve --board 6x6 --depth 1 --games 2 \
             --generations 100000 --threads 2 --dir",
            &[dir.to_str().unwrap()],
        ),
        std::time::Duration::from_millis(800),
    );
    let text = stdout(&output);
    assert!(text.contains("continue with --resume"), "{text}");
    let resumed = reversi3d(&[
        "evolve",
        "--resume",
        dir.to_str().unwrap(),
        "--generations",
        "3",
    ]);
    let text = String::from_utf8(resumed.stdout).unwrap();
    assert!(resumed.status.success(), "{text}");
    assert!(text.contains("generation"), "{text}");
}

#[test]
fn evolve_refuses_a_missing_folder_or_a_damaged_checkpoint_by_name() {
    let folder = tempfile::tempdir().unwrap();
    let output = reversi3d(&["evolve", "--resume", folder.path().to_str().unwrap()]);
    assert!(!output.status.success());
    let message = String::from_utf8(output.stderr).unwrap();
    assert!(
        message.contains("checkpoint.ron") && message.contains("no checkpoint here"),
        "{message}"
    );
    std::fs::write(
        folder.path().join("checkpoint.ron"),
        "(version: 1, state: (",
    )
    .unwrap();
    let output = reversi3d(&["evolve", "--resume", folder.path().to_str().unwrap()]);
    let message = String::from_utf8(output.stderr).unwrap();
    assert!(message.contains("checkpoint.ron: line"), "{message}");
}

#[test]
fn a_table_or_thread_count_beyond_the_machine_is_refused_with_its_bound() {
    // A table of 100 TB used to panic in the allocator; now the option is refused.
    let said = refused(&words("analyze --board 4x4 --depth 3 --table-mb 100000000"));
    assert!(
        said.contains("--table-mb") && said.contains("half of this machine's memory"),
        "{said}"
    );
    for command in [
        &words("perft --board 4x4 --depth 2 --threads 100000")[..],
        &words("analyze --board 4x4 --depth 2 --threads 100000"),
    ] {
        let output = reversi3d(command);
        assert_eq!(output.status.code(), Some(2), "{command:?}");
        assert!(
            output.stdout.is_empty(),
            "{command:?}: refused before any output"
        );
        let refused = String::from_utf8(output.stderr).unwrap();
        assert!(
            refused.contains("--threads: threads 100000 is out of bounds")
                && refused.contains("per core"),
            "{command:?}: {refused}"
        );
    }
}

#[test]
fn conflicting_or_empty_options_are_refused_by_name() {
    // An OBF file and a position: the position used to be ignored without a word.
    let said = refused(&[
        "solve",
        "--obf",
        "tests/data/ffo.obf",
        "--position",
        "GR../..../..../.... R",
        "--board",
        "4x4",
    ]);
    assert!(
        said.contains("--obf") && said.contains("--position"),
        "{said}"
    );
    // A reference with no time used to end in "review interrupted".
    let said = refused(&words(
        "review --game docs/bench/review-8x8.ron --reference-time 0ms",
    ));
    assert!(
        said.contains("--reference-time") && said.contains("at least 1ms"),
        "{said}"
    );
}

#[test]
fn endless_devices_are_refused_at_once_by_every_reader() {
    // `tune --data /dev/zero` and `merge /dev/zero` used to abort on an 8.6 GB allocation.
    let commands: [&[&str]; 8] = [
        &["tune", "--data", "/dev/zero", "--out", "never.ron"],
        &["merge", "/dev/zero"],
        &["solve", "--obf", "/dev/urandom"],
        &["solve", "--board", "8x8", "--patterns", "/dev/zero"],
        &["analyze", "--game", "/dev/zero"],
        &["review", "--game", "/dev/urandom"],
        &["preset", "import", "/dev/zero"],
        &["positions", "--resume", "--out", "/dev/zero"],
    ];
    for command in commands {
        let started = std::time::Instant::now();
        let output = reversi3d(command);
        let refused = String::from_utf8_lossy(&output.stderr).to_string();
        assert_eq!(output.status.code(), Some(2), "{command:?}: {refused}");
        assert!(
            refused.contains("not a regular file"),
            "{command:?}: {refused}"
        );
        assert!(
            started.elapsed() < std::time::Duration::from_secs(5),
            "{command:?}"
        );
    }
}

#[test]
fn a_depth_of_zero_is_refused() {
    // perft and bench used to print an empty table, analyze to search to the end.
    for command in ["perft", "bench", "analyze"] {
        let said = refused(&[command, "--board", "4x4", "--depth", "0"]);
        assert!(
            said.contains("--depth") && said.contains("1..=64"),
            "{command}: {said}"
        );
    }
}

#[test]
fn a_side_that_must_pass_passes_and_a_finished_game_gives_its_result() {
    // Red cannot move here; solve and analyze used to stop at "has no legal move".
    let must_pass = "GR../..../..../.... R";
    let solved = stdout(&reversi3d(&[
        "solve",
        "--board",
        "4x4",
        "--position",
        must_pass,
    ]));
    assert!(
        solved.contains("Red has no legal move and passes; Green moves next")
            && solved.contains("perfect play: Green wins by 3")
            && solved.contains("best move: a3"),
        "{solved}"
    );
    let analysed = stdout(&reversi3d(&command(
        "analyze --board 4x4 --depth 2 --position",
        &[must_pass],
    )));
    assert!(
        analysed.contains("Red has no legal move and passes") && analysed.contains("a3"),
        "{analysed}"
    );
    let over = "RR../..../..../.... G";
    let solved = stdout(&reversi3d(&["solve", "--board", "4x4", "--position", over]));
    assert!(
        solved.contains("the game is over: Green loses by 2"),
        "{solved}"
    );
}

#[test]
fn a_position_may_start_with_an_empty_cell_written_as_a_hyphen() {
    // FFO #45 as an OBF line: its first cells are empty ('-'), which clap once took for options.
    let obf = "---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO-- X";
    let said = stdout(&reversi3d(&command(
        "analyze --board 8x8 --depth 1 --position",
        &[obf],
    )));
    assert!(
        said.contains("Red to move") && said.contains("best"),
        "{said}"
    );
}

#[test]
fn a_pattern_player_whose_patterns_go_unread_is_noted_to_play_by_its_nine_weights() {
    let note = "note: Lobelia plays by its nine weights in these games";
    let played = |options: &str| {
        let command =
            format!("match --players Lobelia,Merry --board 8x8 --depth 1 --games 2 {options}");
        let output = reversi3d(&words(&command));
        stdout(&output);
        String::from_utf8(output.stderr).unwrap()
    };
    let classic = played("--search classic");
    assert!(
        classic.contains(note) && classic.contains("--search strong reads them"),
        "{classic}"
    );
    let misere = played("--search strong --rules misere");
    assert!(
        misere.contains(note) && misere.contains("not misère"),
        "{misere}"
    );
    let strong = played("--search strong");
    assert!(!strong.contains("note:"), "{strong}");
    // A tournament and a position set say the same of the players they play (in a folder of
    // their own: a tournament writes its games' CSV where it runs).
    let folder = tempfile::tempdir().unwrap();
    for command in [
        "tournament --players Lobelia,Arwen --board 8x8 --depth 1 --games 2",
        "positions --players Lobelia,Arwen --board 8x8 --depth 1 --count 4 --out set.positions",
    ] {
        let output = reversi3d_in(folder.path(), &words(command));
        stdout(&output);
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(said.contains(note), "{command}: {said}");
    }
}
