//! The chain rungs on their own: every rung asked directly (not only when
//! the ladder reaches it) on real and random positions, each step checked
//! against the exact-cover solution; and the ratings of the puzzles Sudoku
//! Explainer rates with chains.

use std::sync::Arc;

use proptest::prelude::*;
use sudoku_cover::human::chains;
use sudoku_cover::human::{Candidates, End, Ladder, Units};
use sudoku_cover::{Grid, Rules, Sudoku};

use crate::human::{puzzles, thinned};

/// Asks every chain rung below the nested ones (which take seconds a call)
/// for its step in `grid`; each step must change the grid and agree with
/// `solution`. Returns how many rungs found one.
fn every_rung_agrees(grid: &Candidates, solution: &Grid) -> usize {
    let mut found = 0;
    for rung in chains::techniques().into_iter().filter(|r| r.difficulty().in_tenths() < 95) {
        if let Some(step) = rung.find(grid) {
            assert_eq!(step.check(solution), Ok(()), "{step}");
            assert!(grid.clone().apply(&step), "{step} changes nothing");
            assert!(step.difficulty >= rung.difficulty(), "{step}");
            found += 1;
        }
    }
    found
}

#[test]
fn every_rung_is_sound_where_the_chains_start() {
    let sudoku = Sudoku::new(Rules::classic()).unwrap();
    let mut solver = sudoku.solver();
    let units = Arc::new(Units::new(&Rules::classic()).unwrap());
    let ladder = Ladder::standard();
    let mut found = 0;
    for (puzzle, _) in puzzles("top95.txt", 30) {
        let solution = solver.solve(&puzzle).unwrap().unwrap();
        let mut grid = Candidates::from_grid(units.clone(), &puzzle).unwrap();
        // Every position from where the patterns run out to the solution.
        let mut chained = false;
        while let Some(step) = ladder.hint(&grid) {
            chained |= step.difficulty.in_tenths() >= 40;
            if chained {
                found += every_rung_agrees(&grid, &solution);
            }
            grid.apply(&step);
        }
    }
    assert!(found > 2000, "{found} steps checked");
}

/// Sudoku Explainer's ratings of the sample, where chains set them (7.5
/// and up: Nishio, cell and region, dynamic forcing chains), are ours to
/// the tenth but for one puzzle, whose walk SukakuExplainer takes another
/// way.
#[test]
fn chain_ratings_agree_with_sudoku_explainer() {
    let sudoku = Sudoku::new(Rules::classic()).unwrap();
    let mut solver = sudoku.solver();
    let units = Arc::new(Units::new(&Rules::classic()).unwrap());
    let ladder = Ladder::standard();
    let (mut rated, mut exact) = (0, 0);
    for (puzzle, se) in puzzles("se_rated_sample.txt", 800) {
        let se: f64 = se.trim().parse().unwrap();
        if se < 7.5 {
            continue;
        }
        let solution = solver.solve(&puzzle).unwrap().unwrap();
        let start = Candidates::from_grid(units.clone(), &puzzle).unwrap();
        let rating = ladder.rate(start, Some(&solution));
        assert_eq!(rating.end, End::Solved);
        rated += 1;
        exact += usize::from(rating.difficulty.unwrap().as_f64() == se);
    }
    assert_eq!(rated, 55);
    assert!(exact >= 54, "{exact} of {rated} exact");
}

/// The hardest puzzles: AI Escargot, rated 10.5 by Sudoku Explainer, and
/// Easter Monster, 11.6, are ours to the tenth, every step of their walks
/// checked against the solution (`Ladder::rate`), and the nested rungs
/// apply where the others do not.
#[test]
fn nested_chains_rate_the_hardest_puzzles() {
    let sudoku = Sudoku::new(Rules::classic()).unwrap();
    let mut solver = sudoku.solver();
    let units = Arc::new(Units::new(&Rules::classic()).unwrap());
    let ladder = Ladder::standard();
    let known = [
        ("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..", 10.5),
        ("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1", 11.6),
    ];
    for (line, se) in known {
        let puzzle: Grid = line.parse().unwrap();
        let solution = solver.solve(&puzzle).unwrap().unwrap();
        let start = Candidates::from_grid(units.clone(), &puzzle).unwrap();
        let rating = ladder.rate(start, Some(&solution));
        assert_eq!(rating.end, End::Solved, "{line}");
        assert_eq!(rating.difficulty.unwrap().as_f64(), se, "{line}");
        assert!(rating.hardest.unwrap().contains("Forcing Chains (+ "), "{line}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Positions no puzzle walk meets: a hard puzzle's candidates with
    /// random wrong ones removed. Every rung's step is sound there.
    #[test]
    fn every_rung_is_sound_on_random_pencil_marks(index in 0usize..95, seed in any::<u64>(), percent in 0usize..40) {
        let (grid, solution) = thinned("top95.txt", 95, index, seed, percent);
        every_rung_agrees(&grid, &solution);
    }
}
