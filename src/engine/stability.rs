//! Stable discs: discs that no sequence of moves can flip, found the way endgame solvers
//! find them for their cut-offs. A disc is safe along an axis when the whole line through it
//! along that axis is filled (no move can be made on it), when it lies on the board's edge
//! along the axis, or when a neighbour along the axis is a stable disc of its own colour (the
//! run it belongs to can then never be flanked). A disc safe along every axis is stable; the
//! stable set grows from the edges until nothing changes. What it finds is a subset of the
//! truly stable discs, in 2D and 3D alike.

use super::bits::Bits;
use super::shape::Shape;

/// One pair of opposite directions: the cells on the board's edge along it, and its moves of
/// 1, 2, 4, … steps.
#[derive(Clone, Debug)]
struct StabilityAxis<const W: usize> {
    /// Cells on the board's edge along the axis (a neighbour missing on one side).
    edge: Bits<W>,
    /// The doubling steps that spread a cell over its whole line: 1, 2, 4, … steps (the first
    /// `leaps` of them). The first is the axis's single step: its index shift and the cells
    /// with a neighbour one step up and one step down the index order.
    leaps: [Leap<W>; MAX_LEAPS],
}

/// A move of 2^k steps along an axis: its index shift and the cells it keeps on the line
/// going up and going down.
#[derive(Clone, Copy, Debug)]
struct Leap<const W: usize> {
    amount: u32,
    up: Bits<W>,
    down: Bits<W>,
}

/// Lines have at most 16 cells, so leaps of 1, 2, 4 and 8 steps reach along any of them.
const MAX_LEAPS: usize = 4;

/// The tables for finding stable discs on one shape.
#[derive(Clone, Debug)]
pub struct Stability<const W: usize> {
    axes: Vec<StabilityAxis<W>>,
    full: Bits<W>,
    /// How many leaps (see [`StabilityAxis::leaps`]) reach along a whole line.
    leaps: usize,
}

impl<const W: usize> Stability<W> {
    /// The tables for `shape` (which must fit in `W` words).
    pub fn new(shape: Shape) -> Self {
        let cells = shape.cells();
        let full = Bits::first(cells);
        let axes = shape
            .steps()
            .into_iter()
            .filter(|&step| shape.step_offset(step) > 0)
            .map(|step| {
                let back = step.map(|d| -d);
                let up: Bits<W> = (0..cells)
                    .filter(|&c| shape.neighbor(c, step).is_some())
                    .collect();
                let down: Bits<W> = (0..cells)
                    .filter(|&c| shape.neighbor(c, back).is_some())
                    .collect();
                let amount = shape.step_offset(step) as u32;
                let mut leaps = [Leap { amount, up, down }; MAX_LEAPS];
                for k in 1..MAX_LEAPS {
                    let Leap { amount, up, down } = leaps[k - 1];
                    leaps[k] = Leap {
                        amount: 2 * amount,
                        up: up & up.shift_down(amount),
                        down: down & down.shift_up(amount),
                    };
                }
                StabilityAxis {
                    edge: full.and_not(up & down),
                    leaps,
                }
            })
            .collect();
        Stability {
            axes,
            full,
            // Leaps of 1, 2, …, 2^(k−1) steps reach 2^k − 1 cells along: the whole line.
            leaps: shape.side().next_power_of_two().trailing_zeros() as usize,
        }
    }

    /// Discs of `player` that can never be flipped, `occupied` being every disc on the board.
    pub fn stable(&self, player: Bits<W>, occupied: Bits<W>) -> Bits<W> {
        let empty = self.full.and_not(occupied);
        // Per axis, what makes a disc safe without any stable neighbour.
        let mut safe_alone = [Bits::EMPTY; 13];
        for (safe, axis) in safe_alone.iter_mut().zip(&self.axes) {
            *safe = axis.edge | self.full.and_not(self.open_lines(axis, empty));
        }
        let mut stable = Bits::EMPTY;
        loop {
            let mut next = player;
            for (safe, axis) in safe_alone.iter().zip(&self.axes) {
                let step = &axis.leaps[0];
                let beside_stable = (stable.shift_down(step.amount) & step.up)
                    | (stable.shift_up(step.amount) & step.down);
                next &= *safe | beside_stable;
            }
            if next == stable {
                return stable;
            }
            stable = next;
        }
    }

    /// The cells whose line along `axis` holds an empty cell: the empty cells spread up
    /// their lines, then everything down, by doubling leaps.
    fn open_lines(&self, axis: &StabilityAxis<W>, empty: Bits<W>) -> Bits<W> {
        let leaps = &axis.leaps[..self.leaps];
        let mut open = empty;
        for leap in leaps {
            open |= (open & leap.up).shift_up(leap.amount);
        }
        for leap in leaps {
            open |= (open & leap.down).shift_down(leap.amount);
        }
        open
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells<const W: usize>(shape: Shape, names: &[[usize; 3]]) -> Bits<W> {
        names.iter().map(|&coords| shape.cell(coords)).collect()
    }

    #[test]
    fn a_corner_and_the_edge_run_from_it_are_stable_a_lone_disc_is_not() {
        let shape: Shape = "8x8".parse().unwrap();
        let stability = Stability::<1>::new(shape);
        let player = cells(shape, &[[0, 0, 0], [0, 1, 0], [0, 2, 0], [3, 3, 0]]);
        let stable = stability.stable(player, player);
        assert_eq!(stable, cells(shape, &[[0, 0, 0], [0, 1, 0], [0, 2, 0]]));
    }

    /// The doubling leaps find the cells whose line holds an empty cell, as walking the line
    /// from each cell does, on random boards of every size and dimension.
    #[test]
    fn open_lines_are_the_lines_with_an_empty_cell() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(3);
        for text in ["4x4", "8x8", "10x10", "16x16", "4x4x4", "6x6x6", "10x10x10"] {
            let shape: Shape = text.parse().unwrap();
            let stability = Stability::<16>::new(shape);
            let steps = shape.steps().into_iter();
            let steps: Vec<_> = steps.filter(|&s| shape.step_offset(s) > 0).collect();
            for round in 0..20 {
                let share = f64::from(round) / 20.0;
                let empty: Bits<16> = (0..shape.cells())
                    .filter(|_| rng.random_bool(share))
                    .collect();
                for (axis, &step) in stability.axes.iter().zip(&steps) {
                    let open = stability.open_lines(axis, empty);
                    for cell in 0..shape.cells() {
                        let walk = |direction: crate::engine::shape::Step| {
                            std::iter::successors(Some(cell), move |&c| {
                                shape.neighbor(c, direction)
                            })
                            .any(|c| empty.contains(c))
                        };
                        let line_open = walk(step) || walk(step.map(|d| -d));
                        assert_eq!(open.contains(cell), line_open, "{text}, cell {cell}");
                    }
                }
            }
        }
    }

    #[test]
    fn on_a_full_board_every_disc_is_stable() {
        for text in ["6x6", "4x4x4", "6x6x6"] {
            let shape: Shape = text.parse().unwrap();
            let full_board = Bits::<4>::first(shape.cells());
            let half: Bits<4> = (0..shape.cells()).filter(|c| c % 3 == 0).collect();
            let stable = Stability::<4>::new(shape).stable(half, full_board);
            assert_eq!(stable, half, "{text}");
        }
    }

    /// Random games on `shape`: every disc found stable at some point keeps its colour to
    /// the end of the game.
    fn stable_discs_never_flip<const W: usize>(shape: Shape, games: usize) {
        use crate::engine::{Color, Geometry, Position};
        use rand::rngs::Xoshiro256PlusPlus;
        use rand::{RngExt, SeedableRng};
        let geometry = Geometry::<W>::new(shape);
        let stability = Stability::<W>::new(shape);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut found = 0;
        for _ in 0..games {
            let mut position = Position::start(&geometry);
            let mut kept = [(Color::Red, Bits::<W>::EMPTY), (Color::Green, Bits::EMPTY)];
            while !position.is_game_over(&geometry) {
                if position.must_pass(&geometry) {
                    position = position.pass();
                }
                let occupied = position.mover | position.opponent;
                for (color, stable) in kept.iter_mut() {
                    let discs = position.discs(*color);
                    assert_eq!(*stable & discs, *stable, "{shape}: a stable disc flipped");
                    *stable |= stability.stable(discs, occupied);
                }
                let moves: Vec<usize> = position.legal_moves(&geometry).iter().collect();
                let cell = moves[rng.random_range(0..moves.len())];
                position = position.play(&geometry, cell).unwrap();
            }
            for (color, stable) in kept {
                assert_eq!(
                    stable & position.discs(color),
                    stable,
                    "{shape}: flipped at the end"
                );
                found += stable.count();
            }
        }
        assert!(found > 0, "{shape}: no stable disc found in {games} games");
    }

    #[test]
    fn stable_discs_never_flip_in_random_games() {
        stable_discs_never_flip::<1>("6x6".parse().unwrap(), 300);
        stable_discs_never_flip::<1>("8x8".parse().unwrap(), 200);
        stable_discs_never_flip::<1>("4x4x4".parse().unwrap(), 200);
        stable_discs_never_flip::<4>("6x6x6".parse().unwrap(), 5);
    }

    #[test]
    fn a_cube_corner_is_stable_an_inner_disc_next_to_an_empty_cell_is_not() {
        let shape: Shape = "4x4x4".parse().unwrap();
        let stability = Stability::<1>::new(shape);
        let player = cells(shape, &[[0, 0, 0], [1, 1, 1]]);
        let stable = stability.stable(player, player);
        assert_eq!(stable, cells(shape, &[[0, 0, 0]]));
    }
}
