//! The Tournament panel: choose players and settings, run and stop, and watch the crosstable,
//! the standings with Elo and the finished games (each can be replayed in the History panel).

use super::contest::{game_rows, net_colour};
use super::form_row;
use crate::app::session::{Session, TournamentContext, TournamentRequest};
use crate::app::tournament_desk::LiveTournament;
use engine::{Color, Outcome};
use lab::ai::tournament::TournamentGame;

/// Draws the panel.
pub fn show(ui: &mut egui::Ui, session: &mut Session) {
    session.tournament_panel(|context| {
        egui::ScrollArea::both().show(ui, |ui| draw(ui, context));
    });
}

fn draw(ui: &mut egui::Ui, context: &mut TournamentContext) {
    set_up(ui, context);
    ui.separator();
    run_row(ui, context);
    if let Some(live) = context.desk.view() {
        ui.separator();
        standings(ui, live);
        ui.separator();
        crosstable(ui, live);
        ui.separator();
        let replay = games(ui, live);
        context
            .requests
            .extend(replay.map(TournamentRequest::Replay));
    }
}

fn set_up(ui: &mut egui::Ui, context: &mut TournamentContext) {
    let running = context.desk.is_running();
    let form = &mut *context.form;
    ui.add_enabled_ui(!running, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.label("Players")
                .on_hover_text("Who takes part: every pair plays a match");
            for name in context.players.iter().map(|p| &p.name) {
                let mut chosen = form.players.contains(name);
                if ui.checkbox(&mut chosen, name).changed() {
                    form.players.retain(|p| p != name);
                    if chosen {
                        form.players.push(name.clone());
                    }
                }
            }
        });
        egui::Grid::new("tournament set-up")
            .num_columns(2)
            .show(ui, |ui| {
                form_row(
                    ui,
                    "Games per pairing",
                    egui::DragValue::new(&mut form.games).range(1..=1000),
                    "Games each pair of players plays, colours alternating (even with \
                         random openings: each is played with both colours)",
                );
                game_rows(ui, "tournament", &mut form.contest);
            });
        let contest = &form.contest;
        let played_by = (contest.board, contest.rules, contest.search);
        for player in (context.players.iter()).filter(|p| form.players.contains(&p.name)) {
            super::unread_patterns_note(ui, player, played_by);
        }
    });
}

fn run_row(ui: &mut egui::Ui, context: &mut TournamentContext) {
    let running = context.desk.is_running();
    ui.horizontal(|ui| {
        if running {
            if ui
                .button("Stop")
                .on_hover_text("Stop the tournament; finished games are kept")
                .clicked()
            {
                context.requests.push(TournamentRequest::Stop);
            }
        } else if ui
            .button("Run")
            .on_hover_text("Start the tournament (games run in the background)")
            .clicked()
        {
            context.requests.push(TournamentRequest::Start);
        }
        let has_results = context.desk.view().is_some();
        if ui
            .add_enabled(has_results, egui::Button::new("Export CSV…"))
            .on_hover_text(
                "Write settings, standings, net matrix, pairs with Elo, weights and colour \
                 counts as CSV",
            )
            .clicked()
        {
            context.requests.push(TournamentRequest::Export);
        }
    });
    let Some(live) = context.desk.view() else {
        return;
    };
    let done = live.result.games.len();
    let total = live.result.scheduled.max(1);
    let mut headline = format!("{done} of {total} games");
    if live.ended {
        headline += if done < live.result.scheduled {
            " · stopped"
        } else {
            " · finished"
        };
    }
    let details = live.progress.map_or_else(String::new, |progress| {
        format!(
            "{:.2} games/s · {:.2} M nodes/s · {:.0} s",
            progress.games_per_second,
            progress.nodes_per_second / 1e6,
            progress.elapsed.as_secs_f64()
        )
    });
    super::progress::show(ui, done as f32 / total as f32, headline, &details).on_hover_text(
        format!("Every game is appended to {}", live.games_file.display()),
    );
}

fn standings(ui: &mut egui::Ui, live: &LiveTournament) {
    let table = &live.table;
    let ratings = table.ratings();
    ui.strong("Standings").on_hover_text(
        "Points = wins − losses (as in the seed); Elo from all games, ± its 95 % interval",
    );
    egui::Grid::new("standings").striped(true).show(ui, |ui| {
        for heading in ["#", "player", "points", "W-D-L", "Elo"] {
            ui.strong(heading);
        }
        ui.end_row();
        for (rank, &i) in table.standings().iter().enumerate() {
            let total = table.total(i);
            ui.label(format!("{}", rank + 1));
            ui.label(&table.names()[i]);
            ui.colored_label(net_colour(total.net()), format!("{:+}", total.net()));
            ui.label(format!("{}-{}-{}", total.wins, total.draws, total.losses));
            let rating = ratings[i];
            let margin = if rating.margin.is_finite() {
                format!(" ± {:.0}", rating.margin)
            } else {
                String::new()
            };
            ui.label(format!("{:+.0}{margin}", rating.elo));
            ui.end_row();
        }
    });
    let colours = table.colours();
    ui.label(format!(
        "Red won {}, Green won {}, {} drawn",
        colours.wins, colours.losses, colours.draws
    ));
}

fn crosstable(ui: &mut egui::Ui, live: &LiveTournament) {
    let table = &live.table;
    let names = table.names();
    ui.strong("Crosstable").on_hover_text(
        "Each row player's wins-draws-losses against each column player, coloured by the net",
    );
    egui::ScrollArea::horizontal().id_salt("crosstable").show(ui, |ui| {
        egui::Grid::new("crosstable").striped(true).show(ui, |ui| {
            ui.label("");
            for name in names {
                ui.strong(name.chars().take(3).collect::<String>())
                    .on_hover_text(name);
            }
            ui.end_row();
            for (i, name) in names.iter().enumerate() {
                ui.strong(name);
                for (j, opponent) in names.iter().enumerate() {
                    let record = table.pair(i, j);
                    if i == j || record.games() == 0 {
                        ui.label("·");
                        continue;
                    }
                    let elo = record.elo();
                    ui.colored_label(
                        net_colour(record.net()),
                        format!("{}-{}-{}", record.wins, record.draws, record.losses),
                    )
                    .on_hover_text(format!(
                        "{name} vs {opponent}: net {:+}, score {:.0} %, Elo {:+.0} (95 %: {:+.0} to {:+.0})",
                        record.net(),
                        100.0 * record.score(),
                        elo.elo,
                        elo.low,
                        elo.high
                    ));
                }
                ui.end_row();
            }
        });
    });
}

/// One finished game, short enough for a narrow pane: its number, Red's and Green's names with
/// the winner's in bold, and the discs.
fn game_row<'a>(ui: &mut egui::Ui, g: &TournamentGame, name: impl Fn(usize) -> &'a str) {
    ui.spacing_mut().item_spacing.x = 4.0;
    let player = |seat: usize, colour: Color| {
        let text = egui::RichText::new(name(seat));
        match g.game.outcome {
            Outcome::Win(winner) if winner == colour => text.strong(),
            _ => text,
        }
    };
    ui.label(format!("{:>3}.", g.index + 1));
    ui.label(player(g.fixture.red, Color::Red));
    ui.label("–");
    ui.label(player(g.fixture.green, Color::Green));
    let draw = if g.game.outcome == Outcome::Draw {
        " draw"
    } else {
        ""
    };
    ui.label(format!("{}:{}{draw}", g.game.red_discs, g.game.green_discs))
        .on_hover_text("Discs, Red's first; the winner's name is in bold");
}

/// The finished games, each with Replay; returns the game to replay, if one was chosen.
fn games(ui: &mut egui::Ui, live: &LiveTournament) -> Option<usize> {
    let settings = &live.result.settings;
    let name = |i: usize| settings.players[i].name.as_str();
    let games = &live.result.games;
    let mut replay = None;
    egui::CollapsingHeader::new(format!("Games ({})", games.len()))
        .id_salt("tournament games")
        .show(ui, |ui| {
            let height = ui.text_style_height(&egui::TextStyle::Button) + 4.0;
            egui::ScrollArea::vertical()
                .id_salt("tournament games list")
                .max_height(300.0)
                .show_rows(ui, height, games.len(), |ui, range| {
                    for g in &games[range] {
                        ui.horizontal(|ui| {
                            if ui
                                .small_button("Replay")
                                .on_hover_text("Open this game in the History panel")
                                .clicked()
                            {
                                replay = Some(g.index);
                            }
                            game_row(ui, g, name);
                        });
                    }
                });
        });
    replay
}
