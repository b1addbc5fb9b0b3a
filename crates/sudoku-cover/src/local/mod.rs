//! Local search for a completion of a big classic grid (rows, columns and
//! boxes): a racer beside the complete searches of [`crate::restarts`],
//! for puzzles with many solutions, where two different ones answer
//! `check` and no proof is needed.
//!
//! The givens first narrow every open cell's digits (naked and hidden
//! singles, to a fixed point). Then each row holds a permutation of its
//! missing digits in its open cells, each digit among its cell's
//! candidates, so that rows are always right; the cost is the number of
//! repeated digits in columns and boxes, kept per (column, digit) and
//! (box, digit) so that a swap's change is found in constant time. A step
//! is tabu search: of every swap of a conflicted cell (of at most 32 of
//! them, from a random place in their list) with another open cell of its
//! row (both digits staying candidates), the one that lowers the cost
//! most, skipping swaps that give a cell a digit it lost recently unless
//! the cost falls below the best seen (aspiration); ties go to chance.
//! When no swap is allowed, or the best cost has not fallen for a long
//! while, a conflicted cell's row takes a new random permutation. At cost
//! 0 the grid is a solution; its digit in one open cell is then ruled out
//! and the search goes on from there, so that the next solution differs
//! from it.
//!
//! Nothing here proves anything: a solution is only reported, and the
//! caller verifies it against the full rules before trusting it. The
//! search is deterministic for a seed: the steps taken do not depend on
//! how it is cut into turns.

use crate::encode::Sudoku;
use crate::generate::splitmix;
use crate::grid::Grid;
use crate::shape::Shape;

/// The fixed part of the tabu tenure, in steps.
const TENURE_BASE: u64 = 5;

/// The random part of the tabu tenure: up to this many steps more.
const TENURE_SPREAD: u64 = 20;

/// The tenure also grows by one step per this many conflicted cells.
const TENURE_PER_CONFLICTS: u64 = 10;

/// The conflicted cells a step looks at, at most.
const WINDOW: usize = 32;

/// Steps without a new best cost before a row is shaken up.
const STALL: u64 = 20_000;

/// How many cells are tried in turn when ruling out a solution's digit
/// leaves a row no permutation.
const FORBID_TRIES: usize = 64;

/// A cell that is not open.
const FIXED: u32 = u32::MAX;

/// The local search on one puzzle.
pub(crate) struct Local {
    n: usize,
    shape: Shape,
    /// Each cell's digit (0-based) if fixed (a given, or a single).
    fixed: Vec<Option<u8>>,
    /// Each cell's candidates (bit `d`: digit `d + 1`).
    dom: Vec<u64>,
    /// Each cell's digit now (0-based).
    val: Vec<u8>,
    /// The open cells of each row.
    open: Vec<Vec<u32>>,
    /// Each cell's box.
    box_of: Vec<u32>,
    /// How many cells hold each digit, per column (`col·n + d`) and box.
    col_count: Vec<u16>,
    box_count: Vec<u16>,
    /// Repeated digits in columns and boxes.
    cost: i64,
    /// The lowest cost since the last solution (for aspiration).
    best: i64,
    /// The step until which cell `c` may not take digit `d` again
    /// (`c·n + d`).
    tabu: Vec<u64>,
    /// The conflicted open cells, and each cell's place among them.
    conflicted: Vec<u32>,
    place: Vec<u32>,
    steps: u64,
    /// The step at which the cost last fell below the best.
    improved: u64,
    random: u64,
}

impl Local {
    /// The search on `grid` under `sudoku`'s rules, seeded `seed`; `None`
    /// when the rules are not classic rows, columns and boxes, or when the
    /// givens leave some row no permutation (the puzzle has no solution,
    /// which the complete searches will prove).
    pub(crate) fn new(sudoku: &Sudoku, grid: &Grid, seed: u64) -> Option<Local> {
        let rules = sudoku.rules();
        if rules.regions().is_some() || !rules.variants().is_empty() {
            return None;
        }
        let shape = rules.shape();
        let n = shape.size();
        if n > 64 || grid.size() != n {
            return None;
        }
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut fixed = vec![None; n * n];
        let mut dom = vec![all; n * n];
        for (r, c, v) in grid.givens() {
            fixed[r * n + c] = Some(v - 1);
            dom[r * n + c] = 1 << (v - 1);
        }
        let box_of: Vec<u32> = (0..n * n).map(|c| shape.box_of(c / n, c % n) as u32).collect();
        let houses = houses(n, &box_of);
        if !singles(n, &houses, &mut fixed, &mut dom) {
            return None;
        }
        let mut open = vec![Vec::new(); n];
        for c in 0..n * n {
            if fixed[c].is_none() {
                open[c / n].push(c as u32);
            }
        }
        let mut local = Local {
            n,
            shape,
            val: fixed.iter().map(|v| v.unwrap_or(0)).collect(),
            fixed,
            dom,
            open,
            box_of,
            col_count: vec![0; n * n],
            box_count: vec![0; n * n],
            cost: 0,
            best: 0,
            tabu: vec![0; n * n * n],
            conflicted: Vec::new(),
            place: vec![FIXED; n * n],
            steps: 0,
            improved: 0,
            random: seed,
        };
        for r in 0..n {
            if !local.match_row(r) {
                return None;
            }
        }
        local.recount();
        Some(local)
    }

    /// Takes up to `steps` steps. At each solution, calls `report` with
    /// it, then rules out its digit in one open cell and goes on; stops
    /// early when `report` returns false. Returns false once no cell's
    /// digit can be ruled out (every solution the search can reach from
    /// here is found): the search has nothing more to give.
    pub(crate) fn run(&mut self, steps: u64, report: &mut dyn FnMut(Grid) -> bool) -> bool {
        let end = self.steps + steps;
        while self.steps < end {
            if self.cost == 0 {
                let more = report(self.grid());
                if !self.forbid_one() {
                    return false;
                }
                if !more {
                    return true;
                }
                continue;
            }
            self.step();
        }
        true
    }

    /// Takes the open cells' digits from `solution` (a solution found by
    /// another search), then rules one out as after a solution of its own,
    /// so that the search looks for a different one from there. False as
    /// [`run`](Self::run) returns false.
    pub(crate) fn adopt(&mut self, solution: &Grid) -> bool {
        let n = self.n;
        if solution.size() != n {
            return true;
        }
        for (c, &v) in solution.cells().iter().enumerate() {
            if self.fixed[c].is_none() && v >= 1 && self.dom[c] >> (v - 1) & 1 == 1 {
                self.val[c] = v - 1;
            }
        }
        for r in 0..n {
            if !self.match_row(r) {
                return false;
            }
        }
        self.recount();
        self.cost > 0 || self.forbid_one()
    }

    /// The current digits as a grid.
    fn grid(&self) -> Grid {
        let cells = self.val.iter().map(|&v| v + 1).collect();
        Grid::from_cells(self.shape, cells).expect("digits of the shape")
    }

    fn next_random(&mut self) -> u64 {
        splitmix(&mut self.random)
    }

    /// A number in `0..k` (`k` > 0).
    fn below(&mut self, k: usize) -> usize {
        (self.next_random() % k as u64) as usize
    }

    /// One tabu step: the best allowed swap of a conflicted cell within
    /// its row.
    fn step(&mut self) {
        let n = self.n;
        self.steps += 1;
        let mut pick = None;
        let mut pick_delta = i64::MAX;
        let mut ties = 0;
        // Far from a solution, a window of the conflicted cells from a
        // random place: each step stays cheap while most cells conflict.
        let len = self.conflicted.len();
        let from = if len > WINDOW { self.below(len) } else { 0 };
        for i in 0..len.min(WINDOW) {
            let a = self.conflicted[(from + i) % len] as usize;
            let va = self.val[a] as usize;
            let row = a / n;
            for j in 0..self.open[row].len() {
                let b = self.open[row][j] as usize;
                let vb = self.val[b] as usize;
                if b == a || self.dom[a] >> vb & 1 == 0 || self.dom[b] >> va & 1 == 0 {
                    continue;
                }
                let delta = self.delta(a, b);
                let tabu = self.tabu[a * n + vb] > self.steps || self.tabu[b * n + va] > self.steps;
                if tabu && self.cost + delta >= self.best {
                    continue;
                }
                if delta < pick_delta {
                    (pick, pick_delta, ties) = (Some((a, b)), delta, 1);
                } else if delta == pick_delta {
                    ties += 1;
                    if self.below(ties) == 0 {
                        pick = Some((a, b));
                    }
                }
            }
        }
        match pick {
            Some((a, b)) if self.steps - self.improved < STALL => {
                let tenure = TENURE_BASE
                    + self.below(TENURE_SPREAD as usize) as u64
                    + self.conflicted.len() as u64 / TENURE_PER_CONFLICTS;
                self.swap(a, b, tenure);
                if self.cost < self.best {
                    self.best = self.cost;
                    self.improved = self.steps;
                }
            }
            _ => self.kick(),
        }
    }

    /// Out of a dead end (no allowed swap, or none better for [`STALL`]
    /// steps): a conflicted cell's row takes a new random permutation,
    /// which swaps alone may not reach when candidates differ.
    fn kick(&mut self) {
        let at = self.below(self.conflicted.len());
        let cell = self.conflicted[at] as usize;
        let row = cell / self.n;
        for &c in &self.open[row] {
            // A digit out of the cell's candidates frees it for matching.
            self.val[c as usize] = u8::MAX;
        }
        let matched = self.match_row(row);
        debug_assert!(matched, "the row had a permutation");
        self.recount();
    }

    /// The change of cost if cells `a` and `b` of one row swap digits.
    fn delta(&self, a: usize, b: usize) -> i64 {
        let n = self.n;
        let (va, vb) = (self.val[a] as usize, self.val[b] as usize);
        let (ca, cb) = (a % n, b % n);
        let mut d =
            change(&self.col_count, ca * n, va, vb) + change(&self.col_count, cb * n, vb, va);
        let (xa, xb) = (self.box_of[a] as usize, self.box_of[b] as usize);
        if xa != xb {
            d += change(&self.box_count, xa * n, va, vb) + change(&self.box_count, xb * n, vb, va);
        }
        d
    }

    /// Swaps the digits of cells `a` and `b` of one row; neither may take
    /// back its old digit for `tenure` steps.
    fn swap(&mut self, a: usize, b: usize, tenure: u64) {
        let n = self.n;
        let (va, vb) = (self.val[a] as usize, self.val[b] as usize);
        self.cost += self.delta(a, b);
        let (ca, cb) = (a % n, b % n);
        let (xa, xb) = (self.box_of[a] as usize, self.box_of[b] as usize);
        for (count, at, bt) in
            [(&mut self.col_count, ca * n, cb * n), (&mut self.box_count, xa * n, xb * n)]
        {
            count[at + va] -= 1;
            count[at + vb] += 1;
            count[bt + vb] -= 1;
            count[bt + va] += 1;
        }
        self.val[a] = vb as u8;
        self.val[b] = va as u8;
        self.tabu[a * n + va] = self.steps + tenure;
        self.tabu[b * n + vb] = self.steps + tenure;
        // Only cells holding `va` or `vb` in the two columns and the two
        // boxes can change between conflicted and not.
        let (br, bc) = (self.shape.box_rows(), self.shape.box_cols());
        let per_row = n / bc;
        for col in [ca, cb] {
            for r in 0..n {
                self.refresh_if(r * n + col, va, vb);
            }
        }
        for x in [xa, xb] {
            let (r0, c0) = ((x / per_row) * br, (x % per_row) * bc);
            for r in r0..r0 + br {
                for c in c0..c0 + bc {
                    self.refresh_if(r * n + c, va, vb);
                }
            }
        }
    }

    fn refresh_if(&mut self, cell: usize, va: usize, vb: usize) {
        let v = self.val[cell] as usize;
        if v == va || v == vb {
            self.refresh(cell);
        }
    }

    /// Puts an open cell in the conflicted list or takes it out, as it now
    /// stands.
    fn refresh(&mut self, cell: usize) {
        if self.fixed[cell].is_some() {
            return;
        }
        let n = self.n;
        let v = self.val[cell] as usize;
        let now = self.col_count[(cell % n) * n + v] > 1
            || self.box_count[self.box_of[cell] as usize * n + v] > 1;
        let was = self.place[cell] != FIXED;
        if now && !was {
            self.place[cell] = self.conflicted.len() as u32;
            self.conflicted.push(cell as u32);
        } else if !now && was {
            let at = self.place[cell] as usize;
            self.conflicted.swap_remove(at);
            if let Some(&moved) = self.conflicted.get(at) {
                self.place[moved as usize] = at as u32;
            }
            self.place[cell] = FIXED;
        }
    }

    /// The counts, the cost and the conflicted cells, from the digits.
    fn recount(&mut self) {
        let n = self.n;
        self.col_count.fill(0);
        self.box_count.fill(0);
        for c in 0..n * n {
            let v = self.val[c] as usize;
            self.col_count[(c % n) * n + v] += 1;
            self.box_count[self.box_of[c] as usize * n + v] += 1;
        }
        let excess = |k: &u16| i64::from(*k).saturating_sub(1).max(0);
        self.cost = self.col_count.iter().chain(&self.box_count).map(excess).sum();
        self.best = self.cost;
        self.improved = self.steps;
        self.conflicted.clear();
        self.place.fill(FIXED);
        for c in 0..n * n {
            self.refresh(c);
        }
    }

    /// Gives row `r`'s open cells a permutation of its missing digits
    /// within their candidates, keeping as many of their digits as it can
    /// (a bipartite matching, augmented in random order). False if there
    /// is none.
    fn match_row(&mut self, r: usize) -> bool {
        let n = self.n;
        let cells = self.open[r].clone();
        // owner[d]: the position in `cells` of the cell holding digit d.
        let mut owner = vec![usize::MAX; n];
        let mut free = Vec::new();
        for (i, &c) in cells.iter().enumerate() {
            let d = self.val[c as usize] as usize;
            if d < n && self.dom[c as usize] >> d & 1 == 1 && owner[d] == usize::MAX {
                owner[d] = i;
            } else {
                free.push(i);
            }
        }
        for k in (1..free.len()).rev() {
            let j = self.below(k + 1);
            free.swap(k, j);
        }
        for i in free {
            if !self.augment(i, &cells, &mut owner, &mut 0) {
                return false;
            }
        }
        for (d, &i) in owner.iter().enumerate() {
            if i != usize::MAX {
                self.val[cells[i] as usize] = d as u8;
            }
        }
        true
    }

    /// An augmenting path from position `i` of `cells` (Kuhn's), trying
    /// its digits from a random one on; `seen` marks the digits visited.
    fn augment(&mut self, i: usize, cells: &[u32], owner: &mut [usize], seen: &mut u64) -> bool {
        let start = self.below(self.n) as u32;
        // Bit p of `order` is digit (p + start) mod 64.
        let mut order = (self.dom[cells[i] as usize] & !*seen).rotate_right(start);
        while order != 0 {
            let d = ((order.trailing_zeros() + start) % 64) as usize;
            order &= order - 1;
            if *seen >> d & 1 == 1 {
                continue;
            }
            *seen |= 1 << d;
            if owner[d] == usize::MAX || self.augment(owner[d], cells, owner, seen) {
                owner[d] = i;
                return true;
            }
        }
        false
    }

    /// After a solution: rules out one open cell's digit (a random cell
    /// of more than one candidate whose row still has a permutation
    /// without it) and makes that row whole again. False when none is
    /// found.
    fn forbid_one(&mut self) -> bool {
        let open: Vec<usize> =
            (0..self.n * self.n).filter(|&c| self.dom[c].count_ones() > 1).collect();
        if open.is_empty() {
            return false;
        }
        for _ in 0..FORBID_TRIES {
            let cell = open[self.below(open.len())];
            let before = self.dom[cell];
            self.dom[cell] &= !(1 << self.val[cell]);
            if self.match_row(cell / self.n) {
                self.recount();
                return true;
            }
            self.dom[cell] = before;
        }
        false
    }
}

/// The change in repeats of a house's counts (`count[at + d]`) when one of
/// its cells goes from digit `from` to digit `to`.
fn change(count: &[u16], at: usize, from: usize, to: usize) -> i64 {
    i64::from(count[at + to] > 0) - i64::from(count[at + from] > 1)
}

/// The cells of each house: rows, columns, boxes.
fn houses(n: usize, box_of: &[u32]) -> Vec<Vec<usize>> {
    let mut houses = vec![Vec::with_capacity(n); 3 * n];
    for cell in 0..n * n {
        houses[cell / n].push(cell);
        houses[n + cell % n].push(cell);
        houses[2 * n + box_of[cell] as usize].push(cell);
    }
    houses
}

/// Naked and hidden singles to a fixed point; false on a contradiction.
fn singles(n: usize, houses: &[Vec<usize>], fixed: &mut [Option<u8>], dom: &mut [u64]) -> bool {
    loop {
        let mut changed = false;
        for house in houses {
            let mut used = 0u64;
            for d in house.iter().filter_map(|&c| fixed[c]) {
                if used >> d & 1 == 1 {
                    return false;
                }
                used |= 1 << d;
            }
            let mut once = 0u64;
            let mut twice = 0u64;
            for &c in house {
                if fixed[c].is_none() {
                    if dom[c] & used != 0 {
                        dom[c] &= !used;
                        changed = true;
                    }
                    twice |= once & dom[c];
                    once |= dom[c];
                }
            }
            let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            if (once | used) != all {
                return false;
            }
            // A digit in one open cell only goes there.
            let mut alone = once & !twice & !used;
            while alone != 0 {
                let d = alone.trailing_zeros();
                alone &= alone - 1;
                let &c = house
                    .iter()
                    .find(|&&c| fixed[c].is_none() && dom[c] >> d & 1 == 1)
                    .expect("a cell with the digit");
                if dom[c] != 1 << d {
                    dom[c] = 1 << d;
                    changed = true;
                }
            }
        }
        for c in 0..n * n {
            if fixed[c].is_none() {
                match dom[c].count_ones() {
                    0 => return false,
                    1 => {
                        fixed[c] = Some(dom[c].trailing_zeros() as u8);
                        changed = true;
                    }
                    _ => {}
                }
            }
        }
        if !changed {
            return true;
        }
    }
}

#[cfg(test)]
mod tests;
