//! Taking clues out of a full grid while the puzzle stays unique:
//! [`dig`], and [`is_minimal`], the check that no clue can go.
//!
//! [`dig`] tries each orbit of the symmetry once, in the order given:
//! its cells are blanked, and put back unless the puzzle is still proved
//! unique within the node budget. Taking clues out only ever adds
//! solutions, so an orbit that could not go when it was tried cannot go
//! later either: a pass that tried every orbit with exact answers leaves no
//! orbit that could be removed. With single cells as orbits (no symmetry)
//! that is a minimal puzzle; with larger orbits, single clues may still be
//! removable, which [`is_minimal`] tells.

use crate::grid::Grid;
use crate::solver::SudokuSolver;

use super::fill::Peers;

/// A puzzle dug out of a full grid.
#[derive(Debug)]
pub(super) struct Dug {
    /// The puzzle: the grid with the removed cells blank.
    pub(super) puzzle: Grid,
    /// The number of clues left.
    pub(super) clues: usize,
    /// Whether every orbit was tried and every check answered within the
    /// budget, so that no orbit of clues left can be removed.
    pub(super) settled: bool,
}

/// Removes orbits of `solution`'s cells, in order, while the puzzle stays
/// unique (see the module docs), never going below `target` clues and
/// stopping when it is reached.
pub(super) fn dig(
    solver: &mut SudokuSolver<'_>,
    solution: &Grid,
    peers: &Peers,
    orbits: &[Vec<usize>],
    target: Option<usize>,
    budget: u64,
) -> Dug {
    let mut puzzle = solution.clone();
    let mut clues = puzzle.cells().len();
    let mut settled = true;
    let floor = target.unwrap_or(0);
    for orbit in orbits {
        if clues == floor {
            // Stopped before trying every orbit.
            settled = false;
            break;
        }
        if clues - orbit.len() < floor {
            settled = false;
            continue;
        }
        for &cell in orbit {
            puzzle.cells_mut()[cell] = 0;
        }
        match another_solution(solver, &mut puzzle, solution, orbit, peers, budget) {
            Some(false) => clues -= orbit.len(),
            answer => {
                settled &= answer.is_some();
                for &cell in orbit {
                    puzzle.cells_mut()[cell] = solution.cells()[cell];
                }
            }
        }
    }
    Dug { puzzle, clues, settled }
}

/// Whether no single clue of a unique `puzzle` can be blanked with the
/// puzzle staying unique: `Some(false)` when one can, `None` when a check
/// ran out of budget before the answer was known.
pub(super) fn is_minimal(
    solver: &mut SudokuSolver<'_>,
    puzzle: &Grid,
    solution: &Grid,
    peers: &Peers,
    budget: u64,
) -> Option<bool> {
    let mut probe = puzzle.clone();
    for cell in 0..puzzle.cells().len() {
        let value = puzzle.cells()[cell];
        if value == 0 {
            continue;
        }
        probe.cells_mut()[cell] = 0;
        let another = another_solution(solver, &mut probe, solution, &[cell], peers, budget)?;
        probe.cells_mut()[cell] = value;
        if !another {
            return Some(false);
        }
    }
    Some(true)
}

/// Whether `puzzle`, whose cells in `blanked` were just blanked from a
/// puzzle whose only solution is `solution`, has a solution besides it;
/// `None` when a search ran out of budget before the answer was known.
///
/// Any other solution differs from `solution` in a blanked cell (elsewhere
/// it is the unique puzzle's), so it is sought cell by cell, value by
/// value: one search per value the cell's peers leave it, other than its
/// own, each with that value given. A second solution is found at once
/// where counting to two can wander a long way first (on 16x16, about five
/// times faster), and proving none costs about as much.
fn another_solution(
    solver: &mut SudokuSolver<'_>,
    puzzle: &mut Grid,
    solution: &Grid,
    blanked: &[usize],
    peers: &Peers,
    budget: u64,
) -> Option<bool> {
    let mut candidates = Vec::new();
    let mut scratch = Grid::new(puzzle.shape());
    let mut unknown = false;
    for &cell in blanked {
        peers.candidates(puzzle.cells(), cell, &mut candidates);
        for &value in candidates.iter().filter(|&&v| v != solution.cells()[cell]) {
            puzzle.cells_mut()[cell] = value;
            let found = solver.solve_within(puzzle, &mut scratch, budget);

            puzzle.cells_mut()[cell] = 0;
            match found {
                Ok(Some(true)) => return Some(true),
                Ok(Some(false)) => {}
                Ok(None) | Err(_) => unknown = true,
            }
        }
    }
    (!unknown).then_some(false)
}
