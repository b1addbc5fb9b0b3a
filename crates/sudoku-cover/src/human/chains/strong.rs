//! [`StrongLinks`]: short X-chains of two or three strong links, the way
//! SukakuExplainer finds and rates them (Skyscraper, Two-string Kite,
//! Turbot Fish and Empty Rectangle at 4.0 to 4.2; their three-link forms at
//! 5.4 to 5.7).

use super::links::open_masks;
use crate::human::candidates::{Bits, Candidates, Mask, bit, members};
use crate::human::difficulty::Difficulty;
use crate::human::step::{Digit, Step};
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
        if grid.size() > super::MAX_SIDE {
            return None;
        }
        let units = grid.units();
        let masks = open_masks(grid);
        let n = units.size();
        let mut best: Option<(u8, Chain)> = None;
        let (mut links, mut next) = (Vec::new(), Successors::default());
        for digit in 1..=n as u8 {
            strong_links(grid, digit, self.k == 3, &mut links);
            next.list(units, &links, self.k);
            let mut search = Search {
                units,
                masks: &masks,
                digit,
                k: self.k,
                links: &links,
                next: &next,
                best: None,
            };
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
                let d = Digit(digit);
                format!("{}={d}|{}={d}", cell_name(n, l.ends[0]), cell_name(n, l.ends[1]))
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

/// The strong links of `digit` into `out`: rows, then columns, then boxes
/// (a box's two places on one line only for two-link chains), and boxes
/// holding an empty rectangle. Empty rectangles only under rows, columns
/// and boxes or regions alone: a cell that sees the heart through a
/// variant's house (a diagonal) need not see the rectangle's places.
fn strong_links(grid: &Candidates, digit: u8, three: bool, out: &mut Vec<Link>) {
    let units = grid.units();
    let n = units.size();
    out.clear();
    // Rows, columns, then boxes or regions: Sukaku's order.
    for h in units.basic_houses() {
        let house = units.house(h);
        let kind = kind_code(house.kind);
        let places = grid.positions(h, digit);
        let place = |i: usize| house.cells[i];
        if places.count_ones() == 2 {
            let (a, c) = (
                place(places.trailing_zeros() as usize),
                place(63 - places.leading_zeros() as usize),
            );
            let same_line = a / n == c / n || a % n == c % n;
            if kind == 0 && three && same_line {
                continue;
            }
            out.push(Link { ends: [a, c], house: h, kind, empty_rectangle: false });
        } else if kind == 0 && places.count_ones() >= 3 && units.is_plain() {
            // The first heart whose cross holds every place.
            let crossed =
                |e: usize| Bits(places).map(place).all(|p| p / n == e / n || p % n == e % n);
            if let Some(e) = house.cells.iter().copied().find(|&e| crossed(e)) {
                out.push(Link { ends: [e, e], house: h, kind, empty_rectangle: true });
            }
        }
    }
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

/// Per link and the end it is entered by (`2 * link + side`), the links
/// and ends that may follow it, in order: the next link's end shares a
/// house with this link's far end, and with two links, not two boxes in a
/// row. (That the houses of a chain's links differ is checked on the
/// way.) End `e`'s are `next[starts[e]..starts[e + 1]]`.
#[derive(Debug, Default)]
struct Successors {
    starts: Vec<usize>,
    next: Vec<(usize, usize)>,
}

impl Successors {
    /// Lists the successors of `links`' ends, in place of the last ones.
    fn list(&mut self, units: &Units, links: &[Link], k: usize) {
        self.starts.clear();
        self.next.clear();
        for last in links {
            for side in 0..2 {
                self.starts.push(self.next.len());
                let far = last.ends[1 - side];
                let follows = (0..links.len())
                    .filter(|&next| !(k == 2 && last.kind == 0 && links[next].kind == 0))
                    .flat_map(|next| [(next, 0), (next, 1)])
                    .filter(|&(next, side)| !(side == 1 && links[next].empty_rectangle))
                    .filter(|&(next, side)| share(units, far, links[next].ends[side]).is_some());
                self.next.extend(follows);
            }
        }
        self.starts.push(self.next.len());
    }

    /// The successors of end `e` (`2 * link + side`).
    fn of(&self, e: usize) -> &[(usize, usize)] {
        &self.next[self.starts[e]..self.starts[e + 1]]
    }
}

/// The chains of one digit.
struct Search<'a> {
    units: &'a Units,
    masks: &'a [Mask],
    digit: u8,
    k: usize,
    links: &'a [Link],
    /// The successors of `links`' ends.
    next: &'a Successors,
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
        let next = self.next;
        for &(link, side) in next.of(2 * last + side) {
            let house = self.links[link].house;
            if path.iter().any(|&(l, _)| self.links[l].house == house) {
                continue;
            }
            path.push((link, side));
            self.extend(path);
            path.pop();
        }
    }

    /// Checks a full chain (distinct cells, weak links through other
    /// houses, empty rectangles apart) and weighs its eliminations.
    fn weigh(&mut self, path: &[(usize, usize)]) {
        let units = self.units;
        let mut links = [self.links[path[0].0]; 3];
        let mut cells = [0; 6];
        for (i, &(l, s)) in path.iter().enumerate() {
            links[i] = self.links[l];
            // The cells in chain order: each link's entry end, then its exit.
            cells[2 * i..2 * i + 2].copy_from_slice(&[links[i].ends[s], links[i].ends[1 - s]]);
        }
        let (links, cells) = (&links[..path.len()], &cells[..2 * path.len()]);
        let mut distinct = [0; 6];
        let mut count = 0;
        for (i, link) in links.iter().enumerate() {
            let own = if link.empty_rectangle { 1 } else { 2 };
            for &c in &cells[2 * i..2 * i + own] {
                if distinct[..count].contains(&c) {
                    return;
                }
                distinct[count] = c;
                count += 1;
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
        let mut link_houses = [0; 3];
        link_houses.iter_mut().zip(links).for_each(|(h, l)| *h = l.house);
        let link_houses = &link_houses[..links.len()];
        let mut shares = [0; 2];
        for i in 0..links.len() - 1 {
            let Some(s) = share(units, cells[2 * i + 1], cells[2 * i + 2]) else { return };
            if link_houses.contains(&s) {
                return;
            }
            shares[i] = s;
        }
        let shares = &shares[..links.len() - 1];
        let (start, end) = (cells[0], cells[cells.len() - 1]);
        let er = links.iter().any(|l| l.empty_rectangle);
        // The houses a removed cell may not be in (at most 3 + 2).
        let mut excluded = [0; 5];
        let mut len = 0;
        let houses = link_houses.iter().filter(|_| self.k == 3 || er);
        for &h in houses.chain(shares.iter().filter(|_| self.k == 3)) {
            excluded[len] = h;
            len += 1;
        }
        let excluded = &excluded[..len];
        let b = bit(self.digit);
        // The cells that see both ends (so neither end), holding the digit.
        let both = units.peer_bits(start).iter().zip(units.peer_bits(end)).map(|(s, e)| s & e);
        let removed: Vec<usize> = members(both)
            .filter(|&c| self.masks[c] & b != 0)
            .filter(|&c| !excluded.iter().any(|&h| units.house(h).cells.contains(&c)))
            .collect();
        if removed.is_empty() {
            return;
        }
        let (tenths, name) = rate(links);
        let (cells, links) = (distinct[..count].to_vec(), links.to_vec());
        let chain = Chain { tenths, removed, cells, links, name };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::chains::testing::check_first;

    /// Positions met solving real puzzles, where this rung is the first of
    /// the ladder to apply: one per kind of step.
    #[test]
    fn in_real_puzzles() {
        // Skyscraper
        check_first(
            &StrongLinks::TWO,
            "\
            1..4..7.........8....4..7....345...91...5...91.3...........6..9.2..........456...\
            .....6...........9..3.........45..8..2..5..8..2.4...8.1...........45..........7..\
            12.4.........5.....2.4...........7..1.......9.....6.....3.....9.......8...34.....\
            ....5.78..2...67..1............56.8...3.......2....78....4.........567..........9\
            ..345.78..2.4.67.....4567..1.........2..5678.........9..3..678.....567....3.56.8.\
            ..3.5.78......67..........9....56.8....4...........78..2.......1...567..1.3.56.8.\
            ...4..7....3.........4.67...2.......1....678.....5.........678.........91..4.6.8.\
            ........9...4.67.........8...34.6...1....67..1.3..........5....1..4.67...2.......\
            .2..5....1.........2..5.......4.6.89.....6789...4..78......678...3.........4.6.8.",
            "Skyscraper: r9c6,r2c6,r2c8,r8c8 {4}: r8c4<>4, r9c9<>4 (r2c6=4|r9c6=4 - r2c8=4|r8c8=4)",
        );
        // Turbot Fish
        check_first(
            &StrongLinks::TWO,
            "\
            .....6.......5.....2.............7.........8....4.....1................9..3......\
            ..3.....9.......8...3.....91............5.........6......4......2.............7..\
            ...4.....1..............7..........9..3.......2..............8.....56.......56...\
            .......8...3..6..9..3.56.....3.5.........6..91..............7.....4......2.......\
            ..3.....9...4.....1...56..........8..2.............7......56..91.3...........6..9\
            .2.............7..1.3.56......4..........6..9..3.5........56..91.3.............8.\
            1.........2..............8.....56.........7..........9..3..........56......4.....\
            ....5......3..6..9..3..6..9.2..........4............8......6..9......7..1........\
            ......7.......6..9...4.......3.56...1..........3.5.....2..............8.....56..9",
            "Turbot Fish: r9c9,r9c2,r4c2,r5c1 {9}: r5c9<>9 (r9c2=9|r9c9=9 - r4c2=9|r5c1=9)",
        );
        // 3-Turbot Fish
        check_first(
            &StrongLinks::THREE,
            "\
            .....67..1...5......3.......2..5.78..2..56789.2..56..91....67.9...45.7.....4....9\
            .....678.........9....5.78.1............567.....4..........67....3.......2.......\
            .2..........4.....1...5.7....3.5.7....3.567.9..3.56..91....67.9....5.7.........8.\
            1.............6..........89..3.5......3.5..........7...2..........4...8....4....9\
            ....5...9......7...2..........4.....1...............8.....5...9.....6.....3......\
            ..3.5..8...3.5.......4.............9.2...6....2...6.......5..8.1..............7..\
            ...4......23.5.........6....23.5.78..23.5.78..23.5..........78.........91........\
            ..3...7.........8.......7.9.....6.....3...7.91...........4......2...........5....\
            ....5.7.912..5....1...5.....2..5.78....4......2..5...9..3............78......6...",
            "3-Turbot Fish: r1c9,r4c9,r4c3,r8c3,r8c5,r9c6 {9}: r1c6<>9 (r1c9=9|r4c9=9 - r4c3=9|r8c3=9 - r8c5=9|r9c6=9)",
        );
        // Two-string Kite
        check_first(
            &StrongLinks::TWO,
            "\
            .....6...........9....5.....23......1.........23............7.........8....4.....\
            ..3............7.....4............8.........9....5.........6....2.......1........\
            12..............8.12............6.........7.....4.............9....5......3......\
            ......7.....4.............9..3.5........5..8.1.3......1...5..8......6....2.......\
            12..5..8.12..5.........6.........7...2..5..8.........9...4.......3..........5..8.\
            .2..5..8...3.......2.....8....4..........6...12.......1...5..8.......7..........9\
            ...4.....1...5....1......8..2..5......3............7...2..5..8.........9.....6...\
            ........9.....6.....3......1.........2..5...........8..2..5.......4...........7..\
            .2..5..8..2..5..........7..........9...4..........6.....3......1............5..8.",
            "Two-string Kite: r6c1,r6c7,r5c9,r9c9 {5}: r9c1<>5 (r6c1=5|r6c7=5 - r5c9=5|r9c9=5)",
        );
        // 3-String Kite
        check_first(
            &StrongLinks::THREE,
            "\
            ........9.......8....4..7....3...7.......6.....34..7...2...........5....1........\
            .2............6.......5....1...............8.........9......7.....4.......3......\
            1.34.....1..4.....1.34..7...2...........5.......4..7..........9.....6..........8.\
            1..4...8.....5....1..4.......3....8.........9.23...........6...1.....7...2....7..\
            .....6.....3.......2...........5..........7..1...............8.........9...4.....\
            1......8.......7..........9.....6.8....4......2...6...1...5......3.......2..5....\
            ..3.5....1..4.......3..6........67...2..............8.1..45....1.....7..........9\
            1..45.....2.......1..4.6...........9..3...........67..1..4............8.....5.7..\
            ......7..........9.......8....4.....1............5......3.......2............6...",
            "3-String Kite: r6c1,r6c7,r4c8,r7c8,r7c2,r3c2 {1}: r3c1<>1 (r6c1=1|r6c7=1 - r4c8=1|r7c8=1 - r3c2=1|r7c2=1)",
        );
        // Empty Rectangle
        check_first(
            &StrongLinks::TWO,
            "\
            .2.............789..3............789.....6...1..............78.....5.......4.....\
            1..45...91..4..78.1..45.78...3...78...3.5.7.9..34...8......6.........78..2.......\
            ...45.........6......45.78..2...........5.7.....4...8.........9..3......1........\
            ..3.56.....3...78.....5.78...3..6789...4.......3..6.89.2.......1..........3.5678.\
            1.3..6...1.3...78.........9....5......3...7...2..........4...........78...3..678.\
            ..3456....2..........45.78...3..678.1..........3..6.8...3...78.........9..3.5678.\
            1.3.....9....5.....2..........4.......3.....9......7..1.3....8......6.....3....8.\
            .......8.1.3.....91....6.....3..6..9.2...........5....1.3...7.....4.......3...7.9\
            ......7....34....9...4.6...1...............8...3..6..9....5.....2.........3.....9",
            "Empty Rectangle: r2c8,r5c8,r5c4 {7}: r2c4<>7 (r2c8=7|r5c8=7 - box 5 (empty rectangle))",
        );
        // 3 Strong Links with Empty Rectangle
        check_first(
            &StrongLinks::THREE,
            "\
            .2...............91.3.5.......4.....1...5....1.3...........6..........8.......7..\
            ...4...........7..1.3.5..8.1.3.5..8......6....2.......1.3........3.5............9\
            1.3....8.1.3.5.........6...1.3.5..8.......7..........9.2..........4.....1.3.5....\
            1.3.............8.1.34.....1.3.5.7..1..45...91.34..7....3.....9.2............6...\
            ........9.....6.........7...2..............8...34.........5....1..........34.....\
            ....5....1.34......2.......1.3..6...1.......91.34.6.....3....89......7....34...8.\
            1.3..6.8.1.3.5............91....67...2.......1....678....4.......3.56...1.3.5..8.\
            ......7..1..45....1..45..8.........9..3......1..4.6.8.1......8.....56....2.......\
            1.3..6.8..2.......1.34...8.1....6...1..4.........5..........7..........91.3....8.",
            "3 Strong Links with Empty Rectangle: r1c3,r1c6,r5c6,r5c9,r2c9 {3}: r2c3<>3 (r1c3=3|r1c6=3 - r5c6=3|r5c9=3 - box 3 (empty rectangle))",
        );
        // 3 Skyscrapers
        check_first(
            &StrongLinks::THREE,
            "\
            .......8....4.6...1................9.2.........3..........5.......4..7.....4.67..\
            ..3..........5.......4....9......7.......6..........8.1.........2..........4....9\
            ......7.......6..9.2.......1...........4.........5.........6..9.......8...3......\
            ....5......3.............8......6.........7.9...4..7.9.2.......1...........4..7.9\
            ...4....9.2..........4..7......5......3......1..............7.9.....6..........8.\
            .....6..91.............67...2..............8....4..7.9..3.........4..7......5....\
            .2..........4..7.9...4.6..9.......8.....5..........7.9...4.6.....3......1........\
            ...4.6..........8.....5......3......1.........2..........4.67..........9.....67..\
            1..............7.9..3.........4...........7.9.....6..........8.....5.....2.......",
            "3 Skyscrapers: r7c3,r2c3,r2c9,r4c9,r4c5,r9c5 {9}: r7c6<>9, r9c2<>9 (r2c3=9|r7c3=9 - r2c9=9|r4c9=9 - r4c5=9|r9c5=9)",
        );
    }
}
