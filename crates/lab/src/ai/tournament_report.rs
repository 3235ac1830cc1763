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
    let settings = &result.settings;
    let game = &settings.game;
    let names = table.names();
    let mut csv = String::new();
    let mut line = |text: String| {
        csv.push_str(&text);
        csv.push('\n');
    };
    line("Settings".into());
    line(format!("board,{}", game.shape));
    line(format!("rules,{}", rules_label(game.rules)));
    line(format!("depth,{}", game.depth));
    line(format!("search,{}", game.search.label()));
    line(format!("games per pairing,{}", settings.games_per_pairing));
    line(format!("opening plies,{}", game.opening_plies));
    line(format!("seed,{}", settings.seed));
    line(format!("games played,{}", result.games.len()));
    line(format!("games scheduled,{}", result.scheduled));
    line(format!("seconds,{:.1}", result.elapsed.as_secs_f64()));
    line(format!("nodes,{}", result.nodes));
    line(String::new());

    let ratings = table.ratings();
    line("Standings".into());
    line("rank,player,points,wins,draws,losses,games,elo,elo 95% margin".into());
    for (rank, &i) in table.standings().iter().enumerate() {
        let total = table.total(i);
        line(format!(
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
    line(String::new());

    line("Net matrix (row player's wins minus losses against the column player)".into());
    line(format!(",{}", names.join(",")));
    for (i, name) in names.iter().enumerate() {
        let cells: Vec<String> = (0..names.len())
            .map(|j| match i == j {
                true => String::new(),
                false => table.pair(i, j).net().to_string(),
            })
            .collect();
        line(format!("{name},{}", cells.join(",")));
    }
    line(String::new());

    line("Pairs".into());
    line("player,opponent,wins,draws,losses,score,elo,elo low,elo high".into());
    for i in 0..names.len() {
        for j in i + 1..names.len() {
            let record = table.pair(i, j);
            let elo = record.elo();
            line(format!(
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
    line(String::new());

    // A last column names the pattern file a player evaluates by, when any does (the CSV
    // of nine-weight players is as it always was).
    let shape = settings.game.shape;
    let patterns =
        |player: &Preset| (player.patterns_for(shape)).map(|p| p.source.path.display().to_string());
    let any_patterns = settings.players.iter().any(|p| patterns(p).is_some());
    line("Weights".into());
    let header = format!("player,{}", Weights::LABELS.join(","));
    line(if any_patterns {
        header + ",patterns"
    } else {
        header
    });
    for player in &settings.players {
        let weights: Vec<String> = player.weights.0.iter().map(i32::to_string).collect();
        let row = format!("{},{}", player.name, weights.join(","));
        line(match any_patterns {
            true => format!("{row},{}", patterns(player).unwrap_or_default()),
            false => row,
        });
    }
    line(String::new());

    let colours = table.colours();
    line("Colours".into());
    line("red wins,green wins,draws".into());
    line(format!(
        "{},{},{}",
        colours.wins, colours.losses, colours.draws
    ));
    csv
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
