//! The human solver on real and random puzzles, against the exact-cover
//! solution: no step ever places a wrong digit or eliminates the solution's
//! (the walk checks each step against the solution and panics in these
//! debug-assertion builds), hints taken one after another reach the
//! solution, and ratings agree with Sudoku Explainer's on the puzzles the
//! ladder solves.

use std::fs;
use std::sync::Arc;

use proptest::prelude::*;
use sudoku_cover::human::{Candidates, Difficulty, End, Ladder, Units, bit};
use sudoku_cover::{Grid, Regions, Rules, Shape, Sudoku, Uniqueness, Variant};

use crate::util::{Rng, data_dir, thinned_marks};

/// The first `count` puzzles of a data file, with the rest of each line.
pub fn puzzles(name: &str, count: usize) -> Vec<(Grid, String)> {
    let text = fs::read_to_string(data_dir().join(name)).expect("data file");
    text.lines()
        .take(count)
        .map(|l| {
            let (p, rest) = l.split_once(' ').unwrap_or((l, ""));
            (p.parse().expect("a puzzle"), rest.to_string())
        })
        .collect()
}

/// Walks `start` up the ladder checking every step against `solution`;
/// returns how the walk ended and the grid it left.
fn walk(ladder: &Ladder, start: Candidates, solution: &Grid) -> (End, Candidates) {
    let mut walk = ladder.walk(start, Some(solution));
    for step in walk.by_ref() {
        assert_eq!(step.check(solution), Ok(()), "{step}");
    }
    let end = walk.end().cloned().expect("an end");
    (end, walk.grid().clone())
}

/// Every candidate the solution needs is still there.
fn keeps_solution(grid: &Candidates, solution: &Grid) -> bool {
    solution.cells().iter().enumerate().all(|(c, &v)| grid.candidates(c) & bit(v) != 0)
}

#[test]
fn every_step_on_real_puzzles_is_sound() {
    let sudoku = Sudoku::new(Rules::classic()).unwrap();
    let mut solver = sudoku.solver();
    let units = Arc::new(Units::new(&Rules::classic()).unwrap());
    // Below the nested forcing chains, which take seconds a step (the
    // forum's hardest end stuck there); `chains::nested_chains_rate_the_
    // hardest_puzzles` walks them.
    let ladder = Ladder::standard().below(Difficulty::tenths(95));
    let sets = [
        ("top95.txt", 95),
        ("magictour_top1465.txt", 300),
        ("17_clue.txt", 1000),
        ("se_rated_sample.txt", 800),
        ("forum_hardest_1106.txt", 100),
    ];
    let (mut solved, mut stuck) = (0, 0);
    for (name, count) in sets {
        for (puzzle, _) in puzzles(name, count) {
            let solution = solver.solve(&puzzle).unwrap().unwrap();
            let start = Candidates::from_grid(units.clone(), &puzzle).unwrap();
            let (end, grid) = walk(&ladder, start, &solution);
            match end {
                End::Solved => {
                    assert_eq!(grid.to_grid(), solution);
                    solved += 1;
                }
                End::Stuck => {
                    assert!(keeps_solution(&grid, &solution));
                    assert!(ladder.hint(&grid).is_none());
                    stuck += 1;
                }
                end => panic!("{name}: {end}"),
            }
        }
    }
    assert_eq!(solved + stuck, 2295);
    assert!(solved > 1000, "{solved} solved");
}

#[test]
fn hints_one_after_another_reach_the_solution() {
    let sudoku = Sudoku::new(Rules::classic()).unwrap();
    let mut solver = sudoku.solver();
    let units = Arc::new(Units::new(&Rules::classic()).unwrap());
    let ladder = Ladder::standard();
    let mut all = puzzles("kaggle_1m_first10k.txt", 1000);
    all.extend(puzzles("17_clue.txt", 300));
    let mut solved = 0;
    for (i, (puzzle, _)) in all.iter().enumerate() {
        let solution = solver.solve(puzzle).unwrap().unwrap();
        let mut grid = Candidates::from_grid(units.clone(), puzzle).unwrap();
        while let Some(step) = ladder.hint(&grid) {
            assert_eq!(step.check(&solution), Ok(()));
            assert!(grid.apply(&step), "{step} changes nothing");
        }
        assert!(keeps_solution(&grid, &solution));
        if grid.is_solved() {
            assert_eq!(grid.to_grid(), solution);
            solved += 1;
        } else {
            assert!(i >= 1000, "a kaggle puzzle was not solved");
        }
    }
    assert!(solved >= 1200, "{solved} of 1300 solved");
}

/// With the chain rungs the ladder solves every puzzle of the sample; its
/// ratings fall in SE's whole-number band for 97% of them and equal SE's
/// for 92% (SukakuExplainer, which graded the sample, goes another way on
/// a few walks).
#[test]
fn ratings_agree_with_sudoku_explainer() {
    let sudoku = Sudoku::new(Rules::classic()).unwrap();
    let mut solver = sudoku.solver();
    let units = Arc::new(Units::new(&Rules::classic()).unwrap());
    let ladder = Ladder::standard();
    let (mut same_band, mut exact, mut total) = (0, 0, 0);
    for (puzzle, se) in puzzles("se_rated_sample.txt", 800) {
        let se: f64 = se.trim().parse().unwrap();
        let (solution, uniqueness) = solver.solve_and_check(&puzzle).unwrap();
        assert_eq!(uniqueness, Uniqueness::Unique);
        let start = Candidates::from_grid(units.clone(), &puzzle).unwrap();
        let rating = ladder.rate(start, solution.as_ref());
        assert_eq!(rating.end, End::Solved, "{puzzle:?}");
        let ours = rating.difficulty.unwrap().as_f64();
        total += 1;
        same_band += usize::from(ours.floor() == se.floor());
        exact += usize::from(ours == se);
    }
    assert_eq!(total, 800);
    assert!(same_band * 100 >= total * 95, "{same_band} of {total} in SE's band");
    assert!(exact * 100 >= total * 90, "{exact} of {total} rated as SE");
}

/// Puzzle `index` of the first `count` of a data file as pencil marks, its
/// wrong candidates each removed with `percent`% chance (a position no
/// walk meets), and its solution.
pub fn thinned(
    name: &str,
    count: usize,
    index: usize,
    seed: u64,
    percent: usize,
) -> (Candidates, Grid) {
    let (puzzle, _) = puzzles(name, count).swap_remove(index);
    let sudoku = Sudoku::new(Rules::classic()).unwrap();
    let solution = sudoku.solver().solve(&puzzle).unwrap().unwrap();
    let units = Arc::new(Units::new(&Rules::classic()).unwrap());
    let start = Candidates::from_grid(units.clone(), &puzzle).unwrap();
    let marks = thinned_marks(start.masks(), solution.cells(), percent, &mut Rng(seed));
    (Candidates::from_marks(units, &marks).unwrap(), solution)
}

/// A random puzzle with one solution under `rules`: a solution with its
/// digits relabeled, cells blanked in random order while it stays unique.
fn random_puzzle(rules: Rules, rng: &mut Rng) -> (Grid, Grid) {
    let shape = rules.shape();
    let sudoku = Sudoku::new(rules).unwrap();
    let mut solver = sudoku.solver();
    let n = shape.size();
    let first = solver.solve(&Grid::new(shape)).unwrap().expect("the rules have a solution");
    let mut relabel: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut relabel);
    let cells: Vec<u8> = first.cells().iter().map(|&v| relabel[usize::from(v) - 1]).collect();
    let solution = Grid::from_cells(shape, cells.clone()).unwrap();
    let mut puzzle = cells;
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    for cell in order {
        let keep = puzzle[cell];
        puzzle[cell] = 0;
        let grid = Grid::from_cells(shape, puzzle.clone()).unwrap();
        if solver.check(&grid).unwrap() != Uniqueness::Unique {
            puzzle[cell] = keep;
        }
    }
    (Grid::from_cells(shape, puzzle).unwrap(), solution)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Pencil marks with random wrong candidates removed: still sound.
    #[test]
    fn random_pencil_marks_walk_soundly(index in 0usize..500, seed in any::<u64>(), percent in 0usize..60) {
        let (start, solution) = thinned("17_clue.txt", 500, index, seed, percent);
        let (end, grid) = walk(&Ladder::standard(), start, &solution);
        prop_assert!(end != End::Stuck || keeps_solution(&grid, &solution));
        prop_assert!(!matches!(end, End::Failed(_)));
        if end == End::Solved {
            prop_assert_eq!(grid.to_grid(), solution);
        }
    }

    /// Other sizes, jigsaw regions and variants: every step sound.
    #[test]
    fn random_puzzles_of_any_rules_walk_soundly(kind in 0usize..7, seed in any::<u64>()) {
        let mut rng = Rng(seed);
        let rules = match kind {
            0 => Rules::new(Shape::new(2, 2).unwrap()),
            1 => Rules::new(Shape::new(2, 3).unwrap()),
            2 => Rules::new(Shape::new(2, 4).unwrap()),
            3 => Rules::classic().with_variant(Variant::Diagonal),
            4 => Rules::classic().with_variant(Variant::Hyper),
            5 => Rules::new(Shape::new(2, 3).unwrap()).with_variant(Variant::AntiKing),
            _ => Rules::jigsaw(Regions::parse("AAABBB AACCBB ACCCDB ECDDDF EEEDDF EEFFFF").unwrap()),
        };
        let units = Arc::new(Units::new(&rules).unwrap());
        let (puzzle, solution) = random_puzzle(rules, &mut rng);
        let start = Candidates::from_grid(units, &puzzle).unwrap();
        // Many of these have several solutions; the nested forcing chains
        // would spend minutes where such a walk gets stuck.
        let ladder = Ladder::standard().below(Difficulty::tenths(95));
        let (end, grid) = walk(&ladder, start, &solution);
        prop_assert!(!matches!(end, End::Failed(_)));
        if end == End::Solved {
            prop_assert_eq!(grid.to_grid(), solution);
        } else {
            prop_assert!(keeps_solution(&grid, &solution));
        }
    }
}
