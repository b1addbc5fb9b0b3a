//! Integration tests of sudoku-cover, as one binary.

mod util;

mod big;
mod chains;
mod counts;
mod data;
mod formats;
mod generate;
mod human;
mod local;
mod properties;
mod validation;
mod variants;
