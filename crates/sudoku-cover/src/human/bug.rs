//! BUG, the bivalue universal grave: were every empty cell down to two
//! candidates, each digit twice in each house, the puzzle would have two
//! solutions or none; so one of the few extra candidates is true (types 1
//! to 4).

use super::candidates::{Candidates, Mask, bit, digits};
use super::difficulty::Difficulty;
use super::step::{Digit, Step};
use super::subsets::VirtualSubset;
use super::technique::Technique;

/// BUG types 1 to 4 (SE 5.6; 5.7 for types 2 and 4; 5.7 plus 0.1 per
/// digit past the first of the subset for type 3).
///
/// The *BUG cells* are the cells holding a digit that a house has three
/// places for; without those digits every empty cell would be bivalue and
/// every digit twice in each house, a deadly pattern. So one BUG cell
/// holds its extra digit:
///
/// - type 1: one BUG cell: it holds its extra digit;
/// - type 2: every extra digit is the same `z`: `z` leaves every cell that
///   sees all the BUG cells;
/// - type 3: the BUG cells share a house, and seen as one cell holding
///   their extra digits form a naked subset with other cells of it;
/// - type 4: two BUG cells sharing a house where a common digit `w` (not
///   an extra one) has no other place: each holds its extra digit or `w`.
///
/// Only under rows, columns and boxes (or jigsaw regions) alone.
#[derive(Debug, Clone, Copy)]
pub struct Bug;

/// The BUG cells and the extra digit(s) of each.
struct Grave {
    cells: Vec<usize>,
    extra: Vec<Mask>,
}

impl Grave {
    fn all_extra(&self) -> Mask {
        self.extra.iter().fold(0, |m, &e| m | e)
    }
}

/// The BUG cells of `grid`, if taking their extra digits away leaves a
/// bivalue universal grave.
fn grave(grid: &Candidates) -> Option<Grave> {
    let units = grid.units();
    let n = grid.size();
    let mut g = Grave { cells: Vec::new(), extra: Vec::new() };
    let mut rest: Vec<Mask> = grid.masks().to_vec();
    // Boxes, rows, columns.
    for h in (2 * n..3 * n).chain(0..2 * n) {
        let cells = &units.house(h).cells;
        for d in 1..=n as u8 {
            let places = grid.positions(h, d);
            let count = places.count_ones();
            if count == 0 || count == 2 {
                continue;
            }
            let wide: Vec<usize> = super::Bits(places)
                .map(|i| cells[i])
                .filter(|&c| grid.candidates(c).count_ones() >= 3)
                .collect();
            match wide[..] {
                [] => return None,
                [cell] => {
                    match g.cells.iter().position(|&c| c == cell) {
                        Some(i) => g.extra[i] |= bit(d),
                        None => {
                            g.cells.push(cell);
                            g.extra.push(bit(d));
                        }
                    }
                    rest[cell] &= !bit(d);
                }
                _ => {}
            }
        }
    }
    if g.cells.is_empty() {
        return None;
    }
    if grid.empty_cells().any(|c| rest[c].count_ones() != 2) {
        return None;
    }
    for h in 0..3 * n {
        let cells = &units.house(h).cells;
        for d in 1..=n as u8 {
            let count =
                cells.iter().filter(|&&c| grid.is_empty(c) && rest[c] & bit(d) != 0).count();
            if count != 0 && count != 2 {
                return None;
            }
        }
    }
    Some(g)
}

impl Technique for Bug {
    fn name(&self) -> &'static str {
        "BUG"
    }

    fn difficulty(&self) -> Difficulty {
        Difficulty::tenths(56)
    }

    fn find(&self, grid: &Candidates) -> Option<Step> {
        let units = grid.units();
        if !units.is_plain() {
            return None;
        }
        let g = grave(grid)?;
        let n = grid.size();
        let all = g.all_extra();
        let new = |name: &'static str, tenths: u16| {
            Step::new(name, Difficulty::tenths(tenths), n)
                .with_cells(g.cells.iter().copied())
                .with_digits(all)
        };
        if let ([cell], [extra]) = (&g.cells[..], &g.extra[..]) {
            let cell = *cell;
            let mut step = new("BUG type 1", 56).with_note("the only cell off the grave");
            if extra.count_ones() == 1 {
                step = step.place(cell, extra.trailing_zeros() as u8 + 1);
            } else {
                step.eliminations =
                    digits(grid.candidates(cell) & !extra).map(|d| (cell, d)).collect();
            }
            return Some(step);
        }
        let sees_all =
            |c: usize| !g.cells.contains(&c) && g.cells.iter().all(|&b| units.sees(c, b));
        if all.count_ones() == 1 {
            let z = all.trailing_zeros() as u8 + 1;
            let removed: Vec<usize> =
                grid.empty_cells().filter(|&c| sees_all(c) && grid.has(c, z)).collect();
            if !removed.is_empty() {
                let mut step = new("BUG type 2", 57)
                    .with_note(format!("one of the BUG cells holds {}", Digit(z)));
                step.eliminations = removed.into_iter().map(|c| (c, z)).collect();
                return Some(step);
            }
        }
        let shared: Vec<usize> = (0..3 * n)
            .filter(|&h| g.cells.iter().all(|&c| units.houses_of(c).contains(&h)))
            .collect();
        if g.cells.len() == 2 {
            if let Some(step) = type4(grid, &g, &shared, &new) {
                return Some(step);
            }
        }
        for k in 2..=6 {
            for &h in &shared {
                if let Some(step) = type3(grid, &g, h, k, &new) {
                    return Some(step);
                }
            }
        }
        None
    }
}

/// Type 4: two BUG cells in house `h` with one common digit `w` that is
/// not an extra digit and has no other place in `h`.
fn type4(
    grid: &Candidates,
    g: &Grave,
    shared: &[usize],
    new: &dyn Fn(&'static str, u16) -> Step,
) -> Option<Step> {
    let (c1, c2) = (g.cells[0], g.cells[1]);
    let common = grid.candidates(c1) & grid.candidates(c2) & !g.all_extra();
    if common.count_ones() != 1 {
        return None;
    }
    let w = common.trailing_zeros() as u8 + 1;
    for &h in shared {
        if grid.positions(h, w).count_ones() != 2 {
            continue;
        }
        let mut removed = Vec::new();
        for (i, &c) in [c1, c2].iter().enumerate() {
            removed.extend(digits(grid.candidates(c) & !g.extra[i] & !common).map(|d| (c, d)));
        }
        if removed.is_empty() {
            continue;
        }
        let house = grid.units().house(h);
        let mut step = new("BUG type 4", 57)
            .with_note(format!("{} of {house} only in the BUG cells", Digit(w)));
        step.houses.push(h);
        step.eliminations = removed;
        return Some(step);
    }
    None
}

/// Type 3: in house `h`, the BUG cells as one cell holding their extra
/// digits, with `k - 1` other cells, hold `k` digits.
fn type3(
    grid: &Candidates,
    g: &Grave,
    h: usize,
    k: usize,
    new: &dyn Fn(&'static str, u16) -> Step,
) -> Option<Step> {
    let subset = VirtualSubset::find(grid, h, &g.cells, g.all_extra(), k, 0)?;
    Some(subset.into_step(grid, h, new("BUG type 3", 57 + k as u16 - 1)))
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::testing::check_position;

    /// Positions met solving real puzzles, where this is the first
    /// technique of the ladder that applies.
    #[test]
    fn in_real_puzzles() {
        check_position(
            &Bug,
            "\
            ........9.......8......67....3.......2...6......4.....1............5.....2....7..\
            1.........2..........4...........7......5............9..3...........6..........8.\
            ....5......3...7....3..67.........8..2...6...1...........4......2....7..........9\
            ...4.....1..........3...7...2..............8.....5............9..3...7.......6...\
            .....6...........9....5....1..............7....3.......2..............8....4.....\
            .2.........3...7.........8.........9...4..........6.......5....1..........3...7..\
            ..3.........4......2............6...1..............7.........8.........9....5....\
            .......8......6...........9....5......3.......2.............7.....4.....1........\
            ......7......5....1...........4.............9.......8......6....23.......23......",
            "BUG type 1: r3c3 {7}: r3c3 = 7 (the only cell off the grave)",
        );
        check_position(
            &Bug,
            "\
            .....6......4....9...45.....2...........5.7.........8.......7.9..3......1........\
            1..............7.........8....4.......3..............9.....6....2...........5....\
            ..3.....9.2.........3.5.........6.......5.7..1...............8....4...........7.9\
            ...4...8.1..4.............9......78..2...........56.....3......1...5.........67..\
            .2...........5.........6.........7.91..........3............7.9.......8....4.....\
            ..3....8.1.3............7.........89...4.........56....2.......1...5.........6..9\
            ......7.........8.1............5.........6....2..........4.............9..3......\
            ....5.........6....2.........3..............9...4.....1..............7.........8.\
            ..34....9..34....9..34.....1...............8.......7......5.........6....2.......",
            "BUG type 4: r9c1,r9c2 {3,4}: r9c1<>4, r9c2<>3 (9 of row 9 only in the BUG cells)",
        );
        check_position(
            &Bug,
            "\
            1...5....1...5.........6....2.4......2.....8....4...8...3............7.9......7.9\
            .2..............8.......7....3...........6..9.....6..9....5.......4.....1........\
            ...4.......3..............91.....7......5....1.....7.........8..2............6...\
            1....6...1....6....2..............8....4.......3..............9....5.7......5.7..\
            ......7.9......7.9..3...........6...1............5.......4............8..2.......\
            ....5..8....4.........5..8..2....7...2....7.9......7.9.....6...1..........3......\
            ..3............7.91...........45.7.......67.....4.6....2...........5...9.......8.\
            .......89.2..........4.....1...5......3......1......8.......7.......6.......5...9\
            .....67......56.......5..8.........9......78..2.......1..........3.........4.....",
            "BUG type 2: r6c5,r7c4 {7}: r6c4<>7, r7c5<>7, r9c5<>7 (one of the BUG cells holds 7)",
        );
        check_position(
            &Bug,
            "\
            .....6....2....78..2..5...9..3.5...........89...4.......3....891..............78.\
            ...4...........78.....5...9..3.5...........891.............6.....3...7...2.......\
            .......891..........3............7...2............6..........89...4.........5....\
            .......89.2.....8..2......91..............7....3.........4.........5.........6...\
            1............5.........6....2..........4.............9..3....8...3...7........78.\
            ......7....3.........4............8......6.......5....1.........2...............9\
            ..3...........6.........7.....4.........5...........8..2...............91........\
            ....5............91.............6.....3.......2.............7.........8....4.....\
            .2..........4............8.........91..............7......5.........6.....3......",
            "BUG type 3: r1c2,r1c3,r1c7,r1c5 {8,9}: r1c9<>8 (naked pair with r1c5 in row 1)",
        );
    }
}
