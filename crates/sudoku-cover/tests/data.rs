//! The public sets of `data/sudoku`, every puzzle of each: puzzles marked unique
//! solve to valid grids that keep their givens, and `check` says unique;
//! serg's all say multiple. (About 25 seconds in all, most of it the 48,766
//! puzzles of forum_hardest_1905_11plus.)

use std::fs::File;
use std::io::BufReader;

use sudoku_cover::{PuzzleReader, Rules, Sudoku, Uniqueness};

use crate::util::{Check, data_dir};

/// Checks every puzzle of a file; returns how many were checked.
fn check_file(name: &str, expect: Uniqueness) -> usize {
    let file = File::open(data_dir().join(name)).expect("data file");
    let mut sudoku: Option<(Sudoku, Check)> = None;
    let mut checked = 0;
    for puzzle in PuzzleReader::new(BufReader::new(file)) {
        let puzzle = puzzle.unwrap_or_else(|e| panic!("{name}:{e}"));
        let shape = puzzle.grid.shape();
        let (sudoku, check) = sudoku.get_or_insert_with(|| {
            let sudoku = Sudoku::new(Rules::new(shape)).expect("rules");
            (sudoku, Check::classic(shape.box_rows(), shape.box_cols()))
        });
        let mut solver = sudoku.solver();
        let at = format!("{name}:{}", puzzle.line);
        let (solution, uniqueness) = solver.solve_and_check(&puzzle.grid).expect(&at);
        assert_eq!(uniqueness, expect, "{at}");
        let solution = solution.expect(&at);
        assert!(check.solved(solution.cells()), "{at}: not a valid grid");
        for (r, c, v) in puzzle.grid.givens() {
            assert_eq!(solution.get(r, c), v, "{at}: given r{}c{} lost", r + 1, c + 1);
        }
        if expect == Uniqueness::Unique {
            assert_eq!(solver.check(&puzzle.grid).expect(&at), Uniqueness::Unique, "{at}");
        }
        checked += 1;
    }
    checked
}

#[test]
fn small_files_all_unique() {
    for (name, lines) in [
        ("norvig_hardest.txt", 11),
        ("top95.txt", 95),
        ("most_difficult_100_msolve.txt", 100),
        ("forum_hardest_1106.txt", 375),
    ] {
        assert_eq!(check_file(name, Uniqueness::Unique), lines, "{name}");
    }
}

#[test]
fn magictour_top1465_all_unique() {
    assert_eq!(check_file("magictour_top1465.txt", Uniqueness::Unique), 1465);
}

#[test]
fn forum_top1000_all_unique() {
    assert_eq!(check_file("forum_hardest_1905_top1000_msolve.txt", Uniqueness::Unique), 1000);
}

#[test]
fn kaggle_first10k_all_unique() {
    assert_eq!(check_file("kaggle_1m_first10k.txt", Uniqueness::Unique), 10_000);
}

#[test]
fn sixteen_by_sixteen_all_unique() {
    assert_eq!(check_file("16x16_100.txt", Uniqueness::Unique), 100);
}

#[test]
fn seventeen_clue_all_unique() {
    assert_eq!(check_file("17_clue.txt", Uniqueness::Unique), 49_158);
}

#[test]
fn forum_hardest_1905_all_unique() {
    assert_eq!(check_file("forum_hardest_1905_11plus.txt", Uniqueness::Unique), 48_766);
}

#[test]
fn serg_benchmark_all_multiple() {
    assert_eq!(check_file("serg_benchmark.txt", Uniqueness::Multiple), 10_000);
}
