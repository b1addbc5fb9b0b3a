//! `dlx sudoku rate|hint|explain`: the human solver of sudoku-cover on one
//! puzzle ([`work`]), and its answers as text ([`text`]) or JSON
//! ([`record`]).
//!
//! Every puzzle is first solved by exact cover: one without solution or
//! with several is answered so, and never given to the human solver, which
//! assumes one solution; each step it takes is checked against that
//! solution.

use std::io::{self, Write};
use std::sync::Arc;
use std::time::Instant;

use serde::Serialize;
use sudoku_cover::human::{Candidates, End, Ladder, Rating, Step, Units, Walk, cell_name, digits};
use sudoku_cover::{Alphabet, Puzzle, SudokuSolver, Uniqueness};

use crate::config::Task;

/// What the human solver found for a valid puzzle.
#[derive(Debug)]
pub(super) enum Found {
    /// No solution, or several (exact cover tells): nothing to rate.
    Unsolvable(Uniqueness),
    /// `sudoku rate`: the rating.
    Rated(Rating),
    /// `sudoku hint`: the next step, or why there is none (solved, stuck).
    Hint(Result<Step, End>, Arc<Units>),
    /// `sudoku explain`: every step, and how the walk ended.
    Path(Vec<Step>, End, Arc<Units>),
}

impl Found {
    /// Whether the task was done to the end: rated, a hint found (or the
    /// puzzle solved already), the path walked to the solution.
    pub(super) fn is_done(&self) -> bool {
        match self {
            Found::Unsolvable(_) => false,
            Found::Rated(rating) => rating.end == End::Solved,
            Found::Hint(step, _) => matches!(step, Ok(_) | Err(End::Solved)),
            Found::Path(_, end, _) => *end == End::Solved,
        }
    }

    /// Whether the walk was stopped before the end (a stop requested).
    pub(super) fn is_stopped(&self) -> bool {
        self.walk_end() == Some(&End::Stopped)
    }

    /// Whether the walk ran out of time (`--time-limit`).
    pub(super) fn is_out_of_time(&self) -> bool {
        self.walk_end() == Some(&End::OutOfTime)
    }

    /// How the walk of `rate` or `explain` ended, or why `hint` found no
    /// step.
    fn walk_end(&self) -> Option<&End> {
        match self {
            Found::Rated(rating) => Some(&rating.end),
            Found::Path(_, end, _) | Found::Hint(Err(end), _) => Some(end),
            Found::Unsolvable(_) | Found::Hint(Ok(_), _) => None,
        }
    }
}

/// Solves `puzzle` by exact cover with `solver` (built for its candidates
/// when it is given as pencil marks), then by `ladder` from its givens or
/// pencil marks. `units` is the rules' geometry, built here if not given.
/// A walk (rate, explain, a hint's first step) ends once `stop` is
/// requested or the deadline has passed, and searches its steps on
/// `threads` threads.
pub(super) fn work(
    task: Task,
    solver: &mut SudokuSolver<'_>,
    units: Option<Arc<Units>>,
    ladder: &Ladder,
    puzzle: &Puzzle,
    (stop, deadline, threads): (&dlx::Stop, Option<Instant>, usize),
) -> Result<Found, sudoku_cover::Error> {
    let (solution, uniqueness) = solver.solve_and_check(&puzzle.grid)?;
    let units = match units {
        Some(units) => units,
        None => Arc::new(Units::new(solver.sudoku().rules())?),
    };
    let Some(solution) = solution.filter(|_| uniqueness == Uniqueness::Unique) else {
        return Ok(Found::Unsolvable(uniqueness));
    };
    let start = match &puzzle.marks {
        Some(marks) => Candidates::from_marks(units.clone(), marks)?,
        None => Candidates::from_grid(units.clone(), &puzzle.grid)?,
    };
    Ok(match task {
        Task::Hint => {
            // The walk's first step, checked against the solution.
            let mut walk = walk(ladder, start, &solution, (stop, deadline, threads));
            let step = walk.next().ok_or_else(|| walk.end().cloned().unwrap_or(End::Stuck));
            Found::Hint(step, units)
        }
        Task::Explain => {
            let mut walk = walk(ladder, start, &solution, (stop, deadline, threads));
            let steps: Vec<Step> = walk.by_ref().collect();
            let end = walk.end().cloned().unwrap_or(End::Stuck);
            Found::Path(steps, end, units)
        }
        _ => Found::Rated(walk(ladder, start, &solution, (stop, deadline, threads)).rating()),
    })
}

/// The walk from `start` to `solution`, ended by `stop` and the deadline,
/// its steps searched on `threads` threads.
fn walk<'a>(
    ladder: &'a Ladder,
    start: Candidates,
    solution: &'a sudoku_cover::Grid,
    (stop, deadline, threads): (&'a dlx::Stop, Option<Instant>, usize),
) -> Walk<'a> {
    let walk = ladder.walk(start, Some(solution)).stop_on(stop).threads(threads);
    match deadline {
        Some(deadline) => walk.until(deadline),
        None => walk,
    }
}

/// The text answer: a rating line, a step, or a step per line.
pub(super) fn text(found: &Found, alphabet: &Alphabet, out: &mut impl Write) -> io::Result<()> {
    match found {
        Found::Unsolvable(Uniqueness::Multiple) => out.write_all(b"not unique\n"),
        Found::Unsolvable(_) => out.write_all(b"no solution\n"),
        Found::Rated(rating) => writeln!(out, "{rating}"),
        Found::Hint(Ok(step), _) => writeln!(out, "{}", step.describe(alphabet)),
        Found::Hint(Err(End::Solved), _) => out.write_all(b"solved\n"),
        Found::Hint(Err(end), _) => writeln!(out, "? {end}"),
        Found::Path(steps, end, _) => {
            for step in steps {
                writeln!(out, "{}", step.describe(alphabet))?;
            }
            match end {
                End::Solved => Ok(()),
                end => writeln!(out, "? {end}"),
            }
        }
    }
}

/// A step as JSON.
#[derive(Debug, Serialize)]
pub(super) struct StepRecord {
    /// The technique (`Naked Pair`).
    technique: &'static str,
    /// Its difficulty on Sudoku Explainer's scale.
    difficulty: f64,
    /// The step as the text output writes it.
    text: String,
    /// The cells of the pattern (`r1c2`).
    cells: Vec<String>,
    /// The digits of the pattern.
    digits: Vec<u8>,
    /// The houses of the pattern (`row 1`, `box 2`).
    houses: Vec<String>,
    /// The digits placed.
    placements: Vec<Move>,
    /// The candidates removed.
    eliminations: Vec<Move>,
}

/// A placement or an elimination: a cell and a digit.
#[derive(Debug, Serialize)]
struct Move {
    cell: String,
    digit: u8,
}

impl StepRecord {
    fn new(step: &Step, units: &Units, alphabet: &Alphabet) -> StepRecord {
        let n = step.size;
        let moves = |list: &[(usize, u8)]| {
            list.iter().map(|&(c, d)| Move { cell: cell_name(n, c), digit: d }).collect()
        };
        StepRecord {
            technique: step.technique,
            difficulty: step.difficulty.as_f64(),
            text: step.describe(alphabet),
            cells: step.cells.iter().map(|&c| cell_name(n, c)).collect(),
            digits: digits(step.digits).collect(),
            houses: step.houses.iter().map(|&h| units.house(h).to_string()).collect(),
            placements: moves(&step.placements),
            eliminations: moves(&step.eliminations),
        }
    }
}

/// The JSON fields of an answer past `file`, `line`, `puzzle`: `status`,
/// then those of the task.
#[derive(Debug, Serialize)]
pub(super) struct Record {
    /// See [`status`].
    status: &'static str,
    /// `rate` and `explain`: the hardest step's difficulty (so far, when
    /// stuck or out of time); `null` when no step was taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<Option<f64>>,
    /// `rate` and `explain`: its technique.
    #[serde(skip_serializing_if = "Option::is_none")]
    technique: Option<Option<&'static str>>,
    /// `rate`: the number of steps taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<usize>,
    /// `hint`: the step, `null` when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<Option<StepRecord>>,
    /// `explain`: the steps.
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<Vec<StepRecord>>,
}

/// The status word of an answer: `rated` (rate), `hint` (hint), `solved`
/// (explain, or hint on a solved puzzle), `stuck` (beyond the techniques
/// known), `unknown` (out of time), `no solution`, `not unique`; `failed`
/// if a technique went wrong.
fn status(found: &Found) -> &'static str {
    let end = |end: &End, done: &'static str| match end {
        End::Solved => done,
        End::Stuck => "stuck",
        End::Failed(_) => "failed",
        // (A stopped walk is no answer: it is never written.)
        End::Stopped => "stopped",
        End::OutOfTime => "unknown",
    };
    match found {
        Found::Unsolvable(Uniqueness::Multiple) => "not unique",
        Found::Unsolvable(_) => "no solution",
        Found::Rated(rating) => end(&rating.end, "rated"),
        Found::Hint(Ok(_), _) => "hint",
        Found::Hint(Err(e), _) => end(e, "solved"),
        Found::Path(_, e, _) => end(e, "solved"),
    }
}

/// The task's fields of an answer: of what was found, or (`None`) of an
/// invalid puzzle.
pub(super) fn record(task: Task, found: Option<&Found>, alphabet: &Alphabet) -> Record {
    let status = found.map_or("invalid", status);
    let mut record =
        Record { status, rating: None, technique: None, steps: None, step: None, path: None };
    match (task, found) {
        (Task::Rate, Some(Found::Rated(rating))) => {
            record.rating = Some(rating.difficulty.map(|d| d.as_f64()));
            record.technique = Some(rating.hardest);
            record.steps = Some(rating.steps);
        }
        (Task::Hint, Some(Found::Hint(step, units))) => {
            record.step = Some(step.as_ref().ok().map(|s| StepRecord::new(s, units, alphabet)));
        }
        (Task::Explain, Some(Found::Path(steps, _, units))) => {
            let hardest = steps.iter().fold(None::<&Step>, |h, s| match h {
                Some(h) if h.difficulty >= s.difficulty => Some(h),
                _ => Some(s),
            });
            record.rating = Some(hardest.map(|s| s.difficulty.as_f64()));
            record.technique = Some(hardest.map(|s| s.technique));
            record.path = Some(steps.iter().map(|s| StepRecord::new(s, units, alphabet)).collect());
        }
        (Task::Rate, _) => {
            record.rating = Some(None);
            record.technique = Some(None);
        }
        (Task::Hint, _) => record.step = Some(None),
        (Task::Explain, _) => {
            record.rating = Some(None);
            record.technique = Some(None);
            record.path = Some(Vec::new());
        }
        _ => {}
    }
    record
}
