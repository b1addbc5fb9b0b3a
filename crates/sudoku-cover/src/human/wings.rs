//! Wings: a pivot cell and two wing cells it sees, which between them
//! force a digit into one of the wings: XY-Wing and XYZ-Wing.

use super::candidates::{Candidates, Mask, bit};
use super::difficulty::Difficulty;
use super::step::{Digit, Step};
use super::technique::Technique;

/// XY-Wing (SE 4.2) and XYZ-Wing (SE 4.4). A pivot `{x,y}` (XYZ: `{x,y,z}`)
/// sees wings `{x,z}` and `{y,z}`: whichever digit the pivot takes, one
/// wing is `z`, so `z` leaves every cell that sees both wings (and, for
/// XYZ, the pivot too).
#[derive(Debug, Clone, Copy)]
pub struct Wing {
    xyz: bool,
}

impl Wing {
    /// XY-Wing: a bivalue pivot.
    pub const XY: Wing = Wing { xyz: false };
    /// XYZ-Wing: a trivalue pivot holding the wings' common digit.
    pub const XYZ: Wing = Wing { xyz: true };
}

impl Technique for Wing {
    fn name(&self) -> &'static str {
        if self.xyz { "XYZ-Wing" } else { "XY-Wing" }
    }

    fn difficulty(&self) -> Difficulty {
        Difficulty::tenths(if self.xyz { 44 } else { 42 })
    }

    fn find(&self, grid: &Candidates) -> Option<Step> {
        let units = grid.units();
        let pivot_size = if self.xyz { 3 } else { 2 };
        let bivalue = |c: usize| grid.is_empty(c) && grid.candidates(c).count_ones() == 2;
        for pivot in grid.empty_cells().filter(|&c| grid.candidates(c).count_ones() == pivot_size) {
            let p: Mask = grid.candidates(pivot);
            let wings: Vec<usize> = units
                .peers(pivot)
                .iter()
                .copied()
                .filter(|&w| {
                    bivalue(w)
                        && (grid.candidates(w) & p).count_ones() == if self.xyz { 2 } else { 1 }
                })
                .collect();
            for (i, &w1) in wings.iter().enumerate() {
                for &w2 in &wings[i + 1..] {
                    let (m1, m2) = (grid.candidates(w1), grid.candidates(w2));
                    if m1 == m2 {
                        continue;
                    }
                    let z = m1 & m2;
                    if z.count_ones() != 1 {
                        continue;
                    }
                    // XY: the wings' other digits are the pivot's two, z is
                    // not the pivot's. XYZ: the wings' digits are the
                    // pivot's three, z among them.
                    let ok =
                        if self.xyz { (m1 | m2) == p } else { (m1 | m2) & !z == p && p & z == 0 };
                    if !ok {
                        continue;
                    }
                    let digit = z.trailing_zeros() as u8 + 1;
                    let removed: Vec<usize> = grid
                        .empty_cells()
                        .filter(|&c| c != pivot && c != w1 && c != w2 && grid.has(c, digit))
                        .filter(|&c| units.sees(c, w1) && units.sees(c, w2))
                        .filter(|&c| !self.xyz || units.sees(c, pivot))
                        .collect();
                    if removed.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(self.name(), self.difficulty(), grid.size())
                        .with_cells([pivot, w1, w2])
                        .with_digits(p | bit(digit))
                        .with_note(format!(
                            "pivot {}, one of {} and {} is {}",
                            units.cell_name(pivot),
                            units.cell_name(w1),
                            units.cell_name(w2),
                            Digit(digit)
                        ));
                    step.eliminations = removed.into_iter().map(|c| (c, digit)).collect();
                    return Some(step);
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

    fn keep(grid: &mut Candidates, cell: usize, ds: &[u8]) {
        for d in 1..=9 {
            if !ds.contains(&d) {
                grid.eliminate(cell, d);
            }
        }
    }

    #[test]
    fn xy_wing() {
        // Pivot r1c1 {1,2}, wings r1c5 {1,3} and r5c1 {2,3}: r5c5 loses 3.
        let mut grid = Candidates::new(units());
        keep(&mut grid, 0, &[1, 2]);
        keep(&mut grid, 4, &[1, 3]);
        keep(&mut grid, 36, &[2, 3]);
        let step = only_step(&Wing::XY, &grid);
        assert_eq!(
            step.to_string(),
            "XY-Wing: r1c1,r1c5,r5c1 {1,2,3}: r5c5<>3 (pivot r1c1, one of r1c5 and r5c1 is 3)"
        );
    }

    #[test]
    fn xyz_wing() {
        // Pivot r1c1 {1,2,3}, wings r1c5 {1,3} and r2c2 {2,3}: 3 leaves
        // the cells seeing all three, r1c2 and r1c3.
        let mut grid = Candidates::new(units());
        keep(&mut grid, 0, &[1, 2, 3]);
        keep(&mut grid, 4, &[1, 3]);
        keep(&mut grid, 10, &[2, 3]);
        let step = only_step(&Wing::XYZ, &grid);
        assert_eq!(step.eliminations, [(1, 3), (2, 3)]);
        assert_eq!(step.cells, [0, 4, 10]);
    }

    /// Positions met solving real puzzles, where this is the first
    /// technique of the ladder that applies.
    #[test]
    fn in_real_puzzles() {
        check_position(
            &Wing::XY,
            "\
            ...4............8.......7....3......12.......12...........56...........9....56...\
            ....5...9..3.5...9..3.....9.....6......4...8....4...8..2.............7..1........\
            1.........2............6.......5.7..........9....5.7....3.............8....4.....\
            ......7....34.........5...........89..34...8....4...891.............6....2.......\
            .....6..91.34.6..9..34....9.2.......1.34.6.......5.7.........8...34.........5.7..\
            .2.....8.1.34.6....2.....8.....5.7..1.34.6...1..4.........5.7....34.............9\
            ....5..8....45....1...........4...8.......7.......6...........9.2.........3......\
            ..3...........67.........891.........2.....8..2.....89...4.........5.........67..\
            .2...6..9...4.67.9.2.4....9...4....9....5......3...........67..1...............8.",
            "XY-Wing: r7c1,r2c1,r8c3 {5,8,9}: r2c3<>9, r9c1<>9 (pivot r7c1, one of r2c1 and r8c3 is 9)",
        );
        check_position(
            &Wing::XYZ,
            "\
            ....5...9.....6....2.........3......1...........4............8.....5...9......7..\
            1..45..89..3.........45..89....5..8......6789....567.9.2.......1....6.......5...9\
            1...5..89......7......5..89.2............6.89....56..9...4.....1....6.....3......\
            ...45.78..2.45..8....45.78.........9.2.4.678.12..567......5.7....3......1....6...\
            .....6.......5..891............5..8...3...78...3.5.7......5.7.9...4......2.......\
            ..345.7.9.2.45...9..345.7.91..4......2.4.67..12..567......5.7.9.......8.1....6...\
            .2...........5..8.....5.78......6.....3.....9..3.....91............5.7.....4.....\
            ..34..7.9...4....9..34..7.91..4.........5....12............6....2....7.9.......8.\
            ...45...91.............6.........7...2.4............8...3.......2..5...9....5...9",
            "XYZ-Wing: r9c1,r1c1,r8c2 {4,5,9}: r8c1<>9 (pivot r9c1, one of r1c1 and r8c2 is 9)",
        );
    }
}
