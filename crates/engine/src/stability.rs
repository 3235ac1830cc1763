//! Stable discs: discs that no sequence of moves can flip, found the way endgame solvers
//! find them for their cut-offs. A disc is safe along an axis when the whole line through it
//! along that axis is filled (no move can be made on it), when it lies on the board's edge
//! along the axis, or when a neighbour along the axis is a stable disc of its own colour (the
//! run it belongs to can then never be flanked). A disc safe along every axis is stable; the
//! stable set grows from the edges until nothing changes. What it finds is a subset of the
//! truly stable discs, in 2D and 3D alike.

use super::bits::Bits;
use super::shape::Shape;

/// One pair of opposite directions: its single step's index shift, the cells with a board
/// neighbour one step up and one step down the index order, and the cells on the board's
/// edge along it (a neighbour missing on one side).
#[derive(Clone, Copy, Debug)]
struct StabilityAxis<const W: usize> {
    amount: u32,
    up: Bits<W>,
    down: Bits<W>,
    edge: Bits<W>,
}

/// The tables for finding stable discs on one shape.
#[derive(Clone, Debug)]
pub struct Stability<const W: usize> {
    axes: Vec<StabilityAxis<W>>,
    /// `lines[cell * axes + axis]`: the whole line through `cell` along `axis`.
    lines: Vec<Bits<W>>,
    full: Bits<W>,
}

impl<const W: usize> Stability<W> {
    /// The tables for `shape` (which must fit in `W` words).
    pub fn new(shape: Shape) -> Self {
        let cells = shape.cells();
        let full = Bits::first(cells);
        let steps: Vec<_> = shape
            .steps()
            .into_iter()
            .filter(|&step| shape.step_offset(step) > 0)
            .collect();
        let walk = |cell: usize, step| {
            std::iter::successors(Some(cell), move |&c| shape.neighbor(c, step))
        };
        let axes = steps
            .iter()
            .map(|&step| {
                let up: Bits<W> = (0..cells)
                    .filter(|&c| shape.neighbor(c, step).is_some())
                    .collect();
                let down: Bits<W> = (0..cells)
                    .filter(|&c| shape.neighbor(c, step.map(|d| -d)).is_some())
                    .collect();
                StabilityAxis {
                    amount: shape.step_offset(step) as u32,
                    up,
                    down,
                    edge: full.and_not(up & down),
                }
            })
            .collect();
        let lines = (0..cells)
            .flat_map(|cell| {
                steps.iter().map(move |&step| {
                    walk(cell, step)
                        .chain(walk(cell, step.map(|d| -d)))
                        .collect()
                })
            })
            .collect();
        Stability { axes, lines, full }
    }

    /// Discs of `player` that can never be flipped, `occupied` being every disc on the board.
    #[inline]
    pub fn stable(&self, player: Bits<W>, occupied: Bits<W>) -> Bits<W> {
        match self.axes.len() {
            4 => self.stable_along::<4>(player, occupied),
            _ => self.stable_along::<13>(player, occupied),
        }
    }

    /// [`Self::stable`] with the number of axes (4 in 2D, 13 in 3D) known at compile time, so
    /// that the loops over them unroll.
    #[inline(always)]
    fn stable_along<const AXES: usize>(&self, player: Bits<W>, occupied: Bits<W>) -> Bits<W> {
        let axes: &[StabilityAxis<W>; AXES] = self.axes[..].try_into().expect("AXES axes");
        // Per axis, what makes a disc safe without any stable neighbour: the board's edge
        // along it, or a line with no empty cell on it.
        let mut safe_alone: [Bits<W>; AXES] = std::array::from_fn(|axis| axes[axis].edge);
        let mut open = [Bits::EMPTY; AXES];
        for cell in self.full.and_not(occupied) {
            let lines: &[Bits<W>; AXES] = self.lines[cell * AXES..(cell + 1) * AXES]
                .try_into()
                .expect("AXES lines per cell");
            for (open, line) in open.iter_mut().zip(lines) {
                *open |= *line;
            }
        }
        for (safe, open) in safe_alone.iter_mut().zip(open) {
            *safe |= self.full.and_not(open);
        }
        let mut stable = Bits::EMPTY;
        loop {
            let mut next = player;
            for (safe, axis) in safe_alone.iter().zip(axes) {
                let beside_stable = (stable.shift_down(axis.amount) & axis.up)
                    | (stable.shift_up(axis.amount) & axis.down);
                next &= *safe | beside_stable;
            }
            if next == stable {
                return stable;
            }
            stable = next;
        }
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

    /// Every line runs across the whole board: it holds its cell, each of its cells has the
    /// same line, and an axis-aligned one holds a full row of `side` cells.
    #[test]
    fn lines_run_across_the_board() {
        for text in ["4x4", "8x8", "10x10", "4x4x4", "6x6x6"] {
            let shape: Shape = text.parse().unwrap();
            let stability = Stability::<4>::new(shape);
            let axes = stability.axes.len();
            for cell in 0..shape.cells() {
                for (axis, moves) in stability.axes.iter().enumerate() {
                    let line = stability.lines[cell * axes + axis];
                    assert!(line.contains(cell), "{text}, cell {cell}");
                    for other in line {
                        assert_eq!(stability.lines[other * axes + axis], line, "{text}");
                    }
                    if [1, shape.side(), shape.side().pow(2)].contains(&(moves.amount as usize)) {
                        assert_eq!(line.count() as usize, shape.side(), "{text}, cell {cell}");
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
        use crate::{Color, Geometry, Position};
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
