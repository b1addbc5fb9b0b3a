//! [`Classic`]: the [`Probe`](super::probe::Probe)'s search for classic
//! 9x9 rules (rows, columns, 3x3 boxes, nothing else), every house of a
//! value checked in a few word operations.
//!
//! A board per value holds, as bits of one `u128`, the cells that may
//! still hold it and the cells where it is placed (a placed cell stays on
//! its value's board only). Cell (r, c) is bit `32·(r / 3) + 10·(r % 3) +
//! c`: a band of three rows to a 32-bit word, a row to a 10-bit lane whose
//! top bit stays clear. That layout lets one pass over a value's board
//! find every house where it has one cell left (a hidden single) or none
//! (a contradiction):
//!
//! - rows: the lanes counted with a guard bit each (`(b | guard) − 1`
//!   per lane borrows from no neighbour), so "one bit" is `x & (x − 1) =
//!   0` in all nine lanes at once;
//! - columns: the three rows of each band folded into "at least one" and
//!   "at least two" bits per column, then the three bands;
//! - boxes: the same per band, then three adjacent columns folded.
//!
//! The houses found are spread back over their cells with shifts, so the
//! cells of the hidden singles come out of the board with one `and`. A
//! value's board is looked at again only after it changed. Naked singles
//! are counted bit-sliced over the nine boards, as branching cells (two
//! candidates) are. A level is 160 bytes, copied at each branch.
//!
//! It answers exactly as the general probe does (the same question, the
//! same rules); only the cost differs: about a third of the instructions
//! a question.

use super::fill::Peers;

/// Cells of one value, or any set of cells, in the band layout.
type Board = u128;

/// The bit of cell (r, c).
const fn bit(r: usize, c: usize) -> Board {
    1 << (32 * (r / 3) + 10 * (r % 3) + c)
}

/// The lowest bit of each row's lane.
const LANE_LOW: Board = lanes(1);
/// The guard bit above each row's nine cells.
const GUARD: Board = LANE_LOW << 9;
/// Every cell.
#[cfg(test)]
const CELLS: Board = lanes(0x1FF);
/// The first row of each band, nine bits at the band's start.
const BAND_ROW: Board = 0x1FF | 0x1FF << 32 | 0x1FF << 64;
/// The first column of each box, in the first row of each band.
const BOX_FIRST: Board = 0b1_001_001 * (1 | 1 << 32 | 1 << 64);

/// `field` at the start of each of the nine row lanes.
const fn lanes(field: u128) -> Board {
    let mut all = 0;
    let mut r = 0;
    while r < 9 {
        all |= field << (32 * (r / 3) + 10 * (r % 3));
        r += 1;
    }
    all
}

/// The peers of each cell (its row, column and box, not itself).
static PEERS: [Board; 81] = peers();

const fn peers() -> [Board; 81] {
    let mut table = [0; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let mut other = 0;
        while other < 81 {
            let (r2, c2) = (other / 9, other % 9);
            let same_box = r / 3 == r2 / 3 && c / 3 == c2 / 3;
            if other != cell && (r == r2 || c == c2 || same_box) {
                table[cell] |= bit(r2, c2);
            }
            other += 1;
        }
        cell += 1;
    }
    table
}

/// The bit of each cell, by its index `9·r + c`.
static CELL_BITS: [Board; 81] = {
    let mut table = [0; 81];
    let mut cell = 0;
    while cell < 81 {
        table[cell] = bit(cell / 9, cell % 9);
        cell += 1;
    }
    table
};

/// The cell index of each bit of the layout (0 for the bits no cell has).
static CELL_AT: [u8; 128] = {
    let mut table = [0; 128];
    let mut cell = 0;
    while cell < 81 {
        table[(32 * (cell / 27) + 10 * (cell / 9 % 3) + cell % 9) as usize] = cell as u8;
        cell += 1;
    }
    table
};

/// The bit of a cell by its index `9·r + c`.
#[inline]
fn cell_bit(cell: usize) -> Board {
    CELL_BITS[cell]
}

/// The index of the cell of a one-bit board.
#[inline]
fn cell_of(one: Board) -> usize {
    usize::from(CELL_AT[one.trailing_zeros() as usize & 127])
}

/// One level of the search.
#[derive(Debug, Clone, Copy, Default)]
struct Level {
    /// Per value, the cells that may hold it or hold it.
    boards: [Board; 9],
    /// The cells not yet placed.
    open: Board,
}

/// A contradiction: some cell or house has no place for a value.
struct Dead;

impl Level {
    /// Places value `v` (from 0) in `cell`, known to be on `v`'s board
    /// only (a naked single): its peers leave `v`'s board.
    #[inline]
    fn place_single(&mut self, one: Board, cell: usize, v: usize) -> Result<(), Dead> {
        if self.boards[v] & one == 0 {
            // A peer placed earlier in the same pass took its last value.
            return Err(Dead);
        }
        self.boards[v] &= !PEERS[cell];
        self.open &= !one;
        Ok(())
    }

    /// Places value `v` in `cell`, which other boards may still hold;
    /// returns the values whose boards changed, a bit each.
    #[inline]
    fn place(&mut self, one: Board, cell: usize, v: usize) -> Result<u16, Dead> {
        if self.boards[v] & one == 0 {
            return Err(Dead);
        }
        let mut changed = 1 << v;
        for (u, board) in self.boards.iter_mut().enumerate() {
            if u != v && *board & one != 0 {
                *board &= !one;
                changed |= 1 << u;
            }
        }
        self.boards[v] &= !PEERS[cell];
        self.open &= !one;
        Ok(changed)
    }

    /// The open cells on one board (naked singles) and those on two
    /// (candidates to branch on); `Dead` if an open cell is on none.
    #[inline]
    fn counts(&self) -> Result<(Board, Board), Dead> {
        let (mut once, mut twice, mut thrice) = (0, 0, 0);
        for &b in &self.boards {
            thrice |= twice & b;
            twice |= once & b;
            once |= b;
        }
        if self.open & !once != 0 {
            return Err(Dead);
        }
        Ok((self.open & once & !twice, self.open & twice & !thrice))
    }

    /// Naked singles until none is left.
    fn naked(&mut self, dirty: &mut u16) -> Result<(), Dead> {
        loop {
            let (singles, _) = self.counts()?;
            if singles == 0 {
                return Ok(());
            }
            for v in 0..9 {
                let mut mine = singles & self.boards[v];
                if mine != 0 {
                    *dirty |= 1 << v;
                }
                while mine != 0 {
                    let one = mine & mine.wrapping_neg();
                    mine &= mine - 1;
                    self.place_single(one, cell_of(one), v)?;
                }
            }
        }
    }

    /// Naked and hidden singles until nothing more is forced; `dirty`:
    /// the values whose boards changed since their houses were last looked
    /// at.
    fn propagate(&mut self, mut dirty: u16) -> Result<(), Dead> {
        loop {
            self.naked(&mut dirty)?;
            if self.open == 0 {
                return Ok(());
            }
            let mut placed = false;
            while dirty != 0 {
                let v = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                let mut found = hidden(self.boards[v])? & self.open;
                while found != 0 {
                    let one = found & found.wrapping_neg();
                    found &= found - 1;
                    // `v`'s own board changes too: looked at again.
                    dirty |= self.place(one, cell_of(one), v)?;
                    placed = true;
                }
                if placed {
                    break;
                }
            }
            if !placed {
                return Ok(());
            }
        }
    }

    /// The values `cell` may take, a bit each.
    fn candidates(&self, one: Board) -> u16 {
        (0..9).fold(0, |m, v| m | u16::from(self.boards[v] & one != 0) << v)
    }

    /// The open cell to branch on: the first of two candidates, else one
    /// of the fewest. `None` when every cell is placed.
    fn branch_cell(&self) -> Option<Board> {
        if self.open == 0 {
            return None;
        }
        if let Ok((_, pairs)) = self.counts()
            && pairs != 0
        {
            return Some(pairs & pairs.wrapping_neg());
        }
        let mut rest = self.open;
        let mut best = (0, u32::MAX);
        while rest != 0 {
            let one = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let count = self.candidates(one).count_ones();
            if count < best.1 {
                best = (one, count);
            }
        }
        Some(best.0)
    }
}

/// The cells of `board` alone in a house (a row, a column or a box);
/// `Dead` if a house has none.
#[inline]
fn hidden(b: Board) -> Result<Board, Dead> {
    // Rows: lanes of nine bits under a guard bit.
    let less = (b | GUARD) - LANE_LOW;
    if less & GUARD != GUARD {
        return Err(Dead);
    }
    let rest = b & less; // each lane with its lowest bit cleared
    let many = ((rest | GUARD) - LANE_LOW) & GUARD;
    let one_row = GUARD & !many;
    let rows = one_row - (one_row >> 9);
    // Columns and boxes: per band, each column's rows folded.
    let (r0, r1, r2) = (b & BAND_ROW, (b >> 10) & BAND_ROW, (b >> 20) & BAND_ROW);
    let once = r0 | r1 | r2;
    let twice = (r0 & r1) | (r2 & (r0 | r1));
    let band = |x: Board, k: u32| (x >> (32 * k)) as u32 & 0x1FF;
    let (o0, o1, o2) = (band(once, 0), band(once, 1), band(once, 2));
    let col_once = o0 | o1 | o2;
    let col_twice = band(twice, 0) | band(twice, 1) | band(twice, 2) | (o0 & o1) | (o2 & (o0 | o1));
    if col_once != 0x1FF {
        return Err(Dead);
    }
    let mut cols = Board::from(col_once & !col_twice);
    cols |= cols << 10 | cols << 20;
    cols |= cols << 32 | cols << 64;
    // Boxes: three adjacent columns of a band folded, at each box's first.
    let (o1, o2) = (once >> 1, once >> 2);
    let box_once = (once | o1 | o2) & BOX_FIRST;
    if box_once != BOX_FIRST {
        return Err(Dead);
    }
    let box_twice = twice | (twice >> 1) | (twice >> 2) | (once & o1) | (o2 & (once | o1));
    let mut boxes = box_once & !box_twice;
    boxes |= boxes << 1 | boxes << 2;
    boxes |= boxes << 10 | boxes << 20;
    Ok(b & (rows | cols | boxes))
}

/// Whether `peers` are the classic 9x9 rules: every cell's peers its
/// row, column and box, and the houses the 27 rows, columns and boxes.
pub(super) fn fits(peers: &Peers) -> bool {
    let board = |cells: &[u16]| cells.iter().fold(0, |m, &c| m | cell_bit(usize::from(c)));
    if peers.n != 9 || peers.peers.len() != 81 || peers.houses.len() != 27 {
        return false;
    }
    let same_peers =
        peers.peers.iter().zip(&PEERS).all(|(list, &b)| list.len() == 20 && board(list) == b);
    let mut houses: Vec<Board> = peers.houses.iter().map(|h| board(h)).collect();
    houses.sort_unstable();
    houses.dedup();
    let mut classic: Vec<Board> = (0..9)
        .flat_map(|i| {
            let row = (0..9).fold(0, |m, c| m | bit(i, c));
            let col = (0..9).fold(0, |m, r| m | bit(r, i));
            let bx = (0..9).fold(0, |m, k| m | bit(i / 3 * 3 + k / 3, i % 3 * 3 + k % 3));
            [row, col, bx]
        })
        .collect();
    classic.sort_unstable();
    same_peers && houses == classic
}

/// The search for classic 9x9 rules: level 0 the loaded puzzle, the
/// levels below it the branches.
#[derive(Debug, Clone, Default)]
pub(super) struct Classic {
    levels: Vec<Level>,
    /// The branch of each level: the cell and the values not yet tried.
    branches: Vec<(Board, u16)>,
}

impl Classic {
    /// Loads a puzzle (81 cells, 0 for a blank) that keeps the rules as
    /// level 0: its clues placed, nothing propagated.
    pub(super) fn load(&mut self, puzzle: &[u8]) {
        let mut level = Level::default();
        let mut seen = [0; 9];
        for (cell, &v) in puzzle.iter().enumerate() {
            let one = cell_bit(cell);
            match v {
                0 => level.open |= one,
                v => {
                    let v = usize::from(v) - 1;
                    level.boards[v] |= one;
                    seen[v] |= PEERS[cell];
                }
            }
        }
        for (board, seen) in level.boards.iter_mut().zip(seen) {
            *board |= level.open & !seen;
        }
        self.levels.clear();
        self.levels.push(level);
    }

    /// Whether the loaded puzzle has a solution in which `cell` (blank)
    /// holds another value than `own`; `None` when the search took more
    /// than `budget` branches before the answer was known.
    pub(super) fn other_than(&mut self, cell: usize, own: u8, budget: u64) -> Option<bool> {
        self.levels.truncate(1);
        let mut level = self.levels[0];
        let v = usize::from(own) - 1;
        level.boards[v] &= !cell_bit(cell);
        self.search(level, budget)
    }

    /// Searches from `start` for a solution.
    fn search(&mut self, start: Level, budget: u64) -> Option<bool> {
        self.branches.clear();
        self.levels.push(start);
        let mut nodes = 0u64;
        let mut alive = self.levels[1].propagate(0x1FF).is_ok();
        loop {
            if alive {
                let level = self.levels.last().expect("a level");
                let Some(one) = level.branch_cell() else {
                    return Some(true);
                };
                self.branches.push((one, level.candidates(one)));
            } else {
                self.levels.pop();
            }
            // The next value of the deepest branch with one left.
            loop {
                let Some(&(one, left)) = self.branches.last() else {
                    return Some(false);
                };
                if left == 0 {
                    self.branches.pop();
                    self.levels.pop();
                    continue;
                }
                nodes += 1;
                if nodes > budget {
                    return None;
                }
                let depth = self.branches.len();
                self.branches[depth - 1].1 = left & (left - 1);
                let v = left.trailing_zeros() as usize;
                let mut level = self.levels[depth];
                alive = match level.place(one, cell_of(one), v) {
                    Ok(changed) => level.propagate(changed).is_ok(),
                    Err(Dead) => false,
                };
                self.levels.push(level);
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_names_every_cell_once() {
        let mut all = 0;
        for (cell, peers) in PEERS.iter().enumerate() {
            let one = cell_bit(cell);
            assert_eq!(all & one, 0);
            assert_eq!(cell_of(one), cell);
            assert_eq!(peers.count_ones(), 20);
            assert_eq!(peers & one, 0);
            all |= one;
        }
        assert_eq!(all, CELLS);
        assert_eq!(CELLS & GUARD, 0);
    }

    #[test]
    fn hidden_singles_are_found_in_every_kind_of_house() {
        // A value alone in row 4 (cell 4,7), and with one cell left in
        // column 2 (cell 8,2) and in box 2 (cell 1,8), elsewhere free.
        let row4 = (0..9).filter(|&c| c != 7).fold(0, |m, c| m | bit(4, c));
        let mut b = CELLS & !row4;
        let col2 = (0..8).fold(0, |m, r| m | bit(r, 2));
        b &= !col2;
        let box2 = [(0, 6), (0, 7), (0, 8), (1, 6), (1, 7), (2, 6), (2, 7), (2, 8)];
        b &= !box2.iter().fold(0, |m, &(r, c)| m | bit(r, c));
        let found = hidden(b).ok().expect("no house empty");
        assert_eq!(found, bit(4, 7) | bit(8, 2) | bit(1, 8));
        assert!(hidden(b & !bit(4, 7)).is_err());
        assert!(hidden(b & !bit(8, 2)).is_err());
        assert!(hidden(b & !bit(1, 8)).is_err());
    }
}

#[cfg(test)]
mod against_general {
    use proptest::prelude::*;

    use super::super::probe::General;
    use super::*;
    use crate::generate::Generator;
    use crate::generate::rng::Rng;
    use crate::{Rules, Shape, Variant};

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// On random puzzles cut from generated grids (from nearly full to
        /// nearly empty), every question gets the general probe's answer
        /// (which the engine's is, by the probe's own tests).
        #[test]
        fn the_classic_probe_answers_as_the_general_one(
            seed in any::<u64>(),
            percent in 15usize..90,
        ) {
            let solution = Generator::new(Rules::classic()).unwrap().generate(seed, 0).unwrap().solution;
            let mut rng = Rng::new(seed);
            let mut puzzle = solution.clone();
            for v in puzzle.cells_mut() {
                if rng.below(100) >= percent {
                    *v = 0;
                }
            }
            let peers = Peers::new(&Rules::classic()).unwrap();
            let mut general = General::new(&peers);
            let mut classic = Classic::default();
            general.load(puzzle.cells());
            classic.load(puzzle.cells());
            for cell in (0..81).filter(|&c| puzzle.cells()[c] == 0) {
                let own = solution.cells()[cell];
                let expected = general.other_than(cell, own, u64::MAX);
                prop_assert!(expected.is_some());
                prop_assert_eq!(classic.other_than(cell, own, u64::MAX), expected, "{}", puzzle);
            }
        }
    }

    #[test]
    fn only_classic_rules_fit() {
        let fits_rules = |rules: Rules| fits(&Peers::new(&rules).unwrap());
        assert!(fits_rules(Rules::classic()));
        assert!(!fits_rules(Rules::classic().with_variant(Variant::AntiKnight)));
        assert!(!fits_rules(Rules::classic().with_variant(Variant::Hyper)));
        assert!(!fits_rules(Rules::new(Shape::new(3, 2).unwrap())));
        assert!(!fits_rules(Rules::new(Shape::new(4, 4).unwrap())));
        let regions = super::super::jigsaw::random_regions(Shape::CLASSIC, &mut Rng::new(1));
        assert!(!fits_rules(Rules::classic().with_regions(regions)));
    }
}
