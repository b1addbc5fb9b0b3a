//! A search for big grids by clause learning: the puzzle as a formula for
//! CaDiCaL, a CDCL SAT solver (the `cadical` crate, behind the crate's
//! `sat` feature).
//!
//! Exact cover and the search by houses forget why a branch failed; on a
//! big grid with about half its cells blank (the hard region of
//! "quasigroup with holes" completion) they meet the same conflict in
//! subtree after subtree. A CDCL solver learns a clause from each conflict
//! and never meets it again, and CaDiCaL's phases and restarts are what
//! reach those grids (older CDCL solvers, MiniSat and Glucose, do not; see
//! docs/performance.md, "Big sudoku" and "Big sudoku: clause learning").
//!
//! The formula is the direct encoding of a [`Model`] over the cells'
//! domains once the givens are propagated (all-different on every house,
//! the locked digits; [`houses::Search::start`]): a variable for each open
//! cell and digit it can hold; each cell holds exactly one of its digits,
//! each house holds each digit exactly once, and exclusion partners never
//! hold the same digit. A solution of the formula is a solution of the
//! puzzle; a solution already known is blocked by a clause, so the next
//! one differs, and a formula left unsatisfiable proves that the known
//! solutions are all. [`Sat`] races beside the other searches
//! ([`crate::restarts`]); [`decide`] answers one question (has this puzzle
//! a solution?) within a limit of conflicts, for the generator's checks
//! that the engine leaves open.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use cadical::Callbacks;

use crate::generate::Rng;
use crate::grid::Grid;
use crate::houses::{self, Model};
use crate::human::Bits;
use crate::restarts::Race;

/// Groups of at most this many literals say "at most one" pair by pair;
/// larger ones by a sequential counter (`3k` clauses and `k` new variables
/// instead of `k(k-1)/2` clauses), which propagates as strongly. Pairs
/// answered more of the half-blank grids in measurements (binary clauses
/// are CaDiCaL's cheapest), but on a 64x64 grid with 80% blank they come
/// to 8 million clauses and 1.5 GB.
const PAIRWISE_MAX: usize = 24;

/// How CaDiCaL is told to stop: the race has its answer, another search
/// found a solution this one has not blocked yet, or a deadline passed.
#[derive(Debug)]
struct Watch<'r> {
    race: &'r Race,
    /// The race's solutions this formula blocks.
    blocked: usize,
    deadline: Option<Instant>,
    /// Calls since the clock was last read.
    calls: u32,
}

impl Callbacks for Watch<'_> {
    fn terminate(&mut self) -> bool {
        if self.race.done() || self.race.found_count() > self.blocked {
            return true;
        }
        self.calls += 1;
        if self.calls % 64 != 0 {
            return false;
        }
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// A puzzle's formula in a CaDiCaL solver, which keeps what it learned
/// from one turn to the next.
pub(crate) struct Sat<'r> {
    solver: cadical::Solver<Watch<'r>>,
    /// The root domains: each cell's digits once the givens are propagated.
    doms: Vec<u64>,
    /// The variable of each cell's lowest digit; its other digits follow in
    /// order. Cells of one digit have none.
    base: Vec<u32>,
    template: Grid,
    /// Whether the formula is known to have no solution beyond those
    /// blocked.
    exhausted: bool,
    elapsed: Duration,
}

impl std::fmt::Debug for Sat<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sat").field("exhausted", &self.exhausted).finish_non_exhaustive()
    }
}

impl<'r> Sat<'r> {
    /// Whether the crate was built with clause learning.
    pub(crate) const AVAILABLE: bool = true;

    /// The formula of the puzzle `grid` under `model`, racing in `race`.
    /// When propagating the givens alone shows there is no solution, the
    /// race is settled at once and `None` returned; `None` too when the
    /// race is settled by another search while the formula is built (on a
    /// sparse 64x64 grid that takes a second or more).
    ///
    /// With `seed` other than 0 the variables are numbered in a random
    /// order of the cells, which CaDiCaL's first decisions follow: another
    /// search of the same formula.
    pub(crate) fn new(model: &Model, grid: &Grid, race: &'r Race, seed: u64) -> Option<Sat<'r>> {
        let start = Instant::now();
        let mut root = houses::Search::new(model, 0);
        if !root.start(grid) {
            race.finished();
            return None;
        }
        let doms = root.domains().to_vec();
        let (mut solver, base) = encode(model, &doms, seed, &|| race.done())?;
        solver.set_callbacks(Some(Watch { race, blocked: 0, deadline: None, calls: 0 }));
        Some(Sat {
            solver,
            doms,
            base,
            template: grid.clone(),
            exhausted: false,
            elapsed: start.elapsed(),
        })
    }

    /// Searches until the race has an answer or `until` passes (`None`:
    /// no deadline): each solution found goes to the race, and each one
    /// the race knows is blocked first; once no other solution is left,
    /// the race is told that it has seen them all.
    pub(crate) fn run(&mut self, race: &Race, until: Option<Instant>) {
        let start = Instant::now();
        while !self.exhausted && !race.done() && until.is_none_or(|d| Instant::now() < d) {
            let blocked = self.block(race);
            if let Some(watch) = self.solver.get_callbacks() {
                watch.blocked = blocked;
                watch.deadline = until;
            }
            match self.solver.solve() {
                Some(true) => race.add(self.solution()),
                Some(false) => {
                    self.exhausted = true;
                    race.finished();
                }
                // Stopped: by a solution to block (go on), the race or the
                // deadline (the loop's test ends it).
                None => {}
            }
        }
        self.elapsed += start.elapsed();
    }

    /// Blocks every solution the race knows that is not blocked yet;
    /// returns how many are.
    fn block(&mut self, race: &Race) -> usize {
        let blocked = self.solver.get_callbacks().map_or(0, |w| w.blocked);
        let known = race.found_from(blocked);
        for solution in &known {
            let clause: Vec<i32> = (0..self.doms.len())
                .filter(|&cell| self.doms[cell].count_ones() > 1)
                .map(|cell| {
                    let digit = solution.cells()[cell] as usize - 1;
                    -variable(self.doms[cell], self.base[cell], digit)
                })
                .collect();
            self.solver.add_clause(clause);
        }
        blocked + known.len()
    }

    /// The grid of the solver's model.
    fn solution(&self) -> Grid {
        let mut doms = self.doms.clone();
        for (cell, dom) in doms.iter_mut().enumerate() {
            if dom.count_ones() > 1 {
                let base = self.base[cell] as i32;
                let rank = (0..dom.count_ones() as i32)
                    .find(|&i| self.solver.value(base + i) == Some(true))
                    .unwrap_or(0);
                let digit = Bits(*dom).nth(rank as usize).unwrap_or(0);
                *dom = 1 << digit;
            }
        }
        houses::grid_of(&self.template, &doms)
    }

    /// The time spent building the formula and searching.
    pub(crate) fn elapsed(&self) -> Duration {
        self.elapsed
    }
}

/// Whether the puzzle `grid` under `model`, with each cell of `within`
/// restricted to its digits (bit `d` for digit `d + 1`), has a solution:
/// `None` when CaDiCaL has not decided within `conflicts` conflicts, or
/// one of the `stops` was set first. Deterministic: the same question gets
/// the same answer on any machine, unless stopped.
pub(crate) fn decide(
    model: &Model,
    grid: &Grid,
    within: &[(usize, u64)],
    conflicts: i32,
    stops: &[&AtomicBool],
) -> Option<bool> {
    let mut root = houses::Search::new(model, 0);
    if !root.start(grid) || !within.iter().all(|&(cell, digits)| root.restrict_root(cell, digits)) {
        return Some(false);
    }
    let (mut solver, _) = encode::<Flag<'_>>(model, root.domains(), 0, &|| Flag(stops).set())?;
    solver.set_callbacks(Some(Flag(stops)));
    solver.set_limit("conflicts", conflicts).ok()?;
    solver.solve()
}

/// Stops a solver when one of the flags is set.
#[derive(Debug)]
struct Flag<'a>(&'a [&'a AtomicBool]);

impl Flag<'_> {
    fn set(&self) -> bool {
        self.0.iter().any(|s| s.load(Ordering::Relaxed))
    }
}

impl Callbacks for Flag<'_> {
    fn terminate(&mut self) -> bool {
        self.set()
    }
}

/// A CaDiCaL solver holding the formula of a puzzle whose cells hold
/// `doms` (see the module's docs), and the variable of each cell's lowest
/// digit (0 for a cell of one digit), numbered in the order of the cells
/// or, for a `seed` other than 0, in a random order. `None` as soon as
/// `stop` says so (asked once a cell and once a house).
fn encode<C: Callbacks>(
    model: &Model,
    doms: &[u64],
    seed: u64,
    stop: &dyn Fn() -> bool,
) -> Option<(cadical::Solver<C>, Vec<u32>)> {
    let mut base = vec![0; doms.len()];
    let mut order: Vec<usize> = (0..doms.len()).collect();
    if seed != 0 {
        Rng::new(seed).shuffle(&mut order);
    }
    let mut vars = 0u32;
    for cell in order {
        let digits = doms[cell].count_ones();
        if digits > 1 {
            base[cell] = vars + 1;
            vars += digits;
        }
    }
    let mut solver = cadical::Solver::with_config("sat").unwrap_or_default();
    let mut formula = Formula { solver: &mut solver, vars };
    let var = |cell: usize, digit: usize| -> Option<i32> {
        let d = doms[cell];
        (d >> digit & 1 == 1 && d.count_ones() > 1).then(|| variable(d, base[cell], digit))
    };
    let n = model.side();
    let mut lits: Vec<i32> = Vec::with_capacity(n);
    for cell in (0..doms.len()).filter(|&cell| base[cell] != 0) {
        if stop() {
            return None;
        }
        lits.clear();
        lits.extend((0..n).filter_map(|digit| var(cell, digit)));
        formula.exactly_one(&lits);
    }
    for h in 0..model.houses() {
        if stop() {
            return None;
        }
        let house = model.house(h);
        for digit in 0..n {
            if house.iter().any(|&c| doms[c as usize] == 1 << digit) {
                continue;
            }
            lits.clear();
            lits.extend(house.iter().filter_map(|&c| var(c as usize, digit)));
            formula.exactly_one(&lits);
        }
    }
    for cell in 0..doms.len() {
        for &other in model.partners(cell).iter().filter(|&&o| o as usize > cell) {
            for digit in 0..n {
                match (var(cell, digit), var(other as usize, digit)) {
                    (Some(a), Some(b)) => formula.solver.add_clause([-a, -b]),
                    (Some(a), None) if doms[other as usize] == 1 << digit => {
                        formula.solver.add_clause([-a])
                    }
                    (None, Some(b)) if doms[cell] == 1 << digit => formula.solver.add_clause([-b]),
                    _ => {}
                }
            }
        }
    }
    Some((solver, base))
}

/// The variable of `digit` in a cell of domain `dom` whose lowest digit's
/// variable is `base`: its digits are numbered in order.
fn variable(dom: u64, base: u32, digit: usize) -> i32 {
    (base + (dom & ((1 << digit) - 1)).count_ones()) as i32
}

/// Clauses going into a solver, with new variables from `vars + 1` on.
struct Formula<'s, C: Callbacks> {
    solver: &'s mut cadical::Solver<C>,
    vars: u32,
}

impl<C: Callbacks> Formula<'_, C> {
    /// Exactly one of `lits` is true.
    fn exactly_one(&mut self, lits: &[i32]) {
        self.solver.add_clause(lits.iter().copied());
        if lits.len() <= PAIRWISE_MAX {
            for (i, &a) in lits.iter().enumerate() {
                for &b in &lits[i + 1..] {
                    self.solver.add_clause([-a, -b]);
                }
            }
            return;
        }
        // Sinz's sequential counter: s_i is "one of the first i is true".
        let mut prev = 0i32;
        for (i, &x) in lits.iter().enumerate() {
            let last = i + 1 == lits.len();
            if i > 0 {
                self.solver.add_clause([-x, -prev]);
            }
            if !last {
                self.vars += 1;
                let s = self.vars as i32;
                self.solver.add_clause([-x, s]);
                if i > 0 {
                    self.solver.add_clause([-prev, s]);
                }
                prev = s;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::houses::testing::{puzzle, rules, valid};
    use crate::{Regions, Rules, Sudoku, Uniqueness};
    use proptest::prelude::*;

    /// What clause learning alone answers on `grid`, with `known`
    /// solutions in the race before it starts.
    fn answer(
        sudoku: &Sudoku,
        grid: &Grid,
        known: &[Grid],
        seed: u64,
    ) -> (Option<Grid>, Uniqueness) {
        let race = Race::default();
        for solution in known {
            race.add(solution.clone());
        }
        if let Some(mut sat) = Sat::new(sudoku.houses().unwrap(), grid, &race, seed) {
            sat.run(&race, None);
        }
        race.answer().expect("an answer")
    }

    /// Gives a cell picked by `seed` a value picked by `seed`: a given that
    /// may clash, or leave no solution.
    fn clash_given(grid: &mut Grid, seed: u64) {
        let n = grid.size();
        let cell = seed as usize % (n * n);
        grid.set(cell / n, cell % n, (seed % n as u64) as u8 + 1);
    }

    /// Rules beyond the houses tests' own: a 4x4 jigsaw.
    fn more_rules(kind: u8) -> Rules {
        match kind {
            5 => Rules::jigsaw(Regions::parse("AABB AABB CDDD CCCD").unwrap()),
            _ => rules(kind),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]
        /// On random puzzles of every kind of rules (diagonal, anti-king,
        /// anti-knight, jigsaw), the answer agrees with exact cover's
        /// count: no solution, a valid unique one, or two.
        #[test]
        fn answers_as_exact_cover_counts(
            kind in 0u8..6,
            seed in 0u64..1000,
            blank in proptest::collection::vec(proptest::bool::weighted(0.6), 1..40),
            clash in proptest::bool::weighted(0.2),
        ) {
            let sudoku = Sudoku::new(more_rules(kind)).unwrap();
            let Some(mut grid) = puzzle(&sudoku, seed, &blank) else {
                return Ok(());
            };
            if clash {
                clash_given(&mut grid, seed);
            }
            let Ok(count) = sudoku.solver().count(&grid, Some(2)) else {
                return Ok(()); // clashing givens: exact cover refuses them
            };
            let (solution, uniqueness) = answer(&sudoku, &grid, &[], seed);
            prop_assert_eq!(uniqueness, Uniqueness::from_count(count));
            prop_assert_eq!(solution.is_some(), count > 0);
            if let Some(solution) = solution {
                prop_assert!(valid(&sudoku, &grid, &solution));
            }
        }

        /// [`decide`] agrees with exact cover on whether there is a
        /// solution, puzzles with a clashing given among them.
        #[test]
        fn decides_as_exact_cover_counts(
            kind in 0u8..6,
            seed in 0u64..1000,
            blank in proptest::collection::vec(proptest::bool::weighted(0.6), 1..40),
        ) {
            let sudoku = Sudoku::new(more_rules(kind)).unwrap();
            let Some(mut grid) = puzzle(&sudoku, seed, &blank) else {
                return Ok(());
            };
            clash_given(&mut grid, seed);
            let Ok(count) = sudoku.solver().count(&grid, Some(1)) else {
                return Ok(());
            };
            let stop = AtomicBool::new(false);
            prop_assert_eq!(decide(sudoku.houses().unwrap(), &grid, &[], -1, &[&stop]), Some(count > 0));
        }

        /// With a cell restricted to some digits, [`decide`] agrees with
        /// exact cover asked once per digit, that digit given.
        #[test]
        fn decides_a_restricted_cell_as_exact_cover_per_digit(
            kind in 0u8..6,
            seed in 0u64..1000,
            blank in proptest::collection::vec(proptest::bool::weighted(0.7), 1..40),
            digits in 0u64..(1 << 9),
        ) {
            let sudoku = Sudoku::new(more_rules(kind)).unwrap();
            let Some(grid) = puzzle(&sudoku, seed, &blank) else {
                return Ok(());
            };
            let n = grid.size();
            let cell = seed as usize % (n * n);
            let digits = digits & ((1 << n) - 1);
            let mut given = grid.clone();
            let mut any = false;
            for d in Bits(digits) {
                given.set(cell / n, cell % n, d as u8 + 1);
                // A digit that clashes with a given is no solution.
                any |= sudoku.solver().count(&given, Some(1)).is_ok_and(|c| c > 0);
            }
            let mut blanked = grid.clone();
            blanked.set(cell / n, cell % n, 0);
            let stop = AtomicBool::new(false);
            let answer = decide(sudoku.houses().unwrap(), &blanked, &[(cell, digits)], -1, &[&stop]);
            prop_assert_eq!(answer, Some(any));
        }

        /// With a solution already known (found by another search), the
        /// formula blocks it: a second one answers "several", none proves
        /// it unique.
        #[test]
        fn a_known_solution_is_blocked(
            kind in 0u8..6,
            seed in 0u64..1000,
            blank in proptest::collection::vec(proptest::bool::weighted(0.6), 1..40),
        ) {
            let sudoku = Sudoku::new(more_rules(kind)).unwrap();
            let Some(grid) = puzzle(&sudoku, seed, &blank) else {
                return Ok(());
            };
            let (Some(known), expected) = sudoku.solver().solve_and_check(&grid).unwrap() else {
                return Ok(());
            };
            let (solution, uniqueness) = answer(&sudoku, &grid, std::slice::from_ref(&known), seed % 3);
            prop_assert_eq!(uniqueness, expected);
            prop_assert_eq!(solution, Some(known));
        }
    }

    #[test]
    fn a_past_deadline_or_a_settled_race_stops_it() {
        let sudoku = Sudoku::new(rules(1)).unwrap();
        let grid = Grid::new(sudoku.rules().shape());
        let race = Race::default();
        let mut sat = Sat::new(sudoku.houses().unwrap(), &grid, &race, 1).unwrap();
        sat.run(&race, Some(Instant::now()));
        assert!(race.answer().is_none());
        race.finished();
        let settled = race.answer();
        sat.run(&race, None);
        assert_eq!(race.answer(), settled);
        // A race settled before the formula is built: none is built.
        assert!(Sat::new(sudoku.houses().unwrap(), &grid, &race, 1).is_none());
    }
}
