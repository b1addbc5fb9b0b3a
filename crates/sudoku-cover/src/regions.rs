//! [`Regions`]: the irregular regions of a jigsaw sudoku.

use std::collections::HashMap;

use crate::error::{CellName, Error, ErrorKind, ReadError, ReadErrorKind};
use crate::shape::{MAX_SIZE, MIN_SIZE, Shape};

/// A region map: for each cell, the region it belongs to. A grid of side
/// `n` has `n` regions of `n` cells each; they replace the boxes.
///
/// ```
/// use sudoku_cover::Regions;
///
/// let regions = Regions::parse("
///     A A B B
///     A A B B
///     C D D D
///     C C C D
/// ")?;
/// assert_eq!(regions.size(), 4);
/// assert_eq!(regions.region(2, 0), regions.region(3, 2));
/// assert_ne!(regions.region(2, 0), regions.region(2, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Regions {
    size: usize,
    /// The region of each cell, numbered from 0 in order of first
    /// appearance.
    cells: Vec<u8>,
}

impl Regions {
    /// Reads a region map: one label per cell in reading order. Labels are
    /// any characters but whitespace, which is ignored. The side is inferred
    /// from the number of labels; each label must mark exactly `side`
    /// cells. Errors name the line and column of the first misfit. A
    /// byte-order mark (U+FEFF) at the start of the text is skipped.
    pub fn parse(text: &str) -> Result<Regions, ReadError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut labels = Vec::new();
        let mut places = Vec::new();
        for (l, line) in text.lines().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                if !ch.is_whitespace() {
                    labels.push(ch);
                    places.push((l + 1, c + 1));
                }
            }
        }
        Regions::assign(&labels).map_err(|(i, kind)| {
            let (line, column) = places.get(i).copied().unwrap_or((1, 1));
            ReadError::new(line, column, kind)
        })
    }

    /// A region map from the label of each cell in reading order (any
    /// `u8` values, renumbered in order of first appearance). Fails unless
    /// there are `n²` cells for a side `n` from 4 to 64 and `n` labels of
    /// `n` cells each; the error names the first cell that does not fit.
    pub fn from_cells(labels: &[u8]) -> Result<Regions, Error> {
        let chars: Vec<char> = labels.iter().map(|&b| char::from(b)).collect();
        Regions::assign(&chars).map_err(|(i, kind)| {
            let n = labels.len().isqrt().max(1);
            let cell = CellName(i / n, i % n);
            let msg = match kind {
                ReadErrorKind::RegionSize { found, expected, .. } => {
                    format!("{cell}: region {} has {found} cells, expected {expected}", labels[i])
                }
                ReadErrorKind::TooManyRegions { expected, .. } => {
                    format!("{cell}: region {} is one more than {expected}", labels[i])
                }
                _ => format!(
                    "a region map of {} cells is not a square grid of side 4 to 64",
                    labels.len()
                ),
            };
            Error::new(ErrorKind::BadRegions(msg))
        })
    }

    /// Numbers the regions; on error, the index of the label at fault.
    fn assign(labels: &[char]) -> Result<Regions, (usize, ReadErrorKind)> {
        let k = labels.len();
        let n = k.isqrt();
        if n * n != k || !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return Err((k.saturating_sub(1), ReadErrorKind::RegionCells { found: k }));
        }
        let mut index: HashMap<char, (u8, usize)> = HashMap::new();
        let mut cells = Vec::with_capacity(k);
        for (i, &label) in labels.iter().enumerate() {
            let next = index.len();
            let entry = index.entry(label).or_insert((next as u8, 0));
            if usize::from(entry.0) >= n {
                return Err((i, ReadErrorKind::TooManyRegions { label, expected: n }));
            }
            entry.1 += 1;
            if entry.1 > n {
                let found = labels.iter().filter(|&&l| l == label).count();
                return Err((i, ReadErrorKind::RegionSize { label, found, expected: n }));
            }
            cells.push(entry.0);
        }
        // At most n labels of at most n cells each cover all n² cells, so
        // every label marks exactly n.
        Ok(Regions { size: n, cells })
    }

    /// The boxes of a shape, as regions.
    pub fn boxes(shape: Shape) -> Regions {
        let n = shape.size();
        let cells = (0..n * n).map(|i| shape.box_of(i / n, i % n) as u8).collect();
        Regions { size: n, cells }
    }

    /// The side of the grid the map is for; also the number of regions.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The region (0-based, numbered in order of first appearance) of a
    /// cell.
    ///
    /// # Panics
    ///
    /// If the row or column is not below the side.
    #[inline]
    pub fn region(&self, row: usize, col: usize) -> usize {
        assert!(row < self.size && col < self.size, "cell ({row}, {col}) is outside the map");
        usize::from(self.cells[row * self.size + col])
    }

    /// The region of every cell, in reading order.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The cells `(row, col)` of each region, region by region.
    pub fn members(&self) -> Vec<Vec<(usize, usize)>> {
        let n = self.size;
        let mut members = vec![Vec::with_capacity(n); n];
        for (i, &r) in self.cells.iter().enumerate() {
            members[usize::from(r)].push((i / n, i % n));
        }
        members
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_line_and_column() {
        let e = Regions::parse("AABB\nAABB\nCDDD\nCCDD\n").unwrap_err();
        assert_eq!(e.to_string(), "4:4: region 'D' has 5 cells, expected 4");
        let e = Regions::parse("AABB\nAABB\nCCDD\nCCDE\n").unwrap_err();
        assert_eq!((e.line(), e.column()), (4, 4));
        assert!(matches!(e.kind(), ReadErrorKind::TooManyRegions { label: 'E', expected: 4 }));
        let e = Regions::parse("AABB\nAABB\nCCDD\nCCD\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "4:3: a region map of 15 cells is not a square grid of side 4 to 64"
        );
    }

    #[test]
    fn boxes_are_regions() {
        let b = Regions::boxes(Shape::CLASSIC);
        assert_eq!(b.region(4, 4), 4);
        assert_eq!(b.members()[8][0], (6, 6));
        let labels: Vec<u8> = b.cells().iter().map(|&r| r + 100).collect();
        assert_eq!(Regions::from_cells(&labels).unwrap(), b);
        assert!(Regions::from_cells(&labels[1..]).is_err());
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let map = "AABB\nAABB\nCCDD\nCCDD\n";
        assert_eq!(
            Regions::parse(&format!("\u{feff}{map}")).unwrap(),
            Regions::parse(map).unwrap()
        );
        // Columns are counted without it.
        let e = Regions::parse("\u{feff}AABB\nAABB\nCDDD\nCCDD\n").unwrap_err();
        assert_eq!(e.to_string(), "4:4: region 'D' has 5 cells, expected 4");
        let e = Regions::parse("\u{feff}AAAAABBBCCCCDDDB").unwrap_err();
        assert_eq!((e.line(), e.column()), (1, 5));
    }
}
