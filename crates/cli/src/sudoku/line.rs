//! A solution written as a line straight from its options ([`Lines`]):
//! each option's cell and the byte of its value looked up in a table, with
//! no grid decoded on the way.

use std::sync::Arc;

use dlx::OptionId;
use sudoku_cover::{Alphabet, Sudoku};

/// The table of the rules and alphabet met last (a batch is mostly of one
/// size, so one is kept).
#[derive(Debug)]
pub(super) struct Lines {
    last: Option<Table>,
    /// The line being written: a 64x64 grid's cells, and room past them
    /// where an option that fills no cell writes.
    line: Box<[u8; LINE]>,
}

impl Default for Lines {
    fn default() -> Lines {
        Lines { last: None, line: Box::new([b'.'; LINE]) }
    }
}

/// The room of [`Lines::line`]: twice the cells of the largest grid, so
/// that any cell number masked by `LINE - 1` is in it (no bound to check).
const LINE: usize = 2 * 64 * 64;

/// For one compiled rules and one alphabet: what each option writes.
#[derive(Debug)]
struct Table {
    /// The rules (kept alive, so that the pointer compared stays theirs).
    sudoku: Arc<Sudoku>,
    /// The alphabet's symbols.
    symbols: Vec<char>,
    /// Per option, `cell << 8 | byte`, [`NO_CELL`] up to a power of two
    /// (so that an option number masked is in it); `None` where the
    /// alphabet has a symbol that is not one byte (the line is written
    /// otherwise).
    entries: Option<Vec<u32>>,
}

/// An option that fills no cell (past every cell of [`Lines::line`]).
const NO_CELL: u32 = u32::MAX;

impl Lines {
    /// Appends the line of `sudoku`'s grid that `options` fill (a blank,
    /// `.`, where none does) and a newline to `buf`, in `alphabet`, one
    /// byte a cell; `false` (and nothing appended) when the alphabet
    /// cannot write every value of the side in one ASCII byte.
    pub(super) fn write(
        &mut self,
        sudoku: &Arc<Sudoku>,
        alphabet: &Alphabet,
        options: &[OptionId],
        buf: &mut Vec<u8>,
    ) -> bool {
        let fresh = self.last.as_ref().is_some_and(|t| {
            Arc::ptr_eq(&t.sudoku, sudoku) && t.symbols.as_slice() == alphabet.symbols()
        });
        if !fresh {
            self.last = Some(Table::new(sudoku, alphabet));
        }
        let Some(Table { entries: Some(entries), sudoku, .. }) = &self.last else { return false };
        let cells = sudoku.size() * sudoku.size();
        // Masks in place of bound checks: the options are the rules' own,
        // below the table's length, a power of two.
        let mask = entries.len() - 1;
        let entries = &entries[..=mask];
        let line = &mut *self.line;
        line[..cells].fill(b'.');
        let mut put = |o: OptionId| {
            debug_assert!(o.index() <= mask, "an option of other rules");
            let entry = entries[o.index() & mask];
            line[(entry >> 8) as usize & (LINE - 1)] = entry as u8;
        };
        // Four options a step: the loop's own steps were a third of its
        // instructions.
        let mut fours = options.chunks_exact(4);
        for four in &mut fours {
            put(four[0]);
            put(four[1]);
            put(four[2]);
            put(four[3]);
        }
        fours.remainder().iter().copied().for_each(put);
        buf.extend_from_slice(&line[..cells]);
        buf.push(b'\n');
        true
    }
}

impl Table {
    fn new(sudoku: &Arc<Sudoku>, alphabet: &Alphabet) -> Table {
        let n = sudoku.size();
        let symbols = alphabet.symbols().to_vec();
        let ascii =
            alphabet.fits(n) && !alphabet.is_numbers() && symbols.iter().all(char::is_ascii);
        let options = sudoku.problem().num_options();
        let entries = ascii.then(|| {
            (0..options.next_power_of_two())
                .map(|o| match sudoku.cell_of(OptionId::new(o)).filter(|_| o < options) {
                    Some((row, col, value)) => {
                        let byte = alphabet.symbol(value).map_or(b'.', |c| c as u8);
                        ((row * n + col) as u32) << 8 | u32::from(byte)
                    }
                    None => NO_CELL,
                })
                .collect()
        });
        Table { sudoku: sudoku.clone(), symbols, entries }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_cover::{Grid, Rules, Shape, Sudoku};

    /// The line written from options is the decoded grid's, for every
    /// alphabet that writes one byte a cell, and nothing for others.
    #[test]
    fn lines_from_options_are_the_decoded_grids() {
        let mut lines = Lines::default();
        for (n, alphabet) in [
            (9, Alphabet::default_for(9)),
            (4, Alphabet::default_for(4)),
            (16, Alphabet::default_for(16)),
            (4, Alphabet::new("wxyz").unwrap()),
            (9, Alphabet::default_for(9)),
        ] {
            let sudoku = Arc::new(Sudoku::new(Rules::new(Shape::for_size(n).unwrap())).unwrap());
            let empty = Grid::new(sudoku.rules().shape());
            let mut solver = sudoku.solver();
            let mut options = Vec::new();
            solver.solve_and_check_options(&empty, &mut options).unwrap().unwrap();
            // Some cells left out: they are blanks.
            options.truncate(options.len() - 3);
            let grid = sudoku.decode(&options);
            let mut want = grid.to_line(&alphabet);
            want.push('\n');
            let mut buf = b"before".to_vec();
            assert!(lines.write(&sudoku, &alphabet, &options, &mut buf));
            assert_eq!(&buf[6..], want.as_bytes(), "side {n}");
            assert!(!lines.write(&sudoku, &Alphabet::numbers(), &options, &mut buf));
            assert!(!lines.write(&sudoku, &Alphabet::new("é234").unwrap(), &options, &mut buf));
            assert_eq!(&buf[6..], want.as_bytes());
        }
    }
}
