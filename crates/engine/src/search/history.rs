//! Move-ordering memory of one worker: the killer moves (the last two moves that caused a
//! cut-off at each ply) and the history (how much cut-off work each cell has saved anywhere).
//! Both only add to a move's ordering key; they never change a value.

/// The key bonus of a killer move: as much as one opponent reply fewer.
const KILLER_BONUS: i32 = 1000;

/// A cell's history counts 1/2^HISTORY_SHIFT of its cut-off credit into its key.
const HISTORY_SHIFT: u32 = 10;

/// The largest history bonus (well below the corner and X-square shifts of the ordering).
const HISTORY_CAP: u64 = 1 << 20;

/// No move.
const NONE: u16 = u16::MAX;

/// Killer moves per ply and the history per cell.
pub(super) struct MoveHistory {
    killers: Vec<[u16; 2]>,
    credit: Vec<u64>,
}

impl MoveHistory {
    /// Empty memory for a board of `cells` cells.
    pub fn new(cells: usize) -> Self {
        MoveHistory {
            killers: Vec::new(),
            credit: vec![0; cells],
        }
    }

    /// The ordering bonus of `cell` at `ply`.
    #[inline]
    pub fn bonus(&self, ply: usize, cell: usize) -> i32 {
        let killer = self
            .killers
            .get(ply)
            .is_some_and(|killers| killers.contains(&(cell as u16)));
        let history = (self.credit[cell] >> HISTORY_SHIFT).min(HISTORY_CAP) as i32;
        history + if killer { KILLER_BONUS } else { 0 }
    }

    /// Remembers that `cell` caused a cut-off at `ply` with `depth` plies left.
    #[inline]
    pub fn record_cutoff(&mut self, ply: usize, cell: usize, depth: u32) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [NONE; 2]);
        }
        let killers = &mut self.killers[ply];
        if killers[0] != cell as u16 {
            *killers = [cell as u16, killers[0]];
        }
        self.credit[cell] += u64::from(depth * depth);
    }

    /// Halves the history before a new depth, so recent cut-offs weigh most.
    pub fn age(&mut self) {
        for credit in &mut self.credit {
            *credit /= 2;
        }
    }
}
