//! The narrow context the Review panel draws from, and the requests it makes of the session.

use super::{GameRequest, MoveCost, Session};
use crate::app::judge_desk::{JudgeDesk, ReviewedGame};
use crate::app::judge_form::JudgeForm;
use engine::Rules;
use engine::notation::Notation;
use lab::game::Game;

/// What the Review panel sees of the session and may change; what it asks for waits in
/// `requests`.
pub struct ReviewContext<'a> {
    /// The judging form (the mistake thresholds; the reference is set in Compare).
    pub form: &'a mut JudgeForm,
    /// The game reviewed.
    pub game: &'a Game,
    /// Its rules.
    pub rules: Rules,
    /// How cells are written.
    pub notation: Notation,
    /// The nodes and values each AI move of the game reported.
    pub costs: &'a [MoveCost],
    /// The review of this game (or of the game it continues), if one was asked for.
    pub reviewed: Option<&'a ReviewedGame>,
    /// Whether a review is running.
    pub reviewing: bool,
    /// What the panel asks for, in order.
    pub requests: Vec<ReviewRequest>,
}

/// What the Review panel may ask of the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewRequest {
    /// Review every position of the game.
    Review,
    /// Stop the review; the positions done stay cached.
    Stop,
    /// Go to a move of the game (a chart clicked, a mistake followed).
    Game(GameRequest),
}

/// The review in `judge` of `game` (or of the game it continues), if one was asked for.
pub(super) fn reviewed_of<'a>(judge: &'a JudgeDesk, game: &Game) -> Option<&'a ReviewedGame> {
    (judge.reviewed()).filter(|r| &r.start == game.start() && game.moves().starts_with(&r.moves))
}

impl Session {
    /// Draws the Review panel with `draw` from its narrow context, then acts on its requests.
    pub fn review_panel<R>(&mut self, draw: impl FnOnce(&mut ReviewContext) -> R) -> R {
        let mut context = ReviewContext {
            form: &mut self.forms.judge,
            game: &self.game,
            rules: self.settings.rules,
            notation: self.settings.notation,
            costs: &self.costs,
            reviewed: reviewed_of(&self.judge, &self.game),
            reviewing: self.judge.is_reviewing(),
            requests: Vec::new(),
        };
        let drawn = draw(&mut context);
        for request in context.requests {
            match request {
                ReviewRequest::Review => self.review_game(),
                ReviewRequest::Stop => self.judge.stop_review(),
                ReviewRequest::Game(request) => self.act_on_game(request),
            }
        }
        drawn
    }
}
