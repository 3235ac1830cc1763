//! The desktop GUI: an eframe app with a docked egui_tiles workspace. Panels draw a
//! [`Session`], which owns the game and the background engine work; nothing here blocks on
//! the engine.

mod background;
mod board_view;
mod confirm;
mod contest_form;
mod dialogs;
mod evolution_desk;
mod forms;
mod frame_report;
mod jobs;
mod judge_desk;
mod judge_form;
mod keys;
mod launch;
mod layout;
mod log;
mod menus;
mod palette;
mod pane;
mod panels;
mod pattern_desk;
mod rounds_desk;
mod run_desk;
mod series_desk;
mod session;
mod settings;
mod solve_desk;
mod stored_state;
mod tournament_desk;
mod tune_desk;
pub mod view3d;
mod view_settings;

use std::sync::{Arc, Mutex};

use frame_report::FrameReport;
use launch::ScreenshotPlan;

pub use contest_form::ContestForm;
pub use dialogs::FileTask;
pub use evolution_desk::{EvolutionDesk, EvolutionForm, EvolutionView};
pub use forms::Forms;
pub use jobs::Purpose;
pub use judge_desk::{JudgeDesk, Mark, PositionJudgement, ReviewedGame};
pub use judge_form::{Colouring, ContestantForm, JudgeForm, ReferenceMode};
pub use launch::{LaunchArgs, parse_seat};
pub use layout::default_layout;
pub use log::{Level, LogLine};
pub use pane::Pane;
pub use pattern_desk::{PatternDesk, PatternForm};
pub use rounds_desk::{LiveRound, MatchPoint, RoundsDesk, RoundsKind, RoundsView};
pub use series_desk::{Series, SeriesDesk, SeriesRequest};
pub use session::{
    CopyKind, EvolutionContext, EvolutionRequest, FrameTimes, MoveCost, MoveScoreRow,
    PendingImport, Preview, Session, Shown, TournamentContext, TournamentRequest, TuneContext,
    TuneRequest, TuneRuns,
};
pub use settings::{Seat, Settings};
pub use tournament_desk::{LiveTournament, TournamentDesk, TournamentForm};
pub use tune_desk::{TuneDesk, TuneForm, TuneMode};
pub use view_settings::{GridMode, ViewSettings};

use engine::Color;
use lab::ai::PresetLibrary;

use stored_state::{FORMS_KEY, GAME_KEY, LAYOUT_KEY, SETTINGS_KEY, VIEW_KEY};

/// The reversi3d workspace.
pub struct ReversiApp {
    session: Session,
    view: ViewSettings,
    /// The session's revision the cross-sections last followed.
    followed: Option<u64>,
    layout: egui_tiles::Tree<Pane>,
    fullscreen: bool,
    window_fullscreen: bool,
    shown_dims: Option<usize>,
    screenshot: Option<ScreenshotPlan>,
    frame_report: Option<FrameReport>,
    failure: Arc<Mutex<Option<anyhow::Error>>>,
}

impl ReversiApp {
    /// The app with `settings`, the panels' `forms`, the boards drawn with `view`, a panel
    /// `layout` and presets from `library`; `ctx` is woken whenever background work has news.
    pub fn new(
        ctx: &egui::Context,
        settings: Settings,
        forms: Forms,
        view: ViewSettings,
        mut layout: egui_tiles::Tree<Pane>,
        library: PresetLibrary,
    ) -> Self {
        let waker = ctx.clone();
        let wake: Arc<dyn Fn() + Send + Sync> = Arc::new(move || waker.request_repaint());
        layout::complete(&mut layout);
        ReversiApp {
            session: Session::new(settings, forms, library, wake),
            view: view.sanitized(),
            followed: None,
            layout,
            fullscreen: false,
            window_fullscreen: false,
            shown_dims: None,
            screenshot: None,
            frame_report: None,
            failure: Arc::default(),
        }
    }

    /// Applies the GUI's command-line options: board, players, moves.
    pub fn launch(&mut self, args: &LaunchArgs) -> anyhow::Result<()> {
        // A board other than the restored game's starts a new game there (Ctrl+Z brings the
        // restored one back); the same board keeps it.
        if let Some(board) = args.board
            && board != self.session.board().shape
        {
            self.session.set_board(board);
        }
        for (color, text) in [(Color::Red, &args.red), (Color::Green, &args.green)] {
            if let Some(text) = text {
                let mut seat = parse_seat(text)?;
                if let Some(name) = &mut seat.ai {
                    let preset = self
                        .session
                        .roster
                        .iter()
                        .find(|p| p.name.eq_ignore_ascii_case(name));
                    let Some(preset) = preset else {
                        anyhow::bail!("no player called {name:?} (see `reversi3d preset list`)");
                    };
                    *name = preset.name.clone();
                }
                self.session.set_seat(color, seat);
            }
        }
        if let Some(moves) = &args.moves {
            self.session.set_moves(moves)?;
        }
        if let Some(path) = &args.game {
            let game = lab::game::Game::load(path)?;
            self.session.restore_game(game, &path.display().to_string());
        }
        if let Some(text) = &args.position {
            self.session
                .take_text(text)
                .map_err(|problem| anyhow::anyhow!("--position: {problem}"))?;
        }
        self.follow_dimensions();
        for &pane in &args.show {
            layout::show_pane(&mut self.layout, pane);
        }
        for key in args.keys.iter().flat_map(|k| k.chars()) {
            keys::apply(key, &mut self.session, &mut self.view, &mut self.fullscreen);
        }
        if let Some(colouring) = args.colour {
            self.session.set_colouring(colouring);
        }
        if args.review {
            self.session.review_game();
        }
        if let Some(folder) = &args.tune_run {
            self.session.open_run(folder);
            layout::show_pane(&mut self.layout, Pane::Tune);
        }
        self.screenshot = args.screenshot.clone().map(ScreenshotPlan::new);
        self.frame_report = args.frame_report.map(FrameReport::new);
        Ok(())
    }

    /// The app as eframe starts it: settings, layout and game from the last run (unless
    /// `fresh`), the user's presets.
    pub fn from_storage(cc: &eframe::CreationContext<'_>, fresh: bool) -> Self {
        let mut problem = None;
        let library = PresetLibrary::user_default().unwrap_or_else(|error| {
            problem = Some(error);
            PresetLibrary::at(std::env::temp_dir().join("reversi3d-presets"))
        });
        let storage = cc.storage.filter(|_| !fresh);
        let mut app = ReversiApp::restore(&cc.egui_ctx, storage, library);
        if let Some(problem) = problem {
            app.session.error(format!("no presets folder: {problem}"));
        }
        app
    }

    /// The app as it was when `storage` was saved (defaults for anything missing or
    /// unreadable; the game comes back stopped).
    pub fn restore(
        ctx: &egui::Context,
        storage: Option<&dyn eframe::Storage>,
        library: PresetLibrary,
    ) -> Self {
        let settings = storage
            .and_then(|s| eframe::get_value::<Settings>(s, SETTINGS_KEY))
            .unwrap_or_default();
        // Before the view and the forms had keys of their own, their fields were among the
        // settings.
        let view = storage
            .and_then(|s| {
                eframe::get_value::<ViewSettings>(s, VIEW_KEY)
                    .or_else(|| eframe::get_value(s, SETTINGS_KEY))
            })
            .unwrap_or_default();
        let forms = storage
            .and_then(|s| {
                eframe::get_value::<Forms>(s, FORMS_KEY)
                    .or_else(|| eframe::get_value(s, SETTINGS_KEY))
            })
            .unwrap_or_default();
        let layout = storage
            .and_then(|s| eframe::get_value(s, LAYOUT_KEY))
            .unwrap_or_else(default_layout);
        let mut app = ReversiApp::new(ctx, settings, forms, view, layout, library);
        let record = storage.and_then(|s| s.get_string(GAME_KEY));
        match record.map(|text| lab::game::Game::from_record(&text)) {
            Some(Ok(game)) if !game.moves().is_empty() => {
                app.session.restore_game(game, "the last session");
            }
            Some(Err(problem)) => app
                .session
                .error(format!("the last game could not be restored: {problem}")),
            _ => {}
        }
        app
    }

    /// Writes the settings, the layout and the game to `storage`, and saves edited presets.
    pub fn save_to(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, SETTINGS_KEY, self.session.settings());
        eframe::set_value(storage, VIEW_KEY, &self.view);
        eframe::set_value(storage, FORMS_KEY, self.session.forms());
        eframe::set_value(storage, LAYOUT_KEY, &self.layout);
        storage.set_string(GAME_KEY, self.session.game().to_record());
        self.session.save_presets();
    }

    /// The session behind the workspace.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The session, to change.
    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    /// Puts every panel back where it starts.
    pub fn reset_layout(&mut self) {
        self.layout = default_layout();
    }

    /// Draws one frame of the workspace into `ui` (eframe and the UI tests call this).
    pub fn frame(&mut self, ui: &mut egui::Ui) {
        let clock = std::time::Instant::now();
        let ctx = ui.ctx().clone();
        self.session.tick(self.view.values);
        self.follow_last_move();
        self.apply_look(&ctx);
        keys::handle(
            &ctx,
            &mut self.session,
            &mut self.view,
            &mut self.fullscreen,
        );
        self.follow_dimensions();
        self.session.begin_frame();
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        // The window is cleared to the panels' colour (see `clear_color`), so the central
        // panel does not fill itself: on software GL a fill as large as the window costs about
        // 8 ms a frame.
        let unfilled = egui::Frame::central_panel(ui.style()).fill(egui::Color32::TRANSPARENT);
        let central = egui::CentralPanel::default().frame(unfilled);
        central.show(ui, |ui| {
            if self.fullscreen {
                // Fullscreen shows the board alone: the cube in 3D, the board in 2D.
                let pane = if self.session.board().shape.is_3d() {
                    Pane::View3d
                } else {
                    Pane::Sections
                };
                panels::show(pane, ui, &mut self.session, &mut self.view);
            } else {
                let mut behavior = layout::Behavior {
                    session: &mut self.session,
                    view: &mut self.view,
                };
                self.layout.ui(&mut behavior, ui);
            }
        });
        if let Some(pane) = self.session.focus.take() {
            layout::show_pane(&mut self.layout, pane);
        }
        keys::help_window(&ctx, &mut self.session);
        confirm::import_window(&ctx, &mut self.session);
        self.session.show_file_dialog(&ctx);
        let dropped = ctx.input(|input| input.raw.dropped_files.clone());
        for path in dropped.iter().map(|file| file.path().to_path_buf()) {
            self.session.open_dropped(&path);
        }
        if self.window_fullscreen != self.fullscreen {
            self.window_fullscreen = self.fullscreen;
            ctx.send_viewport_cmd(egui::ViewportCommand::Fullscreen(self.fullscreen));
        }
        self.session.end_frame();
        let interval = ctx.input(|input| input.unstable_dt);
        self.session.record_frame(clock.elapsed(), interval);
        self.take_screenshot(&ctx);
        if let Some(report) = &mut self.frame_report {
            if report.record(interval) {
                println!("{}", report.summary());
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            // Measured frames follow each other, whether or not the view moves.
            ctx.request_repaint();
        }
    }

    /// The display choices the boards are drawn with.
    pub fn view(&self) -> &ViewSettings {
        &self.view
    }

    /// The display choices, to change.
    pub fn view_mut(&mut self) -> &mut ViewSettings {
        &mut self.view
    }

    /// Points the cross-sections at the last move whenever the game or its cursor changed,
    /// so that it is always in sight.
    fn follow_last_move(&mut self) {
        let revision = self.session.revision();
        if self.followed != Some(revision) {
            self.followed = Some(revision);
            let shape = self.session.board().shape;
            self.view.follow(shape, self.session.last_move());
        }
    }

    /// Brings the board's main view to the front when the game switches between 2D and 3D (and
    /// at the start): the 3D view for a cube, the cross-sections for a flat board.
    fn follow_dimensions(&mut self) {
        let dims = self.session.board().shape.dims();
        if self.shown_dims != Some(dims) {
            self.shown_dims = Some(dims);
            let panes: &[Pane] = if dims == 3 {
                &[Pane::View3d]
            } else {
                // The 3D view's place beside the board shows the review instead.
                &[Pane::Sections, Pane::Review]
            };
            for &pane in panes {
                layout::show_pane(&mut self.layout, pane);
            }
        }
    }

    /// Asks for the screenshot once the workspace has settled, writes it when it arrives, and
    /// closes the window.
    fn take_screenshot(&mut self, ctx: &egui::Context) {
        let Some(plan) = &mut self.screenshot else {
            return;
        };
        let judge = self.session.judge();
        let judging = judge.is_judging() || judge.is_reviewing() || self.session.is_tune_running();
        if plan.due(self.session.is_engine_busy(), judging) {
            let captured = Arc::clone(&plan.captured);
            let waker = ctx.clone();
            ctx.request_screenshot(move |image| {
                *captured.lock().unwrap_or_else(|e| e.into_inner()) = Some(image);
                waker.request_repaint();
            });
        }
        ctx.request_repaint();
        let image = plan
            .captured
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        if let Some(image) = image {
            if let Err(error) = plan.save(&image) {
                *self.failure.lock().unwrap_or_else(|e| e.into_inner()) = Some(error);
            }
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    fn apply_look(&self, ctx: &egui::Context) {
        let settings = &self.view;
        let theme = if settings.dark {
            egui::Theme::Dark
        } else {
            egui::Theme::Light
        };
        ctx.set_theme(theme);
        if (ctx.zoom_factor() - settings.ui_scale).abs() > 1e-3 {
            ctx.set_zoom_factor(settings.ui_scale);
        }
    }
}

impl eframe::App for ReversiApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame(ui);
    }

    fn clear_color(&self, visuals: &egui::Visuals) -> [f32; 4] {
        visuals.panel_fill.to_normalized_gamma_f32()
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.screenshot.is_none() && self.frame_report.is_none() {
            self.save_to(storage);
        }
    }
}

/// Opens the workspace window with the command-line options `args` and runs until it is
/// closed.
pub fn run(args: &LaunchArgs) -> anyhow::Result<()> {
    if let Ok(library) = PresetLibrary::user_default() {
        args.check(&library)?;
    }
    // A screenshot or a frame report starts from a fresh store (the default window, no
    // session's state) and leaves the user's alone; otherwise the state lives in
    // REVERSI3D_DATA_DIR when it is set.
    let scratch = if args.is_measurement() {
        Some(tempfile::tempdir()?)
    } else {
        None
    };
    let persistence_path = match &scratch {
        Some(folder) => Some(folder.path().join("app.ron")),
        None => stored_state::state_path().ok(),
    };
    let damaged = persistence_path
        .as_deref()
        .and_then(stored_state::set_aside_if_damaged);
    let options = eframe::NativeOptions {
        renderer: eframe::Renderer::Glow,
        depth_buffer: 24,
        // egui's dithering adds a noise function to every pixel of the window every frame: on
        // software GL (llvmpipe) it cost 15-25 % of the 3D view's frame interval, against
        // banding that our flat colours do not show.
        dithering: false,
        viewport: egui::ViewportBuilder::default()
            .with_title("reversi3d")
            .with_inner_size([1600.0, 1000.0])
            .with_min_inner_size([640.0, 400.0]),
        persistence_path,
        ..Default::default()
    };
    let failure: Arc<Mutex<Option<anyhow::Error>>> = Arc::default();
    let app_failure = Arc::clone(&failure);
    let launch = args.clone();
    eframe::run_native(
        "reversi3d",
        options,
        Box::new(move |cc| {
            let mut app = ReversiApp::from_storage(cc, launch.is_measurement());
            app.failure = app_failure;
            if let Some(damaged) = damaged {
                app.session.error(damaged);
            }
            if let Err(error) = app.launch(&launch) {
                app.session.error(format!("{error:#}"));
                if launch.screenshot.is_some() {
                    return Err(error.into());
                }
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|error| anyhow::anyhow!("the window could not open: {error}"))?;
    let failure = failure.lock().unwrap_or_else(|e| e.into_inner()).take();
    failure.map_or(Ok(()), Err)
}
