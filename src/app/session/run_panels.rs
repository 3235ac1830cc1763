//! The narrow contexts the Tournament and Evolution panels draw from, and the requests they
//! make of the session, carried out once the panel is drawn.

use std::path::PathBuf;

use super::Session;
use crate::app::evolution_desk::{EvolutionDesk, EvolutionForm};
use crate::app::tournament_desk::{TournamentDesk, TournamentForm};
use lab::ai::Preset;

/// What a panel of long runs sees of the session and may change: its form, the Weights
/// panel's player (the one an evolution improves), every player, and its run; what it asks
/// for waits in `requests`.
pub struct RunPanelContext<'a, F, D, Q> {
    /// The panel's form.
    pub form: &'a mut F,
    /// The Weights panel's player.
    pub player: &'a mut String,
    /// Every player the user can choose.
    pub players: &'a [Preset],
    /// The panel's run.
    pub desk: &'a D,
    /// What the panel asks for, in order.
    pub requests: Vec<Q>,
}

/// What the Tournament panel sees.
pub type TournamentContext<'a> =
    RunPanelContext<'a, TournamentForm, TournamentDesk, TournamentRequest>;

/// What the Evolution panel sees.
pub type EvolutionContext<'a> = RunPanelContext<'a, EvolutionForm, EvolutionDesk, EvolutionRequest>;

/// What the Tournament panel may ask of the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentRequest {
    /// Start the tournament set up.
    Start,
    /// Stop it; the finished games are kept.
    Stop,
    /// Ask where to export its results.
    Export,
    /// Replay game `index` (in schedule order) in the History panel.
    Replay(usize),
}

/// What the Evolution panel may ask of the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvolutionRequest {
    /// Start a new evolution of the Weights panel's player.
    Start,
    /// Stop the run after dropping the generation in progress.
    Stop,
    /// Resume the run in this folder.
    Resume(PathBuf),
    /// Ask for the folder of a run to resume.
    ChooseToResume,
    /// Make champion `index` a player.
    UseChampion(usize),
    /// Ask where to export champion `index`.
    ExportChampion(usize),
}

impl Session {
    /// Draws the Tournament panel with `draw` from its narrow context, then acts on its
    /// requests.
    pub fn tournament_panel<R>(&mut self, draw: impl FnOnce(&mut TournamentContext) -> R) -> R {
        let mut context = RunPanelContext {
            form: &mut self.forms.tournament,
            player: &mut self.settings.weights_player,
            players: &self.roster,
            desk: &self.tournament,
            requests: Vec::new(),
        };
        let drawn = draw(&mut context);
        for request in context.requests {
            match request {
                TournamentRequest::Start => self.start_tournament(),
                TournamentRequest::Stop => self.tournament.stop(),
                TournamentRequest::Export => self.export_tournament(),
                TournamentRequest::Replay(index) => self.replay_tournament_game(index),
            }
        }
        drawn
    }

    /// Draws the Evolution panel with `draw` from its narrow context, then acts on its
    /// requests.
    pub fn evolution_panel<R>(&mut self, draw: impl FnOnce(&mut EvolutionContext) -> R) -> R {
        let mut context = RunPanelContext {
            form: &mut self.forms.evolution,
            player: &mut self.settings.weights_player,
            players: &self.roster,
            desk: &self.evolution,
            requests: Vec::new(),
        };
        let drawn = draw(&mut context);
        for request in context.requests {
            match request {
                EvolutionRequest::Start => self.start_evolution(),
                EvolutionRequest::Stop => self.evolution.stop(),
                EvolutionRequest::Resume(folder) => self.resume_evolution(&folder),
                EvolutionRequest::ChooseToResume => self.choose_evolution_to_resume(),
                EvolutionRequest::UseChampion(index) => self.use_champion(index),
                EvolutionRequest::ExportChampion(index) => self.export_champion(index),
            }
        }
        drawn
    }
}
