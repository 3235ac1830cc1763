//! Every file reader on hostile input: arbitrary bytes, mutations of a valid file, and the
//! endless devices. Each must refuse or accept — never panic, never read without bound — and
//! answer within a second.

mod common;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use engine::patterns::PatternEvaluation;
use engine::{Rules, Shape};
use lab::ai::SearchKind;
use lab::ai::checkpoint::{CHECKPOINT_FILE, load_checkpoint, save_checkpoint};
use lab::ai::evolution::{EvolutionSettings, EvolutionState};
use lab::ai::selfplay::GameSettings;
use lab::ai::tournament::TournamentSettings;
use lab::cluster::Shard;
use lab::cluster::shard_file::read_shard;
use lab::cluster::tournament::run_tournament_shard;
use lab::game::Game;
use lab::game::position_list::read_positions;
use lab::players::Preset;
use lab::players::preset::built_in;
use lab::tune::generate::generate_positions;
use lab::tune::position_set::{
    NamedWeights, PositionSetSettings, PositionSetWriter, ResumePoint, read_position_set,
};
use proptest::prelude::*;

/// A reader of one kind of file: it answers with a refusal or an acceptance (the value is not
/// looked at).
type Reader = fn(&Path) -> bool;

/// Every reader, with a valid file of its kind.
struct Kind {
    name: &'static str,
    read: Reader,
    valid: Vec<u8>,
}

fn game_settings() -> GameSettings {
    GameSettings {
        shape: "4x4".parse().unwrap(),
        rules: Rules::Classic,
        depth: 1,
        search: SearchKind::Classic,
        opening_plies: 2,
        time_per_move: None,
    }
}

fn named(preset: &Preset) -> NamedWeights {
    NamedWeights {
        name: preset.name.clone(),
        weights: preset.weights,
        patterns: Vec::new(),
    }
}

/// A position set and a tournament shard made once, in a folder kept for the whole run.
fn made_files() -> &'static (tempfile::TempDir, PathBuf, PathBuf) {
    static MADE: OnceLock<(tempfile::TempDir, PathBuf, PathBuf)> = OnceLock::new();
    MADE.get_or_init(|| {
        let folder = tempfile::tempdir().unwrap();
        let cancel = AtomicBool::new(false);
        let set = folder.path().join("set.txt");
        let settings = PositionSetSettings {
            game: game_settings(),
            players: built_in().iter().take(2).map(named).collect(),
            count: 12,
            per_game: 3,
            max_empties: None,
            seed: 1,
            label: None,
        };
        let mut writer = PositionSetWriter::create(&set, &settings).unwrap();
        let start = ResumePoint::default();
        generate_positions(&settings, &mut writer, start, &cancel, &|_| {}).unwrap();
        let tournament = TournamentSettings {
            players: built_in().into_iter().take(2).collect(),
            games_per_pairing: 4,
            game: game_settings(),
            seed: 1,
        };
        let shard = Shard { index: 1, count: 2 };
        let run = run_tournament_shard(&tournament, shard, folder.path(), &cancel, &|_, _| {});
        let shard_file = run.unwrap().file.unwrap();
        (folder, set, shard_file)
    })
}

/// Reads the checkpoint of the folder holding `path` (which must be its checkpoint file).
fn read_checkpoint(path: &Path) -> bool {
    load_checkpoint::<EvolutionState>(path.parent().unwrap()).is_ok()
}

fn kinds() -> Vec<Kind> {
    let (_, set, shard) = made_files();
    let preset = built_in()[0].clone();
    let game = Game::new(
        "6x6".parse().unwrap(),
        Rules::Classic,
        lab::players::player::Player::Human,
        lab::players::player::Player::Human,
    );
    let mut game = game;
    for _ in 0..3 {
        game.play(game.board().legal[0]).unwrap();
    }
    let evolution = EvolutionState::new(EvolutionSettings {
        player: preset.name.clone(),
        weights: preset.weights,
        generations: 2,
        games_per_match: 1,
        mutation_percent: 30,
        game: game_settings(),
        seed: 1,
        early_stop: None,
    });
    let checkpoint_folder = tempfile::tempdir().unwrap();
    save_checkpoint(checkpoint_folder.path(), &evolution).unwrap();
    let checkpoint = std::fs::read(checkpoint_folder.path().join(CHECKPOINT_FILE)).unwrap();
    let six: Shape = "6x6".parse().unwrap();
    vec![
        Kind {
            name: "preset",
            read: |path| Preset::load(path).is_ok(),
            valid: preset.to_ron().into_bytes(),
        },
        Kind {
            name: "game record",
            read: |path| Game::load(path).is_ok(),
            valid: game.to_record().into_bytes(),
        },
        Kind {
            name: "position list",
            read: |path| read_positions(path, "6x6".parse().unwrap()).is_ok(),
            valid: format!("# start\n{}\n", engine::Setup::start(six).text()).into_bytes(),
        },
        Kind {
            name: "position set",
            read: |path| read_position_set(path).is_ok(),
            valid: std::fs::read(set).unwrap(),
        },
        Kind {
            name: "shard",
            read: |path| read_shard(path).is_ok(),
            valid: std::fs::read(shard).unwrap(),
        },
        Kind {
            name: "checkpoint",
            read: read_checkpoint,
            valid: checkpoint,
        },
        Kind {
            name: "pattern file",
            read: |path| {
                let bytes = lab::files::read_bytes_up_to(path, 64 << 20);
                bytes.is_ok_and(|bytes| PatternEvaluation::from_bytes(&bytes).is_ok())
            },
            valid: PatternEvaluation::zero("6x6".parse().expect("a board"), vec![20]).to_bytes(),
        },
    ]
}

/// Writes `bytes` as the file of its kind in a fresh folder and reads it, within a second;
/// whether it was accepted.
fn read_as(kind: &Kind, bytes: &[u8]) -> Result<bool, TestCaseError> {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join(CHECKPOINT_FILE);
    std::fs::write(&path, bytes).unwrap();
    let clock = Instant::now();
    let accepted = (kind.read)(&path);
    let took = clock.elapsed();
    prop_assert!(
        took < Duration::from_secs(1),
        "{}: {took:?} for {} bytes",
        kind.name,
        bytes.len()
    );
    Ok(accepted)
}

#[test]
fn every_reader_accepts_its_valid_file() {
    for kind in kinds() {
        assert!(read_as(&kind, &kind.valid).unwrap(), "{}", kind.name);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn arbitrary_bytes_are_refused_or_accepted_without_a_panic(
        bytes in prop::collection::vec(any::<u8>(), 0..2000),
    ) {
        for kind in kinds() {
            read_as(&kind, &bytes)?;
        }
    }

    #[test]
    fn mutated_files_are_refused_or_accepted_without_a_panic(
        edits in prop::collection::vec((any::<usize>(), 0..3u8, any::<u8>()), 1..8),
    ) {
        for kind in kinds() {
            read_as(&kind, &common::mutated(&kind.valid, &edits))?;
        }
    }
}

#[cfg(unix)]
#[test]
fn endless_devices_are_refused_at_once_by_every_reader() {
    for device in ["/dev/zero", "/dev/urandom"] {
        for kind in kinds() {
            let folder = tempfile::tempdir().unwrap();
            let path = folder.path().join(CHECKPOINT_FILE);
            std::os::unix::fs::symlink(device, &path).unwrap();
            let clock = Instant::now();
            assert!(!(kind.read)(&path), "{} read {device}", kind.name);
            assert!(clock.elapsed() < Duration::from_secs(1), "{}", kind.name);
        }
    }
    let refused = Preset::load(Path::new("/dev/zero")).unwrap_err();
    assert!(
        refused.to_string().contains("not a regular file"),
        "{refused}"
    );
}
