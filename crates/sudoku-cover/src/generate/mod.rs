//! Puzzle generation: [`Generator`] makes random puzzles with exactly one
//! solution, under any [`Rules`] (sizes, box shapes, variants, jigsaw
//! regions, fixed or random), with a [`Symmetry`] of the clues, minimal
//! or with a given number of clues.
//!
//! A puzzle is made in two steps:
//!
//! 1. a random full grid: random givens, each kept only if the engine still
//!    finds a solution with it, then the symbols permuted at random;
//! 2. clues taken out: the symmetry's orbits of cells in a random order,
//!    each blanked and put back unless the puzzle stays unique
//!    ([`SudokuSolver::check_within`]: counting to two).
//!
//! The result never has an orbit of clues that could be removed (unless a
//! uniqueness check ran out of its node budget, in which case the clues
//! stay: a puzzle is always unique). Without symmetry that is a minimal
//! puzzle; [`Generator::minimal`] makes sure of it in every case, checking
//! each clue alone and making another puzzle when one could go.
//!
//! Every random choice comes from the puzzle's own [`Rng`], made from a
//! seed and the puzzle's index ([`Generator::generate`]): the same seed,
//! index and options give the same puzzle on every machine and whatever
//! the number of threads.
//!
//! ```
//! use sudoku_cover::generate::{Generator, Symmetry};
//! use sudoku_cover::{Rules, Uniqueness};
//!
//! let generator = Generator::new(Rules::classic())?.symmetry(Symmetry::Rot180);
//! let made = generator.generate(2024, 0)?;
//! assert_eq!(generator.generate(2024, 0)?, made); // reproducible
//! let n = 9;
//! for (r, c, _) in made.puzzle.givens() {
//!     assert_ne!(made.puzzle.get(n - 1 - r, n - 1 - c), 0); // symmetric
//! }
//! let sudoku = generator.sudoku().expect("fixed rules");
//! assert_eq!(sudoku.solver().check(&made.puzzle)?, Uniqueness::Unique);
//! assert!(made.solution.extends(&made.puzzle));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod dig;
mod fill;
mod jigsaw;
mod rng;
mod symmetry;

use std::fmt;
use std::sync::OnceLock;

use crate::alphabet::Alphabet;
use crate::encode::Sudoku;
use crate::error::Error;
use crate::grid::Grid;
use crate::regions::Regions;
use crate::rules::Rules;
use crate::solver::SudokuSolver;

pub use rng::Rng;
pub use symmetry::Symmetry;

use fill::{Fill, Peers};

/// The full grids [`Generator::generate`] tries by default before it gives
/// up: enough for a clue count within reach, few enough that one out of
/// reach is soon reported.
pub const DEFAULT_TRIES: u32 = 100;

/// The same for minimal puzzles with a symmetry, which few grids give (on
/// 9x9, about 1 in 50 with `rot180`, 1 in 1,600 with `rot90`).
pub const DEFAULT_SYMMETRIC_MINIMAL_TRIES: u32 = 20_000;

/// The node budget of one search, by default (on top of one node per
/// cell): ample for the searches of a 9x9 or 16x16 puzzle (a few hundred
/// nodes each, as a rule; on 16x16 a smaller budget made minimal puzzles
/// fail ten times as often), small enough that a hard one costs a fraction
/// of a second.
pub const DEFAULT_NODE_BUDGET: u64 = 1 << 16;

/// How many times the node budget the first solution of the empty grid
/// may take (searched once per generator with fixed rules): rules with
/// many exclusions take long to fill (9x9 anti-king and anti-knight,
/// 156,000 nodes), and rules without a grid long to refute (8x8 hyper
/// and anti-knight, 39 million nodes).
pub const FIRST_GRID_BUDGETS: u64 = 64;

/// The labels [`Generated::regions_line`] writes region maps with, the
/// first `n` for a side of `n`: letters first, so that a map never reads
/// as a puzzle.
pub const REGION_LABELS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@$";

/// Makes random unique puzzles; see the [module docs](self).
///
/// Build it once (it compiles the rules) and call
/// [`generate`](Self::generate) for each puzzle, from any number of
/// threads.
#[derive(Debug, Clone)]
pub struct Generator {
    rules: Rules,
    /// The compiled rules, unless the regions are drawn anew per puzzle.
    fixed: Option<Compiled>,
    symmetry: Symmetry,
    minimal: bool,
    clues: Option<usize>,
    tries: Option<u32>,
    budget: u64,
    /// The empty grid's first solution under the fixed rules, once found.
    first: OnceLock<Fill>,
}

/// Rules compiled, with every cell's peers.
#[derive(Debug, Clone)]
struct Compiled {
    sudoku: Sudoku,
    peers: Peers,
}

impl Compiled {
    fn new(rules: Rules) -> Result<Compiled, Error> {
        let peers = Peers::new(&rules)?;
        Ok(Compiled { sudoku: Sudoku::new(rules)?, peers })
    }
}

/// A generated puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: the clues, the other cells blank.
    pub puzzle: Grid,
    /// Its one solution.
    pub solution: Grid,
    /// The jigsaw regions drawn for it, with random regions
    /// ([`Generator::random_regions`]).
    pub regions: Option<Regions>,
    /// The seed and index it was made from, when made by
    /// [`Generator::generate`].
    pub origin: Option<(u64, u64)>,
    /// How many full grids were dug before one gave a puzzle that met
    /// every demand (1 when the first did).
    pub tries: u32,
}

impl Generated {
    /// The number of clues.
    pub fn clues(&self) -> usize {
        self.puzzle.num_givens()
    }

    /// The region map as one line of labels (see [`REGION_LABELS`]), as
    /// [`Regions::parse`] reads it; `None` without random regions.
    pub fn regions_line(&self) -> Option<String> {
        self.regions.as_ref().map(|regions| {
            let labels: Vec<char> = REGION_LABELS.chars().collect();
            regions.cells().iter().map(|&r| labels[usize::from(r)]).collect()
        })
    }

    /// The puzzle as one line in `alphabet`, followed, with random regions,
    /// by a space and its region map ([`regions_line`](Self::regions_line)):
    /// the form `PuzzleReader::inline_regions` reads.
    pub fn to_line(&self, alphabet: &Alphabet) -> String {
        let mut line = self.puzzle.to_line(alphabet);
        if let Some(map) = self.regions_line() {
            line.push(' ');
            line.push_str(&map);
        }
        line
    }
}

/// Why no puzzle could be made.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// The rules cannot be compiled (a variant that does not fit the
    /// shape, regions of another size).
    Rules(Error),
    /// No full grid keeps the rules.
    NoGrid,
    /// The search for a first full grid ran out of its node budget: the
    /// rules may admit none.
    NoGridFound {
        /// The nodes searched.
        nodes: u64,
    },
    /// More clues asked for than the grid has cells.
    TooManyClues {
        /// The clues asked for.
        clues: usize,
        /// The cells of the grid.
        cells: usize,
    },
    /// A clue count that no puzzle with the symmetry can have: its clues
    /// come in whole orbits (in fours with `rot90`, say).
    UnreachableClues {
        /// The clues asked for.
        clues: usize,
        /// The symmetry.
        symmetry: Symmetry,
    },
    /// Every try failed to meet the demands.
    GaveUp {
        /// The tries made.
        tries: u32,
        /// What the last try lacked.
        reason: Shortfall,
    },
    /// A symmetry name that is not one.
    UnknownSymmetry(String),
}

/// What a failed try lacked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Shortfall {
    /// No full grid within the node budget (or, with random regions, no
    /// map that any grid fits).
    Grid,
    /// The clue count: no try came down to it.
    Clues {
        /// The count asked for.
        target: usize,
        /// The fewest clues any try reached.
        fewest: usize,
    },
    /// Minimality: some single clue could still go, or a check ran out of
    /// its node budget.
    Minimal,
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Rules(e) => write!(f, "{e}"),
            GenerateError::NoGrid => f.write_str("no full grid keeps these rules"),
            GenerateError::NoGridFound { nodes } => write!(
                f,
                "no full grid found in {nodes} search-tree nodes: these rules may admit none"
            ),
            GenerateError::TooManyClues { clues, cells } => {
                write!(f, "{clues} clues asked for, but the grid has {cells} cells")
            }
            GenerateError::UnreachableClues { clues, symmetry } => write!(
                f,
                "no puzzle with {symmetry} symmetry has {clues} clues: its clues come in the \
                 symmetry's groups of cells"
            ),
            GenerateError::GaveUp { tries, reason } => match reason {
                Shortfall::Grid => write!(
                    f,
                    "no full grid found within the node budget in {tries} tries (the grid is too \
                     large, or the rules too tight)"
                ),
                Shortfall::Clues { target, fewest } => write!(
                    f,
                    "could not come down to {target} clues in {tries} tries (the fewest reached: \
                     {fewest})"
                ),
                Shortfall::Minimal => {
                    write!(f, "no minimal puzzle with these demands in {tries} tries")
                }
            },
            GenerateError::UnknownSymmetry(s) => {
                write!(f, "unknown symmetry {s:?}: none, rot180, rot90, mirror or diagonal")
            }
        }
    }
}

impl std::error::Error for GenerateError {}

impl From<Error> for GenerateError {
    fn from(e: Error) -> GenerateError {
        GenerateError::Rules(e)
    }
}

impl Generator {
    /// A generator of puzzles under these rules: no symmetry, not
    /// necessarily minimal, as few clues as it comes to, at most
    /// [`DEFAULT_TRIES`] tries and [`DEFAULT_NODE_BUDGET`] nodes a search.
    /// Fails if the rules cannot be compiled.
    pub fn new(rules: Rules) -> Result<Generator, GenerateError> {
        let fixed = Some(Compiled::new(rules.clone())?);
        Ok(Generator {
            rules,
            fixed,
            symmetry: Symmetry::None,
            minimal: false,
            clues: None,
            tries: None,
            budget: DEFAULT_NODE_BUDGET,
            first: OnceLock::new(),
        })
    }

    /// Draws random jigsaw regions for each puzzle, in place of the rules'
    /// boxes or regions: `n` connected regions of `n` cells, started from
    /// the rules' box shape and stirred until they are no longer the boxes
    /// of any shape. A map that no grid fits is drawn again (each counts as
    /// a try).
    pub fn random_regions(mut self) -> Generator {
        self.fixed = None;
        self
    }

    /// The symmetry of the clues' places.
    pub fn symmetry(mut self, symmetry: Symmetry) -> Generator {
        self.symmetry = symmetry;
        self
    }

    /// Makes only minimal puzzles: no clue can be removed with the puzzle
    /// staying unique (each is checked; a puzzle that fails is dropped and
    /// another made).
    pub fn minimal(mut self, minimal: bool) -> Generator {
        self.minimal = minimal;
        self
    }

    /// Makes puzzles of exactly this many clues (`None`: as few as the
    /// digging comes to). Digging stops there; a grid that does not come
    /// down to it is dropped and another tried.
    pub fn clues(mut self, clues: Option<usize>) -> Generator {
        self.clues = clues;
        self
    }

    /// The most full grids tried for one puzzle before giving up (at least
    /// 1); by default [`DEFAULT_TRIES`], or
    /// [`DEFAULT_SYMMETRIC_MINIMAL_TRIES`] for minimal puzzles with a
    /// symmetry.
    pub fn tries(mut self, tries: u32) -> Generator {
        self.tries = Some(tries.max(1));
        self
    }

    /// The most full grids tried for one puzzle.
    pub fn get_tries(&self) -> u32 {
        match self.tries {
            Some(tries) => tries,
            None if self.minimal && self.symmetry != Symmetry::None => {
                DEFAULT_SYMMETRIC_MINIMAL_TRIES
            }
            None => DEFAULT_TRIES,
        }
    }

    /// The most search-tree nodes one search may take, on top of one per
    /// cell of the grid: a full grid's search, or one that looks for a
    /// second solution (a clue whose check runs out of budget stays, so
    /// puzzles stay unique; a grid whose search runs out is a failed try).
    pub fn node_budget(mut self, nodes: u64) -> Generator {
        self.budget = nodes.max(1);
        self
    }

    /// The rules (with random regions, their shape and variants).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The compiled rules; `None` with random regions.
    pub fn sudoku(&self) -> Option<&Sudoku> {
        self.fixed.as_ref().map(|c| &c.sudoku)
    }

    /// Puzzle `index` of the batch with this `seed`: always the same
    /// puzzle for the same seed, index and settings.
    pub fn generate(&self, seed: u64, index: u64) -> Result<Generated, GenerateError> {
        let mut made = self.generate_with(&mut Rng::for_puzzle(seed, index))?;
        made.origin = Some((seed, index));
        Ok(made)
    }

    /// Whether the settings can be met at all: a clue count within the
    /// grid and within the symmetry's reach. [`generate`](Self::generate)
    /// checks it too; call it to report a mistake before any work.
    pub fn check(&self) -> Result<(), GenerateError> {
        let cells = self.rules.shape().cells();
        if let Some(clues) = self.clues {
            if clues > cells {
                return Err(GenerateError::TooManyClues { clues, cells });
            }
            if !reachable(&self.symmetry.orbits(self.rules.size()), clues) {
                return Err(GenerateError::UnreachableClues { clues, symmetry: self.symmetry });
            }
        }
        Ok(())
    }

    /// A puzzle from the random numbers of `rng`.
    pub fn generate_with(&self, rng: &mut Rng) -> Result<Generated, GenerateError> {
        self.check()?;
        let mut reason = Shortfall::Grid;
        let mut fewest = usize::MAX;
        let mut drawn;
        let most = self.get_tries();
        for tries in 1..=most {
            let compiled = match &self.fixed {
                Some(compiled) => compiled,
                None => {
                    let regions = jigsaw::random_regions(self.rules.shape(), rng);
                    drawn = Compiled::new(self.rules.clone().with_regions(regions))?;
                    &drawn
                }
            };
            let mut solver = compiled.sudoku.solver();
            let first = match self.fixed.is_some() {
                true => Some(self.first_grid(&mut solver)?),
                false => None,
            };
            let solution = match fill::random_solution(
                &mut solver,
                &compiled.peers,
                rng,
                self.random_givens(),
                self.search_budget(),
                first,
            ) {
                Fill::Grid(grid) => grid,
                Fill::NoGrid | Fill::TooHard => continue,
            };
            let mut orbits = self.symmetry.orbits(self.rules.size());
            rng.shuffle(&mut orbits);
            let dug = dig::dig(
                &mut solver,
                &solution,
                &compiled.peers,
                &orbits,
                self.clues,
                self.search_budget(),
            );
            if let Some(target) = self.clues.filter(|&t| t != dug.clues) {
                fewest = fewest.min(dug.clues);
                reason = Shortfall::Clues { target, fewest };
                continue;
            }
            if self.minimal && !self.certified(&mut solver, &dug, &solution, &compiled.peers) {
                reason = Shortfall::Minimal;
                continue;
            }
            let regions = self.fixed.is_none().then(|| compiled.sudoku.rules().regions().cloned());
            return Ok(Generated {
                puzzle: dug.puzzle,
                solution,
                regions: regions.flatten(),
                origin: None,
                tries,
            });
        }
        Err(GenerateError::GaveUp { tries: most, reason })
    }

    /// The first solution of the empty grid under the fixed rules, searched
    /// the first time it is needed, with [`FIRST_GRID_BUDGETS`] times the
    /// node budget.
    fn first_grid(&self, solver: &mut SudokuSolver<'_>) -> Result<&Grid, GenerateError> {
        let budget = self.search_budget().saturating_mul(FIRST_GRID_BUDGETS);
        match self.first.get_or_init(|| fill::first_grid(solver, budget)) {
            Fill::Grid(grid) => Ok(grid),
            Fill::NoGrid => Err(GenerateError::NoGrid),
            Fill::TooHard => Err(GenerateError::NoGridFound { nodes: budget }),
        }
    }

    /// Whether a dug puzzle is known to be minimal: without symmetry a
    /// settled dig proves it (see `dig`'s docs); otherwise every clue is
    /// checked.
    fn certified(
        &self,
        solver: &mut SudokuSolver<'_>,
        dug: &dig::Dug,
        solution: &Grid,
        peers: &Peers,
    ) -> bool {
        if dug.settled && self.symmetry == Symmetry::None {
            return true;
        }
        dig::is_minimal(solver, &dug.puzzle, solution, peers, self.search_budget()) == Some(true)
    }

    /// The nodes one search may take: the budget, plus one per cell (a
    /// search through dancing links takes a node per cell it fills).
    fn search_budget(&self) -> u64 {
        self.budget.saturating_add(self.rules.shape().cells() as u64)
    }

    /// The random givens a full grid starts from: one per row on average.
    fn random_givens(&self) -> usize {
        self.rules.size()
    }
}

/// Whether some orbits add up to `clues` cells.
fn reachable(orbits: &[Vec<usize>], clues: usize) -> bool {
    let mut sums = vec![false; clues + 1];
    sums[0] = true;
    for orbit in orbits {
        for s in (orbit.len()..=clues).rev() {
            sums[s] |= sums[s - orbit.len()];
        }
    }
    sums[clues]
}

#[cfg(test)]
mod tests;
