//! Tuning: position sets that are reproducible, resumable and checked when read; fits that
//! recover known weights; the verification match.

mod common;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use common::with_workers;
use engine::patterns::{PatternEvaluation, UNITS_PER_DISC};
use engine::{Features, Geometry, Position, Rules, Weights};
use lab::ai::SearchKind;
use lab::ai::duel::{DuelSettings, run_duel};
use lab::ai::selfplay::GameSettings;
use lab::players::pattern_source::LoadedPatterns;
use lab::players::preset::built_in_named;
use lab::tune::fit::{Fit, FitSettings, Target, fit};
use lab::tune::generate::generate_positions;
use lab::tune::pattern_fit::{FitTarget, targets};
use lab::tune::position_record::{Label, Sample};
use lab::tune::position_set::{
    LabelSettings, NamedWeights, PositionSetSettings, PositionSetWriter, ResumePoint,
    read_position_set,
};
use lab::tune::rounds::{RoundsEvent, RoundsSettings, RoundsState, TuningRun};
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IteratorRandom;
use rand::{RngExt, SeedableRng};

fn named(name: &str) -> NamedWeights {
    NamedWeights {
        name: name.to_string(),
        weights: built_in_named(name).unwrap().weights,
        patterns: Vec::new(),
    }
}

fn set_settings(count: usize) -> PositionSetSettings {
    PositionSetSettings {
        game: GameSettings {
            shape: "6x6".parse().unwrap(),
            rules: Rules::Classic,
            depth: 1,
            search: SearchKind::Strong,
            opening_plies: 2,
            time_per_move: None,
        },
        players: vec![named("Arwen"), named("Jolly"), named("Hamfast")],
        count,
        per_game: 5,
        max_empties: None,
        seed: 4,
        label: Some(LabelSettings {
            depth: 2,
            exact_empties: 6,
            labeller: named("Hamfast"),
            patterns: None,
        }),
    }
}

/// Makes (or continues) the set at `path` with `workers`, stopping once `stop_at` records are
/// written when given; returns the file's text.
fn make_set(path: &Path, settings: &PositionSetSettings, workers: usize, stop_at: Option<usize>) {
    let cancel = AtomicBool::new(false);
    let (mut writer, start) = if path.exists() {
        let set = read_position_set(path).unwrap();
        (PositionSetWriter::resume(path, &set).unwrap(), set.complete)
    } else {
        let writer = PositionSetWriter::create(path, settings).unwrap();
        (writer, ResumePoint::default())
    };
    with_workers(workers, || {
        generate_positions(settings, &mut writer, start, &cancel, &|progress| {
            if stop_at.is_some_and(|stop| progress.records >= stop) {
                cancel.store(true, Ordering::Relaxed);
            }
        })
        .unwrap()
    });
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// The settings of a set of `count` positions, and that set made in `folder`: its file and
/// its text.
fn made_set(folder: &Path, count: usize) -> (PositionSetSettings, PathBuf, String) {
    let settings = set_settings(count);
    let path = folder.join("whole.txt");
    make_set(&path, &settings, 2, None);
    let full = text(&path);
    (settings, path, full)
}

#[test]
fn the_same_seed_gives_the_same_file_with_one_or_two_workers_and_a_resumed_run_too() {
    let folder = tempfile::tempdir().unwrap();
    let settings = set_settings(120);
    let one = folder.path().join("one.txt");
    let two = folder.path().join("two.txt");
    let resumed = folder.path().join("resumed.txt");
    make_set(&one, &settings, 1, None);
    make_set(&two, &settings, 2, None);
    assert_eq!(text(&one), text(&two));
    make_set(&resumed, &settings, 2, Some(30));
    let stopped = read_position_set(&resumed).unwrap();
    assert!(stopped.samples.len() < 120, "{}", stopped.samples.len());
    make_set(&resumed, &settings, 1, None);
    assert_eq!(text(&one), text(&resumed));

    let set = read_position_set(&one).unwrap();
    assert_eq!(set.samples.len(), 120);
    assert!(set.notice.is_none());
    assert!(set.samples.iter().all(|s| s.label.is_some()));
    assert!(
        set.samples
            .iter()
            .any(|s| matches!(s.label, Some(Label::Exact(_))))
    );
    assert!(
        set.samples
            .iter()
            .any(|s| matches!(s.label, Some(Label::Heuristic { depth: 2, .. })))
    );
    // Every stage is represented: openings and endings alike.
    let discs: Vec<i32> = set.samples.iter().map(|s| s.features.0[1].abs()).collect();
    assert!(discs.iter().any(|&d| d <= 2) && discs.iter().any(|&d| d >= 6));
}

#[test]
fn a_set_drawn_from_the_endgame_holds_only_positions_with_that_few_empty_cells() {
    // The exact labels start at 6 empty cells; drawn from at most 6, every label is exact.
    let folder = tempfile::tempdir().unwrap();
    let settings = PositionSetSettings {
        max_empties: Some(6),
        ..set_settings(60)
    };
    let path = folder.path().join("endgame.txt");
    make_set(&path, &settings, 2, None);
    let set = read_position_set(&path).unwrap();
    assert_eq!(set.samples.len(), 60);
    assert_eq!(set.settings.max_empties, Some(6));
    for sample in &set.samples {
        let discs: u32 = sample.discs.iter().flatten().map(|w| w.count_ones()).sum();
        assert!(36 - discs <= 6, "{} empty cells", 36 - discs);
        assert!(matches!(sample.label, Some(Label::Exact(_))));
    }
    // A set without the limit writes no trace of it, so older sets keep their hash.
    assert!(text(&path).contains("max_empties:Some(6)"));
    let all_stages = ron::to_string(&set_settings(60)).unwrap();
    assert!(!all_stages.contains("max_empties"), "{all_stages}");
}

#[test]
fn a_set_labelled_by_patterns_holds_their_values_which_the_pattern_fit_reads_in_discs() {
    // Patterns worth a flat +2 discs to the side to move: every heuristic label at depth 2
    // (the mover moves again at the leaves) is +2 discs, or -2 where a pass turned it.
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("flat.bin");
    let shape = "6x6".parse().unwrap();
    let mut flat = PatternEvaluation::zero(shape, Vec::new());
    flat.phases[0].bias = 2 * UNITS_PER_DISC as i16;
    std::fs::write(&file, flat.to_bytes()).unwrap();
    let mut settings = set_settings(60);
    let label = settings.label.as_mut().unwrap();
    label.patterns = Some(LoadedPatterns::read(&file, shape).unwrap().source);
    let path = folder.path().join("set.txt");
    make_set(&path, &settings, 2, None);
    let set = read_position_set(&path).unwrap();
    let heuristic: Vec<i32> = (set.samples.iter())
        .filter_map(|s| match s.label {
            Some(Label::Heuristic { value, .. }) => Some(value),
            _ => None,
        })
        .collect();
    assert!(heuristic.len() > 20, "{}", heuristic.len());
    assert!(heuristic.iter().all(|v| v.abs() == 64), "{heuristic:?}");
    let fitted = targets(&set, FitTarget::Scores);
    assert_eq!(fitted.len(), set.samples.len());
    assert!((fitted.iter()).all(|t| t.exact || t.discs.abs() == 2.0));
    // Nine-weight values are in other units: only the exact scores are fitted.
    let nine = folder.path().join("nine.txt");
    make_set(&nine, &set_settings(60), 2, None);
    let set = read_position_set(&nine).unwrap();
    let exact = (set.samples.iter()).filter(|s| matches!(s.label, Some(Label::Exact(_))));
    assert_eq!(targets(&set, FitTarget::Scores).len(), exact.count());
    // Fitted to the games' outcomes, every position counts: the exact ones by their score,
    // the others by their game's final margin.
    let outcomes = targets(&set, FitTarget::Outcomes);
    assert_eq!(outcomes.len(), set.samples.len());
    for target in outcomes {
        let wanted = match target.sample.label {
            Some(Label::Exact(margin)) => margin,
            _ => target.sample.margin,
        };
        assert_eq!(target.discs, wanted as f32);
        assert_eq!(
            target.exact,
            matches!(target.sample.label, Some(Label::Exact(_)))
        );
    }
    let margins = (set.samples.iter()).filter(|s| !matches!(s.label, Some(Label::Exact(_))));
    assert!(
        margins.map(|s| s.margin).any(|m| m != 0),
        "games with a margin"
    );
}

#[test]
fn a_torn_last_record_is_dropped_with_a_notice_and_the_resumed_run_repairs_it() {
    let folder = tempfile::tempdir().unwrap();
    let (settings, _, full) = made_set(folder.path(), 60);
    let torn = folder.path().join("torn.txt");
    let cut = full.len() - full.lines().last().unwrap().len() / 2 - 1;
    std::fs::write(&torn, &full[..cut]).unwrap();
    let set = read_position_set(&torn).unwrap();
    assert_eq!(set.samples.len(), 59);
    let notice = set.notice.unwrap();
    assert!(
        notice.contains("record 60") && notice.contains("dropped"),
        "{notice}"
    );
    make_set(&torn, &settings, 2, None);
    assert_eq!(text(&torn), full);
}

#[test]
fn corrupted_files_are_refused_with_the_record_and_the_problem() {
    let folder = tempfile::tempdir().unwrap();
    let (settings, good, full) = made_set(folder.path(), 20);
    let mut lines: Vec<String> = full.lines().map(str::to_string).collect();
    let refused = |lines: &[String]| {
        let path = folder.path().join("bad.txt");
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        read_position_set(&path).unwrap_err().to_string()
    };
    // Record 5 is line 7: a feature changed.
    let mut fields: Vec<String> = lines[6].split('\t').map(str::to_string).collect();
    fields[5] = fields[5].replacen(|c: char| c.is_ascii_digit(), "9", 1);
    let original = std::mem::replace(&mut lines[6], fields.join("\t"));
    let error = refused(&lines);
    assert!(
        error.contains("record 5") && error.contains("features"),
        "{error}"
    );
    lines[6] = original;
    // A record missing from its game.
    let without = [&lines[..4], &lines[5..]].concat();
    let error = refused(&without);
    assert!(error.contains("record 3"), "{error}");
    // Settings edited by hand no longer match their hash.
    let mut edited = lines.clone();
    edited[1] = edited[1].replace("seed:4", "seed:5");
    assert!(refused(&edited).contains("hash"));
    // Not a position set at all.
    assert!(refused(&["hello".to_string()]).contains("not a position set"));
    // Margins beyond the board, a result against its margin, absurd labels.
    let record = |field: usize, value: &str| {
        let mut edited = lines.clone();
        let mut fields: Vec<String> = edited[6].split('\t').map(str::to_string).collect();
        fields[field] = value.to_string();
        edited[6] = fields.join("\t");
        refused(&edited)
    };
    let huge = record(3, "+99999999999");
    assert!(
        huge.contains("record 5: margin +99999999999 is out of bounds: from -36 to +36"),
        "{huge}"
    );
    let fields: Vec<&str> = lines[6].split('\t').collect();
    let against = match fields[2] {
        "W" => "L",
        _ => "W",
    };
    let disagreeing = record(2, against);
    assert!(
        disagreeing.contains("disagrees with the margin"),
        "{disagreeing}"
    );
    assert!(record(4, "=99999").contains("exact label +99999 is out of bounds"));
    assert!(record(4, "~5@1000").contains("label depth 1000 is out of bounds"));
    // Settings whose count is beyond the bound, with the hash recomputed to match.
    let mut endless = lines.clone();
    let settings_line = endless[1].replace("count:20", "count:99999999999999");
    assert_ne!(settings_line, endless[1]);
    let hash = lab::files::short_hash(settings_line.as_bytes());
    endless[0] = format!("{} {hash}", endless[0].rsplit_once(' ').unwrap().0);
    endless[1] = settings_line;
    let error = refused(&endless);
    assert!(
        error.contains("count 99999999999999 is out of bounds"),
        "{error}"
    );
    // An existing file is never replaced by a new run.
    let error = PositionSetWriter::create(&good, &settings).err().unwrap();
    assert!(error.to_string().contains("exists"));
    assert_eq!(text(&good), full);
}

/// Features of positions from random games on `board`, every stage.
fn random_features<const W: usize>(board: &str, count: usize, seed: u64) -> Vec<Features> {
    let geometry = Geometry::<W>::new(board.parse().unwrap());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut features = Vec::new();
    while features.len() < count {
        let mut position = Position::start(&geometry);
        while !position.is_game_over(&geometry) && features.len() < count {
            if position.must_pass(&geometry) {
                position = position.pass();
            }
            features.push(Features::of(&geometry, &position));
            let cell = position.legal_moves(&geometry).iter().choose(&mut rng);
            position = position.play(&geometry, cell.unwrap()).unwrap();
        }
    }
    features
}

fn fitted(samples: &[Sample], target: Target, start: &Weights) -> Fit {
    let cancel = AtomicBool::new(false);
    fit(
        samples,
        start,
        &FitSettings::new(target),
        &cancel,
        &mut |_| {},
    )
    .unwrap()
    .unwrap()
}

/// Samples labelled with `weights`' evaluation plus noise of ±`noise` evaluation units.
fn evaluated(features: Vec<Features>, weights: &Weights, noise: i32) -> Vec<Sample> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(8);
    features
        .into_iter()
        .enumerate()
        .map(|(index, features)| {
            let label = Some(Label::Heuristic {
                value: features.dot(weights) as i32 + rng.random_range(-noise..=noise),
                depth: 1,
            });
            sample(index, features, 0.5, label)
        })
        .collect()
}

/// Position `index` of a set (30 a game) with `features`, the game's `result` and `label`.
fn sample(index: usize, features: Features, result: f64, label: Option<Label>) -> Sample {
    Sample {
        game: index as u64 / 30,
        features,
        result,
        margin: 0,
        discs: Default::default(),
        label,
    }
}

fn assert_close(found: Weights, wanted: Weights, tolerance: i32) {
    let off = found
        .0
        .iter()
        .zip(wanted.0)
        .any(|(f, w)| (f - w).abs() > tolerance);
    assert!(!off, "found {found}, wanted {wanted} within ±{tolerance}");
}

#[test]
fn a_fit_recovers_the_weights_that_labelled_the_positions() {
    let hamfast = built_in_named("Hamfast").unwrap().weights;
    let jolly = built_in_named("Jolly").unwrap().weights;
    // Reference: the player's own evaluation plus noise, on the cube where every weight counts.
    let samples = evaluated(random_features::<4>("6x6x6", 20_000, 1), &hamfast, 200);
    let found = fitted(&samples, Target::Reference, &jolly);
    assert!(found.fixed.is_empty(), "{:?}", found.fixed);
    assert_close(found.weights, hamfast, 3);
    // Outcome: results drawn with the probability σ(w·f / 400).
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    let samples: Vec<Sample> = random_features::<4>("6x6x6", 100_000, 2)
        .into_iter()
        .enumerate()
        .map(|(index, features)| {
            let p = 1.0 / (1.0 + (-(features.dot(&hamfast) as f64) / 400.0).exp());
            let result = if rng.random_bool(p) { 1.0 } else { 0.0 };
            sample(index, features, result, None)
        })
        .collect();
    let found = fitted(&samples, Target::Outcome, &jolly);
    assert_close(found.weights, hamfast, 40);
    let kept = found.best_iteration();
    assert!(kept.holdout < found.iterations[0].holdout, "{kept:?}");
}

#[test]
fn on_a_2d_board_the_weights_the_data_cannot_tell_apart_keep_their_start_values() {
    // Every 6×6 cell is on a weighed square and none is an inner face: Dif and IFa are
    // redundant, and the fit finds an evaluation equal to the labeller's.
    let hamfast = built_in_named("Hamfast").unwrap().weights;
    let jolly = built_in_named("Jolly").unwrap().weights;
    let features = random_features::<1>("6x6", 5_000, 3);
    let found = fitted(
        &evaluated(features.clone(), &hamfast, 0),
        Target::Reference,
        &jolly,
    );
    assert_eq!(found.fixed, ["Dif", "IFa"]);
    let ratio = f64::from(found.weights.0[0]) / f64::from(hamfast.0[0]);
    for f in &features {
        let (got, wanted) = (f.dot(&found.weights) as f64, f.dot(&hamfast) as f64 * ratio);
        assert!((got - wanted).abs() <= 40.0, "{got} against {wanted}");
    }
    // Jolly's Dif and IFa, 1000 and −1000, are kept (scaled alike).
    assert!(found.weights.0[1] > 0);
    assert_eq!(found.weights.0[1], -found.weights.0[8]);
}

#[test]
fn a_fit_without_what_it_needs_is_refused() {
    let samples: Vec<Sample> = random_features::<1>("6x6", 500, 3)
        .into_iter()
        .enumerate()
        .map(|(index, features)| sample(index, features, 1.0, None))
        .collect();
    let cancel = AtomicBool::new(false);
    let start = built_in_named("Arwen").unwrap().weights;
    let settings = FitSettings::new(Target::Reference);
    let error = fit(&samples, &start, &settings, &cancel, &mut |_| {}).unwrap_err();
    assert!(error.contains("--label-depth"), "{error}");
    let error = fit(
        &samples[..10],
        &start,
        &FitSettings::new(Target::Outcome),
        &cancel,
        &mut |_| {},
    )
    .unwrap_err();
    assert!(error.contains("too few"), "{error}");
}

#[test]
fn a_match_is_reproducible_with_any_workers_and_refuses_an_odd_number_of_games() {
    let settings = DuelSettings {
        first: built_in_named("Arwen").unwrap(),
        second: built_in_named("Jolly").unwrap(),
        games: 20,
        game: set_settings(1).game,
        seed: 3,
        early_stop: None,
    };
    let cancel = AtomicBool::new(false);
    let play = |workers| with_workers(workers, || run_duel(&settings, &cancel, &|_| {}).unwrap());
    let (one, two) = (play(1), play(2));
    assert_eq!(one.result, two.result);
    assert_eq!(one.result.games(), 20);
    assert!(one.elo.low < one.elo.elo && one.elo.elo < one.elo.high);
    let odd = DuelSettings {
        games: 7,
        ..settings.clone()
    };
    assert!(odd.validate().unwrap_err().contains("even"));
}

fn rounds_settings() -> RoundsSettings {
    let base = set_settings(150);
    RoundsSettings {
        name: "Tuned".to_string(),
        start: named("Jolly"),
        rounds: 2,
        game: base.game,
        opponents: vec![named("Arwen")],
        count: 150,
        per_game: 5,
        label_depth: Some(2),
        target: Target::Reference,
        verify_games: 10,
        verify_depth: 1,
        early_stop: None,
        seed: 6,
    }
}

/// Runs the tuning run in `folder` (starting it when new) until `stop` says so.
fn tune_until(folder: &Path, stop: impl Fn(&RoundsEvent) -> bool + Sync) -> RoundsState {
    common::run_until(folder, rounds_settings, stop)
}

#[test]
fn a_tuning_run_stopped_anywhere_resumes_to_the_same_end() {
    let whole = tempfile::tempdir().unwrap();
    let uninterrupted = tune_until(whole.path(), |_| false);
    assert_eq!(uninterrupted.history.len(), 2);
    let parts = tempfile::tempdir().unwrap();
    // Stopped while making the first position set, then in the second verification match.
    let first = tune_until(
        parts.path(),
        |event| matches!(event, RoundsEvent::Positions(p) if p.records >= 40),
    );
    assert!(first.history.is_empty());
    let second = tune_until(parts.path(), |event| {
        matches!(event, RoundsEvent::Match(so_far, _) if so_far.games() >= 3)
            && parts.path().join("round-2.positions").exists()
    });
    assert_eq!(second.history.len(), 1);
    let resumed = tune_until(parts.path(), |_| false);
    assert_eq!(resumed, uninterrupted);
    for file in ["round-1.positions", "round-2.positions", "checkpoint.ron"] {
        assert_eq!(
            text(&whole.path().join(file)),
            text(&parts.path().join(file)),
            "{file}"
        );
    }
    // A folder that holds a run is not started over.
    assert!(TuningRun::start(whole.path(), rounds_settings()).is_err());
}

/// A change to a checkpoint's state.
type Edit<'a> = &'a dyn Fn(&mut RoundsState);

#[test]
fn a_tuning_checkpoint_with_absurd_values_or_an_unsafe_name_is_refused() {
    use lab::ai::checkpoint::{load_checkpoint, save_checkpoint};
    let folder = tempfile::tempdir().unwrap();
    let good = RoundsState {
        settings: rounds_settings(),
        best: named("Jolly"),
        history: Vec::new(),
    };
    save_checkpoint(folder.path(), &good).unwrap();
    assert_eq!(load_checkpoint::<RoundsState>(folder.path()).unwrap(), good);
    let edits: [(Edit, &str); 6] = [
        (
            &|s| s.settings.count = usize::MAX,
            "count 18446744073709551615 is out of bounds",
        ),
        (
            &|s| s.settings.label_depth = Some(1000),
            "label depth 1000 is out of bounds",
        ),
        (
            &|s| s.settings.verify_depth = 1000,
            "depth 1000 is out of bounds",
        ),
        (
            &|s| s.settings.rounds = 5000,
            "rounds 5000 is out of bounds",
        ),
        (
            &|s| s.settings.name = "../../evil".into(),
            "'../../evil' may only hold",
        ),
        (&|s| s.best.name = "a/b".into(), "'a/b' may only hold"),
    ];
    for (edit, expected) in edits {
        let mut state = good.clone();
        edit(&mut state);
        save_checkpoint(folder.path(), &state).unwrap();
        let refused = load_checkpoint::<RoundsState>(folder.path()).unwrap_err();
        let message = refused.to_string();
        assert!(
            message.contains("checkpoint.ron") && message.contains(expected),
            "{message}"
        );
    }
}

#[test]
fn a_file_hashed_in_a_stream_has_the_hash_of_its_bytes() {
    use lab::files::{file_hash, short_hash};
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("big.txt");
    let bytes: Vec<u8> = (0..200_000u32).map(|i| (i * 7 % 251) as u8).collect();
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(file_hash(&path).unwrap(), short_hash(&bytes));
    assert!(file_hash(Path::new("/dev/zero")).is_err());
}
