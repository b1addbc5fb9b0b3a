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
//! - a 9x9 puzzle as pencil marks: 729 characters on a line, nine a cell,
//!   the digit itself where it is still a candidate and `.` where it is
//!   ruled out (`1.3......` is 1 or 3); a cell with one candidate is a
//!   given, and [`Puzzle::marks`] holds every cell's candidates. A line of
//!   729 digits and dots is read so unless the side is set to 27 with
//!   [`PuzzleReader::size`] (or an alphabet is set).
//!
//! Blank lines end a grid; a `#` starts a comment, on a line of its own or
//! after a puzzle. A CSV file whose records hold one-line puzzles, such as
//! Kaggle's (`quizzes,solutions` and then `0043002...,8643712...`), reads
//! as one puzzle per record: the first field that is a one-line puzzle, its
//! header skipped. The side is inferred from the number of cells: a line with a square number
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
//! Symbols are `1`-`9`, then `A`-`Z` (in either case up to side 35), then
//! `a`-`z`, `@`, `$` and `%` by default, see [`Alphabet::default_for`]; set
//! another with [`PuzzleReader::alphabet`].
//! Each puzzle's [`Notation`] tells how it was written (symbols or numbers,
//! and what separates its cells), so that answers can be written alike.
//!
//! A jigsaw puzzle may carry its own region map on its line, after the
//! puzzle and a space, one label per cell (`1.3...2......... AABBAABBCCDDCCDD`,
//! what `dlx sudoku generate --regions random` writes): see
//! [`PuzzleReader::inline_regions`].
//!
//! A grid written with spaces for blanks (`53  7    `) cannot be read (a
//! space separates cells); it is reported once, as
//! [`ReadErrorKind::SpacesForBlanks`], and its other rows skipped.
//!
//! The reader holds one line at a time (and the grid being read), so a
//! file of a million puzzles never sits in memory whole. A bad puzzle is
//! reported as a [`ReadError`] and reading goes on with the next one.
//! A line longer than any puzzle can be (more than [`MAX_LINE`] bytes) is
//! reported as [`ReadErrorKind::LineTooLong`] as soon as that many bytes
//! are read, and the rest of it skipped without being kept, so that memory
//! stays bounded whatever the input. A byte-order mark (U+FEFF) at the start
//! of the text is skipped.

mod compact;
mod grid;
mod inline;
mod marks;
mod notation;
mod options;
mod tokens;

use std::cell::RefCell;
use std::io::BufRead;

use dlx::lines::{LineRead, read_line_capped, skip_line};

use crate::alphabet::{Alphabet, SEPARATORS};
use crate::error::{ReadError, ReadErrorKind};
use crate::grid::Grid;
use crate::regions::Regions;
use crate::shape::{MAX_SIZE, MIN_SIZE, Shape};
use compact::Compact;
use grid::{Pending, incomplete};
use tokens::{Token, TokenKind, box_width, tokenize};

pub use marks::marks_line;
pub use notation::{Notation, Separator};

/// The most bytes a line may hold (its line ending aside): 64 KiB, several
/// times the longest puzzle (64x64 cells in numbers, with separators).
pub const MAX_LINE: usize = 64 << 10;

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
    /// How its cells were written: symbols or numbers, and what separates
    /// them.
    pub notation: Notation,
    /// For a puzzle given as pencil marks, every cell's candidates (bit
    /// `d - 1` for digit `d`; the cells with one are the givens); `None`
    /// for a puzzle given as givens.
    pub marks: Option<Vec<u64>>,
    /// The region map written after the puzzle on its line, when read
    /// with [`PuzzleReader::inline_regions`].
    pub regions: Option<Regions>,
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
    /// Each puzzle is one line followed by its region map.
    inline_regions: bool,
    /// The default alphabet of the last side seen.
    default_alphabet: Alphabet,
    buf: Vec<u8>,
    line_no: usize,
    /// Process the line in `buf` again instead of reading the next.
    replay: bool,
    pending: Option<Pending>,
    /// A broken grid: its side and the rows of it still to skip.
    skip: Option<(usize, usize)>,
    /// A grid with spaces for blanks: the most lines of it still to skip.
    skip_spaced: Option<usize>,
    tokens: Vec<Token>,
    /// Whether lines of one character a cell take [`Self::compact_line`]
    /// (off in tests that compare it with the general path).
    fast: bool,
    /// The alphabet in use (the one set, else the default one) as a table.
    compact: Compact,
    /// Cells of puzzles given back ([`recycle`](Self::recycle)), for the
    /// next compact puzzles' grids.
    spare: RefCell<Vec<Vec<u8>>>,
    done: bool,
    /// The most bytes a line may hold.
    max_line: usize,
    /// The end of the input was met while reading the last line (it had
    /// no `\n`): a terminal shows its end only once.
    at_end: bool,
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
            inline_regions: false,
            default_alphabet: Alphabet::default_for(9),
            buf: Vec::new(),
            line_no: 0,
            replay: false,
            pending: None,
            skip: None,
            skip_spaced: None,
            tokens: Vec::new(),
            fast: true,
            compact: Compact::new(&Alphabet::default_for(9)),
            spare: RefCell::new(Vec::new()),
            done: false,
            max_line: MAX_LINE,
            at_end: false,
        }
    }

    /// Reads every line by the general path (for tests of the fast one).
    #[cfg(test)]
    pub(crate) fn general_only(mut self) -> Self {
        self.fast = false;
        self
    }

    /// Takes lines of at most `max` bytes instead of [`MAX_LINE`] (for
    /// tests: a line over the real cap is large).
    #[cfg(test)]
    pub(crate) fn max_line(mut self, max: usize) -> Self {
        self.max_line = max;
        self
    }

    /// The number of lines read so far.
    pub fn lines_read(&self) -> usize {
        self.line_no
    }

    /// The input it reads from.
    pub fn get_ref(&self) -> &R {
        &self.reader
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
        if let Some(puzzle) = self.compact_raw(line_no) {
            return Some(Ok(puzzle));
        }
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
        // A `#` starts a comment (it is never a symbol).
        let (line, comment) = match line.find('#') {
            Some(at) => (&line[..at], true),
            None => (line, false),
        };
        if line.trim().is_empty() {
            if comment {
                return None;
            }
            self.skip = None;
            self.skip_spaced = None;
            return self.pending.take().map(|p| Err(incomplete(&p)));
        }
        if line_no == 1 && tokens::is_csv_header(line) {
            return None;
        }
        if self.pending.is_none()
            && self.alphabet.is_none()
            && self.size.is_none_or(|n| n == 9)
            && !self.inline_regions
            && marks::is_marks_line(line)
        {
            self.skip = None;
            self.skip_spaced = None;
            return Some(marks::read(line, line_no, self.shape_for(9)));
        }
        if let Some(puzzle) = self.compact_line(line.as_bytes(), line_no) {
            return Some(Ok(puzzle));
        }
        let (line, regions) = if self.inline_regions {
            match inline::split_map(line, line_no) {
                Ok((puzzle, regions, column)) => (puzzle, Some((regions, column))),
                Err(e) => return Some(Err(e)),
            }
        } else {
            (line, None)
        };
        let numbers_alphabet = self.alphabet.as_ref().is_some_and(Alphabet::is_numbers);
        let tokenized = tokenize(line, line_no, numbers_alphabet, &mut self.tokens);
        let k = self.tokens.len();
        if let Some(left) = self.skip_spaced {
            // The rest of a grid with spaces for blanks: up to a blank line
            // or a one-line puzzle.
            let whole = matches!(tokenized, Ok(f) if self.is_whole(k, f.compact));
            if !whole && left > 0 {
                self.skip_spaced = Some(left - 1);
                return None;
            }
            self.skip_spaced = None;
        }
        if let Some((n, rows)) = self.skip {
            // Skip the rest of a broken grid: lines that look like its
            // rows, up to its last row. Anything else is read as usual.
            match tokenized {
                Ok(_) if k == 0 => return None,
                Ok(f) if k != n || self.is_whole(k, f.compact) => self.skip = None,
                _ => {
                    self.skip = (rows > 1).then_some((n, rows - 1));
                    return None;
                }
            }
        }
        let spaced = k <= MAX_SIZE && tokens::spaces_for_blanks(line);
        let form = match tokenized {
            Ok(form) => form,
            Err(e) => {
                let p = self.pending.take();
                return Some(Err(self.fail(spaced, p.as_ref(), e)));
            }
        };
        if k == 0 {
            // A line of separators: inside a grid, it marks a row of boxes.
            if let Some(p) = &mut self.pending {
                p.box_rows = p.box_rows.or(Some(p.rows));
            }
            return None;
        }
        let Some(p) = self.pending.take() else {
            if self.is_whole(k, form.compact || regions.is_some()) {
                let n = k.isqrt();
                let mut cells = Vec::with_capacity(k);
                if let Err(e) = self.map_tokens(n, line_no, &mut cells) {
                    return Some(Err(e));
                }
                let regions = match regions {
                    Some((map, column)) if map.size() != n => {
                        let kind = ReadErrorKind::RegionSide { regions: map.size(), puzzle: n };
                        return Some(Err(ReadError::new(line_no, column, kind)));
                    }
                    other => other.map(|(map, _)| map),
                };
                let grid = Grid::from_cells(self.shape_for(n), cells).expect("cells checked");
                let notation = Notation { numbers: form.numbers, separator: form.separator };
                let layout = Layout::Line;
                return Some(Ok(Puzzle {
                    grid,
                    line: line_no,
                    layout,
                    notation,
                    marks: None,
                    regions,
                }));
            }
            if regions.is_some() {
                // Grids cannot carry a map: this line must be a puzzle.
                let side = k.isqrt();
                let kind = match self.size {
                    Some(expected) if side * side == k && (MIN_SIZE..=MAX_SIZE).contains(&side) => {
                        ReadErrorKind::WrongSide { expected, found: side }
                    }
                    _ => ReadErrorKind::NotAPuzzle { cells: k },
                };
                return Some(Err(ReadError::new(line_no, 1, kind)));
            }
            if !self.is_row(k) {
                // A CSV record: the puzzle is its first long field.
                let csv = tokens::csv_fields(line).enumerate().find(|(_, (_, f))| {
                    // One cell a character: no spaces, no separators.
                    f.len() >= MIN_SIZE * MIN_SIZE
                        && !f.contains(|c: char| c.is_whitespace() || SEPARATORS.contains(&c))
                });
                let error = match csv {
                    Some((_, (start, field))) if self.is_whole(field.chars().count(), true) => {
                        let mut tokens = std::mem::take(&mut self.tokens);
                        let read = tokenize(field, line_no, false, &mut tokens);
                        let shift = line[..start].chars().count();
                        tokens.iter_mut().for_each(|t| t.column += shift);
                        self.tokens = tokens;
                        return Some(match read {
                            Ok(_) => self.csv_puzzle(line_no),
                            Err(e) => Err(e),
                        });
                    }
                    Some((i, (start, field))) => {
                        let column = line[..start].chars().count() + 1;
                        let cells = field.chars().count();
                        let kind = ReadErrorKind::CsvWithoutPuzzle { field: i + 1, cells };
                        ReadError::new(line_no, column, kind)
                    }
                    None => self.other_side(k, form.compact, line_no),
                };
                return Some(Err(self.fail(spaced, None, error)));
            }
            let p = Pending {
                n: k,
                first_line: line_no,
                rows: 0,
                cells: Vec::with_capacity(k * k),
                box_cols: box_width(line, &self.tokens),
                box_rows: None,
                numbers: false,
            };
            return self.add_row(p, form, spaced);
        };
        if k == p.n {
            return self.add_row(p, form, spaced);
        }
        if p.rows == 1 && self.starts_something(k, form.compact) {
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
        let kind = ReadErrorKind::RowLength { expected: p.n, found: k };
        Some(Err(self.fail(spaced, Some(&p), ReadError::new(line_no, column, kind))))
    }

    /// A one-line puzzle from the tokens of a CSV field.
    fn csv_puzzle(&mut self, line: usize) -> Result<Puzzle, ReadError> {
        let n = self.tokens.len().isqrt();
        let mut cells = Vec::with_capacity(n * n);
        self.map_tokens(n, line, &mut cells)?;
        let grid = Grid::from_cells(self.shape_for(n), cells).expect("cells checked");
        Ok(Puzzle {
            grid,
            line,
            layout: Layout::Line,
            notation: Notation::default(),
            marks: None,
            regions: None,
        })
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

    /// Appends the values of the tokens, for a grid of side `n`.
    fn map_tokens(&mut self, n: usize, line: usize, out: &mut Vec<u8>) -> Result<(), ReadError> {
        match &self.alphabet {
            Some(a) if !a.fits(n) => {
                let kind = ReadErrorKind::FewSymbols { symbols: a.len(), size: n };
                return Err(ReadError::new(line, 1, kind));
            }
            Some(_) => {}
            None if self.default_alphabet.len() != n => {
                self.default_alphabet = Alphabet::default_for(n);
                self.compact = Compact::new(&self.default_alphabet);
            }
            None => {}
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

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<Puzzle, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.done {
                return None;
            }
            if !self.replay {
                self.buf.clear();
                let read = if self.at_end {
                    Ok(LineRead::End)
                } else {
                    read_line_capped(&mut self.reader, &mut self.buf, self.max_line)
                };
                let read = match read {
                    Ok(LineRead::TooLong) => skip_line(&mut self.reader).map(|end| {
                        self.at_end = end;
                        LineRead::TooLong
                    }),
                    Ok(LineRead::Line) => {
                        self.at_end = !self.buf.ends_with(b"\n");
                        Ok(LineRead::Line)
                    }
                    other => other,
                };
                match read {
                    Ok(LineRead::End) => {
                        self.done = true;
                        return self.pending.take().map(|p| Err(incomplete(&p)));
                    }
                    Ok(LineRead::Line) => self.line_no += 1,
                    Ok(LineRead::TooLong) => {
                        self.line_no += 1;
                        let kind = ReadErrorKind::LineTooLong { max: self.max_line };
                        let error = ReadError::new(self.line_no, 1, kind);
                        return Some(Err(self.abandon(error)));
                    }
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
mod tests;
