//! The session's tournaments and evolution runs (and the tuning run's events): starting, stopping and resuming them, taking
//! in their results, replaying a tournament game, and keeping a champion as a player.

use std::path::Path;
use std::sync::Arc;

use super::Session;
use crate::app::contest_form::runs_folder;
use crate::app::dialogs::FileTask;
use crate::app::evolution_desk::EvolutionDesk;
use crate::app::log::Level;
use crate::app::pane::Pane;
use crate::app::tournament_desk::TournamentDesk;
use lab::ai::{Player, Preset};
use lab::game::Game;

impl Session {
    /// The tournament.
    pub fn tournament(&self) -> &TournamentDesk {
        &self.tournament
    }

    /// The evolution run.
    pub fn evolution(&self) -> &EvolutionDesk {
        &self.evolution
    }

    /// Starts the tournament set up in the Tournament panel.
    pub(super) fn start_tournament(&mut self) {
        let wake = Arc::clone(&self.wake);
        let runs = self.runs_folder();
        let started =
            self.tournament
                .start(&self.forms.tournament, &self.roster, &runs, move || wake());
        self.report(started);
    }

    /// Starts a new evolution of the Weights panel's player.
    pub(super) fn start_evolution(&mut self) {
        let player = self.weights_preset().clone();
        let wake = Arc::clone(&self.wake);
        let runs = self.runs_folder();
        let started = self
            .evolution
            .start(&mut self.forms.evolution, &player, &runs, move || wake());
        self.report(started);
    }

    /// Resumes the evolution run in `folder`.
    pub(super) fn resume_evolution(&mut self, folder: &Path) {
        let wake = Arc::clone(&self.wake);
        let resumed =
            self.evolution
                .resume(&mut self.forms.evolution, folder.to_path_buf(), move || {
                    wake()
                });
        self.report(resumed);
    }

    /// Asks for the folder of an evolution run to resume.
    pub(super) fn choose_evolution_to_resume(&mut self) {
        let folder = self.runs_folder();
        let wake = Arc::clone(&self.wake);
        self.dialogs.open(
            FileTask::ResumeEvolution,
            folder.display().to_string(),
            move || wake(),
        );
    }

    /// Replays game `index` (in schedule order) of the tournament in the History panel.
    pub(super) fn replay_tournament_game(&mut self, index: usize) {
        let Some(live) = self.tournament.view() else {
            return;
        };
        let Some(played) = live.result.games.iter().find(|g| g.index == index) else {
            return;
        };
        let settings = &live.result.settings;
        let names =
            [played.fixture.red, played.fixture.green].map(|i| settings.players[i].name.clone());
        let mut game = Game::new(
            settings.game.shape,
            settings.game.rules,
            Player::Human,
            Player::Human,
        );
        let source = format!(
            "tournament game {} ({} vs {})",
            index + 1,
            names[0],
            names[1]
        );
        match game.set_moves(played.game.moves.clone()) {
            Ok(()) => {
                self.restore_game(game, &source);
                self.focus = Some(Pane::History);
            }
            Err(error) => self.error(format!("{source}: {error}")),
        }
    }

    /// Makes champion `index` of the evolution run a player: its preset is imported into the
    /// user's folder and shown in the Weights panel.
    pub(super) fn use_champion(&mut self, index: usize) {
        if let Some(path) = self.champion_file(index) {
            self.import_preset(&path);
        }
    }

    /// Asks where to export champion `index` of the evolution run.
    pub(super) fn export_champion(&mut self, index: usize) {
        if let Some(path) = self.champion_file(index) {
            self.export_player_file(path);
        }
    }

    /// Asks where to write a copy of the preset file `path` (a champion, a tuned player).
    pub(super) fn export_player_file(&mut self, path: std::path::PathBuf) {
        self.champion_to_export = Some(path.clone());
        let suggested = path
            .file_name()
            .map_or("champion.ron".into(), |n| n.to_string_lossy().into_owned());
        let wake = Arc::clone(&self.wake);
        self.dialogs
            .open(FileTask::ExportChampion, suggested, move || wake());
    }

    /// Asks where to export the tournament's results.
    pub(super) fn export_tournament(&mut self) {
        let wake = Arc::clone(&self.wake);
        self.dialogs.open(
            FileTask::ExportTournament,
            "tournament.csv".to_string(),
            move || wake(),
        );
    }

    /// Acts on a file or folder chosen for a tournament or evolution task.
    pub(super) fn contest_file_chosen(&mut self, task: FileTask, path: &Path) {
        match task {
            FileTask::ExportTournament => {
                let written = self.tournament.export(path);
                self.report(written);
            }
            FileTask::ExportChampion => {
                let Some(source) = self.champion_to_export.take() else {
                    return;
                };
                match Preset::load(&source).and_then(|preset| preset.save(path)) {
                    Ok(()) => self.info(format!("player exported to {}", path.display())),
                    Err(error) => self.error(error.to_string()),
                }
            }
            FileTask::ResumeEvolution => self.resume_evolution(path),
            FileTask::ResumeTuneRun(mode) => self.resume_tune_run(mode, path),
            _ => {}
        }
    }

    /// Takes in what the tournament and the evolution run reported.
    pub(super) fn take_contest_events(&mut self) {
        let lines = [
            self.tournament.poll("tournament"),
            self.evolution.poll("evolution"),
            self.tune_runs.tuning.poll("tuning"),
            self.tune_runs.training.poll("pattern training"),
        ]
        .concat();
        for (line, failure) in lines {
            if failure {
                self.error(line);
            } else {
                self.log.push(Level::Info, line);
            }
        }
    }

    /// Where tournament and evolution files go: beside the user's preset folder.
    fn runs_folder(&self) -> std::path::PathBuf {
        runs_folder(self.library.folder())
    }

    /// The preset file of champion `index` of the run shown.
    fn champion_file(&self, index: usize) -> Option<std::path::PathBuf> {
        let view = self.evolution.view()?;
        let champion = view.state.champions.get(index)?;
        Some(champion.preset_file(&view.folder))
    }

    /// Logs a started run, or shows why it did not start.
    pub(super) fn report(&mut self, outcome: Result<String, String>) {
        match outcome {
            Ok(line) => self.log.push(Level::Info, line),
            Err(problem) => self.error(problem),
        }
    }
}
