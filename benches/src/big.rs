//! The big sudoku sets of `data/sudoku/big` (written by the `big_sudoku`
//! binary): which of them are timed, and reading them.

use sudoku_cover::{Grid, Shape};

use crate::data;

/// The box shapes of the sets, and the blank fractions (percent) of each
/// that are timed: those the solver answers in about a second at most.
/// The others (25x25 and 30x30 with 50% blank, 30x30 with 60%, 36x36 and larger with 50% or more) it
/// does not yet answer in seconds.
pub const TIMED: [((usize, usize), &[u32]); 9] = [
    ((4, 4), &[30, 50, 60, 70, 80]),
    ((4, 5), &[30, 50, 60, 70, 80]),
    ((5, 5), &[30, 60, 70, 80]),
    ((5, 6), &[30, 70, 80]),
    ((6, 6), &[30]),
    ((6, 7), &[30]),
    ((7, 7), &[30]),
    ((7, 8), &[30]),
    ((8, 8), &[30]),
];

/// The puzzles of `RxC.txt` with `blank` percent of their cells blank.
pub fn puzzles(box_rows: usize, box_cols: usize, blank: u32) -> Vec<Grid> {
    let path = data(&format!("sudoku/big/{box_rows}x{box_cols}.txt"));
    let text = std::fs::read_to_string(&path).expect("the big sets: run the big_sudoku binary");
    let n = Shape::new(box_rows, box_cols).expect("a box shape").size();
    text.lines()
        .map(|line| line.parse::<Grid>().expect("a puzzle"))
        .filter(|g| {
            let blanks = g.cells().iter().filter(|&&v| v == 0).count();
            ((100 * blanks + n * n / 2) / (n * n)) as u32 == blank
        })
        .collect()
}
