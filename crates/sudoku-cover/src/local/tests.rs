//! Tests of local search: solutions valid, givens kept, determinism.

use proptest::prelude::*;

use super::Local;
use crate::{Grid, Rules, Shape, Sudoku};

/// A seeded solution of the empty grid with each cell blank where
/// `blank` says (cycled).
fn puzzle(sudoku: &Sudoku, seed: u64, blank: &[bool]) -> Grid {
    let shape = sudoku.rules().shape();
    let config = Sudoku::config().seed(Some(seed));
    let mut grid =
        sudoku.solver_with_config(config).solve(&Grid::new(shape)).unwrap().expect("solution");
    let n = grid.size();
    for cell in 0..n * n {
        if blank[cell % blank.len()] {
            grid.set(cell / n, cell % n, 0);
        }
    }
    grid
}

/// Every row, column and box holds every digit, and the givens stand.
fn valid(shape: Shape, puzzle: &Grid, solution: &Grid) -> bool {
    let n = shape.size();
    let mut seen = vec![0u64; 3 * n];
    for r in 0..n {
        for c in 0..n {
            let v = solution.get(r, c);
            if v == 0 || usize::from(v) > n {
                return false;
            }
            for house in [r, n + c, 2 * n + shape.box_of(r, c)] {
                seen[house] |= 1 << (v - 1);
            }
        }
    }
    seen.iter().all(|&m| m.count_ones() as usize == n) && solution.extends(puzzle)
}

/// The solutions found within `steps` steps, at most `most`.
fn found(local: &mut Local, steps: u64, most: usize) -> Vec<Grid> {
    let mut all = Vec::new();
    local.run(steps, &mut |grid| {
        all.push(grid);
        all.len() < most
    });
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_solution_found_is_valid_and_keeps_the_givens(
        seed in any::<u64>(),
        big in any::<bool>(),
        blank in proptest::collection::vec(proptest::bool::weighted(0.6), 1..40),
    ) {
        let shape = if big { Shape::new(4, 4).unwrap() } else { Shape::new(3, 3).unwrap() };
        let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
        let grid = puzzle(&sudoku, seed, &blank);
        // The puzzle has a solution, so the rows have permutations.
        let mut local = Local::new(&sudoku, &grid, seed).expect("a solvable puzzle");
        let all = found(&mut local, 20_000, 4);
        for solution in &all {
            prop_assert!(valid(shape, &grid, solution), "{solution:?}");
        }
        // Each solution after the first differs from the one before.
        for pair in all.windows(2) {
            prop_assert_ne!(&pair[0], &pair[1]);
        }
    }
}

#[test]
fn most_half_blank_puzzles_are_solved_within_a_few_thousand_steps() {
    let shape = Shape::new(3, 3).unwrap();
    let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
    let mut solved = 0;
    for seed in 0..40 {
        let grid = puzzle(&sudoku, seed, &[true, false, true, false, true, true, false]);
        let mut local = Local::new(&sudoku, &grid, seed).unwrap();
        let all = found(&mut local, 20_000, 1);
        assert!(all.iter().all(|s| valid(shape, &grid, s)));
        solved += all.len();
    }
    assert!(solved >= 30, "{solved} of 40");
}

#[test]
fn two_different_solutions_of_a_half_blank_grid() {
    let shape = Shape::new(4, 4).unwrap();
    let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
    let grid = puzzle(&sudoku, 7, &[true, false, true, true, false, false]);
    assert!(sudoku.solver().count(&grid, Some(2)).unwrap() == 2, "several solutions");
    let mut local = Local::new(&sudoku, &grid, 3).unwrap();
    let all = found(&mut local, 1_000_000, 2);
    assert_eq!(all.len(), 2);
    assert_ne!(all[0], all[1]);
    assert!(all.iter().all(|s| valid(shape, &grid, s)));
}

#[test]
fn the_same_seed_finds_the_same_solutions_however_the_steps_are_cut() {
    let shape = Shape::new(4, 4).unwrap();
    let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
    let grid = puzzle(&sudoku, 11, &[true, false]);
    let mut whole = Local::new(&sudoku, &grid, 5).unwrap();
    let expected = found(&mut whole, 200_000, 3);
    assert_eq!(expected.len(), 3);
    let mut cut = Local::new(&sudoku, &grid, 5).unwrap();
    let mut all = Vec::new();
    while all.len() < 3 {
        cut.run(97, &mut |grid| {
            all.push(grid);
            true
        });
    }
    assert_eq!(all[..3], expected[..]);
}

#[test]
fn a_solution_found_elsewhere_leads_to_another() {
    let shape = Shape::new(3, 3).unwrap();
    let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
    let grid = puzzle(&sudoku, 2, &[true, true, false]);
    let first = sudoku.solver().solve(&grid).unwrap().unwrap();
    let mut local = Local::new(&sudoku, &grid, 1).unwrap();
    assert!(local.adopt(&first));
    let all = found(&mut local, 100_000, 1);
    assert_eq!(all.len(), 1);
    assert_ne!(all[0], first);
    assert!(valid(shape, &grid, &all[0]));
}

#[test]
fn givens_that_contradict_are_refused() {
    let shape = Shape::new(3, 3).unwrap();
    let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
    let mut grid = Grid::new(shape);
    // The 1s of rows 2 to 9 take columns 1 to 8 and every box but the
    // top right one, whose 1 has then no place in row 1: r1c9 is a 2.
    for (r, c) in [(1, 0), (2, 3), (3, 1), (4, 4), (5, 6), (6, 2), (7, 5), (8, 7)] {
        grid.set(r, c, 1);
    }
    grid.set(0, 8, 2);
    assert!(Local::new(&sudoku, &grid, 1).is_none());
    // Two 1s in a row.
    let mut grid = Grid::new(shape);
    grid.set(0, 0, 1);
    grid.set(0, 5, 1);
    assert!(Local::new(&sudoku, &grid, 1).is_none());
}

#[test]
fn other_rules_are_left_to_the_complete_searches() {
    let shape = Shape::new(3, 3).unwrap();
    let rules = Rules::new(shape).with_variant(crate::Variant::Diagonal);
    let sudoku = Sudoku::new(rules).unwrap();
    assert!(Local::new(&sudoku, &Grid::new(shape), 1).is_none());
}
