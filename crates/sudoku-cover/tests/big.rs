//! The big sets of `data/sudoku/big` (written by the `big_sudoku` binary of
//! the benches): each puzzle of the timed subset (`big/timed.txt`: those
//! the solver answers in about a second) is solved, its solution checked by
//! the independent checker (complete, givens kept, every house holding each
//! symbol once), and its uniqueness answered alike on one thread and racing
//! on two. The puzzles left out are ones the solver does not yet answer in
//! seconds; docs/performance.md lists them.

use sudoku_cover::{Grid, Rules, Shape, Sudoku, Uniqueness};

use crate::util::{Check, data_dir};

/// `big/timed.txt`: per line a box shape `RxC`, then the blank fractions
/// (percent) taken from `RxC.txt`.
fn timed() -> Vec<((usize, usize), Vec<u32>)> {
    let text = std::fs::read_to_string(data_dir().join("big/timed.txt")).unwrap();
    let number = |w: &str| w.parse::<u32>().unwrap_or_else(|_| panic!("timed.txt: {w}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut words = l.split_whitespace();
            let shape = words.next().unwrap();
            let (r, c) = shape.split_once('x').expect("RxC");
            ((number(r) as usize, number(c) as usize), words.map(number).collect())
        })
        .collect()
}

#[test]
fn big_puzzles_solve_and_check() {
    let sets = timed();
    assert_eq!(sets.len(), 9, "a line per set");
    for ((r, c), blanks) in sets {
        let path = data_dir().join(format!("big/{r}x{c}.txt"));
        let text = std::fs::read_to_string(&path).unwrap();
        let shape = Shape::new(r, c).unwrap();
        let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
        let mut solver = sudoku.solver();
        let check = Check::classic(r, c);
        let n = shape.size();
        let mut taken = 0;
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let puzzle: Grid = line.parse().unwrap();
            let blank = puzzle.cells().iter().filter(|&&v| v == 0).count();
            let percent = ((100 * blank + n * n / 2) / (n * n)) as u32;
            assert!((30..=80).contains(&percent), "{}: {percent}% blank", path.display());
            if !blanks.contains(&percent) {
                continue;
            }
            taken += 1;
            let (solution, uniqueness) = solver.solve_and_check(&puzzle).unwrap();
            // Blanked from a solution: never without one.
            let solution = solution.expect("a solution");
            assert!(check.solved(solution.cells()), "{}: not a solution", path.display());
            assert!(solution.extends(&puzzle), "{}: a given changed", path.display());
            assert_ne!(uniqueness, Uniqueness::None);
            assert_eq!(solver.check(&puzzle).unwrap(), uniqueness, "{}", path.display());
            let (raced, raced_uniqueness) =
                sudoku.solve_and_check_on(&puzzle, 2, Sudoku::config()).unwrap();
            let raced = raced.expect("a solution");
            assert!(check.solved(raced.cells()) && raced.extends(&puzzle));
            assert_eq!(raced_uniqueness, uniqueness, "{}", path.display());
            if uniqueness == Uniqueness::Unique {
                assert_eq!(raced, solution);
            }
        }
        assert_eq!(taken, 2 * blanks.len(), "{}: two puzzles per fraction", path.display());
    }
}
