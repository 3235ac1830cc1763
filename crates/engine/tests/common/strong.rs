//! The strong search's test helpers: a fixed evaluation, settings, random positions, and the
//! final score along a solved line.

use engine::search::{StrongSettings, final_score};
use engine::{Geometry, Position, Rules, Weights};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

/// The evaluation the strong search's tests search with.
pub const FRODO: Weights = Weights([15, 22, 1000, -9, -19, 132, -2, 2, -2]);

/// Strong-search settings at `depth` with [`FRODO`], a small table and no symmetry filter.
pub fn settings(depth: u32, endgame_empties: u32, rules: Rules) -> StrongSettings {
    StrongSettings {
        depth,
        rules,
        weights: FRODO,
        table_megabytes: 4,
        endgame_empties,
        node_budget: None,
        time_budget: None,
        symmetry: false,
        selective: false,
        patterns: None,
        exact_ordering: None,
    }
}

/// Random positions with `min_empties..=max_empties` empty cells and a move to play.
pub fn positions<const W: usize>(
    geometry: &Geometry<W>,
    count: usize,
    empties: std::ops::RangeInclusive<u32>,
    seed: u64,
) -> Vec<Position<W>> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let cells = geometry.shape().cells();
    let mut found = Vec::new();
    while found.len() < count {
        let position = super::random_position(geometry, cells, &mut rng);
        let empty = position.empties(geometry).count();
        if empties.contains(&empty) && !position.must_pass(geometry) {
            found.push(position);
        }
    }
    found
}

/// The final score, for the side to move in `position`, of the game that follows `line`
/// (passes left out); panics unless the line is legal and ends the game.
pub fn final_score_along<const W: usize>(
    geometry: &Geometry<W>,
    position: &Position<W>,
    line: &[usize],
    rules: Rules,
) -> i32 {
    let mut at = *position;
    for &cell in line {
        if at.must_pass(geometry) {
            at = at.pass();
        }
        at = at.play(geometry, cell).expect("the line's moves are legal");
    }
    assert!(at.is_game_over(geometry), "the line goes to the end");
    let score = final_score(&at, rules);
    if at.to_move == position.to_move {
        score
    } else {
        -score
    }
}
