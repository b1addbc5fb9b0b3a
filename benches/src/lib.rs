//! Benchmarks of the `dlx` engine and the `sudoku-cover` encoder.
//!
//! Two front ends share this library:
//!
//! - the criterion benchmarks, `cargo bench -p dlx-benches` (`src/bench.rs`),
//!   for tracking one figure at a time;
//! - the `tables` binary,
//!   `cargo run --release -p dlx-benches --bin tables [-- --knuth DIR] [--quick]`,
//!   which prints the README's performance tables side by side, as
//!   Markdown, from one run ([`tables`]);
//! - the `generators` binary,
//!   `cargo run --release -p dlx-benches --bin generators`, puzzles made per
//!   second next to the `sudoku` crate's generator ([`generators`]).
//!
//! Both read the public data sets in the repository's `data/` folder
//! ([`data`]) and time the published exact-cover crates next to ours
//! ([`baseline`]).

#![deny(missing_docs)]
#![forbid(unsafe_code)]

use std::path::PathBuf;

pub mod baseline;
pub mod big;
pub mod generators;
pub mod progress;
pub mod rating;
pub mod rng;
pub mod tables;

/// A file of the repository's data sets: `data/xc/*.dlx` (exact-cover
/// problems in Knuth's format) and `data/sudoku/*.txt` (one puzzle a line).
///
/// ```
/// assert!(dlx_benches::data("xc/queens12.dlx").is_file());
/// ```
pub fn data(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data").join(rel)
}
