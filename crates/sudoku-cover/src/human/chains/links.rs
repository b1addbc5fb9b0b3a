//! The links a chain follows, in the order Sudoku Explainer follows them:
//! from a candidate assumed true to those it turns off, and from a
//! candidate assumed false to those it forces on.

use std::hash::{DefaultHasher, Hash, Hasher};

use super::graph::{Cand, NONE};
use crate::human::candidates::{Bits, Candidates, Mask};
use crate::human::units::Units;

/// How a candidate was forced on: the last one of its cell, or the last
/// place of its digit in a house.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Via {
    /// The cell's last candidate.
    Cell,
    /// The digit's last place in this house.
    House(u32),
}

/// [`Via::Cell`] as a [`Node::cause`](super::graph::Node::cause).
const CELL_CODE: u32 = NONE - 1;

impl Via {
    /// As a node's cause: the house, or a code for the cell.
    pub fn code(self) -> u32 {
        match self {
            Via::Cell => CELL_CODE,
            Via::House(h) => h,
        }
    }

    /// From a node's cause ([`NONE`]: nothing forced it).
    pub fn from_code(code: u32) -> Option<Via> {
        match code {
            NONE => None,
            CELL_CODE => Some(Via::Cell),
            h => Some(Via::House(h)),
        }
    }
}

/// The geometry a chain search walks: per cell its houses in Sudoku
/// Explainer's order (box or region, row, column, then a variant's houses)
/// and the cells it sees in that order.
#[derive(Debug)]
pub(super) struct Layout<'u> {
    units: &'u Units,
    n: usize,
    houses: Vec<Vec<u32>>,
    peers: Vec<Vec<u32>>,
    /// Tells the links of two rules apart.
    fingerprint: u64,
}

impl<'u> Layout<'u> {
    /// The layout of some rules.
    pub fn new(units: &'u Units) -> Layout<'u> {
        let n = units.size();
        let cells = n * n;
        let mut seen = vec![usize::MAX; cells];
        let mut houses = Vec::with_capacity(cells);
        let mut peers = Vec::with_capacity(cells);
        for cell in 0..cells {
            let of = units.houses_of(cell);
            let mut order: Vec<u32> = Vec::with_capacity(of.len());
            order.push(units.block_of(cell) as u32);
            order.extend(of.iter().filter(|&&h| h != units.block_of(cell)).map(|&h| h as u32));
            let mut ps: Vec<u32> = Vec::with_capacity(units.peers(cell).len());
            seen[cell] = cell;
            for &h in &order {
                for &c in &units.house(h as usize).cells {
                    if seen[c] != cell {
                        seen[c] = cell;
                        ps.push(c as u32);
                    }
                }
            }
            // Cells seen through an exclusion (anti-knight, anti-king).
            for &c in units.peers(cell) {
                if seen[c] != cell {
                    seen[c] = cell;
                    ps.push(c as u32);
                }
            }
            houses.push(order);
            peers.push(ps);
        }
        let mut h = DefaultHasher::new();
        (n, &houses, &peers).hash(&mut h);
        Layout { units, n, houses, peers, fingerprint: h.finish() }
    }

    /// The side.
    #[inline]
    pub fn size(&self) -> usize {
        self.n
    }

    /// The number of candidates, `n³`.
    #[inline]
    pub fn cands(&self) -> usize {
        self.n * self.n * self.n
    }

    /// A number telling this layout's links from other rules' (the same
    /// for the same rules).
    #[inline]
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// The rules' geometry.
    #[inline]
    pub fn units(&self) -> &'u Units {
        self.units
    }

    /// A cell's houses, box or region first, then row and column.
    #[inline]
    pub fn houses_of(&self, cell: usize) -> &[u32] {
        &self.houses[cell]
    }

    /// The cells of house `h`.
    #[inline]
    pub fn house(&self, h: u32) -> &[usize] {
        &self.units.house(h as usize).cells
    }

    /// A candidate's number.
    #[inline]
    pub fn cand(&self, cell: usize, digit: u8) -> Cand {
        (cell * self.n + usize::from(digit) - 1) as Cand
    }

    /// A candidate's cell.
    #[inline]
    pub fn cell(&self, cand: Cand) -> usize {
        cand as usize / self.n
    }

    /// A candidate's digit.
    #[inline]
    pub fn digit(&self, cand: Cand) -> u8 {
        (cand as usize % self.n) as u8 + 1
    }

    /// The candidates `cand` turns off when it is true, in Sudoku
    /// Explainer's order: with `cell_links` the cell's other digits, then
    /// the digit in the cells it sees.
    pub fn on_to_off(&self, masks: &[Mask], cand: Cand, cell_links: bool, out: &mut Vec<Cand>) {
        out.clear();
        let (cell, digit) = (self.cell(cand), self.digit(cand));
        let b = 1u64 << (digit - 1);
        if cell_links {
            out.extend(Bits(masks[cell] & !b).map(|i| (cell * self.n + i) as Cand));
        }
        for &p in &self.peers[cell] {
            if masks[p as usize] & b != 0 {
                out.push(self.cand(p as usize, digit));
            }
        }
    }

    /// The candidates `cand` forces on when it is false, in Sudoku
    /// Explainer's order: with `cell_links` the other digit of a cell left
    /// with two, with `house_links` the other place of the digit in each
    /// house left with two; each once, with the link that found it. (The
    /// plain definition, which the tests hold `off_to_on_by` and [`Links`]
    /// to.)
    #[cfg(test)]
    pub fn off_to_on(
        &self,
        masks: &[Mask],
        cand: Cand,
        cell_links: bool,
        house_links: bool,
        out: &mut Vec<(Cand, Via)>,
    ) {
        out.clear();
        let (cell, digit) = (self.cell(cand), self.digit(cand));
        let b = 1u64 << (digit - 1);
        if cell_links && masks[cell].count_ones() == 2 && masks[cell] & b != 0 {
            let other = (masks[cell] & !b).trailing_zeros() as usize;
            out.push(((cell * self.n + other) as Cand, Via::Cell));
        }
        if house_links {
            for &h in &self.houses[cell] {
                if let Some(other) = self.other_place(masks, h, cell, b) {
                    let on = self.cand(other, digit);
                    if !out.iter().any(|&(c, _)| c == on) {
                        out.push((on, Via::House(h)));
                    }
                }
            }
        }
    }

    /// The candidates `cand` forces on when it is false, in Sudoku
    /// Explainer's order: with `cell_links` the other digit of a cell left
    /// with two, then the other place of the digit in each house left with
    /// two (read from `places`, those of `masks`); each once, with the link
    /// that found it.
    pub fn off_to_on_by(
        &self,
        places: &Places,
        masks: &[Mask],
        cand: Cand,
        cell_links: bool,
        out: &mut Vec<(Cand, Via)>,
    ) {
        out.clear();
        let (cell, i) = (self.cell(cand), usize::from(self.digit(cand)) - 1);
        let mask = masks[cell];
        if mask >> i & 1 == 0 {
            return;
        }
        if cell_links && mask.count_ones() == 2 {
            let other = (mask & !(1 << i)).trailing_zeros() as usize;
            out.push(((cell * self.n + other) as Cand, Via::Cell));
        }
        for &h in &self.houses[cell] {
            if let Some(other) = places.other(h, i, cell) {
                let on = (other * self.n + i) as Cand;
                if !out.iter().any(|&(c, _)| c == on) {
                    out.push((on, Via::House(h)));
                }
            }
        }
    }

    /// The other place of digit bit `b` in house `h` when the house holds
    /// it in exactly two cells, `cell` one of them.
    #[cfg(test)]
    fn other_place(&self, masks: &[Mask], h: u32, cell: usize, b: Mask) -> Option<usize> {
        let (mut count, mut other) = (0, None);
        for &c in self.house(h) {
            if masks[c] & b != 0 {
                count += 1;
                if c != cell {
                    other = Some(c);
                }
            }
        }
        if count == 2 && masks[cell] & b != 0 { other } else { None }
    }

    /// The candidates that had to be off, in `source` but gone from
    /// `masks`, for `on` to be forced on `via` its cell or house (a dynamic
    /// chain's hidden parents), in cell or house order.
    pub fn hidden(&self, source: &[Mask], masks: &[Mask], on: Cand, via: Via, out: &mut Vec<Cand>) {
        out.clear();
        let (cell, digit) = (self.cell(on), self.digit(on));
        match via {
            Via::Cell => {
                out.extend(Bits(source[cell] & !masks[cell]).map(|i| (cell * self.n + i) as Cand));
            }
            Via::House(h) => {
                let b = 1u64 << (digit - 1);
                for &c in self.house(h) {
                    if source[c] & b != 0 && masks[c] & b == 0 {
                        out.push(self.cand(c, digit));
                    }
                }
            }
        }
    }
}

/// Per house and digit of a grid, how many places the digit has there and
/// the XOR of their cells: the other place of a digit left with two is
/// one XOR away, where a scan of the house found it.
#[derive(Debug, Clone, Default)]
pub(super) struct Places {
    n: usize,
    /// At `house · n + digit − 1`: the count, the XOR.
    at: Vec<(u32, u32)>,
}

impl Places {
    /// The places of `masks`, in place of the last grid's.
    pub fn fill(&mut self, layout: &Layout, masks: &[Mask]) {
        let n = layout.n;
        self.n = n;
        self.at.clear();
        self.at.resize(layout.units.houses().len() * n, (0, 0));
        for (cell, &mask) in masks.iter().enumerate() {
            for &h in &layout.houses[cell] {
                for i in Bits(mask) {
                    let entry = &mut self.at[h as usize * n + i];
                    entry.0 += 1;
                    entry.1 ^= cell as u32;
                }
            }
        }
    }

    /// Takes digit `digit` out of `cell` (which holds it).
    #[inline]
    pub fn remove(&mut self, layout: &Layout, cell: usize, digit: u8) {
        for &h in &layout.houses[cell] {
            let entry = &mut self.at[h as usize * self.n + usize::from(digit) - 1];
            entry.0 -= 1;
            entry.1 ^= cell as u32;
        }
    }

    /// The other place of digit index `i` in house `h` when the house
    /// holds it in exactly two cells, `cell` (which holds it) one of them.
    #[inline]
    fn other(&self, h: u32, i: usize, cell: usize) -> Option<usize> {
        let (count, xor) = self.at[h as usize * self.n + i];
        (count == 2).then_some((xor ^ cell as u32) as usize)
    }
}

/// The links of one fixed grid, listed once per candidate (a static
/// chain search, whose grid never changes, follows each many times): each
/// list as [`Layout::on_to_off`] and [`Layout::off_to_on_by`] give it,
/// in their order.
#[derive(Debug, Default)]
pub(super) struct Links {
    /// Per candidate, where its lists start in `offs` and `ons`, for each
    /// way of linking: on to off with and without the cell's links; off to
    /// on through the cell and houses, the houses alone, the cell alone.
    starts: Vec<[u32; 5]>,
    ends: Vec<[u32; 5]>,
    offs: Vec<Cand>,
    ons: Vec<(Cand, Via)>,
    /// Room for [`Links::fill`]: the grid's places; per digit, the cells
    /// among a cell's peers that hold it.
    places: Places,
    holding: Vec<Vec<u32>>,
}

impl Links {
    /// The links of `masks` (every candidate of the grid).
    pub fn new(layout: &Layout, masks: &[Mask]) -> Links {
        let mut links = Links::default();
        links.fill(layout, masks);
        links
    }

    /// Lists the links of `masks` in place of the last grid's (keeping
    /// the room).
    pub fn fill(&mut self, layout: &Layout, masks: &[Mask]) {
        let cands = layout.cands();
        let links = self;
        links.starts.clear();
        links.starts.resize(cands, [0; 5]);
        links.ends.clear();
        links.ends.resize(cands, [0; 5]);
        links.offs.clear();
        links.ons.clear();
        let n = layout.n;
        links.places.fill(layout, masks);
        links.holding.resize(n, Vec::new());
        let mut ons = Vec::new();
        for (cell, &mask) in masks.iter().enumerate() {
            // The peers holding each of the cell's digits, in the peers'
            // order (as `Layout::on_to_off` lists them).
            for &i in &layout.peers[cell] {
                for d in Bits(masks[i as usize] & mask) {
                    links.holding[d].push(i);
                }
            }
            for i in Bits(mask) {
                let cand = (cell * n + i) as Cand;
                let c = cand as usize;
                // With the cell's links, the cell's other digits come
                // first; without, the same list from its peers on.
                let start = links.offs.len() as u32;
                links.offs.extend(Bits(mask & !(1 << i)).map(|d| (cell * n + d) as Cand));
                links.offs.extend(links.holding[i].drain(..).map(|p| (p as usize * n + i) as Cand));
                let end = links.offs.len() as u32;
                let in_cell = (mask & !(1 << i)).count_ones();
                links.starts[c][..2].copy_from_slice(&[start, start + in_cell]);
                links.ends[c][..2].copy_from_slice(&[end, end]);
                // Off to on: the cell's link (if any) comes first, then the
                // houses', which never repeat it (another cell); so the
                // three lists are slices of one.
                layout.off_to_on_by(&links.places, masks, cand, true, &mut ons);
                let start = links.ons.len() as u32;
                links.ons.extend_from_slice(&ons);
                let end = links.ons.len() as u32;
                let by_cell = u32::from(ons.first().is_some_and(|&(_, via)| via == Via::Cell));
                links.starts[c][2..].copy_from_slice(&[start, start + by_cell, start]);
                links.ends[c][2..].copy_from_slice(&[end, end, start + by_cell]);
            }
        }
    }

    /// [`Layout::on_to_off`] on the grid.
    #[inline]
    pub fn on_to_off(&self, cand: Cand, cell_links: bool) -> &[Cand] {
        let k = usize::from(!cell_links);
        let c = cand as usize;
        &self.offs[self.starts[c][k] as usize..self.ends[c][k] as usize]
    }

    /// [`Layout::off_to_on_by`] on the grid (`cell_links` or `house_links`;
    /// without `house_links`, the cell's link alone).
    #[inline]
    pub fn off_to_on(&self, cand: Cand, cell_links: bool, house_links: bool) -> &[(Cand, Via)] {
        let k = match (cell_links, house_links) {
            (true, true) => 2,
            (false, true) => 3,
            (true, false) => 4,
            (false, false) => return &[],
        };
        let c = cand as usize;
        &self.ons[self.starts[c][k] as usize..self.ends[c][k] as usize]
    }

    /// How `cand`, turned off, forces `target` on (the link that closes a
    /// cycle): its cell, or the first of its houses (block, row, column)
    /// where the two are the digit's only places; `None` when it does not.
    pub fn forced_via(
        &self,
        cand: Cand,
        target: Cand,
        cell_links: bool,
        house_links: bool,
    ) -> Option<Via> {
        let ons = self.off_to_on(cand, cell_links, house_links);
        ons.iter().find(|&&(c, _)| c == target).map(|&(_, via)| via)
    }
}

/// The candidates of a grid as chains see them: a placed cell has none.
pub(super) fn open_masks(grid: &Candidates) -> Vec<Mask> {
    (0..grid.units().cells())
        .map(|c| if grid.is_empty(c) { grid.candidates(c) } else { 0 })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::testing::{classic, units};

    #[test]
    fn links_in_sudoku_explainers_order() {
        let units = units();
        let layout = Layout::new(&units);
        // r5c5 sees its box first, then its row and column outside the box.
        let peers: Vec<u32> = layout.peers[40].clone();
        assert_eq!(peers.len(), 20);
        assert_eq!(&peers[..8], &[30, 31, 32, 39, 41, 48, 49, 50]);
        assert_eq!(&peers[8..14], &[36, 37, 38, 42, 43, 44]);
        assert_eq!(&peers[14..], &[4, 13, 22, 58, 67, 76]);
        assert_eq!(layout.houses_of(40), &[22, 4, 13]);
        let (cand, back) = (layout.cand(40, 7), layout.cand(40, 7));
        assert_eq!((layout.cell(cand), layout.digit(back)), (40, 7));
    }

    #[test]
    fn on_and_off_links() {
        let grid = classic(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let units = units();
        let layout = Layout::new(&units);
        let masks = open_masks(&grid);
        assert_eq!(masks[2], 0);
        // r1c1 is {4,5}: 4 on turns 5 off in the cell, and 4 off forces 5.
        let c4 = layout.cand(0, 4);
        let mut offs = Vec::new();
        layout.on_to_off(&masks, c4, true, &mut offs);
        assert_eq!(offs[0], layout.cand(0, 5));
        assert!(offs[1..].iter().all(|&c| layout.digit(c) == 4 && units.sees(0, layout.cell(c))));
        let mut ons = Vec::new();
        layout.off_to_on(&masks, c4, true, false, &mut ons);
        assert_eq!(ons, [(layout.cand(0, 5), Via::Cell)]);
        let links = Links::new(&layout, &masks);
        assert_eq!(links.forced_via(c4, layout.cand(0, 5), true, false), Some(Via::Cell));
        assert_eq!(links.forced_via(c4, layout.cand(0, 5), false, true), None);
        // Every house link found is a conjugate pair.
        for cand in 0..729 {
            let (cell, digit) = (layout.cell(cand), layout.digit(cand));
            if masks[cell] & 1 << (digit - 1) == 0 {
                continue;
            }
            layout.off_to_on(&masks, cand, false, true, &mut ons);
            for &(on, via) in &ons {
                let Via::House(h) = via else { panic!("a house link") };
                let places = grid.positions(h as usize, digit).count_ones();
                assert_eq!(places, 2);
                assert_eq!(links.forced_via(cand, on, false, true), Some(via));
            }
            // The links listed once are the links.
            for (cell_links, house_links) in [(true, true), (false, true), (true, false)] {
                layout.off_to_on(&masks, cand, cell_links, house_links, &mut ons);
                assert_eq!(links.off_to_on(cand, cell_links, house_links), ons);
            }
            for cell_links in [true, false] {
                layout.on_to_off(&masks, cand, cell_links, &mut offs);
                assert_eq!(links.on_to_off(cand, cell_links), offs);
            }
        }
        // The places kept as candidates leave give the same links as a
        // scan of the houses, after every removal.
        let mut work = masks.clone();
        let mut places = Places::default();
        places.fill(&layout, &work);
        let mut by = Vec::new();
        for step in 0..60 {
            for cand in 0..729 {
                for cell_links in [true, false] {
                    layout.off_to_on(&work, cand, cell_links, true, &mut ons);
                    layout.off_to_on_by(&places, &work, cand, cell_links, &mut by);
                    assert_eq!(by, ons);
                }
            }
            let cell = (step * 37) % 81;
            if work[cell].count_ones() > 1 {
                let digit = work[cell].trailing_zeros() as u8 + 1;
                work[cell] &= !(1 << (digit - 1));
                places.remove(&layout, cell, digit);
            }
        }
        // Hidden parents: what the source had and the grid lost.
        let mut less = masks.clone();
        less[0] &= !(1 << 3);
        let mut hidden = Vec::new();
        layout.hidden(&masks, &less, layout.cand(0, 5), Via::Cell, &mut hidden);
        assert_eq!(hidden, [c4]);
        layout.hidden(&masks, &less, layout.cand(1, 4), Via::House(0), &mut hidden);
        assert_eq!(hidden, [c4]);
    }
}
