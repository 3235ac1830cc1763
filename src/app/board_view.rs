//! A 2D board drawn with egui: the single board of a 2D game or one slice of a cube. Discs,
//! hints, best moves, the last move, a move preview, the Categories/Values overlays and the
//! Compare panel's colouring; a click on a cell plays it (or edits it in the board editor).

use egui::{Color32, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};

use super::judge_desk::Mark;
use super::palette;
use super::session::{BoardContext, GameRequest};
use engine::notation::{Notation, column_letter};
use engine::shape::Coords;
use engine::{Color, Shape};

/// Which cells a board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plane {
    /// The axis held fixed (2 on a 2D board).
    pub axis: usize,
    /// The fixed coordinate along it (0 on a 2D board).
    pub index: usize,
}

impl Plane {
    /// The two free axes: drawn left to right and top to bottom.
    pub fn free_axes(self) -> (usize, usize) {
        match self.axis {
            0 => (1, 2),
            1 => (0, 2),
            _ => (0, 1),
        }
    }

    /// The coordinates of the cell in column `u`, row `v`.
    pub fn coords(self, u: usize, v: usize) -> Coords {
        let (a, b) = self.free_axes();
        let mut coords = [0; 3];
        coords[a] = u;
        coords[b] = v;
        coords[self.axis] = self.index;
        coords
    }

    /// The name of the plane, e.g. `XY` (used in accessibility labels).
    pub fn name(self) -> &'static str {
        match self.axis {
            0 => "YZ",
            1 => "XZ",
            _ => "XY",
        }
    }
}

/// Draws the board of `plane` with cells of `cell` points and handles clicks and hovering.
/// Accessibility label of a cell: `"{plane name} {x-y-z}"` (`"board c4"` in 2D, or `"board 3-4"`
/// in the seed's notation).
pub fn draw(ui: &mut egui::Ui, context: &mut BoardContext, plane: Plane, cell: f32) {
    let shape = context.board().shape;
    let n = shape.side();
    let margin = cell * 0.5;
    let size = Vec2::new(n as f32 * cell + margin, n as f32 * cell + margin);
    let (outer, _) = ui.allocate_exact_size(size, Sense::hover());
    let origin = outer.min + Vec2::splat(margin);
    let painter = ui.painter_at(outer);
    let label_font = egui::FontId::proportional((cell * 0.35).clamp(8.0, 14.0));
    let label_color = ui.visuals().weak_text_color();
    let letters = !shape.is_3d() && context.notation() == Notation::Letters;
    for i in 0..n {
        let number = (i + 1).to_string();
        let column_text = match letters {
            true => column_letter(i).to_string(),
            false => number.clone(),
        };
        let column = Pos2::new(
            origin.x + (i as f32 + 0.5) * cell,
            outer.min.y + margin * 0.5,
        );
        let row = Pos2::new(
            outer.min.x + margin * 0.5,
            origin.y + (i as f32 + 0.5) * cell,
        );
        painter.text(
            column,
            egui::Align2::CENTER_CENTER,
            &column_text,
            label_font.clone(),
            label_color,
        );
        painter.text(
            row,
            egui::Align2::CENTER_CENTER,
            &number,
            label_font.clone(),
            label_color,
        );
    }
    let look = Look::of(context);
    look.paint_ground(&painter, shape, plane, origin, cell);
    look.paint_discs(ui.ctx(), &painter, shape, plane, origin, cell);
    let prefix = if shape.is_3d() { plane.name() } else { "board" };
    let mut clicked = None;
    let mut hovered = None;
    for (index, rect) in cell_rects(shape, plane, origin, cell) {
        let id = ui.scope_id().with(("cell", plane.axis, index));
        let response = ui.interact(rect, id, Sense::click());
        let name = context.cell_name(index);
        response.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Button, true, format!("{prefix} {name}"))
        });
        look.paint_overlays(&painter, rect, index, context);
        if response.hovered() {
            hovered = Some(index);
            painter.rect_stroke(
                rect,
                0.0,
                Stroke::new(2.0, Color32::WHITE),
                StrokeKind::Inside,
            );
        }
        if response.clicked() {
            clicked = Some(index);
        }
        if context.view.hover && response.hovered() {
            let tip = context.cell_summary(index);
            response.on_hover_text_at_pointer(tip);
        }
    }
    context.requests.extend(hovered.map(GameRequest::Preview));
    context.requests.extend(clicked.map(GameRequest::Play));
}

/// The Compare panel's mark of every cell (see [`BoardContext::judge_marks`]).
fn marks_by_cell(context: &BoardContext) -> Vec<Option<Mark>> {
    let mut marks = vec![None; context.board().shape.cells()];
    for (cell, mark) in context.judge_marks() {
        marks[cell] = Some(mark);
    }
    marks
}

/// What the cells show this frame.
struct Look {
    red: Vec<bool>,
    green: Vec<bool>,
    hints: Vec<bool>,
    best: Vec<bool>,
    /// Each scored legal move's score text, and whether it is the best.
    scores: Vec<Option<(String, bool)>>,
    last: Option<usize>,
    played_next: Option<usize>,
    mover: Color,
    marks: Vec<Option<Mark>>,
    /// Each cell's ground: felt, or its category's or value's colour.
    fills: Vec<Color32>,
}

impl Look {
    fn of(context: &BoardContext) -> Self {
        let board = context.board();
        let cells = board.shape.cells();
        let mark = |list: &[usize]| {
            let mut marks = vec![false; cells];
            list.iter().for_each(|&c| marks[c] = true);
            marks
        };
        let hints = if context.view.hints && !board.over {
            mark(&board.mover_moves)
        } else {
            vec![false; cells]
        };
        let mut scores = vec![None; cells];
        if context.view.board_scores
            && !board.over
            && let Some(shown) = context.shown()
        {
            let rows = context.move_scores();
            let best = rows.iter().filter_map(|row| row.score).max();
            for row in rows {
                if let Some(score) = row.score {
                    let text = shown.analysis.short_score_text(score);
                    scores[row.cell] = Some((text, Some(score) == best));
                }
            }
        }
        Look {
            red: mark(&board.red),
            green: mark(&board.green),
            hints,
            best: mark(&context.best_moves()),
            scores,
            played_next: context.played_next(),
            last: context.last_move(),
            mover: board.mover,
            marks: marks_by_cell(context),
            fills: (0..cells).map(|cell| ground(context, cell)).collect(),
        }
    }

    /// The cells' ground: one felt square for the board, the cells coloured by the overlays
    /// or the Compare marks, and the grid as long lines (a rectangle and a frame per cell cost
    /// software GL far more triangles).
    fn paint_ground(
        &self,
        painter: &egui::Painter,
        shape: Shape,
        plane: Plane,
        origin: Pos2,
        cell: f32,
    ) {
        let n = shape.side();
        let board = Rect::from_min_size(origin, Vec2::splat(n as f32 * cell));
        painter.rect_filled(board, 0.0, palette::FELT);
        for (index, rect) in cell_rects(shape, plane, origin, cell) {
            let fill = match self.marks[index] {
                Some(Mark::Score(fraction)) => palette::value(fraction),
                _ => self.fills[index],
            };
            if fill != palette::FELT {
                painter.rect_filled(rect, 0.0, fill);
            }
            if self.marks[index] == Some(Mark::Disagreement) {
                painter.rect_stroke(
                    rect.shrink(2.0),
                    0.0,
                    Stroke::new(3.0, palette::DISPUTED),
                    StrokeKind::Inside,
                );
            }
        }
        let grid = Stroke::new(1.0, palette::GRID);
        for i in 0..=n {
            let offset = i as f32 * cell;
            painter.line_segment(
                [
                    Pos2::new(board.min.x + offset, board.min.y),
                    Pos2::new(board.min.x + offset, board.max.y),
                ],
                grid,
            );
            painter.line_segment(
                [
                    Pos2::new(board.min.x, board.min.y + offset),
                    Pos2::new(board.max.x, board.min.y + offset),
                ],
                grid,
            );
        }
    }

    /// Every disc of the board in one textured mesh: a black disc a pixel larger under the
    /// coloured one, two squares each instead of a tessellated circle and its outline.
    fn paint_discs(
        &self,
        ctx: &egui::Context,
        painter: &egui::Painter,
        shape: Shape,
        plane: Plane,
        origin: Pos2,
        cell: f32,
    ) {
        let mut mesh = egui::Mesh::with_texture(disc_texture(ctx).id());
        let uv = Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0));
        for (index, rect) in cell_rects(shape, plane, origin, cell) {
            let color = if self.red[index] {
                Color::Red
            } else if self.green[index] {
                Color::Green
            } else {
                continue;
            };
            let center = rect.center();
            let radius = disc_radius(rect);
            let outline = Rect::from_center_size(center, Vec2::splat(2.0 * (radius + 1.0)));
            mesh.add_rect_with_uv(outline, uv, Color32::BLACK);
            let disc = Rect::from_center_size(center, Vec2::splat(2.0 * radius));
            mesh.add_rect_with_uv(disc, uv, palette::disc(color));
        }
        painter.add(mesh);
    }

    /// What is drawn over a cell's disc: the preview, the best-move and played rings, the
    /// score or the hint, and the last move's dot.
    fn paint_overlays(
        &self,
        painter: &egui::Painter,
        rect: Rect,
        index: usize,
        context: &BoardContext,
    ) {
        let view = &*context.view;
        let center = rect.center();
        let radius = disc_radius(rect);
        if let Some(preview) = context.preview() {
            self.paint_preview(painter, center, radius, index, preview);
        }
        if self.best[index] {
            painter.circle_stroke(center, radius * 0.8, Stroke::new(3.0, palette::BEST));
        }
        if self.played_next == Some(index) {
            painter.circle_stroke(center, radius * 0.95, Stroke::new(2.0, palette::PLAYED));
        }
        if let Some((text, best)) = &self.scores[index] {
            let size = (rect.width() * 0.3).clamp(7.0, 16.0);
            let color = match best {
                true => palette::BEST,
                false => palette::disc(self.mover),
            };
            painter.text(
                center,
                egui::Align2::CENTER_CENTER,
                text,
                egui::FontId::monospace(size),
                color,
            );
        } else if self.hints[index] {
            let hint = radius * 0.3 * view.hint_size;
            painter.circle_filled(center, hint, palette::disc(self.mover));
        }
        if self.last == Some(index) {
            painter.circle_filled(center, radius * 0.18, Color32::WHITE);
        }
    }

    /// The previewed move as a faint disc, and the discs it flips ringed in the new colour.
    fn paint_preview(
        &self,
        painter: &egui::Painter,
        center: Pos2,
        radius: f32,
        index: usize,
        preview: &super::session::Preview,
    ) {
        let color = palette::disc(self.mover);
        if preview.cell == index {
            painter.circle_filled(center, radius, color.gamma_multiply(0.6));
        } else {
            let now_mover = match self.mover {
                Color::Red => preview.board.red.contains(&index) && self.green[index],
                Color::Green => preview.board.green.contains(&index) && self.red[index],
            };
            if now_mover {
                painter.circle_stroke(center, radius * 0.7, Stroke::new(3.0, color));
            }
        }
    }
}

/// Each cell of `plane` with its square, row by row, for cells of `cell` points from `origin`.
fn cell_rects(
    shape: Shape,
    plane: Plane,
    origin: Pos2,
    cell: f32,
) -> impl Iterator<Item = (usize, Rect)> {
    let n = shape.side();
    (0..n).flat_map(move |v| {
        (0..n).map(move |u| {
            let min = origin + Vec2::new(u as f32 * cell, v as f32 * cell);
            let rect = Rect::from_min_size(min, Vec2::splat(cell));
            (shape.cell(plane.coords(u, v)), rect)
        })
    })
}

/// The radius of a disc in a cell's square.
fn disc_radius(rect: Rect) -> f32 {
    rect.width() * 0.42
}

/// The ground of `cell` under the Categories and Values overlays (felt when both are off).
/// Values of a pattern player colour each disc by its worth to its owner.
fn ground(context: &BoardContext, cell: usize) -> Color32 {
    let settings = &context.view;
    let category = context.category(cell);
    if settings.values
        && let Some(scale) = context.worth_scale()
    {
        context
            .disc_worth(cell)
            .map_or(palette::FELT, |worth| palette::value(worth / scale))
    } else if settings.values {
        palette::category_value(&context.weights_preset().weights, category)
    } else if settings.categories {
        palette::category(category)
    } else {
        palette::FELT
    }
}

/// A white disc with a smooth edge, made once per window and tinted for every disc drawn.
fn disc_texture(ctx: &egui::Context) -> egui::TextureHandle {
    let id = egui::Id::unique("reversi3d disc texture");
    if let Some(texture) = ctx.data(|data| data.get_temp::<egui::TextureHandle>(id)) {
        return texture;
    }
    const SIZE: usize = 64;
    let middle = SIZE as f32 / 2.0;
    let pixels = (0..SIZE * SIZE)
        .map(|i| {
            let (x, y) = ((i % SIZE) as f32 + 0.5, (i / SIZE) as f32 + 0.5);
            let distance = ((x - middle).powi(2) + (y - middle).powi(2)).sqrt();
            let coverage = (middle - distance + 0.5).clamp(0.0, 1.0);
            Color32::from_white_alpha((coverage * 255.0).round() as u8)
        })
        .collect();
    let image = egui::ColorImage::new([SIZE, SIZE], pixels);
    let options = egui::TextureOptions {
        mipmap_mode: Some(egui::TextureFilter::Linear),
        ..egui::TextureOptions::LINEAR
    };
    let texture = ctx.load_texture("disc", image, options);
    ctx.data_mut(|data| data.insert_temp(id, texture.clone()));
    texture
}
