//! A deliberately naive Reversi implementation for cross-checking the engine: a vector of
//! cells, coordinate loops over every direction, nothing precomputed. It shares nothing with
//! the engine but the documented cell order (x·N² + y·N + z; x·N + y in 2D).

/// Cell contents.
pub const EMPTY: u8 = 0;
/// Red's discs (Red moves first).
pub const RED: u8 = 1;
/// Green's discs.
pub const GREEN: u8 = 2;

/// A board and the side to move.
#[derive(Clone, Debug)]
pub struct Naive {
    pub dims: usize,
    pub n: usize,
    pub cells: Vec<u8>,
    pub to_move: u8,
}

impl Naive {
    /// The start position: the central 2×2 (Green on the main diagonal) or 2×2×2 block (Red
    /// where x + y + z is even); Red to move.
    pub fn start(dims: usize, n: usize) -> Naive {
        let mut board = Naive {
            dims,
            n,
            cells: vec![EMPTY; n.pow(dims as u32)],
            to_move: RED,
        };
        let m = n / 2 - 1;
        for x in m..m + 2 {
            for y in m..m + 2 {
                if dims == 2 {
                    let color = if x == y { GREEN } else { RED };
                    board.set(x as i64, y as i64, 0, color);
                } else {
                    for z in m..m + 2 {
                        let color = if (x + y + z) % 2 == 0 { RED } else { GREEN };
                        board.set(x as i64, y as i64, z as i64, color);
                    }
                }
            }
        }
        board
    }

    fn inside(&self, x: i64, y: i64, z: i64) -> bool {
        let n = self.n as i64;
        let z_ok = if self.dims == 2 {
            z == 0
        } else {
            (0..n).contains(&z)
        };
        (0..n).contains(&x) && (0..n).contains(&y) && z_ok
    }

    fn index(&self, x: i64, y: i64, z: i64) -> usize {
        let n = self.n as i64;
        (if self.dims == 2 {
            x * n + y
        } else {
            x * n * n + y * n + z
        }) as usize
    }

    fn get(&self, x: i64, y: i64, z: i64) -> u8 {
        self.cells[self.index(x, y, z)]
    }

    fn set(&mut self, x: i64, y: i64, z: i64, color: u8) {
        let index = self.index(x, y, z);
        self.cells[index] = color;
    }

    fn coords(&self, index: usize) -> (i64, i64, i64) {
        let n = self.n;
        if self.dims == 2 {
            ((index / n) as i64, (index % n) as i64, 0)
        } else {
            (
                (index / (n * n)) as i64,
                (index / n % n) as i64,
                (index % n) as i64,
            )
        }
    }

    fn directions(&self) -> Vec<(i64, i64, i64)> {
        let mut directions = Vec::new();
        for dx in -1..=1 {
            for dy in -1..=1 {
                for dz in -1..=1 {
                    if (dx, dy, dz) != (0, 0, 0) && (self.dims == 3 || dz == 0) {
                        directions.push((dx, dy, dz));
                    }
                }
            }
        }
        directions
    }

    /// The discs that flip if the side to move plays at `index`, sorted.
    pub fn flips(&self, index: usize) -> Vec<usize> {
        if self.cells[index] != EMPTY {
            return Vec::new();
        }
        let opponent = 3 - self.to_move;
        let (x, y, z) = self.coords(index);
        let mut flips = Vec::new();
        for (dx, dy, dz) in self.directions() {
            let mut line = Vec::new();
            let (mut cx, mut cy, mut cz) = (x + dx, y + dy, z + dz);
            while self.inside(cx, cy, cz) && self.get(cx, cy, cz) == opponent {
                line.push(self.index(cx, cy, cz));
                cx += dx;
                cy += dy;
                cz += dz;
            }
            if !line.is_empty() && self.inside(cx, cy, cz) && self.get(cx, cy, cz) == self.to_move {
                flips.extend(line);
            }
        }
        flips.sort();
        flips
    }

    /// Whether the side to move may play at `index`: some direction holds a run of opponent
    /// discs closed by one of its own.
    pub fn is_legal(&self, index: usize) -> bool {
        if self.cells[index] != EMPTY {
            return false;
        }
        let opponent = 3 - self.to_move;
        let (x, y, z) = self.coords(index);
        self.directions().into_iter().any(|(dx, dy, dz)| {
            let (mut cx, mut cy, mut cz) = (x + dx, y + dy, z + dz);
            let mut run = 0;
            while self.inside(cx, cy, cz) && self.get(cx, cy, cz) == opponent {
                run += 1;
                cx += dx;
                cy += dy;
                cz += dz;
            }
            run > 0 && self.inside(cx, cy, cz) && self.get(cx, cy, cz) == self.to_move
        })
    }

    /// Every legal move of the side to move, in increasing index order.
    pub fn legal_moves(&self) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&index| self.is_legal(index))
            .collect()
    }

    /// Plays a legal move.
    pub fn play(&mut self, index: usize) {
        let flips = self.flips(index);
        assert!(!flips.is_empty(), "illegal move {index}");
        for cell in flips {
            self.cells[cell] = self.to_move;
        }
        self.cells[index] = self.to_move;
        self.to_move = 3 - self.to_move;
    }

    /// Passes the turn.
    pub fn pass(&mut self) {
        self.to_move = 3 - self.to_move;
    }

    /// Whether neither side can move.
    pub fn game_over(&self) -> bool {
        let mut other = self.clone();
        other.pass();
        self.legal_moves().is_empty() && other.legal_moves().is_empty()
    }

    /// (Red discs, Green discs).
    pub fn counts(&self) -> (usize, usize) {
        let red = self.cells.iter().filter(|&&c| c == RED).count();
        let green = self.cells.iter().filter(|&&c| c == GREEN).count();
        (red, green)
    }

    /// The winner (RED, GREEN) or EMPTY for a draw; `misere` means fewer discs win.
    pub fn winner(&self, misere: bool) -> u8 {
        let (red, green) = self.counts();
        let (red, green) = if misere { (green, red) } else { (red, green) };
        match red.cmp(&green) {
            std::cmp::Ordering::Greater => RED,
            std::cmp::Ordering::Less => GREEN,
            std::cmp::Ordering::Equal => EMPTY,
        }
    }

    /// Perfect play's final disc margin for the side to move (empty cells left at the end
    /// count for nobody), by trying every line.
    pub fn solve(&self) -> i32 {
        let moves = self.legal_moves();
        if moves.is_empty() {
            let mut passed = self.clone();
            passed.pass();
            if passed.legal_moves().is_empty() {
                let (red, green) = self.counts();
                let margin = red as i32 - green as i32;
                return if self.to_move == RED { margin } else { -margin };
            }
            return -passed.solve();
        }
        moves
            .into_iter()
            .map(|cell| {
                let mut child = self.clone();
                child.play(cell);
                -child.solve()
            })
            .max()
            .unwrap()
    }

    /// Naive perft with the same conventions as the engine: a pass is a move, a finished
    /// game is a leaf.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if moves.is_empty() {
            let mut passed = self.clone();
            passed.pass();
            return if passed.legal_moves().is_empty() {
                1
            } else {
                passed.perft(depth - 1)
            };
        }
        moves
            .into_iter()
            .map(|index| {
                let mut child = self.clone();
                child.play(index);
                child.perft(depth - 1)
            })
            .sum()
    }
}

/// Every supported shape, as (dimensions, side).
pub fn all_shapes() -> Vec<(usize, usize)> {
    let squares = (4..=16).step_by(2).map(|n| (2, n));
    let cubes = (4..=10).step_by(2).map(|n| (3, n));
    squares.chain(cubes).collect()
}

/// The seed evaluation for the player `me` (RED or GREEN), computed the slow way: count moves
/// by trying every cell, count discs per category cell by cell. `category` gives the square
/// category index 0..8 of a cell (7 = none, which has no weight).
pub fn naive_evaluation(
    board: &Naive,
    me: u8,
    weights: &[i32; 9],
    category: &dyn Fn(usize) -> usize,
) -> i64 {
    let mut as_me = board.clone();
    as_me.to_move = me;
    let mut as_them = board.clone();
    as_them.to_move = 3 - me;
    let mut score = 0i64;
    if weights[0] != 0 {
        let mobility = as_me.legal_moves().len() as i64 - as_them.legal_moves().len() as i64;
        score += i64::from(weights[0]) * mobility;
    }
    for (cell, &owner) in board.cells.iter().enumerate() {
        let sign = if owner == me {
            1
        } else if owner == 3 - me {
            -1
        } else {
            0
        };
        let class = category(cell);
        let category_weight = if class < 7 {
            i64::from(weights[2 + class])
        } else {
            0
        };
        score += sign * (i64::from(weights[1]) + category_weight);
    }
    score
}

/// Plain minimax for `root` (RED or GREEN) without pruning: a pass uses a ply, two passes in
/// a row end the game, which is then evaluated like a leaf.
pub fn naive_minimax(
    board: &Naive,
    depth: u32,
    root: u8,
    after_pass: bool,
    evaluate: &dyn Fn(&Naive) -> i64,
) -> i64 {
    if depth == 0 {
        return evaluate(board);
    }
    let moves = board.legal_moves();
    if moves.is_empty() {
        if after_pass {
            return evaluate(board);
        }
        let mut passed = board.clone();
        passed.pass();
        return naive_minimax(&passed, depth - 1, root, true, evaluate);
    }
    let values = moves.into_iter().map(|cell| {
        let mut child = board.clone();
        child.play(cell);
        naive_minimax(&child, depth - 1, root, false, evaluate)
    });
    if board.to_move == root {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// The tasks of the seed's root split for the root move that led to `child` in a search of
/// `depth` ≥ 2 plies: each reply's position at depth − 2; when the opponent has no reply, the
/// position after the forced pass at depth − 1 with the pass remembered (that pass costs no
/// ply). Each task is (position, depth, after a pass).
fn naive_root_tasks(child: &Naive, depth: u32) -> Vec<(Naive, u32, bool)> {
    let replies = child.legal_moves();
    if replies.is_empty() {
        let mut passed = child.clone();
        passed.pass();
        return vec![(passed, depth - 1, true)];
    }
    replies
        .into_iter()
        .map(|reply| {
            let mut next = child.clone();
            next.play(reply);
            (next, depth - 2, false)
        })
        .collect()
}

/// The classic search's value for `root` of the root move that led to `child`, searched
/// `depth` plies deep: the leaf itself at depth 1, else the minimum over the root split's
/// tasks (DESIGN §3), each searched by plain minimax.
pub fn naive_root_move_value(
    child: &Naive,
    depth: u32,
    root: u8,
    evaluate: &dyn Fn(&Naive) -> i64,
) -> i64 {
    if depth == 1 {
        return evaluate(child);
    }
    naive_root_tasks(child, depth)
        .iter()
        .map(|(task, task_depth, after_pass)| {
            naive_minimax(task, *task_depth, root, *after_pass, evaluate)
        })
        .min()
        .expect("a root move has at least one task")
}

/// The nodes of the classic search without pruning from `board` searched `depth` ≥ 1 plies
/// deep, per remaining depth (index 0: the leaves): the root, each root move, and every node of
/// the root split's tasks, a pass being a node of its own inside them.
pub fn naive_full_tree_levels(board: &Naive, depth: u32) -> Vec<u64> {
    fn visit(board: &Naive, depth: u32, after_pass: bool, levels: &mut [u64]) {
        levels[depth as usize] += 1;
        if depth == 0 {
            return;
        }
        let moves = board.legal_moves();
        if moves.is_empty() {
            if !after_pass {
                let mut passed = board.clone();
                passed.pass();
                visit(&passed, depth - 1, true, levels);
            }
            return;
        }
        for cell in moves {
            let mut child = board.clone();
            child.play(cell);
            visit(&child, depth - 1, false, levels);
        }
    }
    let mut levels = vec![0; depth as usize + 1];
    levels[depth as usize] = 1;
    for cell in board.legal_moves() {
        levels[depth as usize - 1] += 1;
        if depth == 1 {
            continue;
        }
        let mut child = board.clone();
        child.play(cell);
        for (task, task_depth, after_pass) in naive_root_tasks(&child, depth) {
            visit(&task, task_depth, after_pass, &mut levels);
        }
    }
    levels
}
