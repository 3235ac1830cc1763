//! The narrow context the Compare panel draws from (with its section over many positions),
//! and the requests it makes of the session.

use super::{GameRequest, Session};
use crate::app::judge_desk::{JudgeDesk, PositionJudgement};
use crate::app::judge_form::JudgeForm;
use engine::notation::Notation;
use engine::{Rules, Setup, Shape};
use lab::ai::Preset;

/// What the Compare panel sees of the session and may change; what it asks for waits in
/// `requests`.
pub struct CompareContext<'a> {
    /// The contestants, the reference, the colouring and the series' settings.
    pub form: &'a mut JudgeForm,
    /// Every player the user can choose.
    pub players: &'a [Preset],
    /// The board.
    pub shape: Shape,
    /// The game's rules.
    pub rules: Rules,
    /// How cells are written.
    pub notation: Notation,
    /// The judging work: its cache and the series over many positions.
    pub judge: &'a JudgeDesk,
    /// The judgement of the position shown, once asked for.
    pub judgement: Option<&'a PositionJudgement>,
    /// Why nothing is judged: the board is being edited.
    pub editing: bool,
    /// Why nothing is judged: the game is over.
    pub over: bool,
    /// What the panel asks for, in order.
    pub requests: Vec<CompareRequest>,
}

/// What the Compare panel may ask of the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompareRequest {
    /// Preview or play a move of the table.
    Game(GameRequest),
    /// Compare the contestants over positions sampled from self-play.
    StartSeries,
    /// Stop that comparison (the positions judged are kept).
    StopSeries,
}

/// The judgement in `judge` of the position `here`, if there is one.
pub(super) fn judgement_of<'a>(
    judge: &'a JudgeDesk,
    here: &Setup,
) -> Option<&'a PositionJudgement> {
    judge.position().filter(|p| &p.setup == here)
}

impl Session {
    /// Keeps the Compare panel's searches on the position shown, draws the panel with `draw`
    /// from its narrow context, then acts on its requests.
    pub fn compare_panel<R>(&mut self, draw: impl FnOnce(&mut CompareContext) -> R) -> R {
        self.judge_position();
        let mut context = CompareContext {
            form: &mut self.forms.judge,
            players: &self.roster,
            shape: self.game.shape,
            rules: self.game.rules,
            notation: self.settings.notation,
            judge: &self.judge,
            judgement: judgement_of(&self.judge, &self.here),
            editing: self.editing,
            over: self.board.over,
            requests: Vec::new(),
        };
        let drawn = draw(&mut context);
        for request in context.requests {
            match request {
                CompareRequest::Game(request) => self.act_on_game(request),
                CompareRequest::StartSeries => self.start_series(),
                CompareRequest::StopSeries => self.judge.stop_series(),
            }
        }
        drawn
    }
}
