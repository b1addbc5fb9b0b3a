//! [`StrongLinks`]: short X-chains of two or three strong links, the way
//! SukakuExplainer finds and rates them (Skyscraper, Two-string Kite,
//! Turbot Fish and Empty Rectangle at 4.0 to 4.2; their three-link forms at
//! 5.4 to 5.7).

use super::links::open_masks;
use crate::human::candidates::{Candidates, Mask, bit};
use crate::human::difficulty::Difficulty;
use crate::human::step::Step;
use crate::human::technique::Technique;
use crate::human::units::{HouseKind, Units, cell_name};

/// X-chains of `k` strong links (k = 2 or 3), as SukakuExplainer rates
/// them. A *strong link* is a house where a digit has exactly two places
/// (one of them holds it), or an *empty rectangle*: a box whose places of
/// the digit all lie on the cross through one cell, its heart (the digit
/// is on the heart's row or column there). Consecutive links are joined by
/// a weak link, their ends sharing a row, column or box (another house than
/// the links'). One of the chain's two ends holds the digit, so a cell
/// that sees both ends loses it.
///
/// Two links: Skyscraper (two parallel lines, 4.0), Two-string Kite (a row
/// and a column, 4.1), Turbot Fish (a line and a box) and Empty Rectangle
/// (4.2). Three links: 3 Skyscrapers (parallel lines, 5.4), 3-Turbot Fish
/// (a box among the links, 5.5), 3-String Kite (rows and columns, 5.6),
/// with an empty rectangle 5.7. The easiest chain is returned, then the one
/// removing most.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StrongLinks {
    k: usize,
}

impl StrongLinks {
    /// Two strong links: Turbot Fish and its kinds (4.0 to 4.2).
    pub const TWO: StrongLinks = StrongLinks { k: 2 };
    /// Three strong links (5.4 to 5.7).
    pub const THREE: StrongLinks = StrongLinks { k: 3 };
}

/// Sukaku's house types: box 0, row 1, column 2.
fn kind_code(kind: HouseKind) -> u8 {
    match kind {
        HouseKind::Row => 1,
        HouseKind::Column => 2,
        _ => 0,
    }
}

/// A strong link of a digit: its two ends (the heart twice for an empty
/// rectangle) and its house.
#[derive(Debug, Clone, Copy)]
struct Link {
    ends: [usize; 2],
    house: usize,
    kind: u8,
    empty_rectangle: bool,
}

/// The best chain so far.
#[derive(Debug)]
struct Chain {
    tenths: u16,
    removed: Vec<usize>,
    cells: Vec<usize>,
    links: Vec<Link>,
    name: &'static str,
}

impl Technique for StrongLinks {
    fn name(&self) -> &'static str {
        if self.k == 2 { "Turbot Fish" } else { "3 Strong Links" }
    }

    fn difficulty(&self) -> Difficulty {
        Difficulty::tenths(if self.k == 2 { 40 } else { 54 })
    }

    fn find(&self, grid: &Candidates) -> Option<Step> {
        let units = grid.units();
        let masks = open_masks(grid);
        let n = units.size();
        let mut best: Option<(u8, Chain)> = None;
        for digit in 1..=n as u8 {
            let links = strong_links(units, &masks, digit, self.k == 3);
            let mut search =
                Search { units, masks: &masks, digit, k: self.k, links: &links, best: None };
            search.run();
            if let Some(chain) = search.best
                && best.as_ref().is_none_or(|(_, b)| better(&chain, b))
            {
                best = Some((digit, chain));
            }
        }
        let (digit, chain) = best?;
        let mut step = Step::new(chain.name, Difficulty::tenths(chain.tenths), n)
            .with_cells(chain.cells.iter().copied())
            .with_digits(bit(digit));
        for link in &chain.links {
            step = step.in_house(link.house);
        }
        let ends = |l: &Link| {
            if l.empty_rectangle {
                format!("{} (empty rectangle)", units.house(l.house))
            } else {
                format!("{}={digit}|{}={digit}", cell_name(n, l.ends[0]), cell_name(n, l.ends[1]))
            }
        };
        let note: Vec<String> = chain.links.iter().map(ends).collect();
        step = step.with_note(note.join(" - "));
        for c in chain.removed {
            step = step.eliminate(c, digit);
        }
        Some(step)
    }
}

/// Whether chain `a` comes before `b`: easier, then removing more.
fn better(a: &Chain, b: &Chain) -> bool {
    (a.tenths, std::cmp::Reverse(a.removed.len())) < (b.tenths, std::cmp::Reverse(b.removed.len()))
}

/// The strong links of `digit`: rows, then columns, then boxes (a box's
/// two places on one line only for two-link chains), and boxes holding an
/// empty rectangle.
fn strong_links(units: &Units, masks: &[Mask], digit: u8, three: bool) -> Vec<Link> {
    let b = bit(digit);
    let n = units.size();
    let mut out = Vec::new();
    let mut houses: Vec<usize> = units.basic_houses().collect();
    houses.sort_by_key(|&h| match units.house(h).kind {
        HouseKind::Row => 0,
        HouseKind::Column => 1,
        _ => 2,
    });
    for h in houses {
        let house = units.house(h);
        let kind = kind_code(house.kind);
        let places: Vec<usize> =
            house.cells.iter().copied().filter(|&c| masks[c] & b != 0).collect();
        if places.len() == 2 {
            let (a, c) = (places[0], places[1]);
            let same_line = a / n == c / n || a % n == c % n;
            if kind == 0 && three && same_line {
                continue;
            }
            out.push(Link { ends: [a, c], house: h, kind, empty_rectangle: false });
        } else if kind == 0 && places.len() >= 3 {
            // The first heart whose cross holds every place.
            let heart = house
                .cells
                .iter()
                .copied()
                .find(|&e| places.iter().all(|&p| p / n == e / n || p % n == e % n));
            if let Some(e) = heart {
                out.push(Link { ends: [e, e], house: h, kind, empty_rectangle: true });
            }
        }
    }
    out
}

/// The house two cells share for a weak link, as Sukaku picks it: their
/// column, else their row, else their box.
fn share(units: &Units, a: usize, b: usize) -> Option<usize> {
    if a == b {
        return None;
    }
    if units.col_of(a) == units.col_of(b) {
        Some(units.col_of(a))
    } else if units.row_of(a) == units.row_of(b) {
        Some(units.row_of(a))
    } else if units.block_of(a) == units.block_of(b) {
        Some(units.block_of(a))
    } else {
        None
    }
}

/// The chains of one digit.
struct Search<'a> {
    units: &'a Units,
    masks: &'a [Mask],
    digit: u8,
    k: usize,
    links: &'a [Link],
    best: Option<Chain>,
}

impl Search<'_> {
    fn run(&mut self) {
        let mut path: Vec<(usize, usize)> = Vec::new();
        for first in 0..self.links.len() {
            for side in 0..2 {
                if side == 1 && self.links[first].empty_rectangle {
                    continue;
                }
                path.push((first, side));
                self.extend(&mut path);
                path.pop();
            }
        }
    }

    /// Extends a chain (links with the end each is entered by) by one link.
    fn extend(&mut self, path: &mut Vec<(usize, usize)>) {
        if path.len() == self.k {
            self.weigh(path);
            return;
        }
        let &(last, side) = path.last().expect("a link");
        let far = self.links[last].ends[1 - side];
        for next in 0..self.links.len() {
            if path.iter().any(|&(l, _)| self.links[l].house == self.links[next].house) {
                continue;
            }
            if self.k == 2 && self.links[last].kind == 0 && self.links[next].kind == 0 {
                continue;
            }
            for side in 0..2 {
                let link = &self.links[next];
                if side == 1 && link.empty_rectangle {
                    continue;
                }
                if share(self.units, far, link.ends[side]).is_none() {
                    continue;
                }
                path.push((next, side));
                self.extend(path);
                path.pop();
            }
        }
    }

    /// Checks a full chain (distinct cells, weak links through other
    /// houses, empty rectangles apart) and weighs its eliminations.
    fn weigh(&mut self, path: &[(usize, usize)]) {
        let units = self.units;
        let links: Vec<Link> = path.iter().map(|&(l, _)| self.links[l]).collect();
        // The cells in chain order: each link's entry end, then its exit.
        let cells: Vec<usize> = path
            .iter()
            .flat_map(|&(l, s)| [self.links[l].ends[s], self.links[l].ends[1 - s]])
            .collect();
        let mut distinct: Vec<usize> = Vec::new();
        for (i, link) in links.iter().enumerate() {
            let own: &[usize] = if link.empty_rectangle {
                &cells[2 * i..2 * i + 1]
            } else {
                &cells[2 * i..2 * i + 2]
            };
            for &c in own {
                if distinct.contains(&c) {
                    return;
                }
                distinct.push(c);
            }
        }
        for (i, link) in links.iter().enumerate() {
            if link.empty_rectangle {
                let others = cells.iter().enumerate().filter(|&(j, _)| j / 2 != i);
                if others.clone().any(|(_, &c)| units.block_of(c) == link.house) {
                    return;
                }
            }
        }
        let link_houses: Vec<usize> = links.iter().map(|l| l.house).collect();
        let mut shares = Vec::new();
        for i in 0..links.len() - 1 {
            let Some(s) = share(units, cells[2 * i + 1], cells[2 * i + 2]) else { return };
            if link_houses.contains(&s) {
                return;
            }
            shares.push(s);
        }
        let (start, end) = (cells[0], cells[cells.len() - 1]);
        let er = links.iter().any(|l| l.empty_rectangle);
        let mut excluded: Vec<usize> = Vec::new();
        if self.k == 3 || er {
            excluded.extend(link_houses.iter().copied());
        }
        if self.k == 3 {
            excluded.extend(shares.iter().copied());
        }
        let b = bit(self.digit);
        let removed: Vec<usize> = (0..self.masks.len())
            .filter(|&c| c != start && c != end && self.masks[c] & b != 0)
            .filter(|&c| units.sees(c, start) && units.sees(c, end))
            .filter(|&c| !excluded.iter().any(|&h| units.house(h).cells.contains(&c)))
            .collect();
        if removed.is_empty() {
            return;
        }
        let (tenths, name) = rate(&links);
        let chain = Chain { tenths, removed, cells: distinct, links, name };
        if self.best.as_ref().is_none_or(|b| better(&chain, b)) {
            self.best = Some(chain);
        }
    }
}

/// Sukaku's rating and name of a chain, from its links' house types.
fn rate(links: &[Link]) -> (u16, &'static str) {
    let er = links.iter().any(|l| l.empty_rectangle);
    let has = |k: u8| links.iter().any(|l| l.kind == k);
    if links.len() == 2 {
        return if er {
            (42, "Empty Rectangle")
        } else if has(0) {
            (42, "Turbot Fish")
        } else if has(1) && has(2) {
            (41, "Two-string Kite")
        } else {
            (40, "Skyscraper")
        };
    }
    if er {
        (57, "3 Strong Links with Empty Rectangle")
    } else if has(1) && has(2) {
        (56, "3-String Kite")
    } else if has(0) {
        (55, "3-Turbot Fish")
    } else {
        (54, "3 Skyscrapers")
    }
}
