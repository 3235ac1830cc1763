//! How deep the pattern evaluation searches the children of an exact node to order them, by
//! board.

use crate::shape::Shape;

/// How many plies deep the pattern evaluation searches each child of an exact node to order
/// it: none (the children's own evaluation) below `two_plies_from` empty cells, two plies
/// from there, four from `four_plies_from` (three ordered worse than two: α-β's odd plies end
/// on the other side to move).
#[derive(Clone, Copy, Debug)]
pub(super) struct OrderingSearchDepths {
    two_plies_from: u32,
    four_plies_from: u32,
}

impl OrderingSearchDepths {
    /// The depths for a board of `shape`: from 15 and 18 empty cells, and on the cubes from
    /// 6×6×6 up from 13 and 16.
    ///
    /// One worker, FFO #45–#49, two runs side by side, against 2,402 M nodes and
    /// 151.8 s with the children's evaluation everywhere (the ordering searches' nodes not yet
    /// counted): one ply from 12 1,798 M and 137.5 s; two plies from 14 on top 1,429 M and
    /// 135.0 s, from 12 1,355 M but 162.8 s, from 16 1,487 M, from 18 1,556 M; three plies from
    /// 20 on top of two from 14 1,755 M; four plies from 20 1,297 M, from 18 1,204 M (without
    /// the ordering margin). With the searches' own table and their nodes counted (FFO #40–#48,
    /// one worker, pairs side by side): one ply from 12 as above 1,120 M nodes and 106.9 s,
    /// against 1,137 M and 98.4 s without the evaluation at 11 empties; then one ply from 13
    /// only 1,079 M and 96.4 s; none, the evaluation at 12–13, 1,071 M and 84.6 s; the
    /// evaluation at 11–13 (this) 1,055 M and 97.3 s against 1,071 M and 94.9 s; no evaluation
    /// below 14 1,122 M. Four plies from 16 1,174 M, from 20 1,085 M; six from 21 1,109 M.
    /// With the pattern searches ordered and the pattern sum faster (session 29, one worker, FFO
    /// #40–#49 / #20–#39 / #50–#52): two plies from 14 1,030.5 M nodes and 55.1 s / 845.2 M and
    /// 90.6 s / 1,603.2 M and 89.1 s, **from 15 1,005.6 M and 49.9 s / 626.9 M and 75.7 s /
    /// 1,523.6 M and 84.2 s**, from 16 1,118.3 M and 52.2 s on #40–#49; four plies from 17
    /// (two from 14) 1,144.3 M, from 19 (two from 15) 1,023.4 M and 49.4 s.
    ///
    /// The endgame sets of tests/data, one worker (session 63, by the shipped files, beside a
    /// nice-19 run): 6×6×6 **13/16 139.0 M nodes** and 27.3 s against 151.6 M and 27.1–29.1 s
    /// with 15/18 (pairs in turn); 12/15 139.2 M, 14/17 150.5 M (session 56), 12/14 141.8 M,
    /// 15/15 154.1 M, six plies from 17 on top 140.1 M; 8×8×8 **13/16 328.9 M** against
    /// 359.7 M, 12/15 323.1 M but slower, 13/15 332.3 M, 14/17 349.3 M; 4×4×4 15/18 215.2 M
    /// against 231.2 M with 13/16 (and 289.0 M with 12/15, session 56). On the larger
    /// selection sets of docs/bench (session 66, side by side), 12/14 takes fewer nodes but
    /// more time: 8×8×8 217.4 M in 118.6 s against 269.7 M in 106.0 s, 6×6×6 235.0 M in
    /// 70.5 s against 246.7 M in 56.6 s.
    pub(super) fn for_shape(shape: Shape) -> Self {
        let (two_plies_from, four_plies_from) = if shape.is_3d() && shape.side() >= 6 {
            (13, 16)
        } else {
            (15, 18)
        };
        OrderingSearchDepths {
            two_plies_from,
            four_plies_from,
        }
    }

    /// The plies searched below a child of a node with `left` empty cells.
    pub(super) fn plies(self, left: u32) -> u32 {
        if left >= self.four_plies_from {
            4
        } else if left >= self.two_plies_from {
            2
        } else {
            0
        }
    }
}
