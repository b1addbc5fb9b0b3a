//! The n-queens problem: place `n` queens on an `n`×`n` board so that no
//! two attack each other.
//!
//! # The model
//!
//! Each queen occupies a row, a column and two diagonals, and the rules say:
//!
//! - every row holds **exactly one** queen: `n` primary items `r0`, `r1`, …;
//! - every column holds **exactly one** queen: `n` primary items `c0`, …;
//! - every diagonal holds **at most one** queen: secondary items `a0` …
//!   `a{2n-2}` for the diagonals where `row + column` is constant and `b0` …
//!   `b{2n-2}` for those where `row - column` is constant.
//!
//! A diagonal may stay empty, and that is exactly what a secondary item
//! allows: covered at most once, not exactly once. There are `n²` options,
//! one per square: `r{i} c{j} a{i+j} b{i-j+n-1}`. These are the names of
//! Knuth's `queens` files, so `--emit` output can be compared with his.
//!
//! ```
//! use dlx_examples::queens::Queens;
//!
//! let queens = Queens::new(8)?;
//! assert_eq!(queens.model().count(), 92);
//! let solution = queens.model().first().expect("8 queens can be placed");
//! assert_eq!(solution.len(), 8);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use dlx::{OptionId, ProblemBuilder};

use crate::error::Error;
use crate::model::Model;

/// The largest board this example builds (`n²` options and counts that
/// would take years are no use to anyone).
pub const MAX_N: usize = 64;

/// Where a queen stands: the meaning of each option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Queen {
    /// The row, from 0 at the top.
    pub row: usize,
    /// The column, from 0 at the left.
    pub column: usize,
}

/// The n-queens problem for one board size.
#[derive(Debug, Clone)]
pub struct Queens {
    n: usize,
    model: Model<Queen>,
}

impl Queens {
    /// The problem for an `n`×`n` board, `1 <= n <= MAX_N`.
    pub fn new(n: usize) -> Result<Queens, Error> {
        if !(1..=MAX_N).contains(&n) {
            return Err(Error::new(format!("the board size must be 1 to {MAX_N}, not {n}")));
        }
        let mut b = ProblemBuilder::new();
        let rows: Vec<_> = (0..n).map(|i| b.add_primary(format!("r{i}"))).collect();
        let columns: Vec<_> = (0..n).map(|j| b.add_primary(format!("c{j}"))).collect();
        let sums: Vec<_> = (0..2 * n - 1).map(|k| b.add_secondary(format!("a{k}"))).collect();
        let differences: Vec<_> =
            (0..2 * n - 1).map(|k| b.add_secondary(format!("b{k}"))).collect();
        let mut queens = Vec::with_capacity(n * n);
        for row in 0..n {
            for column in 0..n {
                b.add_option([
                    rows[row],
                    columns[column],
                    sums[row + column],
                    differences[row + n - 1 - column],
                ]);
                queens.push(Queen { row, column });
            }
        }
        Ok(Queens { n, model: Model::new(b.build()?, queens) })
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The exact-cover model.
    pub fn model(&self) -> &Model<Queen> {
        &self.model
    }

    /// A solution as the column of the queen in each row.
    pub fn columns(&self, solution: &[OptionId]) -> Vec<usize> {
        let mut columns = vec![0; self.n];
        for queen in self.model.decode(solution) {
            columns[queen.row] = queen.column;
        }
        columns
    }
}

/// Draws a board: `Q` for a queen, `.` for an empty square; with `color`, a
/// chequered board with black queens.
pub fn draw(columns: &[usize], color: bool) -> String {
    let n = columns.len();
    let mut out = String::new();
    for (row, &queen) in columns.iter().enumerate() {
        for column in 0..n {
            let piece = if column == queen { "♛" } else { " " };
            if color {
                let bg = if (row + column) % 2 == 0 { 230 } else { 137 };
                out.push_str(&format!("\x1b[30;48;5;{bg}m{piece} \x1b[0m"));
            } else {
                out.push_str(if column == queen { "Q" } else { "." });
                if column + 1 < n {
                    out.push(' ');
                }
            }
        }
        out.push('\n');
    }
    out
}

/// The number of solutions for `n` = 1, 2, … (OEIS A000170), as far as a
/// `u64` needs no more than a few hours to check.
pub const KNOWN_COUNTS: [u64; 16] =
    [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_boards_have_the_known_counts() {
        for n in 1..=6 {
            assert_eq!(Queens::new(n).unwrap().model().count(), KNOWN_COUNTS[n - 1] as u128);
        }
    }

    #[test]
    fn sizes_out_of_range_are_errors() {
        assert!(Queens::new(0).is_err());
        assert!(Queens::new(MAX_N + 1).is_err());
    }

    #[test]
    fn draw_plain() {
        assert_eq!(draw(&[1, 3, 0, 2], false), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
    }
}
