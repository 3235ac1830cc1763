//! The panels of the workspace by name: a leaf that the layout, the panels and the session
//! all name without importing each other.

use serde::{Deserialize, Serialize};

/// A panel of the workspace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
pub enum Pane {
    /// Players, board, rules, toggles, Play/Stop/Reset.
    Game,
    /// The 3D view of the cube.
    View3d,
    /// One 2D slice per axis (or the single 2D board).
    Sections,
    /// Every legal move with its score.
    Moves,
    /// Value, depth, nodes, line and the node chart.
    Analysis,
    /// The nine weights of a player and the legend.
    Weights,
    /// The move list and navigation.
    History,
    /// The session log.
    Logs,
    /// Round robins between AI players, with a live crosstable.
    Tournament,
    /// Evolution of a player's weights, with live charts.
    Evolution,
    /// Players side by side against the reference on the position shown.
    Compare,
    /// The game reviewed by the reference: eval graph, losses, mistakes.
    Review,
    /// Tuning a player's weights from scored positions, with live charts.
    Tune,
}

impl Pane {
    /// Every panel.
    pub const ALL: [Pane; 13] = [
        Pane::Game,
        Pane::View3d,
        Pane::Sections,
        Pane::Moves,
        Pane::Analysis,
        Pane::Weights,
        Pane::History,
        Pane::Logs,
        Pane::Tournament,
        Pane::Evolution,
        Pane::Compare,
        Pane::Review,
        Pane::Tune,
    ];

    /// The tab title.
    pub fn title(self) -> &'static str {
        match self {
            Pane::Game => "Game",
            Pane::View3d => "3D view",
            Pane::Sections => "Cross-sections",
            Pane::Moves => "Moves",
            Pane::Analysis => "Analysis",
            Pane::Weights => "Weights",
            Pane::History => "History",
            Pane::Logs => "Logs",
            Pane::Tournament => "Tournament",
            Pane::Evolution => "Evolution",
            Pane::Compare => "Compare",
            Pane::Review => "Review",
            Pane::Tune => "Tune",
        }
    }
}
