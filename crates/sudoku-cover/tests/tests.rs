//! Integration tests of sudoku-cover, as one binary.

mod util;

mod big;
mod counts;
mod data;
mod formats;
mod properties;
mod validation;
mod variants;
