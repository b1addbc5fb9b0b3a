//! [`Units`]: the houses of some rules and who sees whom, built once per
//! [`Rules`] and shared by every [`Candidates`](super::Candidates) grid.

use std::fmt;

use crate::error::Error;
use crate::rules::Rules;
use crate::shape::Shape;

/// What kind of house a [`House`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box of the shape.
    Box,
    /// A jigsaw region (in place of the boxes).
    Region,
    /// A main diagonal (the diagonal variant).
    Diagonal,
    /// A hyper window (the hyper variant).
    Window,
}

impl HouseKind {
    /// The word for the kind: `row`, `column`, `box`, `region`,
    /// `diagonal`, `window`.
    pub fn word(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
            HouseKind::Region => "region",
            HouseKind::Diagonal => "diagonal",
            HouseKind::Window => "window",
        }
    }

    /// Whether the kind is a row or a column.
    pub fn is_line(self) -> bool {
        matches!(self, HouseKind::Row | HouseKind::Column)
    }

    /// Whether the kind is a box or a jigsaw region (a *block*).
    pub fn is_block(self) -> bool {
        matches!(self, HouseKind::Box | HouseKind::Region)
    }
}

/// A set of `n` cells that holds every digit once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct House {
    /// Its kind.
    pub kind: HouseKind,
    /// Its number among the houses of its kind, 0-based (row 1 is 0).
    pub index: usize,
    /// Its cells (indexes in reading order), in reading order.
    pub cells: Vec<usize>,
}

impl fmt::Display for House {
    /// `row 3`, `box 2`, `diagonal 1`: 1-based.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind.word(), self.index + 1)
    }
}

/// The geometry of some [`Rules`]: houses, the houses of each cell, and
/// which cells see each other (share a house or an exclusion).
///
/// Houses are numbered rows first (`0..n`), then columns (`n..2n`), then
/// boxes or jigsaw regions (`2n..3n`), then the variants' houses. A cell
/// is an index `row·n + col`.
///
/// ```
/// use sudoku_cover::Rules;
/// use sudoku_cover::human::{HouseKind, Units};
///
/// let units = Units::new(&Rules::classic())?;
/// assert_eq!(units.houses().len(), 27);
/// assert_eq!(units.house(units.block_of(40)).to_string(), "box 5");
/// assert!(units.sees(0, 80) == false && units.sees(0, 20));
/// assert_eq!(units.peers(0).len(), 20);
/// assert_eq!(units.house(9).kind, HouseKind::Column);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Units {
    n: usize,
    shape: Shape,
    houses: Vec<House>,
    /// The houses of each cell, in house order.
    houses_of: Vec<Vec<usize>>,
    /// Beside `houses_of`, the cell's bit in each of those houses (its
    /// index among the house's cells).
    slots_of: Vec<Vec<(usize, u64)>>,
    /// The cells each cell sees, in reading order.
    peers: Vec<Vec<usize>>,
    /// The same as bit sets, `words` words per cell.
    peer_bits: Vec<u64>,
    words: usize,
    /// Whether the rules add anything to rows, columns and boxes or
    /// regions (variant houses or exclusions).
    variants: bool,
}

impl Units {
    /// The geometry of `rules`. Fails where the rules cannot be built (a
    /// region map of the wrong side, a variant the shape cannot hold).
    pub fn new(rules: &Rules) -> Result<Units, Error> {
        let n = rules.size();
        let constraints = rules.constraints()?;
        let mut counts = [0usize; 6];
        let houses: Vec<House> = constraints
            .houses
            .into_iter()
            .map(|h| {
                let kind = match h.tag {
                    'r' => HouseKind::Row,
                    'c' => HouseKind::Column,
                    'b' => HouseKind::Box,
                    'j' => HouseKind::Region,
                    'd' => HouseKind::Diagonal,
                    _ => HouseKind::Window,
                };
                let index = counts[kind as usize];
                counts[kind as usize] += 1;
                let mut cells = h.cells;
                cells.sort_unstable();
                House { kind, index, cells }
            })
            .collect();
        let cells = n * n;
        let mut houses_of = vec![Vec::new(); cells];
        let mut slots_of = vec![Vec::new(); cells];
        for (h, house) in houses.iter().enumerate() {
            for (i, &c) in house.cells.iter().enumerate() {
                houses_of[c].push(h);
                slots_of[c].push((h, 1 << i));
            }
        }
        let words = cells.div_ceil(64);
        let mut peer_bits = vec![0u64; cells * words];
        let mut link = |a: usize, b: usize| {
            if a != b {
                peer_bits[a * words + b / 64] |= 1 << (b % 64);
                peer_bits[b * words + a / 64] |= 1 << (a % 64);
            }
        };
        for house in &houses {
            for &a in &house.cells {
                for &b in &house.cells {
                    link(a, b);
                }
            }
        }
        for &(a, b) in &constraints.exclusions {
            link(a, b);
        }
        let peers = (0..cells)
            .map(|a| {
                (0..cells).filter(|&b| peer_bits[a * words + b / 64] >> (b % 64) & 1 == 1).collect()
            })
            .collect();
        let variants = houses.len() > 3 * n || !constraints.exclusions.is_empty();
        Ok(Units {
            n,
            shape: rules.shape(),
            houses,
            houses_of,
            slots_of,
            peers,
            peer_bits,
            words,
            variants,
        })
    }

    /// The side: rows, columns, digits.
    #[inline]
    pub fn size(&self) -> usize {
        self.n
    }

    /// The number of cells, `n²`.
    #[inline]
    pub fn cells(&self) -> usize {
        self.n * self.n
    }

    /// The box shape (it draws grids; jigsaw regions replace the boxes).
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Every house, rows first, then columns, then boxes or regions, then
    /// the variants' houses.
    #[inline]
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// House `h`.
    #[inline]
    pub fn house(&self, h: usize) -> &House {
        &self.houses[h]
    }

    /// The houses of rows, columns and boxes or regions: `0..3n`.
    #[inline]
    pub fn basic_houses(&self) -> std::ops::Range<usize> {
        0..3 * self.n
    }

    /// Every house in the order Sudoku Explainer scans them for singles
    /// and subsets: boxes or regions, then columns, then rows, then the
    /// variants' houses.
    pub fn scan_order(&self) -> impl Iterator<Item = usize> + '_ {
        let n = self.n;
        (2 * n..3 * n).chain(n..2 * n).chain(0..n).chain(3 * n..self.houses.len())
    }

    /// The houses a cell is in, in house order.
    #[inline]
    pub fn houses_of(&self, cell: usize) -> &[usize] {
        &self.houses_of[cell]
    }

    /// The houses a cell is in, in house order, each with the cell's bit
    /// in it (bit `i` for the house's `i`-th cell).
    #[inline]
    pub(crate) fn slots_of(&self, cell: usize) -> &[(usize, u64)] {
        &self.slots_of[cell]
    }

    /// The row house of a cell (also its row number).
    #[inline]
    pub fn row_of(&self, cell: usize) -> usize {
        cell / self.n
    }

    /// The column house of a cell (`n` + its column number).
    #[inline]
    pub fn col_of(&self, cell: usize) -> usize {
        self.n + cell % self.n
    }

    /// The box or region house of a cell (`2n` + its number).
    #[inline]
    pub fn block_of(&self, cell: usize) -> usize {
        self.houses_of[cell][2]
    }

    /// The cells a cell sees: those sharing a house or an exclusion with
    /// it, itself left out.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[usize] {
        &self.peers[cell]
    }

    /// Whether two different cells see each other.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.peer_bits[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }

    /// The cells a cell sees as a bit set over the cells (bit `b % 64` of
    /// word `b / 64` for cell `b`).
    #[inline]
    pub(crate) fn peer_bits(&self, cell: usize) -> &[u64] {
        &self.peer_bits[cell * self.words..(cell + 1) * self.words]
    }

    /// The houses both cells are in.
    pub fn common_houses(&self, a: usize, b: usize) -> impl Iterator<Item = usize> + '_ {
        let hb = &self.houses_of[b];
        self.houses_of[a].iter().copied().filter(move |h| hb.contains(h))
    }

    /// Whether the rules are rows, columns and boxes (or jigsaw regions)
    /// alone. Uniqueness techniques hold only then.
    #[inline]
    pub fn is_plain(&self) -> bool {
        !self.variants
    }

    /// A cell's name, `r3c5` (1-based).
    pub fn cell_name(&self, cell: usize) -> String {
        cell_name(self.n, cell)
    }
}

impl fmt::Debug for Units {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Units")
            .field("size", &self.n)
            .field("houses", &self.houses.len())
            .field("plain", &self.is_plain())
            .finish_non_exhaustive()
    }
}

/// A cell's name, `r3c5` (1-based), in a grid of side `n`.
pub fn cell_name(n: usize, cell: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Regions, Variant};

    #[test]
    fn classic_geometry() {
        let u = Units::new(&Rules::classic()).unwrap();
        for cell in 0..81 {
            assert_eq!(u.houses_of(cell).len(), 3);
            assert_eq!(u.peers(cell).len(), 20);
            assert_eq!(u.row_of(cell), cell / 9);
            assert_eq!(u.house(u.col_of(cell)).kind, HouseKind::Column);
            assert_eq!(u.house(u.block_of(cell)).index, (cell / 27) * 3 + (cell % 9) / 3);
            for other in 0..81 {
                let share = cell / 9 == other / 9
                    || cell % 9 == other % 9
                    || u.block_of(cell) == u.block_of(other);
                assert_eq!(u.sees(cell, other), share && cell != other);
            }
        }
        assert!(u.is_plain());
        assert_eq!(u.common_houses(0, 1).collect::<Vec<_>>(), [0, 18]);
    }

    #[test]
    fn variants_add_houses_and_peers() {
        let rules =
            Rules::classic().with_variant(Variant::Diagonal).with_variant(Variant::AntiKnight);
        let u = Units::new(&rules).unwrap();
        assert_eq!(u.houses().len(), 29);
        assert_eq!(u.house(27).to_string(), "diagonal 1");
        assert!(u.sees(0, 80)); // the main diagonal
        assert!(u.sees(0, 11)); // a knight's move: r1c1, r2c3
        assert!(!u.is_plain());
        let regions = Regions::parse("AABB AABB CDDD CCCD").unwrap();
        let u = Units::new(&Rules::jigsaw(regions)).unwrap();
        assert_eq!(u.house(u.block_of(15)).to_string(), "region 4");
        assert!(u.is_plain());
    }
}
