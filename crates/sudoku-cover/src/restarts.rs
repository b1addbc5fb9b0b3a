//! Big grids: a puzzle's first two solutions by randomized restarts, on one
//! thread or racing on several.
//!
//! On a grid of side [`RESTART_SIDE`] or more, a fixed search order can
//! take very long to find a solution that a slightly different order finds
//! at once (an empty 49x49 grid; a 25x25 one with 60% of its cells blank),
//! so the search is the default one for a budget of nodes, then short
//! searches with [`dlx::Config::seed`], each with its own seed, under
//! growing budgets (Luby's sequence). Two item choices take turns (on one
//! thread, and on the first of racing threads): the solver's own, and
//! [`dlx::Heuristic::ConflictWeighted`], where an item weighs more each
//! time a search dead-ends on it and the weights carry over from one
//! restart to the next, so that the search turns to the cells and houses
//! that keep failing. A third search, where the rules allow, is not exact
//! cover but whole houses ([`crate::houses`]), which sees that three cells
//! share three digits where exact cover sees one digit at a time: it takes
//! its turn on one thread, and has the second of racing threads to
//! itself; from side 49 on, under classic rules, it shares its turns with
//! local search ([`crate::local`]), which finds solutions (verified before
//! they count) but proves nothing. Every solution found is remembered:
//! two different ones answer "several", and a search that ends within its
//! budget has seen them all. Racing threads each take their own seeds and
//! share the solutions found; the first answer stops them all.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use dlx::{Heuristic, Stats, Status};

use crate::encode::Sudoku;
use crate::error::Error;
use crate::grid::Grid;
use crate::houses;
use crate::local::Local;
use crate::solver::{SudokuSolver, Uniqueness};

/// The side from which [`SudokuSolver`] searches with restarts.
pub const RESTART_SIDE: usize = 25;

/// Nodes of the default search, per cell, before the first restart.
const FIRST_PER_CELL: u64 = 16;

/// Nodes of a restart, per cell, times Luby's sequence (1, 1, 2, 1, 1, 2,
/// 4, ...).
const UNIT_PER_CELL: u64 = 4;

/// Nodes searched between looks at whether another thread answered.
const SLICE: u64 = 1 << 14;

/// The `i`th term of Luby's sequence (from 1): 1, 1, 2, 1, 1, 2, 4, 1, ...
pub(crate) fn luby(mut i: u64) -> u64 {
    loop {
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if i == (1u64 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// What racing searches share: the solutions found, the answer once known.
#[derive(Debug, Default)]
pub(crate) struct Race {
    stop: AtomicBool,
    /// A request from outside to stop racing (Ctrl-C, a time limit).
    halt: dlx::Stop,
    found: Mutex<Vec<Grid>>,
    answer: Mutex<Option<(Option<Grid>, Uniqueness)>>,
    /// The statistics of the searches that have ended, summed.
    stats: Mutex<Stats>,
}

impl Race {
    /// The answer, once a search has it.
    pub(crate) fn answer(&self) -> Option<(Option<Grid>, Uniqueness)> {
        self.answer.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Adds the statistics of a search that has ended.
    fn tally(&self, stats: Stats) {
        *self.stats.lock().unwrap_or_else(|e| e.into_inner()) += stats;
    }

    /// The statistics of every search that raced, summed.
    fn stats(&self) -> Stats {
        *self.stats.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A race that also ends, without an answer, when `halt` is requested.
    pub(crate) fn until(halt: dlx::Stop) -> Race {
        Race { halt, ..Race::default() }
    }

    fn done(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.halt.is_requested()
    }

    fn settle(&self, answer: (Option<Grid>, Uniqueness)) {
        let mut slot = self.answer.lock().unwrap_or_else(|e| e.into_inner());
        if slot.is_none() {
            *slot = Some(answer);
        }
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Adds a solution; answers "several" at the second different one.
    fn add(&self, grid: Grid) {
        let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        if !found.contains(&grid) {
            found.push(grid);
        }
        if found.len() >= 2 {
            let first = found[0].clone();
            drop(found);
            self.settle((Some(first), Uniqueness::Multiple));
        }
    }

    /// The first solution found, if any.
    fn first(&self) -> Option<Grid> {
        self.found.lock().unwrap_or_else(|e| e.into_inner()).first().cloned()
    }

    /// A search ended within its budget: it saw every solution.
    fn finished(&self) {
        let found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        let first = found.first().cloned();
        let uniqueness = Uniqueness::from_count(found.len() as u128);
        drop(found);
        self.settle((first, uniqueness));
    }
}

impl SudokuSolver<'_> {
    /// Searches the puzzle `grid`, already started (givens forced), until
    /// `race` has an answer: with `deterministic`, the default search
    /// first; then restarts seeded `first_seed`, `first_seed + step`, ...,
    /// taking turns with the searches `turns` names. The solver's engine
    /// settings are restored after.
    pub(crate) fn race(
        &mut self,
        grid: &Grid,
        race: &Race,
        deterministic: bool,
        turns: Turns,
        first_seed: u64,
        step: u64,
    ) {
        let cells = (self.sudoku().size() * self.sudoku().size()) as u64;
        if deterministic && !race.done() {
            self.race_within(race, FIRST_PER_CELL * cells);
            // Then each other item choice for a while, in order: where the
            // grid is nearly empty, one of them often goes straight down.
            let config = self.engine_mut().config();
            for (heuristic, per_cell) in [(Heuristic::MinimumRemaining, 20), (Heuristic::First, 2)]
            {
                if race.done() || config.get_heuristic() == heuristic {
                    continue;
                }
                self.keep_stats();
                self.swap_engine(config.heuristic(heuristic));
                self.race_within(race, per_cell * FIRST_PER_CELL * cells);
                self.keep_stats();
                self.swap_engine(config);
            }
        }
        // The restarts take turns: one with the solver's own item choice,
        // then one by conflicts on the spare engine, whose weights carry
        // over from one of its restarts to the next, then one by houses
        // (each search keeps its own place in Luby's sequence).
        let mut houses = match turns.houses {
            true => HouseTurns::new(self.sudoku(), grid, race, first_seed, step),
            false => None,
        };
        let weighted = self.engine_mut().config().heuristic(Heuristic::ConflictWeighted);
        let (mut seed, mut i) = (first_seed, 1);
        // Whether the spare engine holds the weighted search; whether the
        // engine's statistics are already in `earlier`.
        let (mut prepared, mut kept) = (false, false);
        while !race.done() {
            for weigh in [false, true] {
                if race.done() || (weigh && !turns.weighted) {
                    break;
                }
                if !kept {
                    self.keep_stats();
                }
                if weigh && prepared {
                    self.swap_spare();
                } else if weigh {
                    self.swap_engine(weighted);
                    prepared = true;
                }
                self.engine_mut().reseed(Some(seed));
                self.race_within(race, UNIT_PER_CELL * cells * luby(i));
                seed = seed.wrapping_add(step);
                kept = false;
                if weigh {
                    self.keep_stats();
                    self.swap_spare();
                    kept = true;
                }
            }
            if let Some(houses) = houses.as_mut() {
                houses.turn(grid, race);
            }
            i += 1;
        }
        if let Some(houses) = houses {
            race.tally(houses.stats());
        }
        if self.engine_mut().config().get_seed().is_some() {
            if !kept {
                self.keep_stats();
            }
            self.engine_mut().reseed(None);
        }
    }

    /// Runs the current search for at most `budget` nodes, reporting its
    /// solutions to `race`, until the race has an answer.
    fn race_within(&mut self, race: &Race, budget: u64) {
        while !race.done() {
            let used = self.engine_mut().stats().nodes();
            if used >= budget {
                return;
            }
            match self.engine_mut().run((budget - used).min(SLICE)) {
                Status::Solution => {
                    let grid = self.sudoku().decode(self.engine_mut().solution());
                    race.add(grid);
                }
                Status::Done => race.finished(),
                _ => {}
            }
        }
    }
}

/// Dead ends of a restart of the search by houses, times Luby's sequence.
const HOUSES_UNIT: u64 = 100;

/// The search by houses probes the cells of at most [`PROBE_DOM`] digits
/// at nodes of at most [`PROBE_DEPTH`] decisions
/// ([`houses::Search::set_probing`]).
const PROBE_DOM: u32 = 3;

/// See [`PROBE_DOM`].
const PROBE_DEPTH: usize = 4;

/// The side from which local search races (beside the search by houses,
/// with [`LOCAL_SHARE`] times its time). Below it, the grids it answered
/// in measurements were answered as fast without it, and taking time from
/// the search by houses made some slower.
const LOCAL_FIRST_SIDE: usize = 49;

/// Local search's time for each unit of the search by houses' time.
const LOCAL_SHARE: u32 = 4;

/// Steps of local search between looks at the clock and the race.
const LOCAL_SLICE: u64 = 256;

/// Whether `solution` is a solution of the puzzle `grid` under `sudoku`'s
/// rules: it keeps the givens, and exact cover with every cell given
/// finds it.
fn verified(sudoku: &Sudoku, grid: &Grid, solution: &Grid) -> bool {
    solution.is_complete()
        && solution.extends(grid)
        && sudoku.solver().count(solution, Some(2)).is_ok_and(|count| count == 1)
}

/// The searches that take turns with a solver's restarts.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Turns {
    /// Exact cover under [`Heuristic::ConflictWeighted`], on a spare engine.
    pub(crate) weighted: bool,
    /// The search by houses ([`crate::houses`]), where the rules allow it.
    pub(crate) houses: bool,
}

/// A search by houses racing one restart at a time: seeded `seed`, `seed +
/// step`, ..., under growing budgets of dead ends, its weights kept from
/// one restart to the next; once a solution is known, each choice steers
/// away from it.
struct HouseTurns<'m> {
    sudoku: &'m Sudoku,
    search: houses::Search<'m>,
    /// Local search ([`crate::local`]) on grids of side
    /// [`LOCAL_FIRST_SIDE`] or more under classic rules: after each
    /// restart by houses, it goes on until it has had [`LOCAL_SHARE`]
    /// times the time of the search by houses.
    local: Option<Local>,
    /// Time spent in local search.
    local_elapsed: Duration,
    /// Whether local search has taken up a solution another search found.
    adopted: bool,
    seed: u64,
    step: u64,
    /// Its place in Luby's sequence.
    i: u64,
    /// Time spent in its turns.
    elapsed: Duration,
}

impl<'m> HouseTurns<'m> {
    /// `None` when the rules are not all houses of `n` cells. When
    /// propagating the givens alone shows there is no solution, the race
    /// is settled at once.
    fn new(
        sudoku: &'m Sudoku,
        grid: &Grid,
        race: &Race,
        seed: u64,
        step: u64,
    ) -> Option<HouseTurns<'m>> {
        let mut search = houses::Search::new(sudoku.houses()?, seed);
        search.set_probing(PROBE_DOM, PROBE_DEPTH);
        if !search.start(grid) {
            race.finished();
        }
        let local = match sudoku.size() >= LOCAL_FIRST_SIDE {
            true => Local::new(sudoku, grid, seed),
            false => None,
        };
        Some(HouseTurns {
            sudoku,
            search,
            local,
            local_elapsed: Duration::ZERO,
            adopted: false,
            seed,
            step,
            i: 1,
            elapsed: Duration::ZERO,
        })
    }

    /// One restart, unless the race has its answer.
    fn turn(&mut self, grid: &Grid, race: &Race) {
        if race.done() {
            return;
        }
        let start = Instant::now();
        self.search.restart(self.seed);
        let avoid = race.first();
        let mut report = |doms: &[u64]| {
            race.add(houses::grid_of(grid, doms));
            !race.done()
        };
        let budget = HOUSES_UNIT * luby(self.i);
        let end = self.search.run(budget, avoid.as_ref(), &|| race.done(), &mut report);
        if end == houses::End::Exhausted {
            race.finished();
        }
        self.seed = self.seed.wrapping_add(self.step);
        self.i += 1;
        self.elapsed += start.elapsed();
        self.local_turn(grid, race);
    }

    /// Local search until it has had [`LOCAL_SHARE`] times the time of the
    /// search by houses; a solution another search found is taken up once.
    fn local_turn(&mut self, grid: &Grid, race: &Race) {
        let Some(local) = self.local.as_mut() else {
            return;
        };
        let start = Instant::now();
        let sudoku = self.sudoku;
        let mut report = |solution: Grid| {
            // Trusted only once the full rules and the givens agree.
            if verified(sudoku, grid, &solution) {
                race.add(solution);
            }
            !race.done()
        };
        let mut going = true;
        if !self.adopted {
            if let Some(first) = race.first() {
                self.adopted = true;
                going = local.adopt(&first);
            }
        }
        while going
            && !race.done()
            && self.local_elapsed + start.elapsed() < self.elapsed * LOCAL_SHARE
        {
            going = local.run(LOCAL_SLICE, &mut report);
        }
        self.local_elapsed += start.elapsed();
        if !going {
            self.local = None;
        }
    }

    /// Its statistics: decisions as nodes, no updates.
    fn stats(&self) -> Stats {
        let (nodes, deepest) = self.search.nodes();
        Stats::from_nodes(nodes, deepest, self.elapsed + self.local_elapsed)
    }
}

impl Sudoku {
    /// [`SudokuSolver::solve_and_check`] on `threads` threads at once, with
    /// engine settings `config` (as [`solver_with_config`](Self::solver_with_config)),
    /// for one hard puzzle: the first thread searches as a solver would
    /// (the default search, then restarts, every other one choosing items
    /// by conflicts, [`dlx::Heuristic::ConflictWeighted`]); the second
    /// searches by houses instead of exact cover (all-different
    /// propagation over each house as a whole, with restarts of its own),
    /// where every house holds every digit (all the built-in rules), taking
    /// turns from side 49 on with local search on classic rules; the
    /// others restart at once with exact cover, each with seeds of its own,
    /// every other one (the fourth, the sixth, ...) choosing items by
    /// conflicts. The solutions they find are shared, and the first answer
    /// stops them all. On a grid below
    /// [`RESTART_SIDE`], or on one thread, it is a solver's
    /// `solve_and_check`.
    ///
    /// ```
    /// use sudoku_cover::{Grid, Rules, Shape, Sudoku, Uniqueness};
    ///
    /// let shape = Shape::new(5, 5)?;
    /// let sudoku = Sudoku::new(Rules::new(shape))?;
    /// let (solution, uniqueness) = sudoku.solve_and_check_on(&Grid::new(shape), 2, Sudoku::config())?;
    /// assert!(solution.expect("a solution").is_complete());
    /// assert_eq!(uniqueness, Uniqueness::Multiple);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_and_check_on(
        &self,
        grid: &Grid,
        threads: usize,
        config: dlx::Config,
    ) -> Result<(Option<Grid>, Uniqueness), Error> {
        let threads = threads.max(1);
        if threads == 1 || self.size() < RESTART_SIDE {
            return self.solver_with_config(config).solve_and_check(grid);
        }
        let raced = self.solve_and_check_until(grid, threads, config, &dlx::Stop::new())?;
        Ok(raced.answer.unwrap_or((None, Uniqueness::None)))
    }

    /// [`solve_and_check_on`](Self::solve_and_check_on) that gives up when
    /// `stop` is requested (the searches look at it between slices of a few
    /// thousand nodes), with the statistics of every search that raced.
    /// Grids below [`RESTART_SIDE`], and one thread, race too.
    ///
    /// ```
    /// use sudoku_cover::{Grid, Rules, Shape, Sudoku, Uniqueness};
    ///
    /// let sudoku = Sudoku::new(Rules::new(Shape::new(5, 5)?))?;
    /// let grid = Grid::new(sudoku.rules().shape());
    /// let raced = sudoku.solve_and_check_until(&grid, 1, Sudoku::config(), &dlx::Stop::new())?;
    /// assert_eq!(raced.answer.expect("not stopped").1, Uniqueness::Multiple);
    /// assert!(raced.stats.nodes() > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_and_check_until(
        &self,
        grid: &Grid,
        threads: usize,
        config: dlx::Config,
        stop: &dlx::Stop,
    ) -> Result<Raced, Error> {
        let threads = threads.max(1);
        let mut first = self.solver_with_config(config);
        first.begin(grid)?;
        let race = Race::until(stop.clone());
        // The first thread: exact cover, as a lone solver searches. With
        // other threads, the second searches by houses (where the rules
        // allow), the rest restart with exact cover, every other one under
        // conflict weights.
        let houses_apart = threads > 1 && self.houses().is_some();
        let turns = Turns { weighted: true, houses: !houses_apart };
        std::thread::scope(|scope| {
            for t in 1..threads {
                let race = &race;
                let seed = t as u64 + 1;
                scope.spawn(move || {
                    if t == 1 && houses_apart {
                        if let Some(mut houses) =
                            HouseTurns::new(self, grid, race, seed, threads as u64)
                        {
                            while !race.done() {
                                houses.turn(grid, race);
                            }
                            race.tally(houses.stats());
                        }
                        return;
                    }
                    let weigh = t % 2 == 1;
                    let config = match weigh {
                        true => config.heuristic(Heuristic::ConflictWeighted),
                        false => config,
                    };
                    let mut solver = self.solver_with_config(config);
                    if solver.begin(grid).is_ok() {
                        let turns = Turns { weighted: false, houses: false };
                        solver.race(grid, race, false, turns, seed, threads as u64);
                        race.tally(solver.last_stats());
                    }
                });
            }
            first.race(grid, &race, true, turns, 1, threads as u64);
            race.tally(first.last_stats());
        });
        Ok(Raced { answer: race.answer(), stats: race.stats() })
    }
}

/// What [`Sudoku::solve_and_check_until`] found, and what it took.
#[derive(Debug, Clone)]
pub struct Raced {
    /// A solution (if there is one) and whether it is the only one; `None`
    /// if the search was stopped first.
    pub answer: Option<(Option<Grid>, Uniqueness)>,
    /// Every racing search's statistics, summed: nodes, updates and time
    /// of the exact-cover searches, and the decisions of the search by
    /// houses as nodes (it makes no updates). The time is the threads'
    /// time, added up.
    pub stats: Stats,
}

#[cfg(test)]
mod tests {
    use super::luby;

    #[test]
    fn luby_sequence() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
