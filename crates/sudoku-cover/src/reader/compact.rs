//! The common case at once: a whole puzzle on a line of one ASCII
//! character a cell (`4..3.1...`), read without tokens, through a table of
//! every byte's value ([`Compact`]); from the raw line, before the general
//! path's UTF-8 check and comment search, where it cannot read otherwise.

use std::cell::Cell;
use std::io::BufRead;

use super::{Layout, Notation, Puzzle, PuzzleReader};
use crate::alphabet::Alphabet;
use crate::grid::Grid;
use crate::shape::{MAX_SIZE, MIN_SIZE, Shape};

/// A byte that is no cell.
const NO_CELL: u8 = u8::MAX;

/// The alphabet in use as a table: each byte's value (0 for a blank,
/// [`NO_CELL`] for a byte that is neither a blank nor a symbol); whether
/// [`digit_value`] reads it as well; and the box shape of the last side
/// read.
#[derive(Debug, Clone)]
pub(super) struct Compact {
    values: [u8; 256],
    pub(super) digits: bool,
    shape: Cell<Option<Shape>>,
}

impl Compact {
    /// The table of `alphabet`'s values, as [`Alphabet::value`] gives them.
    pub(super) fn new(alphabet: &Alphabet) -> Compact {
        let mut values = [NO_CELL; 256];
        for (b, v) in (0..=127u8).zip(values.iter_mut()) {
            *v = alphabet.value(char::from(b)).unwrap_or(NO_CELL);
        }
        // The digits' alphabets (`1`.. up to `9`, the usual blanks): a
        // symbol past the alphabet reads as its digit, which fails the
        // grid's check of its largest value as `NO_CELL` does.
        let symbols = alphabet.symbols().len();
        let digits = (0..=255u8).all(|b| {
            let (table, digit) = (values[usize::from(b)], digit_value(b));
            table == digit || (table == NO_CELL && usize::from(digit) > symbols && digit <= 9)
        });
        Compact { values, digits, shape: Cell::new(None) }
    }
}

/// A byte's value in the digits' alphabets, by arithmetic (a loop over a
/// line of them runs on vectors): `1`..=`9` their digit, the blanks (`0`
/// and [`BLANKS`](crate::alphabet::BLANKS)) 0, any other byte [`NO_CELL`].
#[inline(always)]
fn digit_value(b: u8) -> u8 {
    let digit = b.wrapping_sub(b'0');
    if digit <= 9 {
        digit
    } else if b == b'.' || b == b'_' || b == b'*' {
        0
    } else {
        NO_CELL
    }
}
/// The most puzzles' cells [`PuzzleReader::recycle`] keeps.
const SPARE: usize = 1024;

impl<R: BufRead> PuzzleReader<R> {
    /// Gives a puzzle read before back, once done with: its grid's memory
    /// holds the next puzzle read from a compact line (up to 1,024 grids
    /// are kept), so that reading a batch allocates nothing per puzzle.
    ///
    /// ```
    /// use sudoku_cover::PuzzleReader;
    ///
    /// let text = "1.3...2.........\n.2..4...........\n..3.............\n";
    /// let mut puzzles = PuzzleReader::new(text.as_bytes());
    /// let first = puzzles.next().unwrap()?;
    /// let second = puzzles.next().unwrap()?;
    /// puzzles.recycle(first);
    /// puzzles.recycle(second);
    /// let third = puzzles.next().unwrap()?;
    /// assert_eq!(third.grid.to_string(), "..3.............");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn recycle(&mut self, puzzle: Puzzle) {
        let spare = self.spare.get_mut();
        if spare.len() < SPARE {
            spare.push(puzzle.grid.into_cells());
        }
    }

    /// The line read last, its line ending aside, as a whole compact
    /// puzzle, where the general path would read it so at once: not on
    /// the first line (a byte-order mark, a CSV header), nor a line as long
    /// as pencil marks (which they are read as first). `None` leaves the
    /// line to the general path.
    pub(super) fn compact_raw(&self, line_no: usize) -> Option<Puzzle> {
        let mut line = &self.buf[..];
        while let [rest @ .., b'\n' | b'\r'] = line {
            line = rest;
        }
        if line_no == 1 || line.len() == 729 {
            return None;
        }
        self.compact_line(line, line_no)
    }

    /// A whole puzzle on a line of one ASCII character a cell, every one a
    /// symbol or a blank, read outside a grid, once a line of this side has
    /// set the default symbols. `None` leaves the line to the general path,
    /// which reads the same puzzle from it, more slowly (tested), or names
    /// what is wrong.
    pub(super) fn compact_line(&self, line: &[u8], line_no: usize) -> Option<Puzzle> {
        if !self.fast
            || self.pending.is_some()
            || self.skip.is_some()
            || self.skip_spaced.is_some()
            || self.inline_regions
        {
            return None;
        }
        let k = line.len();
        // (The side of the last line read, without a square root.)
        let n = match self.compact.shape.get() {
            Some(shape) if shape.cells() == k => shape.size(),
            _ => k.isqrt(),
        };
        if n * n != k || !(MIN_SIZE..=MAX_SIZE).contains(&n) || self.size.is_some_and(|s| s != n) {
            return None;
        }
        match &self.alphabet {
            Some(a) if a.is_numbers() || !a.fits(n) => return None,
            Some(_) => {}
            // The first line of a new side: the general path sets the
            // default symbols for it.
            None if self.default_alphabet.len() != n => return None,
            None => {}
        }
        // Every byte looked up in a loop without a branch, the largest
        // value kept on the way; a byte that is no cell (`NO_CELL`, past
        // every side) fails the check of the largest value. Into the cells
        // of a puzzle given back, if any (no allocation): the bytes copied,
        // then mapped in place by a loop the compiler runs on vectors
        // (where an `extend` through the map went a byte at a time).
        let mut cells = match self.spare.borrow_mut().pop() {
            Some(mut cells) => {
                cells.clear();
                cells.extend_from_slice(line);
                cells
            }
            None => line.to_vec(),
        };
        let mut largest = 0;
        if self.compact.digits {
            for cell in &mut cells {
                *cell = digit_value(*cell);
                largest = largest.max(*cell);
            }
        } else {
            let values = &self.compact.values;
            for cell in &mut cells {
                *cell = values[usize::from(*cell)];
                largest = largest.max(*cell);
            }
        }
        if usize::from(largest) > n {
            self.spare.borrow_mut().push(cells);
            return None;
        }
        let shape = match self.compact.shape.get() {
            Some(shape) if shape.size() == n => shape,
            _ => {
                let shape = self.shape_for(n);
                self.compact.shape.set(Some(shape));
                shape
            }
        };
        let grid = Grid::from_checked(shape, cells);
        Some(Puzzle {
            grid,
            line: line_no,
            layout: Layout::Line,
            notation: Notation::default(),
            marks: None,
            regions: None,
        })
    }
}
