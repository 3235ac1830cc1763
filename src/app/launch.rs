//! How the GUI starts when given arguments: a board, moves, the players, and an optional
//! screenshot of the first settled frame (for docs and CI).

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::judge_form::Colouring;
use super::settings::Seat;
use engine::Shape;
use engine::notation::parse_moves;

/// The GUI's own command-line options.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct LaunchArgs {
    /// Start on this board (NxN or NxNxN) instead of the last one used.
    #[arg(long)]
    pub board: Option<Shape>,
    /// Start from these moves (c4 on square boards, a transcript such as f5d6c3 too; x-y-z
    /// from 1 on cubes; comma- or space-separated; passes implied).
    #[arg(long, requires = "board")]
    pub moves: Option<String>,
    /// Open this game record (its board, rules and moves).
    #[arg(long, conflicts_with_all = ["board", "moves", "position"])]
    pub game: Option<PathBuf>,
    /// Start from this position: our position text, an 8×8 OBF line, or moves as a paste
    /// takes them (on --board, or the board the text names). It may start with `-` (an empty
    /// cell).
    #[arg(long, conflicts_with = "moves", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Red's player: `Human`, a preset name, or `Name:depth` (e.g. `Arwen:6`).
    #[arg(long)]
    pub red: Option<String>,
    /// Green's player, as for `--red`.
    #[arg(long)]
    pub green: Option<String>,
    /// Bring these panels' tabs to the front (repeatable).
    #[arg(long = "show", value_enum)]
    pub show: Vec<super::pane::Pane>,
    /// Type these keys once the window is up, e.g. `c` for the categories colouring or `.`
    /// for the help (see the help for every key).
    #[arg(long)]
    pub keys: Option<String>,
    /// Review the game at once (the Review panel; the reference set in Compare).
    #[arg(long)]
    pub review: bool,
    /// Colour the boards from the Compare panel: `reference`, `disagreement`, or a
    /// contestant's number (1–4).
    #[arg(long, value_parser = parse_colouring)]
    pub colour: Option<Colouring>,
    /// Show the tuning or pattern training run in this folder in the Tune panel and resume it
    /// if unfinished.
    #[arg(long)]
    pub tune_run: Option<PathBuf>,
    /// Render the window once the analysis has settled, write it to this PNG file and exit
    /// (settings are neither read nor saved).
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    /// Measure how often the window redraws for this many seconds (after a 5 s warm-up),
    /// print the mean, median and 90th-percentile frame interval and exit (settings are
    /// neither read nor saved). The window redraws without pause meanwhile.
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(1..=3600))]
    pub frame_report: Option<u32>,
}

impl LaunchArgs {
    /// Whether the window starts from a fresh store and leaves the user's alone: for a
    /// screenshot or a frame report.
    pub fn is_measurement(&self) -> bool {
        self.screenshot.is_some() || self.frame_report.is_some()
    }
}

impl LaunchArgs {
    /// Checks the options before the window opens: players must exist in `library`, moves
    /// must be legal.
    pub fn check(&self, library: &lab::ai::PresetLibrary) -> anyhow::Result<()> {
        for seat in [&self.red, &self.green].into_iter().flatten() {
            if let Some(name) = parse_seat(seat)?.ai
                && library.find(&name).is_none()
            {
                anyhow::bail!("no player called {name:?} (see `reversi3d preset list`)");
            }
        }
        if let (Some(board), Some(moves)) = (self.board, &self.moves) {
            let mut game = lab::game::Game::new(
                board,
                engine::Rules::Classic,
                lab::ai::Player::Human,
                lab::ai::Player::Human,
            );
            game.set_moves(parse_moves(board, moves)?)?;
        }
        if let Some(path) = &self.game {
            lab::game::Game::load(path)?;
        }
        if let Some(text) = &self.position {
            let board = self.board.unwrap_or_else(engine::obf::obf_shape);
            lab::game::paste::recognise(text, board)
                .map_err(|problem| anyhow::anyhow!("--position: {problem}"))?;
        }
        Ok(())
    }
}

/// Parses `--colour`.
fn parse_colouring(text: &str) -> Result<Colouring, String> {
    match text {
        "reference" => Ok(Colouring::Reference),
        "disagreement" => Ok(Colouring::Disagreement),
        "off" => Ok(Colouring::Off),
        number => match number.parse::<usize>() {
            Ok(n @ 1..=4) => Ok(Colouring::Contestant(n - 1)),
            _ => Err(format!(
                "{text:?}: expected reference, disagreement, off or a contestant 1-4"
            )),
        },
    }
}

/// Parses `Human`, `Name` or `Name:depth` (depth 4 when left out).
pub fn parse_seat(text: &str) -> anyhow::Result<Seat> {
    let (name, depth) = match text.split_once(':') {
        Some((name, depth)) => {
            let depth: u32 = depth.trim().parse().map_err(|_| {
                anyhow::anyhow!("player {text:?}: the depth after ':' must be a number")
            })?;
            (name.trim(), depth)
        }
        None => (text.trim(), 4),
    };
    if !(1..=engine::bounds::MAX_DEPTH).contains(&depth) {
        anyhow::bail!(
            "player {text:?}: depth must be 1 to {}",
            engine::bounds::MAX_DEPTH
        );
    }
    Ok(if name.eq_ignore_ascii_case("human") {
        Seat::human()
    } else {
        Seat::ai(name, depth)
    })
}

/// A screenshot to take once the workspace has settled.
pub struct ScreenshotPlan {
    /// Where to write the PNG.
    pub path: PathBuf,
    /// When the app started.
    pub started: Instant,
    /// Whether the screenshot was asked for.
    pub requested: bool,
    /// Frames drawn so far.
    pub frames: u32,
    /// The image, once the renderer has captured it.
    pub captured: Arc<Mutex<Option<Arc<egui::ColorImage>>>>,
}

impl ScreenshotPlan {
    /// The longest wait for the engine before the screenshot is taken anyway.
    pub const PATIENCE: Duration = Duration::from_secs(8);
    /// The longest wait for the Compare, Review and Tune panels' work (a review takes
    /// minutes).
    pub const JUDGING_PATIENCE: Duration = Duration::from_secs(600);

    /// A plan to write `path`.
    pub fn new(path: PathBuf) -> Self {
        ScreenshotPlan {
            path,
            started: Instant::now(),
            requested: false,
            frames: 0,
            captured: Arc::default(),
        }
    }

    /// Whether to ask for the screenshot now: after a few frames (layout settled) once the
    /// engine and the judging work are idle, or when patience runs out.
    pub fn due(&mut self, engine_busy: bool, judging: bool) -> bool {
        self.frames += 1;
        let waited = self.started.elapsed();
        let engine_done = !engine_busy || waited > Self::PATIENCE;
        let judging_done = !judging || waited > Self::JUDGING_PATIENCE;
        let settled = self.frames >= 4 && engine_done && judging_done;
        let due = settled && !self.requested;
        self.requested |= due;
        due
    }

    /// Writes the captured image.
    pub fn save(&self, image: &egui::ColorImage) -> anyhow::Result<()> {
        let [width, height] = image.size;
        let pixels: Vec<u8> = image.pixels.iter().flat_map(|p| p.to_array()).collect();
        let buffer = image::RgbaImage::from_raw(width as u32, height as u32, pixels)
            .ok_or_else(|| anyhow::anyhow!("the captured image has the wrong size"))?;
        let mut png = Vec::new();
        buffer.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)?;
        lab::files::write_atomically(&self.path, png)?;
        Ok(())
    }
}
