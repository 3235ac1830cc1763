//! Tournaments on tiny boards: the schedule, the arithmetic of the results, reproducibility,
//! the per-game results file and cancellation.

mod common;

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use common::with_workers;
use engine::{Color, Outcome, Rules};
use lab::ai::SearchKind;
use lab::ai::selfplay::GameSettings;
use lab::ai::tournament::{TournamentResult, TournamentSettings, run_tournament};
use lab::ai::tournament_report::to_csv;
use lab::players::preset::{built_in, built_in_named};

fn settings(players: usize, games: u32, opening_plies: u32, seed: u64) -> TournamentSettings {
    TournamentSettings {
        players: built_in().into_iter().take(players).collect(),
        games_per_pairing: games,
        game: GameSettings {
            shape: "6x6".parse().unwrap(),
            rules: Rules::Classic,
            depth: 2,
            search: SearchKind::Classic,
            opening_plies,
            time_per_move: None,
        },
        seed,
    }
}

fn play(settings: &TournamentSettings, workers: usize) -> TournamentResult {
    with_workers(workers, || {
        run_tournament(settings, None, &AtomicBool::new(false), &|_, _| {}).unwrap()
    })
}

#[test]
fn every_opening_is_played_with_both_colours_and_the_crosstable_adds_up() {
    let settings = settings(3, 4, 4, 11);
    let result = play(&settings, 2);
    assert_eq!(result.games.len(), 12);
    assert!(!result.cancelled);
    for pair in result.games.chunks(2) {
        let (first, second) = (&pair[0], &pair[1]);
        assert_eq!(first.fixture.red, second.fixture.green);
        assert_eq!(first.fixture.green, second.fixture.red);
        assert_eq!(first.fixture.opening, second.fixture.opening);
        assert_eq!(first.game.opening_length, 4);
        assert_eq!(
            first.game.moves[..4],
            second.game.moves[..4],
            "same opening"
        );
    }
    // The two openings of a pairing differ, and every pairing uses the same openings.
    let openings: Vec<_> = result
        .games
        .iter()
        .map(|g| g.game.moves[..4].to_vec())
        .collect();
    assert_ne!(openings[0], openings[2]);
    assert_eq!(openings[0], openings[4]);

    let table = result.crosstable();
    let mut red_wins = 0;
    let mut draws = 0;
    for game in &result.games {
        match game.game.outcome {
            Outcome::Win(Color::Red) => red_wins += 1,
            Outcome::Draw => draws += 1,
            Outcome::Win(Color::Green) => {}
        }
        let discs = (game.game.red_discs, game.game.green_discs);
        let expected = Outcome::from_counts(discs.0, discs.1, Rules::Classic);
        assert_eq!(game.game.outcome, expected);
    }
    assert_eq!(table.colours().wins, red_wins);
    assert_eq!(table.colours().draws, draws);
    assert_eq!(table.games(), 12);
    for i in 0..3 {
        assert_eq!(table.total(i).games(), 8, "two pairings of four games");
        for j in 0..3 {
            if i != j {
                assert_eq!(table.pair(i, j).net(), -table.pair(j, i).net());
                assert_eq!(table.pair(i, j).games(), 4);
            }
        }
    }
    let points: i32 = (0..3).map(|i| table.total(i).net()).sum();
    assert_eq!(points, 0);
    let csv = to_csv(&result);
    for section in [
        "Settings",
        "Standings",
        "Net matrix",
        "Pairs",
        "Weights",
        "Colours",
    ] {
        assert!(
            csv.lines().any(|l| l.starts_with(section)),
            "{section} in {csv}"
        );
    }
    let colour_line = csv.lines().last().unwrap();
    let c = table.colours();
    assert_eq!(colour_line, format!("{},{},{}", c.wins, c.losses, c.draws));
}

#[test]
fn a_pattern_player_plays_by_her_patterns_and_the_csv_names_them() {
    // Lobelia's moves differ from those of her own weights, and the CSV says why.
    let lobelia = built_in_named("Lobelia").unwrap();
    let weights_only =
        lab::ai::Preset::weighted("Weighted".to_string(), String::new(), lobelia.weights);
    let with = |first: lab::ai::Preset| TournamentSettings {
        players: vec![first, built_in_named("Arwen").unwrap()],
        game: GameSettings {
            search: SearchKind::Strong,
            ..settings(2, 4, 4, 3).game
        },
        ..settings(2, 4, 4, 3)
    };
    let by_patterns = play(&with(lobelia), 2);
    let by_weights = play(&with(weights_only), 2);
    let moves =
        |r: &TournamentResult| -> Vec<_> { r.games.iter().map(|g| g.game.moves.clone()).collect() };
    assert_ne!(moves(&by_patterns), moves(&by_weights));
    let csv = to_csv(&by_patterns);
    assert!(csv.contains("IFa,patterns\n"), "{csv}");
    assert!(
        csv.contains("\nLobelia,84,17,1000,-4,-26,72,-10,19,-4,patterns-6x6.bin\n"),
        "{csv}"
    );
    assert!(!to_csv(&by_weights).contains("patterns"));
}

#[test]
fn the_same_seed_replays_the_same_tournament_with_any_number_of_workers() {
    let settings = settings(3, 2, 2, 5);
    let one = play(&settings, 1);
    let two = play(&settings, 2);
    let moves =
        |r: &TournamentResult| -> Vec<_> { r.games.iter().map(|g| g.game.clone()).collect() };
    assert_eq!(moves(&one), moves(&two));
    let mut other_seed = settings.clone();
    other_seed.seed = 6;
    assert_ne!(moves(&one), moves(&play(&other_seed, 2)));
}

#[test]
fn without_random_openings_the_seed_tie_breaks_still_vary_the_games() {
    let result = play(&settings(2, 6, 0, 3), 2);
    let distinct: std::collections::HashSet<String> = result
        .games
        .iter()
        .map(|g| format!("{:?}", g.game.moves))
        .collect();
    assert!(distinct.len() > 1);
    assert!(result.games.iter().all(|g| g.game.opening_length == 0));
}

#[test]
fn strong_search_games_and_misere_rules_are_played_out() {
    let mut settings = settings(2, 2, 2, 8);
    settings.game.search = SearchKind::Strong;
    settings.game.rules = Rules::Misere;
    settings.game.shape = "4x4x4".parse().unwrap();
    let result = play(&settings, 2);
    assert_eq!(result.games.len(), 2);
    for game in &result.games {
        let discs = (game.game.red_discs, game.game.green_discs);
        assert_eq!(
            game.game.outcome,
            Outcome::from_counts(discs.0, discs.1, Rules::Misere)
        );
        assert!(game.game.nodes > 0);
    }
}

#[test]
fn every_game_is_appended_to_the_results_file_as_it_ends() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("games.csv");
    let settings = settings(2, 4, 2, 1);
    let lines_seen = Mutex::new(Vec::new());
    with_workers(2, || {
        run_tournament(
            &settings,
            Some(&path),
            &AtomicBool::new(false),
            &|_, progress| {
                let text = std::fs::read_to_string(&path).unwrap();
                lines_seen
                    .lock()
                    .unwrap()
                    .push((progress.done, text.lines().count()));
            },
        )
        .unwrap()
    });
    for (done, lines) in lines_seen.into_inner().unwrap() {
        assert!(
            lines > done,
            "{done} games done, {lines} lines (with the header)"
        );
    }
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), 5);
    assert!(text.starts_with("game,red,green,opening"));
    let again = with_workers(1, || {
        run_tournament(&settings, Some(&path), &AtomicBool::new(false), &|_, _| {})
    });
    let message = again.unwrap_err().to_string();
    assert!(
        message.contains("games.csv") && message.contains("already exists"),
        "{message}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "untouched");
}

#[test]
fn a_cancelled_tournament_keeps_the_games_that_finished() {
    let settings = settings(3, 10, 2, 2);
    let cancel = AtomicBool::new(false);
    let result = with_workers(1, || {
        run_tournament(&settings, None, &cancel, &|_, progress| {
            if progress.done == 5 {
                cancel.store(true, Ordering::Relaxed);
            }
        })
        .unwrap()
    });
    assert!(result.cancelled);
    assert!(
        result.games.len() >= 5 && result.games.len() < 30,
        "{}",
        result.games.len()
    );
    assert_eq!(result.crosstable().games() as usize, result.games.len());
}

#[test]
fn bad_settings_are_refused_with_a_reason() {
    let refused = |settings: TournamentSettings| settings.validate().unwrap_err();
    assert!(refused(settings(1, 2, 2, 1)).contains("at least two players"));
    assert!(refused(settings(2, 3, 2, 1)).contains("must be even"));
    let mut twice = settings(2, 2, 2, 1);
    twice.players[1] = twice.players[0].clone();
    assert!(refused(twice).contains("listed twice"));
    let mut shallow = settings(2, 2, 2, 1);
    shallow.game.depth = 0;
    assert!(refused(shallow).contains("depth"));
    assert!(
        settings(2, 3, 0, 1).validate().is_ok(),
        "odd counts are fine without openings"
    );
}

#[test]
fn counts_beyond_the_bounds_are_refused_with_the_value_and_the_bound() {
    let refused = |settings: TournamentSettings| settings.validate().unwrap_err();
    let huge = refused(settings(2, 4_294_967_294, 2, 1));
    assert!(
        huge.contains("games 4294967294 is out of bounds: from 1 to 1000000"),
        "{huge}"
    );
    // 10 players make 45 pairings: 22,224 games each stay within a million, 22,224 + 2 do not.
    assert!(settings(10, 22_222, 2, 1).validate().is_ok());
    assert!(refused(settings(10, 22_224, 2, 1)).contains("out of bounds"));
    let mut deep = settings(2, 2, 2, 1);
    deep.game.depth = 65;
    assert!(refused(deep).contains("depth 65 is out of bounds: from 1 to 64"));
}

/// The schedule as it was listed before it was computed on demand: pairing by pairing, games
/// in pairs sharing an opening, the first-listed player Red first.
fn listed_schedule(players: usize, per_pairing: u32) -> Vec<(usize, usize, u32)> {
    let mut fixtures = Vec::new();
    for first in 0..players {
        for second in first + 1..players {
            for game in 0..per_pairing {
                let (red, green) = match game % 2 {
                    0 => (first, second),
                    _ => (second, first),
                };
                fixtures.push((red, green, game / 2));
            }
        }
    }
    fixtures
}

#[test]
fn the_schedule_computed_on_demand_is_the_listed_one() {
    for players in 2..=6 {
        for per_pairing in [1, 2, 3, 6] {
            let settings = settings(players, per_pairing, 0, 1);
            let listed = listed_schedule(players, per_pairing);
            assert_eq!(settings.games(), listed.len());
            for (index, &(red, green, opening)) in listed.iter().enumerate() {
                let fixture = settings.fixture(index);
                assert_eq!(
                    (fixture.red, fixture.green, fixture.opening),
                    (red, green, opening),
                    "{players} players, {per_pairing} per pairing, game {index}"
                );
            }
        }
    }
}

#[test]
fn a_match_of_billions_of_games_is_drawn_lazily_and_stops_when_cancelled() {
    // A schedule listed whole would need hundreds of gigabytes here; drawn lazily, the games
    // in flight are all that is held.
    let arwen = engine::search::Evaluation::weights(built_in()[0].weights);
    let bilbo = engine::search::Evaluation::weights(built_in()[1].weights);
    let mut orders = lab::ai::arena::match_orders(arwen.clone(), bilbo.clone(), u32::MAX, 5);
    let first = orders.next().unwrap();
    assert_eq!((&first.red, &first.green), (&arwen, &bilbo));
    let second = orders.next().unwrap();
    assert_eq!((&second.red, &second.green), (&bilbo, &arwen));
    assert_eq!(first.opening_seed, second.opening_seed);
    let game = settings(2, 2, 2, 1).game;
    let geometry = engine::Geometry::<1>::new(game.shape);
    let cancel = AtomicBool::new(false);
    let played = std::sync::atomic::AtomicU32::new(0);
    let orders = lab::ai::arena::match_orders(arwen, bilbo, u32::MAX, 5);
    let result = with_workers(2, || {
        lab::ai::arena::play_match(&geometry, &game, orders, None, &cancel, &|so_far| {
            played.store(so_far.games(), Ordering::Relaxed);
            if so_far.games() >= 6 {
                cancel.store(true, Ordering::Relaxed);
            }
        })
    });
    assert_eq!(result, None, "a cancelled match has no result");
    assert!(played.load(Ordering::Relaxed) >= 6);
}

#[test]
fn a_game_line_is_read_back_only_if_its_moves_replay_to_its_result() {
    use lab::ai::tournament::{game_line, parse_game_line};
    let settings = settings(2, 2, 2, 4);
    let result = play(&settings, 1);
    let game = result
        .games
        .iter()
        .find(|game| game.game.red_discs != game.game.green_discs)
        .expect("a decided game");
    let line = game_line(&settings, game);
    let read = parse_game_line(&settings, &line).unwrap();
    assert_eq!(
        (read.game.moves.clone(), read.index),
        (game.game.moves.clone(), game.index)
    );
    let fields: Vec<&str> = line.split(',').collect();
    let with = |edit: &dyn Fn(&mut Vec<String>)| {
        let mut fields: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
        edit(&mut fields);
        parse_game_line(&settings, &fields.join(",")).unwrap_err()
    };
    // Discs and winner swapped together: consistent with each other, not with the moves.
    let swapped = with(&|f| {
        f.swap(4, 5);
        f[6] = if f[6] == "Red" {
            "Green".into()
        } else {
            "Red".into()
        };
    });
    assert!(swapped.contains("but its moves end"), "{swapped}");
    let impossible = with(&|f| {
        f[4] = "1000".into();
        f[5] = "0".into();
    });
    assert!(impossible.contains("claims 1000–0"), "{impossible}");
    // Two moves swapped, or the game cut short.
    let moves: Vec<&str> = fields[9].split(' ').collect();
    let swapped_moves = with(&|f| {
        let mut edited = moves.clone();
        edited.swap(2, 3);
        f[9] = edited.join(" ");
    });
    assert!(
        swapped_moves.contains("do not replay") || swapped_moves.contains("but its moves end"),
        "{swapped_moves}"
    );
    let cut = with(&|f| f[9] = moves[..moves.len() - 1].join(" "));
    assert!(cut.contains("not over"), "{cut}");
    let beyond = with(&|f| f[0] = "18446744073709551615".into());
    assert!(beyond.contains("not in the schedule"), "{beyond}");
}
