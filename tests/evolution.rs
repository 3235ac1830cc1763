//! Evolution on tiny boards: reproducibility, resume, checkpoints that survive kills and
//! refuse corruption, champions exported as presets.

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use common::with_workers;
use engine::Rules;
use engine::search::Evaluation;
use engine::{Geometry, Weights};
use lab::ai::arena::{match_orders, play_match};
use lab::ai::checkpoint::{CHECKPOINT_FILE, load_checkpoint};
use lab::ai::evolution::{Evolution, EvolutionEvent, EvolutionSettings, EvolutionState};
use lab::ai::gsprt::Gsprt;
use lab::ai::selfplay::GameSettings;
use lab::ai::{Preset, SearchKind};
use lab::players::preset::built_in_named;

fn settings(generations: u32, seed: u64) -> EvolutionSettings {
    let jolly = built_in_named("Jolly").unwrap();
    EvolutionSettings {
        player: jolly.name,
        weights: jolly.weights,
        generations,
        games_per_match: 2,
        mutation_percent: 30,
        game: GameSettings {
            shape: "6x6".parse().unwrap(),
            rules: Rules::Classic,
            depth: 1,
            search: SearchKind::Classic,
            opening_plies: 2,
            time_per_move: None,
        },
        seed,
        early_stop: None,
    }
}

/// The state without its wall times, which differ from run to run.
fn timeless(state: &EvolutionState) -> EvolutionState {
    let mut state = state.clone();
    for generation in &mut state.history {
        generation.seconds = 0.0;
    }
    state
}

fn evolve(
    settings: EvolutionSettings,
    folder: &Path,
    workers: usize,
) -> (EvolutionState, Vec<EvolutionEvent>) {
    let events = Mutex::new(Vec::new());
    let mut evolution = Evolution::start(settings, folder).unwrap();
    with_workers(workers, || {
        evolution
            .run(&AtomicBool::new(false), &|event| {
                events.lock().unwrap().push(event.clone())
            })
            .unwrap()
    });
    (timeless(evolution.state()), events.into_inner().unwrap())
}

#[test]
fn the_same_seed_gives_the_same_trajectory_with_any_number_of_workers() {
    let folders = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
    let (one, events) = evolve(settings(12, 4), folders[0].path(), 1);
    let (two, _) = evolve(settings(12, 4), folders[1].path(), 2);
    assert_eq!(one, two);
    assert_eq!(one.generation, 12);
    assert_eq!(one.history.len(), 12);
    // The run went through every stage at least once.
    assert!(
        one.history.iter().any(|g| g.scout_net <= 0),
        "a discarded mutant"
    );
    assert!(
        one.history.iter().any(|g| g.line_steps > 0),
        "a line search"
    );
    assert!(!one.champions.is_empty(), "a champion");
    let count = |f: fn(&EvolutionEvent) -> bool| events.iter().filter(|e| f(e)).count();
    assert_eq!(count(|e| matches!(e, EvolutionEvent::Scout { .. })), 12);
    assert_eq!(count(|e| matches!(e, EvolutionEvent::Finished { .. })), 12);
    assert_eq!(
        count(|e| matches!(e, EvolutionEvent::Champion { .. })),
        one.champions.len()
    );
    // Champions are exported as presets at once, and the parent is the last champion.
    for event in &events {
        if let EvolutionEvent::Champion { champion, preset } = event {
            let exported = Preset::load(preset).unwrap();
            assert_eq!(exported.weights, champion.weights);
            assert_eq!(exported.name, champion.name);
        }
    }
    let last = one.champions.last().unwrap();
    let later_generations = one
        .history
        .iter()
        .filter(|g| g.generation > last.generation);
    assert!(later_generations.clone().all(|g| !g.champion));
    // Every weight of a normalised parent is non-zero and at most 1000 in magnitude.
    for generation in &one.history {
        assert_eq!(
            generation.parent.0.iter().map(|w| w.abs()).max(),
            Some(1000)
        );
        assert!(generation.parent.0.iter().all(|&w| w != 0));
    }
    let (other_seed, _) = evolve(settings(12, 5), tempfile::tempdir().unwrap().path(), 2);
    assert_ne!(one.history, other_seed.history);
}

#[test]
fn early_stopping_gives_the_same_run_with_any_number_of_workers_and_saves_games() {
    let early = |generations, seed| EvolutionSettings {
        games_per_match: 8,
        early_stop: Some(Gsprt { elo: 200.0 }),
        ..settings(generations, seed)
    };
    let folders = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
    let (one, events) = evolve(early(8, 4), folders[0].path(), 1);
    let (two, _) = evolve(early(8, 4), folders[1].path(), 2);
    assert_eq!(one, two);
    let scouts: Vec<u32> = events
        .iter()
        .filter_map(|event| match event {
            EvolutionEvent::Scout { result, .. } => Some(result.games()),
            _ => None,
        })
        .collect();
    assert_eq!(scouts.len(), 8);
    assert!(scouts.iter().all(|&games| games % 2 == 0 && games <= 16));
    assert!(scouts.iter().any(|&games| games < 16), "{scouts:?}");
    // Gauntlets play in full: 8 × 10 games per colour.
    for event in &events {
        if let EvolutionEvent::Gauntlet { result, .. } = event {
            assert_eq!(result.games(), 160);
        }
    }
    let checkpoint = load_checkpoint::<EvolutionState>(folders[0].path()).unwrap();
    assert_eq!(checkpoint.settings.early_stop, Some(Gsprt { elo: 200.0 }));
}

#[test]
fn a_lopsided_match_stops_after_the_first_pairs_that_decide_it() {
    let geometry = Geometry::<1>::new("6x6".parse().unwrap());
    let game = settings(1, 1).game;
    let arwen = built_in_named("Arwen").unwrap().weights;
    let contrary = Weights(arwen.0.map(|w| -w));
    let (arwen, contrary) = (Evaluation::weights(arwen), Evaluation::weights(contrary));
    let orders = || match_orders(arwen.clone(), contrary.clone(), 20, 9);
    let cancel = AtomicBool::new(false);
    let play = |workers, early_stop| {
        with_workers(workers, || {
            play_match(&geometry, &game, orders(), early_stop, &cancel, &|_| {}).unwrap()
        })
    };
    let full = play(2, None);
    assert_eq!(full.games(), 40);
    assert!(full.net() > 30, "{full:?}");
    let test = Some(Gsprt { elo: 100.0 });
    let stopped = play(1, test);
    assert_eq!(stopped, play(2, test));
    assert!(stopped.games() < 20 && stopped.net() > 0, "{stopped:?}");
    // What counts is the leading pairs of the full match.
    let leading = with_workers(1, || {
        play_match(
            &geometry,
            &game,
            orders().take(stopped.games() as usize),
            None,
            &cancel,
            &|_| {},
        )
        .unwrap()
    });
    assert_eq!(stopped, leading);
}

#[test]
fn a_resumed_run_ends_exactly_where_an_uninterrupted_one_does() {
    let whole = tempfile::tempdir().unwrap();
    let (uninterrupted, _) = evolve(settings(10, 4), whole.path(), 2);

    let parts = tempfile::tempdir().unwrap();
    let cancel = AtomicBool::new(false);
    let mut first = Evolution::start(settings(10, 4), parts.path()).unwrap();
    with_workers(2, || {
        first.run(&cancel, &|event| {
            if let EvolutionEvent::Finished { summary, .. } = event
                && summary.generation == 4
            {
                cancel.store(true, Ordering::Relaxed);
            }
        })
    })
    .unwrap();
    assert_eq!(first.state().generation, 4);
    assert_eq!(
        load_checkpoint::<EvolutionState>(parts.path()).unwrap(),
        *first.state()
    );

    let mut resumed = Evolution::resume(parts.path()).unwrap();
    with_workers(1, || resumed.run(&AtomicBool::new(false), &|_| {})).unwrap();
    assert_eq!(timeless(resumed.state()), uninterrupted);
    let presets = |folder: &Path| {
        let mut names: Vec<String> = std::fs::read_dir(folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    assert_eq!(presets(parts.path()), presets(whole.path()));
}

#[test]
fn a_run_cancelled_mid_generation_drops_only_that_generation() {
    let folder = tempfile::tempdir().unwrap();
    let cancel = AtomicBool::new(false);
    let mut evolution = Evolution::start(settings(10, 4), folder.path()).unwrap();
    with_workers(1, || {
        evolution.run(&cancel, &|event| {
            if let EvolutionEvent::Generation { generation: 3 } = event {
                cancel.store(true, Ordering::Relaxed);
            }
        })
    })
    .unwrap();
    assert_eq!(evolution.state().generation, 2);
    assert_eq!(
        load_checkpoint::<EvolutionState>(folder.path())
            .unwrap()
            .generation,
        2
    );
}

#[test]
fn a_folder_with_a_run_is_not_started_over() {
    let folder = tempfile::tempdir().unwrap();
    evolve(settings(1, 1), folder.path(), 1);
    let before = std::fs::read_to_string(folder.path().join(CHECKPOINT_FILE)).unwrap();
    let error = Evolution::start(settings(5, 1), folder.path()).unwrap_err();
    assert!(
        error.to_string().contains("holds an evolution run already"),
        "{error}"
    );
    let after = std::fs::read_to_string(folder.path().join(CHECKPOINT_FILE)).unwrap();
    assert_eq!(before, after);
}

#[test]
fn damaged_checkpoints_are_refused_with_the_file_and_the_problem() {
    let folder = tempfile::tempdir().unwrap();
    evolve(settings(3, 2), folder.path(), 1);
    let path = folder.path().join(CHECKPOINT_FILE);
    let good = std::fs::read_to_string(&path).unwrap();
    let refused = |text: &str| {
        std::fs::write(&path, text).unwrap();
        let message = Evolution::resume(folder.path()).unwrap_err().to_string();
        assert!(message.contains("checkpoint.ron"), "{message}");
        message
    };
    assert!(refused(&good[..good.len() / 2]).contains("line"));
    assert!(refused(&good.replacen("version: 1", "version: 7", 1)).contains("version 7"));
    assert!(refused(&good.replacen("generation: 3,", "generation: 5,", 1)).contains("history"));
    assert!(
        refused(&good.replacen("mutation_percent: 30", "mutation_percent: 0", 1))
            .contains("mutation")
    );
    assert!(refused("").contains("empty"));
    let missing = tempfile::tempdir().unwrap();
    let message = Evolution::resume(missing.path()).unwrap_err().to_string();
    assert!(message.contains("no checkpoint here"), "{message}");
}

#[test]
fn killing_the_process_at_any_moment_leaves_a_usable_checkpoint() {
    // Killed at moments counted from its first checkpoint, however long the start takes on
    // a busy machine (20–90 ms seen while other runs shared the cores).
    for delay in [0, 40, 90, 150, 230] {
        let folder = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_reversi3d"))
            .args(["evolve", "--board", "4x4", "--depth", "1", "--games", "1"])
            .args(["--generations", "100000", "--threads", "1", "--dir"])
            .arg(folder.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let first = folder.path().join(CHECKPOINT_FILE);
        let started = Instant::now();
        while !first.exists() && started.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(1));
        }
        std::thread::sleep(Duration::from_millis(delay));
        child.kill().unwrap();
        child.wait().unwrap();
        let state = load_checkpoint::<EvolutionState>(folder.path())
            .unwrap_or_else(|e| panic!("after {delay} ms: {e}"));
        assert!(state.generation < 100_000);
        // The run continues from there.
        let mut resumed = Evolution::resume(folder.path()).unwrap();
        let refused = resumed.set_generations(u32::MAX).unwrap_err().to_string();
        assert!(
            refused.contains("generations 4294967295 is out of bounds"),
            "{refused}"
        );
        resumed.set_generations(state.generation + 2).unwrap();
        with_workers(1, || resumed.run(&AtomicBool::new(false), &|_| {})).unwrap();
        assert_eq!(resumed.state().generation, state.generation + 2);
    }
}

/// A change to a checkpoint's state.
type Edit<'a> = &'a dyn Fn(&mut EvolutionState);

#[test]
fn an_evolution_checkpoint_with_absurd_values_or_an_unsafe_name_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let good = EvolutionState::new(settings(3, 1));
    lab::ai::checkpoint::save_checkpoint(folder.path(), &good).unwrap();
    assert!(load_checkpoint::<EvolutionState>(folder.path()).is_ok());
    let edits: [(Edit, &str); 4] = [
        (
            &|s| s.settings.games_per_match = u32::MAX,
            "games per colour 4294967295 is out of bounds: from 1 to 500000",
        ),
        (
            &|s| s.settings.generations = u32::MAX,
            "generations 4294967295 is out of bounds",
        ),
        (
            &|s| s.settings.game.depth = 1000,
            "depth 1000 is out of bounds",
        ),
        (
            &|s| s.settings.player = "../../evilevo".into(),
            "'../../evilevo' may only hold",
        ),
    ];
    for (edit, expected) in edits {
        let mut state = good.clone();
        edit(&mut state);
        lab::ai::checkpoint::save_checkpoint(folder.path(), &state).unwrap();
        let message = load_checkpoint::<EvolutionState>(folder.path())
            .unwrap_err()
            .to_string();
        assert!(
            message.contains(CHECKPOINT_FILE) && message.contains(expected),
            "{message}"
        );
    }
}
