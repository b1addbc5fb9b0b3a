//! A second search for big grids: constraint propagation over whole
//! houses, with restarts, beside the exact-cover engine.
//!
//! Exact cover sees a house one digit (or one cell) at a time: it knows a
//! digit has one place left, never that three cells share three digits.
//! On big grids with many cells blank (the hard region of "quasigroup
//! with holes" completion) that blindness costs whole subtrees, and
//! [`alldiff`] removes it: each house keeps only the digits that some
//! assignment of distinct digits to all its cells uses. Where two houses
//! overlap (a box and a row), a digit that one can hold only in the shared
//! cells leaves the other's remaining cells. [`search`] walks
//! a tree over cells with that propagation, choosing the cell with the
//! fewest digits per unit of failure weight (dom/wdeg), and restarts;
//! near the root it also tries the digits of cells of few digits one by
//! one ([`probe`]) and drops those that fail.
//!
//! The grid is a [`Model`]: each cell's domain is a `u64` (bit `d` for
//! digit `d + 1`, so sides up to 64), each house a list of `n` cells that
//! hold every digit once, each exclusion (anti-king, anti-knight) a pair
//! of cells that differ.

mod alldiff;
mod probe;
mod search;

/// Puzzles and checks the tests of other searches share.
#[cfg(all(test, feature = "sat"))]
pub(crate) use search::tests as testing;
pub(crate) use search::{End, Search};

use crate::grid::Grid;
use crate::human::Bits;
use crate::rules::Constraints;

/// The grid's constraints, compiled for [`Search`].
#[derive(Debug, Clone)]
pub(crate) struct Model {
    n: usize,
    /// House `h`'s cells: `cells[h·n .. h·n + n]`.
    cells: Vec<u32>,
    /// The houses of each cell.
    houses_of: Vec<Vec<u32>>,
    /// The cells each cell must differ from outside its houses.
    partners: Vec<Vec<u32>>,
    /// Each cell's digits before the givens (all of them, unless the puzzle
    /// came as pencil marks).
    initial: Vec<u64>,
    /// Where each house meets others: `overlaps[h]`, in families of
    /// overlaps that share no cell.
    overlaps: Vec<Vec<Family>>,
}

/// Where house `a` meets another house `b` in two cells or more, and `b`
/// has cells beyond `a`: a digit that `a` can hold only in the shared
/// cells is out of `b`'s other cells (a box and a row: "locked
/// candidates").
#[derive(Debug, Clone, Copy)]
struct Overlap {
    /// `b`'s cells outside `a`, as positions in `b` (bit `i`: its `i`th).
    beyond: u64,
    /// The house `b`.
    other: u32,
}

/// Overlaps of one house `a` that share no cell (a box's rows, or its
/// columns), so that one pass over `a`'s cells tells which digits each
/// can hold.
#[derive(Debug, Clone)]
struct Family {
    members: Vec<Overlap>,
    /// For each position of `a`, the member it is shared with, or
    /// `members.len()` for none.
    part_of: Vec<u8>,
}

impl Model {
    /// The model of a side-`n` grid's constraints, each cell limited to
    /// `marks[cell]` if given. `None` if a house does not have `n` cells.
    pub(crate) fn new(n: usize, constraints: &Constraints, marks: Option<&[u64]>) -> Option<Model> {
        if !(1..=64).contains(&n) || constraints.houses.iter().any(|h| h.cells.len() != n) {
            return None;
        }
        let full = u64::MAX >> (64 - n);
        let mut houses_of = vec![Vec::new(); n * n];
        let mut cells = Vec::with_capacity(constraints.houses.len() * n);
        for (h, house) in constraints.houses.iter().enumerate() {
            for &cell in &house.cells {
                houses_of[cell].push(h as u32);
                cells.push(cell as u32);
            }
        }
        let mut partners = vec![Vec::new(); n * n];
        for &(a, b) in &constraints.exclusions {
            partners[a].push(b as u32);
            partners[b].push(a as u32);
        }
        let initial = match marks {
            Some(marks) => marks.iter().map(|m| m & full).collect(),
            None => vec![full; n * n],
        };
        let houses = constraints.houses.len();
        let mut overlaps = vec![Vec::new(); houses];
        for (a, families) in overlaps.iter_mut().enumerate() {
            let a_cells = &cells[a * n..(a + 1) * n];
            // The houses that meet `a`, with the cells they share (as
            // positions in `a`), in order.
            let mut meets: Vec<(u32, u64)> = Vec::new();
            for (i, &c) in a_cells.iter().enumerate() {
                for &b in houses_of[c as usize].iter().filter(|&&b| b as usize != a) {
                    match meets.iter_mut().find(|(h, _)| *h == b) {
                        Some((_, shared)) => *shared |= 1 << i,
                        None => meets.push((b, 1 << i)),
                    }
                }
            }
            meets.sort_unstable();
            // Each overlap joins the first family it shares no cell with.
            let mut unions: Vec<u64> = Vec::new();
            for (b, shared) in meets {
                let b_cells = &cells[b as usize * n..(b as usize + 1) * n];
                let beyond = positions(b_cells, |c| !a_cells.contains(&c));
                if shared.count_ones() < 2 || beyond == 0 {
                    continue;
                }
                let f = unions.iter().position(|&u| u & shared == 0).unwrap_or_else(|| {
                    unions.push(0);
                    families.push(Family { members: Vec::new(), part_of: vec![NO_PART; n] });
                    unions.len() - 1
                });
                let family: &mut Family = &mut families[f];
                for i in Bits(shared) {
                    family.part_of[i] = family.members.len() as u8;
                }
                family.members.push(Overlap { beyond, other: b });
                unions[f] |= shared;
            }
            for family in families.iter_mut() {
                let rest = family.members.len() as u8;
                family.part_of.iter_mut().filter(|p| **p == NO_PART).for_each(|p| *p = rest);
            }
        }
        Some(Model { n, cells, houses_of, partners, initial, overlaps })
    }

    /// The side of the grid, and so the cells of a house.
    #[cfg(feature = "sat")]
    pub(crate) fn side(&self) -> usize {
        self.n
    }

    /// The number of houses.
    pub(crate) fn houses(&self) -> usize {
        self.cells.len() / self.n
    }

    /// House `h`'s cells.
    pub(crate) fn house(&self, h: usize) -> &[u32] {
        &self.cells[h * self.n..(h + 1) * self.n]
    }

    /// The cells `cell` must differ from outside its houses.
    #[cfg(feature = "sat")]
    pub(crate) fn partners(&self, cell: usize) -> &[u32] {
        &self.partners[cell]
    }
}

/// A position of a house not yet in an overlap of its family.
const NO_PART: u8 = u8::MAX;

/// The positions in `cells` of the cells that pass `keep`, as bits.
fn positions(cells: &[u32], keep: impl Fn(u32) -> bool) -> u64 {
    cells.iter().enumerate().filter(|&(_, &c)| keep(c)).fold(0, |m, (i, _)| m | 1 << i)
}

/// The grid of a search's solution: every cell's one digit.
pub(crate) fn grid_of(template: &Grid, doms: &[u64]) -> Grid {
    let mut grid = template.clone();
    let n = grid.size();
    for (cell, &d) in doms.iter().enumerate() {
        grid.set(cell / n, cell % n, d.trailing_zeros() as u8 + 1);
    }
    grid
}
