//! The evolution behind the Evolution panel: its form (persisted, with the folder of the last
//! run so that a reopened app offers to resume it), the run in the background, and what the
//! charts show. The run checkpoints after every generation, so closing the app loses at most
//! the generation in progress.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::contest_form::ContestForm;
use super::run_desk::{CheckpointedRun, RunDesk, RunView, short_name};
use lab::ai::checkpoint::load_checkpoint;
use lab::ai::evolution::{Evolution, EvolutionEvent, EvolutionSettings, EvolutionState};
use lab::ai::gsprt::Gsprt;
use lab::ai::{Preset, RunError};
use lab::files::time_stamp;

/// What the Evolution panel sets up (the player is the Weights panel's player).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EvolutionForm {
    /// The run stops after this many generations.
    pub generations: u32,
    /// n: games per colour in a scout match.
    pub games: u32,
    /// R: the largest mutation, in percent.
    pub mutation: u32,
    /// Whether scout and line-search matches stop early once a GSPRT decides.
    pub early_stop: bool,
    /// δ of that GSPRT, in Elo.
    pub early_stop_elo: f64,
    /// How the games are played.
    pub contest: ContestForm,
    /// The folder of the last run started or resumed.
    pub folder: Option<PathBuf>,
}

impl Default for EvolutionForm {
    fn default() -> Self {
        EvolutionForm {
            generations: 1000,
            games: 10,
            mutation: 10,
            early_stop: false,
            early_stop_elo: 50.0,
            contest: ContestForm::default(),
            folder: None,
        }
    }
}

/// A run shown in the panel: running, stopped, or found in the last folder.
pub struct EvolutionView {
    /// The run's folder.
    pub folder: PathBuf,
    /// The state after the last finished generation (champions crowned since included).
    pub state: EvolutionState,
    /// What the run does now.
    pub status: String,
}

/// The evolution of a session.
pub type EvolutionDesk = RunDesk<EvolutionView, EvolutionEvent>;

impl EvolutionDesk {
    /// The desk at startup: the last run's checkpoint is read, if there is one, so that its
    /// charts show and it can be resumed.
    pub fn new(form: &EvolutionForm) -> Self {
        let view = form.folder.as_ref().and_then(|folder| {
            let state = load_checkpoint(folder).ok()?;
            let status = resting_status(&state);
            Some(EvolutionView {
                folder: folder.clone(),
                state,
                status,
            })
        });
        EvolutionDesk::showing(view)
    }

    /// Starts a new run improving `player` in a new folder inside `runs`; returns a line for
    /// the log.
    pub fn start(
        &mut self,
        form: &mut EvolutionForm,
        player: &Preset,
        runs: &Path,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Result<String, String> {
        // Evolution mutates nine weights: a pattern player is refused.
        let start = lab::players::preset::NamedWeights::from(player).nine_weights_only()?;
        let settings = EvolutionSettings {
            player: start.name,
            weights: start.weights,
            generations: form.generations,
            games_per_match: form.games,
            mutation_percent: form.mutation,
            game: form.contest.game_settings(),
            seed: form.contest.seed,
            early_stop: form.early_stop.then_some(Gsprt {
                elo: form.early_stop_elo,
            }),
        };
        settings.validate()?;
        let folder = runs.join(format!(
            "evolve-{}-{}",
            short_name(&player.name),
            time_stamp()
        ));
        let state = EvolutionState::new(settings.clone());
        let job_folder = folder.clone();
        self.start_run(form, folder, state, wake, move || {
            Evolution::start(settings, &job_folder)
        });
        Ok(format!(
            "evolution of {} started in {}",
            player.name,
            form.folder
                .as_ref()
                .map_or(String::new(), |f| f.display().to_string())
        ))
    }

    /// Resumes the run in `folder` (up to the form's number of generations when that is
    /// more than the run's); returns a line for the log.
    pub fn resume(
        &mut self,
        form: &mut EvolutionForm,
        folder: PathBuf,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Result<String, String> {
        let state = load_checkpoint::<EvolutionState>(&folder).map_err(|e| e.to_string())?;
        let generations = state.settings.generations.max(form.generations);
        let line = format!(
            "evolution of {} resumed at generation {} of {generations} from {}",
            state.settings.player,
            state.generation,
            folder.display()
        );
        let job_folder = folder.clone();
        self.start_run(form, folder, state, wake, move || {
            let mut evolution = Evolution::resume(&job_folder)?;
            evolution.set_generations(generations)?;
            Ok(evolution)
        });
        Ok(line)
    }

    fn start_run(
        &mut self,
        form: &mut EvolutionForm,
        folder: PathBuf,
        state: EvolutionState,
        wake: impl Fn() + Send + Sync + 'static,
        open: impl FnOnce() -> Result<Evolution, RunError> + Send + 'static,
    ) {
        form.folder = Some(folder.clone());
        let view = EvolutionView {
            folder,
            state,
            status: "starting".to_string(),
        };
        self.launch_run(view, form.contest.workers, wake, open);
    }
}

impl CheckpointedRun<EvolutionEvent> for Evolution {
    fn play(
        &mut self,
        cancel: &AtomicBool,
        on_event: &(dyn Fn(EvolutionEvent) + Sync),
    ) -> Result<(), RunError> {
        self.run(cancel, &|event| on_event(event.clone()))
    }
}

impl RunView<EvolutionEvent> for EvolutionView {
    fn take_in(&mut self, event: EvolutionEvent) -> Option<String> {
        take_in(self, event)
    }

    fn status_mut(&mut self) -> &mut String {
        &mut self.status
    }

    fn ended(&mut self, _stopped: bool) -> String {
        resting_status(&self.state)
    }
}

/// The status of a run that is not running: finished, or where it stopped.
fn resting_status(state: &EvolutionState) -> String {
    if state.is_complete() {
        "finished".to_string()
    } else {
        format!(
            "stopped after generation {} of {}: Resume continues it",
            state.generation, state.settings.generations
        )
    }
}

/// Updates the view with an event; returns a line for the log when a champion is crowned.
fn take_in(view: &mut EvolutionView, event: EvolutionEvent) -> Option<String> {
    match event {
        EvolutionEvent::Generation { generation } => {
            view.status = format!("generation {generation}: scout match");
        }
        EvolutionEvent::Scout { result, .. } => {
            view.status = format!("scout net {:+}", result.net());
        }
        EvolutionEvent::LineStep { step, .. } => {
            view.status = format!("line search, step {step}");
        }
        EvolutionEvent::Gauntlet {
            result, best_score, ..
        } => {
            view.status = format!("gauntlet net {:+} (to beat {best_score:+})", result.net());
        }
        EvolutionEvent::Champion { champion, preset } => {
            let line = format!(
                "champion {}: {} (gauntlet {:+} in {} games), preset {}",
                champion.name,
                champion.weights,
                champion.net,
                champion.games,
                preset.display()
            );
            view.state.champions.push(champion);
            return Some(line);
        }
        EvolutionEvent::Finished { summary, state, .. } => {
            view.status = format!("generation {} done", summary.generation);
            view.state = *state;
        }
    }
    None
}
