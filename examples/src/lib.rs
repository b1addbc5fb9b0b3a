//! Puzzles modelled as exact cover and solved with [`dlx`].
//!
//! Each module takes one well-known puzzle, turns it into items and options,
//! and turns the engine's answers back into something to look at. Read them
//! as worked examples of modelling your own problem:
//!
//! | module | puzzle | what it shows |
//! |---|---|---|
//! | [`queens`] | n queens | primary items that must be covered, secondary items that may be |
//! | [`langford`] | Langford pairs | breaking a symmetry by dropping options |
//! | [`polyomino`] | pentomino (or any polyomino) tilings | generating options from shapes; counting up to symmetry; piece counts with multiplicities |
//! | [`wordsquare`] | word squares and rectangles | colours: secondary items shared by options that agree (Algorithm C) |
//! | [`rota`] | a week's shifts | multiplicities: items covered between `lo` and `hi` times (Algorithm M) |
//!
//! Every model is a [`Model`]: the [`dlx::Problem`] plus what each option
//! means. Each module has a binary of the same name in `src/bin/` that
//! solves, counts, draws and, with `--emit`, writes the problem in Knuth's
//! text format for `dlx solve` and `dlx count`.
//!
//! ```
//! use dlx_examples::queens::Queens;
//!
//! // Knuth's 8 queens: 92 solutions.
//! assert_eq!(Queens::new(8)?.model().count(), 92);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

pub mod cli;
mod error;
pub mod langford;
mod model;
pub mod polyomino;
pub mod queens;
pub mod rota;
pub mod wordsquare;

pub use error::Error;
pub use model::Model;
