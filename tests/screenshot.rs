//! The workspace drawn for real through `reversi3d --screenshot` (a virtual X display with
//! software GL): the 3D view of a 4×4×4 start and of a full 8×8×8 board must not be blank.
//! Needs an X display with GL, so it is ignored unless asked for (`.ci/run` starts Xvfb and runs
//! it with `--include-ignored`).

use std::path::Path;
use std::process::Command;

/// The part of a 1600×1000 window where the default layout puts the 3D view.
const VIEW_AREA: (u32, u32, u32, u32) = (450, 150, 1100, 900);

fn screenshot(args: &[&str], path: &Path, data: &Path) {
    let status = Command::new(env!("CARGO_BIN_EXE_reversi3d"))
        .args(args)
        .args(["--show", "view3d", "--screenshot"])
        .arg(path)
        .env("REVERSI3D_DATA_DIR", data)
        .status()
        .expect("the binary runs");
    assert!(status.success(), "reversi3d {args:?} --screenshot failed");
}

/// The share of the view's pixels that differ clearly from its background, and how many
/// distinct colours it has.
fn coverage(path: &Path) -> (f64, usize) {
    let image = image::open(path).expect("a PNG").to_rgb8();
    let (left, top, right, bottom) = VIEW_AREA;
    let background = image.get_pixel(left + 5, bottom - 5).0;
    let mut drawn = 0usize;
    let mut colours = std::collections::HashSet::new();
    for y in top..bottom.min(image.height()) {
        for x in left..right.min(image.width()) {
            let pixel = image.get_pixel(x, y).0;
            let distance: u32 = pixel
                .iter()
                .zip(background)
                .map(|(&a, b)| u32::from(a.abs_diff(b)))
                .sum();
            drawn += usize::from(distance > 40);
            colours.insert(pixel);
        }
    }
    let area = ((right - left) * (bottom - top)) as f64;
    (drawn as f64 / area, colours.len())
}

#[test]
#[ignore = "needs an X display with GL: run with --include-ignored under Xvfb, as .ci/run does"]
fn the_3d_view_draws_the_cube() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let full_game = full_8x8x8_game();
    let cases: [(&str, Vec<&str>, f64); 2] = [
        ("4x4x4 start", vec!["--board", "4x4x4"], 0.03),
        (
            "8x8x8 full board",
            vec!["--board", "8x8x8", "--moves", &full_game, "--keys", "a"],
            0.20,
        ),
    ];
    for (name, args, least) in cases {
        let path = folder
            .path()
            .join(format!("{}.png", name.replace(' ', "-")));
        screenshot(&args, &path, folder.path());
        let (drawn, colours) = coverage(&path);
        eprintln!(
            "{name}: {:.1} % of the view drawn, {colours} colours",
            drawn * 100.0
        );
        assert!(
            drawn >= least,
            "{name}: the 3D view is (nearly) blank: {drawn:.3}"
        );
        assert!(
            colours > 200,
            "{name}: too few colours for lit spheres: {colours}"
        );
    }
}

/// A whole 8×8×8 game: each side plays its first legal move until the end.
fn full_8x8x8_game() -> String {
    use engine::Rules;
    use lab::ai::Player;
    use lab::game::Game;
    let shape = "8x8x8".parse().expect("a valid board");
    let mut game = Game::new(shape, Rules::Classic, Player::Human, Player::Human);
    while let Some(&cell) = game.board().mover_moves.first() {
        game.play(cell).expect("a legal move");
    }
    game.moves_text()
}
