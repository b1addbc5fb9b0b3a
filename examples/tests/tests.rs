//! Integration tests of the examples: the known counts, every solution
//! checked against its problem, `--emit` output solved again, Knuth's
//! reference files, and the binaries' behaviour on good and bad input.

mod langford;
mod polyomino;
mod queens;
mod rota;
mod util;
mod wordsquare;
