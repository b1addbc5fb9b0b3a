//! Locked candidates: a digit whose places in one house all lie in a
//! second house is not elsewhere in the second (Pointing from a box,
//! Claiming from a line), and its Direct forms, which name the single they
//! lead to.

use std::ops::Range;

use super::candidates::{Bits, Candidates};
use super::difficulty::Difficulty;
use super::step::{Digit, Step};
use super::technique::Technique;
use super::units::Units;

/// The houses a locking house is matched with, in the order Sudoku
/// Explainer scans the pairs: each locking house `a` with every house of
/// the range (but `a` itself). Pointing: boxes on columns, then boxes on
/// rows; Claiming: columns on boxes, rows on boxes, then the variants'
/// houses with any other.
fn runs(units: &Units, pointing: bool) -> impl Iterator<Item = (usize, Range<usize>)> {
    let (n, all) = (units.size(), units.houses().len());
    let (rows, cols, blocks, extra) = (0..n, n..2 * n, 2 * n..3 * n, 3 * n..all);
    let onto = |a: Range<usize>, b: Range<usize>| a.map(move |x| (x, b.clone()));
    let (first, second, third, fourth) = match pointing {
        true => {
            (onto(blocks.clone(), cols), onto(blocks, rows), onto(0..0, 0..0), onto(0..0, 0..0))
        }
        false => (
            onto(cols, blocks.clone()),
            onto(rows, blocks),
            onto(extra.clone(), 0..all),
            onto(0..3 * n, extra),
        ),
    };
    first.chain(second).chain(third).chain(fourth)
}

/// A digit's places in house `a` (bit `i` for the house's `i`-th cell),
/// two or more, all in house `b`.
struct Lock {
    a: usize,
    b: usize,
    digit: u8,
    places: u64,
}

impl Lock {
    /// The cells of its places, in order.
    fn inside<'u>(&self, units: &'u Units) -> impl Iterator<Item = usize> + 'u {
        let cells = &units.house(self.a).cells;
        Bits(self.places).map(move |i| cells[i])
    }
}

/// The locks of `digit` in house `a` onto the houses of `onto`, in order:
/// the houses of `onto` (but `a`) that hold all of its places, when they
/// are two or more. Those houses all hold the first place, so they are
/// looked for among its houses.
fn locks<'g>(
    grid: &'g Candidates,
    a: usize,
    onto: Range<usize>,
    digit: u8,
) -> impl Iterator<Item = Lock> + 'g {
    let places = grid.positions(a, digit);
    let units = grid.units();
    let cells = &units.house(a).cells;
    let first: &[usize] = match places.count_ones() >= 2 {
        true => units.houses_of(cells[places.trailing_zeros() as usize]),
        false => &[],
    };
    first.iter().copied().filter(move |&b| b != a && onto.contains(&b)).filter_map(move |b| {
        let in_b = &units.house(b).cells;
        let all_in = Bits(places).all(|i| in_b.binary_search(&cells[i]).is_ok());
        all_in.then_some(Lock { a, b, digit, places })
    })
}

/// Locked candidates: the places of a digit in one house all lie in a
/// second, so it leaves the rest of the second house. Pointing (SE 2.6)
/// locks from a box onto a line; Claiming (SE 2.8) from a line, or a
/// variant's house, onto another house. Their Direct forms (Direct
/// Pointing SE 1.7, Direct Claiming SE 1.9) are those that leave the digit
/// one place in another house of the locking house's kind: the step is
/// that single.
#[derive(Debug, Clone, Copy)]
pub struct LockedCandidates {
    pointing: bool,
    direct: bool,
}

impl LockedCandidates {
    /// Pointing: a box's places for a digit all in one row or column.
    pub const POINTING: LockedCandidates = LockedCandidates { pointing: true, direct: false };
    /// Claiming: a line's places for a digit all in one box.
    pub const CLAIMING: LockedCandidates = LockedCandidates { pointing: false, direct: false };
    /// Direct Pointing: a pointing that leaves a single.
    pub const DIRECT_POINTING: LockedCandidates = LockedCandidates { pointing: true, direct: true };
    /// Direct Claiming: a claiming that leaves a single.
    pub const DIRECT_CLAIMING: LockedCandidates =
        LockedCandidates { pointing: false, direct: true };

    /// A step of this technique on `lock`: its pattern.
    fn step(&self, grid: &Candidates, lock: &Lock) -> Step {
        Step::new(self.name(), self.difficulty(), grid.size())
            .with_cells(lock.inside(grid.units()))
            .with_digits(super::bit(lock.digit))
            .in_house(lock.a)
            .in_house(lock.b)
    }

    /// The plain step of a lock: the digit leaves the rest of `b`.
    fn eliminations(&self, grid: &Candidates, lock: &Lock) -> Option<Step> {
        let (units, digit) = (grid.units(), lock.digit);
        // The cells of b outside a: those of a in b are its places or
        // lack the digit.
        let in_a = &units.house(lock.a).cells;
        let outside = units.house(lock.b).cells.iter().filter(|c| in_a.binary_search(c).is_err());
        let removed: Vec<usize> = outside.filter(|&&c| grid.has(c, digit)).copied().collect();
        if removed.is_empty() {
            return None;
        }
        let (a, b) = (units.house(lock.a), units.house(lock.b));
        let mut step =
            self.step(grid, lock).with_note(format!("{} of {a} only in {b}", Digit(digit)));
        step.eliminations = removed.into_iter().map(|c| (c, digit)).collect();
        Some(step)
    }

    /// The direct step of a lock: another house of `a`'s kind that crosses
    /// `b`, where the places the lock leaves the digit come down to one.
    ///
    /// `touching` is room for a bit set of houses.
    fn single(&self, grid: &Candidates, lock: &Lock, touching: &mut [u64]) -> Option<Step> {
        let (units, digit) = (grid.units(), lock.digit);
        let kind = units.house(lock.a).kind;
        let b_cells = &units.house(lock.b).cells;
        // The houses that share a cell with b.
        touching.fill(0);
        for &h in b_cells.iter().flat_map(|&x| units.houses_of(x)) {
            touching[h / 64] |= 1 << (h % 64);
        }
        for c in (0..units.houses().len()).filter(|&c| c != lock.a && units.house(c).kind == kind) {
            let places = grid.positions(c, digit);
            let cells = &units.house(c).cells;
            if places.count_ones() < 2 || touching[c / 64] >> (c % 64) & 1 == 0 {
                continue;
            }
            // The places left: outside b, or in a.
            let in_a = &units.house(lock.a).cells;
            let mut left = Bits(places)
                .map(|i| cells[i])
                .filter(|x| b_cells.binary_search(x).is_err() || in_a.binary_search(x).is_ok());
            let (Some(cell), None) = (left.next(), left.next()) else { continue };
            let (ha, hb, hc) = (units.house(lock.a), units.house(lock.b), units.house(c));
            let note = format!(
                "{d} of {ha} only in {hb}, so only place for {d} in {hc}",
                d = Digit(digit)
            );
            return Some(self.step(grid, lock).in_house(c).place(cell, digit).with_note(note));
        }
        None
    }
}

impl Technique for LockedCandidates {
    fn name(&self) -> &'static str {
        match (self.direct, self.pointing) {
            (false, true) => "Pointing",
            (false, false) => "Claiming",
            (true, true) => "Direct Pointing",
            (true, false) => "Direct Claiming",
        }
    }

    fn difficulty(&self) -> Difficulty {
        Difficulty::tenths(match (self.direct, self.pointing) {
            (false, true) => 26,
            (false, false) => 28,
            (true, true) => 17,
            (true, false) => 19,
        })
    }

    fn find(&self, grid: &Candidates) -> Option<Step> {
        let mut touching = vec![0; grid.units().houses().len().div_ceil(64)];
        for digit in 1..=grid.size() as u8 {
            for (a, onto) in runs(grid.units(), self.pointing) {
                for lock in locks(grid, a, onto, digit) {
                    let step = match self.direct {
                        true => self.single(grid, &lock, &mut touching),
                        false => self.eliminations(grid, &lock),
                    };
                    if step.is_some() {
                        return step;
                    }
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::testing::{check_position, only_step, units};

    /// A grid with every candidate, minus `digit` from `cells`.
    fn without(digit: u8, cells: impl IntoIterator<Item = usize>) -> Candidates {
        let mut grid = Candidates::new(units());
        for c in cells {
            grid.eliminate(c, digit);
        }
        grid
    }

    #[test]
    fn pointing_from_a_box() {
        // Box 1 keeps 5 only in row 1 (r1c1, r1c2).
        let grid = without(5, [2, 9, 10, 11, 18, 19, 20]);
        let step = only_step(&LockedCandidates::POINTING, &grid);
        assert_eq!(
            step.to_string(),
            "Pointing: r1c1,r1c2 {5}: r1c4<>5, r1c5<>5, r1c6<>5, r1c7<>5, r1c8<>5, r1c9<>5 \
             (5 of box 1 only in row 1)"
        );
    }

    #[test]
    fn claiming_from_a_row() {
        // Row 1 keeps 5 only in box 1.
        let grid = without(5, 3..9);
        let step = only_step(&LockedCandidates::CLAIMING, &grid);
        assert_eq!(step.eliminations, [9, 10, 11, 18, 19, 20].map(|c| (c, 5)));
        assert_eq!(step.note, "#5 of row 1 only in box 1");
    }

    #[test]
    fn direct_claiming_names_the_single() {
        // Row 1 keeps 5 in box 1 only; row 2 keeps it in box 1 and at r2c4.
        // (On rows, columns and boxes a direct pointing always comes first,
        // so the technique is asked directly.)
        let grid = without(5, [3, 4, 5, 6, 7, 8, 13, 14, 15, 16, 17]);
        let step = LockedCandidates::DIRECT_CLAIMING.find(&grid).unwrap();
        assert_eq!(
            step.to_string(),
            "Direct Claiming: r1c1,r1c2,r1c3 {5}: r2c4 = 5 \
             (5 of row 1 only in box 1, so only place for 5 in row 2)"
        );
    }

    #[test]
    fn direct_pointing_names_the_single() {
        // Box 1 keeps 5 in row 1; box 2 keeps 5 in row 1 and at r2c4: the
        // pointing leaves r2c4 the only place in box 2.
        let mut cells = vec![2, 9, 10, 11, 18, 19, 20];
        cells.extend([13, 14, 21, 22, 23]);
        let grid = without(5, cells);
        let step = only_step(&LockedCandidates::DIRECT_POINTING, &grid);
        assert_eq!(step.placements, [(12, 5)]);
        assert!(step.eliminations.is_empty());
        assert_eq!(
            step.to_string(),
            "Direct Pointing: r1c1,r1c2 {5}: r2c4 = 5 \
             (5 of box 1 only in row 1, so only place for 5 in box 2)"
        );
    }

    /// Positions met solving real puzzles, where this is the first
    /// technique of the ladder that applies.
    #[test]
    fn in_real_puzzles() {
        check_position(
            &LockedCandidates::POINTING,
            "\
            ...4.....1....67.912...67.91.3.....9.23..6..9.2...6..9.......8.123.....9....5....\
            .2...6789..3......12..567891..45..89.2.456..9.2.456.8912...67.912.4....912.4.67.9\
            .2...6.891...56.8912..56.89......7...23456..9.2.456.89123..6..91234....91234.6..9\
            ..3...789.2.......1...5.789..345...9..345.7.9...45.7.91.3.5.7.9.....6...1.3...789\
            ..3..67.91...567.91...567.9..3.5...9.......8..2..567.9...4.....123.5...9123...7.9\
            ..3..6789...4.........56789..3.5...91.........2..567.9.23.5.7.9.23.5..89.23...789\
            .2.....89.......89.2.....89.....6......45...9..3......12..5...9......7..12.4...89\
            ....5.........6789..3.......2..........4..7.91.............6..9...4...89...4.6.89\
            1.............6789...4.........5..89....5.7.9....5.789.23.56..9.23.5..89.23..6.89",
            "Pointing: r5c6,r6c6 {2}: r1c6<>2, r2c6<>2, r3c6<>2 (2 of box 5 only in column 6)",
        );
        check_position(
            &LockedCandidates::CLAIMING,
            "\
            .....6..9....5.....2..........4............8.1..........3...7.9..3..67.9..3..67..\
            ...4.6.89..34.6.....34...8...3..6..9......7......56..91.........23456..9.23456.8.\
            ...4.6.891.34.67..1.34..78...3..6..9.2...........56..9..345..89..3456..9..3456.8.\
            ...456...1..4.67..1..45.7.........8.1..4.6..9.2.........345.7.91.345.7.91.345.7..\
            ..3......12.4.....1..45..8.1.....7.91..4....9...4..7.9.....6...12.45...912.45..8.\
            .2.4.6.8.........91..4..78.....5....1..4.6.....3.......2.4..78.12.4..7..12.4..78.\
            1.........2.4...8......6.........7.9..3.........4..789.2.45.7...2.45.7...2.45.7..\
            .2.45.....234.......345....1....67..1..4........4.67...234..7.........8.........9\
            ......7....34...8.........9.2...........5.......4...8...34.....1.34.6...1.34.6...",
            "Claiming: r1c7,r1c8,r1c9 {3}: r2c8<>3, r2c9<>3, r3c7<>3, r3c8<>3, r3c9<>3 (3 of row 1 only in box 3)",
        );
        check_position(
            &LockedCandidates::DIRECT_POINTING,
            "\
            ....567..........9.2.........3......1...56...1...567.....456.8....45.78....4.678.\
            ..3.567....34..7....345.......4.67.........8.....567.91.........2345.7.9.234.67.9\
            ..3.567..1.34..78.1.345..8....4.67...2...........567.9..3456..9..345.7.9..34.67.9\
            1.........23.5..........7.......6.8....4.......3.56.8..23....89.23....89.23....89\
            .23.....9.234.......34....91.....78.1.3.....91.3...78..234...89.....6.......5....\
            .......8...345.........6....2.........3.5...9..3.5......34....91.34..7.91.34..7.9\
            ..3...7.9.....6...1.3....89....5....1.3...7...2.........34...891.34...891.34...89\
            ...4.....123......1.3.5...91....6.8.1.3..6...1.3..6.8.......7..123.5...9123..6..9\
            .23.5.7..123...78.1.3.5..8.........91.3..67.....4......23.56.8.123.5..8.123..6.8.",
            "Direct Pointing: r5c1,r5c3 {9}: r6c5 = 9 (9 of box 4 only in row 5, so only place for 9 in box 5)",
        );
    }
}
