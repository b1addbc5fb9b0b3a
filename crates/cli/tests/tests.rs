//! Integration tests: each runs the real `dlx` binary.
//!
//! `util` runs the binary; the other modules test one command each, plus
//! the behaviour every command shares (`cli`) and closed pipes (`pipe`).
//! These tests assert what is printed and how the process exits, never how
//! long it takes.

#[macro_use]
mod util;

mod cli;
mod count;
mod pipe;
mod solve;
mod sudoku;
