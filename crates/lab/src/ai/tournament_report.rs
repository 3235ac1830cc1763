//! A tournament's results as text: the CSV export with the seed's sections (settings,
//! standings, net matrix, weights, Red/Green/draw counts) plus ours (Elo per pair, ratings),
//! and the plain-text standings table of the command line.

use std::fmt::Write;

use super::crosstable::Crosstable;
use super::tournament::TournamentResult;
use crate::players::Preset;
use engine::{Rules, Weights};

/// The whole result as CSV, sections separated by an empty line.
pub fn to_csv(result: &TournamentResult) -> String {
    let table = result.crosstable();
    let sections = [
        settings_section(result),
        standings_section(&table),
        net_section(&table),
        pairs_section(&table),
        weights_section(result),
        colours_section(&table),
    ];
    let text = |lines: &Vec<String>| lines.iter().map(|line| format!("{line}\n")).collect();
    sections
        .iter()
        .map(text)
        .collect::<Vec<String>>()
        .join("\n")
}

/// The settings, and what the run played and cost.
fn settings_section(result: &TournamentResult) -> Vec<String> {
    let settings = &result.settings;
    let game = &settings.game;
    vec![
        "Settings".into(),
        format!("board,{}", game.shape),
        format!("rules,{}", rules_label(game.rules)),
        format!("depth,{}", game.depth),
        format!("search,{}", game.search.label()),
        format!("games per pairing,{}", settings.games_per_pairing),
        format!("opening plies,{}", game.opening_plies),
        format!("seed,{}", settings.seed),
        format!("games played,{}", result.games.len()),
        format!("games scheduled,{}", result.scheduled),
        format!("seconds,{:.1}", result.elapsed.as_secs_f64()),
        format!("nodes,{}", result.nodes),
    ]
}

/// The players by points, with their records and Elo.
fn standings_section(table: &Crosstable) -> Vec<String> {
    let (names, ratings) = (table.names(), table.ratings());
    let mut lines = vec![
        "Standings".into(),
        "rank,player,points,wins,draws,losses,games,elo,elo 95% margin".into(),
    ];
    for (rank, &i) in table.standings().iter().enumerate() {
        let total = table.total(i);
        lines.push(format!(
            "{},{},{},{},{},{},{},{:.0},{:.0}",
            rank + 1,
            names[i],
            total.net(),
            total.wins,
            total.draws,
            total.losses,
            total.games(),
            ratings[i].elo,
            ratings[i].margin
        ));
    }
    lines
}

/// Each player's wins minus losses against each other.
fn net_section(table: &Crosstable) -> Vec<String> {
    let names = table.names();
    let mut lines = vec![
        "Net matrix (row player's wins minus losses against the column player)".into(),
        format!(",{}", names.join(",")),
    ];
    for (i, name) in names.iter().enumerate() {
        let cells: Vec<String> = (0..names.len())
            .map(|j| match i == j {
                true => String::new(),
                false => table.pair(i, j).net().to_string(),
            })
            .collect();
        lines.push(format!("{name},{}", cells.join(",")));
    }
    lines
}

/// Every pair's record with its Elo and interval.
fn pairs_section(table: &Crosstable) -> Vec<String> {
    let names = table.names();
    let mut lines = vec![
        "Pairs".into(),
        "player,opponent,wins,draws,losses,score,elo,elo low,elo high".into(),
    ];
    for i in 0..names.len() {
        for j in i + 1..names.len() {
            let record = table.pair(i, j);
            let elo = record.elo();
            lines.push(format!(
                "{},{},{},{},{},{:.3},{:.0},{:.0},{:.0}",
                names[i],
                names[j],
                record.wins,
                record.draws,
                record.losses,
                record.score(),
                elo.elo,
                elo.low,
                elo.high
            ));
        }
    }
    lines
}

/// Every player's weights. A last column names the pattern file a player evaluates by, when
/// any does (the CSV of nine-weight players is as it always was).
fn weights_section(result: &TournamentResult) -> Vec<String> {
    let settings = &result.settings;
    let shape = settings.game.shape;
    let patterns =
        |player: &Preset| (player.patterns_for(shape)).map(|p| p.source.path.display().to_string());
    let any_patterns = settings.players.iter().any(|p| patterns(p).is_some());
    let header = format!("player,{}", Weights::LABELS.join(","));
    let mut lines = vec![
        "Weights".into(),
        match any_patterns {
            true => header + ",patterns",
            false => header,
        },
    ];
    for player in &settings.players {
        let weights: Vec<String> = player.weights.0.iter().map(i32::to_string).collect();
        let row = format!("{},{}", player.name, weights.join(","));
        lines.push(match any_patterns {
            true => format!("{row},{}", patterns(player).unwrap_or_default()),
            false => row,
        });
    }
    lines
}

/// Red's wins, Green's wins and the draws.
fn colours_section(table: &Crosstable) -> Vec<String> {
    let colours = table.colours();
    vec![
        "Colours".into(),
        "red wins,green wins,draws".into(),
        format!("{},{},{}", colours.wins, colours.losses, colours.draws),
    ]
}

/// The standings and the net matrix as an aligned text table (opponents abbreviated to three
/// letters in the columns).
pub fn standings_text(table: &Crosstable) -> String {
    let names = table.names();
    let width = names.iter().map(|n| n.len()).max().unwrap_or(6).max(6);
    let ratings = table.ratings();
    let mut text = String::new();
    let initials: Vec<String> = names.iter().map(|n| initial(n)).collect();
    let _ = write!(
        text,
        "{:>4}  {:<width$} {:>6} {:>13} {:>12}  ",
        "rank", "player", "points", "W-D-L", "Elo ± 95%"
    );
    for initial in &initials {
        let _ = write!(text, "{initial:>5}");
    }
    text.push('\n');
    for (rank, &i) in table.standings().iter().enumerate() {
        let total = table.total(i);
        let record = format!("{}-{}-{}", total.wins, total.draws, total.losses);
        let rating = format!("{:+.0} ± {:.0}", ratings[i].elo, ratings[i].margin);
        let _ = write!(
            text,
            "{:>4}  {:<width$} {:>+6} {:>13} {:>12}  ",
            rank + 1,
            names[i],
            total.net(),
            record,
            rating
        );
        for j in 0..names.len() {
            let cell = match (i == j, table.pair(i, j).games()) {
                (true, _) => "·".to_string(),
                (false, 0) => "".to_string(),
                (false, _) => format!("{:+}", table.pair(i, j).net()),
            };
            let _ = write!(text, "{cell:>5}");
        }
        text.push('\n');
    }
    let colours = table.colours();
    let _ = writeln!(
        text,
        "{} games: Red won {}, Green won {}, {} drawn",
        table.games(),
        colours.wins,
        colours.losses,
        colours.draws
    );
    text
}

/// A player's column label: the first three letters of the name.
fn initial(name: &str) -> String {
    name.chars().take(3).collect()
}

/// `classic` or `misere`.
pub fn rules_label(rules: Rules) -> &'static str {
    match rules {
        Rules::Classic => "classic",
        Rules::Misere => "misere",
    }
}
