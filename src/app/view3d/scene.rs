//! What the 3D view shows, as plain data built from a board's context: balls (discs, hints, best
//! moves, category or value markers), translucent halos (last move, hovered cell), rods (grid
//! and axes) and the three translucent slice planes. No GL here: the renderer draws this, the
//! picking uses its targets, and tests count it.

use egui::Color32;
use three_d::{Vec3, vec3};

use super::picking::Target;
use crate::app::judge_desk::Mark;
use crate::app::palette;
use crate::app::session::BoardContext;
use crate::app::view_settings::GridMode;
use engine::{Color, Shape};

/// A sphere.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ball {
    /// Its centre.
    pub center: Vec3,
    /// Its radius.
    pub radius: f32,
    /// Its colour (alpha < 255: translucent).
    pub color: Color32,
}

/// A thin cylinder between two points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rod {
    /// One end.
    pub from: Vec3,
    /// The other end.
    pub to: Vec3,
    /// Its radius.
    pub radius: f32,
    /// Its colour.
    pub color: Color32,
}

/// A translucent square across the cube at one slice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SlicePlane {
    /// The axis it is perpendicular to (0 = x, 1 = y, 2 = z of the cells).
    pub axis: usize,
    /// Its centre.
    pub center: Vec3,
    /// Its side length.
    pub side: f32,
    /// Its colour.
    pub color: Color32,
}

/// Everything the 3D view draws this frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    /// Opaque balls.
    pub balls: Vec<Ball>,
    /// Translucent balls, drawn after the opaque ones.
    pub halos: Vec<Ball>,
    /// Category or value markers: small cubes (their `radius` is half a side), so that they
    /// never look like the players' hints.
    pub markers: Vec<Ball>,
    /// Grid lines and axes.
    pub rods: Vec<Rod>,
    /// The cross-section planes.
    pub planes: Vec<SlicePlane>,
    /// What a click or the pointer can pick: discs and the legal moves.
    pub targets: Vec<Target>,
    /// The ends of the axes with their names, for labels.
    pub axis_labels: Vec<(Vec3, &'static str)>,
    /// The scores of the best few legal moves, beside their hints, and whether each is the
    /// best.
    pub score_labels: Vec<(Vec3, String, bool)>,
}

/// How many of the best moves get their score written beside them in the 3D view.
const SCORED_HINTS: usize = 3;

/// The colour of a slice plane and of its axis.
pub const AXIS_COLORS: [Color32; 3] = [
    Color32::from_rgb(235, 90, 80),
    Color32::from_rgb(110, 220, 110),
    Color32::from_rgb(90, 150, 245),
];

/// The radius of a disc with the View's ball size.
fn disc_radius(ball_size: f32) -> f32 {
    0.42 * ball_size
}

/// Where a cell's centre is: the cube is centred on the origin with unit spacing; x runs to
/// the right, y down (as the rows of the cross-sections), z towards the viewer.
pub fn cell_center(shape: Shape, cell: usize) -> Vec3 {
    let [x, y, z] = shape.coords(cell);
    let middle = (shape.side() as f32 - 1.0) / 2.0;
    vec3(x as f32 - middle, middle - y as f32, z as f32 - middle)
}

/// The scene of the position shown.
pub fn build(context: &BoardContext) -> Scene {
    let board = context.board();
    let shape = board.shape;
    let view = &*context.view;
    let mut scene = Scene::default();
    let disc_radius = disc_radius(view.ball_size);
    let mut occupied = vec![false; shape.cells()];
    for (color, cells) in [(Color::Red, &board.red), (Color::Green, &board.green)] {
        for &cell in cells {
            occupied[cell] = true;
            let ball = Ball {
                center: cell_center(shape, cell),
                radius: disc_radius,
                color: palette::disc(color),
            };
            scene.balls.push(ball);
            scene.targets.push(target(cell, ball.center, disc_radius));
        }
    }
    let best = context.best_moves();
    if view.hints && !board.over {
        let radius = 0.12 * view.hint_size;
        for &cell in &board.mover_moves {
            let center = cell_center(shape, cell);
            let is_best = best.contains(&cell);
            let (radius, color) = if is_best {
                (radius * 1.6, palette::BEST)
            } else {
                (radius, palette::disc(board.mover))
            };
            scene.balls.push(Ball {
                center,
                radius,
                color,
            });
            // Legal moves are easier to hit than they look.
            scene.targets.push(target(cell, center, radius.max(0.3)));
        }
    }
    add_markers(context, &occupied, &mut scene);
    add_score_labels(context, &mut scene);
    add_judge_marks(context, &mut scene);
    if context.is_editing() {
        add_edit_targets(shape, &occupied, &mut scene);
    }
    if let Some(cell) = context.last_move() {
        scene.halos.push(Ball {
            center: cell_center(shape, cell),
            radius: disc_radius * 1.22,
            color: Color32::from_white_alpha(70),
        });
    }
    add_grid(shape, view.grid, &mut scene);
    if view.axes {
        add_axes(shape, &mut scene);
    }
    add_planes(shape, view.slices, &mut scene);
    scene
}

impl Scene {
    /// Adds the halo of the cell under the pointer.
    pub fn add_hover(&mut self, shape: Shape, cell: usize) {
        self.halos.push(Ball {
            center: cell_center(shape, cell),
            radius: 0.5,
            color: Color32::from_rgba_unmultiplied(255, 255, 160, 60),
        });
    }
}

fn target(cell: usize, center: Vec3, radius: f32) -> Target {
    Target {
        cell,
        center,
        radius,
    }
}

/// Small cubes on the empty cells coloured by category or by the weights player's values; a
/// pattern player's Values instead tint a halo round each disc by its worth to its owner.
fn add_markers(context: &BoardContext, occupied: &[bool], scene: &mut Scene) {
    let view = &*context.view;
    if !view.categories && !view.values {
        return;
    }
    if view.values
        && let Some(scale) = context.worth_scale()
    {
        let shape = context.board().shape;
        for cell in (0..shape.cells()).filter(|&c| occupied[c]) {
            if let Some(worth) = context.disc_worth(cell) {
                scene.halos.push(Ball {
                    center: cell_center(shape, cell),
                    radius: disc_radius(view.ball_size) * 1.3,
                    color: palette::value(worth / scale).gamma_multiply(0.85),
                });
            }
        }
        return;
    }
    let shape = context.board().shape;
    let weights = context.weights_preset().weights;
    for cell in (0..shape.cells()).filter(|&c| !occupied[c]) {
        let category = context.category(cell);
        let color = if view.values {
            palette::category_value(&weights, category)
        } else {
            palette::category(category)
        };
        scene.markers.push(Ball {
            center: cell_center(shape, cell),
            radius: 0.09,
            color,
        });
    }
}

/// The scores of the best few legal moves, written beside their hints (with Scores on).
fn add_score_labels(context: &BoardContext, scene: &mut Scene) {
    let Some(shown) = context.shown() else {
        return;
    };
    if !context.view.board_scores || context.board().over {
        return;
    }
    let mut rows: Vec<(usize, i32)> = context
        .move_scores()
        .into_iter()
        .filter_map(|row| Some((row.cell, row.score?)))
        .collect();
    rows.sort_by_key(|&(cell, score)| (std::cmp::Reverse(score), cell));
    let best = rows.first().map(|&(_, score)| score);
    let shape = context.board().shape;
    for &(cell, score) in rows.iter().take(SCORED_HINTS) {
        let beside = cell_center(shape, cell) + Vec3::new(0.0, 0.35, 0.0);
        let text = shown.analysis.short_score_text(score);
        scene.score_labels.push((beside, text, Some(score) == best));
    }
}

/// Rings of the Compare panel's colouring around the legal moves it marks.
fn add_judge_marks(context: &BoardContext, scene: &mut Scene) {
    let shape = context.board().shape;
    for (cell, mark) in context.judge_marks() {
        let color = match mark {
            Mark::Score(fraction) => palette::value(fraction),
            Mark::Disagreement => palette::DISPUTED,
        };
        scene.halos.push(Ball {
            center: cell_center(shape, cell),
            radius: 0.3,
            color: color.gamma_multiply(0.8),
        });
    }
}

/// In the board editor every empty cell is a small, clickable ball.
fn add_edit_targets(shape: Shape, occupied: &[bool], scene: &mut Scene) {
    for cell in (0..shape.cells()).filter(|&c| !occupied[c]) {
        let center = cell_center(shape, cell);
        scene.balls.push(Ball {
            center,
            radius: 0.08,
            color: Color32::from_gray(170),
        });
        scene.targets.push(target(cell, center, 0.3));
    }
}

/// Grid lines through the cell centres: along the three axes, or along all 26 directions.
fn add_grid(shape: Shape, mode: GridMode, scene: &mut Scene) {
    let steps: Vec<[i32; 3]> = match mode {
        GridMode::None => return,
        GridMode::Orthogonal => vec![[1, 0, 0], [0, 1, 0], [0, 0, 1]],
        // One of each opposite pair: the first non-zero component positive.
        GridMode::All => shape
            .steps()
            .into_iter()
            .filter(|s| s.iter().find(|&&c| c != 0).is_some_and(|&c| c > 0))
            .collect(),
    };
    let color = Color32::from_rgb(120, 130, 140);
    let radius = if mode == GridMode::All { 0.012 } else { 0.018 };
    for step in steps {
        for cell in 0..shape.cells() {
            let starts_line = shape.neighbor(cell, step.map(|c| -c)).is_none();
            if !starts_line || shape.neighbor(cell, step).is_none() {
                continue;
            }
            let mut end = cell;
            while let Some(next) = shape.neighbor(end, step) {
                end = next;
            }
            scene.rods.push(Rod {
                from: cell_center(shape, cell),
                to: cell_center(shape, end),
                radius,
                color,
            });
        }
    }
}

/// The x, y and z axes from the corner of cell 1-1-1, one cell longer than the cube.
fn add_axes(shape: Shape, scene: &mut Scene) {
    let origin = cell_center(shape, 0);
    let length = shape.side() as f32;
    let directions = [
        vec3(1.0, 0.0, 0.0),
        vec3(0.0, -1.0, 0.0),
        vec3(0.0, 0.0, 1.0),
    ];
    for ((direction, color), name) in directions.into_iter().zip(AXIS_COLORS).zip(["x", "y", "z"]) {
        let to = origin + direction * length;
        scene.rods.push(Rod {
            from: origin,
            to,
            radius: 0.035,
            color,
        });
        scene.axis_labels.push((to + direction * 0.4, name));
    }
}

/// The three cross-section planes at their current slices.
fn add_planes(shape: Shape, slices: [usize; 3], scene: &mut Scene) {
    let middle = cell_center(shape, shape.cell([0; 3])) + cell_center(shape, shape.cells() - 1);
    let middle = middle / 2.0;
    for axis in 0..3 {
        let mut coords = [0; 3];
        coords[axis] = slices[axis].min(shape.side() - 1);
        let on_plane = cell_center(shape, shape.cell(coords));
        let mut center = middle;
        center[axis] = on_plane[axis];
        scene.planes.push(SlicePlane {
            axis,
            center,
            side: shape.side() as f32,
            color: AXIS_COLORS[axis].gamma_multiply(0.16),
        });
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::app::forms::Forms;
    use crate::app::session::Session;
    use crate::app::settings::Settings;
    use crate::app::view_settings::ViewSettings;
    use lab::ai::PresetLibrary;

    /// A session on `board`, and a view with `grid` and the axes.
    fn session(board: &str, grid: GridMode) -> (Session, ViewSettings, tempfile::TempDir) {
        let folder = tempfile::tempdir().unwrap();
        let settings = Settings {
            board: board.parse().unwrap(),
            live_moves: false,
            ..Settings::default()
        };
        let library = PresetLibrary::at(folder.path());
        let session = Session::new(settings, Forms::default(), library, Arc::new(|| {}));
        let view = ViewSettings {
            grid,
            axes: true,
            ..ViewSettings::default()
        };
        (session, view, folder)
    }

    /// The scene of the session's position drawn with `view`.
    fn scene(session: &mut Session, view: &mut ViewSettings) -> Scene {
        session.board_panel(view, |context| build(context))
    }

    #[test]
    fn the_start_shows_eight_discs_the_hints_and_three_planes() {
        let (mut session, mut view, _folder) = session("6x6x6", GridMode::Orthogonal);
        let scene = scene(&mut session, &mut view);
        let hints = session.board().mover_moves.len();
        assert_eq!(scene.balls.len(), 8 + hints);
        assert_eq!(scene.targets.len(), 8 + hints);
        assert_eq!(scene.planes.len(), 3);
        assert_eq!(scene.axis_labels.len(), 3);
        // 3 × 6² grid lines and 3 axes.
        assert_eq!(scene.rods.len(), 3 * 36 + 3);
        assert!(scene.halos.is_empty(), "no last move and nothing hovered");
    }

    #[test]
    fn category_markers_are_cubes_on_the_empty_cells_not_balls_like_hints() {
        let (mut session, mut view, _folder) = session("4x4x4", GridMode::None);
        let plain = scene(&mut session, &mut view);
        view.show_categories(true);
        let marked = scene(&mut session, &mut view);
        assert_eq!(marked.balls, plain.balls, "discs and hints are unchanged");
        let empty = session.board().shape.cells() - 8;
        assert_eq!(marked.markers.len(), empty);
        assert!(plain.markers.is_empty());
    }

    #[test]
    fn a_pattern_players_values_tint_each_disc_by_its_worth_and_a_weights_players_the_cells() {
        let (mut session, mut view, _folder) = session("8x8", GridMode::None);
        view.show_values(true);
        session.choose_weights_player("Lobelia");
        session.tick(view.values);
        let by_patterns = scene(&mut session, &mut view);
        assert_eq!(by_patterns.halos.len(), 4, "one halo a disc");
        assert!(by_patterns.markers.is_empty());
        assert!(session.status().contains(" discs for Red (patterns)"));
        assert!(session.disc_worth(0).is_none(), "a1 is empty");
        session.choose_weights_player("Arwen");
        session.tick(view.values);
        let by_weights = scene(&mut session, &mut view);
        assert!(by_weights.halos.is_empty());
        assert_eq!(by_weights.markers.len(), 60, "a cube on each empty cell");
        assert!(session.worth_scale().is_none());
        assert!(!session.status().contains("discs"));
    }

    #[test]
    fn the_26_direction_grid_has_one_line_per_maximal_row_of_cells() {
        let (mut session, mut view, _folder) = session("4x4x4", GridMode::All);
        let lines = scene(&mut session, &mut view).rods.len() - 3;
        // Brute force: a line per (direction, start cell) with a neighbour ahead and none behind.
        let shape = session.board().shape;
        let mut expected = 0;
        for step in shape.steps() {
            if step.iter().find(|&&c| c != 0) != Some(&1) {
                continue;
            }
            for cell in 0..shape.cells() {
                let back = shape.neighbor(cell, step.map(|c| -c));
                if back.is_none() && shape.neighbor(cell, step).is_some() {
                    expected += 1;
                }
            }
        }
        assert_eq!(lines, expected);
        assert!(lines > 3 * 16, "more than the orthogonal grid");
    }

    #[test]
    fn cells_sit_on_a_centred_unit_lattice() {
        let shape: Shape = "4x4x4".parse().unwrap();
        assert_eq!(
            cell_center(shape, shape.cell([0, 0, 0])),
            vec3(-1.5, 1.5, -1.5)
        );
        assert_eq!(
            cell_center(shape, shape.cell([3, 3, 3])),
            vec3(1.5, -1.5, 1.5)
        );
    }
}
