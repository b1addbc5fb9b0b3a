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
//! its turn on one thread, and has a racing thread to itself; from side 49
//! on, under classic rules, it shares its turns with local search
//! ([`crate::local`]), which finds solutions (verified before they count)
//! but proves nothing. A fourth, clause learning ([`crate::sat`]), takes
//! the grids with about half their cells blank, where the others wander:
//! on a [dense] grid it takes turns on the first thread and has the second
//! to itself (the search by houses then takes the third, if any, or its
//! turns on the first). Every solution found is remembered:
//! two different ones answer "several", and a search that ends within its
//! budget has seen them all. Racing threads each take their own seeds and
//! share the solutions found; the first answer stops them all.

use std::time::Instant;

use dlx::{Heuristic, Stats, Status};

use crate::encode::Sudoku;
use crate::error::Error;
use crate::grid::Grid;
use crate::sat::Sat;
use crate::solver::{SudokuSolver, Uniqueness};

mod race;
mod turns;

pub(crate) use race::Race;
pub(crate) use turns::{HOUSES_UNIT, Turns, dense};
use turns::{HouseTurns, SatTurns};

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
        let mut sat = SatTurns::new(turns.sat, first_seed);
        let weighted = self.engine_mut().config().heuristic(Heuristic::ConflictWeighted);
        let (mut seed, mut i) = (first_seed, 1);
        // Whether the spare engine holds the weighted search; whether the
        // engine's statistics are already in `earlier`.
        let (mut prepared, mut kept) = (false, false);
        while !race.done() {
            let round = Instant::now();
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
            sat.turn(self.sudoku(), grid, race, round.elapsed());
            i += 1;
        }
        if let Some(houses) = houses {
            race.tally(houses.stats());
        }
        race.tally(sat.stats());
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

impl Sudoku {
    /// [`SudokuSolver::solve_and_check`] on `threads` threads at once, with
    /// engine settings `config` (as [`solver_with_config`](Self::solver_with_config)),
    /// for one hard puzzle: the first thread searches as a solver would
    /// (the default search, then restarts, every other one choosing items
    /// by conflicts, [`dlx::Heuristic::ConflictWeighted`], and on a grid
    /// with at most 65% of its cells blank, turns of clause learning);
    /// where every house holds every digit (all the built-in rules), the
    /// next two search by houses instead of exact cover (all-different
    /// propagation over each house as a whole, with restarts of its own,
    /// taking turns from side 49 on with local search on classic rules) and
    /// by clause learning (CaDiCaL, with the crate's `sat` feature), the
    /// latter first on a dense grid; the others restart at once with exact
    /// cover, each with seeds of its own, every other one choosing items by
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
        let raced = self.solve_and_check_until(grid, threads, config, &dlx::Stop::new(), None)?;
        Ok(raced.answer.unwrap_or((None, Uniqueness::None)))
    }

    /// [`solve_and_check_on`](Self::solve_and_check_on) that gives up when
    /// `stop` is requested or the `deadline` passes (the searches look at
    /// both between slices of a few thousand nodes, clause learning between
    /// conflicts), with the statistics of every search that raced. Grids
    /// below [`RESTART_SIDE`], and one thread, race too.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use sudoku_cover::{Grid, Rules, Shape, Sudoku, Uniqueness};
    ///
    /// let sudoku = Sudoku::new(Rules::new(Shape::new(5, 5)?))?;
    /// let grid = Grid::new(sudoku.rules().shape());
    /// let stop = dlx::Stop::new();
    /// let raced = sudoku.solve_and_check_until(&grid, 1, Sudoku::config(), &stop, None)?;
    /// assert_eq!(raced.answer.expect("not stopped").1, Uniqueness::Multiple);
    /// assert!(raced.stats.nodes() > 0);
    ///
    /// // A deadline already past: no answer.
    /// let past = Some(Instant::now() - Duration::from_secs(1));
    /// let raced = sudoku.solve_and_check_until(&grid, 2, Sudoku::config(), &stop, past)?;
    /// assert!(raced.answer.is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_and_check_until(
        &self,
        grid: &Grid,
        threads: usize,
        config: dlx::Config,
        stop: &dlx::Stop,
        deadline: Option<Instant>,
    ) -> Result<Raced, Error> {
        let threads = threads.max(1);
        let mut first = self.solver_with_config(config);
        first.begin(grid)?;
        let race = Race::until(stop.clone());
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Ok(Raced { answer: None, stats: Stats::default() });
        }
        // The first thread: exact cover, as a lone solver searches. The
        // next ones, where the rules allow, search by houses and by clause
        // learning, the one that suits the grid first (clause learning on a
        // dense grid); the rest restart with exact cover, every other one
        // under conflict weights. The search by houses, without a thread of
        // its own, takes turns on the first thread, and so does clause
        // learning on a dense grid, with its variables numbered in another
        // order (CDCL's time varies widely with it, so two orders answer
        // sooner than one).
        let dense = dense(grid);
        let mut apart = Vec::new();
        if self.houses().is_some() {
            apart = match dense && Sat::AVAILABLE {
                true => vec![Apart::Sat, Apart::Houses],
                false => vec![Apart::Houses, Apart::Sat],
            };
            apart.truncate(threads - 1);
        }
        let turns = Turns { weighted: true, houses: !apart.contains(&Apart::Houses), sat: dense };
        std::thread::scope(|scope| {
            // Sleeps until the deadline, then ends the race without an
            // answer; woken early when the race ends.
            let timer = deadline.map(|deadline| {
                let race = &race;
                scope.spawn(move || {
                    while !race.done() {
                        let now = Instant::now();
                        if now >= deadline {
                            race.time_out();
                            break;
                        }
                        std::thread::park_timeout(deadline - now);
                    }
                })
            });
            for t in 1..threads {
                let race = &race;
                let seed = t as u64 + 1;
                let apart = apart.get(t - 1).copied();
                scope.spawn(move || match apart {
                    Some(Apart::Houses) => {
                        if let Some(mut houses) =
                            HouseTurns::new(self, grid, race, seed, threads as u64)
                        {
                            while !race.done() {
                                houses.turn(grid, race);
                            }
                            race.tally(houses.stats());
                        }
                    }
                    Some(Apart::Sat) => {
                        let model = self.houses().expect("apart only where the rules allow");
                        if let Some(mut sat) = Sat::new(model, grid, race, 0) {
                            sat.run(race, None);
                            race.tally(Stats::from_nodes(0, 0, sat.elapsed()));
                        }
                    }
                    None => {
                        let weigh = t % 2 == 1;
                        let config = match weigh {
                            true => config.heuristic(Heuristic::ConflictWeighted),
                            false => config,
                        };
                        let mut solver = self.solver_with_config(config);
                        if solver.begin(grid).is_ok() {
                            let turns = Turns { weighted: false, houses: false, sat: false };
                            solver.race(grid, race, false, turns, seed, threads as u64);
                            race.tally(solver.last_stats());
                        }
                    }
                });
            }
            first.race(grid, &race, true, turns, 1, threads as u64);
            race.tally(first.last_stats());
            if let Some(timer) = timer {
                // The first thread returns once the race is done.
                timer.thread().unpark();
            }
        });
        Ok(Raced { answer: race.answer(), stats: race.stats() })
    }
}

/// A search with a thread of its own beside exact cover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Apart {
    Houses,
    Sat,
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
