//! Shapes on the square grid: [`Isometry`] (the eight rotations and
//! reflections), [`Shape`] (a set of cells up to translation), [`Piece`] (a
//! named shape) and the text format of piece sets, [`parse_pieces`].

use std::collections::HashSet;

use crate::error::Error;

/// A cell: `(row, column)`, rows counted downwards.
pub type Cell = (i32, i32);

/// One of the eight symmetries of the square grid that fix the origin: a
/// rotation by a multiple of 90°, or a reflection.
///
/// Each is "maybe swap row and column, then maybe negate each": the swap
/// and the two negations give 2 × 2 × 2 = 8 maps, the dihedral group of the
/// square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Isometry {
    transpose: bool,
    negate_row: bool,
    negate_column: bool,
}

impl Isometry {
    /// The identity.
    pub const IDENTITY: Isometry =
        Isometry { transpose: false, negate_row: false, negate_column: false };

    /// All eight, the identity first.
    pub fn all() -> impl Iterator<Item = Isometry> {
        (0..8).map(|k| Isometry {
            transpose: k & 4 != 0,
            negate_row: k & 2 != 0,
            negate_column: k & 1 != 0,
        })
    }

    /// Whether this isometry turns a shape over (an odd number of the three
    /// steps, each of which is a reflection).
    pub fn is_reflection(self) -> bool {
        self.transpose ^ self.negate_row ^ self.negate_column
    }

    /// The image of a cell.
    pub fn apply(self, (row, column): Cell) -> Cell {
        let (r, c) = if self.transpose { (column, row) } else { (row, column) };
        (if self.negate_row { -r } else { r }, if self.negate_column { -c } else { c })
    }
}

/// A set of cells, moved so that its topmost row and leftmost column are 0,
/// and sorted: two shapes are equal when one is a translation of the other.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shape {
    cells: Vec<Cell>,
}

impl Shape {
    /// The shape of a set of cells (duplicates are dropped).
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> Shape {
        let mut cells: Vec<Cell> = cells.into_iter().collect();
        let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
        for cell in &mut cells {
            *cell = (cell.0 - top, cell.1 - left);
        }
        cells.sort_unstable();
        cells.dedup();
        Shape { cells }
    }

    /// The cells, sorted by row, then column.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the shape has no cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The shape rotated or reflected.
    pub fn transformed(&self, isometry: Isometry) -> Shape {
        Shape::new(self.cells.iter().map(|&cell| isometry.apply(cell)))
    }

    /// The distinct orientations of the shape: its images under the eight
    /// isometries (only the four rotations if `reflections` is false), each
    /// once. An asymmetric shape has 8, the X pentomino 1.
    pub fn orientations(&self, reflections: bool) -> Vec<Shape> {
        let mut seen = HashSet::new();
        Isometry::all()
            .filter(|iso| reflections || !iso.is_reflection())
            .map(|iso| self.transformed(iso))
            .filter(|shape| seen.insert(shape.clone()))
            .collect()
    }

    /// The shape's canonical form: the least of its orientations. Two
    /// shapes are the same free polyomino when their canonical forms match.
    pub fn canonical(&self) -> Shape {
        Isometry::all().map(|iso| self.transformed(iso)).min().unwrap_or_default()
    }
}

impl Default for Shape {
    fn default() -> Shape {
        Shape::new([])
    }
}

/// A named piece.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// The name: a letter, then letters, digits, `_` or `-`.
    pub name: String,
    /// The cells.
    pub shape: Shape,
}

/// Whether a name is a valid piece name (it is also an item name in
/// Knuth's format, so it holds no blank, `:` or `|`).
pub(crate) fn is_piece_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// Whether a line is a comment (`//` first) or blank.
pub(crate) fn is_comment_or_blank(line: &str) -> bool {
    let line = line.trim();
    line.is_empty() || line.starts_with("//")
}

/// Reads a piece set.
///
/// Each piece is a line with its name, then the rows of its shape, `#` for
/// a cell and `.` (or a space) for a gap, then a blank line or the end.
/// Lines starting with `//` are comments.
///
/// ```
/// use dlx_examples::polyomino::parse_pieces;
///
/// let pieces = parse_pieces("// two trominoes\nI\n###\n\nL\n##\n#.\n")?;
/// assert_eq!(pieces.len(), 2);
/// assert_eq!(pieces[1].name, "L");
/// assert_eq!(pieces[1].shape.cells(), [(0, 0), (0, 1), (1, 0)]);
///
/// let err = parse_pieces("I\n#x#\n").unwrap_err();
/// assert_eq!((err.line(), err.column()), (Some(2), Some(2)));
/// # Ok::<(), dlx_examples::Error>(())
/// ```
pub fn parse_pieces(text: &str) -> Result<Vec<Piece>, Error> {
    let mut pieces: Vec<Piece> = Vec::new();
    // The piece being read: its name, the line of its name, its cells.
    let mut current: Option<(String, usize, Vec<Cell>)> = None;
    let mut finish = |current: &mut Option<(String, usize, Vec<Cell>)>| match current.take() {
        None => Ok(()),
        Some((name, line, cells)) => {
            if cells.is_empty() {
                return Err(Error::at(line, 1, format!("piece `{name}` has no cells")));
            }
            if pieces.iter().any(|p| p.name == name) {
                return Err(Error::at(line, 1, format!("two pieces are named `{name}`")));
            }
            pieces.push(Piece { name, shape: Shape::new(cells) });
            Ok(())
        }
    };
    let mut row = 0;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if line.trim().is_empty() {
            finish(&mut current)?;
            continue;
        }
        if line.trim_start().starts_with("//") {
            continue;
        }
        match &mut current {
            None => {
                let name = line.trim();
                if !is_piece_name(name) {
                    let column = line.find(|c: char| !c.is_whitespace()).unwrap_or(0) + 1;
                    return Err(Error::at(
                        number,
                        column,
                        format!(
                            "expected a piece name (a letter, then letters, digits, `_` or `-`), found `{name}`"
                        ),
                    ));
                }
                current = Some((name.to_owned(), number, Vec::new()));
                row = 0;
            }
            Some((_, _, cells)) => {
                for (column, ch) in line.chars().enumerate() {
                    match ch {
                        '#' => cells.push((row, column as i32)),
                        '.' | ' ' | '\t' => {}
                        _ => {
                            return Err(Error::at(
                                number,
                                column + 1,
                                format!(
                                    "unexpected character `{ch}` (a piece has `#` for a cell and `.` for a gap)"
                                ),
                            ));
                        }
                    }
                }
                row += 1;
            }
        }
    }
    finish(&mut current)?;
    if pieces.is_empty() {
        return Err(Error::new("the piece set has no pieces"));
    }
    Ok(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isometries_form_the_dihedral_group() {
        let all: Vec<_> = Isometry::all().collect();
        assert_eq!(all.len(), 8);
        assert_eq!(all[0], Isometry::IDENTITY);
        assert_eq!(all.iter().filter(|i| i.is_reflection()).count(), 4);
        let images: HashSet<_> = all.iter().map(|i| i.apply((1, 2))).collect();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn orientations_are_deduplicated() {
        let square = Shape::new([(0, 0), (0, 1), (1, 0), (1, 1)]);
        assert_eq!(square.orientations(true).len(), 1);
        let s = Shape::new([(0, 1), (0, 2), (1, 0), (1, 1)]);
        assert_eq!(s.orientations(true).len(), 4);
        assert_eq!(s.orientations(false).len(), 2);
        let l = Shape::new([(0, 0), (1, 0), (1, 1)]);
        assert_eq!(l.orientations(true).len(), 4);
    }

    #[test]
    fn parse_errors_name_the_place() {
        let e = parse_pieces("A\n#\n\n1B\n#\n").unwrap_err();
        assert_eq!((e.line(), e.column()), (Some(4), Some(1)));
        let e = parse_pieces("A\n#\n\nA\n##\n").unwrap_err();
        assert_eq!(e.to_string(), "4:1: two pieces are named `A`");
        let e = parse_pieces("// nothing\n\n").unwrap_err();
        assert_eq!(e.to_string(), "the piece set has no pieces");
        let e = parse_pieces("A\n...\n").unwrap_err();
        assert_eq!(e.to_string(), "1:1: piece `A` has no cells");
    }
}
