//! The 3D view: the cube drawn with three-d inside the workspace, an orbit camera driven by
//! the mouse, and picking on the CPU so that a click plays the cell under the pointer.

pub mod camera;
pub mod picking;
mod render;
pub mod scene;

use std::sync::{Arc, Mutex};

use egui::{Pos2, Rect, Sense};
use three_d::{Vec3, Viewport};

use super::palette;
use super::session::{BoardContext, GameRequest};
use super::view_settings::{GridMode, ViewSettings};
use render::{Renderer, SharedRenderer, View};

/// Radians per second of the auto-rotation.
const SPIN: f32 = 0.25;

/// Draws the 3D view of the session's cube with its toolbar, and handles the mouse.
pub fn show(ui: &mut egui::Ui, context: &mut BoardContext) {
    toolbar(ui, context.view);
    // A toolbar wider than a narrow pane widens the panel's area past what is visible: the
    // view takes only the visible width, so that the cube stays in the middle.
    let visible_width = ui.clip_rect().right() - ui.cursor().left();
    let size = egui::vec2(
        ui.available_width().min(visible_width).max(1.0),
        ui.available_height(),
    );
    let (rect, response) = ui.allocate_exact_size(size, Sense::click_and_drag());
    response
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "3D view of the cube"));
    let shape = context.board().shape;
    let choices = &mut *context.view;
    choices.camera = choices.camera.framed(shape.side());
    steer(ui, &response, rect, choices, shape.side());
    let pixels_per_point = ui.ctx().pixels_per_point();
    let viewport = Viewport::new_at_origo(
        (rect.width() * pixels_per_point).max(1.0) as u32,
        (rect.height() * pixels_per_point).max(1.0) as u32,
    );
    let camera = choices.camera.camera(viewport, choices.orthographic);
    let pixel_of = |pos: Pos2| {
        (
            (pos.x - rect.min.x) * pixels_per_point,
            (rect.max.y - pos.y) * pixels_per_point,
        )
    };
    let pointer = response.hover_pos();
    let mut scene = scene::build(context);
    if response.clicked()
        && let Some(pos) = response.interact_pointer_pos()
    {
        click(context, &camera, pixel_of(pos), &scene.targets);
    }
    let hovered = pointer.and_then(|pos| picking::pick(&camera, pixel_of(pos), &scene.targets));
    if let Some(cell) = hovered {
        scene.add_hover(shape, cell);
    }
    let renderer = shared_renderer(ui);
    let failure = renderer
        .lock()
        .ok()
        .and_then(|r| r.failure().map(str::to_string));
    if let Some(failure) = failure {
        ui.painter().rect_filled(rect, 0.0, background(ui));
        ui.painter().text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            format!("The 3D view cannot draw here: {failure}\nUse the Cross-sections panel."),
            egui::FontId::proportional(14.0),
            ui.visuals().error_fg_color,
        );
        return;
    }
    let labels = scene.axis_labels.clone();
    let scores = scene.score_labels.clone();
    let frame = View {
        scene,
        orbit: context.view.camera,
        orthographic: context.view.orthographic,
        background: background(ui),
    };
    let callback = eframe::egui_glow::CallbackFn::new(move |info, painter| {
        if let Ok(mut renderer) = renderer.lock() {
            renderer.paint(&info, painter, &frame);
        }
    });
    ui.painter().add(egui::PaintCallback {
        rect,
        callback: Arc::new(callback),
    });
    let mover = palette::disc(context.board().mover);
    let on_screen = |position: Vec3| {
        let pixel = camera.pixel_at_position(position);
        Pos2::new(
            rect.min.x + pixel.x / pixels_per_point,
            rect.max.y - pixel.y / pixels_per_point,
        )
    };
    paint_labels(ui, &on_screen, &labels, &scores, mover);
    if let Some(cell) = hovered {
        context.requests.push(GameRequest::Preview(cell));
        if context.view.hover {
            response.on_hover_text_at_pointer(context.cell_summary(cell));
        }
    }
}

/// The axes' names at their ends, and the best moves' scores beside their hints (the best in
/// yellow, the others in the mover's colour).
fn paint_labels(
    ui: &egui::Ui,
    on_screen: &dyn Fn(Vec3) -> Pos2,
    axes: &[(Vec3, &'static str)],
    scores: &[(Vec3, String, bool)],
    mover: egui::Color32,
) {
    let painter = ui.painter();
    for &(position, name) in axes {
        let font = egui::FontId::proportional(16.0);
        let color = ui.visuals().strong_text_color();
        painter.text(
            on_screen(position),
            egui::Align2::CENTER_CENTER,
            name,
            font,
            color,
        );
    }
    for (position, text, best) in scores {
        let color = if *best { palette::BEST } else { mover };
        let font = egui::FontId::monospace(13.0);
        painter.text(
            on_screen(*position),
            egui::Align2::CENTER_BOTTOM,
            text,
            font,
            color,
        );
    }
}

/// Plays the legal move under the pointer; a click on a disc says why nothing happens.
fn click(
    context: &mut BoardContext,
    camera: &three_d::Camera,
    pixel: (f32, f32),
    targets: &[picking::Target],
) {
    let legal = &context.board().mover_moves;
    let moves: Vec<picking::Target> = targets
        .iter()
        .filter(|t| legal.contains(&t.cell))
        .copied()
        .collect();
    let picked =
        picking::pick(camera, pixel, &moves).or_else(|| picking::pick(camera, pixel, targets));
    context.requests.extend(picked.map(GameRequest::Play));
}

/// Rotation, zoom and pan from the mouse; auto-rotation until the first click.
fn steer(
    ui: &egui::Ui,
    response: &egui::Response,
    rect: Rect,
    view: &mut ViewSettings,
    side: usize,
) {
    let camera = &mut view.camera;
    if response.is_pointer_button_down_on() || response.clicked() {
        view.rotate = false;
    }
    let delta = response.drag_delta();
    if response.dragged_by(egui::PointerButton::Primary) {
        camera.rotate(delta.x, delta.y);
    } else if response.dragged_by(egui::PointerButton::Secondary) {
        camera.pan(delta.x, delta.y, rect.height());
    } else if response.dragged_by(egui::PointerButton::Middle) {
        camera.zoom((delta.y * 0.01).exp(), side);
    }
    if response.hovered() {
        let scroll = ui.input(|i| i.smooth_scroll_delta.y);
        if scroll != 0.0 {
            camera.zoom((scroll * 0.002).exp(), side);
        }
    }
    if view.rotate {
        let dt = ui.input(|i| i.stable_dt).min(0.1);
        camera.yaw += SPIN * dt;
        ui.ctx().request_repaint();
    }
}

/// The 3D view's own switches: grid, axes, rotation, projection, sizes.
fn toolbar(ui: &mut egui::Ui, view: &mut ViewSettings) {
    ui.horizontal_wrapped(|ui| {
        egui::ComboBox::from_id_salt("grid")
            .selected_text(format!("Grid: {}", view.grid.label()))
            .show_ui(ui, |ui| {
                for mode in [GridMode::None, GridMode::Orthogonal, GridMode::All] {
                    ui.selectable_value(&mut view.grid, mode, mode.label());
                }
            })
            .response
            .on_hover_text("Grid lines: none, along the axes, or in all 26 directions (a)");
        ui.toggle_value(&mut view.axes, "Axes")
            .on_hover_text("The x, y and z axes (A)");
        ui.toggle_value(&mut view.rotate, "Rotate")
            .on_hover_text("Turn the cube slowly (w); a click stops it");
        ui.toggle_value(&mut view.orthographic, "Infinity")
            .on_hover_text(
                "View from infinity: orthographic projection instead of perspective (i)",
            );
    });
    // The sizes and the reset on a row of their own: a slider with its value never splits.
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().slider_width = 70.0;
        let (low, high) = ViewSettings::SIZES;
        ui.add(egui::Slider::new(&mut view.ball_size, low..=high).text("B"))
            .on_hover_text("Disc size (b / B)");
        ui.add(egui::Slider::new(&mut view.hint_size, low..=high).text("H"))
            .on_hover_text("Hint size (h / H)");
        if ui
            .button("Reset view")
            .on_hover_text("Look at the whole cube again")
            .clicked()
        {
            view.camera = camera::OrbitCamera::default();
        }
    });
    ui.add(
        egui::Label::new(
            egui::RichText::new(
                "Left-drag: turn · wheel or middle-drag: zoom · right-drag: pan · click: play",
            )
            .weak(),
        )
        .wrap(),
    );
}

fn background(ui: &egui::Ui) -> egui::Color32 {
    if ui.visuals().dark_mode {
        egui::Color32::from_rgb(18, 22, 28)
    } else {
        egui::Color32::from_rgb(225, 230, 236)
    }
}

/// The renderer kept in egui's memory between frames (one per app).
fn shared_renderer(ui: &egui::Ui) -> SharedRenderer {
    let id = egui::Id::unique("reversi3d renderer");
    ui.ctx().data_mut(|data| {
        data.get_temp_mut_or_insert_with(id, || Arc::new(Mutex::new(Renderer::default())))
            .clone()
    })
}
