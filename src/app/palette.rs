//! The colours shared by the boards, the legend and the charts.

use egui::Color32;

use engine::shape::Category;
use engine::{Color, Weights};

/// The board's felt.
pub const FELT: Color32 = Color32::from_rgb(22, 92, 60);
/// The lines between cells.
pub const GRID: Color32 = Color32::from_rgb(10, 50, 32);
/// Best moves (the Moves panel's analysis, and the AI's).
pub const BEST: Color32 = Color32::from_rgb(250, 215, 40);
/// The Compare panel's reference's best moves (a colour of their own: the reference may
/// disagree with the Moves panel).
pub const REFERENCE_BEST: Color32 = Color32::from_rgb(90, 190, 255);
/// The move the game went on with, when the board shows an earlier position.
pub const PLAYED: Color32 = Color32::WHITE;
/// Moves some contestants choose and others do not.
pub const DISPUTED: Color32 = Color32::from_rgb(235, 70, 200);

/// A player's disc colour.
pub fn disc(color: Color) -> Color32 {
    match color {
        Color::Red => Color32::from_rgb(222, 52, 52),
        Color::Green => Color32::from_rgb(60, 210, 90),
    }
}

/// A category's colour in the Categories overlay and the legend.
pub fn category(category: Category) -> Color32 {
    match category {
        Category::Corner => Color32::from_rgb(190, 60, 200),
        Category::CSquare => Color32::from_rgb(230, 120, 40),
        Category::XSquare => Color32::from_rgb(200, 40, 60),
        Category::Edge => Color32::from_rgb(60, 140, 230),
        Category::InnerEdge => Color32::from_rgb(90, 200, 220),
        Category::Face => Color32::from_rgb(150, 150, 60),
        Category::InnerFace => Color32::from_rgb(120, 100, 170),
        Category::Interior => Color32::from_rgb(22, 92, 60),
    }
}

/// The Values overlay: blue for good cells, orange for bad ones, stronger for larger
/// weights (`fraction` is the weight over the largest |weight|, in −1..=1; a square-root scale
/// keeps small weights visible beside a large corner weight).
pub fn value(fraction: f32) -> Color32 {
    let strength = fraction.abs().clamp(0.0, 1.0).sqrt();
    let (r, g, b) = if fraction >= 0.0 {
        (40.0, 110.0, 230.0)
    } else {
        (235.0, 120.0, 30.0)
    };
    let mix =
        |channel: f32, felt: u8| (f32::from(felt) + (channel - f32::from(felt)) * strength) as u8;
    Color32::from_rgb(mix(r, FELT.r()), mix(g, FELT.g()), mix(b, FELT.b()))
}

/// The Values colour of `category` under `weights`: its weight over the largest category
/// weight (mobility and disc difference left out).
pub fn category_value(weights: &Weights, category: Category) -> Color32 {
    let largest = weights.0[2..]
        .iter()
        .map(|w| w.abs())
        .max()
        .unwrap_or(1)
        .max(1) as f32;
    value(weights.category(category) as f32 / largest)
}
