//! What the weights player's evaluation sees in the position shown, without searching: its
//! value (the status line's "value") and, for a pattern player, each disc's worth to its owner
//! (the Values overlay). Recomputed when the position or the player changes.

use super::Session;
use engine::patterns::{PatternView, UNITS_PER_DISC, pattern_view};
use engine::search::disc_score_text;
use engine::{Color, Weights};
use lab::players::pattern_source::PatternSource;

/// The static view of one position, and what it was computed from.
pub(super) struct StaticView {
    revision: u64,
    weights: Weights,
    patterns: Option<PatternSource>,
    /// The side to move and the nine weights' value for it (evaluation units), when the
    /// player has no patterns for the board.
    weights_value: Option<(Color, i32)>,
    /// What the player's patterns see, when it has them for the board.
    patterns_view: Option<PatternView>,
    /// The largest disc worth of `patterns_view` in discs, at least one.
    worth_scale: Option<f32>,
}

impl Session {
    /// Recomputes the static view when the position or the weights player changed and the
    /// value or the Values overlay is shown.
    pub(super) fn refresh_static_view(&mut self, values_shown: bool) {
        let preset = self.weights_preset();
        let shape = self.game.shape;
        let rules = self.settings.rules;
        let loaded = (preset.patterns_for(shape))
            .filter(|p| p.evaluation.applies_to(shape, rules))
            .cloned();
        let weights = preset.weights;
        let patterns = loaded.as_ref().map(|p| p.source.clone());
        let current = self.static_view.as_ref().is_some_and(|v| {
            v.revision == self.revision && v.weights == weights && v.patterns == patterns
        });
        if current || !(self.settings.show_value || values_shown) {
            return;
        }
        let (start, moves) = (self.game.start(), &self.game.moves()[..self.game.cursor()]);
        let (weights_value, patterns_view) = match &loaded {
            Some(loaded) => (None, pattern_view(&loaded.evaluation, start, moves).ok()),
            None => (engine::static_value(start, moves, &weights).ok(), None),
        };
        let worth_scale = patterns_view.as_ref().map(|view| {
            let largest = view.worths.iter().flatten().map(|w| w.abs()).max();
            (largest.unwrap_or(0) as f32 / UNITS_PER_DISC as f32).max(1.0)
        });
        self.static_view = Some(StaticView {
            revision: self.revision,
            weights,
            patterns,
            weights_value,
            patterns_view,
            worth_scale,
        });
    }

    /// The weights player's static value of the position shown, for the side to move, in
    /// words: `+1.4 discs for Red (patterns)` or `+12 for Red (nine-weight units)`.
    pub fn static_value_text(&self) -> Option<String> {
        let view = self.static_view.as_ref()?;
        if let Some(patterns) = &view.patterns_view {
            let discs = disc_score_text(patterns.value);
            return Some(format!("{discs} discs for {:?} (patterns)", patterns.mover));
        }
        let (mover, value) = view.weights_value?;
        Some(format!("{value:+} for {mover:?} (nine-weight units)"))
    }

    /// The disc worth of `cell` for its owner in discs, by the weights player's patterns
    /// (`None` for a nine-weight player or an empty cell).
    pub fn disc_worth(&self, cell: usize) -> Option<f32> {
        let view = self.static_view.as_ref()?.patterns_view.as_ref()?;
        let worth = (*view.worths.get(cell)?)?;
        Some(worth as f32 / UNITS_PER_DISC as f32)
    }

    /// The largest disc worth on the board in discs (at least one), the ends of the Values
    /// colour scale; `None` for a nine-weight player.
    pub fn worth_scale(&self) -> Option<f32> {
        self.static_view.as_ref()?.worth_scale
    }
}
