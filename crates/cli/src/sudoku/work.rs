//! The work on one puzzle: [`Worker`], a worker thread's solvers, and
//! [`count_on_all_threads`] for a count too large for one.

use std::cell::OnceCell;
use std::sync::Arc;
use std::time::Instant;

use dlx::{OptionId, Parallel, Status, Stop};
use sudoku_cover::human::{Ladder, Units};
use sudoku_cover::{Grid, Puzzle, Raced, Sudoku, SudokuSolver};

use super::{Answer, Item, ItemKind, Outcome, Within, human};
use crate::config::{SudokuConfig, Task};
use crate::progress::{Progress, REFRESH};

/// The most solvers a worker keeps at once (one per compiled rules).
const MAX_SOLVERS: usize = 4;

/// The search-tree nodes a count takes between looks at its [`Stop`]
/// (about 10 ms).
const SLICE: u64 = 1 << 16;

/// A worker thread's solvers, one per compiled rules it has met; and the
/// engine's solvers it counts with on a budget; all with the same engine
/// settings. For rate, hint and explain, the rules' geometry and the
/// ladder of techniques.
#[derive(Debug)]
pub(super) struct Worker<'a> {
    search: dlx::Config,
    solvers: Vec<SudokuSolver<'a>>,
    counters: Vec<dlx::Solver<'a>>,
    units: Vec<(&'a Sudoku, Arc<Units>)>,
    /// Made on first use: only the human solver's tasks climb it.
    ladder: OnceCell<Ladder>,
    /// A grid and options to write the next solution into (from an answer
    /// already written), so that solving allocates nothing.
    spare: Option<(Grid, Vec<OptionId>)>,
}

/// The element of `list` that `is` picks, made by `make` (in place of the
/// oldest, when the list is full) if there is none.
fn find_or_make<T>(list: &mut Vec<T>, is: impl Fn(&T) -> bool, make: impl FnOnce() -> T) -> &mut T {
    let i = match list.iter().position(is) {
        Some(i) => i,
        None => {
            if list.len() >= MAX_SOLVERS {
                list.remove(0);
            }
            list.push(make());
            list.len() - 1
        }
    };
    &mut list[i]
}

impl<'a> Worker<'a> {
    pub(super) fn new(search: dlx::Config) -> Worker<'a> {
        Worker {
            search,
            solvers: Vec::new(),
            counters: Vec::new(),
            units: Vec::new(),
            ladder: OnceCell::new(),
            spare: None,
        }
    }

    /// Keeps the grid and options of an answer already written, to write
    /// the next solution into: solving then allocates nothing.
    pub(super) fn reuse(&mut self, written: Answer) {
        if let Answer::Done(Outcome::Solved(grid, _, options), _) = written {
            self.spare = Some((grid, options));
        }
    }

    /// Answers one item into `slot` (which holds an earlier answer, whose
    /// memory it reuses), as [`work`](Self::work) does. A puzzle to solve
    /// whose slot holds an earlier solution is solved in place: the
    /// options copied over the old ones, nothing moved.
    pub(super) fn work_into(&mut self, item: &'a Item, within: Within<'_>, slot: &mut Answer) {
        if let (
            Task::Solve(_),
            ItemKind::Puzzle { puzzle: puzzle @ Puzzle { marks: None, .. }, sudoku: Ok(sudoku) },
            Answer::Done(Outcome::Solved(_, uniqueness, options), stats),
        ) = (within.task, &item.kind, &mut *slot)
        {
            let solver = self.solver(sudoku);
            // (`None` for a big puzzle, which searches by restarts below.)
            match solver.solve_and_check_options(&puzzle.grid, options) {
                Some(Ok((true, found))) => {
                    *uniqueness = found;
                    *stats = solver.last_stats();
                    return;
                }
                Some(Ok((false, _))) => {
                    let stats = solver.last_stats();
                    self.reuse(std::mem::take(slot));
                    *slot = Answer::Done(Outcome::NoSolution, stats);
                    return;
                }
                // Invalid (the general path below names why), or a big
                // puzzle (which searches by restarts).
                _ => {}
            }
        }
        self.reuse(std::mem::take(slot));
        *slot = self.work(item, within);
    }

    /// The engine settings.
    pub(super) fn search(&self) -> dlx::Config {
        self.search
    }

    /// The solver for these compiled rules.
    pub(super) fn solver(&mut self, sudoku: &'a Sudoku) -> &mut SudokuSolver<'a> {
        let search = self.search;
        find_or_make(
            &mut self.solvers,
            |s| std::ptr::eq(s.sudoku(), sudoku),
            || sudoku.solver_with_config(search),
        )
    }

    /// Counts the solutions of a puzzle within `budget` search-tree nodes,
    /// with a solver kept for its compiled rules, as [`count_with`] does.
    fn count_within(&mut self, sudoku: &'a Sudoku, grid: &Grid, bounds: Bounds<'_>) -> Budgeted {
        let problem = sudoku.problem();
        let solver = find_or_make(
            &mut self.counters,
            |s| std::ptr::eq(s.problem(), problem),
            || dlx::Solver::with_config(problem, self.search),
        );
        count_with(solver, sudoku, grid, bounds)
    }

    /// Answers one item: for `sudoku solve`, the first solution and
    /// whether there is a second. With a `budget`, a count that needs more
    /// nodes is [`Answer::Deferred`]; a count, a rating or an explanation
    /// stopped by `stop` is [`Answer::NotReached`]; a count past the time
    /// limit is [`Outcome::TimedOut`], a walk past it ends out of time.
    ///
    /// A big puzzle (see [`sudoku_cover::RESTART_SIDE`]) to solve or check
    /// searches by restarts, which stop when `stop` is requested; with
    /// `race`, on that many threads: it is alone in its chunk, so the other
    /// threads would be idle.
    fn work(&mut self, item: &'a Item, within: Within<'_>) -> Answer {
        let Within { task, budget, race, stop, time_limit } = within;
        let start = Instant::now();
        let deadline = time_limit.map(|t| start + t);
        let source = &item.source;
        let (puzzle, sudoku) = match &item.kind {
            ItemKind::Nothing(message) => return Answer::Nothing(message.clone()),
            ItemKind::Unreadable(..) => {
                return Answer::Invalid(item.unreadable().unwrap_or_default());
            }
            ItemKind::Puzzle { puzzle, sudoku } => (puzzle, sudoku),
        };
        let invalid =
            |e: &sudoku_cover::Error| Answer::Invalid(format!("{source}:{}: {e}", puzzle.line));
        let sudoku: &'a Sudoku = match sudoku {
            Ok(sudoku) => sudoku,
            Err(e) => return invalid(e),
        };
        let grid = &puzzle.grid;
        // Pencil marks: the rules compiled for this puzzle's candidates,
        // searched with solvers made for them alone.
        let restricted = match puzzle.marks.as_ref().map(|marks| sudoku.with_candidates(marks)) {
            Some(Ok(restricted)) => Some(restricted),
            Some(Err(e)) => return invalid(&e),
            None => None,
        };
        if let Task::Count(limit) = task {
            let bounds = Bounds { limit, budget: budget.unwrap_or(u64::MAX), stop, deadline };
            let counted = match &restricted {
                None => self.count_within(sudoku, grid, bounds),
                Some(restricted) => {
                    let mut solver = dlx::Solver::with_config(restricted.problem(), self.search);
                    count_with(&mut solver, restricted, grid, bounds)
                }
            };
            match counted {
                Budgeted::Counted(n, stats) => return Answer::Done(Outcome::Counted(n), stats),
                Budgeted::TimedOut(n, stats) => return Answer::Done(Outcome::TimedOut(n), stats),
                Budgeted::TooBig => return Answer::Deferred(start.elapsed()),
                Budgeted::Stopped => return Answer::NotReached,
                // The sudoku solver below tells what is wrong.
                Budgeted::Refused => {}
            }
        }
        // A big puzzle searches by restarts, which look at `stop` as they go.
        if let (Task::Solve(_) | Task::Check, None) = (task, &puzzle.marks) {
            if sudoku.size() >= sudoku_cover::RESTART_SIDE {
                let threads = race.unwrap_or(1);
                let raced =
                    sudoku.solve_and_check_until(grid, threads, self.search, stop, deadline);
                return match raced {
                    Ok(Raced { answer: Some((solution, uniqueness)), stats }) => {
                        let outcome = match (task, solution) {
                            (Task::Check, _) => Outcome::Checked(uniqueness),
                            (_, Some(solution)) => {
                                Outcome::Solved(solution, uniqueness, Vec::new())
                            }
                            (_, None) => Outcome::NoSolution,
                        };
                        Answer::Done(outcome, stats)
                    }
                    Ok(Raced { answer: None, .. }) if stop.is_requested() => Answer::NotReached,
                    Ok(Raced { answer: None, stats }) => Answer::Done(Outcome::TimedOut(0), stats),
                    Err(e) => invalid(&e),
                };
            }
        }
        let units = match task.is_human() {
            true => match self.units(sudoku) {
                Ok(units) => Some(units),
                Err(e) => return invalid(&e),
            },
            false => None,
        };
        let search = self.search;
        let threads = race.unwrap_or(1);
        let found =
            Found { units, ladder: &self.ladder, spare: &mut self.spare, stop, deadline, threads };
        match &restricted {
            Some(restricted) => {
                let mut solver = restricted.solver_with_config(search);
                answer(task, &mut solver, found, puzzle, &invalid)
            }
            None => {
                let solver = find_or_make(
                    &mut self.solvers,
                    |s| std::ptr::eq(s.sudoku(), sudoku),
                    || sudoku.solver_with_config(search),
                );
                answer(task, solver, found, puzzle, &invalid)
            }
        }
    }

    /// The geometry of these compiled rules, for the human solver.
    fn units(&mut self, sudoku: &'a Sudoku) -> Result<Arc<Units>, sudoku_cover::Error> {
        if let Some((_, units)) = self.units.iter().find(|(s, _)| std::ptr::eq(*s, sudoku)) {
            return Ok(units.clone());
        }
        let units = Arc::new(Units::new(sudoku.rules())?);
        if self.units.len() >= MAX_SOLVERS {
            self.units.remove(0);
        }
        self.units.push((sudoku, units.clone()));
        Ok(units)
    }
}

/// What an answer is found with besides the solver: for the human
/// solver's tasks the geometry, the ladder, the stop and deadline that
/// end its walk and the threads its steps may search on; for a solution,
/// a grid to reuse.
struct Found<'w> {
    units: Option<Arc<Units>>,
    ladder: &'w OnceCell<Ladder>,
    spare: &'w mut Option<(Grid, Vec<OptionId>)>,
    stop: &'w Stop,
    deadline: Option<Instant>,
    threads: usize,
}

/// The answer to one valid puzzle's task, with a solver for its rules (and
/// candidates).
fn answer(
    task: Task,
    solver: &mut SudokuSolver<'_>,
    found: Found<'_>,
    puzzle: &Puzzle,
    invalid: &dyn Fn(&sudoku_cover::Error) -> Answer,
) -> Answer {
    let grid = &puzzle.grid;
    let Found { units, ladder, spare, stop, deadline, threads } = found;
    let outcome = match task {
        Task::Solve(_) => {
            let (mut out, mut options) =
                spare.take().unwrap_or_else(|| (Grid::new(grid.shape()), Vec::new()));
            // The options decoded by the writer where the engine allows.
            let found = match solver.solve_and_check_options(grid, &mut options) {
                Some(found) => found,
                None => {
                    options.clear();
                    solver.solve_and_check_into(grid, &mut out)
                }
            };
            found.map(|found| match found {
                (true, uniqueness) => Outcome::Solved(out, uniqueness, options),
                (false, _) => {
                    *spare = Some((out, options));
                    Outcome::NoSolution
                }
            })
        }
        Task::Count(limit) => solver.count(grid, limit).map(Outcome::Counted),
        Task::Check => solver.check(grid).map(Outcome::Checked),
        Task::Rate | Task::Hint | Task::Explain => {
            let ladder = ladder.get_or_init(Ladder::standard);
            match human::work(task, solver, units, ladder, puzzle, (stop, deadline, threads)) {
                // Stopped before the end: no answer.
                Ok(found) if found.is_stopped() => return Answer::NotReached,
                found => found.map(|f| Outcome::Human(Box::new(f))),
            }
        }
    };
    match outcome {
        Ok(outcome) => Answer::Done(outcome, solver.last_stats()),
        Err(e) => invalid(&e),
    }
}

/// What came of counting a puzzle on a budget.
#[derive(Debug)]
enum Budgeted {
    /// The count and the search's statistics.
    Counted(u128, dlx::Stats),
    /// The time limit passed: the solutions counted by then, and the
    /// statistics.
    TimedOut(u128, dlx::Stats),
    /// The budget ran out: the count is large.
    TooBig,
    /// A stop was requested.
    Stopped,
    /// The givens cannot all be forced: the puzzle is invalid, which the
    /// sudoku solver's checks explain.
    Refused,
}

/// The options that fill the givens of `grid`; `None` if the grid does not
/// fit the rules (its size, or a given's value).
fn givens(sudoku: &Sudoku, grid: &Grid) -> Option<Vec<OptionId>> {
    if grid.size() != sudoku.size() {
        return None;
    }
    grid.givens().map(|(row, col, value)| sudoku.option(row, col, value)).collect()
}

/// What bounds a count: at most `limit` solutions, `budget` search-tree
/// nodes, until `stop` is requested or the `deadline`.
#[derive(Clone, Copy)]
struct Bounds<'s> {
    limit: Option<u128>,
    budget: u64,
    stop: &'s Stop,
    deadline: Option<Instant>,
}

/// Counts the solutions of a puzzle of `sudoku`'s rules with `solver` (of
/// the same problem) within `bounds`, looking at the stop and the deadline
/// every [`SLICE`] nodes.
fn count_with(
    solver: &mut dlx::Solver<'_>,
    sudoku: &Sudoku,
    grid: &Grid,
    bounds: Bounds<'_>,
) -> Budgeted {
    let Bounds { limit, budget, stop, deadline } = bounds;
    solver.reset();
    let Some(givens) = givens(sudoku, grid) else { return Budgeted::Refused };
    for option in givens {
        if solver.choose(option).is_err() {
            return Budgeted::Refused;
        }
    }
    let limit = limit.unwrap_or(u128::MAX);
    let mut count = 0;
    while count < limit {
        let spent = solver.stats().nodes();
        if spent >= budget {
            return Budgeted::TooBig;
        }
        if stop.is_requested() {
            return Budgeted::Stopped;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Budgeted::TimedOut(count, solver.stats());
        }
        match solver.run((budget - spent).min(SLICE)) {
            Status::Solution => count += 1,
            Status::Done => break,
            _ => {}
        }
    }
    Budgeted::Counted(count, solver.stats())
}

/// Counts a valid puzzle's solutions on all threads, up to `limit`, showing
/// the search's progress on the bar; `spent` is the time the puzzle has
/// taken already, out of `--time-limit`.
pub(super) fn count_on_all_threads(
    item: &Item,
    limit: Option<u128>,
    spent: std::time::Duration,
    config: &SudokuConfig,
    progress: &Progress,
    stop: &dlx::Stop,
) -> Answer {
    let source = &item.source;
    let ItemKind::Puzzle { puzzle, sudoku: Ok(sudoku) } = &item.kind else {
        return Answer::Invalid(format!("{source}: internal error: a deferred non-puzzle"));
    };
    let invalid =
        |e: &dyn std::fmt::Display| Answer::Invalid(format!("{source}:{}: {e}", puzzle.line));
    // Pencil marks: the rules compiled for this puzzle's candidates.
    let restricted = match &puzzle.marks {
        Some(marks) => match sudoku.with_candidates(marks) {
            Ok(restricted) => Some(restricted),
            Err(e) => return invalid(&e),
        },
        None => None,
    };
    let sudoku = restricted.as_ref().unwrap_or(sudoku);
    let Some(givens) = givens(sudoku, &puzzle.grid) else {
        return invalid(&"a given does not fit the rules");
    };
    let mut search = Parallel::new(sudoku.problem())
        .threads(config.threads)
        .config(config.search)
        .force(&givens)
        .stop_on(stop.clone());
    if let Some(limit) = limit {
        search = search.limit(limit);
    }
    if let Some(time) = config.time_limit {
        search = search.time_limit(time.saturating_sub(spent));
    }
    let outcome = if progress.is_enabled() {
        progress.while_searching(&format!("{source}:{}", puzzle.line), |show| {
            search.count_with_progress(REFRESH, show)
        })
    } else {
        search.count()
    };
    match outcome {
        // Stopped: a lower bound is no answer for a column of counts.
        Ok(outcome) if !outcome.complete && stop.is_requested() => Answer::NotReached,
        Ok(outcome) if !outcome.complete => {
            Answer::Done(Outcome::TimedOut(outcome.solutions), outcome.stats)
        }
        Ok(outcome) => Answer::Done(Outcome::Counted(outcome.solutions), outcome.stats),
        Err(e) => invalid(&e),
    }
}
