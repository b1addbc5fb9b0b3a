//! The big sudoku sets of `data/sudoku/big` (written by the `big_sudoku`
//! binary): which of them are timed (`timed.txt`), and reading them.

use sudoku_cover::{Grid, Shape};

use crate::data;

/// A set's box shape `(rows, cols)` and the blank fractions (percent) of
/// its timed puzzles.
pub type Timed = ((usize, usize), Vec<u32>);

/// The timed subset, from `data/sudoku/big/timed.txt`: each set's box
/// shape and the blank fractions (percent) of the puzzles timed, those the
/// solver answers in about a second at most.
pub fn timed() -> Vec<Timed> {
    let path = data("sudoku/big/timed.txt");
    let text = std::fs::read_to_string(&path).expect("data/sudoku/big/timed.txt");
    parse_timed(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines of `timed.txt`: `RxC` then percentages, `#` comments.
pub fn parse_timed(text: &str) -> Result<Vec<Timed>, String> {
    let mut sets = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        let Some(shape) = words.next().filter(|w| !w.starts_with('#')) else { continue };
        let bad = |what: &str| format!("line {}: {what}: {line}", n + 1);
        let (r, c) = shape.split_once('x').ok_or_else(|| bad("no RxC box shape"))?;
        let (r, c) = (r.parse().map_err(|_| bad("rows"))?, c.parse().map_err(|_| bad("cols"))?);
        let blanks: Result<Vec<u32>, String> =
            words.map(|w| w.parse().map_err(|_| bad("a percentage"))).collect();
        sets.push(((r, c), blanks?));
    }
    Ok(sets)
}

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
