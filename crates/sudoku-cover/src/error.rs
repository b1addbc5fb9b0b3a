//! Errors: [`Error`] for puzzles and rules that cannot be solved as given,
//! [`ReadError`] for text that cannot be read as a puzzle or a region map.
//!
//! Both name the place of the mistake: an [`Error`] names sudoku cells
//! (`r3c1 and r3c7 both hold 5`), a [`ReadError`] the line and column of the
//! text (`12:5: unknown symbol 'x'`).

use std::fmt;

/// A puzzle that is invalid under its rules, or rules that cannot be built.
///
/// Invalid is not the same as unsolvable: a puzzle whose givens are
/// consistent but admit no solution is valid, and solving it finds none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
}

/// What made a puzzle or rules invalid.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Two givens clash: they hold the same symbol in a row, column, box,
    /// region or other constraint of the rules. Cells are zero-based
    /// `(row, column)` pairs, `first` before `second` in reading order.
    Clash {
        /// The cell of the first given.
        first: (usize, usize),
        /// The cell of the second given.
        second: (usize, usize),
        /// The value (1-based symbol number) both hold.
        value: u8,
    },
    /// The grid's side does not match the rules'.
    WrongSize {
        /// The side the rules expect.
        expected: usize,
        /// The side of the grid.
        found: usize,
    },
    /// A box shape whose side is outside the supported range.
    BadShape {
        /// Rows per box.
        box_rows: usize,
        /// Columns per box.
        box_cols: usize,
    },
    /// A cell value larger than the grid's side (zero-based cell).
    BadValue {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        col: usize,
        /// The offending value.
        value: u8,
    },
    /// A list of cells of the wrong length for the grid.
    CellCount {
        /// The number of cells expected (side squared).
        expected: usize,
        /// The number of cells given.
        found: usize,
    },
    /// A region map that does not fit the rules (its side, or a region of
    /// the wrong size); the message says why.
    BadRegions(String),
    /// A variant that the grid's shape cannot hold; the message says why.
    BadVariant(String),
    /// A symbol set that cannot be used; the message says why.
    BadAlphabet(String),
    /// The engine rejected the encoded problem (it was too large).
    Engine(dlx::Error),
}

impl Error {
    pub(crate) fn new(kind: ErrorKind) -> Self {
        Error { kind }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Self {
        Error::new(kind)
    }
}

/// Writes a zero-based cell as `r3c7` (one-based, as players name cells).
pub(crate) struct CellName(pub(crate) usize, pub(crate) usize);

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.0 + 1, self.1 + 1)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Clash { first, second, value } => {
                let (a, b) = (CellName(first.0, first.1), CellName(second.0, second.1));
                write!(f, "{a} and {b} both hold {value}")
            }
            ErrorKind::WrongSize { expected, found } => {
                write!(f, "the grid is {found}x{found} but the rules are for {expected}x{expected}")
            }
            ErrorKind::BadShape { box_rows, box_cols } => write!(
                f,
                "{box_rows}x{box_cols} boxes make a {}x{} grid; the side must be 4 to 64",
                box_rows * box_cols,
                box_rows * box_cols
            ),
            ErrorKind::BadValue { row, col, value } => {
                write!(f, "{} holds {value}, which is out of range", CellName(*row, *col))
            }
            ErrorKind::CellCount { expected, found } => {
                write!(f, "expected {expected} cells, found {found}")
            }
            ErrorKind::BadRegions(msg) | ErrorKind::BadVariant(msg) => f.write_str(msg),
            ErrorKind::BadAlphabet(msg) => write!(f, "bad alphabet: {msg}"),
            ErrorKind::Engine(e) => write!(f, "the engine rejected the problem: {e}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Engine(e) => Some(e),
            _ => None,
        }
    }
}

/// Text that could not be read as a puzzle or a region map, with the
/// one-based line and column of the mistake.
///
/// It displays as `line:column: message`, so that a caller can put the file
/// name in front: `puzzles.txt:12:5: unknown symbol 'x'`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    line: usize,
    column: usize,
    kind: ReadErrorKind,
}

/// What was wrong with the text.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// A character that is neither a symbol of the alphabet, a blank nor a
    /// separator.
    UnknownSymbol(char),
    /// A symbol or number too large for the grid's side.
    OutOfRange {
        /// The value of the symbol (1-based).
        value: u32,
        /// The grid's side.
        size: usize,
    },
    /// A line whose cells make neither a one-line puzzle (a square number
    /// of cells, 16 to 4096) nor the first row of a grid (4 to 64 cells,
    /// followed by as many rows).
    NotAPuzzle {
        /// The number of cells on the line.
        cells: usize,
    },
    /// A CSV record (a line with commas and a field of 16 characters or
    /// more) whose first such field is no one-line puzzle.
    CsvWithoutPuzzle {
        /// The field, counted from 1.
        field: usize,
        /// The characters in it.
        cells: usize,
    },
    /// A line of pencil marks (nine characters a cell, the digit itself
    /// where it is a candidate, `.` where not) with a digit out of its
    /// place: the column names it.
    MisplacedMark {
        /// The digit found.
        found: char,
        /// The digit whose place it is.
        expected: char,
    },
    /// A cell of a line of pencil marks with no candidate left (zero-based
    /// row and column).
    NoCandidate {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        col: usize,
    },
    /// A row of a multi-line grid with the wrong number of cells.
    RowLength {
        /// The grid's side.
        expected: usize,
        /// The cells found on the line.
        found: usize,
    },
    /// A multi-line grid that ends (at a blank line or the end of the
    /// input) before all its rows were read.
    IncompleteGrid {
        /// The rows read.
        rows: usize,
        /// The grid's side.
        expected: usize,
    },
    /// A region map with a cell count that is not the square of a side
    /// from 4 to 64.
    RegionCells {
        /// The number of labels found.
        found: usize,
    },
    /// A region map whose labels do not make `side` regions of `side`
    /// cells each.
    RegionSize {
        /// The region's label.
        label: char,
        /// The number of cells with that label.
        found: usize,
        /// The grid's side.
        expected: usize,
    },
    /// A region map with more distinct labels than the grid's side.
    TooManyRegions {
        /// The label of the first extra region.
        label: char,
        /// The grid's side.
        expected: usize,
    },
    /// A line without the region map that
    /// [`PuzzleReader::inline_regions`](crate::PuzzleReader::inline_regions)
    /// expects after the puzzle.
    MissingRegions,
    /// A puzzle whose inline region map is of another side.
    RegionSide {
        /// The side of the region map.
        regions: usize,
        /// The side of the puzzle.
        puzzle: usize,
    },
    /// A puzzle of another side than the one set with
    /// [`PuzzleReader::size`](crate::PuzzleReader::size).
    WrongSide {
        /// The side set.
        expected: usize,
        /// The side of the puzzle (of its grid, for a grid row).
        found: usize,
    },
    /// A puzzle larger than its alphabet
    /// ([`PuzzleReader::alphabet`](crate::PuzzleReader::alphabet)) can write.
    FewSymbols {
        /// The symbols of the alphabet.
        symbols: usize,
        /// The side of the puzzle.
        size: usize,
    },
    /// A grid that seems to use spaces for blank cells: its rows mix cells
    /// written side by side with runs of spaces, or start with a space.
    /// Spaces only separate cells; a blank is `.`, `0`, `_` or `*`.
    SpacesForBlanks,
    /// A line that is not valid UTF-8 (the column is that of the first
    /// bad byte).
    NotUtf8,
    /// A line longer than any puzzle can be; it is skipped, and reading
    /// goes on with the next line.
    LineTooLong {
        /// The most bytes a line may hold
        /// ([`MAX_LINE`](crate::reader::MAX_LINE)).
        max: usize,
    },
    /// Reading the input failed.
    Io(String),
}

impl ReadError {
    pub(crate) fn new(line: usize, column: usize, kind: ReadErrorKind) -> Self {
        ReadError { line, column, kind }
    }

    /// The one-based line of the mistake.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The one-based column (in characters) of the mistake; 1 when the
    /// whole line is at fault.
    pub fn column(&self) -> usize {
        self.column
    }

    /// What was wrong.
    pub fn kind(&self) -> &ReadErrorKind {
        &self.kind
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: ", self.line, self.column)?;
        match &self.kind {
            ReadErrorKind::UnknownSymbol(c) => write!(f, "unknown symbol {c:?}"),
            ReadErrorKind::OutOfRange { value, size } => {
                write!(f, "symbol value {value} is out of range for a {size}x{size} grid")
            }
            ReadErrorKind::NotAPuzzle { cells } => write!(
                f,
                "{cells} cells on a line make no puzzle: a one-line puzzle has a square number \
                 of cells (16 to 4096), a grid as many rows as cells in a row (4 to 64)"
            ),
            ReadErrorKind::CsvWithoutPuzzle { field, cells } => write!(
                f,
                "this looks like CSV, but its field {field} ({cells} characters) is no \
                 one-line puzzle: a square number of cells, 16 to 4096"
            ),
            ReadErrorKind::MisplacedMark { found, expected } => write!(
                f,
                "pencil marks: {found:?} where this cell's candidate {expected:?} (or `.`) goes"
            ),
            ReadErrorKind::NoCandidate { row, col } => {
                write!(f, "pencil marks: r{}c{} has no candidate", row + 1, col + 1)
            }
            ReadErrorKind::RowLength { expected, found } => {
                write!(f, "expected {expected} cells in this grid row, found {found}")
            }
            ReadErrorKind::IncompleteGrid { rows, expected } => {
                write!(f, "the grid ends after {rows} of its {expected} rows")
            }
            ReadErrorKind::RegionCells { found } => {
                write!(f, "a region map of {found} cells is not a square grid of side 4 to 64")
            }
            ReadErrorKind::RegionSize { label, found, expected } => {
                write!(f, "region {label:?} has {found} cells, expected {expected}")
            }
            ReadErrorKind::TooManyRegions { label, expected } => {
                write!(f, "region {label:?} is one more than the {expected} regions of the grid")
            }
            ReadErrorKind::MissingRegions => f.write_str(
                "expected the puzzle's region map after it, set apart by a space (one label per \
                 cell)",
            ),
            ReadErrorKind::RegionSide { regions: m, puzzle: n } => {
                write!(f, "the region map is {m}x{m} but the puzzle is {n}x{n}")
            }
            ReadErrorKind::WrongSide { expected, found } => {
                write!(f, "a {found}x{found} puzzle where the puzzles are {expected}x{expected}")
            }
            ReadErrorKind::FewSymbols { symbols, size } => write!(
                f,
                "a {size}x{size} puzzle needs {size} symbols, and the alphabet has {symbols}"
            ),
            ReadErrorKind::SpacesForBlanks => f.write_str(
                "this grid seems to use spaces for blank cells: write a blank as `.` or `0` \
                 (spaces only separate cells)",
            ),
            ReadErrorKind::NotUtf8 => f.write_str("the line is not valid UTF-8"),
            ReadErrorKind::LineTooLong { max } => write!(
                f,
                "the line is longer than {max} bytes, more than any puzzle can be; it is skipped"
            ),
            ReadErrorKind::Io(msg) => write!(f, "read error: {msg}"),
        }
    }
}

impl std::error::Error for ReadError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clash_names_both_cells() {
        let e = Error::new(ErrorKind::Clash { first: (2, 0), second: (2, 6), value: 5 });
        assert_eq!(e.to_string(), "r3c1 and r3c7 both hold 5");
    }

    #[test]
    fn read_error_puts_position_first() {
        let e = ReadError::new(12, 5, ReadErrorKind::UnknownSymbol('x'));
        assert_eq!(e.to_string(), "12:5: unknown symbol 'x'");
        assert_eq!((e.line(), e.column()), (12, 5));
    }
}
