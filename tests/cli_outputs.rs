//! The command line's output files and imports: an existing file is kept unless `--force`, a
//! missing folder is refused before any work, and a preset of yours is replaced only when
//! forced.

mod common;

use common::command::{reversi3d, stdout};
use std::process::Command;

#[test]
fn an_existing_output_is_kept_unless_forced_and_a_missing_folder_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let at = |name: &str| folder.path().join(name).to_str().unwrap().to_string();
    let existing = at("existing.csv");
    std::fs::write(&existing, "precious").unwrap();
    let tournament = |extra: &[&str]| {
        let mut args = vec![
            "tournament",
            "--board",
            "4x4",
            "--depth",
            "1",
            "--games",
            "2",
        ];
        args.extend(["--players", "Arwen,Bilbo", "--threads", "1"]);
        args.extend(extra);
        args.into_iter().map(String::from).collect::<Vec<String>>()
    };
    let games = at("games.csv");
    let cases: Vec<Vec<String>> = vec![
        vec![
            "preset".into(),
            "export".into(),
            "Arwen".into(),
            existing.clone(),
        ],
        tournament(&["--csv", &existing, "--games-file", &games]),
        tournament(&["--games-file", &existing]),
        vec![
            "merge".into(),
            at("none"),
            "--games-file".into(),
            existing.clone(),
        ],
        vec![
            "tune".into(),
            "--data".into(),
            at("none.txt"),
            "--out".into(),
            existing.clone(),
        ],
        vec![
            "review".into(),
            "--game".into(),
            at("none.ron"),
            "--csv".into(),
            existing.clone(),
        ],
    ];
    for args in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let said = String::from_utf8(reversi3d(&args).stderr).unwrap();
        assert!(
            said.contains("exists and is kept (--force replaces it)"),
            "{args:?}: {said}"
        );
        assert_eq!(std::fs::read_to_string(&existing).unwrap(), "precious");
    }
    assert!(
        !std::path::Path::new(&games).exists(),
        "refused before any game"
    );
    let nowhere = at("nonexistent/x.csv");
    let said =
        String::from_utf8(reversi3d(&tournament_args(&tournament(&["--csv", &nowhere]))).stderr)
            .unwrap();
    assert!(said.contains("does not exist"), "{said}");
    assert!(!folder.path().join("nonexistent").exists());
    // --force replaces.
    let mut forced = tournament(&["--csv", &existing, "--games-file", &games]);
    forced.push("--force".into());
    stdout(&reversi3d(&tournament_args(&forced)));
    assert!(
        std::fs::read_to_string(&existing)
            .unwrap()
            .contains("Arwen")
    );
    let mut again = forced.clone();
    again.retain(|arg| arg != "--csv" && arg != &existing);
    stdout(&reversi3d(&tournament_args(&again)));
    let export = ["preset", "export", "Arwen", &existing, "--force"];
    stdout(&reversi3d(&export));
    assert!(
        std::fs::read_to_string(&existing)
            .unwrap()
            .contains("Arwen")
    );
}

fn tournament_args(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

#[test]
fn importing_over_a_preset_of_yours_needs_force() {
    let data = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_reversi3d"))
            .args(args)
            .env("REVERSI3D_DATA_DIR", data.path())
            .output()
            .expect("binary runs")
    };
    let file = data.path().join("mine.ron");
    let text = "(version: 1, name: \"Mine\", description: \"\", weights: (Mob: 1, Dif: 2, \
                Cor: 3, CSq: 4, XSq: 5, Edg: 6, IEd: 7, Fac: 8, IFa: 9))";
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap();
    stdout(&run(&["preset", "import", path]));
    std::fs::write(&file, text.replace("Mob: 1", "Mob: 11")).unwrap();
    let refused = run(&["preset", "import", path]);
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(
        !refused.status.success() && said.contains("--force replaces it"),
        "{said}"
    );
    let shown = stdout(&run(&["preset", "show", "Mine"]));
    assert!(shown.contains("Mob: 1,"), "kept: {shown}");
    stdout(&run(&["preset", "import", path, "--force"]));
    let shown = stdout(&run(&["preset", "show", "Mine"]));
    assert!(shown.contains("Mob: 11,"), "replaced: {shown}");
}
