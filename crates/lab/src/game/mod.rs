//! A game: its shape, rules, players, the position it starts from and its moves, with a
//! history cursor — go to any move, step back and forth, and continue from any earlier
//! position (later moves are dropped).

pub mod paste;
pub mod position_list;
pub mod record;

use std::time::SystemTime;

use crate::players::Player;
use engine::notation::{Move, NotationError, format_moves, replay};
use engine::{Color, Geometry, Outcome, Position, Rules, Setup, Shape, WidthJob};

/// A game and where in its history the user is.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// The board.
    pub shape: Shape,
    /// Classic or misère.
    pub rules: Rules,
    /// The first player.
    pub red: Player,
    /// The second player.
    pub green: Player,
    /// When the game began.
    pub started: SystemTime,
    /// When the last move ended the game, if it has ended.
    pub finished: Option<SystemTime>,
    start: Setup,
    moves: Vec<Move>,
    cursor: usize,
}

/// A position of a game as plain data, for display and files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The board.
    pub shape: Shape,
    /// Red's discs.
    pub red: Vec<usize>,
    /// Green's discs.
    pub green: Vec<usize>,
    /// Who is to move.
    pub to_move: Color,
    /// The legal moves of the side to move (empty: it must pass, or the game is over).
    pub legal: Vec<usize>,
    /// Whether neither side can move.
    pub over: bool,
    /// Who moves next: the side to move, or the other side when the side to move must pass.
    pub mover: Color,
    /// The legal moves of `mover` (empty once the game is over).
    pub mover_moves: Vec<usize>,
}

impl Game {
    /// A new game from the start position.
    pub fn new(shape: Shape, rules: Rules, red: Player, green: Player) -> Self {
        Self::from_setup(Setup::start(shape), rules, red, green)
    }

    /// A new game from any position (set up in the editor, pasted, read from a file). A
    /// position whose side to move must pass, or where the game is over, is a game like any
    /// other: the pass is the first move, or the game is finished from the start.
    pub fn from_setup(start: Setup, rules: Rules, red: Player, green: Player) -> Self {
        let mut game = Game {
            shape: start.shape(),
            rules,
            red,
            green,
            started: SystemTime::now(),
            finished: None,
            start,
            moves: Vec::new(),
            cursor: 0,
        };
        game.set_moves(Vec::new())
            .expect("no moves are always legal");
        game
    }

    /// The position the game starts from.
    pub fn start(&self) -> &Setup {
        &self.start
    }

    /// Whether the game starts from the shape's start position.
    pub fn starts_at_the_start(&self) -> bool {
        self.start == Setup::start(self.shape)
    }

    /// Every move played, passes written out.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Who plays move `index` (from 0) of the history: the start's side to move first, then
    /// each side in turn (passes are written out, so every entry alternates).
    pub fn mover_of_move(&self, index: usize) -> Color {
        let first = self.start.to_move();
        match index % 2 {
            0 => first,
            _ => first.opponent(),
        }
    }

    /// How many moves of the history are on the board now.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Goes to the position after `ply` moves (clamped to the history).
    pub fn go_to(&mut self, ply: usize) {
        self.cursor = ply.min(self.moves.len());
    }

    /// One move back, if any.
    pub fn back(&mut self) {
        self.cursor = self.cursor.saturating_sub(1);
    }

    /// One move forward, if any.
    pub fn forward(&mut self) {
        self.go_to(self.cursor + 1);
    }

    /// The player of `color`.
    pub fn player(&self, color: Color) -> &Player {
        match color {
            Color::Red => &self.red,
            Color::Green => &self.green,
        }
    }

    /// Plays `cell` at the cursor: moves after the cursor are dropped (the game continues from
    /// here), and a pass is recorded first if the side to move has none.
    pub fn play(&mut self, cell: usize) -> Result<(), NotationError> {
        let mut continued = self.moves[..self.cursor].to_vec();
        continued.push(Move::Play(cell));
        self.set_moves(continued)
    }

    /// Replaces the moves (checked by replaying them; passes the list leaves out are written
    /// in) and goes to the end. A refused list changes nothing.
    pub fn set_moves(&mut self, moves: Vec<Move>) -> Result<(), NotationError> {
        let (end, explicit) = self.shape.dispatch(Replay {
            start: &self.start,
            moves: &moves,
        })?;
        self.moves = explicit;
        self.cursor = self.moves.len();
        self.finished = end.over.then(SystemTime::now);
        Ok(())
    }

    /// The position at the cursor.
    pub fn board(&self) -> Board {
        self.board_at(self.cursor)
    }

    /// The position after `ply` moves (clamped to the history).
    pub fn board_at(&self, ply: usize) -> Board {
        let moves = &self.moves[..ply.min(self.moves.len())];
        self.shape
            .dispatch(Replay {
                start: &self.start,
                moves,
            })
            .expect("a game's moves are legal")
            .0
    }

    /// The position after `ply` moves (clamped to the history) as plain data.
    pub fn setup_at(&self, ply: usize) -> Setup {
        let board = self.board_at(ply);
        Setup::new(self.shape, &board.red, &board.green, board.to_move)
            .expect("a board's discs are on it, one per cell")
    }

    /// Every position of the game as plain data: the start and the one after each move (one
    /// replay, however long the game).
    pub fn setups(&self) -> Vec<Setup> {
        self.shape.dispatch(Setups {
            start: &self.start,
            moves: &self.moves,
        })
    }

    /// The final disc counts and outcome once the game at the end of the history is over.
    pub fn result(&self) -> Option<(u32, u32, Outcome)> {
        let end = self.board_at(self.moves.len());
        let (red, green) = (end.red.len() as u32, end.green.len() as u32);
        end.over
            .then(|| (red, green, Outcome::from_counts(red, green, self.rules)))
    }

    /// The moves as text (1-based coordinates, passes written out).
    pub fn moves_text(&self) -> String {
        format_moves(self.shape, &self.moves)
    }
}

/// Replays moves from a game's start: the board reached and the moves with every pass
/// explicit.
struct Replay<'a> {
    start: &'a Setup,
    moves: &'a [Move],
}

impl WidthJob for Replay<'_> {
    type Output = Result<(Board, Vec<Move>), NotationError>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Self::Output {
        let mut position = self.start.position(geometry);
        let mut explicit = Vec::with_capacity(self.moves.len());
        for (index, &entry) in self.moves.iter().enumerate() {
            let before = position;
            position = replay(geometry, position, &[entry]).map_err(|error| match error {
                NotationError::Illegal { text, problem, .. } => NotationError::Illegal {
                    number: index + 1,
                    text,
                    problem,
                },
                other => other,
            })?;
            if entry != Move::Pass && before.must_pass(geometry) {
                explicit.push(Move::Pass);
            }
            explicit.push(entry);
        }
        Ok((board_of(geometry, &position), explicit))
    }
}

/// Replays a game's moves, keeping every position.
struct Setups<'a> {
    start: &'a Setup,
    moves: &'a [Move],
}

impl WidthJob for Setups<'_> {
    type Output = Vec<Setup>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Vec<Setup> {
        let mut position = self.start.position(geometry);
        let mut setups = Vec::with_capacity(self.moves.len() + 1);
        setups.push(self.start.clone());
        for &entry in self.moves {
            position = replay(geometry, position, &[entry]).expect("a game's moves are legal");
            setups.push(Setup::of(geometry, &position));
        }
        setups
    }
}

fn board_of<const W: usize>(geometry: &Geometry<W>, position: &Position<W>) -> Board {
    let next = if position.must_pass(geometry) {
        position.pass()
    } else {
        *position
    };
    Board {
        mover: next.to_move,
        mover_moves: next.legal_moves(geometry).iter().collect(),
        shape: geometry.shape(),
        red: position.discs(Color::Red).iter().collect(),
        green: position.discs(Color::Green).iter().collect(),
        to_move: position.to_move,
        legal: position.legal_moves(geometry).iter().collect(),
        over: position.is_game_over(geometry),
    }
}
