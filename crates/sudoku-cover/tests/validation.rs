//! Invalid puzzles: clashing givens (named by both cells), wrong sizes and
//! bad values; and that they differ from puzzles with no solution.

use sudoku_cover::{Alphabet, ErrorKind, Grid, Rules, Shape, Sudoku, Uniqueness};

use crate::fixture;

fn top95_first() -> Grid {
    fixture!("top95_first5.txt").lines().next().unwrap().parse().unwrap()
}

#[test]
fn clashing_givens_name_both_cells() {
    let sudoku = Sudoku::new(Rules::classic()).unwrap();
    let mut solver = sudoku.solver();
    let mut row = Grid::new(Shape::CLASSIC);
    row.set(2, 0, 5);
    row.set(2, 6, 5);
    let e = solver.solve(&row).unwrap_err();
    assert_eq!(e.to_string(), "r3c1 and r3c7 both hold 5");
    assert_eq!(e.kind(), &ErrorKind::Clash { first: (2, 0), second: (2, 6), value: 5 });

    let mut column = top95_first();
    column.set(5, 0, 4); // r1c1 holds 4
    assert_eq!(solver.check(&column).unwrap_err().to_string(), "r1c1 and r6c1 both hold 4");

    let mut block = top95_first();
    block.set(2, 2, 3); // r2c2 holds 3
    assert_eq!(solver.count(&block, None).unwrap_err().to_string(), "r2c2 and r3c3 both hold 3");
    assert!(solver.solutions(&block).is_err());
    assert!(solver.solve_and_check(&block).is_err());
}

#[test]
fn no_solution_is_not_invalid() {
    // Consistent givens, yet r1c1 can hold nothing: 1-8 are in its row and
    // 9 in its column.
    let mut grid = Grid::new(Shape::CLASSIC);
    for c in 1..9 {
        grid.set(0, c, c as u8);
    }
    grid.set(4, 0, 9);
    let sudoku = Sudoku::new(Rules::classic()).unwrap();
    let mut solver = sudoku.solver();
    assert_eq!(solver.solve(&grid).unwrap(), None);
    assert_eq!(solver.count(&grid, None).unwrap(), 0);
    assert_eq!(solver.check(&grid).unwrap(), Uniqueness::None);
    assert_eq!(solver.solutions(&grid).unwrap().count(), 0);
}

#[test]
fn the_solver_recovers_after_an_invalid_puzzle() {
    let sudoku = Sudoku::new(Rules::classic()).unwrap();
    let mut solver = sudoku.solver();
    let good = top95_first();
    let first = solver.solve(&good).unwrap();
    let mut bad = good.clone();
    bad.set(0, 1, 4);
    assert!(solver.solve(&bad).is_err());
    assert_eq!(solver.solve(&good).unwrap(), first);
    assert_eq!(solver.check(&good).unwrap(), Uniqueness::Unique);
}

#[test]
fn wrong_sizes_and_values() {
    let sudoku = Sudoku::new(Rules::classic()).unwrap();
    let small = Grid::new(Shape::for_size(4).unwrap());
    let e = sudoku.solver().solve(&small).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::WrongSize { expected: 9, found: 4 }));

    let e = Grid::from_cells(Shape::CLASSIC, vec![0; 80]).unwrap_err();
    assert_eq!(e.to_string(), "expected 81 cells, found 80");
    let mut cells = vec![0; 81];
    cells[10] = 10;
    let e = Grid::from_cells(Shape::CLASSIC, cells).unwrap_err();
    assert_eq!(e.to_string(), "r2c2 holds 10, which is out of range");

    assert!(Shape::new(3, 0).is_err());
    assert_eq!(
        Shape::new(1, 2).unwrap_err().to_string(),
        "1x2 boxes make a 2x2 grid; the side must be 4 to 64"
    );
    assert!(Shape::new(9, 9).is_err());
    assert!(Alphabet::new("1234.").is_err());
    assert!(Alphabet::new("11").is_err());
}

#[test]
fn a_grid_with_another_box_shape_of_the_same_side_is_accepted() {
    // The rules decide the boxes; the grid's own shape only affects how it
    // is printed.
    let puzzle: Grid = "1.....3.....2.....4.....5.....6.....".parse().unwrap();
    let three_by_two = Shape::new(3, 2).unwrap();
    let sudoku = Sudoku::new(Rules::new(three_by_two)).unwrap();
    let solution = sudoku.solver().solve(&puzzle).unwrap().expect("solvable");
    assert_eq!(solution.shape(), three_by_two);
    assert!(solution.extends(&puzzle));
}
