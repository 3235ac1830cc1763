//! How the boards are drawn: the user's display choices for the 2D boards, the
//! cross-sections and the 3D view, and the window's look. The workspace owns them, not the
//! session: drawing them never changes what the engine does. Persisted across restarts.

use serde::{Deserialize, Serialize};

use engine::Shape;

/// The grid drawn in the 3D view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum GridMode {
    /// No grid lines.
    None,
    /// Lines parallel to the axes.
    #[default]
    Orthogonal,
    /// Lines in all 26 directions.
    All,
}

impl GridMode {
    /// The next mode in the cycle None → Orthogonal → All.
    pub fn next(self) -> Self {
        match self {
            GridMode::None => GridMode::Orthogonal,
            GridMode::Orthogonal => GridMode::All,
            GridMode::All => GridMode::None,
        }
    }

    /// The mode's name in menus.
    pub fn label(self) -> &'static str {
        match self {
            GridMode::None => "None",
            GridMode::Orthogonal => "Orthogonal",
            GridMode::All => "All 26",
        }
    }
}

/// The display choices. Unknown or missing fields fall back to the defaults, so choices saved
/// by another version never stop the app from starting.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ViewSettings {
    /// Show the legal moves of the side to move.
    pub hints: bool,
    /// Write each legal move's score on its square of the 2D boards.
    pub board_scores: bool,
    /// Colour cells by category.
    pub categories: bool,
    /// Colour cells by the category values of the weights player.
    pub values: bool,
    /// The slice shown for each axis in the cross-sections (0-based).
    pub slices: [usize; 3],
    /// Show the coordinates of the cell under the pointer.
    pub hover: bool,
    /// 3D view: axes with labels.
    pub axes: bool,
    /// 3D view: grid lines.
    pub grid: GridMode,
    /// 3D view: auto-rotation.
    pub rotate: bool,
    /// 3D view: orthographic instead of perspective projection.
    pub orthographic: bool,
    /// 3D view: where the camera is.
    pub camera: super::view3d::camera::OrbitCamera,
    /// 3D view: disc size (relative).
    pub ball_size: f32,
    /// 3D view and boards: hint size (relative).
    pub hint_size: f32,
    /// UI zoom factor.
    pub ui_scale: f32,
    /// Dark theme (else light).
    pub dark: bool,
}

impl Default for ViewSettings {
    fn default() -> Self {
        ViewSettings {
            hints: true,
            board_scores: true,
            categories: false,
            values: false,
            slices: [2, 2, 2],
            hover: true,
            axes: false,
            grid: GridMode::Orthogonal,
            rotate: true,
            orthographic: false,
            camera: Default::default(),
            ball_size: 1.0,
            hint_size: 1.0,
            ui_scale: 1.0,
            dark: true,
        }
    }
}

impl ViewSettings {
    /// The range of the size sliders.
    pub const SIZES: (f32, f32) = (0.3, 2.0);

    /// Brings values read from storage into range (a hand-edited or damaged store must not
    /// break the app).
    pub fn sanitized(mut self) -> Self {
        self.ball_size = self.ball_size.clamp(Self::SIZES.0, Self::SIZES.1);
        self.hint_size = self.hint_size.clamp(Self::SIZES.0, Self::SIZES.1);
        self.ui_scale = self.ui_scale.clamp(0.5, 3.0);
        self
    }

    /// Points the cross-sections at the last move on `shape`, so that it is always in sight;
    /// without one (a new game), at the middle slices.
    pub fn follow(&mut self, shape: Shape, last_move: Option<usize>) {
        self.slices = match last_move {
            Some(cell) => shape.coords(cell),
            None => [shape.side() / 2 - 1; 3],
        };
    }

    /// Shows the Categories overlay or not (it and Values exclude each other).
    pub fn show_categories(&mut self, shown: bool) {
        self.categories = shown;
        self.values &= !shown;
    }

    /// Shows the Values overlay or not (it and Categories exclude each other).
    pub fn show_values(&mut self, shown: bool) {
        self.values = shown;
        self.categories &= !shown;
    }

    /// Multiplies the disc size by `factor`, within the sliders' range.
    pub fn scale_discs(&mut self, factor: f32) {
        self.ball_size = (self.ball_size * factor).clamp(Self::SIZES.0, Self::SIZES.1);
    }

    /// Multiplies the hint size by `factor`, within the sliders' range.
    pub fn scale_hints(&mut self, factor: f32) {
        self.hint_size = (self.hint_size * factor).clamp(Self::SIZES.0, Self::SIZES.1);
    }
}
