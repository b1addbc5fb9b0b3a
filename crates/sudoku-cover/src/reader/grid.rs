//! Multi-line grids: the rows of a [`Pending`] grid, the box shape its
//! separators draw, and what an error inside a grid does to the rows left:
//! they are skipped, so that one broken grid is one error.

use std::io::BufRead;

use super::tokens::LineForm;
use super::{Layout, Notation, Puzzle, PuzzleReader, Separator};
use crate::error::{ReadError, ReadErrorKind};
use crate::grid::Grid;
use crate::shape::{MAX_SIZE, MIN_SIZE, Shape};

/// A grid whose rows are being read.
#[derive(Debug)]
pub(super) struct Pending {
    /// The side.
    pub(super) n: usize,
    /// The line of the first row.
    pub(super) first_line: usize,
    /// The rows read.
    pub(super) rows: usize,
    /// The values of the rows read, in reading order.
    pub(super) cells: Vec<u8>,
    /// The box width that the first row's `|` marks show, if any.
    pub(super) box_cols: Option<usize>,
    /// The rows before the first line of separators, if any.
    pub(super) box_rows: Option<usize>,
    /// Whether some row is in the numbers form.
    pub(super) numbers: bool,
}

impl<R: BufRead> PuzzleReader<R> {
    /// The error for a line of `k` cells that is neither a puzzle nor a
    /// grid row: of another side than the one set (the other rows of such
    /// a grid are skipped), or of no side at all.
    pub(super) fn other_side(&mut self, k: usize, compact: bool, line: usize) -> ReadError {
        let side = k.isqrt();
        let sides = MIN_SIZE..=MAX_SIZE;
        let kind = match self.size {
            Some(expected) if side * side == k && sides.contains(&side) && compact => {
                ReadErrorKind::WrongSide { expected, found: side }
            }
            Some(expected) if sides.contains(&k) => {
                self.skip = Some((k, k - 1));
                ReadErrorKind::WrongSide { expected, found: k }
            }
            _ => ReadErrorKind::NotAPuzzle { cells: k },
        };
        ReadError::new(line, 1, kind)
    }

    /// The error for the current line, in grid `p` if there is one. A line
    /// with spaces for blanks (`spaced`) makes one error for its whole
    /// grid, whose other lines are skipped; otherwise the rest of `p` is
    /// skipped.
    pub(super) fn fail(
        &mut self,
        spaced: bool,
        p: Option<&Pending>,
        error: ReadError,
    ) -> ReadError {
        if spaced {
            self.skip = None;
            self.skip_spaced = Some(MAX_SIZE);
            let first = p.map_or(self.line_no, |p| p.first_line);
            return ReadError::new(first, 1, ReadErrorKind::SpacesForBlanks);
        }
        if let Some(p) = p {
            self.skip_after(p);
        }
        error
    }

    /// Adds the tokens, written in `form`, as the next row of `p`.
    pub(super) fn add_row(
        &mut self,
        mut p: Pending,
        form: LineForm,
        spaced: bool,
    ) -> Option<Result<Puzzle, ReadError>> {
        if let Err(e) = self.map_tokens(p.n, self.line_no, &mut p.cells) {
            return Some(Err(self.fail(spaced, Some(&p), e)));
        }
        p.numbers |= form.numbers;
        p.rows += 1;
        if p.rows < p.n {
            self.pending = Some(p);
            return None;
        }
        let shape = match self.shape {
            Some(s) if s.size() == p.n => s,
            _ => drawn_shape(&p).unwrap_or_else(|| self.shape_for(p.n)),
        };
        let notation = Notation { numbers: p.numbers, separator: Separator::None };
        let grid = Grid::from_cells(shape, p.cells).expect("cells checked");
        Some(Ok(Puzzle {
            grid,
            line: p.first_line,
            layout: Layout::Grid,
            notation,
            marks: None,
            regions: None,
        }))
    }

    /// Drops the grid being read (if any) after an error on this line.
    pub(super) fn abandon(&mut self, error: ReadError) -> ReadError {
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
pub(super) fn incomplete(p: &Pending) -> ReadError {
    let kind = if p.rows == 1 {
        ReadErrorKind::NotAPuzzle { cells: p.n }
    } else {
        ReadErrorKind::IncompleteGrid { rows: p.rows, expected: p.n }
    };
    ReadError::new(p.first_line, 1, kind)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{TOP95, errors, read};
    use super::*;

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
    fn a_grid_with_spaces_for_blanks_is_one_error() {
        let spaced = "53  7    \n6  195   \n 98    6 \n8   6   3\n4  8 3  1\n\
                      7   2   6\n 6    28 \n   419  5\n    8  79\n";
        let text = format!("{spaced}\n{TOP95}\n{spaced}{TOP95}\n");
        let results = read(&text);
        assert_eq!(results.len(), 4, "{results:?}");
        for (i, line) in [(0, 1), (2, 12)] {
            let e = results[i].as_ref().unwrap_err();
            assert_eq!((e.kind(), e.line()), (&ReadErrorKind::SpacesForBlanks, line));
        }
        assert!(results[1].is_ok() && results[3].is_ok());
        // Found on a later row too: the grid is named by its first line.
        let text = "5 3 . . 7 . . . .\n6  195   \n 98    6 \n";
        let e = read(text).pop().unwrap().unwrap_err();
        assert_eq!((e.kind(), e.line()), (&ReadErrorKind::SpacesForBlanks, 1));
    }
}
