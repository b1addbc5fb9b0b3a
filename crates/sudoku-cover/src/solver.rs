//! [`SudokuSolver`]: solves, counts and checks puzzles under one
//! [`Sudoku`]'s rules, reusing the engine's memory from puzzle to puzzle.

use std::fmt;

use dlx::{OptionId, Stats, Status};

use crate::encode::Sudoku;
use crate::error::{Error, ErrorKind};
use crate::grid::Grid;
use crate::restarts::{RESTART_SIDE, Race, Turns, dense};

/// How many solutions a puzzle has, as far as a sudoku cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Uniqueness {
    /// No solution.
    None,
    /// Exactly one solution: a proper sudoku.
    Unique,
    /// Two or more solutions.
    Multiple,
}

impl Uniqueness {
    /// The uniqueness of a puzzle with `count` solutions.
    pub fn from_count(count: u128) -> Uniqueness {
        match count {
            0 => Uniqueness::None,
            1 => Uniqueness::Unique,
            _ => Uniqueness::Multiple,
        }
    }
}

impl fmt::Display for Uniqueness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Uniqueness::None => "none",
            Uniqueness::Unique => "unique",
            Uniqueness::Multiple => "multiple",
        })
    }
}

/// Solves puzzles under one [`Sudoku`]'s rules. Create one per thread with
/// [`Sudoku::solver`] and reuse it: each puzzle resets the engine and forces
/// the givens, which allocates nothing.
///
/// Every method checks the puzzle first: a grid of the wrong side, or
/// givens that clash (`r3c1 and r3c7 both hold 5`), is an [`Error`]; a
/// valid puzzle without a solution is not.
///
/// ```
/// use sudoku_cover::{Grid, Rules, Sudoku, Uniqueness};
///
/// let sudoku = Sudoku::new(Rules::classic())?;
/// let mut solver = sudoku.solver();
/// let puzzle: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let solution = solver.solve(&puzzle)?.expect("a solution");
/// assert!(solution.is_complete() && solution.extends(&puzzle));
/// assert_eq!(solver.check(&puzzle)?, Uniqueness::Unique);
///
/// let mut clash = puzzle.clone();
/// clash.set(1, 0, 4); // r2c1 = 4, under the 4 in r1c1
/// assert_eq!(solver.check(&clash).unwrap_err().to_string(), "r1c1 and r2c1 both hold 4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct SudokuSolver<'a> {
    sudoku: &'a Sudoku,
    solver: dlx::Solver<'a>,
    /// Statistics of the puzzles before the current one.
    total: Stats,
    /// Statistics of the current puzzle's searches before the engine's
    /// latest one (a big grid's restarts).
    earlier: Stats,
    /// The current puzzle's givens, as options.
    givens: Vec<OptionId>,
    /// An engine with other settings, kept between puzzles (the restarts
    /// try other item choices).
    spare: Option<dlx::Solver<'a>>,
}

impl<'a> SudokuSolver<'a> {
    pub(crate) fn new(sudoku: &'a Sudoku, config: dlx::Config) -> SudokuSolver<'a> {
        SudokuSolver {
            sudoku,
            solver: dlx::Solver::with_config(sudoku.problem(), config),
            total: Stats::default(),
            earlier: Stats::default(),
            givens: Vec::new(),
            spare: None,
        }
    }

    /// The compiled rules this solver works with.
    pub fn sudoku(&self) -> &'a Sudoku {
        self.sudoku
    }

    /// Resets the engine and forces the givens of `grid`.
    fn start(&mut self, grid: &Grid) -> Result<(), Error> {
        let n = self.sudoku.size();
        if grid.size() != n {
            return Err(ErrorKind::WrongSize { expected: n, found: grid.size() }.into());
        }
        self.total += self.last_stats();
        self.earlier = Stats::default();
        self.solver.reset();
        // Without a branch per cell (whether a cell is given follows no
        // pattern a branch predictor could learn): every cell writes its
        // option, and only the givens' count.
        let (cells, sudoku) = (grid.cells(), self.sudoku);
        self.givens.resize(cells.len(), OptionId::new(0));
        let givens = &mut self.givens[..cells.len()];
        let mut count = 0;
        for (i, &v) in cells.iter().enumerate() {
            givens[count] = sudoku.cell_option(i, v.max(1));
            count += usize::from(v != 0);
        }
        self.givens.truncate(count);
        match self.solver.choose_all(&self.givens) {
            Ok(()) => Ok(()),
            Err(e) => match *e.kind() {
                dlx::ErrorKind::Conflict { option } => Err(self.clash(OptionId::new(option))),
                _ => Err(ErrorKind::Engine(e).into()),
            },
        }
    }

    /// The error for a given whose option could not be forced: it shares
    /// an item (a house and symbol, or an exclusion and symbol) with a given
    /// before it.
    fn clash(&self, option: OptionId) -> Error {
        let problem = self.sudoku.problem();
        let items = problem.option(option);
        let other =
            self.givens.iter().take_while(|&&g| g != option).find(|&&f| {
                problem.option(f).iter().any(|e| items.iter().any(|x| x.item == e.item))
            });
        let cell = |o: OptionId| self.sudoku.cell_of(o).unwrap_or_default();
        let (r2, c2, value) = cell(option);
        let (r1, c1, _) = other.map_or((r2, c2, value), |&o| cell(o));
        ErrorKind::Clash { first: (r1, c1), second: (r2, c2), value }.into()
    }

    /// The first solution found, or `None` when the puzzle has none.
    pub fn solve(&mut self, grid: &Grid) -> Result<Option<Grid>, Error> {
        self.start(grid)?;
        Ok(self.solver.next_solution().map(|s| self.sudoku.decode(s)))
    }

    /// Like [`solve`](Self::solve), but writes the solution into `out`
    /// (replacing its cells) and returns whether there was one: no
    /// allocation at all once `out` has the rules' shape.
    pub fn solve_into(&mut self, grid: &Grid, out: &mut Grid) -> Result<bool, Error> {
        self.start(grid)?;
        match self.solver.next_solution() {
            Some(s) => {
                self.sudoku.decode_into(s, out);
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Counts the solutions, stopping at `limit` if one is given.
    pub fn count(&mut self, grid: &Grid, limit: Option<u128>) -> Result<u128, Error> {
        self.start(grid)?;
        Ok(match limit {
            Some(limit) => self.solver.count_up_to(limit),
            None => self.solver.count(),
        })
    }

    /// Whether the puzzle has no solution, one, or more (it stops at the
    /// second). From side [`RESTART_SIDE`] on, as
    /// [`solve_and_check`](Self::solve_and_check) does.
    pub fn check(&mut self, grid: &Grid) -> Result<Uniqueness, Error> {
        if self.sudoku.size() >= RESTART_SIDE {
            return self.solve_and_check(grid).map(|(_, uniqueness)| uniqueness);
        }
        self.count(grid, Some(2)).map(Uniqueness::from_count)
    }

    /// Like [`check`](Self::check), but gives up after `max_nodes`
    /// search-tree nodes: `None` when the budget ran out before the answer
    /// was known. A generator asks this of thousands of puzzles, and one
    /// hard one must not stall it.
    pub fn check_within(
        &mut self,
        grid: &Grid,
        max_nodes: u64,
    ) -> Result<Option<Uniqueness>, Error> {
        self.start(grid)?;
        let mut found = 0;
        while found < 2 {
            match self.run_within(max_nodes) {
                Some(true) => found += 1,
                Some(false) => break,
                None => return Ok(None),
            }
        }
        Ok(Some(Uniqueness::from_count(found)))
    }

    /// Like [`solve_into`](Self::solve_into), but gives up after
    /// `max_nodes` search-tree nodes: `None` when the budget ran out before
    /// a solution was found or shown not to exist.
    pub fn solve_within(
        &mut self,
        grid: &Grid,
        out: &mut Grid,
        max_nodes: u64,
    ) -> Result<Option<bool>, Error> {
        self.start(grid)?;
        let found = self.run_within(max_nodes);
        if found == Some(true) {
            self.sudoku.decode_into(self.solver.solution(), out);
        }
        Ok(found)
    }

    /// Whether the puzzle has a solution, within `max_nodes` search-tree
    /// nodes: like [`solve_within`](Self::solve_within) without writing
    /// the solution out.
    pub fn has_solution_within(
        &mut self,
        grid: &Grid,
        max_nodes: u64,
    ) -> Result<Option<bool>, Error> {
        self.start(grid)?;
        Ok(self.run_within(max_nodes))
    }

    /// Searches on to the next solution (`Some(true)`), the end
    /// (`Some(false)`), or until the puzzle's search has visited
    /// `max_nodes` nodes in all (`None`).
    fn run_within(&mut self, max_nodes: u64) -> Option<bool> {
        let left = max_nodes.checked_sub(self.solver.stats().nodes()).filter(|&n| n > 0)?;
        match self.solver.run(left) {
            Status::Solution => Some(true),
            Status::Done => Some(false),
            _ => None,
        }
    }

    /// Solves and proves uniqueness in one search: the first solution (if
    /// any) and whether there is a second. From side
    /// [`RESTART_SIDE`] on, the search is the default
    /// one for a while, then randomized restarts (see
    /// [`Sudoku::solve_and_check_on`]), so a solution may come from
    /// any of them.
    pub fn solve_and_check(&mut self, grid: &Grid) -> Result<(Option<Grid>, Uniqueness), Error> {
        self.start(grid)?;
        if self.sudoku.size() >= RESTART_SIDE {
            let race = Race::default();
            let turns = Turns { weighted: true, houses: true, sat: dense(grid) };
            self.race(grid, &race, true, turns, 1, 1);
            return Ok(race.answer().unwrap_or((None, Uniqueness::None)));
        }
        let (count, first) = self.solver.count_up_to_keeping_first(2);
        Ok((first.map(|s| self.sudoku.decode(s)), Uniqueness::from_count(count)))
    }

    /// Like [`solve_and_check`](Self::solve_and_check), but writes the
    /// solution into `out` (replacing its cells) and returns whether there
    /// was one: a batch answers puzzle after puzzle without an allocation
    /// once `out` has the rules' shape.
    pub fn solve_and_check_into(
        &mut self,
        grid: &Grid,
        out: &mut Grid,
    ) -> Result<(bool, Uniqueness), Error> {
        if self.sudoku.size() >= RESTART_SIDE {
            return Ok(match self.solve_and_check(grid)? {
                (Some(solution), uniqueness) => {
                    *out = solution;
                    (true, uniqueness)
                }
                (None, uniqueness) => (false, uniqueness),
            });
        }
        self.start(grid)?;
        // One call finds the solution and looks for a second.
        let (count, first) = self.solver.count_up_to_keeping_first(2);
        let Some(first) = first else { return Ok((false, Uniqueness::None)) };
        self.sudoku.decode_into(first, out);
        Ok((true, Uniqueness::from_count(count)))
    }

    /// Like [`solve_and_check_into`](Self::solve_and_check_into), but
    /// copies the solution's options (the givens first) into `options`
    /// instead of decoding them, for the caller to decode where it suits
    /// ([`Sudoku::decode_into`]: a batch decodes on the thread that writes,
    /// not on the workers). Below [`RESTART_SIDE`] only, where one engine
    /// searches; from it on `None`: use `solve_and_check_into`.
    pub fn solve_and_check_options(
        &mut self,
        grid: &Grid,
        options: &mut Vec<OptionId>,
    ) -> Option<Result<(bool, Uniqueness), Error>> {
        if self.sudoku.size() >= RESTART_SIDE {
            return None;
        }
        Some(self.start(grid).map(|()| {
            let (count, first) = self.solver.count_up_to_keeping_first(2);
            options.clear();
            options.extend_from_slice(first.unwrap_or_default());
            (count > 0, Uniqueness::from_count(count))
        }))
    }

    /// All solutions, found lazily as the iterator is advanced.
    pub fn solutions(&mut self, grid: &Grid) -> Result<Solutions<'_, 'a>, Error> {
        self.start(grid)?;
        Ok(Solutions { solver: self })
    }

    /// Search statistics, summed over every puzzle since the solver was
    /// created (see [`last_stats`](Self::last_stats) for the latest one).
    /// Puzzles rejected as invalid add nothing.
    pub fn stats(&self) -> Stats {
        let mut s = self.total;
        s += self.last_stats();
        s
    }

    /// Search statistics of the latest puzzle alone.
    pub fn last_stats(&self) -> Stats {
        let mut s = self.earlier;
        s += self.solver.stats();
        s
    }

    /// The engine, for the restarts (which count each search's statistics
    /// in `earlier` before they reseed it).
    pub(crate) fn engine_mut(&mut self) -> &mut dlx::Solver<'a> {
        &mut self.solver
    }

    /// Replaces the engine by one with settings `config`, with the same
    /// givens forced (the other engine is kept for when `config` comes
    /// back).
    pub(crate) fn swap_engine(&mut self, config: dlx::Config) {
        let problem = self.sudoku.problem();
        let mut other = match self.spare.take() {
            Some(spare) if spare.config().seed(None) == config.seed(None) => spare,
            _ => dlx::Solver::with_config(problem, config),
        };
        other.reset();
        other.choose_all(&self.givens).expect("the givens were forced before");
        if other.config() != config {
            other.reseed(config.get_seed());
        }
        self.spare = Some(std::mem::replace(&mut self.solver, other));
    }

    /// Swaps the engine and the spare one as they stand, searches and all:
    /// right after [`swap_engine`](Self::swap_engine) for the same puzzle,
    /// both hold its givens, and each goes on where it was.
    pub(crate) fn swap_spare(&mut self) {
        if let Some(spare) = self.spare.as_mut() {
            std::mem::swap(&mut self.solver, spare);
        }
    }

    /// Keeps the statistics of the engine's search before a restart.
    pub(crate) fn keep_stats(&mut self) {
        self.earlier += self.solver.stats();
    }

    /// Resets the engine and forces the givens of `grid`, for a search
    /// driven from outside (the restarts).
    pub(crate) fn begin(&mut self, grid: &Grid) -> Result<(), Error> {
        self.start(grid)
    }
}

/// The solutions of a puzzle, found lazily. Created by
/// [`SudokuSolver::solutions`].
#[derive(Debug)]
pub struct Solutions<'s, 'a> {
    solver: &'s mut SudokuSolver<'a>,
}

impl Iterator for Solutions<'_, '_> {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        let sudoku = self.solver.sudoku;
        self.solver.solver.next_solution().map(|s| sudoku.decode(s))
    }
}

impl std::iter::FusedIterator for Solutions<'_, '_> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rules, Shape};

    fn four() -> Sudoku {
        Sudoku::new(Rules::new(Shape::for_size(4).unwrap())).unwrap()
    }

    #[test]
    fn empty_four_by_four() {
        let sudoku = four();
        let mut solver = sudoku.solver();
        let empty = Grid::new(Shape::for_size(4).unwrap());
        assert_eq!(solver.count(&empty, None).unwrap(), 288);
        assert_eq!(solver.count(&empty, Some(10)).unwrap(), 10);
        assert_eq!(solver.check(&empty).unwrap(), Uniqueness::Multiple);
        assert_eq!(solver.solutions(&empty).unwrap().count(), 288);
        assert_eq!(solver.stats().solutions(), 288 + 10 + 2 + 288);
        assert_eq!(solver.last_stats().solutions(), 288);
    }

    #[test]
    fn wrong_size_is_an_error() {
        let sudoku = four();
        let e = sudoku.solver().solve(&Grid::new(Shape::CLASSIC)).unwrap_err();
        assert_eq!(e.to_string(), "the grid is 9x9 but the rules are for 4x4");
    }

    #[test]
    fn no_solution_is_not_an_error() {
        let sudoku = four();
        let mut solver = sudoku.solver();
        // Consistent givens, but r1c1 can hold nothing.
        let g: Grid = ".12.....3...4...".parse().unwrap();
        assert_eq!(solver.solve(&g).unwrap(), None);
        assert_eq!(solver.check(&g).unwrap(), Uniqueness::None);
        let mut out = Grid::new(g.shape());
        assert!(!solver.solve_into(&g, &mut out).unwrap());
        assert_eq!(solver.solve_and_check(&g).unwrap(), (None, Uniqueness::None));
        assert_eq!(solver.solve_and_check_into(&g, &mut out).unwrap(), (false, Uniqueness::None));
    }

    #[test]
    fn solve_and_check_into_reuses_a_grid_of_any_shape() {
        let sudoku = four();
        let mut solver = sudoku.solver();
        let empty = Grid::new(Shape::for_size(4).unwrap());
        // A grid of another shape is replaced, one of the rules' shape
        // overwritten.
        let mut out = Grid::new(Shape::CLASSIC);
        let found = solver.solve_and_check_into(&empty, &mut out).unwrap();
        assert_eq!(found, (true, Uniqueness::Multiple));
        assert_eq!(Some(out.clone()), solver.solve(&empty).unwrap());
        let unique: Grid = "1.3...2.........".parse().unwrap();
        let (first, uniqueness) = solver.solve_and_check(&unique).unwrap();
        let found = solver.solve_and_check_into(&unique, &mut out).unwrap();
        assert_eq!((Some(out), found), (first, (true, uniqueness)));
    }

    #[test]
    fn options_left_to_decode_are_the_solution() {
        let sudoku = four();
        let mut solver = sudoku.solver();
        let (mut options, mut out) = (Vec::new(), Grid::new(Shape::CLASSIC));
        let none: Grid = ".12.....3...4...".parse().unwrap();
        let unique: Grid = "1.3...2.........".parse().unwrap();
        for g in [Grid::new(Shape::for_size(4).unwrap()), none, unique] {
            let (first, uniqueness) = solver.solve_and_check(&g).unwrap();
            let found = solver.solve_and_check_options(&g, &mut options).unwrap().unwrap();
            assert_eq!(found, (first.is_some(), uniqueness));
            assert_eq!(options.is_empty(), first.is_none());
            sudoku.decode_into(&options, &mut out);
            assert_eq!(first.unwrap_or_else(|| Grid::new(g.shape())), out);
        }
    }
}
