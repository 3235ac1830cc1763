//! Training a pattern evaluation in rounds: stages that grow from the endgame, labels by the
//! right fit, a run that resumes to the same end wherever it was stopped, and checkpoints
//! that are checked when read.

mod common;

use std::path::Path;

use engine::Rules;
use lab::ai::Preset;
use lab::ai::SearchKind;
use lab::ai::checkpoint::{load_checkpoint, save_checkpoint};
use lab::ai::selfplay::GameSettings;
use lab::players::pattern_source::LoadedPatterns;
use lab::players::preset::built_in_named;
use lab::tune::pattern_rounds::{
    PatternRoundsEvent, PatternRoundsSettings, PatternRoundsState, PatternTraining,
};
use lab::tune::position_record::Label;
use lab::tune::position_set::{NamedWeights, read_position_set};

fn named(name: &str) -> NamedWeights {
    NamedWeights {
        name: name.to_string(),
        weights: built_in_named(name).unwrap().weights,
        patterns: Vec::new(),
    }
}

/// A small run on 6×6: 300 positions a round, round 0 at ≤ 8 empties, every stage from
/// round 2.
fn settings() -> PatternRoundsSettings {
    PatternRoundsSettings {
        name: "Trained".to_string(),
        game: GameSettings {
            shape: "6x6".parse().unwrap(),
            rules: Rules::Classic,
            depth: 1,
            search: SearchKind::Classic,
            opening_plies: 4,
            time_per_move: None,
        },
        players: vec![named("Arwen"), named("Jolly")],
        start: named("Hamfast"),
        rounds: 2,
        growing_rounds: 2,
        count: 300,
        per_game: 6,
        exact_empties: 8,
        label_depth: 2,
        both_parities: false,
        parity: false,
        regularization: 100.0,
        verify_games: 8,
        verify_depth: 1,
        seed: 32,
    }
}

/// Runs the training in `folder` (starting it when new) until `stop` says so.
fn train_until(
    folder: &Path,
    stop: impl Fn(&PatternRoundsEvent) -> bool + Sync,
) -> PatternRoundsState {
    common::run_until(folder, settings, stop)
}

#[test]
fn the_stages_grow_from_the_endgame_and_each_fit_has_phases_up_to_its_stages() {
    let settings = settings();
    assert_eq!(settings.stages(0), Some(8));
    assert_eq!(
        settings.stages(1),
        Some(20),
        "halfway from 8 to the 32 of 6×6"
    );
    assert_eq!(settings.stages(2), None, "every stage");
    assert_eq!(settings.stages(3), None);
    assert_eq!(settings.edges(0), vec![6]);
    assert_eq!(settings.edges(1), vec![6, 10, 14, 19]);
    assert_eq!(settings.edges(2), vec![6, 10, 14, 19, 26]);
}

#[test]
fn a_training_run_stopped_anywhere_resumes_to_the_same_end_and_labels_by_the_right_fit() {
    let whole = tempfile::tempdir().unwrap();
    let uninterrupted = train_until(whole.path(), |_| false);
    assert_eq!(uninterrupted.history.len(), 3);
    let parts = tempfile::tempdir().unwrap();
    // Stopped while making round 1's set, then in round 2's fit.
    let first = train_until(parts.path(), |event| {
        matches!(event, PatternRoundsEvent::Positions(p) if p.records >= 100)
            && parts.path().join("round-1.positions").exists()
    });
    assert_eq!(first.history.len(), 1);
    let second = train_until(parts.path(), |event| {
        matches!(event, PatternRoundsEvent::Fit(e) if e.number >= 3)
            && parts.path().join("round-2.positions").exists()
    });
    assert_eq!(second.history.len(), 2);
    let resumed = train_until(parts.path(), |_| false);
    // The labelling fits are recorded by their paths in each folder (and so are in the
    // sets' settings and hashes); everything else is the same.
    let without_paths = |state: &PatternRoundsState| -> Vec<_> {
        (state.history.iter())
            .map(|r| (r.fit.hash.clone(), r.positions, r.record, r.accepted))
            .collect()
    };
    assert_eq!(without_paths(&resumed), without_paths(&uninterrupted));
    for round in 0..=2 {
        let set = |folder: &Path| {
            let text = std::fs::read_to_string(folder.join(format!("round-{round}.positions")));
            text.unwrap().lines().skip(2).collect::<Vec<_>>().join("\n")
        };
        assert_eq!(set(whole.path()), set(parts.path()), "round {round}");
    }
    // Round 0 is scored exactly at ≤ 8 empties; each later round is labelled by the best fit
    // before it, or the newest while none has won.
    let history = &uninterrupted.history;
    for round in history {
        let set = read_position_set(&whole.path().join(&round.data.0)).unwrap();
        let label = set.settings.label.clone().unwrap();
        if round.round == 0 {
            assert!(label.patterns.is_none());
            for sample in &set.samples {
                let discs: u32 = sample.discs.iter().flatten().map(|w| w.count_ones()).sum();
                assert!(36 - discs <= 8, "{} empty cells", 36 - discs);
                assert!(matches!(sample.label, Some(Label::Exact(_))));
            }
            continue;
        }
        let earlier = &history[..round.round as usize];
        let labeller = (earlier.iter().rev().find(|r| r.accepted))
            .or(earlier.last())
            .unwrap();
        assert_eq!(label.patterns.unwrap().hash, labeller.fit.hash);
    }
    // A folder that holds a run is not started over.
    assert!(PatternTraining::start(whole.path(), settings()).is_err());
    accepted_fits_are_players(whole.path(), &uninterrupted);
}

#[test]
fn a_run_of_both_parities_labels_the_same_positions_one_ply_shallower_and_fits_them_too() {
    let folder = tempfile::tempdir().unwrap();
    let state: PatternRoundsState = common::run_until(
        folder.path(),
        || PatternRoundsSettings {
            rounds: 1,
            both_parities: true,
            ..settings()
        },
        |_| false,
    );
    let [round0, round1] = &state.history[..] else {
        panic!("two rounds: {:?}", state.history);
    };
    assert_eq!(round0.shallower_data, None, "round 0 is scored exactly");
    let (deeper, shallower) = (&round1.data, round1.shallower_data.as_ref().unwrap());
    assert_eq!(shallower.0, "round-1-shallower.positions");
    let deeper = read_position_set(&folder.path().join(&deeper.0)).unwrap();
    let shallower = read_position_set(&folder.path().join(&shallower.0)).unwrap();
    let depth = |set: &lab::tune::position_set::PositionSet| set.settings.label.clone().unwrap();
    assert_eq!((depth(&deeper).depth, depth(&shallower).depth), (2, 1));
    assert_eq!(depth(&deeper).patterns, depth(&shallower).patterns);
    let boards = |set: &lab::tune::position_set::PositionSet| -> Vec<_> {
        set.samples.iter().map(|s| s.discs.clone()).collect()
    };
    assert_eq!(boards(&deeper), boards(&shallower), "the same positions");
    let mut differing = 0;
    for (d, s) in deeper.samples.iter().zip(&shallower.samples) {
        match (d.label, s.label) {
            (Some(Label::Exact(a)), Some(Label::Exact(b))) => assert_eq!(a, b),
            (
                Some(Label::Heuristic { value: a, depth: 2 }),
                Some(Label::Heuristic { value: b, depth: 1 }),
            ) => {
                differing += usize::from(a != b);
            }
            // The deeper search may prove a result the shallower one cannot.
            (Some(Label::Exact(_)), Some(Label::Heuristic { depth: 1, .. })) => {}
            labels => panic!("labels {labels:?}"),
        }
    }
    assert!(
        differing > 0,
        "no search label differs between depths 1 and 2"
    );
    // Round 1 fits all three sets.
    let (fitted, held_out) = round1.positions;
    assert_eq!(fitted + held_out, 3 * 300);
    // A shallower set cut after its round fitted it is refused when the run goes on.
    let checkpoint = folder.path().join(lab::ai::checkpoint::CHECKPOINT_FILE);
    let mut longer = load_checkpoint::<PatternRoundsState>(folder.path()).unwrap();
    longer.settings.rounds = 2;
    save_checkpoint(folder.path(), &longer).unwrap();
    let path = folder.path().join("round-1-shallower.positions");
    let text = std::fs::read_to_string(&path).unwrap();
    let cut: Vec<&str> = text.lines().collect();
    std::fs::write(&path, cut[..cut.len() - 1].join("\n") + "\n").unwrap();
    let mut run = PatternTraining::resume(folder.path()).unwrap();
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let refused = run.run(&cancel, &|_| {}).unwrap_err().to_string();
    assert!(
        refused.contains("round-1-shallower.positions") && refused.contains("the set was cut"),
        "{refused}"
    );
    assert!(checkpoint.exists());
}

#[test]
fn a_checkpoint_written_before_runs_of_both_parities_or_parity_weights_still_resumes() {
    let folder = tempfile::tempdir().unwrap();
    let state = train_until(folder.path(), |event| {
        *event == PatternRoundsEvent::Round(1)
    });
    assert_eq!(state.history.len(), 1);
    let path = folder.path().join(lab::ai::checkpoint::CHECKPOINT_FILE);
    let text = std::fs::read_to_string(&path).unwrap();
    let older: Vec<&str> = (text.lines())
        .filter(|line| {
            let newer = ["both_parities:", "shallower_data:", "parity:"];
            !newer
                .iter()
                .any(|field| line.trim_start().starts_with(field))
        })
        .collect();
    assert_eq!(older.len() + 3, text.lines().count(), "{text}");
    std::fs::write(&path, older.join("\n")).unwrap();
    let read = load_checkpoint::<PatternRoundsState>(folder.path()).unwrap();
    assert_eq!(read, state, "no second labels, none recorded");
}

#[test]
fn a_run_with_parity_weights_fits_them_and_one_without_leaves_them_zero() {
    let even_empties_weights = |parity: bool| -> Vec<i16> {
        let folder = tempfile::tempdir().unwrap();
        let state: PatternRoundsState = common::run_until(
            folder.path(),
            || PatternRoundsSettings {
                rounds: 0,
                parity,
                ..settings()
            },
            |_| false,
        );
        let fit = &state.history[0].fit;
        let loaded = LoadedPatterns::read(&folder.path().join(&fit.path), "6x6".parse().unwrap());
        let phases = loaded.unwrap().evaluation.phases.clone();
        phases.iter().map(|phase| phase.even_empties).collect()
    };
    assert!(even_empties_weights(false).iter().all(|&w| w == 0));
    let weighed = even_empties_weights(true);
    assert!(weighed.iter().any(|&w| w != 0), "{weighed:?}");
}

/// Each accepted fit has its preset in the run's folder, which evaluates by the fit and
/// takes the fit along when saved elsewhere.
fn accepted_fits_are_players(folder: &Path, state: &PatternRoundsState) {
    let accepted: Vec<_> = state.history.iter().filter(|r| r.accepted).collect();
    assert!(!accepted.is_empty(), "seed 32 accepts round 1");
    for round in &state.history {
        let file = round.preset_file(folder, "Trained");
        assert_eq!(file.exists(), round.accepted, "{}", file.display());
    }
    let round = accepted[0];
    let player = Preset::load(&round.preset_file(folder, "Trained")).unwrap();
    assert_eq!(player.patterns[0].source.hash, round.fit.hash);
    let described = &player.description;
    assert!(
        described.contains("against Hamfast") && !described.contains("  "),
        "{described}"
    );
    let elsewhere = tempfile::tempdir().unwrap();
    let copy = elsewhere.path().join("copy.ron");
    player.save(&copy).unwrap();
    let fit_name = round.fit.path.file_name().unwrap();
    assert!(elsewhere.path().join(fit_name).exists());
    let copied = Preset::load(&copy).unwrap();
    assert_eq!(copied.patterns[0].source.hash, round.fit.hash);
    // A different pattern file of that name is kept, and the preset refused.
    std::fs::copy(folder.join("round-0.bin"), elsewhere.path().join(fit_name)).unwrap();
    let refused = player.save(&copy).unwrap_err().to_string();
    assert!(refused.contains("a different pattern file"), "{refused}");
    assert!(!refused.contains("  "), "{refused}");
}

#[test]
fn a_training_checkpoint_with_absurd_values_is_refused_with_the_file_and_the_problem() {
    let folder = tempfile::tempdir().unwrap();
    let good = PatternRoundsState {
        settings: settings(),
        history: Vec::new(),
    };
    save_checkpoint(folder.path(), &good).unwrap();
    assert_eq!(
        load_checkpoint::<PatternRoundsState>(folder.path()).unwrap(),
        good
    );
    type Edit = fn(&mut PatternRoundsState);
    let edits: [(Edit, &str); 6] = [
        (|s| s.settings.rounds = 5000, "rounds 5000 is out of bounds"),
        (
            |s| s.settings.exact_empties = 40,
            "exact empties 40 is out of bounds",
        ),
        (|s| s.settings.growing_rounds = 0, "growing rounds 0"),
        (
            |s| {
                s.settings.both_parities = true;
                s.settings.label_depth = 1;
            },
            "both parities need a label depth of at least 2",
        ),
        (
            |s| s.settings.regularization = f32::NAN,
            "regularization NaN",
        ),
        (
            |s| s.settings.name = "../evil".into(),
            "'../evil' may only hold",
        ),
    ];
    for (edit, expected) in edits {
        let mut state = good.clone();
        edit(&mut state);
        save_checkpoint(folder.path(), &state).unwrap();
        let message = load_checkpoint::<PatternRoundsState>(folder.path())
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("checkpoint.ron") && message.contains(expected),
            "{message}"
        );
    }
}
