//! [`Probe`]: the dig's question, whether a puzzle has a solution besides
//! the one known, answered by a small search on bitboards.
//!
//! The state is a bitboard per value (the cells that may still hold it, a
//! bit a cell, in `u64` words) and the board of the cells placed. Placing
//! value `v` in a cell takes the cell from every other value's board and
//! the cell's peers (its houses, and its exclusions: anti-king,
//! anti-knight) from `v`'s board: a few word operations. Then, until
//! nothing more is forced: a cell left on one board is placed (naked
//! single; the boards are counted bit-sliced, a word of cells at a time),
//! else a value left one cell in a house is placed there (hidden single);
//! a cell on no board, or a house where a value has no cell left, is a
//! contradiction. When nothing is forced the search branches on a cell of
//! two candidates if there is one (else the first cell open), a copy of
//! the boards a level down. This works for any rules and side (4 to 64):
//! houses and exclusions are only masks of cells.
//!
//! The puzzle is loaded once ([`Probe::load`]); each question starts from
//! it with one candidate taken out ([`Probe::other_than`]): a solution in
//! which the cell does not hold its value in the known solution. That is
//! one search per blanked cell where the exact-cover engine took one per
//! other value, each from a new start.
//!
//! Under classic 9x9 rules the same search runs on [`Classic`]'s boards,
//! written for that grid alone (see `generate/classic.rs`): the same
//! answers for about a third of the instructions.

use super::classic::{self, Classic};
use super::fill::Peers;

/// The dig's search, under any rules: [`Classic`] for classic 9x9 rules
/// (the same answers, a third of the instructions), [`General`] for the
/// rest.
#[derive(Debug, Clone)]
pub(super) enum Probe {
    /// Classic 9x9 rules.
    Classic(Classic),
    /// Any other rules.
    General(Box<General>),
}

impl Probe {
    /// A probe for the rules of `peers`.
    pub(super) fn new(peers: &Peers) -> Probe {
        match classic::fits(peers) {
            true => Probe::Classic(Classic::default()),
            false => Probe::General(Box::new(General::new(peers))),
        }
    }

    /// Loads a puzzle (0 for a blank cell) that keeps the rules.
    pub(super) fn load(&mut self, puzzle: &[u8]) {
        match self {
            Probe::Classic(probe) => probe.load(puzzle),
            Probe::General(probe) => probe.load(puzzle),
        }
    }

    /// Whether the loaded puzzle has a solution in which `cell` (blank)
    /// holds another value than `own`; `None` when the search took more
    /// than `budget` branches before the answer was known.
    pub(super) fn other_than(&mut self, cell: usize, own: u8, budget: u64) -> Option<bool> {
        match self {
            Probe::Classic(probe) => probe.other_than(cell, own, budget),
            Probe::General(probe) => probe.other_than(cell, own, budget),
        }
    }
}

/// The search's state and tables for any rules, reused from one question
/// to the next.
#[derive(Debug, Clone)]
pub(super) struct General {
    /// The side: the number of values.
    n: usize,
    /// Words a board.
    words: usize,
    /// The peers of each cell, `words` words a cell.
    peers: Vec<u64>,
    /// The cells of each house, `words` words a house.
    houses: Vec<u64>,
    /// The words each house has cells in, as a range.
    house_words: Vec<(usize, usize)>,
    /// The houses of each cell, end to end: those of cell `c` are
    /// `houses_of[house_at[c]..house_at[c + 1]]`.
    houses_of: Vec<u16>,
    house_at: Vec<u32>,
    /// Every value's bit.
    all: u64,
    /// The words of one level: `(n + 1) * words` and one a house.
    frame: usize,
    /// Every cell.
    grid: Vec<u64>,
    /// The levels of the search, [`frame`](Self::frame) words each: the
    /// board of each value, the board of the cells placed, then the values
    /// placed in each house (a bit each). Level 0 is the loaded puzzle.
    levels: Vec<u64>,
    /// The branch of each level: the cell, and the values not yet tried.
    branches: Vec<(usize, u64)>,
}

/// A contradiction: some cell or house value has no place left.
struct Dead;

impl General {
    /// A probe for the rules of `peers`.
    pub(super) fn new(peers: &Peers) -> General {
        let n = peers.n;
        let cells = n * n;
        let words = cells.div_ceil(64);
        let set = |board: &mut [u64], cell: usize| board[cell / 64] |= 1 << (cell % 64);
        let mut peer_bits = vec![0; cells * words];
        for (cell, list) in peers.peers.iter().enumerate() {
            for &p in list {
                set(&mut peer_bits[cell * words..(cell + 1) * words], usize::from(p));
            }
        }
        let mut houses = vec![0; peers.houses.len() * words];
        let mut house_words = Vec::with_capacity(peers.houses.len());
        for (h, house) in peers.houses.iter().enumerate() {
            let board = &mut houses[h * words..(h + 1) * words];
            for &c in house {
                set(board, usize::from(c));
            }
            let first = board.iter().position(|&w| w != 0).unwrap_or(0);
            let last = board.iter().rposition(|&w| w != 0).unwrap_or(0);
            house_words.push((first, last + 1));
        }
        let mut grid = vec![0; words];
        for cell in 0..cells {
            set(&mut grid, cell);
        }
        let mut houses_of = Vec::new();
        let mut house_at = vec![0];
        for cell in 0..cells {
            let of = peers.houses.iter().enumerate().filter(|(_, h)| h.contains(&(cell as u16)));
            houses_of.extend(of.map(|(h, _)| h as u16));
            house_at.push(houses_of.len() as u32);
        }
        let frame = (n + 1) * words + peers.houses.len();
        General {
            n,
            words,
            peers: peer_bits,
            houses,
            house_words,
            houses_of,
            house_at,
            all: if n == 64 { u64::MAX } else { (1 << n) - 1 },
            frame,
            grid,
            levels: vec![0; 2 * frame],
            branches: Vec::new(),
        }
    }

    /// The words of one level.
    fn frame(&self) -> usize {
        self.frame
    }

    /// Loads a puzzle (0 for a blank cell) that keeps the rules as level
    /// 0: its clues placed, nothing propagated.
    pub(super) fn load(&mut self, puzzle: &[u8]) {
        let (n, words) = (self.n, self.words);
        let frame = self.frame();
        let level = &mut self.levels[..frame];
        for v in 0..n {
            level[v * words..(v + 1) * words].copy_from_slice(&self.grid);
        }
        level[n * words..].fill(0);
        for (cell, &v) in puzzle.iter().enumerate() {
            if v != 0 {
                self.place(0, cell, usize::from(v) - 1);
            }
        }
    }

    /// Whether the loaded puzzle has a solution in which `cell` (blank)
    /// holds another value than `own`; `None` when the search took more
    /// than `budget` branches before the answer was known.
    pub(super) fn other_than(&mut self, cell: usize, own: u8, budget: u64) -> Option<bool> {
        let frame = self.frame();
        self.levels.copy_within(..frame, frame);
        let words = self.words;
        self.levels[frame + (usize::from(own) - 1) * words + cell / 64] &= !(1 << (cell % 64));
        self.search(budget)
    }

    /// Searches from level 1 for a solution.
    fn search(&mut self, budget: u64) -> Option<bool> {
        self.branches.clear();
        let mut nodes = 0u64;
        let mut alive = self.propagate(1).is_ok();
        loop {
            let depth = self.branches.len();
            if alive {
                let level = depth + 1;
                let Some(cell) = self.branch_cell(level) else {
                    return Some(true);
                };
                let options = self.candidates(level, cell);
                self.branches.push((cell, options));
            } else if depth == 0 {
                return Some(false);
            }
            // Take the next value of the deepest branch with one left.
            loop {
                let Some(&(cell, left)) = self.branches.last() else {
                    return Some(false);
                };
                if left == 0 {
                    self.branches.pop();
                    continue;
                }
                nodes += 1;
                if nodes > budget {
                    return None;
                }
                let depth = self.branches.len();
                let value = left.trailing_zeros() as usize;
                self.branches[depth - 1].1 = left & (left - 1);
                // The branch of depth `d` is taken at level `d`, into the
                // level below.
                let frame = self.frame();
                let (from, to) = (depth * frame, (depth + 1) * frame);
                if self.levels.len() < to + frame {
                    self.levels.resize(to + frame, 0);
                }
                self.levels.copy_within(from..to, to);
                self.place(depth + 1, cell, value);
                alive = self.propagate(depth + 1).is_ok();
                break;
            }
        }
    }

    /// The values `cell` may still take at `level`, a bit each.
    fn candidates(&self, level: usize, cell: usize) -> u64 {
        let frame = self.frame();
        let boards = &self.levels[level * frame..(level + 1) * frame];
        let (word, bit) = (cell / 64, cell % 64);
        (0..self.n).fold(0, |m, v| m | (boards[v * self.words + word] >> bit & 1) << v)
    }

    /// The cell to branch on at `level`: the first of two candidates, else
    /// one of the fewest; `None` when every cell is placed (a solution).
    fn branch_cell(&self, level: usize) -> Option<usize> {
        let (n, words) = (self.n, self.words);
        let frame = self.frame();
        let boards = &self.levels[level * frame..(level + 1) * frame];
        let placed = &boards[n * words..];
        let mut open = false;
        for w in 0..words {
            let (mut once, mut twice, mut thrice) = (0u64, 0u64, 0u64);
            for v in 0..n {
                let b = boards[v * words + w];
                thrice |= twice & b;
                twice |= once & b;
                once |= b;
            }
            let pairs = twice & !thrice & !placed[w];
            if pairs != 0 {
                return Some(w * 64 + pairs.trailing_zeros() as usize);
            }
            open |= self.grid[w] & !placed[w] != 0;
        }
        if !open {
            return None;
        }
        let mut best = (0, u32::MAX);
        for w in 0..words {
            let mut rest = self.grid[w] & !placed[w];
            while rest != 0 {
                let cell = w * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let count =
                    (0..n).filter(|&v| boards[v * words + w] >> (cell % 64) & 1 != 0).count();
                if (count as u32) < best.1 {
                    best = (cell, count as u32);
                }
            }
        }
        Some(best.0)
    }

    /// Naked and hidden singles on `level` until nothing more is forced.
    fn propagate(&mut self, level: usize) -> Result<(), Dead> {
        let (n, words) = (self.n, self.words);
        let base = level * self.frame();
        let done_at = base + (n + 1) * words;
        loop {
            // Naked singles: the open cells on exactly one board.
            let mut placed_any = false;
            for w in 0..words {
                let boards = &self.levels[base..done_at];
                let (mut once, mut twice) = (0u64, 0u64);
                for v in 0..n {
                    let b = boards[v * words + w];
                    twice |= once & b;
                    once |= b;
                }
                let open = self.grid[w] & !boards[n * words + w];
                if open & !once != 0 {
                    return Err(Dead);
                }
                let mut singles = open & once & !twice;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles &= singles - 1;
                    // An earlier single of this pass may have taken its
                    // last value.
                    let boards = &self.levels[base..done_at];
                    let Some(v) = (0..n).find(|&v| boards[v * words + w] & bit != 0) else {
                        return Err(Dead);
                    };
                    self.place(level, w * 64 + bit.trailing_zeros() as usize, v);
                    placed_any = true;
                }
            }
            if placed_any {
                continue;
            }
            // Hidden singles: a value not yet placed in a house with one
            // open cell left there.
            for h in 0..self.house_words.len() {
                let (lo, hi) = self.house_words[h];
                let mut todo = self.all & !self.levels[done_at + h];
                while todo != 0 {
                    let v = todo.trailing_zeros() as usize;
                    todo &= todo - 1;
                    let board = &self.levels[base + v * words + lo..base + v * words + hi];
                    let placed = &self.levels[base + n * words + lo..base + n * words + hi];
                    let house = &self.houses[h * words + lo..h * words + hi];
                    // 0, 1 or 2 for two or more (no popcount: the
                    // baseline x86-64 has no instruction for it).
                    let (mut count, mut at) = (0, 0);
                    for (k, ((&b, &m), &p)) in board.iter().zip(house).zip(placed).enumerate() {
                        let x = b & m & !p;
                        if x != 0 {
                            if count != 0 || x & (x - 1) != 0 {
                                count = 2;
                                break;
                            }
                            count = 1;
                            at = (lo + k) * 64 + x.trailing_zeros() as usize;
                        }
                    }
                    match count {
                        0 => return Err(Dead),
                        1 => {
                            self.place(level, at, v);
                            placed_any = true;
                        }
                        _ => {}
                    }
                }
            }
            if !placed_any {
                return Ok(());
            }
        }
    }

    /// Places value `v` (from 0) in `cell` on `level`: its peers off `v`'s
    /// board, the cell on the placed board, `v` placed in the cell's
    /// houses. (The cell stays on the boards it was on: a placed cell's
    /// bits there mean nothing, and every reading masks them out.)
    #[inline]
    fn place(&mut self, level: usize, cell: usize, v: usize) {
        let (n, words) = (self.n, self.words);
        let frame = self.frame();
        let boards = &mut self.levels[level * frame..(level + 1) * frame];
        let peers = &self.peers[cell * words..(cell + 1) * words];
        for (b, &p) in boards[v * words..(v + 1) * words].iter_mut().zip(peers) {
            *b &= !p;
        }
        boards[n * words + cell / 64] |= 1 << (cell % 64);
        let done = &mut boards[(n + 1) * words..];
        for &h in &self.houses_of[self.house_at[cell] as usize..self.house_at[cell + 1] as usize] {
            done[usize::from(h)] |= 1 << v;
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::generate::Generator;
    use crate::generate::rng::Rng;
    use crate::{Grid, Rules, Shape, Variant};

    /// Whether `puzzle` has a solution with `cell` other than `own`, by
    /// the exact-cover engine: one count per other value given.
    fn by_engine(rules: &Rules, puzzle: &Grid, cell: usize, own: u8) -> bool {
        let sudoku = crate::Sudoku::new(rules.clone()).unwrap();
        let mut solver = sudoku.solver();
        (1..=rules.size() as u8).filter(|&v| v != own).any(|v| {
            let mut given = puzzle.clone();
            given.cells_mut()[cell] = v;
            // A value that clashes with a clue is no solution.
            solver.count(&given, Some(1)).is_ok_and(|count| count == 1)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// On random puzzles cut from a generated grid, the probe's answer
        /// (with branches enough to finish) is the engine's.
        #[test]
        fn the_probe_answers_as_the_engine(
            shape in prop_oneof![Just((2usize, 2usize)), Just((2, 3)), Just((3, 3))],
            anti_king in any::<bool>(),
            seed in any::<u64>(),
            percent in 20usize..70,
        ) {
            let mut rules = Rules::new(Shape::new(shape.0, shape.1).unwrap());
            if anti_king && shape.0 * shape.1 > 4 {
                rules = rules.with_variant(Variant::AntiKing);
            }
            let generator = Generator::new(rules.clone()).unwrap();
            let solution = generator.generate(seed, 0).unwrap().solution;
            let mut rng = Rng::new(seed);
            let mut puzzle = solution.clone();
            for v in puzzle.cells_mut() {
                if rng.below(100) >= percent {
                    *v = 0;
                }
            }
            let peers = Peers::new(&rules).unwrap();
            let mut probe = Probe::new(&peers);
            probe.load(puzzle.cells());
            for cell in (0..puzzle.cells().len()).filter(|&c| puzzle.cells()[c] == 0) {
                let own = solution.cells()[cell];
                let answer = probe.other_than(cell, own, u64::MAX);
                prop_assert_eq!(answer, Some(by_engine(&rules, &puzzle, cell, own)), "{}", puzzle);
            }
        }
    }

    #[test]
    fn a_budget_of_no_branch_answers_only_what_the_singles_settle() {
        // An empty 4x4 grid: nothing is forced, so a branch is needed.
        let rules = Rules::new(Shape::new(2, 2).unwrap());
        let mut probe = Probe::new(&Peers::new(&rules).unwrap());
        probe.load(&[0; 16]);
        assert_eq!(probe.other_than(0, 1, 0), None);
        assert_eq!(probe.other_than(0, 1, 1000), Some(true));
    }
}
