//! [`Grid`]: the cells of a sudoku, blank or filled, and their text forms.

use std::fmt;
use std::str::FromStr;

use crate::alphabet::Alphabet;
use crate::error::{Error, ErrorKind, ReadError, ReadErrorKind};
use crate::reader::{PuzzleReader, Separator};
use crate::shape::Shape;

/// The cells of a sudoku in reading order: `0` for a blank, `1..=n` for a
/// symbol, where `n` is the side.
///
/// A grid knows its box [`Shape`], which its pretty form uses; the
/// [`Rules`](crate::Rules) a grid is solved under decide which constraints
/// apply.
///
/// ```
/// use sudoku_cover::{Alphabet, Grid, Shape};
///
/// let mut grid = Grid::new(Shape::for_size(4).unwrap());
/// grid.set(0, 0, 3);
/// assert_eq!(grid.get(0, 0), 3);
/// assert_eq!(grid.num_givens(), 1);
/// assert_eq!(grid.to_line(&Alphabet::default_for(4)), "3...............");
///
/// let parsed: Grid = "3...............".parse()?;
/// assert_eq!(parsed, grid);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid.
    pub fn new(shape: Shape) -> Grid {
        Grid { shape, cells: vec![0; shape.cells()] }
    }

    /// A grid with the given cells in reading order (`0` for a blank).
    /// Fails if there are not `size²` cells or a value exceeds the side.
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Result<Grid, Error> {
        let n = shape.size();
        if cells.len() != shape.cells() {
            return Err(ErrorKind::CellCount { expected: shape.cells(), found: cells.len() }.into());
        }
        // The largest value first (a loop without a branch), the culprit
        // only when there is one.
        if usize::from(cells.iter().fold(0, |m, &v| m.max(v))) > n {
            let i = cells.iter().position(|&v| usize::from(v) > n).unwrap_or_default();
            return Err(ErrorKind::BadValue { row: i / n, col: i % n, value: cells[i] }.into());
        }
        Ok(Grid { shape, cells })
    }

    /// A grid of cells known to be `size²` values of at most the side
    /// (what [`from_cells`](Self::from_cells) checks).
    pub(crate) fn from_checked(shape: Shape, cells: Vec<u8>) -> Grid {
        debug_assert!(
            cells.len() == shape.cells() && cells.iter().all(|&v| v <= shape.size() as u8)
        );
        Grid { shape, cells }
    }

    /// The box shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The side: rows, columns and symbols.
    #[inline]
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The value of a cell (zero-based row and column), `0` when blank.
    ///
    /// # Panics
    ///
    /// If the row or column is not below the side.
    #[inline]
    pub fn get(&self, row: usize, col: usize) -> u8 {
        let n = self.size();
        assert!(row < n && col < n, "cell ({row}, {col}) is outside a {n}x{n} grid");
        self.cells[row * n + col]
    }

    /// Sets a cell (zero-based row and column) to `value`, `0` to blank it.
    ///
    /// # Panics
    ///
    /// If the row or column is not below the side, or the value is above it.
    #[inline]
    pub fn set(&mut self, row: usize, col: usize, value: u8) {
        let n = self.size();
        assert!(row < n && col < n, "cell ({row}, {col}) is outside a {n}x{n} grid");
        assert!(usize::from(value) <= n, "value {value} is out of range for a {n}x{n} grid");
        self.cells[row * n + col] = value;
    }

    /// All cells in reading order.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The cells, to reuse their memory.
    #[inline]
    pub(crate) fn into_cells(self) -> Vec<u8> {
        self.cells
    }

    /// The filled cells, as `(row, col, value)` in reading order.
    pub fn givens(&self) -> impl Iterator<Item = (usize, usize, u8)> + '_ {
        let n = self.size();
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, v)| **v != 0)
            .map(move |(i, &v)| (i / n, i % n, v))
    }

    /// The number of filled cells.
    pub fn num_givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Whether every filled cell of `self` holds the same value in `other`
    /// (which may fill more): `solution.extends(&puzzle)`.
    pub fn extends(&self, other: &Grid) -> bool {
        self.size() == other.size()
            && other.cells.iter().zip(&self.cells).all(|(&g, &s)| g == 0 || g == s)
    }

    /// The same cells with another box shape of the same side.
    pub fn with_shape(mut self, shape: Shape) -> Result<Grid, Error> {
        if shape.size() != self.size() {
            let (expected, found) = (shape.size(), self.size());
            return Err(ErrorKind::WrongSize { expected, found }.into());
        }
        self.shape = shape;
        Ok(self)
    }

    pub(crate) fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// The one-line form: one symbol per cell and `.` for a blank; in the
    /// numbers form (or when the alphabet has too few symbols for the side)
    /// decimal values separated by spaces.
    pub fn to_line(&self, alphabet: &Alphabet) -> String {
        let mut s = String::with_capacity(self.cells.len() * 3);
        self.write_line(alphabet, Separator::None, &mut s);
        s
    }

    /// Appends the one-line form to `out`, the cells set apart by
    /// `separator`: one symbol per cell and `.` for a blank; in the numbers
    /// form (or when the alphabet has too few symbols for the side) decimal
    /// values, set apart by a space if `separator` is
    /// [`Separator::None`].
    ///
    /// ```
    /// use sudoku_cover::{Alphabet, Grid, Separator};
    ///
    /// let grid: Grid = "1.3...2.........".parse()?;
    /// let mut line = String::new();
    /// grid.write_line(&Alphabet::numbers(), Separator::Comma, &mut line);
    /// assert_eq!(line, "1,.,3,.,.,.,2,.,.,.,.,.,.,.,.,.");
    /// line.clear();
    /// grid.write_line(&Alphabet::default_for(4), Separator::None, &mut line);
    /// assert_eq!(line, "1.3...2.........");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_line(&self, alphabet: &Alphabet, separator: Separator, out: &mut String) {
        let symbols = alphabet.fits(self.size()) && !alphabet.is_numbers();
        if symbols && separator == Separator::None {
            let mut text = std::mem::take(out).into_bytes();
            let ascii = self.write_ascii_line(alphabet, separator, &mut text);
            *out = String::from_utf8(text).expect("ASCII symbols");
            if !ascii {
                out.extend(self.cells.iter().map(|&v| alphabet.symbol(v).unwrap_or('.')));
            }
            return;
        }
        let separator = match separator {
            Separator::None => " ",
            other => other.as_str(),
        };
        for (i, &v) in self.cells.iter().enumerate() {
            if i > 0 {
                out.push_str(separator);
            }
            if symbols {
                out.push(alphabet.symbol(v).unwrap_or('.'));
            } else {
                push_number(out, v, 0);
            }
        }
    }

    /// Appends the one-line form to `out` as bytes, as
    /// [`write_line`](Self::write_line) writes it, where that is one ASCII
    /// byte a cell (symbols that are all ASCII, no separator); otherwise
    /// writes nothing and returns `false`. The fast way to write a batch's
    /// answers straight into an output buffer.
    ///
    /// ```
    /// use sudoku_cover::{Alphabet, Grid, Separator};
    ///
    /// let grid: Grid = "1.3...2.........".parse()?;
    /// let mut out = b"> ".to_vec();
    /// assert!(grid.write_ascii_line(&Alphabet::default_for(4), Separator::None, &mut out));
    /// assert_eq!(out, b"> 1.3...2.........");
    /// assert!(!grid.write_ascii_line(&Alphabet::numbers(), Separator::None, &mut out));
    /// assert!(!grid.write_ascii_line(&Alphabet::default_for(4), Separator::Comma, &mut out));
    /// assert_eq!(out.len(), 18);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_ascii_line(
        &self,
        alphabet: &Alphabet,
        separator: Separator,
        out: &mut Vec<u8>,
    ) -> bool {
        let symbols = alphabet.fits(self.size()) && !alphabet.is_numbers();
        let Some(bytes) = alphabet.ascii_bytes().filter(|_| symbols) else { return false };
        if separator != Separator::None {
            return false;
        }
        // A value is at most the side (64): a table of every byte value
        // looks each up without a bound check.
        let mut table = [b'.'; 256];
        table[..bytes.len()].copy_from_slice(bytes);
        out.extend(self.cells.iter().map(|&v| table[usize::from(v)]));
        true
    }

    /// A grid as people write it: cells separated by spaces, boxes by `|`
    /// and rows of boxes by a line of `-` and `+`, ending with a newline.
    /// The reader reads it back.
    ///
    /// ```
    /// use sudoku_cover::{Alphabet, Grid};
    ///
    /// let grid: Grid = "1234341221434321".parse()?;
    /// assert_eq!(
    ///     grid.to_pretty(&Alphabet::default_for(4)),
    ///     "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n",
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_pretty(&self, alphabet: &Alphabet) -> String {
        let n = self.size();
        let (br, bc) = (self.shape.box_rows(), self.shape.box_cols());
        let symbols = alphabet.fits(n) && !alphabet.is_numbers();
        let width = if symbols { 1 } else { n.to_string().len() };
        let group = bc * width + bc - 1;
        let rule = vec!["-".repeat(group); n / bc].join("-+-");
        let mut s = String::new();
        for r in 0..n {
            if r > 0 && r % br == 0 && br > 1 {
                s.push_str(&rule);
                s.push('\n');
            }
            for c in 0..n {
                if c > 0 {
                    s.push_str(if c % bc == 0 { " | " } else { " " });
                }
                let v = self.cells[r * n + c];
                if symbols {
                    s.push(alphabet.symbol(v).unwrap_or('.'));
                } else {
                    push_number(&mut s, v, width);
                }
            }
            s.push('\n');
        }
        s
    }
}

/// Writes `v` (or `.` for 0) right-aligned in `width` characters.
fn push_number(s: &mut String, v: u8, width: usize) {
    use fmt::Write;
    if v == 0 {
        let _ = write!(s, "{:>width$}", ".");
    } else {
        let _ = write!(s, "{v:>width$}");
    }
}

/// The one-line form with the default alphabet for the side.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line(&Alphabet::default_for(self.size())))
    }
}

/// Reads one puzzle, in any form [`PuzzleReader`] reads with its default
/// options; text after the first puzzle is ignored.
impl FromStr for Grid {
    type Err = ReadError;

    fn from_str(s: &str) -> Result<Grid, ReadError> {
        match PuzzleReader::new(s.as_bytes()).next() {
            Some(result) => result.map(|p| p.grid),
            None => Err(ReadError::new(1, 1, ReadErrorKind::NotAPuzzle { cells: 0 })),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_cells_checks() {
        let s = Shape::for_size(4).unwrap();
        assert!(Grid::from_cells(s, vec![0; 15]).is_err());
        let mut cells = vec![0; 16];
        cells[5] = 5;
        let e = Grid::from_cells(s, cells).unwrap_err();
        assert_eq!(e.to_string(), "r2c2 holds 5, which is out of range");
    }

    #[test]
    fn givens_and_extends() {
        let mut g = Grid::new(Shape::for_size(4).unwrap());
        g.set(1, 2, 4);
        assert_eq!(g.givens().collect::<Vec<_>>(), [(1, 2, 4)]);
        let mut h = g.clone();
        h.set(0, 0, 1);
        assert!(h.extends(&g));
        assert!(!g.extends(&h));
    }

    #[test]
    fn numbers_form_writes_decimals() {
        let mut g = Grid::new(Shape::for_size(16).unwrap());
        g.set(0, 0, 10);
        g.set(0, 2, 3);
        let line = g.to_line(&Alphabet::numbers());
        assert!(line.starts_with("10 . 3 . "));
        let pretty = g.to_pretty(&Alphabet::numbers());
        assert!(pretty.starts_with("10  .  3  . |  .  "), "{pretty}");
        // An alphabet too small for the side falls back to numbers.
        assert!(g.to_line(&Alphabet::default_for(9)).starts_with("10 . 3"));
    }

    #[test]
    fn pretty_six_by_six() {
        let g = Grid::new(Shape::for_size(6).unwrap());
        let pretty = g.to_pretty(&Alphabet::default_for(6));
        let lines: Vec<&str> = pretty.lines().collect();
        assert_eq!(lines[0], ". . . | . . .");
        assert_eq!(lines[2], "------+------");
        assert_eq!(lines.len(), 8);
    }
}
