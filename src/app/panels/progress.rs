//! A run's progress: a bar with a short headline that fits any pane, and the details (rates,
//! times, settings) below it as a wrapped line, since a bar cuts text that is too long.

/// Draws the bar at `fraction` (0 to 1) with `headline` on it, and `details`, if any, wrapped
/// below; the bar's response, for a tooltip.
pub fn show(ui: &mut egui::Ui, fraction: f32, headline: String, details: &str) -> egui::Response {
    let bar = ui.add(egui::ProgressBar::new(fraction).text(headline));
    if !details.is_empty() {
        ui.add(egui::Label::new(egui::RichText::new(details).small()).wrap());
    }
    bar
}
