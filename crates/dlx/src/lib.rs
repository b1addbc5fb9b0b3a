//! Knuth's Dancing Links: a fast, complete exact-cover engine.
//!
//! An *exact-cover problem* has items and options; each option is a set of
//! items. A solution is a set of options that covers every *primary* item
//! exactly once and every *secondary* item at most once. Sudoku, polyomino
//! tilings, n-queens and Langford pairs are all exact-cover problems.
//!
//! This crate solves them with Knuth's Algorithm X and dancing links, with
//! his extensions:
//!
//! - **colors** (Algorithm C, his DLX2): an option may give a secondary item
//!   a color; options that give it the same color may share it;
//! - **multiplicities** (Algorithm M, his DLX3): a primary item may be
//!   covered between `lo` and `hi` times;
//! - **costs** (his DLX5): an option may cost something, and
//!   [`Solver::min_cost`] finds the k cheapest solutions by branch and bound
//!   (with colors too; not with multiplicities).
//!
//! ```
//! use dlx::{Problem, Solver};
//!
//! // Knuth's example: items A..G, six options, one exact cover.
//! let problem = Problem::parse_knuth(
//!     "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
//! )?;
//! let mut solver = Solver::new(&problem);
//! let solution = solver.first().expect("a solution");
//! let mut rows: Vec<String> = solution.iter().map(|&o| problem.format_option(o)).collect();
//! rows.sort();
//! assert_eq!(rows, ["A D", "B G", "C E F"]);
//! assert_eq!(solver.count(), 0); // no other solution
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Contents
//!
//! - [`ProblemBuilder`] → [`Problem`]: build a problem in Rust, with items
//!   by name or id and options as lists of [`Entry`]s; or read one in Knuth's
//!   text format with [`Problem::read_knuth`] (and write it back with
//!   [`Problem::write_knuth`]).
//! - [`Solver`]: searches a problem. [`Solver::solutions`] is a lazy
//!   iterator, [`Solver::first`], [`Solver::count`] and
//!   [`Solver::count_up_to`] do what they say, [`Solver::visit`] calls a
//!   closure that can stop the search. [`Solver::choose`] and
//!   [`Solver::choose_all`] force options into the solution before
//!   searching (a sudoku's givens). [`Solver::run`]
//!   searches for a budget of nodes (time limits, progress reports),
//!   [`Solver::estimate`] is Knuth's random-path estimate of the tree, and
//!   [`Solver::stats`] reports search-tree nodes, updates, solutions and
//!   depth.
//! - [`Parallel`]: counts and enumerates on many threads, with the same
//!   counts; [`split()`] cuts the search into independent [`Problem`]s to
//!   count anywhere.
//! - Long counts: [`Solver::count_within`] and [`Parallel`]'s
//!   [`node_limit`](Parallel::node_limit),
//!   [`time_limit`](Parallel::time_limit) and [`stop_on`](Parallel::stop_on)
//!   ([`Limits`], [`Stop`]) end a count early with a partial [`Outcome`]
//!   and a [`Checkpoint`] of where it stands; saved as text and read back,
//!   [`Solver::resume`] or [`Parallel::resume`] finish it with the count
//!   and node count of a count never stopped.
//! - Minimum cost: [`ProblemBuilder::add_option_with_cost`] (or `|n`
//!   entries at the end of an option in Knuth's format) gives options
//!   costs, [`Problem::cost`] reads them; [`Solver::min_cost`],
//!   [`Solver::min_cost_within`] (with [`Limits`]) and
//!   [`Parallel::min_cost`] return the k cheapest solutions as [`Costed`]s,
//!   cheapest first, the same list on any number of threads
//!   ([`CostOutcome`]). Counting and enumerating ignore costs.
//! - [`Config`], [`Heuristic`], [`Propagation`] and [`Engine`]: how the
//!   item to branch on is chosen, what is deduced before the first branch,
//!   and which engine searches.
//!
//! Building a problem from Rust:
//!
//! ```
//! use dlx::{ProblemBuilder, Solver};
//!
//! // Cover {0, 1, 2} with the sets {0}, {1, 2}, {0, 1}, {2}.
//! let mut b = ProblemBuilder::new();
//! let items: Vec<_> = (0..3).map(|i| b.add_primary(format!("e{i}"))).collect();
//! for set in [&[0][..], &[1, 2], &[0, 1], &[2]] {
//!     b.add_option(set.iter().map(|&i| items[i]));
//! }
//! let problem = b.build()?;
//! assert_eq!(Solver::new(&problem).count(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The k cheapest solutions, with costs written as DLX5 reads them:
//!
//! ```
//! use dlx::{Problem, Solver};
//! // Cover x and y: `x y` costs 7, `x` 2, `y` 4, `y` again 3.
//! let problem = Problem::parse_knuth("x y\nx y |7\nx |2\ny |4\ny |1 |2\n")?;
//! let best = Solver::new(&problem).min_cost(3)?;
//! let costs: Vec<u64> = best.iter().map(|s| s.cost).collect();
//! assert_eq!(costs, [5, 6, 7]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Multiplicities: cover `A` twice and `B` between zero and one times.
//!
//! ```
//! use dlx::{Problem, Solver};
//! let problem = Problem::parse_knuth("2|A 0:1|B\nA\nA B\nA\n")?;
//! assert_eq!(Solver::new(&problem).count(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The engines
//!
//! Dancing links: every node lives in one arena (`Vec`s indexed by `u32`),
//! in the layout of Knuth's DLX1; the search is iterative, with an explicit
//! stack, so no problem is too deep for it. With the default [`Heuristic`]
//! it visits the same search tree as Knuth's programs, node for node.
//!
//! Exact cover of up to 262,144 options, colored or not (no multiplicities),
//! goes by default to a bit-parallel engine that keeps the state of each
//! level of the search in a few hundred bytes, copied where the search
//! branches, and so never undoes anything. Its state is a bitset of live
//! options and a count per item ([`Engine::Bitset`]) or, where the tables
//! it needs are small (a 9x9 sudoku, n queens), each item's live options
//! bit-sliced, so that a forced move is a fixed run of word operations
//! ([`Engine::BitSliced`]). Both visit the same tree in the same order as
//! dancing links, and are faster there (1.2x to 2.3x on Knuth's reference
//! instances; the bit-sliced form another 1.8x to 2.1x on sudoku);
//! [`Config::engine`] chooses. With [`Propagation::Dominance`] they also
//! remove *dominated* options before their first branch (when both options
//! left for an item cover another item, that item's other options go),
//! which shrinks the tree of many puzzles (a third of a hard sudoku's).
//!
//! A minimum-cost search always runs on dancing links (the default
//! [`Engine::Auto`] takes them for it; a bit engine asked for by name is an
//! [`ErrorKind::Unsupported`] error), as his DLX5 does: item taxes, each
//! item's options sorted by cost, covers that hide only the options still
//! affordable, the item with the fewest of them. Its tree depends on the
//! solutions found, so [`Parallel::min_cost`] hands out subtrees as options
//! to force, and ties are ranked by the options, not by the search's order.
//!
//! # Crate features
//!
//! This crate has no optional features.

#![deny(missing_docs)]
#![deny(unsafe_code)]
#![warn(missing_debug_implementations)]

mod arena;
mod bits;
mod checkpoint;
mod config;
mod cost;
mod dance;
mod engine;
mod entry;
mod error;
mod estimate;
#[allow(unsafe_code)] // The one module with `unsafe`: see its docs.
mod fast;
mod format;
mod id;
mod limits;
pub mod lines;
mod links;
mod names;
mod parallel;
mod problem;
mod progress;
mod random;
mod search;
mod split;
mod stats;
mod status;

pub use checkpoint::{Checkpoint, Position};
pub use config::{Config, Engine, Heuristic, Memo, Propagation, TIED_ITEMS};
pub use cost::{CostOutcome, Costed};
pub use entry::{Bounds, Entry};
pub use error::{Error, ErrorKind};
pub use estimate::Estimate;
pub use id::{ColorId, ItemId, MAX_INDEX, OptionId};
pub use limits::{Limits, Outcome, Stop};
pub use parallel::{Parallel, Progress};
pub use problem::{Problem, ProblemBuilder};
pub use search::{Solutions, Solver};
pub use split::{Part, SplitAt, split};
pub use stats::Stats;
pub use status::Status;
