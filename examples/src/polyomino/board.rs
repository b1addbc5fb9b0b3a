//! Boards: [`Board`], a set of cells to cover drawn as a text mask, and its
//! [`BoardSymmetry`] group.

use crate::error::Error;
use crate::polyomino::shape::{Cell, Isometry, Shape, is_comment_or_blank};

/// The largest number of rows or columns of a board.
pub const MAX_SIDE: usize = 1000;

/// A board: a grid of `rows` × `columns` squares, each a cell to be
/// covered or a hole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    columns: usize,
    cells: Vec<bool>,
}

impl Board {
    /// A full rectangle.
    pub fn rectangle(rows: usize, columns: usize) -> Result<Board, Error> {
        if rows == 0 || columns == 0 || rows > MAX_SIDE || columns > MAX_SIDE {
            return Err(Error::new(format!(
                "a board is 1 to {MAX_SIDE} squares on a side, not {rows}x{columns}"
            )));
        }
        Ok(Board { rows, columns, cells: vec![true; rows * columns] })
    }

    /// Reads a board drawn as text: one line per row, `#` for a cell to be
    /// covered, `.` (or a space) for a hole. Short rows end in holes; lines
    /// starting with `//` are comments and blank lines are skipped.
    ///
    /// ```
    /// use dlx_examples::polyomino::Board;
    ///
    /// let board = Board::parse("// a ring\n###\n#.#\n###\n")?;
    /// assert_eq!((board.rows(), board.columns(), board.num_cells()), (3, 3, 8));
    /// # Ok::<(), dlx_examples::Error>(())
    /// ```
    pub fn parse(text: &str) -> Result<Board, Error> {
        let mut grid: Vec<Vec<bool>> = Vec::new();
        for (index, line) in text.lines().enumerate() {
            if is_comment_or_blank(line) {
                continue;
            }
            let mut row = Vec::new();
            for (column, ch) in line.trim_end().chars().enumerate() {
                row.push(match ch {
                    '#' => true,
                    '.' | ' ' | '\t' => false,
                    _ => {
                        return Err(Error::at(
                            index + 1,
                            column + 1,
                            format!(
                                "unexpected character `{ch}` (a board has `#` for a cell and `.` for a hole)"
                            ),
                        ));
                    }
                });
            }
            if grid.len() == MAX_SIDE || row.len() > MAX_SIDE {
                return Err(Error::at(
                    index + 1,
                    1,
                    format!("a board is at most {MAX_SIDE} squares on a side"),
                ));
            }
            grid.push(row);
        }
        let rows = grid.len();
        let columns = grid.iter().map(Vec::len).max().unwrap_or(0);
        let mut cells = vec![false; rows * columns];
        for (r, row) in grid.iter().enumerate() {
            cells[r * columns..r * columns + row.len()].copy_from_slice(row);
        }
        if !cells.contains(&true) {
            return Err(Error::new("the board has no cells (draw them with `#`)"));
        }
        Ok(Board { rows, columns, cells })
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// Whether the square at `(row, column)` is a cell to be covered (false
    /// for holes and for squares off the board).
    pub fn is_cell(&self, (row, column): Cell) -> bool {
        (0..self.rows as i32).contains(&row)
            && (0..self.columns as i32).contains(&column)
            && self.cells[row as usize * self.columns + column as usize]
    }

    /// The cells to be covered, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.rows as i32)
            .flat_map(move |r| (0..self.columns as i32).map(move |c| (r, c)))
            .filter(|&cell| self.is_cell(cell))
    }

    /// The number of cells to be covered.
    pub fn num_cells(&self) -> usize {
        self.cells.iter().filter(|&&c| c).count()
    }

    /// Every way to put a shape on the board, in each of its orientations
    /// (rotations only, unless `reflections`), as sorted cell lists.
    pub fn placements(&self, shape: &Shape, reflections: bool) -> Vec<Vec<Cell>> {
        let mut placements = Vec::new();
        for orientation in shape.orientations(reflections) {
            for dr in 0..self.rows as i32 {
                for dc in 0..self.columns as i32 {
                    let cells: Vec<Cell> =
                        orientation.cells().iter().map(|&(r, c)| (r + dr, c + dc)).collect();
                    if cells.iter().all(|&cell| self.is_cell(cell)) {
                        placements.push(cells);
                    }
                }
            }
        }
        placements
    }

    /// The board's symmetries: the rotations and reflections (only the
    /// rotations, unless `reflections`) that map its cells onto its cells.
    /// The identity comes first. A 6x10 rectangle has 4, a square 8.
    pub fn symmetries(&self, reflections: bool) -> Vec<BoardSymmetry> {
        let cells: Vec<Cell> = self.cells().collect();
        let top_left = |cells: &[Cell]| {
            (
                cells.iter().map(|c| c.0).min().unwrap_or(0),
                cells.iter().map(|c| c.1).min().unwrap_or(0),
            )
        };
        let origin = top_left(&cells);
        Isometry::all()
            .filter(|iso| reflections || !iso.is_reflection())
            .filter_map(|isometry| {
                let image: Vec<Cell> = cells.iter().map(|&c| isometry.apply(c)).collect();
                let corner = top_left(&image);
                let symmetry =
                    BoardSymmetry { isometry, shift: (origin.0 - corner.0, origin.1 - corner.1) };
                let mut moved: Vec<Cell> = cells.iter().map(|&c| symmetry.apply(c)).collect();
                moved.sort_unstable();
                (moved == cells).then_some(symmetry)
            })
            .collect()
    }
}

/// A symmetry of a board: an [`Isometry`] followed by the shift that puts
/// the board back in place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardSymmetry {
    isometry: Isometry,
    shift: Cell,
}

impl BoardSymmetry {
    /// Whether this is the identity.
    pub fn is_identity(&self) -> bool {
        self.isometry == Isometry::IDENTITY
    }

    /// The image of a cell.
    pub fn apply(&self, cell: Cell) -> Cell {
        let (r, c) = self.isometry.apply(cell);
        (r + self.shift.0, c + self.shift.1)
    }

    /// The image of a placement, sorted.
    pub fn apply_all(&self, cells: &[Cell]) -> Vec<Cell> {
        let mut image: Vec<Cell> = cells.iter().map(|&c| self.apply(c)).collect();
        image.sort_unstable();
        image
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetry_groups() {
        assert_eq!(Board::rectangle(6, 10).unwrap().symmetries(true).len(), 4);
        assert_eq!(Board::rectangle(6, 10).unwrap().symmetries(false).len(), 2);
        assert_eq!(Board::rectangle(8, 8).unwrap().symmetries(true).len(), 8);
        assert_eq!(Board::rectangle(8, 8).unwrap().symmetries(false).len(), 4);
        let l = Board::parse("#.\n##\n").unwrap();
        assert_eq!(l.symmetries(true).len(), 2); // the diagonal reflection
        let f = Board::parse(".##\n##.\n.#.\n").unwrap();
        assert_eq!(f.symmetries(true).len(), 1);
        assert!(f.symmetries(true)[0].is_identity());
    }

    #[test]
    fn placements_avoid_holes() {
        let ring = Board::parse("###\n#.#\n###\n").unwrap();
        let domino = Shape::new([(0, 0), (0, 1)]);
        assert_eq!(ring.placements(&domino, true).len(), 8);
    }

    #[test]
    fn bad_boards() {
        let e = Board::parse("##\n#?\n").unwrap_err();
        assert_eq!((e.line(), e.column()), (Some(2), Some(2)));
        assert!(Board::parse("..\n").is_err());
        assert!(Board::rectangle(0, 3).is_err());
    }
}
