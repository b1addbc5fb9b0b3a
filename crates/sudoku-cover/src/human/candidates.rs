//! [`Candidates`]: the grid a person works on, a set of candidate digits
//! per cell, and the moves that change it.

use std::borrow::Borrow;
use std::sync::Arc;

use super::step::Step;
use super::units::Units;
use crate::error::{Error, ErrorKind};
use crate::grid::Grid;

/// The members of a bit set over words (bit `i % 64` of word `i / 64` for
/// member `i`, such as cells), in order.
pub(crate) fn members<W: Borrow<u64>>(
    words: impl IntoIterator<Item = W>,
) -> impl Iterator<Item = usize> {
    let words = words.into_iter().enumerate();
    words.flat_map(|(w, word)| Bits(*word.borrow()).map(move |i| w * 64 + i))
}

/// A set of digits, bit `d - 1` for digit `d` (so up to 64 digits).
pub type Mask = u64;

/// The mask of one digit (1-based).
#[inline]
pub const fn bit(digit: u8) -> Mask {
    1 << (digit - 1)
}

/// The digits of a mask, smallest first (1-based).
#[inline]
pub fn digits(mask: Mask) -> impl Iterator<Item = u8> + Clone {
    Bits(mask).map(|i| i as u8 + 1)
}

/// The positions of the set bits of a word, lowest first.
#[derive(Debug, Clone, Copy)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let k = self.0.count_ones() as usize;
        (k, Some(k))
    }
}

/// A grid of candidates: per cell either a placed digit or the digits
/// still possible there (pencil marks).
///
/// Placing a digit removes it from the candidates of every cell that sees
/// the cell, so a grid made from givens starts with the candidates a
/// person would write in. Nothing else is deduced: that is the
/// techniques' job.
///
/// ```
/// use std::sync::Arc;
/// use sudoku_cover::Rules;
/// use sudoku_cover::human::{Candidates, Units, bit};
///
/// let units = Arc::new(Units::new(&Rules::classic())?);
/// let grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let mut cands = Candidates::from_grid(units, &grid)?;
/// assert_eq!(cands.value(0), 4);
/// assert!(!cands.has(1, 4) && !cands.has(9, 4)); // r1c2 and r2c1 see the 4
/// cands.place(1, 1);
/// assert_eq!(cands.candidates(1), bit(1));
/// assert!(!cands.has(2, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Candidates {
    units: Arc<Units>,
    /// Per cell, its candidates; a placed cell's is its digit alone.
    cells: Vec<Mask>,
    /// Per cell, its placed digit or `0`.
    values: Vec<u8>,
    /// Per house `h` and digit `d`, at `h * n + d - 1`, its places: what
    /// [`Candidates::positions`] returns, kept up to date by every move.
    places: Vec<u64>,
}

impl Candidates {
    /// Every cell empty, every digit a candidate everywhere.
    pub fn new(units: Arc<Units>) -> Candidates {
        let n = units.size();
        Candidates::with_cells(units, vec![all_digits(n); n * n])
    }

    /// Every cell empty, with the candidates `cells`.
    fn with_cells(units: Arc<Units>, cells: Vec<Mask>) -> Candidates {
        let n = units.size();
        let mut places = vec![0; units.houses().len() * n];
        for (cell, &mask) in cells.iter().enumerate() {
            for &(h, slot) in units.slots_of(cell) {
                for i in Bits(mask) {
                    places[h * n + i] |= slot;
                }
            }
        }
        Candidates { cells, values: vec![0; n * n], places, units }
    }

    /// The givens of `grid` placed, every other cell with the digits no
    /// given it sees holds. Fails if the grid's side is not the rules' or
    /// two givens that see each other hold the same digit.
    pub fn from_grid(units: Arc<Units>, grid: &Grid) -> Result<Candidates, Error> {
        let n = units.size();
        if grid.size() != n {
            return Err(ErrorKind::WrongSize { expected: n, found: grid.size() }.into());
        }
        let mut cands = Candidates::new(units);
        for (cell, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                cands.place_given(cell, v)?;
            }
        }
        Ok(cands)
    }

    /// A grid from pencil marks: `marks[cell]` holds the cell's candidates
    /// (bit `d - 1` for digit `d`). A cell with one candidate is a placed
    /// digit, and is removed from the candidates of the cells it sees.
    /// Fails if there are not `n²` marks, a mark has a digit above `n`, or
    /// two placed cells that see each other hold the same digit. A cell
    /// without candidates is allowed (the puzzle then has no solution).
    pub fn from_marks(units: Arc<Units>, marks: &[Mask]) -> Result<Candidates, Error> {
        let n = units.size();
        if marks.len() != n * n {
            return Err(ErrorKind::CellCount { expected: n * n, found: marks.len() }.into());
        }
        let all = all_digits(n);
        if let Some(cell) = marks.iter().position(|&m| m & !all != 0) {
            let value = (64 - marks[cell].leading_zeros()) as u8;
            return Err(ErrorKind::BadValue { row: cell / n, col: cell % n, value }.into());
        }
        let mut cands = Candidates::with_cells(units, marks.to_vec());
        for (cell, &m) in marks.iter().enumerate() {
            if m.count_ones() == 1 {
                cands.place_given(cell, m.trailing_zeros() as u8 + 1)?;
            }
        }
        Ok(cands)
    }

    /// Places a given, failing if a placed cell it sees holds the digit.
    fn place_given(&mut self, cell: usize, digit: u8) -> Result<(), Error> {
        let n = self.size();
        if let Some(&other) = self.units.peers(cell).iter().find(|&&p| self.values[p] == digit) {
            let (a, b) = (other.min(cell), other.max(cell));
            let clash =
                ErrorKind::Clash { first: (a / n, a % n), second: (b / n, b % n), value: digit };
            return Err(clash.into());
        }
        self.place(cell, digit);
        Ok(())
    }

    /// The rules' geometry.
    #[inline]
    pub fn units(&self) -> &Units {
        &self.units
    }

    /// The shared geometry, to build another grid with.
    #[inline]
    pub fn units_arc(&self) -> &Arc<Units> {
        &self.units
    }

    /// The side.
    #[inline]
    pub fn size(&self) -> usize {
        self.units.size()
    }

    /// The candidates of a cell (a placed cell's digit alone).
    #[inline]
    pub fn candidates(&self, cell: usize) -> Mask {
        self.cells[cell]
    }

    /// Every cell's candidates, in reading order.
    #[inline]
    pub fn masks(&self) -> &[Mask] {
        &self.cells
    }

    /// The digit placed in a cell, `0` if none.
    #[inline]
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// Whether a cell is still empty (no digit placed).
    #[inline]
    pub fn is_empty(&self, cell: usize) -> bool {
        self.values[cell] == 0
    }

    /// Whether `digit` is a candidate of an empty cell.
    #[inline]
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.values[cell] == 0 && self.cells[cell] & bit(digit) != 0
    }

    /// The empty cells, in reading order.
    pub fn empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.values.len()).filter(|&c| self.values[c] == 0)
    }

    /// The places of `digit` in house `h`: bit `i` set when the house's
    /// `i`-th cell is empty and has the digit as a candidate.
    #[inline]
    pub fn positions(&self, h: usize, digit: u8) -> u64 {
        self.places[h * self.units.size() + digit as usize - 1]
    }

    /// The digits placed in house `h`.
    pub fn placed_in(&self, h: usize) -> Mask {
        let house = &self.units.house(h).cells;
        house.iter().filter(|&&c| self.values[c] != 0).fold(0, |m, &c| m | self.cells[c])
    }

    /// The number of empty cells of house `h`.
    pub fn empty_in(&self, h: usize) -> usize {
        self.units.house(h).cells.iter().filter(|&&c| self.values[c] == 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The number of empty cells.
    pub fn num_empty(&self) -> usize {
        self.values.iter().filter(|&&v| v == 0).count()
    }

    /// Places `digit` in `cell` and removes it from the candidates of the
    /// cells that see it. Returns whether anything changed.
    pub fn place(&mut self, cell: usize, digit: u8) -> bool {
        if self.values[cell] == digit {
            return false;
        }
        let units = &*self.units;
        if self.values[cell] == 0 {
            unplace(units, &mut self.places, cell, self.cells[cell]);
        }
        self.values[cell] = digit;
        self.cells[cell] = bit(digit);
        let b = bit(digit);
        for &p in units.peers(cell) {
            if self.values[p] == 0 && self.cells[p] & b != 0 {
                self.cells[p] &= !b;
                unplace(units, &mut self.places, p, b);
            }
        }
        true
    }

    /// Removes `digit` from the candidates of an empty cell. Returns
    /// whether it was one.
    pub fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        if self.values[cell] != 0 || self.cells[cell] & bit(digit) == 0 {
            return false;
        }
        self.cells[cell] &= !bit(digit);
        unplace(&self.units, &mut self.places, cell, bit(digit));
        true
    }

    /// Applies a step: its placements, then its eliminations. Returns
    /// whether the grid changed.
    pub fn apply(&mut self, step: &Step) -> bool {
        let mut changed = false;
        for &(cell, digit) in &step.placements {
            changed |= self.place(cell, digit);
        }
        for &(cell, digit) in &step.eliminations {
            changed |= self.eliminate(cell, digit);
        }
        changed
    }

    /// The placed digits as a [`Grid`] of the rules' shape (`0` for an
    /// empty cell).
    pub fn to_grid(&self) -> Grid {
        let shape = self.units.shape();
        Grid::from_cells(shape, self.values.clone()).unwrap_or_else(|_| Grid::new(shape))
    }

    /// The first sign that the grid has no solution, if any: an empty cell
    /// without candidates, or a house where an unplaced digit has no place
    /// left.
    pub fn contradiction(&self) -> Option<String> {
        if let Some(c) = self.empty_cells().find(|&c| self.cells[c] == 0) {
            return Some(format!("{} has no candidate left", self.units.cell_name(c)));
        }
        let all = all_digits(self.size());
        for (h, house) in self.units.houses().iter().enumerate() {
            let mut seen = self.placed_in(h);
            for &c in &house.cells {
                if self.values[c] == 0 {
                    seen |= self.cells[c];
                }
            }
            if seen != all {
                let d = (!seen & all).trailing_zeros() + 1;
                return Some(format!("{house} has no place for {d}"));
            }
        }
        None
    }
}

impl PartialEq for Candidates {
    /// Same candidates and placed digits (the rules are not compared).
    fn eq(&self, other: &Candidates) -> bool {
        self.cells == other.cells && self.values == other.values
    }
}

impl Eq for Candidates {}

/// Takes `digits` out of `cell`'s places (`Candidates::places`) in each of
/// its houses.
#[inline]
fn unplace(units: &Units, places: &mut [u64], cell: usize, digits: Mask) {
    let n = units.size();
    for &(h, slot) in units.slots_of(cell) {
        for i in Bits(digits) {
            places[h * n + i] &= !slot;
        }
    }
}

/// The mask of digits `1..=n`.
#[inline]
pub fn all_digits(n: usize) -> Mask {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    fn units() -> Arc<Units> {
        Arc::new(Units::new(&Rules::classic()).unwrap())
    }

    #[test]
    fn givens_clear_their_peers() {
        let grid: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let c = Candidates::from_grid(units(), &grid).unwrap();
        for cell in c.empty_cells() {
            for &p in c.units().peers(cell) {
                if c.value(p) != 0 {
                    assert_eq!(c.candidates(cell) & bit(c.value(p)), 0);
                }
            }
        }
        assert_eq!(c.num_empty(), 81 - 17);
        assert_eq!(c.to_grid(), grid);
        assert_eq!(c.contradiction(), None);
        assert_eq!(c.positions(0, 4), 0); // row 1 holds its 4
    }

    #[test]
    fn marks_with_one_candidate_are_placed() {
        let mut marks = vec![all_digits(9); 81];
        marks[0] = bit(5);
        let c = Candidates::from_marks(units(), &marks).unwrap();
        assert_eq!(c.value(0), 5);
        assert!(!c.has(1, 5) && c.has(80, 5));
        marks[1] = bit(5);
        let e = Candidates::from_marks(units(), &marks).unwrap_err();
        assert_eq!(e.to_string(), "r1c1 and r1c2 both hold 5");
        marks[1] = 1 << 9;
        assert!(Candidates::from_marks(units(), &marks).is_err());
        assert!(Candidates::from_marks(units(), &marks[1..]).is_err());
    }

    /// The places of `digit` in house `h`, counted afresh.
    fn places_counted(c: &Candidates, h: usize, digit: u8) -> u64 {
        let cells = &c.units().house(h).cells;
        cells.iter().enumerate().filter(|&(_, &x)| c.has(x, digit)).fold(0, |m, (i, _)| m | 1 << i)
    }

    #[test]
    fn places_follow_every_move() {
        let rules = [Rules::classic(), Rules::classic().with_variant(crate::Variant::Diagonal)];
        for units in rules.map(|r| Arc::new(Units::new(&r).unwrap())) {
            let mut marks = vec![all_digits(9); 81];
            marks[3] = bit(7);
            marks[40] &= !bit(2);
            let mut c = Candidates::from_marks(units.clone(), &marks).unwrap();
            let mut seed = 12345u64;
            for _ in 0..300 {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let (cell, digit) = ((seed >> 33) as usize % 81, (seed >> 50) as u8 % 9 + 1);
                match seed >> 63 {
                    0 if c.has(cell, digit) => c.place(cell, digit),
                    _ => c.eliminate(cell, digit),
                };
                for h in 0..units.houses().len() {
                    for d in 1..=9 {
                        assert_eq!(c.positions(h, d), places_counted(&c, h, d), "house {h}, {d}");
                    }
                }
            }
        }
    }

    #[test]
    fn contradictions_are_named() {
        let mut c = Candidates::new(units());
        for d in 1..=9 {
            c.eliminate(10, d);
        }
        assert_eq!(c.contradiction().as_deref(), Some("r2c2 has no candidate left"));
        let mut c = Candidates::new(units());
        for cell in 0..9 {
            c.eliminate(cell, 3);
        }
        assert_eq!(c.contradiction().as_deref(), Some("row 1 has no place for 3"));
        assert_eq!(digits(0b1010_0001).collect::<Vec<_>>(), [1, 6, 8]);
    }
}
