//! The score of every legal move of the position shown, for the Moves panel, the boards and
//! the tooltips: the moves the search scored, and — with the symmetry filter on — the others
//! with the score of the move a symmetry of the position maps them onto.

use super::Session;

/// A legal move and its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveScoreRow {
    /// The cell.
    pub cell: usize,
    /// Its score (`None` while still being searched).
    pub score: Option<i32>,
    /// The move the search scored in its place, when a symmetry maps this one onto it.
    pub same_as: Option<usize>,
}

impl Session {
    /// The cell under the pointer in words: its name, its score when it is a scored legal
    /// move, and its category.
    pub fn cell_summary(&self, cell: usize) -> String {
        let mut text = self.cell_name(cell);
        let row = self.move_scores().into_iter().find(|row| row.cell == cell);
        if let (Some(score), Some(shown)) = (row.and_then(|row| row.score), self.shown()) {
            text += &format!(" · score {}", shown.analysis.score_text(score));
        }
        text + " · " + self.category(cell).label()
    }

    /// Every legal move of the position shown with its score; empty without an analysis.
    pub fn move_scores(&self) -> Vec<MoveScoreRow> {
        let Some(shown) = self.shown() else {
            return Vec::new();
        };
        let analysis = &shown.analysis;
        let scored = |cell| analysis.moves.iter().find(|m| m.cell == cell);
        let mut rows: Vec<MoveScoreRow> = analysis
            .moves
            .iter()
            .map(|m| MoveScoreRow {
                cell: m.cell,
                score: m.score,
                same_as: None,
            })
            .collect();
        let unscored: Vec<usize> = (self.board.mover_moves.iter())
            .copied()
            .filter(|&cell| scored(cell).is_none())
            .collect();
        if !self.settings.symmetry || unscored.is_empty() {
            return rows;
        }
        // The position's symmetries only when some legal move was left out: the boards ask
        // for these scores every frame.
        let stabilizer = self.here.stabilizer();
        for cell in unscored {
            if let Some(kept) = stabilizer.iter().find_map(|s| scored(s.map(cell))) {
                rows.push(MoveScoreRow {
                    cell,
                    score: kept.score,
                    same_as: Some(kept.cell),
                });
            }
        }
        rows
    }
}
