//! One engine request for the GUI and the tools: a position given as a game's start and the
//! moves played from it, searched with either search, streaming its analysis. The width
//! dispatch happens here once.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::player::SearchKind;
use engine::eval::Evaluator;
use engine::notation::{Move, NotationError, replay};
use engine::search::{Analysis, AnalysisSettings, StrongSettings, analyze, analyze_strong};
use engine::{Color, Geometry, Rules, Setup, Weights, WidthJob};

/// What to search and how.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchRequest {
    /// The position the moves start from (its shape is the board).
    pub start: Setup,
    /// Classic or misère (the strong search scores finished games by them).
    pub rules: Rules,
    /// The moves from `start` that lead to the position.
    pub moves: Vec<Move>,
    /// Which search.
    pub search: SearchKind,
    /// Depth in plies.
    pub depth: u32,
    /// The evaluation's weights.
    pub weights: Weights,
    /// Prune with α/β (classic search only; the strong search always prunes).
    pub alpha_beta: bool,
    /// Drop root moves equivalent by a symmetry of the position.
    pub symmetry: bool,
    /// Stop after this long (strong search: the last finished depth is kept).
    pub time_budget: Option<Duration>,
}

/// The analysis of a request and who it is for.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The side whose moves were scored (the other side when the side to move must pass).
    pub mover: Color,
    /// Every root move with its score.
    pub analysis: Analysis,
}

/// Searches the position after `request.moves` from `request.start` on the current rayon pool. A side that must pass
/// passes first, so the moves scored are those of the side that actually moves next; a finished
/// game gives an analysis without moves. `on_update` sees every intermediate analysis; `cancel`
/// stops the search promptly. Illegal moves are refused.
pub fn think(
    request: &SearchRequest,
    cancel: &AtomicBool,
    on_update: &(dyn Fn(&Analysis) + Sync),
) -> Result<Thought, NotationError> {
    request.start.shape().dispatch(Think {
        request,
        cancel,
        on_update,
    })
}

struct Think<'a> {
    request: &'a SearchRequest,
    cancel: &'a AtomicBool,
    on_update: &'a (dyn Fn(&Analysis) + Sync),
}

impl WidthJob for Think<'_> {
    type Output = Result<Thought, NotationError>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Self::Output {
        let request = self.request;
        let start = request.start.position(geometry);
        let mut position = replay(geometry, start, &request.moves)?;
        if position.must_pass(geometry) {
            position = position.pass();
        }
        let analysis = match request.search {
            SearchKind::Strong => {
                let settings = StrongSettings {
                    time_budget: request.time_budget,
                    symmetry: request.symmetry,
                    ..StrongSettings::new(request.depth, request.rules, request.weights)
                };
                analyze_strong(geometry, &position, &settings, self.cancel, self.on_update)
            }
            SearchKind::Classic => {
                let settings = AnalysisSettings {
                    depth: request.depth,
                    alpha_beta: request.alpha_beta,
                    symmetry: request.symmetry,
                    weights: request.weights,
                };
                analyze(geometry, &position, &settings, self.cancel, self.on_update)
            }
        };
        Ok(Thought {
            mover: position.to_move,
            analysis,
        })
    }
}

/// The static evaluation of the position after `moves` from `start` for the side that moves
/// next (the seed's "Value"), with `weights`.
pub fn static_value(
    start: &Setup,
    moves: &[Move],
    weights: &Weights,
) -> Result<(Color, i32), NotationError> {
    start.shape().dispatch(StaticValue {
        start,
        moves,
        weights,
    })
}

struct StaticValue<'a> {
    start: &'a Setup,
    moves: &'a [Move],
    weights: &'a Weights,
}

impl WidthJob for StaticValue<'_> {
    type Output = Result<(Color, i32), NotationError>;

    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Self::Output {
        let mut position = replay(geometry, self.start.position(geometry), self.moves)?;
        if position.must_pass(geometry) {
            position = position.pass();
        }
        let evaluator = Evaluator::new(geometry, self.weights);
        let mover = position.to_move;
        Ok((mover, evaluator.evaluate(geometry, &position, mover)))
    }
}
