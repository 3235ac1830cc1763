//! Arguments shared by the subcommands that start from a position and search it.

use anyhow::{Context, bail};
use clap::{Args, ValueEnum};

use lab::ai::selfplay::GameSettings;
use lab::ai::{Preset, PresetLibrary, SearchKind};
use lab::players::preset::UnreadPatterns;
use std::path::PathBuf;
use std::sync::OnceLock;

use engine::notation::{parse_moves, parse_transcript, replay, replay_transcript};
use engine::search::{Evaluation, Goal, SearchSettings, Workers};
use engine::{Geometry, Position, Rules, Shape, Weights, WidthJob};
use lab::game::Game;
use lab::game::position_list::parse_position_line;

/// A switch written `on` or `off`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Toggle {
    /// Enabled.
    On,
    /// Disabled.
    Off,
}

impl Toggle {
    /// Whether the switch is on.
    pub fn is_on(self) -> bool {
        self == Toggle::On
    }
}

/// Where the search starts.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// Board: NxN (2D, N even 4–16) or NxNxN (3D, N even 4–10).
    #[arg(long, default_value = "6x6x6")]
    pub board: Shape,
    /// Moves played from the start: c4 on square boards (a transcript such as f5d6c3 too, or
    /// the seed's x-y), x-y-z from 1 on cubes; comma- or space-separated; passes are implied
    /// or written `pass`.
    #[arg(long, conflicts_with = "position")]
    pub moves: Option<String>,
    /// A position instead of a move list: every cell as R, G or . in generation order
    /// (spaces and / allowed), then a space and the side to move, R or G.
    #[arg(long, conflicts_with_all = ["moves", "transcript", "game"], allow_hyphen_values = true)]
    pub position: Option<String>,
    /// 8×8 only: a game as Edax or Egaroucid write it, e.g. f5d6c3d3c4 (Black is Red).
    #[arg(long, conflicts_with_all = ["moves", "game"])]
    pub transcript: Option<String>,
    /// A saved game record (.ron): its board and the position at its last move.
    #[arg(long, conflicts_with = "moves")]
    pub game: Option<PathBuf>,
    /// The record of `--game`, read once on first use.
    #[arg(skip)]
    loaded_game: OnceLock<Game>,
}

impl PositionArgs {
    /// The board: that of `--game` when given, else `--board`, which must
    /// be 8×8 for `--transcript`.
    pub fn shape(&self) -> anyhow::Result<Shape> {
        let shape = match self.game()? {
            Some(game) => game.shape,
            None => self.board,
        };
        if self.transcript.is_some() && shape != Shape::new(2, 8)? {
            bail!("--transcript is for 8x8 games; the board is {shape}");
        }
        Ok(shape)
    }

    /// The game record of `--game`, if given (read from disk only the first time).
    fn game(&self) -> anyhow::Result<Option<&Game>> {
        let Some(path) = &self.game else {
            return Ok(None);
        };
        if let Some(game) = self.loaded_game.get() {
            return Ok(Some(game));
        }
        let game = Game::load(path)?;
        Ok(Some(self.loaded_game.get_or_init(|| game)))
    }

    /// The position these arguments describe, or a message naming the problem.
    pub fn position<const W: usize>(&self, geometry: &Geometry<W>) -> anyhow::Result<Position<W>> {
        let shape = geometry.shape();
        if let Some(text) = &self.position {
            let setup = parse_position_line(text, shape).map_err(anyhow::Error::msg);
            return Ok(setup.context("--position")?.position(geometry));
        }
        if let Some(text) = &self.transcript {
            let cells = parse_transcript(text).context("--transcript")?;
            let start = Position::start(geometry);
            return replay_transcript(geometry, start, &cells).context("--transcript");
        }
        if let Some(game) = self.game()? {
            let start = game.start().position(geometry);
            return replay(geometry, start, game.moves()).context("--game");
        }
        let moves = parse_moves(shape, self.moves.as_deref().unwrap_or("")).context("--moves")?;
        replay(geometry, Position::start(geometry), &moves).context("--moves")
    }
}

/// Which search `analyze` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SearchChoice {
    /// Negamax PVS with iterative deepening and a transposition table.
    Strong,
    /// The seed app's fixed-depth α/β (or full minimax) search.
    Classic,
}

/// How finished games are scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesChoice {
    /// More discs win.
    Classic,
    /// Fewer discs win.
    Misere,
}

/// Options of the strong search.
#[derive(Args, Debug)]
pub struct StrongArgs {
    /// Scoring of finished games.
    #[arg(long, value_enum, default_value_t = RulesChoice::Classic)]
    pub rules: RulesChoice,
    /// Transposition table size in megabytes (shared out among the root moves). Larger pays
    /// only on long searches: every fresh page costs a fault on first use.
    #[arg(long, default_value_t = SearchSettings::DEFAULT_TABLE_MEGABYTES, value_parser = table_megabytes)]
    pub table_mb: usize,
    /// Solve exactly to the end once this few cells are empty.
    #[arg(long, default_value_t = SearchSettings::DEFAULT_ENDGAME_EMPTIES)]
    pub endgame: u32,
}

impl SearchChoice {
    /// The search chosen.
    pub fn kind(self) -> SearchKind {
        match self {
            SearchChoice::Strong => SearchKind::Strong,
            SearchChoice::Classic => SearchKind::Classic,
        }
    }
}

impl RulesChoice {
    /// The rules chosen.
    pub fn rules(self) -> Rules {
        match self {
            RulesChoice::Classic => Rules::Classic,
            RulesChoice::Misere => Rules::Misere,
        }
    }
}

impl StrongArgs {
    /// The strong search asked `goal` to `depth` with `weights`, under these rules, table and
    /// endgame threshold (the symmetry filter on, on the caller's pool).
    pub fn settings(&self, goal: Goal, depth: u32, weights: Weights) -> SearchSettings {
        SearchSettings {
            table_megabytes: self.table_mb,
            endgame_empties: self.endgame,
            ..SearchSettings::new(goal, depth, self.rules.rules(), weights)
        }
    }
}

/// How to search.
#[derive(Args, Debug)]
pub struct SearchArgs {
    /// α/β pruning (off: the full minimax tree).
    #[arg(long, value_enum, default_value_t = Toggle::On)]
    pub alpha_beta: Toggle,
    /// Drop root moves equivalent by a symmetry of the position.
    #[arg(long, value_enum, default_value_t = Toggle::On)]
    pub symmetry: Toggle,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// A player whose weights to use: built-in (Arwen … Jolly) or from your preset folder.
    #[arg(long, conflicts_with = "weights")]
    pub player: Option<String>,
    /// Nine comma-separated weights: Mob,Dif,Cor,CSq,XSq,Edg,IEd,Fac,IFa.
    #[arg(long, allow_hyphen_values = true)]
    pub weights: Option<Weights>,
}

impl SearchArgs {
    /// The evaluation chosen by `--weights` or `--player` (a pattern player's patterns for
    /// `shape`, if it has them), else `default` (a label and the weights), with a label for
    /// the report.
    pub fn evaluation(
        &self,
        default: (&str, Weights),
        shape: Shape,
    ) -> anyhow::Result<(String, Evaluation)> {
        if let Some(weights) = self.weights {
            return Ok((format!("weights {weights}"), Evaluation::weights(weights)));
        }
        let Some(name) = self.player.as_deref() else {
            let label = format!("{} ({})", default.0, default.1);
            return Ok((label, Evaluation::weights(default.1)));
        };
        let preset = find_player(
            &PresetLibrary::user_default().map_err(anyhow::Error::msg)?,
            name,
        )
        .context("--player")?;
        let label = match preset.patterns_for(shape) {
            Some(patterns) => format!(
                "{} (patterns {})",
                preset.name,
                patterns.source.path.display()
            ),
            None => format!("{} ({})", preset.name, preset.weights),
        };
        Ok((label, preset.evaluation(shape)))
    }

    /// `settings` with these options' α/β and symmetry filter, on `--threads` workers.
    pub fn apply(&self, settings: SearchSettings) -> SearchSettings {
        SearchSettings {
            alpha_beta: self.alpha_beta.is_on(),
            symmetry: self.symmetry.is_on(),
            workers: Workers::Threads(self.threads),
            ..settings
        }
    }
}

/// The preset called `name` in `library`, or the preset file `name` when it is the path of a
/// `.ron` file; otherwise an error that lists the players there are.
pub fn find_player(library: &PresetLibrary, name: &str) -> anyhow::Result<Preset> {
    let name = name.trim();
    let path = std::path::Path::new(name);
    if name.ends_with(".ron") && path.exists() {
        return Ok(Preset::load(path)?);
    }
    match library.find(name) {
        Some(preset) => Ok(preset),
        None => {
            let names: Vec<String> = library.all().0.into_iter().map(|p| p.name).collect();
            bail!("no player '{name}'; choose from {}", names.join(", "))
        }
    }
}

/// Notes on standard error each of `players` whose patterns of `shape` games under `rules`
/// by `search` leave unread, so that nobody takes its nine weights' play for its patterns'.
pub fn note_unread_patterns<'a>(
    players: impl IntoIterator<Item = &'a Preset>,
    (shape, rules, search): (Shape, Rules, SearchKind),
) {
    let mut noted: Vec<&str> = Vec::new();
    for player in players {
        let Some(reason) = player.unread_patterns(shape, rules, search) else {
            continue;
        };
        if noted.contains(&player.name.as_str()) {
            continue;
        }
        noted.push(&player.name);
        let hint = match reason {
            UnreadPatterns::ClassicSearch => "; --search strong reads them",
            UnreadPatterns::OtherRules => "",
        };
        eprintln!(
            "note: {} plays by its nine weights in these games: {reason}{hint}",
            player.name
        );
    }
}

/// The players named by `--players` (every player of `library` when none is named).
pub fn players_or_all(library: &PresetLibrary, names: &[String]) -> anyhow::Result<Vec<Preset>> {
    if names.is_empty() {
        return Ok(library.all().0);
    }
    names
        .iter()
        .map(|name| find_player(library, name))
        .collect::<anyhow::Result<_>>()
        .context("--players")
}

/// How the games of a tournament or an evolution run are played.
#[derive(Args, Debug)]
pub struct GameArgs {
    /// Board: NxN (2D, N even 4–16) or NxNxN (3D, N even 4–10).
    #[arg(long, default_value = "6x6x6")]
    pub board: Shape,
    /// Scoring of finished games.
    #[arg(long, value_enum, default_value_t = RulesChoice::Classic)]
    pub rules: RulesChoice,
    /// Search depth of every move, in plies.
    #[arg(long, default_value_t = 2)]
    pub depth: u32,
    /// The search both sides run (classic: every move searched at depth − 1, ties broken at
    /// random, as in the seed's tournaments).
    #[arg(long, value_enum, default_value_t = SearchChoice::Classic)]
    pub search: SearchChoice,
    /// Random plies before the engines take over; each opening is played with both colours
    /// (0 reproduces the seed, whose games differ only by random tie-breaks).
    #[arg(long, default_value_t = 4)]
    pub openings: u32,
    /// Seed of every random choice: the same seed replays the same run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads: games run in parallel (0 = one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Games at equal time: each search deepens for this long a move (e.g. 100ms; `--depth`
    /// then caps it, so give a large one), strong search only. The moves then depend on the
    /// machine's speed and load: run nothing else meanwhile.
    #[arg(long, value_parser = humantime::parse_duration)]
    pub time_per_move: Option<std::time::Duration>,
}

impl GameArgs {
    /// The game settings these arguments describe.
    pub fn settings(&self) -> GameSettings {
        GameSettings {
            shape: self.board,
            rules: self.rules.rules(),
            depth: self.depth,
            search: self.search.kind(),
            opening_plies: self.openings,
            time_per_move: self.time_per_move,
        }
    }
}

/// Reads the pattern file at `path` for `board`: refused, with the file's name and the
/// problem, when damaged or fitted to another board.
pub fn read_pattern_file(
    path: &std::path::Path,
    board: Shape,
) -> anyhow::Result<std::sync::Arc<engine::patterns::PatternEvaluation>> {
    Ok(lab::players::pattern_source::LoadedPatterns::read(path, board)?.evaluation)
}

/// A table size in megabytes within the machine's bounds (`engine::bounds`).
fn table_megabytes(text: &str) -> Result<usize, String> {
    let megabytes: usize = text.parse().map_err(|e| format!("{e}"))?;
    engine::bounds::check_table_megabytes(megabytes).map_err(|e| e.to_string())
}

/// A command that reports on the position its [`PositionArgs`] give, at the width of the
/// position's board.
pub trait PositionReport {
    /// Writes the report on the position `at` to `out`.
    fn report<const W: usize>(&self, at: PositionAt<W>, out: Out<'_>) -> anyhow::Result<()>;
}

/// Where a report goes.
pub type Out<'a> = &'a mut (dyn std::io::Write + Send);

/// A position and the tables of its board.
pub struct PositionAt<'a, const W: usize> {
    /// The board's tables.
    pub geometry: &'a Geometry<W>,
    /// The position.
    pub position: Position<W>,
}

/// Reads the position `given` and writes `command`'s report on it to `out`.
pub fn report_position(
    given: &PositionArgs,
    command: &impl PositionReport,
    out: &mut (dyn std::io::Write + Send),
) -> anyhow::Result<()> {
    given.shape()?.dispatch(PositionJob {
        given,
        command,
        out,
    })
}

/// [`report_position`] at one width.
struct PositionJob<'a, C> {
    given: &'a PositionArgs,
    command: &'a C,
    out: &'a mut (dyn std::io::Write + Send),
}

impl<C: PositionReport> WidthJob for PositionJob<'_, C> {
    type Output = anyhow::Result<()>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> anyhow::Result<()> {
        let position = self.given.position(geometry)?;
        let at = PositionAt { geometry, position };
        self.command.report(at, self.out)
    }
}
