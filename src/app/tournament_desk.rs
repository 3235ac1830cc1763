//! The tournament behind the Tournament panel: its form (persisted), the run in the background,
//! and the results as they come in. Every game is appended to a file in the runs folder the
//! moment it ends, and the CSV report is written beside it when the run ends.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::contest_form::ContestForm;
use super::run_desk::{RunDesk, RunView};
use lab::ai::Preset;
use lab::ai::crosstable::Crosstable;
use lab::ai::tournament::{
    Progress, TournamentGame, TournamentResult, TournamentSettings, run_tournament,
};
use lab::ai::tournament_report::to_csv;
use lab::files::time_stamp;
use lab::files::write_atomically;

/// What the Tournament panel sets up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TournamentForm {
    /// The players taking part, by name.
    pub players: Vec<String>,
    /// Games per pairing.
    pub games: u32,
    /// How the games are played.
    pub contest: ContestForm,
}

impl Default for TournamentForm {
    fn default() -> Self {
        TournamentForm {
            players: ["Arwen", "Bilbo", "Eowyn", "Jolly"]
                .map(String::from)
                .to_vec(),
            games: 10,
            contest: ContestForm::default(),
        }
    }
}

/// A tournament that runs or ran: its results so far.
pub struct LiveTournament {
    /// The settings, the finished games (in the order they ended) and the totals.
    pub result: TournamentResult,
    /// The crosstable of the finished games.
    pub table: Crosstable,
    /// The progress at the last finished game.
    pub progress: Option<Progress>,
    /// Whether the run has ended.
    pub ended: bool,
    /// The file every game is appended to.
    pub games_file: PathBuf,
    /// The file the CSV report is written to when the run ends.
    pub report_file: PathBuf,
    /// What the run does now, or how it ended.
    pub status: String,
}

/// A game that ended, with the progress of the run at that moment.
pub type GameEnded = (TournamentGame, Progress);

/// The tournament of a session.
pub type TournamentDesk = RunDesk<LiveTournament, GameEnded>;

impl TournamentDesk {
    /// Starts the tournament of `form` among the `roster` players it names, its files in
    /// `folder`; a running one is stopped first. Returns a line for the log, or why it cannot
    /// start.
    pub fn start(
        &mut self,
        form: &TournamentForm,
        roster: &[Preset],
        folder: &Path,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Result<String, String> {
        let players: Vec<Preset> = roster
            .iter()
            .filter(|p| form.players.contains(&p.name))
            .cloned()
            .collect();
        let settings = TournamentSettings {
            players,
            games_per_pairing: form.games,
            game: form.contest.game_settings(),
            seed: form.contest.seed,
        };
        settings.validate()?;
        std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        let stamp = time_stamp();
        let games_file = folder.join(format!("tournament-{stamp}-games.csv"));
        let report_file = folder.join(format!("tournament-{stamp}.csv"));
        let scheduled = settings.games();
        let line = format!(
            "tournament started: {} players, {scheduled} games on {}; games go to {}",
            settings.players.len(),
            settings.game.shape,
            games_file.display()
        );
        let live = LiveTournament {
            table: Crosstable::new(settings.names()),
            result: TournamentResult {
                settings: settings.clone(),
                games: Vec::new(),
                scheduled,
                cancelled: false,
                nodes: 0,
                elapsed: Duration::ZERO,
            },
            progress: None,
            ended: false,
            games_file: games_file.clone(),
            report_file,
            status: "running".to_string(),
        };
        self.launch(live, form.contest.workers, wake, move |cancel, send| {
            run_tournament(&settings, Some(&games_file), cancel, &|game, progress| {
                send((game.clone(), *progress));
            })
            .map(|_| ())
            .map_err(|e| e.to_string())
        });
        Ok(line)
    }

    /// Writes the CSV report of the running or last tournament to `path`.
    pub fn export(&self, path: &Path) -> Result<String, String> {
        let live = self.view().ok_or("no tournament to export yet")?;
        write_atomically(path, to_csv(&live.result)).map_err(|e| e.to_string())?;
        Ok(format!("tournament results written to {}", path.display()))
    }
}

impl RunView<GameEnded> for LiveTournament {
    fn take_in(&mut self, (game, progress): GameEnded) -> Option<String> {
        self.table
            .add(game.fixture.red, game.fixture.green, game.game.outcome);
        self.result.nodes += game.game.nodes;
        self.result.elapsed = progress.elapsed;
        self.result.games.push(game);
        self.progress = Some(progress);
        None
    }

    fn status_mut(&mut self) -> &mut String {
        &mut self.status
    }

    /// Puts the games in schedule order and writes the CSV report.
    fn ended(&mut self, stopped: bool) -> String {
        self.ended = true;
        self.result.cancelled = self.result.games.len() < self.result.scheduled;
        self.result.games.sort_by_key(|g| g.index);
        let what = if stopped { "stopped" } else { "finished" };
        let games = format!(
            "{} of {} games",
            self.result.games.len(),
            self.result.scheduled
        );
        let path = &self.report_file;
        match write_atomically(path, to_csv(&self.result)) {
            Ok(()) => format!("{what}: {games}; report in {}", path.display()),
            Err(problem) => format!("{what}: {games}; {problem}"),
        }
    }
}
