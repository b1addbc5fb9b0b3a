//! The search over cells: propagate, choose a cell and a digit, try the
//! digit, then (on coming back) its absence. The tree is a loop over an
//! explicit stack of decisions, with a trail of the domains each decision
//! changed, so nothing recurses and a step back restores exactly what the
//! step forward changed.

use super::Model;
use super::alldiff::{self, NONE};
use crate::generate::splitmix;
use crate::grid::Grid;
use crate::human::Bits;

/// How a [`Search::run`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum End {
    /// The whole tree is searched: every solution was reported.
    Exhausted,
    /// The budget of dead ends ran out.
    Budget,
    /// `stop` asked it to end.
    Stopped,
}

/// One decision: `cell` takes `digit` (bit index); on the way back, it
/// does not.
#[derive(Debug, Clone, Copy)]
struct Decision {
    trail: u32,
    cell: u32,
    digit: u8,
}

/// A search over one puzzle of a [`Model`], restartable with new seeds.
#[derive(Debug, Clone)]
pub(crate) struct Search<'m> {
    model: &'m Model,
    /// Each cell's digits.
    dom: Vec<u64>,
    /// The domains as they were before each change, newest last.
    trail: Vec<(u32, u64)>,
    decisions: Vec<Decision>,
    /// Each house's matching of cells to digits (`n` entries a house), kept
    /// from one propagation to the next as a starting point.
    mates: Vec<u8>,
    /// Houses waiting for propagation, and whether each is waiting.
    queue: Vec<u32>,
    waiting: Vec<bool>,
    /// Cells newly fixed that have exclusion partners.
    fixed: Vec<u32>,
    /// Dead ends met in each house.
    weight: Vec<u32>,
    rng: u64,
    /// Where the scan for the branch cell starts (ties go to the first).
    offset: usize,
    nodes: u64,
    fails: u64,
    /// The most decisions on the stack at once.
    deepest: usize,
    /// Probing ([`super::probe`]): each digit of each open cell of at most
    /// `probe_dom` digits is tried, and those that fail leave (0: none), at
    /// the root and at nodes of at most `probe_depth` decisions.
    pub(super) probe_dom: u32,
    pub(super) probe_depth: usize,
}

impl<'m> Search<'m> {
    /// A search of `model`'s grids.
    pub(crate) fn new(model: &'m Model, seed: u64) -> Search<'m> {
        let houses = model.houses();
        Search {
            model,
            dom: model.initial.clone(),
            trail: Vec::new(),
            decisions: Vec::new(),
            mates: vec![NONE; houses * model.n],
            queue: Vec::with_capacity(houses),
            waiting: vec![false; houses],
            fixed: Vec::new(),
            weight: vec![1; houses],
            rng: seed,
            offset: 0,
            nodes: 0,
            fails: 0,
            deepest: 0,
            probe_dom: 0,
            probe_depth: usize::MAX,
        }
    }

    /// Starts on `grid`'s givens: `false` if propagation alone shows it has
    /// no solution.
    pub(crate) fn start(&mut self, grid: &Grid) -> bool {
        self.trail.clear();
        self.decisions.clear();
        self.fixed.clear();
        self.weight.fill(1);
        self.dom.copy_from_slice(&self.model.initial);
        for (cell, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                self.dom[cell] &= 1 << (v - 1);
            }
        }
        for h in 0..self.model.houses() {
            self.push_house(h);
        }
        for cell in 0..self.dom.len() {
            if self.dom[cell] == 0 {
                return false;
            }
            if is_single(self.dom[cell]) && !self.model.partners[cell].is_empty() {
                self.fixed.push(cell as u32);
            }
        }
        let ok = self.propagate() && self.probe_root();
        // The propagated givens are the root, below every restart.
        self.trail.clear();
        ok
    }

    /// Keeps only the digits of `digits` in `cell`, below every restart
    /// (after [`start`](Self::start)), and propagates: `false` if the
    /// root has no solution then.
    #[cfg(feature = "sat")]
    pub(crate) fn restrict_root(&mut self, cell: usize, digits: u64) -> bool {
        let ok = self.narrow_now(cell, self.dom[cell] & digits);
        self.trail.clear();
        ok
    }

    /// The decisions taken so far, over every restart, and the most on
    /// the stack at once.
    pub(crate) fn nodes(&self) -> (u64, usize) {
        (self.nodes, self.deepest)
    }

    /// Back to the root, with a new seed for the choices; the weights stay.
    pub(crate) fn restart(&mut self, seed: u64) {
        self.undo(0);
        self.decisions.clear();
        self.rng = seed;
        self.offset = (self.next_random() % self.dom.len() as u64) as usize;
    }

    /// Searches on until `max_fails` more dead ends, the end of the tree,
    /// or `stop()` (asked every few hundred nodes). Each solution goes to
    /// `found`, which says whether to go on. `avoid`, a solution already
    /// known, steers each choice to another digit where the cell has one.
    pub(crate) fn run(
        &mut self,
        max_fails: u64,
        avoid: Option<&Grid>,
        stop: &dyn Fn() -> bool,
        found: &mut dyn FnMut(&[u64]) -> bool,
    ) -> End {
        let limit = self.fails + max_fails;
        loop {
            if self.nodes % 256 == 0 && stop() {
                return End::Stopped;
            }
            let alive = match self.choose() {
                None => {
                    if !found(&self.dom) {
                        return End::Stopped;
                    }
                    self.backtrack()
                }
                Some(cell) => {
                    let digit = self.digit(cell, avoid);
                    self.nodes += 1;
                    let trail = self.trail.len() as u32;
                    self.decisions.push(Decision { trail, cell: cell as u32, digit });
                    self.deepest = self.deepest.max(self.decisions.len());
                    if self.narrow_now(cell, 1 << digit) && self.probe() {
                        continue;
                    }
                    self.fails += 1;
                    self.backtrack()
                }
            };
            if !alive {
                return End::Exhausted;
            }
            if self.fails >= limit {
                return End::Budget;
            }
        }
    }

    /// Undoes the latest decision and takes its other branch, again and
    /// again while that fails; `false` once no decision is left.
    fn backtrack(&mut self) -> bool {
        while let Some(d) = self.decisions.pop() {
            self.undo(d.trail as usize);
            let cell = d.cell as usize;
            if self.narrow_now(cell, self.dom[cell] & !(1 << d.digit)) && self.probe() {
                return true;
            }
            self.fails += 1;
        }
        false
    }

    /// Probes each open cell of at most `dom` digits (0: none) at the root
    /// and at nodes of at most `depth` decisions. Set before
    /// [`start`](Self::start).
    pub(crate) fn set_probing(&mut self, dom: u32, depth: usize) {
        self.probe_dom = dom;
        self.probe_depth = depth;
    }

    /// The decisions on the stack.
    pub(super) fn depth(&self) -> usize {
        self.decisions.len()
    }

    /// The number of cells.
    pub(super) fn cells(&self) -> usize {
        self.dom.len()
    }

    /// `cell`'s digits.
    pub(super) fn domain(&self, cell: usize) -> u64 {
        self.dom[cell]
    }

    /// Every cell's digits (after [`start`](Self::start), the givens
    /// propagated).
    #[cfg(feature = "sat")]
    pub(crate) fn domains(&self) -> &[u64] {
        &self.dom
    }

    /// Whether narrowing `cell` to `dom` survives propagation; the domains
    /// are left as they were either way.
    pub(super) fn holds(&mut self, cell: usize, dom: u64) -> bool {
        let mark = self.trail.len();
        let ok = self.narrow_now(cell, dom);
        self.undo(mark);
        ok
    }

    /// Narrows `cell` to `dom` and propagates: `false` at a dead end.
    pub(super) fn narrow_now(&mut self, cell: usize, dom: u64) -> bool {
        self.narrow(cell, dom) && self.propagate()
    }

    fn undo(&mut self, to: usize) {
        for (cell, dom) in self.trail.drain(to..).rev() {
            self.dom[cell as usize] = dom;
        }
    }

    /// The open cell with the fewest digits per unit of weight (the sum of
    /// its houses' weights), or `None` when every cell is fixed.
    fn choose(&self) -> Option<usize> {
        let cells = self.dom.len();
        let (mut best, mut best_size, mut best_weight) = (None, 0u64, 1u64);
        for k in 0..cells {
            let cell = (self.offset + k) % cells;
            let d = self.dom[cell];
            if is_single(d) {
                continue;
            }
            let size = u64::from(d.count_ones());
            let weight: u64 = self.model.houses_of[cell]
                .iter()
                .map(|&h| u64::from(self.weight[h as usize]))
                .sum();
            if best.is_none() || size * best_weight < best_size * weight {
                (best, best_size, best_weight) = (Some(cell), size, weight);
            }
        }
        best
    }

    /// A digit of `cell` at random, one other than `avoid`'s where it can.
    fn digit(&mut self, cell: usize, avoid: Option<&Grid>) -> u8 {
        let mut d = self.dom[cell];
        if let Some(grid) = avoid {
            let other = d & !(1u64 << (grid.cells()[cell] - 1));
            if other != 0 {
                d = other;
            }
        }
        let k = self.next_random() % u64::from(d.count_ones());
        Bits(d).nth(k as usize).unwrap_or(0) as u8
    }

    fn next_random(&mut self) -> u64 {
        splitmix(&mut self.rng)
    }

    /// Sets `cell`'s domain to `dom` (a subset), queueing its houses;
    /// `false` if that leaves it empty.
    fn narrow(&mut self, cell: usize, dom: u64) -> bool {
        self.narrow_except(cell, dom, usize::MAX)
    }

    /// [`narrow`](Self::narrow), without queueing house `except`.
    fn narrow_except(&mut self, cell: usize, dom: u64, except: usize) -> bool {
        let old = self.dom[cell];
        if dom == old {
            return true;
        }
        if dom == 0 {
            for &h in &self.model.houses_of[cell] {
                self.weight[h as usize] += 1;
            }
            return false;
        }
        self.trail.push((cell as u32, old));
        self.dom[cell] = dom;
        for i in 0..self.model.houses_of[cell].len() {
            let h = self.model.houses_of[cell][i] as usize;
            if h != except {
                self.push_house(h);
            }
        }
        if is_single(dom) && !self.model.partners[cell].is_empty() {
            self.fixed.push(cell as u32);
        }
        true
    }

    fn push_house(&mut self, h: usize) {
        if !self.waiting[h] {
            self.waiting[h] = true;
            self.queue.push(h as u32);
        }
    }

    /// Propagates to a fixed point: exclusions of newly fixed cells first,
    /// then all-different on each queued house, and its locked digits.
    /// `false` at a dead end (the queues are emptied, the failing house
    /// weighs one more).
    fn propagate(&mut self) -> bool {
        let ok = self.settle();
        if !ok {
            for &h in &self.queue {
                self.waiting[h as usize] = false;
            }
            self.queue.clear();
            self.fixed.clear();
        }
        ok
    }

    fn settle(&mut self) -> bool {
        let n = self.model.n;
        let mut doms = [0u64; 64];
        loop {
            while let Some(cell) = self.fixed.pop() {
                let digit = self.dom[cell as usize];
                for i in 0..self.model.partners[cell as usize].len() {
                    let p = self.model.partners[cell as usize][i] as usize;
                    if !self.narrow(p, self.dom[p] & !digit) {
                        return false;
                    }
                }
            }
            let Some(h) = self.queue.pop() else {
                return true;
            };
            let h = h as usize;
            self.waiting[h] = false;
            let house = self.model.house(h);
            for (d, &cell) in doms.iter_mut().zip(house) {
                *d = self.dom[cell as usize];
            }
            if !alldiff::prune(&mut doms[..n], &mut self.mates[h * n..(h + 1) * n]) {
                self.weight[h] += 1;
                return false;
            }
            for (&d, &cell) in doms.iter().zip(house) {
                if d != self.dom[cell as usize] {
                    self.narrow_except(cell as usize, d, h);
                }
            }
            if !self.lock_out(h, &doms[..n]) {
                return false;
            }
        }
    }

    /// Locked digits: at each overlap of house `h` (whose domains are
    /// `doms`) with another house, the digits `h` can hold only in the
    /// shared cells leave the other house's cells beyond `h`. `false` if
    /// that empties a cell.
    fn lock_out(&mut self, h: usize, doms: &[u64]) -> bool {
        let model = self.model;
        // Placed digits are out of the other houses already.
        let placed = doms.iter().filter(|&&d| is_single(d)).fold(0, |m, &d| m | d);
        for family in &model.overlaps[h] {
            // The digits of each part (the members, then the cells in
            // none), and those of one part only. Members share two cells
            // or more and no cell with each other: at most 32 of them.
            let parts = family.members.len() + 1;
            let mut held = [0u64; 33];
            for (&d, &p) in doms.iter().zip(&family.part_of) {
                held[usize::from(p)] |= d;
            }
            let (mut once, mut twice) = (0, 0);
            for &d in &held[..parts] {
                twice |= once & d;
                once |= d;
            }
            let alone = once & !twice & !placed;
            if alone == 0 {
                continue;
            }
            for (o, &d) in family.members.iter().zip(&held) {
                let locked = d & alone;
                if locked == 0 {
                    continue;
                }
                let other = model.house(o.other as usize);
                for i in Bits(o.beyond) {
                    let cell = other[i] as usize;
                    let d = self.dom[cell];
                    if d & locked != 0 && !self.narrow(cell, d & !locked) {
                        return false;
                    }
                }
            }
        }
        true
    }
}

pub(super) fn is_single(d: u64) -> bool {
    d & d.wrapping_sub(1) == 0
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::{Rules, Shape, Sudoku, Variant};
    use proptest::prelude::*;

    /// Every solution the search reports, running it to the end of its
    /// tree with restarts, the first of `fails` dead ends, each next one of
    /// twice as many (so one ends), each restart after a solution steered
    /// away from the first (as the race does).
    fn all(sudoku: &Sudoku, grid: &Grid, seed: u64, fails: u64) -> Vec<Grid> {
        all_with(sudoku, grid, seed, fails, (0, 0))
    }

    /// [`all`], probing the cells of at most `probe.0` digits at nodes of
    /// at most `probe.1` decisions.
    pub(in crate::houses) fn all_with(
        sudoku: &Sudoku,
        grid: &Grid,
        seed: u64,
        fails: u64,
        probe: (u32, usize),
    ) -> Vec<Grid> {
        let model = sudoku.houses().expect("a model");
        let mut search = Search::new(model, seed);
        search.set_probing(probe.0, probe.1);
        if !search.start(grid) {
            return Vec::new();
        }
        let mut found: Vec<Grid> = Vec::new();
        for i in 0.. {
            search.restart(seed + i);
            let avoid = found.first().cloned();
            let mut report = |doms: &[u64]| {
                let solution = super::super::grid_of(grid, doms);
                if !found.contains(&solution) {
                    found.push(solution);
                }
                true
            };
            let budget = fails << i.min(40);
            if search.run(budget, avoid.as_ref(), &|| false, &mut report) == End::Exhausted {
                break;
            }
        }
        found
    }

    /// Whether `solution` is complete, keeps the givens of `grid`, and
    /// breaks none of the rules (checked cell by cell, not by the model).
    pub(crate) fn valid(sudoku: &Sudoku, grid: &Grid, solution: &Grid) -> bool {
        let constraints = sudoku.rules().constraints().expect("valid rules");
        let cells = solution.cells();
        let houses_ok = constraints.houses.iter().all(|h| {
            let mut seen = 0u64;
            h.cells.iter().all(|&c| {
                let bit = 1u64 << (cells[c] - 1);
                let new = seen & bit == 0;
                seen |= bit;
                new
            })
        });
        let pairs_ok = constraints.exclusions.iter().all(|&(a, b)| cells[a] != cells[b]);
        solution.is_complete() && solution.extends(grid) && houses_ok && pairs_ok
    }

    /// A random puzzle: a seeded solution of the empty grid, with the
    /// cells of `blank` (bit per cell, cycled) left blank.
    pub(crate) fn puzzle(sudoku: &Sudoku, seed: u64, blank: &[bool]) -> Option<Grid> {
        let shape = sudoku.rules().shape();
        let config = Sudoku::config().seed(Some(seed));
        let mut grid = sudoku.solver_with_config(config).solve(&Grid::new(shape)).ok()??;
        let n = grid.size();
        for cell in 0..n * n {
            if blank[cell % blank.len()] {
                grid.set(cell / n, cell % n, 0);
            }
        }
        Some(grid)
    }

    pub(crate) fn rules(kind: u8) -> Rules {
        let six = Shape::new(2, 3).unwrap();
        match kind % 5 {
            0 => Rules::new(Shape::for_size(4).unwrap()),
            1 => Rules::new(six),
            2 => Rules::new(six).with_variant(Variant::Diagonal),
            3 => Rules::new(six).with_variant(Variant::AntiKing),
            _ => Rules::new(Shape::new(2, 2).unwrap()).with_variant(Variant::AntiKnight),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn finds_every_solution_the_cover_search_counts(
            kind in 0u8..5,
            seed in 0u64..1000,
            blank in proptest::collection::vec(proptest::bool::weighted(0.7), 1..40),
            fails in 1u64..50,
        ) {
            let sudoku = Sudoku::new(rules(kind)).unwrap();
            let Some(grid) = puzzle(&sudoku, seed, &blank) else {
                return Ok(());
            };
            // Puzzles with a few hundred solutions at most, to keep it quick.
            let expected = sudoku.solver().count(&grid, Some(300)).unwrap();
            if expected == 300 {
                return Ok(());
            }
            let found = all(&sudoku, &grid, seed, fails);
            prop_assert_eq!(found.len() as u128, expected);
            for solution in &found {
                prop_assert!(valid(&sudoku, &grid, solution));
            }
        }
    }

    #[test]
    fn a_digit_locked_in_a_box_row_leaves_the_rest_of_the_row() {
        // In box 1, 1 cannot go in the second row (full: 2, 3, 4) nor the
        // third (r3c6 holds 1), so it is in the first row, which leaves
        // r1c7-r1c9 without it (box 2's 1 already keeps it out of
        // r1c4-r1c6). All-different on a single house cannot see that: box
        // 1's open cells hold 1 and 6-9, row 1's all but r1c4-r1c6 hold 1.
        let sudoku = Sudoku::new(Rules::new(Shape::for_size(9).unwrap())).unwrap();
        let mut grid = Grid::new(sudoku.rules().shape());
        for (col, v) in [2, 3, 4].into_iter().enumerate() {
            grid.set(1, col, v);
        }
        grid.set(2, 0, 5);
        grid.set(2, 5, 1);
        let mut search = Search::new(sudoku.houses().unwrap(), 1);
        assert!(search.start(&grid));
        for col in 0..9 {
            let one = search.dom[col] & 1 != 0;
            assert_eq!(one, col < 3, "r1c{}: {:b}", col + 1, search.dom[col]);
        }
    }

    #[test]
    fn a_contradiction_in_the_givens_ends_at_the_root() {
        let sudoku = Sudoku::new(Rules::new(Shape::for_size(4).unwrap())).unwrap();
        // r1c1 can hold nothing: 1 and 2 in its row, 3 in its column, 4 in
        // its box.
        let grid: Grid = ".12.....3...4...".parse().unwrap();
        let mut dead: Grid = "..12.4..3.......".parse().unwrap();
        assert!(all(&sudoku, &grid, 1, 10).is_empty());
        dead.set(0, 0, 0);
        assert_eq!(
            all(&sudoku, &dead, 1, 10).len() as u128,
            sudoku.solver().count(&dead, None).unwrap()
        );
    }
}
