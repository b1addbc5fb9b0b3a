//! Subsets: `k` cells of a house holding only `k` digits between them
//! (naked), or `k` digits of a house with only `k` places between them
//! (hidden), and the Direct hidden forms, which name the single they lead
//! to.

use super::candidates::{Bits, Candidates, Mask, all_digits, bit, digits};
use super::combos::first_combination;
use super::difficulty::Difficulty;
use super::step::{Digit, Step};
use super::technique::Technique;

/// Naked Pair, Triplet, Quad (SE 3.0, 3.6, 5.0): `k` empty cells of a house
/// whose candidates are `k` digits between them; the digits leave the
/// house's other cells.
#[derive(Debug, Clone, Copy)]
pub struct NakedSubset {
    k: usize,
}

impl NakedSubset {
    /// A naked subset of `k` cells, 2 to 4.
    pub const fn new(k: usize) -> NakedSubset {
        assert!(k >= 2 && k <= 4);
        NakedSubset { k }
    }
}

impl Technique for NakedSubset {
    fn name(&self) -> &'static str {
        ["Naked Pair", "Naked Triplet", "Naked Quad"][self.k - 2]
    }

    fn difficulty(&self) -> Difficulty {
        Difficulty::tenths([30, 36, 50][self.k - 2])
    }

    fn find(&self, grid: &Candidates) -> Option<Step> {
        let units = grid.units();
        let k = self.k;
        for h in units.scan_order() {
            let house = &units.house(h).cells;
            let empty: Vec<usize> = house.iter().copied().filter(|&c| grid.is_empty(c)).collect();
            if empty.len() < 2 * k {
                continue;
            }
            let small: Vec<usize> = empty
                .iter()
                .copied()
                .filter(|&c| (2..=k as u32).contains(&grid.candidates(c).count_ones()))
                .collect();
            let found = first_combination(&small, k, |cells| {
                let union = cells.iter().fold(0, |m, &c| m | grid.candidates(c));
                if union.count_ones() as usize != k {
                    return None;
                }
                let removed: Vec<(usize, u8)> = empty
                    .iter()
                    .filter(|c| !cells.contains(c))
                    .flat_map(|&c| digits(grid.candidates(c) & union).map(move |d| (c, d)))
                    .collect();
                (!removed.is_empty()).then(|| (cells.to_vec(), union, removed))
            });
            if let Some((cells, union, removed)) = found {
                let mut step = Step::new(self.name(), self.difficulty(), grid.size())
                    .with_cells(cells)
                    .with_digits(union)
                    .in_house(h)
                    .with_note(format!("in {}", units.house(h)));
                step.eliminations = removed;
                return Some(step);
            }
        }
        None
    }
}

/// Hidden Pair, Triplet, Quad (SE 3.4, 4.0, 5.4): `k` digits of a house
/// with `k` places between them; those cells lose their other candidates.
/// The Direct forms (Direct Hidden Pair SE 2.0, Direct Hidden Triplet SE
/// 2.5) are the same sets where that leaves another digit one place in the
/// house: the step is that single.
#[derive(Debug, Clone, Copy)]
pub struct HiddenSubset {
    k: usize,
    direct: bool,
}

impl HiddenSubset {
    /// A hidden subset of `k` digits, 2 to 4.
    pub const fn new(k: usize) -> HiddenSubset {
        assert!(k >= 2 && k <= 4);
        HiddenSubset { k, direct: false }
    }

    /// The direct form, for pairs and triplets.
    pub const fn direct(k: usize) -> HiddenSubset {
        assert!(k >= 2 && k <= 3);
        HiddenSubset { k, direct: true }
    }

    /// The set of `digits` (`k` of them) in house `h`, if its places are
    /// `k` cells: those cells, as a mask of house positions.
    fn places(grid: &Candidates, h: usize, digits: &[u8]) -> Option<u64> {
        let mut union = 0;
        for &d in digits {
            let p = grid.positions(h, d);
            if p == 0 {
                return None;
            }
            union |= p;
        }
        (union.count_ones() as usize == digits.len()).then_some(union)
    }
}

impl Technique for HiddenSubset {
    fn name(&self) -> &'static str {
        match (self.direct, self.k) {
            (true, 2) => "Direct Hidden Pair",
            (true, _) => "Direct Hidden Triplet",
            (false, k) => ["Hidden Pair", "Hidden Triplet", "Hidden Quad"][k - 2],
        }
    }

    fn difficulty(&self) -> Difficulty {
        Difficulty::tenths(match (self.direct, self.k) {
            (true, 2) => 20,
            (true, _) => 25,
            (false, k) => [34, 40, 54][k - 2],
        })
    }

    fn find(&self, grid: &Candidates) -> Option<Step> {
        let units = grid.units();
        let (n, k) = (grid.size(), self.k);
        for h in units.scan_order() {
            let empty = grid.empty_in(h);
            if empty <= k || (!self.direct && empty <= 2 * k) {
                continue;
            }
            let cells = &units.house(h).cells;
            let missing = all_digits(n) & !grid.placed_in(h);
            let few: Vec<u8> = digits(missing)
                .filter(|&d| grid.positions(h, d).count_ones() as usize <= k)
                .collect();
            let found = first_combination(&few, k, |set| {
                let places = Self::places(grid, h, set)?;
                let set_mask: Mask = set.iter().fold(0, |m, &d| m | bit(d));
                let inside: Vec<usize> = Bits(places).map(|i| cells[i]).collect();
                let step = Step::new(self.name(), self.difficulty(), n)
                    .with_cells(inside.iter().copied())
                    .with_digits(set_mask)
                    .in_house(h);
                if self.direct {
                    // Another digit whose places outside the set are one.
                    let other = digits(missing & !set_mask).find_map(|d| {
                        let p = grid.positions(h, d);
                        let rest = p & !places;
                        (p.count_ones() > 1 && rest.count_ones() == 1)
                            .then(|| (d, cells[rest.trailing_zeros() as usize]))
                    });
                    let (d, cell) = other?;
                    let house = units.house(h);
                    return Some(
                        step.place(cell, d)
                            .with_note(format!("only place for {} in {house}", Digit(d))),
                    );
                }
                let removed: Vec<(usize, u8)> = inside
                    .iter()
                    .flat_map(|&c| digits(grid.candidates(c) & !set_mask).map(move |d| (c, d)))
                    .collect();
                if removed.is_empty() {
                    return None;
                }
                let mut step = step.with_note(format!("in {}", units.house(h)));
                step.eliminations = removed;
                Some(step)
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }
}

/// A naked subset in house `h` where one of the cells of `group` (all in
/// `h`) is known to hold a digit of `extra`: with `k - 1` other empty cells
/// of the house, `k` cells holding `k` digits between them (none of
/// `avoid`). Those digits leave the house's other cells (`group`'s
/// excepted). Unique rectangles and BUG of type 3 are this.
pub(crate) struct VirtualSubset {
    /// The `k - 1` other cells.
    pub cells: Vec<usize>,
    /// The `k` digits.
    pub digits: Mask,
    /// What leaves the other cells.
    pub eliminations: Vec<(usize, u8)>,
}

impl VirtualSubset {
    /// The first such subset of `k` digits in house `h`, if any.
    pub(crate) fn find(
        grid: &Candidates,
        h: usize,
        group: &[usize],
        extra: Mask,
        k: usize,
        avoid: Mask,
    ) -> Option<VirtualSubset> {
        let house = &grid.units().house(h).cells;
        let others: Vec<usize> =
            house.iter().copied().filter(|&c| grid.is_empty(c) && !group.contains(&c)).collect();
        first_combination(&others, k.checked_sub(1)?, |set| {
            let union = set.iter().fold(extra, |m, &c| m | grid.candidates(c));
            if union.count_ones() as usize != k || union & avoid != 0 {
                return None;
            }
            let eliminations: Vec<(usize, u8)> = others
                .iter()
                .filter(|c| !set.contains(c))
                .flat_map(|&c| digits(grid.candidates(c) & union).map(move |d| (c, d)))
                .collect();
            (!eliminations.is_empty()).then(|| VirtualSubset {
                cells: set.to_vec(),
                digits: union,
                eliminations,
            })
        })
    }

    /// `naked pair with r1c5 in row 1`.
    pub(crate) fn note(&self, grid: &Candidates, h: usize) -> String {
        let names = ["pair", "triplet", "quad", "quintuplet", "sextuplet", "septuplet"];
        let name = names.get(self.cells.len().saturating_sub(1)).copied().unwrap_or("set");
        let cells: Vec<String> = self.cells.iter().map(|&c| grid.units().cell_name(c)).collect();
        format!("naked {name} with {} in {}", cells.join(","), grid.units().house(h))
    }

    /// Adds the subset to `step`: its cells, digits, house, note and
    /// eliminations.
    pub(crate) fn into_step(self, grid: &Candidates, h: usize, step: Step) -> Step {
        let note = self.note(grid, h);
        let mut step = step.with_digits(self.digits).in_house(h).with_note(note);
        step.cells.extend(self.cells);
        step.eliminations = self.eliminations;
        step
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::testing::{check_position, only_step, units};

    /// Every candidate, then row 1's cells keep only the given digits.
    fn row_one(marks: [&[u8]; 9]) -> Candidates {
        let mut grid = Candidates::new(units());
        for (cell, keep) in marks.iter().enumerate() {
            for d in 1..=9 {
                if !keep.contains(&d) {
                    grid.eliminate(cell, d);
                }
            }
        }
        grid
    }

    const ALL: &[u8] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];

    #[test]
    fn naked_pair_in_a_row() {
        // r1c2 and r1c7 hold {3,8}: but box 1 and box 3 see them too; the
        // pair is found in row 1 after the boxes are scanned.
        let grid =
            row_one([ALL, &[3, 8], &[1, 2, 4], ALL, &[3, 4], ALL, &[3, 8], &[5, 6], &[7, 8, 9]]);
        let step = only_step(&NakedSubset::new(2), &grid);
        assert_eq!(step.cells, [1, 6]);
        assert_eq!(step.digits, bit(3) | bit(8));
        assert!(step.to_string().starts_with("Naked Pair: r1c2,r1c7 {3,8}: r1c1<>3, r1c1<>8, "));
    }

    #[test]
    fn hidden_pair_in_a_row() {
        // 1 and 2 only in r1c1 and r1c5 of row 1, cells that hold more.
        let no12: &[u8] = &[3, 4, 5, 6, 7, 8, 9];
        let grid =
            row_one([&[1, 2, 3, 4], no12, no12, no12, &[1, 2, 5, 6], no12, no12, no12, no12]);
        let step = only_step(&HiddenSubset::new(2), &grid);
        assert_eq!(
            step.to_string(),
            "Hidden Pair: r1c1,r1c5 {1,2}: r1c1<>3, r1c1<>4, r1c5<>5, r1c5<>6 (in row 1)"
        );
    }

    #[test]
    fn hidden_quad_in_a_row() {
        // 1 to 4 only in r1c1 to r1c4, which hold every digit.
        let high: &[u8] = &[5, 6, 7, 8, 9];
        let grid = row_one([ALL, ALL, ALL, ALL, high, high, high, high, high]);
        let step = only_step(&HiddenSubset::new(4), &grid);
        assert_eq!(step.cells, [0, 1, 2, 3]);
        assert_eq!(step.digits, 0b1111);
        assert_eq!(step.eliminations.len(), 20);
        assert!(step.eliminations.iter().all(|&(c, d)| c < 4 && d >= 5));
    }

    #[test]
    fn direct_hidden_pair_names_the_single() {
        // As above, and 3 is only in r1c1 and r1c9: the pair leaves r1c9.
        let no123: &[u8] = &[4, 5, 6, 7, 8, 9];
        let grid = row_one([
            &[1, 2, 3, 4],
            no123,
            no123,
            no123,
            &[1, 2, 5, 6],
            no123,
            no123,
            no123,
            &[3, 4],
        ]);
        let step = only_step(&HiddenSubset::direct(2), &grid);
        assert_eq!(step.placements, [(8, 3)]);
        assert_eq!(step.note, "only place for #3 in row 1");
    }

    /// Positions met solving real puzzles, where this is the first
    /// technique of the ladder that applies.
    #[test]
    fn in_real_puzzles() {
        check_position(
            &HiddenSubset::direct(2),
            "\
            ...4.....1..............7....3...........6...........9.......8..2...........5....\
            .2...6.89..3.......2..56.891.........2..5.......45..8......67.9...4....9...4.67.9\
            .2...6.89....5..89.2..56.89......7...2..5.......45..8.1.3..6..91.34....91.34.6..9\
            ......789.2.......1...5..89...4.......3..........5.7..1...5.7.9.....6...1.....789\
            ..3..67.9....5...91...56..9....5...9.......8..2..567.....4.....1.3.5...9123...7.9\
            ..3..6789...4.........56.89....5...91.........2..567...23.5.7.9..3.5..89.23...789\
            .2.....89.......89.2.....89.....6......45...9..3......1...5...9......7..1..4...89\
            ....5.........6789..3.......2..........4..7.91.............6..9...4...89...4.6.89\
            1.............67.9...4............8.....5.7.9....5.7...23.56..9..3.5...9.23..6..9",
            "Direct Hidden Pair: r5c6,r6c6 {2,6}: r4c6 = 7 (only place for 7 in box 5)",
        );
        check_position(
            &HiddenSubset::new(2),
            "\
            ...4............8.......7....3......12.......12...........56...........9....56...\
            ....5...9..3.5...9..3.....9.....6......4...8....4...8..2.............7..1........\
            1.........2............6.......5.7..........9....5.7....3.............8....4.....\
            ......7....34....9....5...........89..34...8....4...891.............6....2.......\
            .....6..91.34.6..9..34....9.2.......1.34.6...1..45.7.9.......8...34.........5.7.9\
            .2...6.891.34.6..9.234...89....5.7.91.34.6...1..45.7.9....5.7....34.........5.7.9\
            ....5..8....45....1...........4...8.......7.......6...........9.2.........3......\
            ..3...........67.9.......891.........2.....8..2.....89...4.........5.........678.\
            .2...6.89...4.67.9.2.4...89...4...89....5......3...........67..1.............678.",
            "Hidden Pair: r6c1,r6c3 {2,8}: r6c1<>6, r6c1<>9, r6c3<>3, r6c3<>4, r6c3<>9 (in box 4)",
        );
        check_position(
            &NakedSubset::new(2),
            "\
            ...4............8.......7....3......12.......12...........56...........9....56...\
            ....5...9..3.5...9..3.....9.....6......4...8....4...8..2.............7..1........\
            1.........2............6.......5.7..........9....5.7....3.............8....4.....\
            ......7....34....9....5...........89..34...8....4...891.............6....2.......\
            .....6..91.34.6..9..34....9.2.......1.34.6...1..45.7.9.......8...34.........5.7.9\
            .2.....8.1.34.6..9.2.....8.....5.7..1.34.6...1..45.7.9....5.7....34.........5.7.9\
            ....5..8....45....1...........4...8.......7.......6...........9.2.........3......\
            ..3...........67.9.......891.........2.....8..2.....89...4.........5.........678.\
            .2...6.89...4.67.9.2.4...89...4...89....5......3...........67..1.............678.",
            "Naked Pair: r6c4,r6c7 {5,7}: r6c6<>5, r6c6<>7, r6c9<>5, r6c9<>7 (in row 6)",
        );
        check_position(
            &NakedSubset::new(3),
            "\
            ....5..89.2..56.89.2..56.89.23.56.8.1...........4.......3.5.789....56..9..3.5.7.9\
            1..45..89..3.........456.89....56.8......6789....567.9.2.......1..456..9....5...9\
            1..45..89......7...2.456.89.23.56.8..23..6.89.23.56..9..345..891..456..9..3.5...9\
            ...45.78..2.45..8..2.45.78.........9.2.4.678.12..567.....45.7....3......1....6...\
            .....6......45..891..........345..8...34..78...3.5.7.....45.7.9.2.45...9.2..5.7.9\
            ..345.7.9.2.45...9.2345.7.912.456....2.4.67..12..567.....45.7.9.......8.1....6...\
            .2...........56.89..3.56789..3..6.....3..6..9..3..6..91............5.7.9...4.....\
            ..34..7.9...4....9..34..7.91234.........5....123.....9.....6....2....7.9.......8.\
            ...45...91...........456..9......7...2.4.6..9.......8...3.5...9.2..5...9.23.5...9",
            "Naked Triplet: r7c4,r7c5,r7c6 {3,6,9}: r8c4<>3, r8c6<>3, r8c6<>9, r9c5<>6, r9c5<>9 (in box 8)",
        );
        check_position(
            &HiddenSubset::direct(3),
            "\
            1.........2..........4.6..9....5.7.9....567.9....567.9..3.........456..........8.\
            ..3.56.........7.......6..9...4......23.56..9.......8.1...56..912..56...12...6..9\
            ..3.56..........8....4.6..9123.5.7.9.23.567.9123.567.9...4567.9.2.456....2.4.67.9\
            .2............6..9..3..........5.7891...........4567.9...4.678....4.6.8....4.67..\
            ...4.....1....6.........7...23....8..23..6....23..6...1....6.8.........9....5....\
            .......8.1....6..9....5..........7.9...4.67.9...4.67.91..4.67..1234.6...1234.67..\
            ........9....5.....2.....8......6....234.....1234.....1..4...8.......7..1.34.....\
            .....67....3......1............5.7.9.......8....45.7.9.2..........456......4.6..9\
            .....67.....4......2...6.8.123.5.7.9.23.5.7.9123.5.7.91...56.891.3.56.8.1.3..6..9",
            "Direct Hidden Triplet: r3c4,r5c4,r9c4 {1,2,3}: r4c4 = 8 (only place for 8 in column 4)",
        );
        check_position(
            &HiddenSubset::new(3),
            "\
            .2..56...12...67.........8....4......2..5.7...2..56..912...6..9..3......1.......9\
            .2.456...12...67..12.4.67....3.......2..5.7...2..56..912...6.891....6.891......89\
            ........9.23..6....23..6....2...6.8..2.....8.1............5..........7.....4.....\
            ......7..........9.23.56...12..56...12345...........8.1.3..6...1..4.6...1.3......\
            .23..6.8..23..6.8..23..6...12...6...1234...........7..1.3..6..91..4.6..9....5....\
            1...........4.......3.56...........9..3.5......3.56.........78..2.............78.\
            ..34...8.1.3...78.........91...5.78......6.....345....1.3...78.1......8..2.......\
            .23..6.8.....5....123..67..12....78.123....8..23.........4.....1......891.3...789\
            .234...8.123...78.1234..7..12....78.........9.234.....1.3...78.....5.........6...",
            "Hidden Triplet: r2c3,r8c3,r9c3 {1,4,7}: r2c3<>2, r2c3<>6, r8c3<>2, r8c3<>3, r8c3<>6, r9c3<>2, r9c3<>3 (in column 3)",
        );
        check_position(
            &NakedSubset::new(4),
            "\
            .......8...3.5..........7.......6..9.2..56....2..56..91..........3.5...9...4.....\
            1....6...1...56...1....6..9.......8...3.........4......2...........5...9......7..\
            ...4......2.........3.....91.....7.91...5....1...5.7.9..3.5..89.....6.....3....89\
            1.3......1.34.....123....8.1..4.6.........7..1....6.....345..891.3.5..89123....89\
            ......7..1.34.6...123..6.......5............9.......8...34.....1.3......123......\
            ....5............91......8..2.......1..4.......3.........4...8.......7.......6...\
            .2..............8.....5....1.3..6..91....6...1....6..9......7.....4.....1.3.....9\
            ........91.3.........4.....1.3...7..12.....8.12....7.......6...1.3....8.....5....\
            1.3..6.........7..1.3..6...1.34....91..45..8.1...5...9..3....89.2.......1.3....89",
            "Naked Quad: r4c1,r4c2,r4c4,r4c6 {1,3,4,6}: r4c3<>1, r4c3<>3, r4c7<>3, r4c7<>4, r4c8<>1, r4c8<>3, r4c9<>1, r4c9<>3 (in row 4)",
        );
    }
}
