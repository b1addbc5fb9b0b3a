//! [`Shape`]: the box shape of a grid, and with it the grid's side.
//!
//! A grid of side `n` has `n` rows, `n` columns and `n` boxes of
//! `box_rows × box_cols = n` cells. The classic sudoku is 9x9 with 3x3
//! boxes; a 6x6 sudoku has 2x3 boxes (two rows tall, three columns wide).

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, ErrorKind};

/// The smallest supported side.
pub const MIN_SIZE: usize = 4;
/// The largest supported side.
pub const MAX_SIZE: usize = 64;

/// The shape of a grid's boxes: `box_rows` rows by `box_cols` columns.
///
/// ```
/// use sudoku_cover::Shape;
///
/// let six = Shape::for_size(6).expect("6x6 has a default box shape");
/// assert_eq!((six.box_rows(), six.box_cols(), six.size()), (2, 3, 6));
/// assert_eq!(Shape::new(3, 4)?.size(), 12);
/// assert_eq!("4x4".parse::<Shape>()?.size(), 16);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

impl Shape {
    /// The classic 9x9 shape, with 3x3 boxes.
    pub const CLASSIC: Shape = Shape { box_rows: 3, box_cols: 3 };

    /// Boxes of `box_rows` rows by `box_cols` columns. The side, their
    /// product, must be 4 to 64.
    ///
    /// A side-wide box (`1` by `n`) is allowed: its boxes are the rows, so
    /// it adds no constraint of its own. It suits jigsaw sudoku of a prime
    /// side, whose regions replace the boxes anyway, and Latin squares.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, Error> {
        let n = box_rows.saturating_mul(box_cols);
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return Err(ErrorKind::BadShape { box_rows, box_cols }.into());
        }
        Ok(Shape { box_rows: box_rows as u8, box_cols: box_cols as u8 })
    }

    /// The usual box shape for a grid of side `n`: the most nearly square
    /// `r × c = n` with `r ≤ c` (4 → 2x2, 6 → 2x3, 8 → 2x4, 10 → 2x5,
    /// 12 → 3x4, 16 → 4x4, 25 → 5x5 …). `None` when `n` is outside 4 to 64
    /// or prime.
    pub fn for_size(n: usize) -> Option<Shape> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return None;
        }
        let r = (2..=n).take_while(|r| r * r <= n).filter(|r| n % r == 0).last()?;
        Some(Shape { box_rows: r as u8, box_cols: (n / r) as u8 })
    }

    /// [`for_size`](Self::for_size), or boxes one row tall when `n` is
    /// prime. `None` only when `n` is outside 4 to 64.
    pub(crate) fn for_size_or_rows(n: usize) -> Option<Shape> {
        Shape::for_size(n).or_else(|| Shape::new(1, n).ok())
    }

    /// The grid's side: the number of rows, of columns, of boxes, and of
    /// symbols.
    #[inline]
    pub fn size(self) -> usize {
        self.box_rows as usize * self.box_cols as usize
    }

    /// The number of cells, `size()²`.
    #[inline]
    pub fn cells(self) -> usize {
        self.size() * self.size()
    }

    /// Rows per box.
    #[inline]
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Columns per box.
    #[inline]
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// The box (0-based, numbered in reading order) that holds a cell.
    #[inline]
    pub fn box_of(self, row: usize, col: usize) -> usize {
        let boxes_across = self.size() / self.box_cols();
        (row / self.box_rows()) * boxes_across + col / self.box_cols()
    }
}

impl Default for Shape {
    fn default() -> Self {
        Shape::CLASSIC
    }
}

/// Writes the box shape, `3x3` or `2x3`.
impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

/// Reads a box shape written `RxC` (`2x3`, `3X4`, `4*4`), or a side alone
/// (`6`), which takes [`Shape::for_size`].
impl FromStr for Shape {
    type Err = Error;

    fn from_str(s: &str) -> Result<Shape, Error> {
        let bad = || Error::new(ErrorKind::BadShape { box_rows: 0, box_cols: 0 });
        let s = s.trim();
        let num = |t: &str| t.trim().parse::<usize>().map_err(|_| bad());
        match s.split_once(['x', 'X', '*']) {
            Some((r, c)) => Shape::new(num(r)?, num(c)?),
            None => {
                let n = num(s)?;
                Shape::for_size(n)
                    .ok_or_else(|| Error::new(ErrorKind::BadShape { box_rows: 1, box_cols: n }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_shapes() {
        let shape = |n| Shape::for_size(n).map(|s| (s.box_rows(), s.box_cols()));
        assert_eq!(shape(4), Some((2, 2)));
        assert_eq!(shape(6), Some((2, 3)));
        assert_eq!(shape(8), Some((2, 4)));
        assert_eq!(shape(9), Some((3, 3)));
        assert_eq!(shape(10), Some((2, 5)));
        assert_eq!(shape(12), Some((3, 4)));
        assert_eq!(shape(16), Some((4, 4)));
        assert_eq!(shape(25), Some((5, 5)));
        assert_eq!(shape(64), Some((8, 8)));
        assert_eq!(shape(7), None);
        assert_eq!(shape(3), None);
        assert_eq!(shape(65), None);
    }

    #[test]
    fn new_checks_the_side() {
        assert!(Shape::new(1, 3).is_err());
        assert!(Shape::new(0, 9).is_err());
        assert!(Shape::new(9, 8).is_err());
        assert!(Shape::new(usize::MAX, 2).is_err());
        assert_eq!(Shape::new(1, 7).unwrap().size(), 7);
    }

    #[test]
    fn boxes_in_reading_order() {
        let s = Shape::new(2, 3).unwrap();
        assert_eq!(s.box_of(0, 0), 0);
        assert_eq!(s.box_of(1, 5), 1);
        assert_eq!(s.box_of(2, 0), 2);
        assert_eq!(s.box_of(5, 5), 5);
    }

    #[test]
    fn parse_and_display() {
        assert_eq!("2x3".parse::<Shape>().unwrap(), Shape::new(2, 3).unwrap());
        assert_eq!("12".parse::<Shape>().unwrap(), Shape::new(3, 4).unwrap());
        assert!("7".parse::<Shape>().is_err());
        assert!("ax3".parse::<Shape>().is_err());
        assert_eq!(Shape::new(3, 4).unwrap().to_string(), "3x4");
    }
}
