//! Baselines: the published general exact-cover crates, driven the way their
//! own examples drive them, so that the benchmarks can report our speed as a
//! ratio measured on one machine in one run.
//!
//! [`Baseline`] names a crate and runs the three jobs the benchmarks time:
//! the first solution of a 9x9 sudoku, its solution count up to a limit, and
//! the solution count of an exact-cover problem, given as [`Options`]
//! (converted once from a problem our parser read, so every engine searches
//! the same matrix).
//!
//! - `xcov` 0.3.1 (MPL-2.0): `DlxBuilder` and `MrvExactCoverSearch`, whose
//!   `search` stops at each solution and resumes from it.
//! - the crates.io `dlx` 0.8.5 (MIT or Apache-2.0), renamed `dlx_crates_io`
//!   because it shares our engine's name: Algorithm X (`dlx::x`) with its
//!   MRV chooser and no tie-break, default features (no `unsafe-fast-index`).
//!
//! Both only take whole option lists, so each puzzle builds its own matrix;
//! that cost is part of what is timed, as it is for any user of the crate.
//! The sudoku encoding is the usual 324 primary items: cell, row-digit,
//! column-digit and box-digit.

use dlx::Problem;
use dlx_crates_io::choose::{mrv_chooser, no_tiebreak, prefer_any};
use dlx_crates_io::{OptOrder, Solver as CioSolver, Uint};
use sudoku_cover::Grid;
use xcov::{DlxBuilder, ExactCoverProblem, MrvExactCoverSearch};

/// A published exact-cover crate that we measure against.
#[derive(Debug, Clone, Copy)]
pub enum Baseline {
    /// `xcov` 0.3.1.
    Xcov,
    /// The crates.io `dlx` 0.8.5.
    DlxCratesIo,
}

impl Baseline {
    /// Every baseline, in the order the tables show them.
    pub const ALL: [Baseline; 2] = [Baseline::Xcov, Baseline::DlxCratesIo];

    /// The last part of a benchmark name, and a table's column.
    pub fn name(self) -> &'static str {
        match self {
            Baseline::Xcov => "xcov",
            Baseline::DlxCratesIo => "dlx-crates-io",
        }
    }

    /// The crate and its version, for a table's header.
    pub fn title(self) -> &'static str {
        match self {
            Baseline::Xcov => "xcov 0.3.1",
            Baseline::DlxCratesIo => "crates.io dlx 0.8.5",
        }
    }

    /// Finds the first solution of a 9x9 sudoku and writes it to `out`.
    pub fn sudoku_first(self, puzzle: &Grid, out: &mut Grid) -> bool {
        match self {
            Baseline::Xcov => xcov_sudoku_first(puzzle, out),
            Baseline::DlxCratesIo => cio_sudoku_first(puzzle, out),
        }
    }

    /// Counts the solutions of a 9x9 sudoku, stopping at `limit`.
    pub fn sudoku_count(self, puzzle: &Grid, limit: usize) -> usize {
        match self {
            Baseline::Xcov => {
                let mut search = xcov_sudoku(puzzle);
                count_up_to(limit, || search.search())
            }
            Baseline::DlxCratesIo => {
                let (mut problem, _) = cio_sudoku(puzzle);
                let mut solver = CioSolver::new(&mut problem);
                let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
                count_up_to(limit, || solver.next_solution(&mut chooser))
            }
        }
    }

    /// Counts every solution of an exact-cover problem.
    pub fn count(self, options: &Options) -> usize {
        match self {
            Baseline::Xcov => {
                let mut b = DlxBuilder::new(options.primary, options.secondary);
                for option in &options.options {
                    // xcov numbers items from 1.
                    let items: Vec<usize> = option.iter().map(|&i| i + 1).collect();
                    b.add_option(&items);
                }
                let mut search = MrvExactCoverSearch::new(b.build());
                count_up_to(usize::MAX, || search.search())
            }
            Baseline::DlxCratesIo => {
                let os: Vec<Vec<Uint>> = options
                    .options
                    .iter()
                    .map(|o| o.iter().map(|&i| i as Uint).collect())
                    .collect();
                let mut problem = dlx_crates_io::x::make_problem(
                    options.primary as Uint,
                    options.secondary as Uint,
                    &os,
                    OptOrder::Seq,
                );
                let mut solver = CioSolver::new(&mut problem);
                let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
                count_up_to(usize::MAX, || solver.next_solution(&mut chooser))
            }
        }
    }
}

/// Calls `next` (which reports whether it found another solution) until it
/// finds none or has found `limit`.
fn count_up_to(limit: usize, mut next: impl FnMut() -> bool) -> usize {
    let mut n = 0;
    while n < limit && next() {
        n += 1;
    }
    n
}

/// An exact-cover problem as plain lists: items numbered from 0, the primary
/// ones first, each option sorted (xcov requires it) and holding a primary
/// item (the others can never be chosen).
#[derive(Debug, Clone)]
pub struct Options {
    primary: usize,
    secondary: usize,
    options: Vec<Vec<usize>>,
}

impl Options {
    /// The options of a problem without colors or multiplicities, which the
    /// baselines do not support.
    pub fn from_problem(problem: &Problem) -> Options {
        assert!(!problem.has_colors() && !problem.has_multiplicities(), "plain exact cover only");
        let mut index = vec![0; problem.num_items()];
        let (primary, secondary): (Vec<_>, Vec<_>) =
            problem.items().partition(|&i| problem.is_primary(i));
        for (k, item) in primary.iter().chain(&secondary).enumerate() {
            index[item.index()] = k;
        }
        let options = problem
            .options()
            .filter(|&o| problem.is_usable(o))
            .map(|o| {
                let mut items: Vec<usize> =
                    problem.option(o).iter().map(|e| index[e.item.index()]).collect();
                items.sort_unstable();
                items
            })
            .collect();
        Options { primary: primary.len(), secondary: secondary.len(), options }
    }
}

/// The four items (0-based, ascending) that placing `digit` (0-based) in
/// `cell` (reading order) covers.
fn sudoku_items(cell: usize, digit: usize) -> [usize; 4] {
    let (row, col) = (cell / 9, cell % 9);
    let bx = row / 3 * 3 + col / 3;
    [cell, 81 + row * 9 + digit, 162 + col * 9 + digit, 243 + bx * 9 + digit]
}

/// The items that the givens of a puzzle cover.
fn covered_by_givens(puzzle: &Grid) -> [bool; 324] {
    assert_eq!(puzzle.size(), 9, "the baselines are written for 9x9");
    let mut covered = [false; 324];
    for (cell, &v) in puzzle.cells().iter().enumerate() {
        if v != 0 {
            for i in sudoku_items(cell, usize::from(v - 1)) {
                covered[i] = true;
            }
        }
    }
    covered
}

/// xcov's own sudoku example: an option for each given, plus every
/// placement that conflicts with no given. The search chooses the givens'
/// options first, since each is the only one left for its cell.
fn xcov_sudoku(puzzle: &Grid) -> MrvExactCoverSearch {
    let covered = covered_by_givens(puzzle);
    let mut b = DlxBuilder::new(324, 0);
    for (cell, &v) in puzzle.cells().iter().enumerate() {
        for digit in 0..9 {
            let items = sudoku_items(cell, digit);
            let given = usize::from(v) == digit + 1;
            if given || (v == 0 && !items.iter().any(|&i| covered[i])) {
                b.add_option(&items.map(|i| i + 1));
            }
        }
    }
    MrvExactCoverSearch::new(b.build())
}

fn xcov_sudoku_first(puzzle: &Grid, out: &mut Grid) -> bool {
    let mut search = xcov_sudoku(puzzle);
    search.search();
    let Some(solution) = search.current_solution() else { return false };
    for option in solution {
        // Items from 1: the cell, then the row-digit.
        let (cell, digit) = (option[0] - 1, (option[1] - 82) % 9);
        out.set(cell / 9, cell % 9, digit as u8 + 1);
    }
    true
}

/// The crates.io `dlx` crate's own sudoku example: the items the givens
/// cover are left out, and so is every placement that conflicts with a
/// given. Returns the problem and the (cell, digit) of each option.
fn cio_sudoku(puzzle: &Grid) -> (dlx_crates_io::x::Problem, Vec<(usize, usize)>) {
    let covered = covered_by_givens(puzzle);
    let mut index = [0; 324];
    let mut n: Uint = 0;
    for (i, _) in covered.iter().enumerate().filter(|(_, c)| !**c) {
        index[i] = n;
        n += 1;
    }
    let mut os = Vec::with_capacity(729);
    let mut placements = Vec::with_capacity(729);
    for cell in 0..81 {
        for digit in 0..9 {
            let items = sudoku_items(cell, digit);
            if !items.iter().any(|&i| covered[i]) {
                os.push(items.iter().map(|&i| index[i]).collect());
                placements.push((cell, digit));
            }
        }
    }
    (dlx_crates_io::x::make_problem(n, 0, &os, OptOrder::Seq), placements)
}

fn cio_sudoku_first(puzzle: &Grid, out: &mut Grid) -> bool {
    let (mut problem, placements) = cio_sudoku(puzzle);
    let mut solver = CioSolver::new(&mut problem);
    if !solver.next_solution(&mut mrv_chooser(prefer_any(), no_tiebreak())) {
        return false;
    }
    out.clone_from(puzzle);
    for &o in solver.fmt_solution() {
        let (cell, digit) = placements[o as usize];
        out.set(cell / 9, cell % 9, digit as u8 + 1);
    }
    true
}
