//! Fish: a digit whose places in `k` rows lie in `k` columns (or the other
//! way round) leaves the rest of those columns: X-Wing, Swordfish,
//! Jellyfish.

use super::candidates::{Bits, Candidates, bit};
use super::combos::first_combination;
use super::difficulty::Difficulty;
use super::step::{Digit, Step};
use super::technique::Technique;

/// X-Wing, Swordfish, Jellyfish (SE 3.2, 3.8, 5.2): in `k` base lines
/// (columns, then rows) a digit's places fall in `k` cover lines; the digit
/// leaves the cover lines' other cells.
#[derive(Debug, Clone, Copy)]
pub struct Fish {
    k: usize,
}

impl Fish {
    /// A fish of `k` lines, 2 to 4.
    pub const fn new(k: usize) -> Fish {
        assert!(k >= 2 && k <= 4);
        Fish { k }
    }
}

impl Technique for Fish {
    fn name(&self) -> &'static str {
        ["X-Wing", "Swordfish", "Jellyfish"][self.k - 2]
    }

    fn difficulty(&self) -> Difficulty {
        Difficulty::tenths([32, 38, 52][self.k - 2])
    }

    fn find(&self, grid: &Candidates) -> Option<Step> {
        let units = grid.units();
        let (n, k) = (grid.size(), self.k);
        // Base lines: columns (their places are rows), then rows.
        for (base0, cover0) in [(n, 0), (0, n)] {
            for digit in 1..=n as u8 {
                let lines: Vec<usize> = (base0..base0 + n)
                    .filter(|&l| (1..=k as u32).contains(&grid.positions(l, digit).count_ones()))
                    .collect();
                if lines.len() < k {
                    continue;
                }
                let found = first_combination(&lines, k, |base| {
                    // Position i of a column is row i, and the other way round.
                    let cover = base.iter().fold(0u64, |m, &l| m | grid.positions(l, digit));
                    if cover.count_ones() as usize != k {
                        return None;
                    }
                    let covers: Vec<usize> = Bits(cover).map(|i| cover0 + i).collect();
                    let mut removed = Vec::new();
                    let mut inside = Vec::new();
                    for &c in &covers {
                        for &cell in &units.house(c).cells {
                            if !grid.has(cell, digit) {
                                continue;
                            }
                            if base.iter().any(|&b| units.houses_of(cell).contains(&b)) {
                                inside.push(cell);
                            } else {
                                removed.push((cell, digit));
                            }
                        }
                    }
                    if removed.is_empty() {
                        return None;
                    }
                    inside.sort_unstable();
                    removed.sort_unstable();
                    let names = |ls: &[usize]| {
                        let word = units.house(ls[0]).kind.word();
                        let nums: Vec<String> =
                            ls.iter().map(|&l| (units.house(l).index + 1).to_string()).collect();
                        format!("{word}s {}", nums.join(","))
                    };
                    let mut step = Step::new(self.name(), self.difficulty(), n)
                        .with_cells(inside)
                        .with_digits(bit(digit))
                        .with_note(format!(
                            "{} of {} only in {}",
                            Digit(digit),
                            names(base),
                            names(&covers)
                        ));
                    step.houses = base.iter().chain(&covers).copied().collect();
                    step.eliminations = removed;
                    Some(step)
                });
                if found.is_some() {
                    return found;
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

    #[test]
    fn x_wing_on_rows() {
        // 4 only in columns 3 and 7 of rows 2 and 8 (and nothing simpler).
        let mut grid = Candidates::new(units());
        for row in [1, 7] {
            for col in (0..9).filter(|&c| c != 2 && c != 6) {
                grid.eliminate(row * 9 + col, 4);
            }
        }
        let step = only_step(&Fish::new(2), &grid);
        assert_eq!(step.cells, [11, 15, 65, 69]);
        assert_eq!(step.note, "#4 of rows 2,8 only in columns 3,7");
        assert_eq!(step.eliminations.len(), 14);
        assert!(
            step.to_string()
                .starts_with("X-Wing: r2c3,r2c7,r8c3,r8c7 {4}: r1c3<>4, r1c7<>4, r3c3<>4,")
        );
    }

    #[test]
    fn swordfish_on_columns() {
        // 6 only in rows 1, 5, 9 of columns 2, 5, 8, two places each.
        let mut grid = Candidates::new(units());
        let keep = [(1, [0, 4]), (4, [4, 8]), (7, [0, 8])];
        for (col, rows) in keep {
            for row in (0..9).filter(|r| !rows.contains(r)) {
                grid.eliminate(row * 9 + col, 6);
            }
        }
        let step = only_step(&Fish::new(3), &grid);
        assert_eq!(step.note, "#6 of columns 2,5,8 only in rows 1,5,9");
        assert_eq!(step.cells, [1, 7, 37, 40, 76, 79]);
    }

    /// Positions met solving real puzzles, where this is the first
    /// technique of the ladder that applies.
    #[test]
    fn in_real_puzzles() {
        check_position(
            &Fish::new(3),
            "\
            ....5.7...2.4............8...3..............9.2.4.....1.............67......567..\
            1.3...7.9.....6...1.3...7.9....5....1..4..78.1..4...8....4..789.2.........3...78.\
            1.3.5.7.912.4....9123.5.7.9.2.4...8.12.4..78......6......45.789..34..7.9..3.5.78.\
            .....6.89..3.......2...6..91.........2.4.6.8.......7.....4.6.8.....5.....2...6.8.\
            1...5678.12.....8.12..567...2.4.6.8...3.......2.45..8....4.678.1..4.67..........9\
            1...5678.12.....8....4......2...6.89.2..56.8..2..5..89..3......1....67..12...678.\
            1.34.6.89....5....1.3..6..9...4.6.891..4.6.8.1..4...89.2.......1.3..67.91.3..67..\
            1..4.6..9......7..1....6..9.2.4.6..912.456.....3..........56..9.......8.1...56...\
            .2.......1......891.3..6..9......7..1...56.8.1...5..89....56..91.3..6..9...4.....",
            "Swordfish: r2c3,r2c5,r2c7,r3c3,r3c5,r3c7,r5c3,r5c7 {7}: r2c1<>7, r2c9<>7, r3c1<>7, r3c8<>7, r3c9<>7, r5c1<>7, r5c8<>7 (7 of columns 3,5,7 only in rows 2,3,5)",
        );
        check_position(
            &Fish::new(2),
            "\
            .2......9.......8...3..67.9..3.....9.23..6......4.....1............5.....2...67.9\
            1...5.....2...6..9...4...........7..12..56...12......9..3.......2...6..........8.\
            1...5.....23..67.9..3..67.9.......8.123.56...123.....9...4......2...67...2...67.9\
            ...4.....1..........3...7...2..............8.....5............9..3..67....3..67..\
            .....6.....3.....9....5....1..........3...7....3...7.9.2..............8....4.....\
            .2.....89.23...7.9..3...789..3.....9...4..........6.......5....1..........3...7..\
            ..3.........4......2............6...1.....7..1.....7.........8.........9....5....\
            .......89.....6..9.....6.89....5.....23.......23............7.....4.....1........\
            ......7......5....1...........4.............9.......8......6....23.......23......",
            "X-Wing: r2c2,r2c6,r5c2,r5c6 {9}: r3c2<>9, r3c6<>9, r6c2<>9, r8c2<>9 (9 of rows 2,5 only in columns 2,6)",
        );
        check_position(
            &Fish::new(4),
            "\
            ...4....9..3..67.....4....9.2.......1.3...7..1.3..6...1.3.............8.....5....\
            ..3.56....2.........3.5............9.......8.1.3..6...1.3.........4...........7..\
            .......8...3...7..1..........3.5.7....3.5.7.....4..........6....2...............9\
            ......7..1.3..6..........8....4......2...6...1.3..........5............9.23......\
            ..34.6...........9..34..........67...2...67......5.....2.....8.1.........23....8.\
            1.3..........5.....2.......1.3..............9.......8.......7.......6......4.....\
            .2.........3....8......6.....3.5..8...3.5............9...4...........7..1........\
            1...5...91......8.....5...91....6.8....4...........7...2.....89..3.......2...6.8.\
            1.3.....9...4...........7..1.3..6.8.1.3..6....2..............89....5.........6.8.",
            "Jellyfish: r1c6,r1c7,r2c3,r2c6,r2c7,r4c6,r4c9,r5c3,r5c9 {3}: r1c2<>3, r1c5<>3, r2c1<>3, r4c2<>3, r5c1<>3 (3 of columns 3,6,7,9 only in rows 1,2,4,5)",
        );
    }
}
