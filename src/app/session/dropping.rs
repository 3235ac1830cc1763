//! Files dropped on the window, and the dialog drawn in the window: a game record, a preset,
//! a position, move or OBF file, or a run folder (or its checkpoint) opens as the matching
//! menu entry would open it; what cannot be read is reported with the file and the reason.

use std::path::Path;

use super::Session;
use crate::app::dialogs::FileTask;
use crate::app::tune_desk::TuneMode;
use lab::ai::checkpoint::{CHECKPOINT_FILE, load_checkpoint};
use lab::ai::evolution::EvolutionState;
use lab::game::Game;
use lab::players::Preset;
use lab::tune::pattern_rounds::PatternRoundsState;
use lab::tune::rounds::RoundsState;

impl Session {
    /// Draws the file dialog in the window, while one is open.
    pub fn show_file_dialog(&mut self, ctx: &egui::Context) {
        self.dialogs.show(ctx);
    }

    /// Opens a file or folder dropped on the window.
    pub fn open_dropped(&mut self, path: &Path) {
        let checkpoint = match path.is_dir() {
            true => path.join(CHECKPOINT_FILE),
            false => path.to_path_buf(),
        };
        if checkpoint.file_name() == Some(CHECKPOINT_FILE.as_ref()) && checkpoint.is_file() {
            let folder = checkpoint.parent().unwrap_or(Path::new("."));
            return self.open_run(folder);
        }
        if path.is_dir() {
            let problem = "a folder without a run's checkpoint: drop a file, or a run's folder";
            return self.error(format!("{}: {problem}", path.display()));
        }
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
        {
            return self.open_ron(path);
        }
        match lab::files::read_text(path) {
            Ok(text) => {
                if let Err(problem) = self.take_text(&text) {
                    self.error(format!("{}: {problem}", path.display()));
                }
            }
            Err(error) => self.error(error.to_string()),
        }
    }

    /// Resumes the evolution, tuning or pattern training run of `folder`, whichever its
    /// checkpoint belongs to.
    pub fn open_run(&mut self, folder: &Path) {
        let evolution = load_checkpoint::<EvolutionState>(folder);
        let tuning = load_checkpoint::<RoundsState>(folder);
        let training = load_checkpoint::<PatternRoundsState>(folder);
        match (evolution, tuning, training) {
            (Ok(_), _, _) => self.contest_file_chosen(FileTask::ResumeEvolution, folder),
            (_, Ok(_), _) => self.resume_tune_run(TuneMode::NineWeights, folder),
            (_, _, Ok(_)) => self.resume_tune_run(TuneMode::Patterns, folder),
            (Err(evolution), Err(tuning), Err(training)) => self.error(format!(
                "{}: neither an evolution run ({}) nor a tuning run ({}) nor a pattern \
                 training run ({})",
                folder.display(),
                evolution.problem,
                tuning.problem,
                training.problem
            )),
        }
    }

    /// Opens a RON file as a game record, or else imports it as a preset.
    fn open_ron(&mut self, path: &Path) {
        let as_game = match Game::load(path) {
            Ok(game) => return self.restore_game(game, &path.display().to_string()),
            Err(error) => error.problem,
        };
        match Preset::load(path) {
            Ok(_) => self.import_preset(path),
            Err(as_preset) => self.error(format!(
                "{}: neither a game record ({as_game}) nor a preset ({})",
                path.display(),
                as_preset.problem
            )),
        }
    }
}
