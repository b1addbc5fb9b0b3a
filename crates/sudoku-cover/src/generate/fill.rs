//! Random full grids under any rules: [`random_solution`].
//!
//! The engine finds a first solution of the empty grid; then, for a share
//! of the cells taken in a random order, a random value that no given
//! among the cell's peers holds becomes a given. When the current solution
//! already has that value there, nothing is searched; otherwise the engine
//! looks for a solution with the new given, which replaces the current one,
//! or the given is taken back if there is none (or none within the node
//! budget). Last, the symbols are permuted at random. Every step keeps a
//! full grid in hand, so the method works for any rules the engine can
//! solve, variants and jigsaws alike, and never ends without a grid once
//! the first was found.

use crate::grid::Grid;
use crate::rules::Rules;
use crate::solver::SudokuSolver;

use super::rng::Rng;

/// For each cell, the cells that may not hold its value: those sharing a
/// house or an exclusion with it.
#[derive(Debug, Clone)]
pub(super) struct Peers {
    n: usize,
    peers: Vec<Vec<u16>>,
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
        Ok(Peers { n, peers })
    }

    /// The values no peer of `cell` holds in `cells`.
    pub(super) fn candidates(&self, cells: &[u8], cell: usize, out: &mut Vec<u8>) {
        let mut used = [false; 65];
        for &p in &self.peers[cell] {
            used[usize::from(cells[usize::from(p)])] = true;
        }
        out.clear();
        out.extend((1..=self.n as u8).filter(|&v| !used[usize::from(v)]));
    }
}

/// What [`random_solution`] found.
#[derive(Debug)]
pub(super) enum Fill {
    /// A full grid that keeps the rules.
    Grid(Grid),
    /// The rules admit no grid at all.
    NoGrid,
    /// The empty grid's first solution took more than the node budget.
    TooHard,
}

/// A random full grid under the solver's rules; see the module docs.
/// `givens` is the number of random givens the first attempt places.
pub(super) fn random_solution(
    solver: &mut SudokuSolver<'_>,
    peers: &Peers,
    rng: &mut Rng,
    givens: usize,
    budget: u64,
) -> Fill {
    let shape = solver.sudoku().rules().shape();
    let n = shape.size();
    let mut puzzle = Grid::new(shape);
    let mut solution = Grid::new(shape);
    let mut order: Vec<usize> = (0..n * n).collect();
    let mut candidates = Vec::with_capacity(n);
    let mut k = givens;
    loop {
        puzzle.cells_mut().fill(0);
        rng.shuffle(&mut order);
        for &cell in order.iter().take(k) {
            peers.candidates(puzzle.cells(), cell, &mut candidates);
            if let Some(&value) = rng.pick(&candidates) {
                puzzle.cells_mut()[cell] = value;
            }
        }
        match solver.solve_within(&puzzle, &mut solution, budget) {
            Ok(Some(true)) => break,
            Ok(Some(false)) if k == 0 => return Fill::NoGrid,
            Ok(None) | Err(_) if k == 0 => return Fill::TooHard,
            _ => k /= 2,
        }
    }
    let mut symbols: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut symbols);
    for v in solution.cells_mut() {
        *v = symbols[usize::from(*v) - 1];
    }
    Fill::Grid(solution)
}
