//! Sudoku of any size and many variants as exact-cover problems for the
//! [`dlx`] engine.
//!
//! A sudoku is an exact-cover problem: choose one (cell, symbol) option
//! per cell so that every cell is filled once and every row, column and
//! box holds every symbol once. This crate turns puzzles into that problem
//! and solutions back into grids, reads and writes puzzles in the forms
//! people keep them, and checks them.
//!
//! ```
//! use sudoku_cover::{Alphabet, PuzzleReader, Rules, Sudoku, Uniqueness};
//!
//! let text = "\
//! 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//! 52...6.........7.13...........4..8..6......5...........418.........3..2...87.....
//! ";
//! let sudoku = Sudoku::new(Rules::classic())?; // build the problem once,
//! let mut solver = sudoku.solver(); // reuse one solver for every puzzle
//! for puzzle in PuzzleReader::new(text.as_bytes()) {
//!     let puzzle = puzzle?;
//!     let (solution, uniqueness) = solver.solve_and_check(&puzzle.grid)?;
//!     let solution = solution.expect("solvable");
//!     assert!(solution.extends(&puzzle.grid));
//!     assert_eq!(uniqueness, Uniqueness::Unique);
//!     println!("{}", solution.to_line(&Alphabet::default_for(9)));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Contents
//!
//! - [`Shape`]: the box shape, and with it the side `n` (4 to 64): 2x2,
//!   2x3, 2x4, 3x3, 3x4, 4x4, …, 8x8.
//! - [`Grid`]: the cells, `0` for a blank; [`Grid::to_line`] and
//!   [`Grid::to_pretty`] write it, `str::parse` reads one.
//! - [`Alphabet`]: the symbols (`1`-`9` then `A`-`Z` by default, a custom
//!   set such as `0123456789ABCDEF`, or decimal numbers).
//! - [`PuzzleReader`]: streams [`Puzzle`]s from any `BufRead`, in the
//!   one-line form (or CSV records) or as grids, inferring the side, with
//!   the [`Notation`] each was written in; bad puzzles become
//!   [`ReadError`]s that name line and column, and reading goes on.
//! - [`Rules`]: a shape plus jigsaw [`Regions`] and [`Variant`]s (diagonal,
//!   hyper, anti-king, anti-knight), which combine freely.
//! - [`Sudoku`]: rules compiled into a [`dlx::Problem`], once.
//! - [`Generator`] ([`generate`]): random puzzles with one solution, for
//!   any rules, with a [`Symmetry`], minimal or with a clue count,
//!   reproducible from a seed.
//! - [`SudokuSolver`]: solve, count, count up to a limit, check
//!   [`Uniqueness`], iterate over solutions; reused from puzzle to puzzle
//!   without allocating. Clashing givens are an [`Error`].
//!
//! # Variants
//!
//! ```
//! use sudoku_cover::{Grid, Regions, Rules, Shape, Sudoku, Variant};
//!
//! // A 4x4 jigsaw that is also diagonal.
//! let regions = Regions::parse("AABB AABB CDDD CCCD")?;
//! let rules = Rules::jigsaw(regions).with_variant(Variant::Diagonal);
//! let sudoku = Sudoku::new(rules)?;
//! let empty = Grid::new(Shape::for_size(4).unwrap());
//! for solution in sudoku.solver().solutions(&empty)? {
//!     for i in 0..4 {
//!         assert_ne!(solution.get(i, i), solution.get((i + 1) % 4, (i + 1) % 4));
//!     }
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! `sat` (on by default): big grids (side 25 and up) race clause learning
//! (CaDiCaL, whose C++ the `cadical` crate builds, so it needs a C++
//! compiler) beside the other searches, and the generator's uniqueness
//! checks that run past the engine's budget go to it. Without it, those
//! grids race exact cover, the search by houses and local search, and
//! minimal puzzles from 25x25 on are out of reach.
//!
//! # Speed
//!
//! The problem is built once per [`Rules`]. For each puzzle the solver
//! resets the engine (undoing the last puzzle's work in place) and forces
//! the givens into the partial solution, which takes every option that
//! clashes with them out of the search; see [`Sudoku`] for the encoding.
//! Nothing is allocated per puzzle except the grid returned, and
//! [`SudokuSolver::solve_into`] avoids even that.
//!
//! The crate's `timing` example compares this with a new engine solver per
//! puzzle and with a problem rebuilt per puzzle without the options that
//! clash with the givens (`cargo run -p sudoku-cover --release --example
//! timing -- FILE`). On the first 20,000 puzzles of `17_clue.txt`,
//! counting to two: about 209,000 puzzles/s reusing one solver, 105,000
//! with a new solver per puzzle and 6,300 rebuilding the problem;
//! resetting and forcing 17 givens costs about 0.35 µs of the 4.8 µs a
//! puzzle takes.
//!
//! # Crate features
//!
//! This crate has no optional features.

#![deny(missing_docs)]
#![forbid(unsafe_code)]
#![warn(missing_debug_implementations)]

mod alphabet;
mod encode;
mod error;
pub mod generate;
mod grid;
mod houses;
pub mod human;
mod local;
pub mod reader;
mod regions;
mod restarts;
mod rules;
#[cfg(feature = "sat")]
mod sat;
#[cfg(not(feature = "sat"))]
#[path = "sat_off.rs"]
mod sat;
mod shape;
mod solver;
mod variant;

pub use alphabet::{Alphabet, BLANKS, DEFAULT_SYMBOLS};
pub use encode::Sudoku;
pub use error::{Error, ErrorKind, ReadError, ReadErrorKind};
pub use generate::{Generated, Generator, Symmetry};
pub use grid::Grid;
pub use reader::{Layout, Notation, Puzzle, PuzzleReader, Separator};
pub use regions::Regions;
pub use restarts::{RESTART_SIDE, Raced};
pub use rules::Rules;
pub use shape::{MAX_SIZE, MIN_SIZE, Shape};
pub use solver::{Solutions, SudokuSolver, Uniqueness};
pub use variant::Variant;

/// The Rust examples of the workspace README (which use both this crate and
/// `dlx`), run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
