//! Integration tests: each runs the real `dlx` binary.
//!
//! `util` runs the binary; the other modules test one command each, plus
//! the behaviour every command shares (`cli`), closed pipes (`pipe`),
//! searches on several threads (`parallel`) and random problems split,
//! counted and summed (`prop`).
//! These tests assert what is printed and how the process exits, never how
//! long it takes.

#[macro_use]
mod util;

mod cli;
mod completions;
mod compressed;
mod count;
mod estimate;
mod parallel;
mod pipe;
mod prop;
mod solve;
mod split;
mod sudoku;
mod sum;
mod typing;
