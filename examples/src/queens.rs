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

use dlx::{OptionId, ProblemBuilder, Status};

use crate::error::Error;
use crate::model::Model;

/// The largest board this example builds: a million options, about 400 MB
/// of memory. (Nothing in the engine limits the size: the bit-parallel
/// engines take problems they can hold, dancing links any other. Counting
/// is hopeless far sooner, from about n = 20; one solution, with
/// [`first_board`], takes seconds at this size.)
pub const MAX_N: usize = 1000;

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
        let natural: Vec<usize> = (0..n).collect();
        Queens::with_order(n, &natural, &natural)
    }

    /// The same problem with the row items listed in the order `rows` and
    /// the column items in the order `columns` (each a permutation of
    /// `0..n`), the options row by row in those orders. The solutions are
    /// the same; the search, which breaks ties between items in their
    /// order, takes another path.
    fn with_order(n: usize, rows: &[usize], columns: &[usize]) -> Result<Queens, Error> {
        if !(1..=MAX_N).contains(&n) {
            return Err(Error::new(format!("the board size must be 1 to {MAX_N}, not {n}")));
        }
        let mut b = ProblemBuilder::new();
        let mut row_items = vec![None; n];
        for &i in rows {
            row_items[i] = Some(b.add_primary(format!("r{i}")));
        }
        let mut column_items = vec![None; n];
        for &j in columns {
            column_items[j] = Some(b.add_primary(format!("c{j}")));
        }
        let sums: Vec<_> = (0..2 * n - 1).map(|k| b.add_secondary(format!("a{k}"))).collect();
        let differences: Vec<_> =
            (0..2 * n - 1).map(|k| b.add_secondary(format!("b{k}"))).collect();
        let mut queens = Vec::with_capacity(n * n);
        for &row in rows {
            for &column in columns {
                let (Some(r), Some(c)) = (row_items[row], column_items[column]) else {
                    return Err(Error::new("the orders must be permutations of 0..n"));
                };
                b.add_option([r, c, sums[row + column], differences[row + n - 1 - column]]);
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

/// The search-tree nodes the first try of [`first_board`] may visit, per
/// row of the board (and at least [`FIRST_BUDGET_MIN`]); each try after it
/// may visit twice as many as the one before.
const FIRST_BUDGET_PER_ROW: u64 = 20;

/// The least budget of the first try of [`first_board`].
const FIRST_BUDGET_MIN: u64 = 10_000;

/// One solution for an `n`×`n` board, as the column of the queen in each
/// row, found quickly for any `n` up to [`MAX_N`]; `None` for n = 2 and 3,
/// which have none.
///
/// The plain search ([`Queens::new`]) finds a first solution at once for
/// most `n` but wanders for a long time for some (n = 64: 75 million
/// nodes; n = 100: not within a minute): choosing the first of the rows or
/// columns tied for fewest squares left, it can go deep into a part of the
/// tree without solutions. So the search is cut off after a budget of
/// nodes and started again with the rows and columns in another order
/// (shuffled, with fixed seeds: the same `n` gives the same board), each
/// try with twice the budget of the one before, so that the search is
/// complete in the end. The first try is the plain search, so small boards
/// get the same solution as [`Queens::new`]; a few hundred nodes suffice
/// for n = 1000 once shuffled.
///
/// ```
/// use dlx_examples::queens::first_board;
///
/// let board = first_board(200)?.expect("200 queens can be placed");
/// assert_eq!(board.len(), 200);
/// assert_eq!(first_board(3)?, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn first_board(n: usize) -> Result<Option<Vec<usize>>, Error> {
    let mut budget = (n as u64 * FIRST_BUDGET_PER_ROW).max(FIRST_BUDGET_MIN);
    let mut queens = Queens::new(n)?;
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64 ^ n as u64;
    loop {
        let mut solver = queens.model().solver();
        match solver.run(budget) {
            Status::Solution => return Ok(Some(queens.columns(solver.solution()))),
            Status::Done => return Ok(None),
            // The budget ran out: start again, in another order.
            _ => {}
        }
        let mut rows: Vec<usize> = (0..n).collect();
        let mut columns = rows.clone();
        shuffle(&mut rows, &mut seed);
        shuffle(&mut columns, &mut seed);
        queens = Queens::with_order(n, &rows, &columns)?;
        budget = budget.saturating_mul(2);
    }
}

/// Shuffles `items` (Fisher–Yates) with the xorshift generator `state`.
fn shuffle(items: &mut [usize], state: &mut u64) {
    for i in (1..items.len()).rev() {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        let j = (*state % (i as u64 + 1)) as usize;
        items.swap(i, j);
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
        assert!(first_board(MAX_N + 1).is_err());
    }

    #[test]
    fn another_order_has_the_same_solutions() {
        let queens = Queens::with_order(6, &[3, 1, 0, 5, 2, 4], &[5, 4, 3, 2, 1, 0]).unwrap();
        let mut boards: Vec<_> =
            queens.model().solver().solutions().map(|s| queens.columns(&s)).collect();
        boards.sort();
        assert_eq!(
            boards,
            [[1, 3, 5, 0, 2, 4], [2, 5, 1, 4, 0, 3], [3, 0, 4, 1, 5, 2], [4, 2, 0, 5, 3, 1]]
        );
        assert!(Queens::with_order(3, &[0, 0, 1], &[0, 1, 2]).is_err());
    }

    #[test]
    fn the_first_board_of_a_small_n_is_the_plain_search_s() {
        for n in 1..=12 {
            let plain = Queens::new(n).unwrap();
            let first = plain.model().solver().first().map(|s| plain.columns(&s));
            assert_eq!(first_board(n).unwrap(), first, "n={n}");
        }
    }

    #[test]
    fn draw_plain() {
        assert_eq!(draw(&[1, 3, 0, 2], false), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
    }
}
