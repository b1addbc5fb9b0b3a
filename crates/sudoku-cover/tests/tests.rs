//! Integration tests of sudoku-cover, as one binary.

mod util;

mod counts;
mod data;
mod formats;
mod generate;
mod properties;
mod validation;
mod variants;
