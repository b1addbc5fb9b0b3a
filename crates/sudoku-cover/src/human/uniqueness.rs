//! Unique rectangles and loops: cells that would hold only two digits in
//! a pattern that could swap them would give the puzzle two solutions, so
//! one of the pattern's extra candidates must be true (types 1 to 4).

use super::candidates::{Candidates, Mask, digits};
use super::difficulty::Difficulty;
use super::step::{Digit, Step};
use super::subsets::VirtualSubset;
use super::technique::Technique;

/// The longest loop sought (Sudoku Explainer sets no bound; loops longer
/// than this are very rare on 9x9).
const MAX_LOOP: usize = 14;

/// Unique Rectangles and Loops, types 1 to 4 (SE 4.5 to 5.0 and a little
/// more: 4.5 for a rectangle, 4.6, 4.7 and 5.0 for loops of 6, 8 and 10 or
/// more cells, plus 0.1 for types 2 and 4, and 0.1 per digit past the
/// first of a type 3 subset). Of every pattern found the easiest is taken.
///
/// A loop alternates rows, columns and boxes, every house holding none or
/// two of its cells; were its cells `{a,b}` only, `a` and `b` could be
/// swapped. So, assuming one solution:
///
/// - type 1: the one cell with more digits loses `a` and `b`;
/// - type 2: the cells with more digits share one extra digit `z`; `z`
///   leaves every cell that sees them all;
/// - type 3: two such cells, seen together as one cell holding their extra
///   digits, form a naked subset with other cells of a house they share;
/// - type 4: two such cells sharing a house where `a` has no other place
///   keep `a` and lose `b`.
///
/// Only under rows, columns and boxes (or jigsaw regions) alone: the
/// variants' extra constraints would break the swap.
#[derive(Debug, Clone, Copy)]
pub struct UniqueLoop;

/// What a loop needs: its two digits and its cells.
struct Loop {
    cells: Vec<usize>,
    pair: Mask,
}

impl Technique for UniqueLoop {
    fn name(&self) -> &'static str {
        "Unique Rectangle"
    }

    fn difficulty(&self) -> Difficulty {
        Difficulty::tenths(45)
    }

    fn find(&self, grid: &Candidates) -> Option<Step> {
        if !grid.units().is_plain() {
            return None;
        }
        let mut best: Option<(Difficulty, u8, Step)> = None;
        let mut offer = |ty: u8, step: Step| {
            if best.as_ref().is_none_or(|(d, t, _)| (step.difficulty, ty) < (*d, *t)) {
                best = Some((step.difficulty, ty, step));
            }
        };
        for start in grid.empty_cells().filter(|&c| grid.candidates(c).count_ones() == 2) {
            let pair = grid.candidates(start);
            let mut found = Vec::new();
            let mut path = vec![start];
            extend(grid, pair, &mut path, 2, 0, None, &mut found);
            for cells in found {
                if !valid(grid, &cells) {
                    continue;
                }
                let lp = Loop { cells, pair };
                for (ty, step) in steps(grid, &lp) {
                    offer(ty, step);
                }
            }
        }
        best.map(|(_, _, step)| step)
    }
}

/// Depth-first search for loops on `pair` through `path`: each next cell
/// shares with the last a house of another kind than the step before;
/// at most `allowed` cells with extra digits, unless every extra digit so
/// far is one and the same (`extra`).
fn extend(
    grid: &Candidates,
    pair: Mask,
    path: &mut Vec<usize>,
    allowed: usize,
    extra: Mask,
    last_kind: Option<usize>,
    found: &mut Vec<Vec<usize>>,
) {
    let units = grid.units();
    let cell = *path.last().expect("a path");
    for kind in 0..3 {
        if last_kind == Some(kind) {
            continue;
        }
        let house = units.houses_of(cell)[kind];
        for &next in &units.house(house).cells {
            if next == path[0] && path.len() >= 4 {
                found.push(path.clone());
            } else if !path.contains(&next)
                && grid.is_empty(next)
                && grid.candidates(next) & pair == pair
            {
                if path.len() >= MAX_LOOP {
                    continue;
                }
                let more = grid.candidates(next) & !pair;
                let extra2 = extra | more;
                if more == 0 || extra2.count_ones() == 1 || allowed > 0 {
                    path.push(next);
                    let left = if more != 0 { allowed.saturating_sub(1) } else { allowed };
                    extend(grid, pair, path, left, extra2, Some(kind), found);
                    path.pop();
                }
            }
        }
    }
}

/// Whether every house holds none or two cells of the loop, one at an
/// even place and one at an odd place (so the two digits could swap).
fn valid(grid: &Candidates, cells: &[usize]) -> bool {
    let units = grid.units();
    let mut even: Vec<usize> = Vec::new();
    let mut odd: Vec<usize> = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        let seen = if i % 2 == 0 { &mut even } else { &mut odd };
        for &h in &units.houses_of(c)[..3] {
            if seen.contains(&h) {
                return false;
            }
            seen.push(h);
        }
    }
    cells.len() % 2 == 0 && even.len() == odd.len() && even.iter().all(|h| odd.contains(h))
}

/// The steps of one loop, with their types.
fn steps(grid: &Candidates, lp: &Loop) -> Vec<(u8, Step)> {
    let units = grid.units();
    let n = grid.size();
    let len = lp.cells.len();
    let base = 45
        + match len {
            4 => 0,
            6 => 1,
            8 => 2,
            _ => 5,
        };
    let pair = lp.pair;
    let new = |ty: u8, extra_tenths: u16| {
        let name = match (len, ty) {
            (4, 1) => "Unique Rectangle type 1",
            (4, 2) => "Unique Rectangle type 2",
            (4, 3) => "Unique Rectangle type 3",
            (4, _) => "Unique Rectangle type 4",
            (_, 1) => "Unique Loop type 1",
            (_, 2) => "Unique Loop type 2",
            (_, 3) => "Unique Loop type 3",
            _ => "Unique Loop type 4",
        };
        Step::new(name, Difficulty::tenths(base + extra_tenths), n)
            .with_cells(lp.cells.iter().copied())
            .with_digits(pair)
    };
    let extras: Vec<usize> =
        lp.cells.iter().copied().filter(|&c| grid.candidates(c) & !pair != 0).collect();
    let mut out = Vec::new();
    let [a, b] = {
        let mut ds = digits(pair);
        [ds.next().unwrap_or(1), ds.next().unwrap_or(1)]
    };
    if extras.len() == 1 {
        let c = extras[0];
        let step = new(1, 0)
            .eliminate(c, a)
            .eliminate(c, b)
            .with_note(format!("{} must break the pattern", units.cell_name(c)));
        out.push((1, step));
        return out;
    }
    let all_extra: Mask = extras.iter().fold(0, |m, &c| m | (grid.candidates(c) & !pair));
    if extras.len() >= 2 && all_extra.count_ones() == 1 {
        // Type 2: one of the extra cells holds z.
        let z = all_extra.trailing_zeros() as u8 + 1;
        let removed: Vec<usize> = grid
            .empty_cells()
            .filter(|c| !extras.contains(c) && grid.has(*c, z))
            .filter(|&c| extras.iter().all(|&e| units.sees(c, e)))
            .collect();
        if !removed.is_empty() {
            let mut step =
                new(2, 1).with_note(format!("one of the extra cells holds {}", Digit(z)));
            step.eliminations = removed.into_iter().map(|c| (c, z)).collect();
            out.push((2, step));
        }
    }
    if extras.len() != 2 {
        return out;
    }
    let (c1, c2) = (extras[0], extras[1]);
    let shared: Vec<usize> = units.common_houses(c1, c2).filter(|&h| h < 3 * n).collect();
    if all_extra.count_ones() >= 2 {
        for &h in &shared {
            if let Some((tenths, subset)) = type3(grid, lp, h, c1, c2, all_extra) {
                out.push((3, subset.into_step(grid, h, new(3, tenths))));
            }
        }
    }
    // Type 4: where a has no place in a shared house but c1 and c2, b goes.
    for &h in &shared {
        for (keep, drop) in [(a, b), (b, a)] {
            let places = grid.positions(h, keep).count_ones();
            if places == 2 && grid.has(c1, drop) && grid.has(c2, drop) {
                let step = new(4, 1).eliminate(c1, drop).eliminate(c2, drop).with_note(format!(
                    "{} of {} only in the extra cells",
                    Digit(keep),
                    units.house(h)
                ));
                out.push((4, step));
            }
        }
    }
    out
}

/// Type 3 in house `h`: `c1` and `c2` as one cell holding `extra`, plus
/// `k - 1` other cells of the house, hold `k` digits (not the loop's).
fn type3(
    grid: &Candidates,
    lp: &Loop,
    h: usize,
    c1: usize,
    c2: usize,
    extra: Mask,
) -> Option<(u16, VirtualSubset)> {
    let empty = grid.empty_in(h);
    ((extra.count_ones() as usize).max(2)..=7).take_while(|&k| 2 * k <= empty).find_map(|k| {
        VirtualSubset::find(grid, h, &[c1, c2], extra, k, lp.pair).map(|v| (k as u16 - 1, v))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::testing::{check_position, units};

    /// A rectangle's cells out of loop order: r1c1, r1c4, r2c1, r2c4.
    const RECT: [usize; 4] = [0, 3, 9, 12];

    #[test]
    fn loops_must_pair_their_houses() {
        let grid = Candidates::new(units());
        // Three cells of one box with a fourth: box 1 would hold three.
        assert!(!valid(&grid, &[0, 1, 10, 9 + 27]));
        // The same cells out of loop order: r1c1 and r2c1 both even.
        assert!(!valid(&grid, &RECT));
        assert!(valid(&grid, &[0, 3, 12, 9]));
    }

    /// Positions met solving real puzzles, where this is the first
    /// technique of the ladder that applies.
    #[test]
    fn in_real_puzzles() {
        check_position(
            &UniqueLoop,
            "\
            .....6...1.....7.91..4..789..3......1.....789.2...........5.......4..7.9.......89\
            ...4...89....5......34..789...4..789.....6789...4.6789..34...891.........2.......\
            1..4...89.2.......1.34..789....5....1.....7891..4..789..34...89..34.67.9..3..6.89\
            ......7.....4......2............6...1.3....89....5....1.3....89..3.....9..3....89\
            1......891....6..91....6.89.2....7.9123...7.91.3...7.91.3..6..9....5.......4.....\
            ..3......1....6..9....5.......4...891......891..4...891....6.89.2.............7..\
            .2..............8....4.67.91............5......3..67.9..34....9..34.6..9..3..6..9\
            1...5...91.3..67.91....67.9......789...4.......3..6789.2.........3..6.891...5....\
            1..45...91.3..6..91..4.6..9.2.....89.23..6.89..3..6.89......7....34.6.891...5....",
            "Unique Rectangle type 4: r8c9,r8c1,r9c1,r9c9 {1,5}: r8c1<>1, r9c1<>1 (5 of column 1 only in the extra cells)",
        );
        check_position(
            &UniqueLoop,
            "\
            1.........23..6.......5......34......23..6....234.6...........9.......8.......7..\
            .......89...4......23..6..........89....5..........7....3..6....23..6...1........\
            .......89.23..6.........7....3....89123..6.89123..6.....34.6....23456....23456...\
            .2.......1.3.5.7..1.3........3.5.7.9...4............8.1.3..67..1.3.56..9..3.56..9\
            ...45.7..........9..34...8.1..........3..67....3.56.....34..78..2345.....2345..8.\
            .....6...1.3.5.78.1.34...8..2.........3...7.9..3.5....1.34..78.1.345...9..345..89\
            ..3......1...5.78.1..4...89.....6...1.....78.1..45.....2.......1..4....9...4...89\
            ...45....12..56.8.12.4.6.8...345..8.123....8.........91.34.6.8.......7....34.6.8.\
            ...4..7..12...678.12.4.6.89..34..78.123...78.1234.........5....1.34.6..9..34.6.89",
            "Unique Rectangle type 1: r2c1,r2c4,r3c4,r3c1 {8,9}: r3c4<>8, r3c4<>9 (r3c4 must break the pattern)",
        );
        check_position(
            &UniqueLoop,
            "\
            ..3..........5.........6...1......8.......7..1......8..2...............9...4.....\
            .2......9......7.9.2....7.9..3..6......4.......3..6..........8.....5....1........\
            .......8....4.....1................9....5.....2.............7....3..6.....3..6...\
            .2...6...1.........23....8....4.......3..6.......5............9..3...78...3...78.\
            ......7....3.....9...4.....1.3....8.1.3.....91.3....89.....6....2...........5....\
            ....56..9..3..6.89..3.5..89.2.........3..6..9......7.....4.....1..........3....8.\
            1....6..9.2.........3...7891.3..67..1.3.....91.3..6..9....5.......4..........6789\
            1..456..9.....67.9....5.7.91....67.........8.1..4.6..9..3...........67...2.......\
            ...4.6..9..3..6789..3...789....5.....2.........34.6..91.............678......6789",
            "Unique Rectangle type 3: r1c4,r1c6,r5c6,r5c4,r5c2 {1,3,8,9}: r5c5<>3, r5c5<>9 (naked pair with r5c2 in row 5)",
        );
        check_position(
            &UniqueLoop,
            "\
            1.........2..5......3..6....2.456.8..23.56.8..2.456.8.......7....3.5..8.........9\
            .....6..9...4.......3..6..9....56.8...3.56.8.......7...2.........3.5..8.1........\
            .......8..2..5..........7..12..5...9.23.5...912..5...9.....6.....3.5.......4.....\
            .2.............7.....4...89....5..891............5..89...4...89.....6.....3......\
            ..3......1.......9...4...8..2...67...2...67...2...6......4...8.1.......9....5....\
            ....5.........6...1......89.......89...4.......3......1......89.2.............7..\
            ...4.6..91.3.....91....6..912.4567.9.2..567.912.456..9..3.5....1.......9.......8.\
            ...4.6..91......89....5......3...........6.891..4.6.891.......9......7...2.......\
            ......7..1.3....89.2.......1...5..89....5..891...5..89..3.5.......4..........6...",
            "Unique Rectangle type 2: r5c3,r5c7,r4c7,r4c3 {4,8}: r4c4<>9, r4c6<>9 (one of the extra cells holds 9)",
        );
        check_position(
            &UniqueLoop,
            "\
            ....5...91.......9......7.....4.6......4.6.....3.............8.1...5.....2.......\
            ..3.5..8....4......23....8.....5..8912..5...9......7..1.3.5.........6...1.3.5...9\
            .....6...1.3.......23....8.....5..8912..5...912..5...9...4...........7..1.3.5...9\
            1...............8.....5.......4.6.....3.........4.6....2...............9......7..\
            ......7.......6.....3.....9.2.......1...5...9.......8.1.3.5....1.3.5.......4.....\
            ..3.....9.2..........4.........5...9......7..1...5...9.....6..........8.1.3.5....\
            ..34....9..3.....9.....6.........7...2.45...9.2.45...91.3.5....1.345...........8.\
            ..34...89....5......3....891...........4.6..9...4.6..9......7...2.........3..6...\
            .2.............7..1..........3.............8....456...........9...45........56...",
            "Unique Loop type 2: r1c4,r1c5,r8c5,r8c6,r4c6,r4c4 {4,6}: r7c5<>9, r7c6<>9, r8c1<>9, r8c3<>9 (one of the extra cells holds 9)",
        );
        check_position(
            &UniqueLoop,
            "\
            ....5.7...2.........3.............8......6...........9...4.....1.....7..1...5....\
            ...4.....1.............6.....3.5.....23.5.....2....7....3.5..8.......78.........9\
            ....5.7..........9.......8.1.3.5....1..45.......4..7.......6....2.........3.5....\
            .2......9.......8.....5.7.....4.....1.......9.....6....2..5......3......12..5.7..\
            .2......9..3.........4.....1.......9......7......5..8..2..5..8.1....6.8.12...6...\
            .....6.......5.7..1.........2...........5..8...3..............9...4.........5.78.\
            .......8.....5.7......5.7.......6....23......1.........23..............9...4.....\
            ..3...........6...........9......7...2.4...8..2.4.....1............5.....2.....8.\
            1...........4......2.........3.5...9..3.5...9....5..8.......7.......6.8...3..6...",
            "Unique Loop type 4: r4c3,r4c9,r6c9,r6c2,r7c2,r7c3 {5,7}: r4c9<>5, r6c9<>5 (7 of column 9 only in the extra cells)",
        );
        check_position(
            &UniqueLoop,
            "\
            ......7.....4......2...6...1..........3.............8..2..5............9.2..56...\
            ..3....8...3..6.......5............9...4..7...2.......1..4..7..1.....78......67..\
            1................9.2.....8......6......4..7......5.....2.4..7....3...78..23...7..\
            .2.............7....3..........5....1....6...1....6..........8....4.............9\
            ....5....1................9..3.............8....4......2....7.......6....2....7..\
            .....6..........8....4......2...............9......7....3..........5....1........\
            ........9.23..6...1....67.........8..2..5....1....6...1...5.7..1.3...7.....4.....\
            ..3....8..23......1.....78....4......2..5............9.....6...1.3...7....3.5.7..\
            ...4.........5....1....6.........7..1....6.....3..............9.2..............8.",
            "Unique Loop type 1: r4c5,r4c6,r7c6,r7c3,r9c3,r9c5 {1,6}: r7c3<>1, r7c3<>6 (r7c3 must break the pattern)",
        );
        check_position(
            &UniqueLoop,
            "\
            .....6789....56...1............5.789.....6..9.2.............78...34.......34.....\
            ...4....9...45.........678...3.5...9..3.....9.....678.......78.1.........2.......\
            ......78..2.........3......1..............78....4.........5.........6...........9\
            ..34.......34.............9.2.......1............5.........6..........8.......7..\
            .....67.........8.....5......3.....9..34....9.....67...2.........34.....1........\
            .2.......1.............67....3...78...34.6........678.........9....5......34.....\
            ..3..6.8...3..6........6.8....4......2...............91..............7......5....\
            1..............7...2............6.......5......3.........4.............9.......8.\
            ....5............9...4...........78.......78.1..........3.......2............6...",
            "Unique Loop type 3: r1c8,r1c9,r6c9,r6c5,r5c5,r5c8,r1c5 {3,4,6,9}: r2c5<>9 (naked pair with r1c5 in column 5)",
        );
    }
}
