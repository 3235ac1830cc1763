//! Round-robin tournaments between presets (DESIGN §4): every pairing plays a number of games,
//! in pairs that share a random opening with the colours swapped; games run in parallel on the
//! current rayon pool and each one is appended to a results file the moment it ends.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::arena::{Flow, GameOrder, RunError, play_games};
use super::crosstable::Crosstable;
use super::selfplay::{GameSettings, PlayedGame, stream_rng};
use crate::files::FileError;
use crate::game::Game;
use crate::players::player::Player;
use crate::players::preset::Preset;
use engine::notation::{Move, format_moves, parse_moves};
use engine::{Geometry, Outcome, WidthJob};
use rand::RngExt;

/// What a tournament plays.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentSettings {
    /// The players (at least two, distinct names).
    pub players: Vec<Preset>,
    /// Games per pairing; even when openings are random (each opening is played with both
    /// colours).
    pub games_per_pairing: u32,
    /// Board, rules, depth, search and opening length.
    pub game: GameSettings,
    /// Seed of the openings and tie-breaks: the same seed replays the same tournament.
    pub seed: u64,
}

/// One game of the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fixture {
    /// Red's index in the players.
    pub red: usize,
    /// Green's index in the players.
    pub green: usize,
    /// Which opening it starts from (shared by every pairing).
    pub opening: u32,
}

/// A finished tournament game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentGame {
    /// Its number in the schedule, from 0.
    pub index: usize,
    /// Who played.
    pub fixture: Fixture,
    /// The game.
    pub game: PlayedGame,
    /// How long it took.
    pub elapsed: Duration,
}

/// Where a running tournament stands, sent with every finished game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Games finished.
    pub done: usize,
    /// Games scheduled.
    pub total: usize,
    /// Time since the start.
    pub elapsed: Duration,
    /// Finished games per second.
    pub games_per_second: f64,
    /// Nodes searched per second.
    pub nodes_per_second: f64,
}

/// The outcome of a tournament run: every finished game in schedule order, and whether the
/// cancel flag cut it short.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentResult {
    /// The settings played.
    pub settings: TournamentSettings,
    /// The games that finished, by schedule index.
    pub games: Vec<TournamentGame>,
    /// Games scheduled.
    pub scheduled: usize,
    /// Whether the run stopped before every game was played.
    pub cancelled: bool,
    /// Nodes searched in all finished games.
    pub nodes: u64,
    /// Wall time of the run.
    pub elapsed: Duration,
}

impl TournamentSettings {
    /// Checks the settings, naming what is wrong.
    pub fn validate(&self) -> Result<(), String> {
        self.game.validate()?;
        if self.players.len() < 2 {
            return Err("a tournament needs at least two players".to_string());
        }
        for (index, player) in self.players.iter().enumerate() {
            if self.players[..index]
                .iter()
                .any(|other| other.name.eq_ignore_ascii_case(&player.name))
            {
                return Err(format!("player {} is listed twice", player.name));
            }
        }
        if self.games_per_pairing == 0 {
            return Err("each pairing needs at least one game".to_string());
        }
        let games = self.pairings() as u64 * u64::from(self.games_per_pairing);
        engine::bounds::check_range("games", games, 1, engine::bounds::MAX_GAMES)
            .map_err(|e| format!("{e} ({} per pairing)", self.games_per_pairing))?;
        if self.game.opening_plies > 0 && !self.games_per_pairing.is_multiple_of(2) {
            return Err(format!(
                "{} games per pairing: with random openings the number must be even, since \
                 every opening is played with both colours",
                self.games_per_pairing
            ));
        }
        Ok(())
    }

    /// The pairings: every two players once.
    pub fn pairings(&self) -> usize {
        let players = self.players.len();
        players * players.saturating_sub(1) / 2
    }

    /// The games of the schedule (settings that pass [`Self::validate`] have at most
    /// [`engine::bounds::MAX_GAMES`]).
    pub fn games(&self) -> usize {
        self.pairings() * self.games_per_pairing as usize
    }

    /// Game `index` of the schedule, computed on demand (a schedule is never held whole):
    /// pairing by pairing, games in pairs that share an opening (the first-listed player Red
    /// first, then Green).
    pub fn fixture(&self, index: usize) -> Fixture {
        let per_pairing = self.games_per_pairing as usize;
        let (mut pairing, game) = (index / per_pairing, index % per_pairing);
        let players = self.players.len();
        let mut first = 0;
        while pairing >= players - 1 - first {
            pairing -= players - 1 - first;
            first += 1;
        }
        let second = first + 1 + pairing;
        let (red, green) = match game % 2 {
            0 => (first, second),
            _ => (second, first),
        };
        Fixture {
            red,
            green,
            opening: (game / 2) as u32,
        }
    }

    /// The players' names in order.
    pub fn names(&self) -> Vec<String> {
        self.players.iter().map(|p| p.name.clone()).collect()
    }
}

impl TournamentResult {
    /// The crosstable of the finished games.
    pub fn crosstable(&self) -> Crosstable {
        let mut table = Crosstable::new(self.settings.names());
        for game in &self.games {
            table.add(game.fixture.red, game.fixture.green, game.game.outcome);
        }
        table
    }
}

/// Plays the tournament on the current rayon pool. When `games_file` is given, a CSV line per
/// game is appended to it the moment the game ends (the file must not exist yet: an earlier
/// run's results are never overwritten or mixed in). `on_game` sees each finished game with
/// the progress so far. The cancel flag abandons the games in flight.
pub fn run_tournament(
    settings: &TournamentSettings,
    games_file: Option<&Path>,
    cancel: &AtomicBool,
    on_game: &(dyn Fn(&TournamentGame, &Progress) + Sync),
) -> Result<TournamentResult, RunError> {
    settings.validate().map_err(RunError::Settings)?;
    let log = games_file.map(GamesFile::create).transpose()?;
    let sink = log.as_ref().map(|log| log as &dyn GameSink);
    play_tournament_games(settings, 0..settings.games(), sink, cancel, on_game)
}

/// Where a tournament's games go the moment they end, one line each (see [`game_line`]).
pub trait GameSink: Sync {
    /// Stores one game's line (without a line break).
    fn append_line(&self, line: &str) -> Result<(), FileError>;
}

/// Plays the games of the schedule numbered `items` (from 0, in order) on the current rayon
/// pool, each sent to `sink` as it ends; the result holds these games only.
pub fn play_tournament_games(
    settings: &TournamentSettings,
    items: impl ExactSizeIterator<Item = usize> + Send,
    sink: Option<&dyn GameSink>,
    cancel: &AtomicBool,
    on_game: &(dyn Fn(&TournamentGame, &Progress) + Sync),
) -> Result<TournamentResult, RunError> {
    settings.validate().map_err(RunError::Settings)?;
    settings.game.shape.dispatch(Run {
        settings,
        items,
        log: sink,
        cancel,
        on_game,
    })
}

struct Run<'a, I> {
    settings: &'a TournamentSettings,
    items: I,
    log: Option<&'a dyn GameSink>,
    cancel: &'a AtomicBool,
    on_game: &'a (dyn Fn(&TournamentGame, &Progress) + Sync),
}

/// The games finished so far, their nodes, and the first games-file error.
#[derive(Default)]
struct Tally {
    games: Vec<TournamentGame>,
    nodes: u64,
    problem: Option<FileError>,
}

impl<I: ExactSizeIterator<Item = usize> + Send> WidthJob for Run<'_, I> {
    type Output = Result<TournamentResult, RunError>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Self::Output {
        let settings = self.settings;
        let scheduled = self.items.len();
        let orders = self.items.map(|index| {
            let fixture = settings.fixture(index);
            let opening = 3 + u64::from(fixture.opening);
            let order = GameOrder {
                red: settings.players[fixture.red].evaluation(settings.game.shape),
                green: settings.players[fixture.green].evaluation(settings.game.shape),
                opening_seed: stream_rng(settings.seed, opening).random(),
                game_seed: stream_rng(settings.seed, (1 << 32) + index as u64).random(),
            };
            (index, order)
        });
        let clock = Instant::now();
        let tally = Mutex::new(Tally::default());
        play_games(
            geometry,
            &settings.game,
            orders,
            self.cancel,
            &|index, game, elapsed| {
                let finished = TournamentGame {
                    index,
                    fixture: settings.fixture(index),
                    game: game.clone(),
                    elapsed,
                };
                let mut tally = tally.lock().expect("the tally is never poisoned");
                tally.nodes += game.nodes;
                if let Some(log) = self.log
                    && let Err(problem) = log.append_line(&game_line(settings, &finished))
                {
                    tally.problem.get_or_insert(problem);
                }
                let seconds = clock.elapsed().as_secs_f64().max(1e-9);
                let done = tally.games.len() + 1;
                let progress = Progress {
                    done,
                    total: scheduled,
                    elapsed: clock.elapsed(),
                    games_per_second: done as f64 / seconds,
                    nodes_per_second: tally.nodes as f64 / seconds,
                };
                tally.games.push(finished.clone());
                drop(tally);
                (self.on_game)(&finished, &progress);
                Flow::Continue
            },
        );
        let mut tally = tally.into_inner().expect("the tally is never poisoned");
        if let Some(problem) = tally.problem {
            return Err(problem.into());
        }
        tally.games.sort_by_key(|game| game.index);
        Ok(TournamentResult {
            settings: settings.clone(),
            cancelled: tally.games.len() < scheduled,
            scheduled,
            games: tally.games,
            nodes: tally.nodes,
            elapsed: clock.elapsed(),
        })
    }
}

/// The per-game results file: a CSV header, then one line per finished game, flushed at once.
struct GamesFile {
    path: PathBuf,
    file: Mutex<File>,
}

/// The columns of the games file.
pub const GAMES_HEADER: &str =
    "game,red,green,opening,red_discs,green_discs,winner,nodes,milliseconds,moves";

impl GamesFile {
    fn create(path: &Path) -> Result<GamesFile, FileError> {
        let fail = |e: std::io::Error| FileError::new(path, e.to_string());
        let mut file = File::options()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::AlreadyExists => FileError::new(
                    path,
                    "already exists; choose another file for the games (results are never \
                     overwritten)",
                ),
                _ => fail(e),
            })?;
        writeln!(file, "{GAMES_HEADER}").map_err(fail)?;
        Ok(GamesFile {
            path: path.to_path_buf(),
            file: Mutex::new(file),
        })
    }
}

impl GameSink for GamesFile {
    fn append_line(&self, line: &str) -> Result<(), FileError> {
        let mut file = self.file.lock().expect("the file lock is never poisoned");
        writeln!(file, "{line}")
            .and_then(|()| file.flush())
            .map_err(|e| FileError::new(&self.path, e.to_string()))
    }
}

/// A finished game as a line of the games file ([`GAMES_HEADER`]'s columns).
pub fn game_line(settings: &TournamentSettings, game: &TournamentGame) -> String {
    let name = |index: usize| settings.players[index].name.as_str();
    let winner = winner_label(game.game.outcome);
    format!(
        "{},{},{},{},{},{},{},{},{},{}",
        game.index + 1,
        name(game.fixture.red),
        name(game.fixture.green),
        game.fixture.opening + 1,
        game.game.red_discs,
        game.game.green_discs,
        winner,
        game.game.nodes,
        game.elapsed.as_millis(),
        format_moves(settings.game.shape, &game.game.moves).replace(',', " "),
    )
}

/// The games file's `winner` column: `Red`, `Green` or `draw`.
fn winner_label(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(colour) => format!("{colour:?}"),
        Outcome::Draw => "draw".to_string(),
    }
}

/// Reads a line of the games file back: the game must be the `schedule`'s (its number,
/// players and opening) and its result must agree with its disc counts.
pub fn parse_game_line(
    settings: &TournamentSettings,
    line: &str,
) -> Result<TournamentGame, String> {
    let fields: Vec<&str> = line.split(',').collect();
    let [
        number,
        red,
        green,
        opening,
        red_discs,
        green_discs,
        winner,
        nodes,
        millis,
        moves,
    ] = fields[..]
    else {
        return Err(format!(
            "expected 10 fields ({GAMES_HEADER}), found {}",
            fields.len()
        ));
    };
    let count = |name: &str, text: &str| {
        text.parse::<u64>()
            .map_err(|_| format!("{name} `{text}` is not a whole number"))
    };
    let scheduled = settings.games();
    let index = usize::try_from(count("game", number)?)
        .ok()
        .and_then(|number| number.checked_sub(1))
        .filter(|&index| index < scheduled)
        .ok_or_else(|| format!("game {number} is not in the schedule of {scheduled} games"))?;
    let fixture = settings.fixture(index);
    let name = |index: usize| settings.players[index].name.as_str();
    if (red, green) != (name(fixture.red), name(fixture.green))
        || count("opening", opening)? != u64::from(fixture.opening) + 1
    {
        return Err(format!(
            "game {number} is {} against {} from opening {}, not {red} against {green} from \
             opening {opening}",
            name(fixture.red),
            name(fixture.green),
            fixture.opening + 1
        ));
    }
    let moves =
        parse_moves(settings.game.shape, moves).map_err(|e| format!("game {number}: {e}"))?;
    let (red_count, green_count, outcome) = replay_result(settings, &moves)
        .map_err(|problem| format!("game {number}: the moves do not replay: {problem}"))?;
    let claimed = (
        count("red discs", red_discs)?,
        count("green discs", green_discs)?,
    );
    if claimed != (u64::from(red_count), u64::from(green_count)) || winner != winner_label(outcome)
    {
        return Err(format!(
            "game {number} claims {red_discs}–{green_discs} ({winner}), but its moves end \
             {red_count}–{green_count} ({})",
            winner_label(outcome)
        ));
    }
    Ok(TournamentGame {
        index,
        fixture,
        game: PlayedGame {
            opening_length: settings.game.opening_plies as usize,
            moves,
            red_discs: red_count,
            green_discs: green_count,
            outcome,
            nodes: count("nodes", nodes)?,
        },
        elapsed: Duration::from_millis(count("milliseconds", millis)?),
    })
}

/// Replays a game's moves from the start: its final discs and outcome, or why it is not a
/// finished game.
fn replay_result(
    settings: &TournamentSettings,
    moves: &[Move],
) -> Result<(u32, u32, Outcome), String> {
    let (shape, rules) = (settings.game.shape, settings.game.rules);
    let mut game = Game::new(shape, rules, Player::Human, Player::Human);
    game.set_moves(moves.to_vec()).map_err(|e| e.to_string())?;
    if game.moves().len() != moves.len() {
        return Err("a pass is missing".to_string());
    }
    let opening = settings.game.opening_plies as usize;
    if moves.len() < opening {
        return Err(format!(
            "{} moves, shorter than the {opening}-ply opening",
            moves.len()
        ));
    }
    game.result()
        .ok_or_else(|| format!("the game is not over after its {} moves", moves.len()))
}
