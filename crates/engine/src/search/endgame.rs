//! The exact endgame solver for the last few empty cells: a null-window (PVS) search on the
//! final disc margin alone — no evaluation, only a small table of its own — with moves
//! ordered by how few replies they leave (a corner reply counting twice) while enough cells
//! are empty, then by the discs they hold at and beside corners, region parity (cells in a
//! quadrant or octant with an odd number of empties first) breaking ties (`fastest_first`),
//! and by parity alone below (`few_empties`, plain alpha-beta). The strong search hands
//! positions over to it once it would search to the end anyway.

mod fastest_first;
mod few_empties;

use few_empties::FEW_EMPTIES;

use super::meter::Meter;
use super::score::{WIN, final_margin, principal_variation, score_of_margin};
use super::solver_table::SolverTable;
use crate::Category;
use crate::bits::Bits;
use crate::geometry::Geometry;
#[cfg(target_arch = "x86_64")]
use crate::last_flips::LastFlips;
use crate::position::{Position, Rules};
use crate::stability::Stability;

/// The strong search solves positions with at most this many empty cells here. With the
/// solver's table, FFO #40–#44 one worker: 143.1 M nodes and 14.6 s, against 148.3 M and
/// 13.1 s from 11 and 153.7 M from 12; but #40–#48 side by side 812.2 M and 91.8 s against
/// 844.8 M and 96.4 s from 11. Once the solver's table slots were prefetched (session 33),
/// FFO #40–#49 one worker, four pairs side by side: from 11 903.5 M nodes and 45.9–46.9 s,
/// from 10 856.6 M and 47.8–48.2 s (from 10 with the solver's table from 4 empties instead
/// of 5: 833.8 M nodes, no faster); the 6×6×6 set in the same time.
pub(super) const SOLVER_EMPTIES: u32 = 11;

/// From this many empty cells on, nodes look for a stability cut-off.
const STABILITY_EMPTIES: u32 = 4;

/// A node looks for a stability cut-off only when `alpha` is at least this margin, given its
/// empty cells: below it, cut-offs are too rare to pay for finding the stable discs (FFO
/// #40–#42: 6 % more nodes, 6 % less time; Edax tries them from similar margins).
fn stability_threshold(empties: u32) -> i32 {
    2 * empties as i32 - 2
}

/// From this many empty cells on, the solver keeps what it finds in its own table
/// ([`SolverTable`]) and looks there first, and nodes ordered fastest-first look up their
/// children there before searching any (enhanced transposition cut-offs). FFO #40–#44, one
/// worker: 192.3 M nodes without the table; 162.5 M from 7 empties, 155.3 M from 6,
/// 150.9 M from 5; with the children looked up as well 145.7 M from 5 and 141.8 M from 4 (but
/// slower), 143.1 M with 2¹² positions per level instead of 2¹⁰ (2¹⁴: 140.2 M, slower).
/// FFO #40–#48 side by side: 812.2 M nodes and 110.3 s against 1,055.4 M and 106.5 s.
/// Session 43 (slots prefetched, special code for the last six empties), FFO #40–#49 one
/// worker: from 5 902.7 M nodes, from 6 931.2 M, without the table 1,301.4 M and 6 % slower
/// (three runs each, in turn); from 6 against 5, eight pairs side by side: 711.2 s against
/// 724.1 s (faster in six), the probes of the many five-empty nodes waiting on memory
/// (instructions: +0.6 % on #40–#42); 6×6×6 set four pairs 331.9 s against 335.1 s.
const TABLE_EMPTIES: u32 = 6;

/// From this many empty cells on, moves are ordered by the opponent's replies first, parity
/// second (FFO #40–#42: 236 M nodes against 265 M with parity first; the same with plain
/// reply counts: 243 M against 273 M). With the special code for the last empties, FFO #40
/// one worker: 7.03 M nodes and 3,210 M instructions, against 8.95 M and 3,416 M from 8.
/// With the corner discs in the key (session 34), from 6: FFO #40–#49 786.0 M nodes
/// against 841.9 M, no faster side by side.
const FASTEST_FIRST_EMPTIES: u32 = 7;

// A fastest-first node and its children are in the table.
const _: () = assert!(FASTEST_FIRST_EMPTIES > TABLE_EMPTIES);

/// The largest margin whose score is at most `score` ([`score_of_margin`] is increasing and
/// odd, so a score window maps to a margin window with the same cut-offs).
pub(super) fn margin_at_most(score: i32) -> i32 {
    if score >= WIN {
        score - WIN
    } else if score >= 0 {
        0
    } else if score >= -WIN {
        -1
    } else {
        score + WIN
    }
}

/// The solver for one board and rule set.
pub(super) struct EndgameSolver<'a, const W: usize> {
    geometry: &'a Geometry<W>,
    rules: Rules,
    /// The parity region (quadrant or octant) of every cell.
    region_of: Vec<u8>,
    /// The cells of every region.
    regions: Vec<Bits<W>>,
    /// `odd_cells[parity]`: the cells of the regions whose bits `parity` sets.
    odd_cells: Vec<Bits<W>>,
    stability: Stability<W>,
    /// The board's corners (for the fastest-first ordering).
    corners: Bits<W>,
    /// Every corner with the C-squares beside it (for the fastest-first ordering).
    corner_edges: Vec<(usize, Bits<W>)>,
    /// Bounds on the final margins of positions solved before, from [`TABLE_EMPTIES`] empty
    /// cells.
    table: SolverTable<W>,
    /// Counts the last move's flips on single-word 2D boards.
    #[cfg(target_arch = "x86_64")]
    last_flips: Option<LastFlips>,
    /// Which copies of the last few empties and of the fastest-first ordering run.
    #[cfg(target_arch = "x86_64")]
    copies: few_empties::Copies,
}

impl<'a, const W: usize> EndgameSolver<'a, W> {
    /// A solver for `geometry`'s board under `rules`.
    pub fn new(geometry: &'a Geometry<W>, rules: Rules) -> Self {
        let shape = geometry.shape();
        let half = shape.side() / 2;
        let region_of: Vec<u8> = (0..shape.cells())
            .map(|cell| {
                let [x, y, z] = shape.coords(cell);
                u8::from(x >= half) | u8::from(y >= half) << 1 | u8::from(z >= half) << 2
            })
            .collect();
        let mut regions = vec![Bits::EMPTY; 1 << shape.dims()];
        for (cell, &region) in region_of.iter().enumerate() {
            regions[usize::from(region)].insert(cell);
        }
        let odd_cells = (0..1usize << regions.len())
            .map(|parity| {
                regions
                    .iter()
                    .enumerate()
                    .filter(|(index, _)| parity >> index & 1 == 1)
                    .fold(Bits::EMPTY, |cells, (_, region)| cells | *region)
            })
            .collect();
        let corners = geometry.category_mask(Category::Corner);
        let c_squares = geometry.category_mask(Category::CSquare);
        EndgameSolver {
            geometry,
            rules,
            region_of,
            regions,
            odd_cells,
            stability: Stability::new(shape),
            corners,
            corner_edges: corners
                .iter()
                .map(|corner| (corner, geometry.neighbors(corner) & c_squares))
                .collect(),
            table: SolverTable::new(TABLE_EMPTIES..=SOLVER_EMPTIES),
            #[cfg(target_arch = "x86_64")]
            last_flips: LastFlips::new(shape),
            #[cfg(target_arch = "x86_64")]
            copies: few_empties::Copies::of(geometry),
        }
    }

    /// The exact score (in the strong search's scale) of `position`, whose empty cells are
    /// `empties` (at most [`SOLVER_EMPTIES`]), searched within (`alpha`, `beta`) (fail-soft).
    pub fn score(
        &self,
        meter: &mut Meter,
        position: &Position<W>,
        empties: Bits<W>,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let window = (
            margin_at_most(alpha),
            -margin_at_most(beta.saturating_neg()),
        );
        score_of_margin(self.solve(meter, position, empties, self.parity(empties), window))
    }

    /// An upper bound on the exact score (in the strong search's scale) of `position`, which
    /// has `left` empty cells, from the discs the other side keeps for good, when it is at
    /// most `alpha`: the node fails low without a search. Looked for only where `alpha` is
    /// high enough for such a cut-off to be likely, as the solver does.
    pub fn score_ceiling(&self, position: &Position<W>, left: u32, alpha: i32) -> Option<i32> {
        self.margin_ceiling(position, left, margin_at_most(alpha))
            .map(score_of_margin)
    }

    /// The least upper bound the table knows on the score (in the strong search's scale) of
    /// `position`, which has `left` empty cells (at most [`SOLVER_EMPTIES`]).
    pub fn known_upper_bound(&self, position: &Position<W>, left: u32) -> Option<i32> {
        let (_, upper) = self.table.probe(position, left)?;
        Some(score_of_margin(upper))
    }

    /// Asks the memory for the table slot of `position`, which has `left` empty cells (at
    /// most [`SOLVER_EMPTIES`]), ahead of [`Self::known_upper_bound`].
    pub fn prefetch(&self, position: &Position<W>, left: u32) {
        self.table.prefetch(position, left);
    }

    /// A best line from `position` to the end of the game (passes left out), at most
    /// [`SOLVER_EMPTIES`] cells being empty: the position is solved once, then every ply takes
    /// the first move (in generation order) whose null-window test shows it keeps the value.
    pub fn line(&self, meter: &mut Meter, position: &Position<W>) -> Vec<usize> {
        let mut line = Vec::new();
        let mut position = *position;
        let empties = position.empties(self.geometry);
        let everything = (-i32::MAX, i32::MAX);
        let mut value = self.solve(meter, &position, empties, self.parity(empties), everything);
        loop {
            if position.must_pass(self.geometry) {
                position = position.pass();
                value = -value;
            }
            let empties = position.empties(self.geometry);
            let parity = self.parity(empties);
            let keeps_the_value = position.legal_moves(self.geometry).iter().find_map(|cell| {
                let child = position.play(self.geometry, cell).expect("a legal move");
                let mut rest = empties;
                rest.remove(cell);
                let parity = parity ^ 1 << self.region_of[cell];
                let window = (-value - 1, -value + 1);
                let score = -self.solve(meter, &child, rest, parity, window);
                (score == value).then_some((cell, child))
            });
            match keeps_the_value {
                Some((cell, child)) if !meter.stopped => {
                    line.push(cell);
                    position = child;
                    value = -value;
                }
                _ => return line,
            }
        }
    }

    /// Bit r set when region r holds an odd number of `empties`.
    fn parity(&self, empties: Bits<W>) -> u8 {
        self.regions
            .iter()
            .enumerate()
            .filter(|(_, region)| (empties & **region).count() % 2 == 1)
            .fold(0, |bits, (index, _)| bits | 1 << index)
    }

    /// The final margin under perfect play within the margin window (`alpha`, `beta`);
    /// `parity` has bit r set when region r holds an odd number of empties. A bound in the
    /// table that decides the window answers without a search.
    fn solve(
        &self,
        meter: &mut Meter,
        position: &Position<W>,
        empties: Bits<W>,
        parity: u8,
        (alpha, beta): (i32, i32),
    ) -> i32 {
        let left = empties.count();
        meter.visit(left);
        if meter.stopped {
            return 0;
        }
        match left {
            0 => return self.margin_now(position),
            1 => return self.last_move(meter, position, empties),
            _ if left as usize <= FEW_EMPTIES => {
                return self.few_empties(meter, position, empties, parity, (alpha, beta));
            }
            _ => {}
        }
        if let Some(margin) = self.decided_unsearched(position, left, (alpha, beta)) {
            return margin;
        }
        let best = self.solve_fastest_first(meter, position, empties, parity, (alpha, beta));
        if !meter.stopped {
            self.table.store(position, left, (alpha, beta), best);
        }
        best
    }

    /// The margin of `position` (with `left` empty cells) that a stability cut-off or a bound
    /// in the table gives without a search, when it decides the window (`alpha`, `beta`).
    #[inline(always)]
    fn decided_unsearched(
        &self,
        position: &Position<W>,
        left: u32,
        (alpha, beta): (i32, i32),
    ) -> Option<i32> {
        if left >= STABILITY_EMPTIES
            && let Some(ceiling) = self.margin_ceiling(position, left, alpha)
        {
            return Some(ceiling);
        }
        if left >= TABLE_EMPTIES
            && let Some((lower, upper)) = self.table.probe(position, left)
        {
            if lower >= beta {
                return Some(lower);
            }
            if upper <= alpha {
                return Some(upper);
            }
        }
        None
    }

    /// The score of the move to `cell` that gives `child`, `empties` and `parity` being the
    /// parent's: a principal-variation search within (`alpha`, `beta`), the full window for
    /// the `first` move.
    pub(super) fn move_score(
        &self,
        meter: &mut Meter,
        child: &Position<W>,
        cell: usize,
        (empties, parity): (Bits<W>, u8),
        first: bool,
        window: (i32, i32),
    ) -> i32 {
        let mut rest = empties;
        rest.remove(cell);
        let parity = parity ^ 1 << self.region_of[cell];
        principal_variation(first, window, |(low, high)| {
            -self.solve(meter, child, rest, parity, (-high, -low))
        })
    }

    /// The most the side to move can still win by, from the discs the other side keeps for
    /// good (its stable discs; under misère rules the mover's own), when that is at most
    /// `alpha`: the node fails low without a search. Looked for only when `alpha` reaches
    /// [`stability_threshold`] of the `left` empty cells.
    #[inline(always)]
    fn margin_ceiling(&self, position: &Position<W>, left: u32, alpha: i32) -> Option<i32> {
        if alpha < stability_threshold(left) {
            return None;
        }
        let against = match self.rules {
            Rules::Classic => position.opponent,
            Rules::Misere => position.mover,
        };
        let cells = self.geometry.shape().cells() as i32;
        // Even if every disc of theirs were stable the ceiling would be above alpha.
        if cells - 2 * against.count() as i32 > alpha {
            return None;
        }
        let stable = self
            .stability
            .stable(against, position.mover | position.opponent);
        let ceiling = cells - 2 * stable.count() as i32;
        (ceiling <= alpha).then_some(ceiling)
    }

    /// [`Self::solve`] when the side to move has no move: it passes (a node), and the game
    /// ends there when the opponent has none either.
    pub(super) fn pass_or_end(
        &self,
        meter: &mut Meter,
        position: &Position<W>,
        empties: Bits<W>,
        parity: u8,
        (alpha, beta): (i32, i32),
    ) -> i32 {
        let passed = position.pass();
        if passed.must_pass(self.geometry) {
            meter.visit(empties.count());
            return self.margin_now(position);
        }
        -self.solve(meter, &passed, empties, parity, (-beta, -alpha))
    }

    /// The final margin when one cell is empty: the mover plays it if it can, else it passes
    /// (a node) and the opponent plays it if it can, else the game ends with it empty.
    #[inline(always)]
    fn last_move(&self, meter: &mut Meter, position: &Position<W>, empties: Bits<W>) -> i32 {
        let cell = empties.lowest().expect("one empty cell");
        let (mine, theirs) = (position.mover.count(), position.opponent.count());
        let flipped = self.last_flips(position.mover, position.opponent, cell);
        if flipped > 0 {
            return final_margin(mine + flipped + 1, theirs - flipped, self.rules);
        }
        meter.visit(1);
        let flipped = self.last_flips(position.opponent, position.mover, cell);
        if flipped > 0 {
            return final_margin(mine - flipped, theirs + flipped + 1, self.rules);
        }
        final_margin(mine, theirs, self.rules)
    }

    /// The discs `mover` flips by playing `cell`, the last empty cell, against `opponent`.
    #[inline(always)]
    fn last_flips(&self, mover: Bits<W>, opponent: Bits<W>, cell: usize) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if let Some(counter) = &self.last_flips {
            // SAFETY: the counter exists only when the processor has BMI2.
            return unsafe { counter.count(mover.0[0], cell) };
        }
        self.geometry.flips(mover, opponent, cell).count()
    }

    /// The final margin of `position` if the game ended now.
    fn margin_now(&self, position: &Position<W>) -> i32 {
        final_margin(
            position.mover.count(),
            position.opponent.count(),
            self.rules,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Color;
    use std::sync::atomic::AtomicBool;

    /// The exact score of `position` by `solver` over the whole window, and its nodes.
    fn solved(solver: &EndgameSolver<1>, position: &Position<1>) -> (i32, u64) {
        let cancel = AtomicBool::new(false);
        let mut meter = Meter::new(20, &cancel, None, None);
        let empties = position.empties(solver.geometry);
        let score = solver.score(&mut meter, position, empties, -i32::MAX, i32::MAX);
        (score, meter.nodes())
    }

    #[test]
    fn a_high_alpha_fails_low_on_the_stable_discs_ceiling() {
        let geometry = Geometry::<1>::new("8x8".parse().unwrap());
        let solver = EndgameSolver::new(&geometry, Rules::Classic);
        // The opponent holds the whole first row (stable: 8 discs), the mover the next five,
        // 16 cells are empty: the mover can win by 64 - 2 * 8 = 48 discs at most.
        let position = Position {
            mover: Bits([0xFF_FFFF_FFFF << 8]),
            opponent: Bits([0xFF]),
            to_move: Color::Red,
        };
        let ceiling = score_of_margin(48);
        let left = 16;
        assert_eq!(
            solver.score_ceiling(&position, left, ceiling),
            Some(ceiling)
        );
        assert_eq!(
            solver.score_ceiling(&position, left, ceiling + 5),
            Some(ceiling)
        );
        assert_eq!(solver.score_ceiling(&position, left, ceiling - 1), None);
        // Below the threshold that makes a cut-off likely it is not looked for.
        let low = score_of_margin(stability_threshold(left) - 1);
        assert_eq!(solver.score_ceiling(&position, left, low), None);
    }

    #[test]
    fn passes_at_the_last_two_empties_are_nodes() {
        let geometry = Geometry::<1>::new("8x8".parse().unwrap());
        let solver = EndgameSolver::new(&geometry, Rules::Classic);
        // Cells 0 and 63 are empty, the mover's one disc is cell 1, the opponent has the rest:
        // the mover must pass, the opponent takes cell 0 (flipping cell 1), the mover, left
        // without discs, passes again, and no one can take cell 63.
        let position = Position {
            mover: Bits([1 << 1]),
            opponent: Bits([!(1 | 1 << 1 | 1 << 63)]),
            to_move: Color::Red,
        };
        let (score, nodes) = solved(&solver, &position);
        assert_eq!(score, score_of_margin(-63));
        // The root, the mover's pass, the opponent's move and the mover's second pass.
        assert_eq!(nodes, 4);
    }

    /// The solver's copies (portable, vector, AVX-512) that this processor runs agree on the
    /// exact scores of positions reached by random play down to 10 empty cells (other
    /// processors have only the portable code).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn every_copy_of_the_solver_gives_the_same_scores() {
        use few_empties::Copies;
        use rand::{RngExt, SeedableRng};
        let geometry = Geometry::<1>::new("8x8".parse().unwrap());
        let best = Copies::of(&geometry);
        let copies: Vec<Copies> = [Copies::Portable, Copies::Vector, Copies::VectorLzcnt]
            .into_iter()
            .take_while(|&copy| copy != best)
            .chain([best])
            .collect();
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(17);
        for game in 0..20 {
            let mut position = Position::start(&geometry);
            while position.empties(&geometry).count() > 10 {
                let moves: Vec<usize> = position.legal_moves(&geometry).iter().collect();
                position = match moves.len() {
                    0 => position.pass(),
                    count => position
                        .play(&geometry, moves[rng.random_range(0..count)])
                        .unwrap(),
                };
            }
            // A solver of its own for each copy: none may find the others' results in its table.
            let scores: Vec<(Copies, i32)> = copies
                .iter()
                .map(|&copy| {
                    let mut solver = EndgameSolver::new(&geometry, Rules::Classic);
                    solver.copies = copy;
                    (copy, solved(&solver, &position).0)
                })
                .collect();
            assert!(
                scores.iter().all(|&(_, score)| score == scores[0].1),
                "game {game}: {scores:?}"
            );
        }
    }

    #[test]
    fn margin_windows_keep_the_cut_offs_of_score_windows() {
        let scores = [
            -i32::MAX,
            -WIN - 64,
            -WIN - 1,
            -WIN,
            -WIN + 1,
            -5,
            -1,
            0,
            1,
            7,
            WIN - 1,
            WIN,
            WIN + 1,
            WIN + 64,
            i32::MAX,
        ];
        for bound in scores {
            let at_most = margin_at_most(bound);
            for margin in -64..=64 {
                assert_eq!(
                    score_of_margin(margin) <= bound,
                    margin <= at_most,
                    "bound {bound}, margin {margin}"
                );
            }
        }
    }
}
