//! Many engine games at once on the current rayon pool: the schedule of a tournament or of one
//! evolution match, played in parallel, each game reported the moment it ends.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::crosstable::Record;
use super::gsprt::Gsprt;
use super::selfplay::{GameSettings, PlayedGame, play_game, random_opening, stream_rng};
pub use super::work_queue::Flow;
use super::work_queue::run_in_order;
use crate::files::FileError;
use engine::search::Evaluation;
use engine::{Color, Geometry};
use rand::RngExt;

/// One game to play: who is Red, who is Green, and the seeds of its opening and tie-breaks.
#[derive(Clone, Debug, PartialEq)]
pub struct GameOrder {
    /// How Red evaluates.
    pub red: Evaluation,
    /// How Green evaluates.
    pub green: Evaluation,
    /// Draws the random opening (games with the same opening seed start alike).
    pub opening_seed: u64,
    /// Draws the tie-breaks between equally good moves.
    pub game_seed: u64,
}

/// Why a tournament or an evolution run could not go on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// The settings make no sense (the message says why).
    #[error("{0}")]
    Settings(String),
    /// A file could not be read or written.
    #[error(transparent)]
    File(#[from] FileError),
}

/// Plays the orders, each with its number, on the current rayon pool, starting them in their
/// order and drawing each from the stream only when a thread is free for it. `on_finished`
/// sees each game (its number, the game, how long it took) as soon as it ends and decides
/// whether more games start. The answer is [`Flow::Stop`] when a game was cut short by the
/// cancel flag or `on_finished` stopped the run, [`Flow::Continue`] when every order was played.
pub fn play_games<const W: usize>(
    geometry: &Geometry<W>,
    settings: &GameSettings,
    orders: impl Iterator<Item = (usize, GameOrder)> + Send,
    cancel: &AtomicBool,
    on_finished: &(dyn Fn(usize, &PlayedGame, Duration) -> Flow + Sync),
) -> Flow {
    run_in_order(orders, &|(number, order)| {
        if cancel.load(Ordering::Relaxed) {
            return Flow::Stop;
        }
        let clock = Instant::now();
        let opening = random_opening(geometry, settings.opening_plies, order.opening_seed);
        let players = [&order.red, &order.green];
        let Ok(game) = play_game(
            geometry,
            settings,
            players,
            &opening,
            order.game_seed,
            cancel,
        ) else {
            return Flow::Stop;
        };
        on_finished(number, &game, clock.elapsed())
    })
}

/// The result of a match between two players, seen from the first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    /// The first player's wins, draws and losses.
    pub record: Record,
    /// Nodes searched in all games.
    pub nodes: u64,
}

impl MatchResult {
    /// One finished game seen from the player who had `colour`.
    pub fn of_game(game: &PlayedGame, colour: Color) -> Self {
        MatchResult {
            record: Record::of_game(game.outcome, colour),
            nodes: game.nodes,
        }
    }

    /// Adds `other`'s games.
    pub fn add(&mut self, other: &MatchResult) {
        self.record.add(&other.record);
        self.nodes += other.nodes;
    }

    /// Wins minus losses: the seed's net score.
    pub fn net(&self) -> i32 {
        self.record.net()
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.record.games()
    }
}

/// The orders of a match of `per_colour` games with each colour between `first` and
/// `second`, seeded from `seed`, drawn lazily: games go in pairs that share an opening, with
/// the colours swapped, the first player Red in the first game of each pair.
pub fn match_orders(
    first: Evaluation,
    second: Evaluation,
    per_colour: u32,
    seed: u64,
) -> impl Iterator<Item = GameOrder> + Send {
    let mut rng = stream_rng(seed, 2);
    (0..per_colour).flat_map(move |_| {
        let opening_seed = rng.random::<u64>();
        let game_seeds = [rng.random::<u64>(), rng.random::<u64>()];
        [
            GameOrder {
                red: first.clone(),
                green: second.clone(),
                opening_seed,
                game_seed: game_seeds[0],
            },
            GameOrder {
                red: second.clone(),
                green: first.clone(),
                opening_seed,
                game_seed: game_seeds[1],
            },
        ]
    })
}

/// Plays a match (orders from [`match_orders`]) on the current rayon pool; `None` when
/// cancelled. `on_game` sees the first player's results so far after every game. With a GSPRT
/// the match ends at the first pair of games, in their order, after which the test decides,
/// and only the pairs up to it count: the same games decide with any number of workers.
pub fn play_match<const W: usize>(
    geometry: &Geometry<W>,
    settings: &GameSettings,
    orders: impl Iterator<Item = GameOrder> + Send,
    early_stop: Option<Gsprt>,
    cancel: &AtomicBool,
    on_game: &(dyn Fn(&MatchResult) + Sync),
) -> Option<MatchResult> {
    let tally = Mutex::new(PairTally::default());
    let flow = play_games(
        geometry,
        settings,
        orders.enumerate(),
        cancel,
        &|index, game, _| {
            let mut tally = tally.lock().expect("the tally is never poisoned");
            tally.record(index, MatchResult::of_game(game, first_colour(index)));
            on_game(&tally.so_far);
            match early_stop {
                Some(test) if tally.decides(&test) => Flow::Stop,
                _ => Flow::Continue,
            }
        },
    );
    let tally = tally.into_inner().expect("the tally is never poisoned");
    match (tally.decided, flow) {
        (true, _) => Some(tally.counted),
        (false, Flow::Stop) => None,
        (false, Flow::Continue) => Some(tally.so_far),
    }
}

/// The colour of the match's first player in game `index` of [`match_orders`].
fn first_colour(index: usize) -> Color {
    if index.is_multiple_of(2) {
        Color::Red
    } else {
        Color::Green
    }
}

/// The games of a match as they finish, and the leading pairs already weighed by a GSPRT.
#[derive(Default)]
struct PairTally {
    /// Each game's result seen from the first player, once it is known, up to the last game
    /// finished (the list grows with the games played, not with the games ordered).
    games: Vec<Option<MatchResult>>,
    /// Every finished game's result together.
    so_far: MatchResult,
    /// The points of every leading pair weighed so far.
    pair_points: Vec<f64>,
    /// Those pairs' results together.
    counted: MatchResult,
    /// Whether the test has decided.
    decided: bool,
}

impl PairTally {
    /// Notes game `index`'s result.
    fn record(&mut self, index: usize, result: MatchResult) {
        if self.games.len() <= index {
            self.games.resize(index + 1, None);
        }
        self.games[index] = Some(result);
        self.so_far.add(&result);
    }

    /// Weighs every newly complete leading pair; whether the test has decided.
    fn decides(&mut self, test: &Gsprt) -> bool {
        while !self.decided {
            let first = 2 * self.pair_points.len();
            let (Some(Some(red)), Some(Some(green))) =
                (self.games.get(first), self.games.get(first + 1))
            else {
                break;
            };
            let mut pair = *red;
            pair.add(green);
            self.pair_points.push(pair.record.points());
            self.counted.add(&pair);
            self.decided = test.verdict(&self.pair_points).is_some();
        }
        self.decided
    }
}
