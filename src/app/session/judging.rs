//! The session's judging: the Compare panel's contestants and reference on the position shown,
//! the review of the game, and the board marks they give.

use std::sync::Arc;

use super::Session;
use crate::app::judge_desk::{JudgeDesk, Mark, PositionJudgement, ReviewedGame};
use crate::app::judge_form::Colouring;
use crate::app::series_desk::SeriesRequest;
use engine::Setup;

impl Session {
    /// The judging work.
    pub fn judge(&self) -> &JudgeDesk {
        &self.judge
    }

    /// The position on the board as plain data.
    pub fn setup_here(&self) -> &Setup {
        &self.here
    }

    /// Keeps the Compare panel's searches on the position shown (the panel calls this every
    /// frame it is drawn). Nothing runs while the board is being edited or the game is over,
    /// and the searches pause while an AI thinks, so that they never take its cores.
    pub(super) fn judge_position(&mut self) {
        if self.is_ai_thinking() {
            self.judge.pause_position();
        }
        if self.editing || self.board.over || self.is_ai_thinking() {
            return;
        }
        let form = &self.forms.judge;
        let contestants = form.players(&self.roster, self.weights_preset());
        let settings = form.reference(self.game.shape, self.settings.rules, &self.roster);
        let wake = Arc::clone(&self.wake);
        let setup = self.here.clone();
        self.judge.judge(
            setup,
            contestants,
            settings,
            self.settings.workers,
            move || wake(),
        );
    }

    /// The judgement of the position on the board, if the Compare panel asked for it.
    pub fn judgement(&self) -> Option<&PositionJudgement> {
        super::compare_panel::judgement_of(&self.judge, &self.here)
    }

    /// Reviews the game with the reference of the Compare panel.
    pub fn review_game(&mut self) {
        let settings =
            (self.forms.judge).reference(self.game.shape, self.settings.rules, &self.roster);
        let wake = Arc::clone(&self.wake);
        self.info(format!(
            "reviewing {} moves: {}",
            self.game.moves().len(),
            settings.describe()
        ));
        self.judge
            .review(&self.game, settings, self.settings.workers, move || wake());
    }

    /// Compares the contestants over positions sampled from self-play on the current board.
    pub(super) fn start_series(&mut self) {
        let form = &self.forms.judge;
        let contestants = form.players(&self.roster, self.weights_preset());
        let request = SeriesRequest {
            shape: self.game.shape,
            rules: self.settings.rules,
            reference: form.reference(self.game.shape, self.settings.rules, &self.roster),
            count: form.positions.max(1),
            seed: form.seed,
            contestants,
        };
        self.info(format!(
            "comparing {} players on {} positions of {}",
            request.contestants.len(),
            request.count,
            self.game.shape
        ));
        let wake = Arc::clone(&self.wake);
        self.judge
            .start_series(request, self.settings.workers, move || wake());
    }

    /// The review of this game (or of the game it continues), if one was asked for.
    pub fn reviewed(&self) -> Option<&ReviewedGame> {
        super::review_panel::reviewed_of(&self.judge, &self.game)
    }

    /// The cells marked on the boards by the Compare panel's colouring, when it is on and
    /// the judgement is of the position shown.
    pub fn judge_marks(&self) -> Vec<(usize, Mark)> {
        let Some(judgement) = self.judgement() else {
            return Vec::new();
        };
        match self.forms.judge.colouring {
            Colouring::Off => Vec::new(),
            Colouring::Contestant(index) if index < judgement.analyses.len() => {
                judgement.score_marks(Some(index))
            }
            Colouring::Contestant(_) => Vec::new(),
            Colouring::Reference => judgement.score_marks(None),
            Colouring::Disagreement => judgement.disagreement_marks(),
        }
    }

    /// Takes in the judging work's news.
    pub(super) fn take_judge_events(&mut self) {
        if let Some(problem) = self.judge.poll() {
            self.error(format!("judging failed: {problem}"));
        }
    }
}
