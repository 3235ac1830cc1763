//! The seed app's built-in players (DESIGN §2), plus the Arwen of its published benchmarks.

use crate::engine::Weights;

/// A named set of weights shipped with the tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuiltinPlayer {
    /// The player's name.
    pub name: &'static str,
    /// Its evaluation weights.
    pub weights: Weights,
    /// Where it comes from.
    pub origin: &'static str,
}

const EVOLVED: &str = "evolved from Jolly in the seed app";

/// The ten players of the seed app (Jolly is the hand-made ancestor), then ArwenV10.
pub const BUILTIN_PLAYERS: [BuiltinPlayer; 11] = [
    player("Arwen", [14, 6, 1000, -1, -8, 91, -3, 4, -1], EVOLVED),
    player("Bilbo", [14, 9, 1000, -1, -7, 94, -3, 5, -1], EVOLVED),
    player("Celebrian", [14, 9, 1000, -1, -7, 98, -3, 5, -1], EVOLVED),
    player("Dwalin", [21, 26, 1000, -8, -21, 75, -6, 5, -2], EVOLVED),
    player(
        "Eowyn",
        [369, 57, 1000, -11, -20, 108, -14, 114, -4],
        EVOLVED,
    ),
    player("Frodo", [15, 22, 1000, -9, -19, 132, -2, 2, -2], EVOLVED),
    player(
        "Galadriel",
        [20, 40, 1000, -10, -20, 100, -5, 10, -2],
        EVOLVED,
    ),
    player("Hamfast", [84, 17, 1000, -4, -26, 72, -10, 19, -4], EVOLVED),
    player("Indis", [9, 16, 1000, -10, -14, 145, -2, 3, -3], EVOLVED),
    player(
        "Jolly",
        [1000, 1000, 1000, -1000, -1000, 1000, -1000, 1000, -1000],
        "the seed author's first hand-made guess, ancestor of the others",
    ),
    player(
        "ArwenV10",
        [13, 7, 1000, -1, -9, 97, -2, 4, -1],
        "the earlier Arwen used for the seed's published benchmark tables",
    ),
];

const fn player(name: &'static str, weights: [i32; 9], origin: &'static str) -> BuiltinPlayer {
    BuiltinPlayer {
        name,
        weights: Weights(weights),
        origin,
    }
}

/// The built-in player called `name` (case-insensitive).
pub fn find(name: &str) -> Option<&'static BuiltinPlayer> {
    BUILTIN_PLAYERS
        .iter()
        .find(|p| p.name.eq_ignore_ascii_case(name))
}

/// The names of all built-in players, comma-separated (for messages).
pub fn names() -> String {
    BUILTIN_PLAYERS
        .iter()
        .map(|p| p.name)
        .collect::<Vec<_>>()
        .join(", ")
}
