//! Random full grids under any rules: [`random_solution`].
//!
//! A random value that the cell's peers allow is put in each of `k` random
//! cells, and the engine finds a first solution with these givens; where
//! its node budget runs out, the search by houses ([`crate::houses`]) with
//! seeded restarts tries (on 49x49 and 64x64 the engine's item choices
//! each run long on some grids, which restarts get past). If there is none
//! (or none found), it starts again with half as many givens. With no
//! givens left, the grid is the rules' first solution of the empty grid,
//! found once per generator (see [`first_grid`]). Last, the symbols are
//! permuted at random (every rule treats all symbols alike). This works
//! for any rules the engine can solve, variants and jigsaws alike.

use crate::grid::Grid;
use crate::houses::{self, End};
use crate::restarts::{HOUSES_UNIT, luby};
use crate::rules::Rules;
use crate::solver::SudokuSolver;

use super::rng::Rng;

/// For each cell, the cells that may not hold its value: those sharing a
/// house or an exclusion with it; and the houses.
#[derive(Debug, Clone)]
pub(super) struct Peers {
    pub(super) n: usize,
    pub(super) peers: Vec<Vec<u16>>,
    /// The cells of each house.
    pub(super) houses: Vec<Vec<u16>>,
    /// The houses of each cell.
    houses_of: Vec<Vec<u16>>,
}

impl Peers {
    /// The peers of every cell under these rules.
    pub(super) fn new(rules: &Rules) -> Result<Peers, crate::Error> {
        let n = rules.size();
        let constraints = rules.constraints()?;
        let mut peers: Vec<Vec<u16>> = vec![Vec::new(); n * n];
        for house in &constraints.houses {
            for &a in &house.cells {
                peers[a].extend(house.cells.iter().filter(|&&b| b != a).map(|&b| b as u16));
            }
        }
        for &(a, b) in &constraints.exclusions {
            peers[a].push(b as u16);
            peers[b].push(a as u16);
        }
        for list in &mut peers {
            list.sort_unstable();
            list.dedup();
        }
        let houses: Vec<Vec<u16>> = constraints
            .houses
            .iter()
            .map(|h| h.cells.iter().map(|&c| c as u16).collect())
            .collect();
        let mut houses_of: Vec<Vec<u16>> = vec![Vec::new(); n * n];
        for (h, house) in houses.iter().enumerate() {
            for &c in house {
                houses_of[usize::from(c)].push(h as u16);
            }
        }
        Ok(Peers { n, peers, houses, houses_of })
    }

    /// Whether `value` can go nowhere but `cell` in some house of `cell`,
    /// given the clues of `cells` (`cell` blank among them): every other
    /// cell of the house is a clue or has a peer that holds `value`.
    pub(super) fn only_place(&self, cells: &[u8], cell: usize, value: u8) -> bool {
        let holds = |d: usize| self.peers[d].iter().any(|&p| cells[usize::from(p)] == value);
        self.houses_of[cell].iter().any(|&h| {
            self.houses[usize::from(h)].iter().all(|&d| {
                let d = usize::from(d);
                d == cell || cells[d] != 0 || holds(d)
            })
        })
    }

    /// The values no peer of `cell` holds in `cells`, a bit per value
    /// (bit `v - 1`).
    pub(super) fn candidates(&self, cells: &[u8], cell: usize) -> u64 {
        let all = if self.n == 64 { u64::MAX } else { (1u64 << self.n) - 1 };
        let used = self.peers[cell].iter().fold(0u64, |m, &p| match cells[usize::from(p)] {
            0 => m,
            v => m | 1 << (v - 1),
        });
        all & !used
    }
}

/// What [`random_solution`] or [`first_grid`] found.
#[derive(Debug, Clone)]
pub(super) enum Fill {
    /// A full grid that keeps the rules.
    Grid(Grid),
    /// The rules admit no grid at all.
    NoGrid,
    /// No grid found within the node budget.
    TooHard,
}

/// The first solution of the empty grid, within `budget` nodes, or else
/// the search by houses' first (seed 0).
pub(super) fn first_grid(solver: &mut SudokuSolver<'_>, budget: u64) -> Fill {
    let shape = solver.sudoku().rules().shape();
    let mut solution = Grid::new(shape);
    match solver.solve_within(&Grid::new(shape), &mut solution, budget) {
        Ok(Some(true)) => Fill::Grid(solution),
        Ok(Some(false)) => Fill::NoGrid,
        // Never stopped: the grid is kept for the generator's life, and a
        // stop must not leave it "too hard" for later calls.
        Ok(None) | Err(_) => by_houses(solver, &Grid::new(shape), 0, &dlx::Stop::new()),
    }
}

/// A random full grid under the solver's rules; see the module docs. The
/// first attempt places `givens` random givens; `first` is the empty
/// grid's first solution, the last resort, searched here if not given.
pub(super) fn random_solution(
    solver: &mut SudokuSolver<'_>,
    peers: &Peers,
    rng: &mut Rng,
    givens: usize,
    budget: u64,
    first: Option<&Grid>,
    halt: &dlx::Stop,
) -> Fill {
    let shape = solver.sudoku().rules().shape();
    let n = shape.size();
    let mut puzzle = Grid::new(shape);
    let mut solution = Grid::new(shape);
    let mut order: Vec<usize> = (0..n * n).collect();
    let mut candidates = Vec::with_capacity(n);
    let mut k = givens;
    while k > 0 {
        puzzle.cells_mut().fill(0);
        rng.shuffle(&mut order);
        for &cell in order.iter().take(k) {
            let mask = peers.candidates(puzzle.cells(), cell);
            candidates.clear();
            candidates.extend((1..=n as u8).filter(|&v| mask >> (v - 1) & 1 == 1));
            if let Some(&value) = rng.pick(&candidates) {
                puzzle.cells_mut()[cell] = value;
            }
        }
        match solver.solve_within(&puzzle, &mut solution, budget) {
            Ok(Some(true)) => break,
            Ok(None) => {
                if let Fill::Grid(grid) = by_houses(solver, &puzzle, rng.next_u64(), halt) {
                    solution = grid;
                    break;
                }
            }
            Ok(Some(false)) | Err(_) => {}
        }
        k /= 2;
    }
    if k == 0 {
        match first {
            Some(grid) => solution = grid.clone(),
            None => match first_grid(solver, budget) {
                Fill::Grid(grid) => solution = grid,
                other => return other,
            },
        }
    }
    let mut symbols: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut symbols);
    for v in solution.cells_mut() {
        *v = symbols[usize::from(*v) - 1];
    }
    Fill::Grid(solution)
}

/// The dead ends the search by houses may meet in all in [`by_houses`].
const HOUSE_FAILS: u64 = 1 << 16;

/// A solution of `puzzle` by the search by houses, restarting with seeds
/// drawn from `seed` on Luby's budgets as in the race ([`HOUSES_UNIT`]
/// dead ends times 1, 1, 2, ...), within [`HOUSE_FAILS`] dead ends: [`Fill::NoGrid`]
/// when its tree ends without one, [`Fill::TooHard`] when none is found
/// within them, when `halt` is requested, or when the rules are not all
/// houses.
fn by_houses(solver: &SudokuSolver<'_>, puzzle: &Grid, seed: u64, halt: &dlx::Stop) -> Fill {
    let Some(model) = solver.sudoku().houses() else {
        return Fill::TooHard;
    };
    let mut search = houses::Search::new(model, seed);
    if !search.start(puzzle) {
        return Fill::NoGrid;
    }
    let mut found = None;
    let (mut spent, mut i) = (0, 1);
    while spent < HOUSE_FAILS {
        let fails = HOUSES_UNIT * luby(i);
        search.restart(seed.wrapping_add(i));
        let mut report = |doms: &[u64]| {
            found = Some(houses::grid_of(puzzle, doms));
            false
        };
        match search.run(fails, None, &|| halt.is_requested(), &mut report) {
            End::Budget => spent += fails,
            End::Stopped => break,
            End::Exhausted => return Fill::NoGrid,
        }
        i += 1;
    }
    found.map_or(Fill::TooHard, Fill::Grid)
}
