//! Racing with local search (grids of side 49 and up under classic rules):
//! the answer agrees with exact cover's count, unique puzzles still come
//! back unique, and the solution reported is checked by the independent
//! checker.

use sudoku_cover::{Grid, Rules, Shape, Sudoku, Uniqueness};

use crate::util::{Check, data_dir};

/// Line `line` (from 1) of `big/7x7.txt`.
fn puzzle(shape: Shape, line: usize) -> Grid {
    let text = std::fs::read_to_string(data_dir().join("big/7x7.txt")).unwrap();
    let row = text.lines().nth(line - 1).unwrap();
    let alphabet = sudoku_cover::Alphabet::default_for(shape.size());
    let cells = row.chars().map(|c| if c == '.' { 0 } else { alphabet.value(c).unwrap() });
    Grid::from_cells(shape, cells.collect()).unwrap()
}

/// The race on two threads, its solution checked, against exact cover's
/// count of up to two solutions.
fn agrees(sudoku: &Sudoku, check: &Check, grid: &Grid) -> Uniqueness {
    let (solution, uniqueness) = sudoku.solve_and_check_on(grid, 2, Sudoku::config()).unwrap();
    let solution = solution.expect("a solution");
    assert!(check.solved(solution.cells()) && solution.extends(grid));
    let count = sudoku.solver().count(grid, Some(2)).unwrap();
    assert_eq!(uniqueness, Uniqueness::from_count(count));
    uniqueness
}

#[test]
fn racing_with_local_search_answers_as_the_count_does() {
    let shape = Shape::new(7, 7).unwrap();
    let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
    let check = Check::classic(7, 7);
    // 30% blank: many solutions or one, the count says which.
    let grid = puzzle(shape, 1);
    agrees(&sudoku, &check, &grid);
    // A solution with a few cells blanked is unique: local search finds
    // it, and the complete searches must still say it is the only one.
    let (solution, _) = sudoku.solve_and_check_on(&grid, 2, Sudoku::config()).unwrap();
    let mut few = solution.unwrap();
    let n = shape.size();
    for k in 0..40 {
        let cell = (k * 977) % (n * n);
        few.set(cell / n, cell % n, 0);
    }
    assert_eq!(agrees(&sudoku, &check, &few), Uniqueness::Unique);
}

#[test]
fn an_eighty_percent_blank_grid_has_several_solutions() {
    let shape = Shape::new(7, 7).unwrap();
    let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
    let check = Check::classic(7, 7);
    let grid = puzzle(shape, 10);
    let (solution, uniqueness) = sudoku.solve_and_check_on(&grid, 2, Sudoku::config()).unwrap();
    let solution = solution.expect("a solution");
    assert!(check.solved(solution.cells()) && solution.extends(&grid));
    assert_eq!(uniqueness, Uniqueness::Multiple);
}
