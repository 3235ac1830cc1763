//! The state behind the workspace: the game, the players, the engine jobs, the analysis shown,
//! the log and messages. Panels and keys change it only through these methods; it holds no
//! drawing code.

use std::collections::BTreeSet;
use std::sync::Arc;

use rand::SeedableRng;
use rand::rngs::StdRng;

mod board_panel;
mod clipboard;
mod compare_panel;
mod contests;
mod dropping;
mod editor;
mod frames;
mod game_files;
mod game_panel;
mod game_setup_panel;
mod judging;
mod logs_panel;
mod move_scores;
mod preferences;
mod presets;
mod review_panel;
mod run_panels;
mod searches;
mod solving;
mod static_view;
mod status;
mod tuning;
mod undo;
mod weights_panel;

pub use board_panel::BoardContext;
pub use clipboard::CopyKind;
pub use compare_panel::{CompareContext, CompareRequest};
pub use frames::FrameTimes;
pub use game_panel::{AnalysisContext, GameContext, GameRequest, MovesContext};
pub use game_setup_panel::{GameSetupContext, GameSetupRequest};
pub use logs_panel::LogsContext;
pub use move_scores::MoveScoreRow;
pub use presets::PendingImport;
pub use review_panel::{ReviewContext, ReviewRequest};
pub use run_panels::{EvolutionContext, EvolutionRequest, TournamentContext, TournamentRequest};
pub use searches::{MoveCost, Shown};
pub use solving::{SolveContext, SolveRequest};
pub use tuning::{TuneContext, TuneRequest, TuneRuns};
pub use weights_panel::{WeightsContext, WeightsRequest};

use super::dialogs::{Dialogs, FileTask};
use super::evolution_desk::EvolutionDesk;
use super::forms::Forms;
use super::jobs::{EngineJob, Purpose};
use super::judge_desk::JudgeDesk;
use super::log::{Level, Log};
use super::pane::Pane;
use super::settings::{Seat, Settings};
use super::solve_desk::SolveDesk;
use super::tournament_desk::TournamentDesk;
use engine::notation::Move;
use engine::search::{SearchRequest, Searched, is_proven};
use engine::shape::Category;
use engine::{Color, Setup, Shape};
use indicatif::HumanCount;
use lab::ai::reference::ScoreUnit;
use lab::ai::{AiPlayer, Player, Preset, PresetLibrary};
use lab::game::{Board, Game};

/// A move under the pointer: the cell and the board it would lead to.
#[derive(Clone, Debug)]
pub struct Preview {
    /// The cell played.
    pub cell: usize,
    /// The position after it.
    pub board: Board,
}

/// Everything the workspace shows and changes.
pub struct Session {
    /// Every player the user can choose: built-ins and the user's own presets.
    pub roster: Vec<Preset>,
    /// The log.
    pub log: Log,
    /// The last problem to show the user, until dismissed.
    pub notice: Option<String>,
    /// Whether the help overlay is open.
    pub show_help: bool,
    /// The move under the pointer, if any.
    pub preview: Option<Preview>,
    /// The cell under the pointer on a board or in the Moves list this frame, if any.
    pub hovered: Option<usize>,
    /// A panel to bring to the front (taken by the workspace).
    pub focus: Option<Pane>,
    settings: Settings,
    forms: Forms,
    game: Game,
    board: Board,
    here: Setup,
    playing: bool,
    editing: bool,
    library: PresetLibrary,
    unsaved: BTreeSet<String>,
    job: Option<EngineJob>,
    shown: Option<Shown>,
    finished_request: Option<SearchRequest>,
    costs: Vec<MoveCost>,
    frame_times: FrameTimes,
    revision: u64,
    categories: Vec<Category>,
    static_view: Option<static_view::StaticView>,
    rng: StdRng,
    dialogs: Dialogs,
    wake: Arc<dyn Fn() + Send + Sync>,
    tournament: TournamentDesk,
    evolution: EvolutionDesk,
    /// The Tune panel's runs.
    tune_runs: TuneRuns,
    judge: JudgeDesk,
    solver: SolveDesk,
    champion_to_export: Option<std::path::PathBuf>,
    undo: undo::UndoHistory,
    pending_import: Option<PendingImport>,
}

impl Session {
    /// A session with `settings`, the panels' `forms`, presets from `library`, and `wake`
    /// called whenever background work has news (the UI's repaint request).
    pub fn new(
        settings: Settings,
        forms: Forms,
        library: PresetLibrary,
        wake: Arc<dyn Fn() + Send + Sync>,
    ) -> Self {
        let mut log = Log::new();
        let (roster, problems) = library.all();
        for problem in problems {
            log.push(Level::Error, format!("preset skipped: {problem}"));
        }
        let settings = settings.sanitized();
        let forms = forms.sanitized();
        log.push(
            Level::Info,
            "ready · press . for the keys, hover any control for help".to_string(),
        );
        let game = Game::new(settings.board, settings.rules, Player::Human, Player::Human);
        let board = game.board();
        let here = game.setup_at(game.cursor());
        let evolution = EvolutionDesk::new(&forms.evolution);
        let tune_runs = TuneRuns::reopen(&forms.tune, &forms.train_patterns);
        let mut session = Session {
            settings,
            forms,
            roster,
            log,
            notice: None,
            show_help: false,
            preview: None,
            hovered: None,
            focus: None,
            game,
            board,
            here,
            playing: true,
            editing: false,
            library,
            unsaved: BTreeSet::new(),
            job: None,
            shown: None,
            finished_request: None,
            costs: Vec::new(),
            frame_times: FrameTimes::default(),
            revision: 0,
            categories: Vec::new(),
            static_view: None,
            rng: StdRng::from_rng(&mut rand::rng()),
            dialogs: Dialogs::new(),
            wake,
            tournament: TournamentDesk::default(),
            evolution,
            tune_runs,
            judge: JudgeDesk::default(),
            solver: SolveDesk::default(),
            champion_to_export: None,
            undo: undo::UndoHistory::default(),
            pending_import: None,
        };
        session.check_seats();
        session.sync_players();
        session.changed();
        session
    }

    /// The category of `cell` on the current board (cached: computing one is not free).
    pub fn category(&self, cell: usize) -> Category {
        self.categories[cell]
    }

    /// The text of `cell` on the board in play, in the notation the user chose.
    pub fn cell_name(&self, cell: usize) -> String {
        engine::notation::format_cell_in(self.board.shape, cell, self.settings.notation)
    }

    /// A number that changes whenever the game or its cursor does.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position at the history cursor.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether AI players move by themselves (Play) or the game is stopped.
    pub fn is_playing(&self) -> bool {
        self.playing
    }

    /// Whether any search runs now.
    pub fn is_engine_busy(&self) -> bool {
        self.job.is_some()
    }

    /// Whether an AI is searching for its move now.
    pub fn is_ai_thinking(&self) -> bool {
        self.job
            .as_ref()
            .is_some_and(|j| j.purpose == Purpose::AiMove)
    }

    /// Whether the search behind the shown analysis still runs (it may yet go deeper).
    pub fn is_shown_searching(&self) -> bool {
        let (Some(shown), Some(job)) = (self.shown(), &self.job) else {
            return false;
        };
        job.purpose == shown.purpose
            && job.request.start == shown.start
            && job.request.moves == shown.moves
    }

    /// The analysis of the position on the board, if there is one.
    pub fn shown(&self) -> Option<&Shown> {
        self.shown.as_ref().filter(|s| {
            &s.start == self.game.start() && s.moves == self.game.moves()[..self.game.cursor()]
        })
    }

    /// The best moves of the shown analysis.
    pub fn best_moves(&self) -> Vec<usize> {
        self.shown()
            .map(|s| s.analysis.best_moves())
            .unwrap_or_default()
    }

    /// The nodes each AI move of this game cost.
    pub fn costs(&self) -> &[MoveCost] {
        &self.costs
    }

    /// The last move played before the cursor, if it was not a pass.
    pub fn last_move(&self) -> Option<usize> {
        match self.game.moves()[..self.game.cursor()].last() {
            Some(Move::Play(cell)) => Some(*cell),
            _ => None,
        }
    }

    /// The move the game went on with from the position shown, when the board shows an
    /// earlier position than the game's last (stepping through the history or a review).
    pub fn played_next(&self) -> Option<usize> {
        match self.game.moves().get(self.game.cursor()) {
            Some(Move::Play(cell)) => Some(*cell),
            _ => None,
        }
    }

    /// Advances the background work: takes in what the engine reported, plays the AI's move,
    /// and starts or stops searches to match what the workspace needs now; `values_shown`:
    /// whether a board shows the Values overlay. Call once a frame.
    pub fn tick(&mut self, values_shown: bool) {
        self.refresh_static_view(values_shown);
        self.dialogs.prefer_window = self.settings.window_file_dialogs;
        let (chosen, notice) = self.dialogs.chosen();
        if let Some(notice) = notice {
            self.error(notice);
        }
        for (task, path) in chosen {
            match task {
                FileTask::ImportPreset => self.import_preset(&path),
                FileTask::ExportPreset => self.export_preset(&path),
                FileTask::OpenGame => self.open_game(&path),
                FileTask::SaveGame => self.save_game(&path),
                other => self.contest_file_chosen(other, &path),
            }
        }
        self.take_events();
        self.take_contest_events();
        self.take_judge_events();
        self.schedule();
    }

    /// Starts or stops the game (Play/Stop). Stopping cancels the AI's search.
    pub fn toggle_play(&mut self) {
        self.playing = !self.playing;
        let what = if self.playing { "play" } else { "stopped" };
        self.info(what.to_string());
    }

    /// A new game on the current board with the current players; AI players start moving.
    pub fn reset(&mut self) {
        let game = Game::new(
            self.settings.board,
            self.settings.rules,
            Player::Human,
            Player::Human,
        );
        let discarded = !self.game.moves().is_empty();
        self.replace_game(game, true);
        let undo = match discarded {
            true => "; Ctrl+Z brings the last game back",
            false => "",
        };
        self.info(format!(
            "new game on {} ({:?} rules){undo}",
            self.settings.board, self.settings.rules
        ));
    }

    /// Switches to `shape` and starts a new game there.
    pub fn set_board(&mut self, shape: Shape) {
        self.settings.board = shape;
        self.settings = self.settings.clone().sanitized();
        self.reset();
    }

    /// Switches between the 2D board and the 3D cube of the same size.
    pub fn toggle_dimensions(&mut self) {
        let shape = self.settings.board;
        let dims = if shape.is_3d() { 2 } else { 3 };
        match Shape::new(dims, shape.side().min(Shape::side_range(dims).1)) {
            Ok(other) => self.set_board(other),
            Err(error) => self.error(error.to_string()),
        }
    }

    /// Switches to side `n` in the current dimension.
    pub fn set_side(&mut self, n: usize) {
        match Shape::new(self.settings.board.dims(), n) {
            Ok(shape) => self.set_board(shape),
            Err(error) => self.error(error.to_string()),
        }
    }

    /// The user clicked `cell` on a board: plays it when it is a human's turn (or any side's
    /// while stopped) and the move is legal; otherwise says why not.
    /// In the board editor the click edits the cell instead.
    pub fn click_cell(&mut self, cell: usize) {
        if self.editing {
            return self.edit_cell(cell);
        }
        let board = &self.board;
        let name = self.cell_name(cell);
        if board.over {
            return self.error("the game is over: press Reset (r) for a new one".to_string());
        }
        let mover = board.mover;
        if self.playing && self.settings.seat(mover).ai.is_some() {
            return self.error(format!(
                "it is {mover:?}'s (AI) turn: press Stop (p) to move for it"
            ));
        }
        if !board.mover_moves.contains(&cell) {
            return self.error(format!("{name} is not a legal move for {mover:?}"));
        }
        self.play(cell, None);
    }

    /// Replaces the game's moves with `text` (1-based x-y-z, passes implied), stopped at the
    /// end; refused text changes nothing.
    pub fn set_moves(&mut self, text: &str) -> Result<(), engine::notation::NotationError> {
        let moves = engine::notation::parse_moves(self.game.shape, text)?;
        let before = self.game.clone();
        self.game.set_moves(moves)?;
        self.undo.record(before);
        self.playing = false;
        self.changed();
        Ok(())
    }

    /// Shows the position after `ply` moves; this stops the game (press Play to continue from
    /// there).
    pub fn go_to(&mut self, ply: usize) {
        self.playing = false;
        self.game.go_to(ply);
        self.changed();
    }

    /// One move back in the history.
    pub fn back(&mut self) {
        self.go_to(self.game.cursor().saturating_sub(1));
    }

    /// One move forward in the history.
    pub fn forward(&mut self) {
        self.go_to(self.game.cursor() + 1);
    }

    /// Call before drawing a frame: nothing is under the pointer yet.
    pub fn begin_frame(&mut self) {
        self.hovered = None;
    }

    /// Call after drawing a frame: previews the legal move under the pointer, if any.
    pub fn end_frame(&mut self) {
        let legal = self.hovered.filter(|c| self.board.mover_moves.contains(c));
        self.preview_move(legal);
    }

    /// Shows what `cell` would do on the board, or nothing.
    pub fn preview_move(&mut self, cell: Option<usize>) {
        if self.preview.as_ref().map(|p| p.cell) == cell {
            return;
        }
        self.preview = cell.and_then(|cell| {
            let mut game = self.game.clone();
            game.play(cell).ok()?;
            Some(Preview {
                cell,
                board: game.board(),
            })
        });
    }

    /// Sets the seat of `color` (takes effect from the next move).
    pub fn set_seat(&mut self, color: Color, seat: Seat) {
        match color {
            Color::Red => self.settings.red = seat,
            Color::Green => self.settings.green = seat,
        }
        self.sync_players();
    }

    /// Sets the scoring rules of the game (the position stays).
    pub fn set_rules(&mut self, rules: engine::Rules) {
        self.settings.rules = rules;
        self.game.rules = rules;
        self.changed();
    }

    /// Logs an event (when Logs is on).
    pub fn info(&mut self, text: String) {
        if self.settings.logs {
            self.log.push(Level::Info, text);
        }
    }

    /// Logs a problem and shows it until dismissed.
    pub fn error(&mut self, text: String) {
        self.log.push(Level::Error, text.clone());
        self.notice = Some(text);
    }

    /// Makes `game` the game (its board and rules become the settings'), played by the seats,
    /// and starts or stops it; the game it replaces can be brought back by undo.
    fn replace_game(&mut self, game: Game, playing: bool) {
        self.undo.record(self.game.clone());
        self.install_game(game, playing);
    }

    /// Makes `game` the game, as [`Self::replace_game`] does, without keeping the one before.
    fn install_game(&mut self, game: Game, playing: bool) {
        self.job = None;
        self.settings.board = game.shape;
        self.settings.rules = game.rules;
        self.settings = self.settings.clone().sanitized();
        self.game = game;
        self.sync_players();
        self.costs.clear();
        self.changed();
        self.playing = playing && !self.board.over;
    }

    /// Plays `cell` for the side to move; `thought` is the AI's analysis behind it.
    fn play(&mut self, cell: usize, thought: Option<&Searched>) {
        let number = self.game.cursor() + 1;
        let mover = self.board.mover;
        let name = self.cell_name(cell);
        let before = self.game.clone();
        if let Err(error) = self.game.play(cell) {
            return self.error(error.to_string());
        }
        self.undo.record(before);
        self.notice = None;
        self.sync_players();
        let mut line = format!("{number}. {mover:?} plays {name}");
        if let Some(thought) = thought {
            let analysis = &thought.analysis;
            let score = (analysis.best_score())
                .map(|s| analysis.score_text(s))
                .unwrap_or_default();
            line += &format!(
                " · score {score} · depth {} · {} nodes · {:.0} ms",
                analysis.depth,
                HumanCount(analysis.nodes.total()),
                analysis.elapsed.as_secs_f64() * 1000.0
            );
            self.costs
                .truncate(self.costs.partition_point(|c| c.number < number));
            // A proven result is an exact margin: in discs, whatever the evaluation.
            let proven = analysis.best_score().is_some_and(is_proven);
            let unit = ScoreUnit::of_search(proven, analysis.in_discs);
            self.costs.push(MoveCost {
                number,
                color: mover,
                nodes: analysis.nodes.total(),
                seconds: analysis.elapsed.as_secs_f64(),
                red_value: analysis.best_score().map(|score| {
                    let value = unit.judged(score);
                    if mover == Color::Red { value } else { -value }
                }),
                unit,
            });
        }
        self.info(line);
        if let (Some(thought), true) = (thought, self.settings.depths) {
            let levels: Vec<String> = thought
                .analysis
                .nodes
                .levels()
                .iter()
                .map(u64::to_string)
                .collect();
            self.info(format!("   nodes per level: {}", levels.join(" ")));
        }
        self.changed();
        if self.board.over {
            // A finished game is not running: Play stays off until a new game or an undo.
            self.playing = false;
            let status = self.status();
            self.info(status);
        }
    }

    /// The game or its cursor changed: refresh the board and forget the preview.
    fn changed(&mut self) {
        self.revision += 1;
        let shape = self.game.shape;
        if self.categories.len() != shape.cells() || self.board.shape != shape {
            self.categories = (0..shape.cells()).map(|c| shape.category(c)).collect();
        }
        self.board = self.game.board();
        self.here = self.game.setup_at(self.game.cursor());
        self.preview = None;
        self.hovered = None;
    }

    /// Replaces seats whose preset is gone with the first player of the roster.
    fn check_seats(&mut self) {
        let first = self.roster[0].name.clone();
        for seat in [&mut self.settings.red, &mut self.settings.green] {
            if let Some(name) = &seat.ai
                && !self.roster.iter().any(|p| &p.name == name)
            {
                seat.ai = Some(first.clone());
            }
        }
        if self.preset(&self.settings.weights_player).is_none() {
            self.settings.weights_player = first;
        }
    }

    /// Keeps the game's players (saved in records) equal to the seats.
    fn sync_players(&mut self) {
        let player = |seat: &Seat| match &seat.ai {
            None => Player::Human,
            Some(name) => match self.preset(name) {
                Some(preset) => Player::Ai(AiPlayer {
                    preset: preset.clone(),
                    depth: seat.depth,
                    search: self.settings.search,
                    time_budget: None,
                }),
                None => Player::Human,
            },
        };
        let (red, green) = (player(&self.settings.red), player(&self.settings.green));
        self.game.red = red;
        self.game.green = green;
    }
}
