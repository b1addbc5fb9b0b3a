//! Integration tests: each runs the real `dlx` binary.
//!
//! `util` runs the binary; the other modules test one command each, plus
//! the behaviour every command shares (`cli`), `--format json` on every
//! command (`json`), puzzles in their many forms (`sudoku_forms`), closed
//! pipes (`pipe`), big grids raced on all threads (`big`),
//! searches on several threads (`parallel`), byte-order marks and long
//! lines (`text_edges`), random problems split,
//! counted and summed (`prop`) and the Slurm job-array recipe on a real
//! cluster (`slurm`).
//! These tests assert what is printed and how the process exits, never how
//! long it takes.

#[macro_use]
mod util;

mod big;
mod cli;
mod completions;
mod compressed;
mod cost;
mod count;
mod estimate;
mod generate;
mod human;
mod json;
mod parallel;
mod pipe;
mod prop;
mod slurm;
mod solve;
mod split;
mod stop;
mod sudoku;
mod sudoku_forms;
mod sum;
mod text_edges;
mod typing;
