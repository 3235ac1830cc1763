//! The tournament behind the Tournament panel: its form (persisted), the run in the background,
//! and the results as they come in. Every game is appended to a file in the runs folder the
//! moment it ends, and the CSV report is written beside it when the run ends.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::background::{Background, drain};
use super::contest_form::ContestForm;
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
}

/// The tournament of a session.
#[derive(Default)]
pub struct TournamentDesk {
    run: Option<Background<(TournamentGame, Progress)>>,
    live: Option<LiveTournament>,
}

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
        let scheduled = settings.schedule().len();
        self.run = None;
        let job_settings = settings.clone();
        let job_file = games_file.clone();
        self.run = Some(Background::start(
            form.contest.workers,
            wake,
            move |cancel, send| {
                run_tournament(&job_settings, Some(&job_file), cancel, &|game, progress| {
                    send((game.clone(), *progress));
                })
                .map(|_| ())
                .map_err(|e| e.to_string())
            },
        ));
        let line = format!(
            "tournament started: {} players, {scheduled} games on {}; games go to {}",
            settings.players.len(),
            settings.game.shape,
            games_file.display()
        );
        self.live = Some(LiveTournament {
            table: Crosstable::new(settings.names()),
            result: TournamentResult {
                settings,
                games: Vec::new(),
                scheduled,
                cancelled: false,
                nodes: 0,
                elapsed: Duration::ZERO,
            },
            progress: None,
            ended: false,
            games_file,
            report_file,
        });
        Ok(line)
    }

    /// Asks the running tournament to stop (the finished games are kept).
    pub fn stop(&self) {
        if let Some(run) = &self.run {
            run.cancel();
        }
    }

    /// Whether a tournament runs now.
    pub fn is_running(&self) -> bool {
        self.run.is_some()
    }

    /// The running or last tournament.
    pub fn live(&self) -> Option<&LiveTournament> {
        self.live.as_ref()
    }

    /// Takes in the games that ended; returns lines for the log (the end of the run, with
    /// where its report went, or its failure) and whether it was a failure.
    pub fn poll(&mut self) -> Vec<(String, bool)> {
        let stopped = self.run.as_ref().is_some_and(|run| run.is_cancelled());
        let (events, ended) = drain(&mut self.run);
        let Some(live) = &mut self.live else {
            return Vec::new();
        };
        for (game, progress) in events {
            live.table
                .add(game.fixture.red, game.fixture.green, game.game.outcome);
            live.result.nodes += game.game.nodes;
            live.result.elapsed = progress.elapsed;
            live.result.games.push(game);
            live.progress = Some(progress);
        }
        let Some(outcome) = ended else {
            return Vec::new();
        };
        live.ended = true;
        live.result.cancelled = live.result.games.len() < live.result.scheduled;
        live.result.games.sort_by_key(|g| g.index);
        vec![match outcome {
            Ok(()) => (Self::report(live, stopped), false),
            Err(problem) => (format!("tournament: {problem}"), true),
        }]
    }

    /// Writes the CSV report and says so.
    fn report(live: &LiveTournament, stopped: bool) -> String {
        let path = &live.report_file;
        let what = if stopped { "stopped" } else { "finished" };
        let games = format!(
            "{} of {} games",
            live.result.games.len(),
            live.result.scheduled
        );
        match write_atomically(path, to_csv(&live.result)) {
            Ok(()) => format!("tournament {what}: {games}; report in {}", path.display()),
            Err(problem) => format!("tournament {what}: {games}; {problem}"),
        }
    }

    /// Writes the CSV report of the running or last tournament to `path`.
    pub fn export(&self, path: &Path) -> Result<String, String> {
        let live = self.live.as_ref().ok_or("no tournament to export yet")?;
        write_atomically(path, to_csv(&live.result)).map_err(|e| e.to_string())?;
        Ok(format!("tournament results written to {}", path.display()))
    }
}
