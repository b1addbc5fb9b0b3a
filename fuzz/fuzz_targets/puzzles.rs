//! The puzzle reader on arbitrary bytes, with and without a side, a box
//! shape and an alphabet set: reading never panics, every puzzle read has
//! the side set, and the first small ones are counted (up to 2 solutions).
//! The first two bytes pick the options, the rest is the text.

#![no_main]

use std::cell::RefCell;
use std::collections::HashMap;

use libfuzzer_sys::fuzz_target;
use sudoku_cover::{Alphabet, Grid, PuzzleReader, Rules, Shape, Sudoku};

thread_local! {
    /// The rules of each shape met, compiled once.
    static SUDOKUS: RefCell<HashMap<Shape, Sudoku>> = RefCell::new(HashMap::new());
}

/// Counts the solutions of a small puzzle, up to 2.
fn count(grid: &Grid) {
    SUDOKUS.with_borrow_mut(|sudokus| {
        let sudoku = sudokus
            .entry(grid.shape())
            .or_insert_with(|| Sudoku::new(Rules::new(grid.shape())).expect("rules for a shape"));
        let _ = sudoku.solver().count(grid, Some(2));
    });
}

fuzz_target!(|data: &[u8]| {
    // The first two bytes pick the options, the rest is the text.
    let (options, text) = match data {
        [a, b, rest @ ..] => ((*a, *b), rest),
        _ => ((0, 0), data),
    };
    let (flags, n) = options;
    let mut reader = PuzzleReader::new(text);
    let size = usize::from(n % 66);
    if flags & 1 != 0 {
        reader = reader.size(size);
    }
    if flags & 2 != 0 {
        let rows = usize::from(n % 9).max(1);
        if let Ok(shape) = Shape::new(rows, usize::from(flags >> 4).max(1)) {
            reader = reader.shape(shape);
        }
    }
    if flags & 4 != 0 {
        reader = reader.alphabet(Alphabet::numbers());
    } else if flags & 8 != 0 {
        reader = reader.alphabet(Alphabet::new("ABCD").expect("an alphabet"));
    }
    let fixed = flags & 1 != 0 && (4..=64).contains(&size);
    for (i, puzzle) in reader.take(64).enumerate() {
        let Ok(puzzle) = puzzle else { continue };
        let n = puzzle.grid.size();
        assert!((4..=64).contains(&n));
        if fixed {
            assert_eq!(n, size);
        }
        if n <= 9 && i < 4 {
            count(&puzzle.grid);
        }
    }
});
