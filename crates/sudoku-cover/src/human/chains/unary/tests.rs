//! The unary chain searches' tests: steps found in real puzzles, and the
//! pruned search against the full one.

use super::*;
use crate::human::chains::testing::{assert_sound, check_first, solutions};
use crate::human::testing::{data_puzzles, units};

/// Positions met solving real puzzles, where this rung is the first of
/// the ladder to apply: one per kind of step.
#[test]
fn in_real_puzzles() {
    // Forcing Chain
    check_first(
        &Cycles,
        "\
        .....6..9....56..9.2.............7.........8....4.....1............56..9..3......\
        1.3.....9.......8...3.....91.......9....5.........6......4......2.............7..\
        ...4.....1...56..9......7..1.......9..3.......2..............8.....56..9....56..9\
        .......8...3..6..9..3.56..9..3.5.........6..91..............7.....4......2.......\
        ..3..6..9...4.....1.3.56..9.......8..2.............7......56..91.3..6..91....6..9\
        .2.............7..1.3.56..9...4..........6..9..3.5........56..91.3..6..9.......8.\
        1....6..9.2..............8.....56.........7......5...9..3......1...56..9...4.....\
        ....5....1.3..6..9..3..6..9.2..........4............8......6..9......7..1....6..9\
        ......7.......6..9...4.......3.56...1..........3.5...9.2..............8.....56..9",
        "Forcing Chain: r2c1,r2c3,r8c3,r8c2,r7c1 {1,3}: r2c1<>1 (r2c1=1 -> r2c1<>3 -> r2c3=3 -> r8c3<>3 -> r8c2=3 -> r8c2<>1 -> r7c1=1 -> r2c1<>1)",
    );
    // Bidirectional Y-Cycle
    check_first(
        &Cycles,
        "\
        .....67..1...5......3.......2....78..2..5.789.2..56...1....67.9...45.7.....4....9\
        .....678.........9....5.78.1............5.7.....4..........67....3.......2.......\
        .2..........4.....1...5.7....3...7......567.9..3.56..91....67.9....5.7.........8.\
        1.............6..........89....5......3............7...2..........4...8....4....9\
        ....5...9......7...2..........4.....1...............8.....5...9.....6.....3......\
        ....5..8...3.........4.............9.2...6....2...6.......5..8.1..............7..\
        ...4......2..5.........6....23...78..2..5.78..23.5..........78.........91........\
        ..3.............8.......7.9.....6.........7.91...........4......2...........5....\
        ......7.912..5....1...5.....2....78....4......2..5...9..3............78......6...",
        "Bidirectional Y-Cycle: r9c1,r5c1,r5c7,r4c9,r4c8,r9c8 {4,5,7,8,9}: r9c4<>7 (r9c1=9 -> r5c1<>9 -> r5c1=5 -> r5c7<>5 -> r5c7=9 -> r4c9<>9 -> r4c9=4 -> r4c8<>4 -> r4c8=8 -> r9c8<>8 -> r9c8=7 -> r9c1<>7 -> r9c1=9)",
    );
    // Bidirectional Cycle
    check_first(
        &Cycles,
        "\
        .....6...........9....5.....23......1.........23...7...2....7.........8....4.....\
        ..3............7.....4......2..5..8.....5..89.2..5.........6....2......91........\
        12..............8.12............6.........7.9...4...........7.9....5......3......\
        ......7.....4.....1......89..3.5..8.....5..8.1.3.5....1...5..89.....6....2.......\
        12..5..8.123.5.........6.........7...2..5..8.........9...4.....1.3..........5..8.\
        12..5..89123.5....12.....8....4..........6...12..5....1...5..8.1.3...7........7.9\
        ...4.....12..5....12.....89.2..5......3.......2..5.7..12..5..8912....7.9.....6...\
        .2..5...9.....6.....3......1.........2.45.7.........8..2..5.....2.4..7........7.9\
        12..5..8.12..5..........7..........9.2.45.........6.....3......12.4.........5..8.",
        "Bidirectional Cycle: r2c8,r3c7,r3c5,r8c5,r8c9,r7c8 {7,9}: r7c7<>9, r8c8<>7 (r2c8=9 -> r3c7<>9 -> r3c7=7 -> r3c5<>7 -> r8c5=7 -> r8c9<>7 -> r8c9=9 -> r7c8<>9 -> r2c8=9)",
    );
    // Forcing X-Chain
    check_first(
        &Cycles,
        "\
        ...4.67......5......3......1.....7.9......7.91....67.9.......8..2..........4.67..\
        1.........2...6.........78.....5.......4......23..678...3..67....3...7..........9\
        .2...678..2.4.6...........9..3...78..23...78..23..678.1..........34..7......5....\
        ..3.......2.4....9.2.4...8....4..78......6.........78.....5.......4..7.91........\
        .....6.8....4.6..91.........2.........3...78.....5......34.67....34..7.9..3..67..\
        ....5..........7.....4.6...1.34....9..3.....91.3.....9.234............8..23..6...\
        .2.4..7..1............5......3...78..23...78..23...78.........9.....6....234..7..\
        ........9..3.......2....7.......6...1...........4......2....7......5...........8.\
        .2...67.........8..2.4.67....3...7.9....5.....23...7.9.234..7..1.........23...7..",
        "Forcing X-Chain: r7c9,r8c7,r8c3,r4c3,r4c2,r2c2,r2c6,r3c5,r7c5 {2}: r7c9<>2 (r7c9=2 -> r8c7<>2 -> r8c3=2 -> r4c3<>2 -> r4c2=2 -> r2c2<>2 -> r2c6=2 -> r3c5<>2 -> r7c5=2 -> r7c9<>2)",
    );
    // Bidirectional X-Cycle
    check_first(
        &Cycles,
        "\
        ......789...4.6789...45.78.....56.891.........2...........56789..3.........4.6789\
        .......89...4.6.89..3..........56.89....5.7.9......78....456.891.........2.......\
        12.......12...........5.78.....56.89..3.........4.........56789....5.789.....6789\
        1.....7891.....789...4..78....4....9.2............6.....3.........4..789....5....\
        ....5.......4..789.2.........3.........4....91.............6789...4..789...4.6789\
        ..3.........4....9.....6.........7.........8.....5....12.4....9.2.4....91..4....9\
        .2....78..2....78.......78.1...........45............9...45.........6.....3......\
        .....6.....3......1.......9...45..8....45.7........78.12..5...9.2.45...91..4....9\
        ...4.........5....1.......9.2............6.....3......1.....789......7891.....789",
        "Bidirectional X-Cycle: r1c3,r2c2,r2c7,r7c7,r7c5,r8c4,r4c4,r4c3 {4}: r1c2<>4, r4c8<>4, r6c7<>4, r8c5<>4 (r1c3=4 -> r2c2<>4 -> r2c7=4 -> r7c7<>4 -> r7c5=4 -> r8c4<>4 -> r4c4=4 -> r4c3<>4 -> r1c3=4)",
    );
}

/// The search stops early once nothing deeper can beat the best chain
/// found; searching every chain to the end finds the same step, and so
/// does running every search (none skipped by the walks).
#[test]
fn pruning_keeps_the_easiest_chain() {
    let units = units();
    let ladder = crate::human::Ladder::standard();
    let mut compared = 0;
    for puzzle in data_puzzles("top95.txt", 12) {
        let mut grid = Candidates::from_grid(units.clone(), &puzzle).unwrap();
        // Compare wherever the walk needs more than the basic patterns.
        while let Some(step) = ladder.hint(&grid) {
            if step.difficulty.in_tenths() >= 40 {
                let layout = Layout::new(grid.units());
                let masks = open_masks(&grid);
                let mut pruned = Unary::new(&layout, &masks);
                pruned.run();
                let mut full = Unary::new(&layout, &masks);
                full.prune = false;
                full.run();
                let key = |f: &Option<Found>| f.as_ref().map(|f| (f.rank, f.chain.clone()));
                assert_eq!(key(&pruned.best), key(&full.best));
                // Nor do the walks that skip searches change the step.
                let mut every = Unary::new(&layout, &masks);
                every.skip = false;
                every.run();
                assert_eq!(key(&pruned.best), key(&every.best));
                if let Some(found) = pruned.best.take() {
                    assert_sound(&found.into_step(&layout), &grid);
                    compared += 1;
                }
            }
            grid.apply(&step);
        }
    }
    assert!(compared >= 20, "{compared} positions compared");
}

/// Every hint of a nested search (each search run to its end), with and
/// without the searches the walks rule out: the same hints in the same
/// order. On positions of real puzzles, and on the same with one
/// true candidate taken out, where chains abound.
#[test]
fn skipped_searches_find_nothing() {
    let units = units();
    let ladder = crate::human::Ladder::standard();
    let (mut grids, mut hints) = (0, 0);
    for puzzle in data_puzzles("top95.txt", 16) {
        let mut grid = Candidates::from_grid(units.clone(), &puzzle).unwrap();
        let solution = solutions(&grid).swap_remove(0);
        let mut turn = 0;
        while let Some(step) = ladder.hint(&grid) {
            turn += 1;
            if step.difficulty.in_tenths() >= 40 {
                let layout = Layout::new(grid.units());
                let masks = open_masks(&grid);
                let mut broken = masks.clone();
                let cells = masks.len();
                let cell =
                    (0..cells).map(|i| (i + turn * 7) % cells).find(|&c| masks[c].count_ones() > 1);
                if let Some(cell) = cell {
                    broken[cell] &= !(1 << (solution.cells()[cell] - 1));
                }
                for work in [&masks, &broken] {
                    let all = |skip: bool| {
                        let mut search = Unary::new(&layout, work);
                        search.prune = false;
                        search.skip = skip;
                        search.nested = Some((&masks, Vec::new()));
                        search.run();
                        let found = search.nested.take().unwrap().1;
                        found
                            .into_iter()
                            .map(|h| {
                                (h.rank.tenths(), h.rank.complexity, h.name, h.removed, h.needs)
                            })
                            .collect::<Vec<_>>()
                    };
                    let skipping = all(true);
                    assert_eq!(skipping, all(false));
                    grids += 1;
                    hints += skipping.len();
                }
            }
            grid.apply(&step);
        }
    }
    assert!(grids >= 20 && hints >= 100, "{grids} grids, {hints} hints");
}
