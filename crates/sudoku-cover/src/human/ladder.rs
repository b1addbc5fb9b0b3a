//! [`Ladder`]: the techniques in Sudoku Explainer's order, and the walk up
//! it to the solution: [`Walk`] (one step at a time), [`Rating`].

use std::fmt;
use std::time::Instant;

use super::candidates::Candidates;
use super::chains;
use super::difficulty::Difficulty;
use super::step::Step;
use super::technique::Technique;
use super::watch;
use crate::grid::Grid;

/// Techniques from the easiest, in the order Sudoku Explainer (SE) 1.2
/// tries them.
///
/// The next step is the first one found trying the techniques in order
/// ([`hint`](Ladder::hint)); a puzzle is solved by taking that step again
/// and again ([`walk`](Ladder::walk)), and rated by the hardest step taken
/// ([`rate`](Ladder::rate)), SE's definition of a puzzle's difficulty.
#[derive(Debug)]
pub struct Ladder {
    rungs: Vec<Box<dyn Technique>>,
}

impl Ladder {
    /// A ladder of the given techniques, tried in this order.
    pub fn new(rungs: Vec<Box<dyn Technique>>) -> Ladder {
        Ladder { rungs }
    }

    /// Sudoku Explainer's ladder: every technique of this module, chains
    /// last (see [`chains`]).
    pub fn standard() -> Ladder {
        let mut rungs = super::patterns();
        rungs.extend(chains::techniques());
        Ladder::new(rungs)
    }

    /// The ladder without its techniques of `difficulty` and up:
    /// `Ladder::standard().below(Difficulty::tenths(95))` stops before the
    /// nested forcing chains, which take seconds a step (a walk that needs
    /// them ends stuck).
    pub fn below(mut self, difficulty: Difficulty) -> Ladder {
        self.rungs.retain(|t| t.difficulty() < difficulty);
        self
    }

    /// The techniques, easiest first.
    pub fn techniques(&self) -> impl Iterator<Item = &dyn Technique> {
        self.rungs.iter().map(|t| t.as_ref())
    }

    /// The next step a person would take: the first found, trying the
    /// techniques from the easiest. `None` when no technique applies (or
    /// the grid is solved).
    pub fn hint(&self, grid: &Candidates) -> Option<Step> {
        if grid.is_solved() {
            return None;
        }
        self.rungs.iter().find_map(|t| t.find(grid))
    }

    /// The steps from `grid` to the solution, as an iterator. With the
    /// puzzle's solution, each step is checked against it, and the walk
    /// ends at the first that does not agree (a bug of a technique,
    /// reported by [`Walk::end`]; in debug builds, a panic).
    pub fn walk<'a>(&'a self, grid: Candidates, solution: Option<&'a Grid>) -> Walk<'a> {
        Walk { ladder: self, grid, solution, end: None, stop: None, deadline: None, threads: 1 }
    }

    /// Solves `grid` from the easiest technique up and rates it by its
    /// hardest step ([`Walk::rating`]).
    pub fn rate(&self, grid: Candidates, solution: Option<&Grid>) -> Rating {
        self.walk(grid, solution).rating()
    }
}

/// How a walk up the ladder ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// Every cell is filled.
    Solved,
    /// No technique of the ladder applies.
    Stuck,
    /// A step changed nothing or disagreed with the solution: a bug of the
    /// technique named in the message.
    Failed(String),
    /// The [`dlx::Stop`] given to [`Walk::stop_on`] was requested first.
    Stopped,
    /// The deadline given to [`Walk::until`] passed first.
    OutOfTime,
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Solved => f.write_str("solved"),
            End::Stuck => f.write_str("beyond the techniques known"),
            End::Failed(why) => write!(f, "internal error: {why}"),
            End::Stopped => f.write_str("stopped before the end"),
            End::OutOfTime => f.write_str("out of time"),
        }
    }
}

/// The steps of a walk up the ladder, one by one; each is applied to the
/// grid before the next is sought. See [`Ladder::walk`].
#[derive(Debug)]
pub struct Walk<'a> {
    ladder: &'a Ladder,
    grid: Candidates,
    solution: Option<&'a Grid>,
    end: Option<End>,
    stop: Option<&'a dlx::Stop>,
    deadline: Option<Instant>,
    threads: usize,
}

impl<'a> Walk<'a> {
    /// Ends the walk ([`End::Stopped`]) once `stop` is requested: before
    /// the next step, or in the middle of one of the chain rungs' (which
    /// take seconds at their hardest), whose step is then dropped.
    pub fn stop_on(self, stop: &'a dlx::Stop) -> Walk<'a> {
        Walk { stop: Some(stop), ..self }
    }

    /// Ends the walk ([`End::OutOfTime`]) once `deadline` has passed,
    /// before the next step or in the middle of a chain rung's.
    pub fn until(self, deadline: Instant) -> Walk<'a> {
        Walk { deadline: Some(deadline), ..self }
    }

    /// Searches the forcing chains of a step (the slowest rungs, Nishio up
    /// to the nested ones: seconds to minutes a step) on `threads`
    /// threads, which take the cells' assumptions one cell at a time; the
    /// step found is the same as on one.
    pub fn threads(self, threads: usize) -> Walk<'a> {
        Walk { threads, ..self }
    }

    /// Walks to the end and rates the puzzle by its hardest step.
    pub fn rating(mut self) -> Rating {
        let mut rating = Rating { difficulty: None, hardest: None, steps: 0, end: End::Solved };
        for step in self.by_ref() {
            rating.steps += 1;
            if rating.difficulty.is_none_or(|d| step.difficulty > d) {
                rating.difficulty = Some(step.difficulty);
                rating.hardest = Some(step.technique);
            }
        }
        rating.end = self.end.unwrap_or(End::Solved);
        rating
    }

    /// The grid as the steps so far left it.
    pub fn grid(&self) -> &Candidates {
        &self.grid
    }

    /// How the walk ended, once the iterator has returned `None`.
    pub fn end(&self) -> Option<&End> {
        self.end.as_ref()
    }

    fn fail(&mut self, why: String) -> Option<Step> {
        debug_assert!(false, "{why}");
        self.end = Some(End::Failed(why));
        None
    }
}

impl Iterator for Walk<'_> {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        if self.end.is_some() {
            return None;
        }
        if self.grid.is_solved() {
            self.end = Some(End::Solved);
            return None;
        }
        if self.stop.is_some_and(|stop| stop.is_requested()) {
            self.end = Some(End::Stopped);
            return None;
        }
        if self.deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            self.end = Some(End::OutOfTime);
            return None;
        }
        let (found, given_up) =
            watch::watched(self.stop, self.deadline, self.threads, || self.ladder.hint(&self.grid));
        if given_up {
            // A rung gave up in the middle of the step: what it found may
            // not be the easiest step.
            let stopped = self.stop.is_some_and(|stop| stop.is_requested());
            self.end = Some(if stopped { End::Stopped } else { End::OutOfTime });
            return None;
        }
        let Some(step) = found else {
            self.end = Some(End::Stuck);
            return None;
        };
        if let Some(solution) = self.solution
            && let Err(why) = step.check(solution)
        {
            return self.fail(format!("{why} in {step}"));
        }
        if !self.grid.apply(&step) {
            return self.fail(format!("{}: a step that changes nothing: {step}", step.technique));
        }
        Some(step)
    }
}

/// A puzzle's rating: the hardest step of its walk up the ladder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    /// The difficulty of the hardest step taken (`None` if no step was).
    pub difficulty: Option<Difficulty>,
    /// The technique of the first step of that difficulty.
    pub hardest: Option<&'static str>,
    /// The number of steps taken.
    pub steps: usize,
    /// How the walk ended; a rating is the puzzle's only when solved.
    pub end: End,
}

impl fmt::Display for Rating {
    /// `3.4 Hidden Pair` when solved; `? beyond the techniques known
    /// (after 5.6 BUG)` when stuck.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hardest = |f: &mut fmt::Formatter<'_>| match (self.difficulty, self.hardest) {
            (Some(d), Some(t)) => write!(f, "{d} {t}"),
            _ => f.write_str("nothing"),
        };
        match &self.end {
            End::Solved if self.steps == 0 => f.write_str("0.0 solved already"),
            End::Solved => hardest(f),
            end => {
                write!(f, "? {end} (after ")?;
                hardest(f)?;
                f.write_str(")")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::testing::{data_puzzles, units};
    use crate::{Rules, Sudoku};

    #[test]
    fn easy_puzzles_walk_to_their_solution() {
        let sudoku = Sudoku::new(Rules::classic()).unwrap();
        let mut solver = sudoku.solver();
        let ladder = Ladder::standard();
        for puzzle in data_puzzles("kaggle_1m_first10k.txt", 200) {
            let solution = solver.solve(&puzzle).unwrap().unwrap();
            let grid = Candidates::from_grid(units(), &puzzle).unwrap();
            let mut walk = ladder.walk(grid, Some(&solution));
            let steps = walk.by_ref().count();
            assert_eq!(walk.end(), Some(&End::Solved), "{puzzle:?}");
            assert_eq!(walk.grid().to_grid(), solution);
            assert_eq!(steps, puzzle.cells().iter().filter(|&&v| v == 0).count());
        }
    }

    #[test]
    fn a_ladder_below_a_difficulty_keeps_the_easier_rungs() {
        let full = Ladder::standard().techniques().count();
        let below = Ladder::standard().below(Difficulty::tenths(95));
        assert_eq!(below.techniques().count(), full - 4);
        assert!(below.techniques().all(|t| t.difficulty() < Difficulty::tenths(95)));
        assert_eq!(below.techniques().last().unwrap().name(), "Dynamic Forcing Chains (+)");
    }

    #[test]
    fn a_stuck_walk_is_rated_honestly() {
        // Empty but for one digit: no single applies.
        let mut grid = Candidates::new(units());
        grid.place(0, 1);
        let rating = Ladder::new(Vec::new()).rate(grid.clone(), None);
        assert_eq!(rating.end, End::Stuck);
        assert_eq!(rating.to_string(), "? beyond the techniques known (after nothing)");
        let solved = Ladder::standard().rate(grid, None);
        assert_eq!(solved.end, End::Stuck);
    }

    #[test]
    fn a_walk_ends_at_its_stop_between_steps() {
        let sudoku = Sudoku::new(Rules::classic()).unwrap();
        let ladder = Ladder::standard();
        let puzzle = &data_puzzles("kaggle_1m_first10k.txt", 1)[0];
        let solution = sudoku.solver().solve(puzzle).unwrap().unwrap();
        let grid = Candidates::from_grid(units(), puzzle).unwrap();
        // Not requested: the walk and its rating are those without a stop.
        let stop = dlx::Stop::new();
        let rated = ladder.walk(grid.clone(), Some(&solution)).stop_on(&stop).rating();
        assert_eq!(rated, ladder.rate(grid.clone(), Some(&solution)));
        assert_eq!(rated.end, End::Solved);
        // Requested after two steps: the walk ends there, the grid as the
        // two steps left it.
        let mut walk = ladder.walk(grid.clone(), Some(&solution)).stop_on(&stop);
        let two: Vec<Step> = walk.by_ref().take(2).collect();
        stop.request();
        assert_eq!(walk.next(), None);
        assert_eq!(walk.end(), Some(&End::Stopped));
        let mut stepped = grid.clone();
        assert!(two.iter().all(|step| stepped.apply(step)));
        assert_eq!(walk.grid().to_grid(), stepped.to_grid());
        // Requested before: no step, and a rating that says so.
        let rating = ladder.walk(grid.clone(), Some(&solution)).stop_on(&stop).rating();
        assert_eq!((rating.steps, &rating.end), (0, &End::Stopped));
        assert_eq!(rating.to_string(), "? stopped before the end (after nothing)");
        // A deadline: far off, nothing changes; past, no step.
        let later = Instant::now() + std::time::Duration::from_secs(3600);
        let rated = ladder.walk(grid.clone(), Some(&solution)).until(later).rating();
        assert_eq!(rated, ladder.rate(grid.clone(), Some(&solution)));
        let late = ladder.walk(grid, Some(&solution)).until(Instant::now()).rating();
        assert_eq!((late.steps, &late.end), (0, &End::OutOfTime));
        assert_eq!(late.to_string(), "? out of time (after nothing)");
    }
}
