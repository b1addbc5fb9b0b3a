//! Helpers for the chain rungs' tests: the step a rung finds in a position
//! where no earlier rung of the standard ladder applies, checked against
//! every solution of the position (found by the exact-cover solver).

use crate::human::testing::pencil;
use crate::human::watch;
use crate::human::{Candidates, Ladder, Step, Technique};
use crate::{Grid, Rules, Sudoku};

/// Every solution of a grid of candidates (its placed digits and pencil
/// marks), by the exact-cover solver.
pub(super) fn solutions(grid: &Candidates) -> Vec<Grid> {
    let rules = Rules::classic();
    let sudoku = Sudoku::new(rules).unwrap().with_candidates(grid.masks()).unwrap();
    let mut solver = sudoku.solver();
    let givens = grid.to_grid();
    solver.solutions(&givens).unwrap().take(10).collect()
}

/// Checks a step against every solution of `grid`: a placed digit is in
/// each, an eliminated candidate in none.
pub(super) fn assert_sound(step: &Step, grid: &Candidates) {
    let all = solutions(grid);
    assert!(!all.is_empty(), "the position has a solution");
    for solution in &all {
        assert_eq!(step.check(solution), Ok(()), "{step}");
    }
}

/// The step `rung` finds in the position of pencil marks `marks`, after
/// checking that no rung before it in the standard ladder finds one, and
/// that the step is sound.
pub(super) fn first_step(rung: &dyn Technique, marks: &str) -> Step {
    let grid = pencil(marks);
    let ladder = Ladder::standard();
    let mut earlier = ladder.techniques().take_while(|t| t.name() != rung.name()).peekable();
    assert!(earlier.peek().is_some());
    for t in earlier {
        assert_eq!(t.find(&grid), None, "{} applies before {}", t.name(), rung.name());
    }
    let step = rung.find(&grid).expect("the rung applies");
    assert_sound(&step, &grid);
    step
}

/// Checks that `rung` is the first of the standard ladder to apply in the
/// position `marks` and finds the step written `expected`, on one thread
/// and on three.
pub(super) fn check_first(rung: &dyn Technique, marks: &str, expected: &str) {
    assert_eq!(first_step(rung, marks).to_string(), expected);
    let grid = pencil(marks);
    let (step, _) = watch::watched(None, None, 3, || rung.find(&grid));
    assert_eq!(step.expect("the rung applies on three threads").to_string(), expected);
}
