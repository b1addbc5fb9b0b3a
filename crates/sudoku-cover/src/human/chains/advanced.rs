//! [`Advanced`]: the nested reasoning of Dynamic Forcing Chains (+): once a
//! dynamic chain has nothing more to follow, simple patterns sought on the
//! grid its assumption made (pointing and claiming, hidden and naked
//! pairs, X-wings) rule out more candidates, each depending on the chain's
//! offs that made the pattern.

use super::graph::{Cand, NestedChain};
use super::links::Layout;
use crate::human::candidates::{Bits, Mask, bit, digits};
use crate::human::units::HouseKind;

/// A candidate ruled out on a chain's grid, and the candidates (gone from
/// the grid) that had to be off for the pattern (or nested chain) to hold.
#[derive(Debug, Clone)]
pub(super) struct Deduction {
    /// The candidate ruled out.
    pub cand: Cand,
    /// The offs it needs.
    pub needs: Vec<Cand>,
    /// The pattern or nested chain that ruled it out (a pattern adds
    /// nothing to a chain's complexity: 0).
    pub chain: NestedChain,
}

/// The patterns nested in a dynamic chain, tried in Sudoku Explainer's
/// order; the first that rules anything out gives all its deductions.
#[derive(Debug)]
pub(super) struct Advanced {
    level: u8,
    /// Box and line pairs that meet, for pointing and claiming.
    locks: Vec<Lock>,
    /// The cells where a block and a line meet, each such meeting once:
    /// the rows cut each block into some of them and the blocks each row,
    /// and so do the columns.
    segments: Vec<Vec<usize>>,
    /// Per segment, the candidates its cells hold on the grid at hand.
    seen: Vec<Mask>,
    /// The houses sets are sought in: boxes or regions, rows, columns.
    set_houses: Vec<usize>,
    /// Per basic house (`set_houses`) and digit, the digit's places in
    /// the house (a bit per house position), for the grid at hand.
    places: Places,
}

/// A base house and a cover house that meet: where a digit of the base
/// confined to the meeting leaves the rest of the cover.
#[derive(Debug)]
struct Lock {
    /// Pointing (a box, then a line) or Claiming.
    name: &'static str,
    base_only: Vec<usize>,
    cover_only: Vec<usize>,
    /// The segment where the two meet, and those that make up the rest of
    /// the base and of the cover.
    meet: usize,
    base_segments: Vec<usize>,
    cover_segments: Vec<usize>,
}

impl Advanced {
    /// The nested reasoning of nesting `level` (1: patterns only) on the
    /// geometry of `layout`.
    pub fn new(level: u8, layout: &Layout) -> Advanced {
        let units = layout.units();
        let basic: Vec<usize> = units.basic_houses().collect();
        let blocks: Vec<usize> =
            basic.iter().copied().filter(|&h| units.house(h).kind.is_block()).collect();
        let lines: Vec<usize> =
            basic.iter().copied().filter(|&h| units.house(h).kind.is_line()).collect();
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for &b in &blocks {
            pairs.extend(lines.iter().map(|&l| (b, l)));
        }
        for &l in &lines {
            pairs.extend(blocks.iter().map(|&b| (l, b)));
        }
        // Each block and line that meet, and their cells in common.
        let mut segment_of = std::collections::HashMap::new();
        let mut segments: Vec<Vec<usize>> = Vec::new();
        for &b in &blocks {
            for &l in &lines {
                let lc = &units.house(l).cells;
                let meet: Vec<usize> =
                    units.house(b).cells.iter().copied().filter(|c| lc.contains(c)).collect();
                if !meet.is_empty() {
                    segment_of.insert((b, l), segments.len());
                    segments.push(meet);
                }
            }
        }
        let segment = |x: usize, y: usize| {
            let key = if units.house(x).kind.is_block() { (x, y) } else { (y, x) };
            segment_of.get(&key).copied()
        };
        let kind = |h: usize| units.house(h).kind;
        let locks = pairs
            .into_iter()
            .filter_map(|(base, cover)| {
                let meet = segment(base, cover)?;
                let (bc, cc) = (&units.house(base).cells, &units.house(cover).cells);
                let cells = &segments[meet];
                // The rest of the base: where it meets the cover's fellows
                // (houses of its kind); the rest of the cover likewise.
                let others = |h: usize, like: usize| -> Vec<usize> {
                    basic
                        .iter()
                        .filter(|&&o| o != like && kind(o) == kind(like))
                        .filter_map(|&o| segment(h, o))
                        .collect()
                };
                let lock = Lock {
                    name: if kind(base).is_block() { "Pointing" } else { "Claiming" },
                    base_only: bc.iter().copied().filter(|c| !cells.contains(c)).collect(),
                    cover_only: cc.iter().copied().filter(|c| !cells.contains(c)).collect(),
                    meet,
                    base_segments: others(base, cover),
                    cover_segments: others(cover, base),
                };
                let size = |s: &[usize]| s.iter().map(|&i| segments[i].len()).sum::<usize>();
                debug_assert_eq!(size(&lock.base_segments), lock.base_only.len());
                debug_assert_eq!(size(&lock.cover_segments), lock.cover_only.len());
                Some(lock)
            })
            .collect();
        let kinds = [HouseKind::Box, HouseKind::Region, HouseKind::Row, HouseKind::Column];
        let set_houses = kinds
            .iter()
            .flat_map(|&k| basic.iter().copied().filter(move |&h| units.house(h).kind == k))
            .collect();
        let places = Places::new(layout);
        let seen = vec![0; segments.len()];
        Advanced { level, locks, segments, seen, set_houses, places }
    }

    /// The deductions on grid `work`, made from `source` by a chain. Only
    /// patterns that need some of the chain's offs count (the others hold
    /// without it).
    pub fn offs(&mut self, layout: &Layout, source: &[Mask], work: &[Mask]) -> Vec<Deduction> {
        debug_assert!(self.level >= 1);
        let mut out = Vec::new();
        let grids = Grids { layout, source, work };
        self.locking(&grids, &mut out);
        if out.is_empty() {
            self.places.fill(work);
            hidden_pairs(&grids, &self.set_houses, &self.places, &mut out);
        }
        if out.is_empty() {
            naked_pairs(&grids, &self.set_houses, &mut out);
        }
        if out.is_empty() {
            x_wings(&grids, &self.places, &mut out);
        }
        out
    }

    /// A digit of a base house confined to a cover house (pointing: box
    /// then line; claiming: line then box) leaves the rest of the cover.
    fn locking(&mut self, g: &Grids, out: &mut Vec<Deduction>) {
        let (layout, work) = (g.layout, g.work);
        for (seen, cells) in self.seen.iter_mut().zip(&self.segments) {
            *seen = cells.iter().fold(0, |m, &c| m | work[c]);
        }
        let seen = |segments: &[usize]| segments.iter().fold(0, |m, &s| m | self.seen[s]);
        for lock in &self.locks {
            let candidates =
                self.seen[lock.meet] & !seen(&lock.base_segments) & seen(&lock.cover_segments);
            for d in digits(candidates) {
                let b = bit(d);
                let removed = lock
                    .cover_only
                    .iter()
                    .filter(|&&c| work[c] & b != 0)
                    .map(|&c| layout.cand(c, d));
                let mut needs = Vec::new();
                g.lost(&lock.base_only, d, &mut needs);
                deduce(out, removed, needs, lock.name);
            }
        }
    }
}

/// A chain's grid and the grid it started from.
struct Grids<'a> {
    layout: &'a Layout<'a>,
    source: &'a [Mask],
    work: &'a [Mask],
}

impl Grids<'_> {
    /// The candidates of digit `d` in `cells` that the source had and the
    /// grid lost.
    fn lost(&self, cells: &[usize], d: u8, out: &mut Vec<Cand>) {
        let b = bit(d);
        out.extend(
            cells
                .iter()
                .filter(|&&c| self.source[c] & b != 0 && self.work[c] & b == 0)
                .map(|&c| self.layout.cand(c, d)),
        );
    }
}

/// Per house and digit, the digit's places in the house: a bit per house
/// position.
#[derive(Debug)]
struct Places {
    /// The side: digits per house.
    n: usize,
    /// `n` words per house.
    at: Vec<u64>,
    /// Per cell, its spot in each of its three basic houses (block, row,
    /// column): where the house's words start in `at`, and the cell's bit.
    spots: Vec<[(u32, u64); 3]>,
}

impl Places {
    /// The places of the basic houses of `layout`'s geometry, to fill.
    fn new(layout: &Layout) -> Places {
        let (units, n) = (layout.units(), layout.size());
        let spots = (0..units.cells())
            .map(|cell| {
                let mut spots = [(0, 0); 3];
                let basic = units.basic_houses();
                let mine = units.houses_of(cell).iter().copied().filter(|h| basic.contains(h));
                for (spot, h) in spots.iter_mut().zip(mine) {
                    let i = units.house(h).cells.iter().position(|&c| c == cell).unwrap_or(0);
                    *spot = ((h * n) as u32, 1 << i);
                }
                spots
            })
            .collect();
        Places { n, at: vec![0; units.basic_houses().len() * n], spots }
    }

    /// The places in every basic house on the grid `masks`.
    fn fill(&mut self, masks: &[Mask]) {
        self.at.fill(0);
        for (&mask, spots) in masks.iter().zip(&self.spots) {
            for d in digits(mask) {
                let d = usize::from(d) - 1;
                for &(start, b) in spots {
                    self.at[start as usize + d] |= b;
                }
            }
        }
    }

    /// The places of each digit in house `h`, digit 1 first.
    fn of(&self, h: usize) -> &[u64] {
        &self.at[h * self.n..(h + 1) * self.n]
    }

    /// The digits (from 1, in order) with one or two places in house `h`:
    /// the only ones a pair of places can hold.
    fn at_most_two(&self, h: usize) -> impl Iterator<Item = (u8, u64)> + Clone + '_ {
        (1..).zip(self.of(h).iter().copied()).filter(|&(_, p)| p != 0 && p.count_ones() <= 2)
    }
}

/// Pushes one deduction per candidate of `removed` when `needs` is not
/// empty.
fn deduce(
    out: &mut Vec<Deduction>,
    removed: impl IntoIterator<Item = Cand>,
    needs: Vec<Cand>,
    name: &'static str,
) {
    if !needs.is_empty() {
        let chain = NestedChain { complexity: 0, key: 0, name };
        out.extend(removed.into_iter().map(|cand| Deduction { cand, needs: needs.clone(), chain }));
    }
}

/// Two digits confined to the same two cells of a house leave those
/// cells' other digits.
fn hidden_pairs(g: &Grids, houses: &[usize], places: &Places, out: &mut Vec<Deduction>) {
    let (layout, source, work) = (g.layout, g.source, g.work);
    let units = layout.units();
    for &h in houses {
        let cells = &units.house(h).cells;
        let mut firsts = places.at_most_two(h);
        while let Some((d1, p1)) = firsts.next() {
            for (d2, p2) in firsts.clone() {
                if (p1 | p2).count_ones() != 2 {
                    continue;
                }
                let pair = (1 << (d1 - 1)) | (1 << (d2 - 1));
                let removed: Vec<Cand> = Bits(p1 | p2)
                    .flat_map(|i| {
                        let c = cells[i];
                        digits(work[c] & !pair).map(move |d| (c, d))
                    })
                    .map(|(c, d)| layout.cand(c, d))
                    .collect();
                if removed.is_empty() {
                    continue;
                }
                let others: Vec<usize> = (0..cells.len())
                    .filter(|&i| (p1 | p2) >> i & 1 == 0)
                    .map(|i| cells[i])
                    .collect();
                let mut needs = Vec::new();
                for d in [d1, d2] {
                    needs.extend(
                        others
                            .iter()
                            .filter(|&&c| source[c] & 1 << (d - 1) != 0)
                            .map(|&c| layout.cand(c, d)),
                    );
                }
                deduce(out, removed, needs, "Hidden Pair");
            }
        }
    }
}

/// Two cells of a house holding the same two digits leave those digits to
/// the house's other cells.
fn naked_pairs(g: &Grids, houses: &[usize], out: &mut Vec<Deduction>) {
    let (layout, source, work) = (g.layout, g.source, g.work);
    let units = layout.units();
    for &h in houses {
        let cells = &units.house(h).cells;
        // The cells with one or two candidates, in order: the only ones a
        // pair can be made of.
        let mut few = cells.iter().copied().filter(|&c| work[c] != 0 && work[c].count_ones() <= 2);
        while let Some(a) = few.next() {
            for b in few.clone() {
                let pair = work[a] | work[b];
                if pair.count_ones() != 2 {
                    continue;
                }
                let removed: Vec<Cand> = cells
                    .iter()
                    .filter(|&&c| c != a && c != b)
                    .flat_map(|&c| digits(work[c] & pair).map(move |d| (c, d)))
                    .map(|(c, d)| layout.cand(c, d))
                    .collect();
                if removed.is_empty() {
                    continue;
                }
                let needs: Vec<Cand> = [a, b]
                    .iter()
                    .flat_map(|&c| digits(source[c] & !work[c]).map(move |d| (c, d)))
                    .map(|(c, d)| layout.cand(c, d))
                    .collect();
                deduce(out, removed, needs, "Naked Pair");
            }
        }
    }
}

/// A digit whose places in two rows (or columns) lie in the same two
/// columns (rows) leaves the rest of those.
fn x_wings(g: &Grids, places: &Places, out: &mut Vec<Deduction>) {
    let (layout, work) = (g.layout, g.work);
    let units = layout.units();
    let n = layout.size();
    for (base0, cover0) in [(0, n), (n, 0)] {
        for d in 1..=n as u8 {
            let b = 1 << (d - 1);
            // The lines where the digit has one or two places, in order.
            let at = |l: usize| places.of(base0 + l)[usize::from(d) - 1];
            let mut few = (0..n).filter(|&l| at(l) != 0 && at(l).count_ones() <= 2);
            while let Some(l1) = few.next() {
                for l2 in few.clone() {
                    let (p1, p2) = (at(l1), at(l2));
                    if (p1 | p2).count_ones() != 2 {
                        continue;
                    }
                    let (b1, b2) = (base0 + l1, base0 + l2);
                    let covers: Vec<usize> = Bits(p1 | p2).map(|i| cover0 + i).collect();
                    let removed: Vec<Cand> = covers
                        .iter()
                        .flat_map(|&cv| units.house(cv).cells.iter().copied())
                        .filter(|&c| work[c] & b != 0)
                        .filter(|&c| {
                            !units.houses_of(c).contains(&b1) && !units.houses_of(c).contains(&b2)
                        })
                        .map(|c| layout.cand(c, d))
                        .collect();
                    if removed.is_empty() {
                        continue;
                    }
                    let mut needs = Vec::new();
                    for base in [b1, b2] {
                        let outside: Vec<usize> = units
                            .house(base)
                            .cells
                            .iter()
                            .copied()
                            .filter(|c| !covers.iter().any(|&cv| units.houses_of(*c).contains(&cv)))
                            .collect();
                        g.lost(&outside, d, &mut needs);
                    }
                    deduce(out, removed, needs, "X-Wing");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::human::Units;
    use crate::{Regions, Rules, Shape};

    /// The segments of each lock make up the rest of its base and of its
    /// cover, on boxes square and not, and on jigsaw regions.
    #[test]
    fn segments_make_up_the_rest_of_each_house() {
        let jigsaw = Regions::parse("AAABBB AACCBB ACCCDB ECDDDF EEEDDF EEFFFF").unwrap();
        let rules = [
            Rules::classic(),
            Rules::new(Shape::new(2, 3).unwrap()),
            Rules::new(Shape::new(4, 4).unwrap()),
            Rules::jigsaw(jigsaw),
        ];
        for rules in rules {
            let units = Arc::new(Units::new(&rules).unwrap());
            let layout = Layout::new(&units);
            let advanced = Advanced::new(1, &layout);
            let cells = |segments: &[usize]| {
                let mut all: Vec<usize> =
                    segments.iter().flat_map(|&s| advanced.segments[s].clone()).collect();
                all.sort_unstable();
                all
            };
            let sorted = |cells: &[usize]| {
                let mut all = cells.to_vec();
                all.sort_unstable();
                all
            };
            // Pointing and claiming for every block and line that meet.
            assert_eq!(advanced.locks.len(), 2 * advanced.segments.len());
            for lock in &advanced.locks {
                assert_eq!(cells(&lock.base_segments), sorted(&lock.base_only));
                assert_eq!(cells(&lock.cover_segments), sorted(&lock.cover_only));
                assert!(!advanced.segments[lock.meet].is_empty());
            }
        }
    }
}
