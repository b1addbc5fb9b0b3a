//! [`PuzzleReader`]: puzzles, one by one, from any [`BufRead`].
//!
//! The reader takes the forms people write puzzles in:
//!
//! - one puzzle per line, `n²` symbols with `.`, `0`, `_` or `*` for a
//!   blank (`4...3.......6..8...`);
//! - multi-line grids, one row per line, with any spaces, `|`, `-`, `+`
//!   and `,` between cells, and lines of separators between boxes;
//! - either of those in the numbers form, decimal values separated by
//!   spaces or commas (`10 . 3 16 …`), recognized on its own as soon as a
//!   value has two digits.
//!
//! Blank lines end a grid; lines that begin with `#` are comments. The
//! side is inferred from the number of cells: a line with a square number
//! of cells is a whole puzzle, a line of 4 to 64 cells the first row of a
//! grid with as many rows. One case is ambiguous: a line of 16, 25, 36, 49
//! or 64 cells written with spaces or `|` between them is taken as a grid
//! row, and written without them as a one-line puzzle. Set the side with
//! [`PuzzleReader::size`] to decide it either way.
//!
//! A grid's box shape is the one its separators draw (`|` every two cells
//! and a line of `-` every three rows make 3x2 boxes), else the one set
//! with [`PuzzleReader::shape`], else the default for its side
//! ([`Shape::for_size`]; 6x6 has 2x3 boxes). A shape set with
//! [`PuzzleReader::shape`] wins over a drawn one.
//!
//! Symbols are `1`-`9` then `A`-`Z` (in either case) by default, see
//! [`Alphabet::default_for`]; set another with [`PuzzleReader::alphabet`].
//!
//! The reader holds one line at a time (and the grid being read), so a
//! file of a million puzzles never sits in memory whole. A bad puzzle is
//! reported as a [`ReadError`] and reading goes on with the next one.

mod tokens;

use std::io::BufRead;

use crate::alphabet::Alphabet;
use crate::error::{ReadError, ReadErrorKind};
use crate::grid::Grid;
use crate::shape::{MAX_SIZE, MIN_SIZE, Shape};
use tokens::{Token, TokenKind, box_width, tokenize};

/// How a puzzle was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layout {
    /// On one line.
    Line,
    /// As a grid, one row per line.
    Grid,
}

/// A puzzle read from text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// The givens.
    pub grid: Grid,
    /// The one-based line the puzzle starts on.
    pub line: usize,
    /// How the puzzle was written, so that answers can be written the same
    /// way.
    pub layout: Layout,
}

/// Reads puzzles one by one; an iterator of `Result<Puzzle, ReadError>`.
///
/// ```
/// use sudoku_cover::{Layout, PuzzleReader};
///
/// let text = "\
/// ## a one-line 4x4 puzzle, then a grid
/// 1.3...2.........
///
/// 1 . | 3 .
/// . . | . 2
/// ----+----
/// . 1 | . .
/// . . | . .
/// ";
/// let puzzles: Vec<_> = PuzzleReader::new(text.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(puzzles.len(), 2);
/// assert_eq!((puzzles[0].line, puzzles[0].layout), (2, Layout::Line));
/// assert_eq!((puzzles[1].line, puzzles[1].layout), (4, Layout::Grid));
/// assert_eq!(puzzles[1].grid.get(2, 1), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct PuzzleReader<R> {
    reader: R,
    alphabet: Option<Alphabet>,
    shape: Option<Shape>,
    size: Option<usize>,
    /// The default alphabet of the last side seen.
    default_alphabet: Alphabet,
    buf: Vec<u8>,
    line_no: usize,
    /// Process the line in `buf` again instead of reading the next.
    replay: bool,
    pending: Option<Pending>,
    /// A broken grid: its side and the rows of it still to skip.
    skip: Option<(usize, usize)>,
    tokens: Vec<Token>,
    done: bool,
}

/// A grid whose rows are being read.
#[derive(Debug)]
struct Pending {
    n: usize,
    first_line: usize,
    rows: usize,
    cells: Vec<u8>,
    /// The box width that the first row's `|` marks show, if any.
    box_cols: Option<usize>,
    /// The rows before the first line of separators, if any.
    box_rows: Option<usize>,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader with the default options: the side inferred, default
    /// symbols, default box shapes.
    pub fn new(reader: R) -> PuzzleReader<R> {
        PuzzleReader {
            reader,
            alphabet: None,
            shape: None,
            size: None,
            default_alphabet: Alphabet::default_for(9),
            buf: Vec::new(),
            line_no: 0,
            replay: false,
            pending: None,
            skip: None,
            tokens: Vec::new(),
            done: false,
        }
    }

    /// Reads symbols with this alphabet instead of the default one.
    pub fn alphabet(mut self, alphabet: Alphabet) -> Self {
        self.alphabet = Some(alphabet);
        self
    }

    /// Gives puzzles of this shape's side this box shape, whatever their
    /// separators draw (others keep theirs): a 6x6 puzzle with 3x2 boxes,
    /// say.
    pub fn shape(mut self, shape: Shape) -> Self {
        self.shape = Some(shape);
        self
    }

    /// Reads every puzzle as of side `n`: a line of `n²` cells is a puzzle,
    /// a line of `n` cells a grid row, anything else an error. This settles
    /// the one ambiguity of the inferred side (see the [module
    /// docs](crate::reader)). A side outside 4 to 64 is ignored.
    pub fn size(mut self, n: usize) -> Self {
        self.size = (MIN_SIZE..=MAX_SIZE).contains(&n).then_some(n);
        self
    }

    /// The number of lines read so far.
    pub fn lines_read(&self) -> usize {
        self.line_no
    }

    fn shape_for(&self, n: usize) -> Shape {
        match self.shape {
            Some(s) if s.size() == n => s,
            // `n` is 4..=64 here, which always has a shape.
            _ => Shape::for_size_or_rows(n).unwrap_or_default(),
        }
    }

    /// Handles the line in `buf`; `Some` when it ends a puzzle or an error.
    fn process_line(&mut self) -> Option<Result<Puzzle, ReadError>> {
        let line_no = self.line_no;
        let line = match std::str::from_utf8(&self.buf) {
            Ok(s) => s,
            Err(e) => {
                let column = String::from_utf8_lossy(&self.buf[..e.valid_up_to()]).chars().count();
                let error = ReadError::new(line_no, column + 1, ReadErrorKind::NotUtf8);
                return Some(Err(self.abandon(error)));
            }
        };
        let line = line.trim_end_matches(['\n', '\r']);
        let line = if line_no == 1 { line.trim_start_matches('\u{feff}') } else { line };
        let trimmed = line.trim_start();
        if trimmed.starts_with('#') {
            return None;
        }
        if trimmed.is_empty() {
            self.skip = None;
            return self.pending.take().map(|p| Err(incomplete(&p)));
        }
        let numbers_alphabet = self.alphabet.as_ref().is_some_and(Alphabet::is_numbers);
        let tokenized = tokenize(line, line_no, numbers_alphabet, &mut self.tokens);
        if let Some((n, rows)) = self.skip {
            // Skip the rest of a broken grid: lines that look like its
            // rows, up to its last row. Anything else is read as usual.
            let k = self.tokens.len();
            match tokenized {
                Ok(_) if k == 0 => return None,
                Ok(compact) if k != n || self.is_whole(k, compact) => self.skip = None,
                _ => {
                    self.skip = (rows > 1).then_some((n, rows - 1));
                    return None;
                }
            }
        }
        let compact = match tokenized {
            Ok(compact) => compact,
            Err(e) => return Some(Err(self.abandon(e))),
        };
        let k = self.tokens.len();
        if k == 0 {
            // A line of separators: inside a grid, it marks a row of boxes.
            if let Some(p) = &mut self.pending {
                p.box_rows = p.box_rows.or(Some(p.rows));
            }
            return None;
        }
        let Some(p) = self.pending.take() else {
            if self.is_whole(k, compact) {
                let n = k.isqrt();
                let mut cells = Vec::with_capacity(k);
                if let Err(e) = self.map_tokens(n, line_no, &mut cells) {
                    return Some(Err(e));
                }
                let grid = Grid::from_cells(self.shape_for(n), cells).expect("cells checked");
                return Some(Ok(Puzzle { grid, line: line_no, layout: Layout::Line }));
            }
            if !self.is_row(k) {
                return Some(Err(ReadError::new(
                    line_no,
                    1,
                    ReadErrorKind::NotAPuzzle { cells: k },
                )));
            }
            let p = Pending {
                n: k,
                first_line: line_no,
                rows: 0,
                cells: Vec::with_capacity(k * k),
                box_cols: box_width(line, &self.tokens),
                box_rows: None,
            };
            return self.add_row(p);
        };
        if k == p.n {
            return self.add_row(p);
        }
        if p.rows == 1 && self.starts_something(k, compact) {
            // The first "row" was a stray line of its own: report it, then
            // read this line afresh.
            self.replay = true;
            let cells = p.n;
            return Some(Err(ReadError::new(p.first_line, 1, ReadErrorKind::NotAPuzzle { cells })));
        }
        let column = match self.tokens.get(p.n) {
            Some(t) => t.column,
            None => line.chars().count() + 1,
        };
        self.skip_after(&p);
        let kind = ReadErrorKind::RowLength { expected: p.n, found: k };
        Some(Err(ReadError::new(line_no, column, kind)))
    }

    /// Whether a line of `k` cells is a one-line puzzle.
    fn is_whole(&self, k: usize, compact: bool) -> bool {
        let n = k.isqrt();
        match self.size {
            Some(size) => k == size * size,
            None => n * n == k && (MIN_SIZE..=MAX_SIZE).contains(&n) && (k > MAX_SIZE || compact),
        }
    }

    /// Whether a line of `k` cells can be the first row of a grid.
    fn is_row(&self, k: usize) -> bool {
        match self.size {
            Some(size) => k == size,
            None => (MIN_SIZE..=MAX_SIZE).contains(&k),
        }
    }

    /// Whether a line of `k` cells can start a puzzle.
    fn starts_something(&self, k: usize, compact: bool) -> bool {
        self.is_whole(k, compact) || self.is_row(k)
    }

    /// Adds the tokens as the next row of `p`.
    fn add_row(&mut self, mut p: Pending) -> Option<Result<Puzzle, ReadError>> {
        if let Err(e) = self.map_tokens(p.n, self.line_no, &mut p.cells) {
            self.skip_after(&p);
            return Some(Err(e));
        }
        p.rows += 1;
        if p.rows < p.n {
            self.pending = Some(p);
            return None;
        }
        let shape = match self.shape {
            Some(s) if s.size() == p.n => s,
            _ => drawn_shape(&p).unwrap_or_else(|| self.shape_for(p.n)),
        };
        let grid = Grid::from_cells(shape, p.cells).expect("cells checked");
        Some(Ok(Puzzle { grid, line: p.first_line, layout: Layout::Grid }))
    }

    /// Drops the grid being read (if any) after an error on this line.
    fn abandon(&mut self, error: ReadError) -> ReadError {
        if let Some(p) = self.pending.take() {
            self.skip_after(&p);
        }
        error
    }

    /// After an error on the current line, in the row after the `p.rows`
    /// rows read, skips the rows of `p` that remain.
    fn skip_after(&mut self, p: &Pending) {
        let rows = p.n - p.rows - 1;
        self.skip = (rows > 0).then_some((p.n, rows));
    }

    /// Appends the values of the tokens, for a grid of side `n`.
    fn map_tokens(&mut self, n: usize, line: usize, out: &mut Vec<u8>) -> Result<(), ReadError> {
        if self.alphabet.is_none() && self.default_alphabet.len() != n {
            self.default_alphabet = Alphabet::default_for(n);
        }
        let alphabet = self.alphabet.as_ref().unwrap_or(&self.default_alphabet);
        for t in &self.tokens {
            let value = match t.kind {
                TokenKind::Char(c) => match alphabet.value(c) {
                    Some(v) => u32::from(v),
                    None => {
                        return Err(ReadError::new(
                            line,
                            t.column,
                            ReadErrorKind::UnknownSymbol(c),
                        ));
                    }
                },
                TokenKind::Number(v) => v,
            };
            if value as usize > n {
                let kind = ReadErrorKind::OutOfRange { value, size: n };
                return Err(ReadError::new(line, t.column, kind));
            }
            out.push(value as u8);
        }
        Ok(())
    }
}

/// The box shape a grid's separators draw, if they draw one.
fn drawn_shape(p: &Pending) -> Option<Shape> {
    let n = p.n;
    let (rows, cols) = match (p.box_rows, p.box_cols) {
        (Some(r), Some(c)) => (r, c),
        (Some(r), None) if r > 0 && n % r == 0 => (r, n / r),
        (None, Some(c)) if n % c == 0 => (n / c, c),
        _ => return None,
    };
    if rows * cols != n {
        return None;
    }
    Shape::new(rows, cols).ok()
}

/// The error for a grid cut short.
fn incomplete(p: &Pending) -> ReadError {
    let kind = if p.rows == 1 {
        ReadErrorKind::NotAPuzzle { cells: p.n }
    } else {
        ReadErrorKind::IncompleteGrid { rows: p.rows, expected: p.n }
    };
    ReadError::new(p.first_line, 1, kind)
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<Puzzle, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.done {
                return None;
            }
            if !self.replay {
                self.buf.clear();
                match self.reader.read_until(b'\n', &mut self.buf) {
                    Ok(0) => {
                        self.done = true;
                        return self.pending.take().map(|p| Err(incomplete(&p)));
                    }
                    Ok(_) => self.line_no += 1,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => {
                        // Reading cannot go on after a failed read.
                        self.done = true;
                        let kind = ReadErrorKind::Io(e.to_string());
                        return Some(Err(ReadError::new(self.line_no + 1, 1, kind)));
                    }
                }
            }
            self.replay = false;
            if let Some(item) = self.process_line() {
                return Some(item);
            }
        }
    }
}

impl<R: BufRead> std::iter::FusedIterator for PuzzleReader<R> {}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<Result<Puzzle, ReadError>> {
        PuzzleReader::new(text.as_bytes()).collect()
    }

    fn errors(text: &str) -> Vec<String> {
        read(text).into_iter().filter_map(|r| r.err().map(|e| e.to_string())).collect()
    }

    #[test]
    fn bad_line_does_not_stop_reading() {
        let good = "1.3...2.........";
        let text = format!("{good}\n1.3..x2.........\n{good}\n");
        let results = read(&text);
        assert_eq!(results.len(), 3);
        assert!(results[0].is_ok() && results[2].is_ok());
        assert_eq!(results[1].as_ref().unwrap_err().to_string(), "2:6: unknown symbol 'x'");
    }

    #[test]
    fn a_stray_short_line_is_reported_once() {
        let good = "1.3...2.........";
        let text = format!("{good}\n1.3..2..\n{good}\n");
        let results = read(&text);
        assert_eq!(results.len(), 3, "{results:?}");
        assert!(results[0].is_ok() && results[2].is_ok());
        assert_eq!(results[1].as_ref().unwrap_err().line(), 2);
    }

    #[test]
    fn broken_grid_rows_are_skipped() {
        let text = "1 2 3 4\n3 4 1\n2 1 4 3\n4 3 2 1\n\n1234341221434321\n";
        let results = read(text);
        assert_eq!(results.len(), 2, "{results:?}");
        assert_eq!(
            results[0].as_ref().unwrap_err().to_string(),
            "2:6: expected 4 cells in this grid row, found 3"
        );
        assert!(results[1].is_ok());
    }

    #[test]
    fn a_bad_first_row_does_not_swallow_what_follows() {
        let good = "1.3...2.........";
        let results = read(&format!("12345x\n{good}\n{good}\n"));
        assert_eq!(results.len(), 3, "{results:?}");
        assert_eq!(results[0].as_ref().unwrap_err().to_string(), "1:6: unknown symbol 'x'");
        assert!(results[1].is_ok() && results[2].is_ok());
    }

    #[test]
    fn box_shape_from_the_separators() {
        let three_by_two = "1 2 | . . | . .\n. . | . . | . .\n. . | . . | . .\n\
                            ----+-----+----\n. . | . . | . .\n. . | . . | . .\n. . | . . | . .\n";
        let p = read(three_by_two).pop().unwrap().unwrap();
        assert_eq!(p.grid.shape(), Shape::new(3, 2).unwrap());
        // Rows alone, or bars alone, say as much.
        let rows_only = three_by_two.replace(" |", "");
        let p = read(&rows_only).pop().unwrap().unwrap();
        assert_eq!(p.grid.shape(), Shape::new(3, 2).unwrap());
        let bars_only: String = three_by_two
            .lines()
            .filter(|l| !l.starts_with('-'))
            .map(|l| format!("{l}\n"))
            .collect();
        let p = read(&bars_only).pop().unwrap().unwrap();
        assert_eq!(p.grid.shape(), Shape::new(3, 2).unwrap());
        // An explicit shape wins; no separators means the default shape.
        let forced = PuzzleReader::new(three_by_two.as_bytes()).shape(Shape::new(2, 3).unwrap());
        assert_eq!(forced.last().unwrap().unwrap().grid.shape(), Shape::new(2, 3).unwrap());
        let plain = three_by_two.replace(" |", "").replace("----+-----+----\n", "");
        let p = read(&plain).pop().unwrap().unwrap();
        assert_eq!(p.grid.shape(), Shape::new(2, 3).unwrap());
    }

    #[test]
    fn incomplete_grids() {
        assert_eq!(errors("1 2 3 4\n3 4 1 2\n\n"), ["1:1: the grid ends after 2 of its 4 rows"]);
        assert_eq!(errors("1 2 3 4\n3 4 1 2"), ["1:1: the grid ends after 2 of its 4 rows"]);
        assert_eq!(errors("1 2 3\n").len(), 1);
    }

    #[test]
    fn size_option_settles_sixteen_cells() {
        let row = "1.3...2.........\n";
        let text = row.repeat(16);
        let as_lines: Vec<_> = PuzzleReader::new(text.as_bytes()).collect();
        assert_eq!(as_lines.len(), 16);
        let as_grid: Vec<_> = PuzzleReader::new(text.as_bytes()).size(16).collect();
        assert_eq!(as_grid.len(), 1);
        assert_eq!(as_grid[0].as_ref().unwrap().grid.size(), 16);
    }

    #[test]
    fn invalid_utf8_is_one_error() {
        let mut bytes = b"1.3...2...\xff.....\n".to_vec();
        bytes.extend_from_slice(b"1.3...2.........\n");
        let results: Vec<_> = PuzzleReader::new(&bytes[..]).collect();
        assert_eq!(results.len(), 2);
        assert_eq!(results[0].as_ref().unwrap_err().column(), 11);
        assert!(results[1].is_ok());
    }
}
