//! Puzzle generation: [`Generator`] makes random puzzles with exactly one
//! solution, under any [`Rules`] (sizes, box shapes, variants, jigsaw
//! regions, fixed or random), with a [`Symmetry`] of the clues, minimal
//! or with a given number of clues.
//!
//! A puzzle is made in two steps:
//!
//! 1. a random full grid: a solution of random givens, by the engine or,
//!    past its node budget, the search by houses with restarts, then the
//!    symbols permuted at random;
//! 2. clues taken out: the symmetry's orbits of cells in a random order,
//!    each blanked and put back unless the puzzle stays unique
//!    ([`SudokuSolver::check_within`]: counting to two).
//!
//! With a rating range ([`Generator::rating`]), a third step: the puzzle
//! is rated by Sudoku Explainer's ladder ([`Ladder::standard`]) and kept
//! only if its rating is in the range ([`RatingRange`]); otherwise another
//! full grid is tried.
//!
//! The result never has an orbit of clues that could be removed (unless a
//! uniqueness check ran out of its node budget, in which case the clues
//! stay: a puzzle is always unique). Without symmetry that is a minimal
//! puzzle; [`Generator::minimal`] makes sure of it in every case, checking
//! each clue alone and making another puzzle when one could go. From 25x25
//! on, the checks past the engine's budget go to clause learning, with a
//! small limit unless the puzzle must be minimal, so there a puzzle may
//! keep a few clues that could go; a puzzle that must be minimal is given
//! up, with every other, when several checks in a row run past the limit.
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

mod classic;
mod dig;
mod error;
mod fill;
mod jigsaw;
mod probe;
mod rating;
mod rng;
mod symmetry;

use std::sync::{Arc, OnceLock};

use crate::alphabet::Alphabet;
use crate::encode::Sudoku;
use crate::error::Error;
use crate::grid::Grid;
use crate::human::{Difficulty, Ladder, Rating, Units};
use crate::regions::Regions;
use crate::rules::Rules;
use crate::solver::SudokuSolver;

pub use error::{GenerateError, Shortfall};
pub use rating::{RatingRange, RatingRangeError};
pub use rng::Rng;
pub(crate) use rng::splitmix;
pub use symmetry::Symmetry;

use fill::{Fill, Peers};
use probe::Probe;

/// The full grids [`Generator::generate`] tries by default before it gives
/// up: enough for a clue count within reach, few enough that one out of
/// reach is soon reported.
pub const DEFAULT_TRIES: u32 = 100;

/// The same for minimal puzzles with a symmetry, which few grids give (on
/// 9x9, about 1 in 50 with `rot180`, 1 in 1,600 with `rot90`).
pub const DEFAULT_SYMMETRIC_MINIMAL_TRIES: u32 = 20_000;

/// The full grids tried by default for a puzzle rated in a range
/// ([`Generator::rating`]): the hard bands are rare among random puzzles
/// (on 9x9, about one in 700 rates 7.0 or more; see
/// `docs/performance.md`), and an empty band is soon reported.
pub const DEFAULT_RATED_TRIES: u32 = 10_000;

/// The full grids tried by default with random regions
/// ([`Generator::random_regions`]), each try on a new map: many maps have
/// no grid under a variant (a 6x6 jigsaw with the diagonals took more than
/// 100 maps for some seeds), and a map without one is soon refuted.
pub const DEFAULT_RANDOM_REGIONS_TRIES: u32 = 10_000;

/// The node budget of one search, by default (on top of one node per
/// cell): ample for the searches of a 9x9 or 16x16 puzzle (a few hundred
/// nodes each, as a rule; on 16x16 a smaller budget made minimal puzzles
/// fail ten times as often), small enough that a hard one costs a fraction
/// of a second.
pub const DEFAULT_NODE_BUDGET: u64 = 1 << 16;

/// The node budget of one search by default from side
/// [`RESTART_SIDE`](crate::RESTART_SIDE) (25) on, where a search node of
/// the engine costs a hundred times more and the checks that run long are
/// nearly all those a budget cuts short anyway: on 25x25 a budget of
/// 1,024 makes puzzles within a few clues of those that 65,536 makes, in
/// seconds where that takes minutes. A clue whose check runs out stays, so
/// such puzzles are unique but not always minimal.
pub const BIG_NODE_BUDGET: u64 = 1 << 10;

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
    budget: Option<u64>,
    /// The rating range and the ladder that rates, if puzzles are rated.
    rating: Option<Arc<Rater>>,
    /// The empty grid's first solution under the fixed rules, once found.
    first: OnceLock<Fill>,
    /// The symmetry's orbits of cells, once made (drawn in a new order
    /// for each grid).
    orbits: OnceLock<Vec<Vec<usize>>>,
    /// Threads one puzzle's checks may use.
    threads: usize,
    /// Asked to stop: puzzles not yet made are given up.
    stop: dlx::Stop,
}

/// Rules compiled, with every cell's peers, and their houses for the
/// human solver once a puzzle is rated.
#[derive(Debug, Clone)]
struct Compiled {
    sudoku: Sudoku,
    peers: Peers,
    /// The dig's search, its tables built.
    probe: Probe,
    units: OnceLock<Result<Arc<Units>, Error>>,
}

impl Compiled {
    fn new(rules: Rules) -> Result<Compiled, Error> {
        let peers = Peers::new(&rules)?;
        let probe = Probe::new(&peers);
        Ok(Compiled { sudoku: Sudoku::new(rules)?, peers, probe, units: OnceLock::new() })
    }

    /// The rules' houses as the human solver sees them, built once.
    fn units(&self) -> Result<&Arc<Units>, Error> {
        let units = self.units.get_or_init(|| Units::new(self.sudoku.rules()).map(Arc::new));
        units.as_ref().map_err(Clone::clone)
    }
}

/// What rates puzzles: the range and Sudoku Explainer's ladder.
#[derive(Debug)]
struct Rater {
    range: RatingRange,
    ladder: Ladder,
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
    /// Its rating on Sudoku Explainer's scale, when puzzles are made in a
    /// rating range ([`Generator::rating`]).
    pub rating: Option<Rating>,
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

impl Generator {
    /// A generator of puzzles under these rules: no symmetry, not
    /// necessarily minimal, as few clues as it comes to, at most
    /// [`DEFAULT_TRIES`] tries and [`DEFAULT_NODE_BUDGET`] nodes a search
    /// ([`BIG_NODE_BUDGET`] from side 25 on).
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
            budget: None,
            rating: None,
            first: OnceLock::new(),
            orbits: OnceLock::new(),
            threads: 1,
            stop: dlx::Stop::new(),
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
        self.orbits = OnceLock::new();
        self
    }

    /// Makes only minimal puzzles: no clue can be removed with the puzzle
    /// staying unique (each is checked; a puzzle that fails is dropped and
    /// another made). Where uniqueness is too hard to prove (several
    /// checks in a row past clause learning's limit, as on the 36x36 grids
    /// tried), generating ends with [`Shortfall::Unprovable`].
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

    /// Makes only puzzles whose rating on Sudoku Explainer's scale is in
    /// `range` (`None`: any), as [`Ladder::standard`] rates them; see
    /// [`RatingRange`]. Each try is a new full grid dug and rated.
    pub fn rating(mut self, range: Option<RatingRange>) -> Generator {
        self.rating = range.map(|range| Arc::new(Rater { range, ladder: Ladder::standard() }));
        self
    }

    /// The rating range puzzles are made in, if any.
    pub fn get_rating(&self) -> Option<RatingRange> {
        self.rating.as_ref().map(|r| r.range)
    }

    /// The most full grids tried for one puzzle before giving up (at least
    /// 1); by default [`DEFAULT_TRIES`], [`DEFAULT_RATED_TRIES`] in a
    /// rating range, or [`DEFAULT_SYMMETRIC_MINIMAL_TRIES`] for minimal
    /// puzzles with a symmetry.
    pub fn tries(mut self, tries: u32) -> Generator {
        self.tries = Some(tries.max(1));
        self
    }

    /// The most full grids tried for one puzzle.
    pub fn get_tries(&self) -> u32 {
        match self.tries {
            Some(tries) => tries,
            None if self.rating.is_some() => DEFAULT_RATED_TRIES,
            None if self.minimal && self.symmetry != Symmetry::None => {
                DEFAULT_SYMMETRIC_MINIMAL_TRIES
            }
            None if self.fixed.is_none() => DEFAULT_RANDOM_REGIONS_TRIES,
            None => DEFAULT_TRIES,
        }
    }

    /// The most search-tree nodes one search may take, on top of one per
    /// cell of the grid: a full grid's search, or one that looks for a
    /// second solution (a clue whose check runs out of budget stays, so
    /// puzzles stay unique; a grid whose search runs out is a failed try).
    pub fn node_budget(mut self, nodes: u64) -> Generator {
        self.budget = Some(nodes.max(1));
        self
    }

    /// The threads one puzzle's uniqueness checks and rating may use (at
    /// least 1, the default): the searches by clause learning that a check
    /// needs (from 25x25 on, where the engine's budget runs out; two a
    /// check) run at the same time on up to two of them, and the rating's
    /// forcing chains on all of them ([`Walk::threads`](crate::human::Walk::threads)).
    /// The puzzles are the same whatever the number; use it when making
    /// fewer puzzles than there are cores, such as one big minimal puzzle.
    pub fn threads(mut self, threads: usize) -> Generator {
        self.threads = threads.max(1);
        self
    }

    /// Gives up on the puzzles being made once `stop` is requested (from
    /// another thread, or a signal handler): [`generate`](Self::generate)
    /// then returns [`GenerateError::Stopped`] within a few of its
    /// searches (a clause-learning check stops between conflicts).
    ///
    /// ```
    /// use sudoku_cover::generate::{GenerateError, Generator};
    /// use sudoku_cover::{Rules, Shape};
    ///
    /// let stop = dlx::Stop::new();
    /// let generator = Generator::new(Rules::new(Shape::new(3, 3)?))?.stop_on(stop.clone());
    /// assert!(generator.generate(1, 0).is_ok());
    /// stop.request();
    /// assert_eq!(generator.generate(1, 1), Err(GenerateError::Stopped));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stop_on(mut self, stop: dlx::Stop) -> Generator {
        self.stop = stop;
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
        let mut rated = Missed::default();
        let mut drawn;
        let most = self.get_tries();
        for tries in 1..=most {
            if self.stop.is_requested() {
                return Err(GenerateError::Stopped);
            }
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
                &self.stop,
            ) {
                Fill::Grid(grid) => grid,
                Fill::NoGrid | Fill::TooHard => continue,
            };
            let mut orbits =
                self.orbits.get_or_init(|| self.symmetry.orbits(self.rules.size())).clone();
            rng.shuffle(&mut orbits);
            let mut probe = compiled.probe.clone();
            let search = dig::Searches { solver: &mut solver, probe: &mut probe };
            let budget = self.search_budget();
            let (threads, peers, halt) = (self.threads, &compiled.peers, &self.stop);
            let mut checker = dig::Checker::new(search, threads, &solution, peers, budget, halt);
            checker = match self.minimal {
                true => checker.minimal(),
                false => checker.quick(),
            };
            let dug = dig::dig(&mut checker, &orbits, self.clues);
            if self.stop.is_requested() {
                return Err(GenerateError::Stopped);
            }
            // Past clause learning's reach on this grid: on the others of
            // the same size and rules too, so no more tries.
            if dug.gave_up {
                return Err(GenerateError::GaveUp { tries, reason: Shortfall::Unprovable });
            }
            if let Some(target) = self.clues.filter(|&t| t != dug.clues) {
                fewest = fewest.min(dug.clues);
                reason = Shortfall::Clues { target, fewest };
                continue;
            }
            if self.minimal && !self.certified(&mut checker, &dug) {
                if self.stop.is_requested() {
                    return Err(GenerateError::Stopped);
                }
                if checker.gave_up() {
                    return Err(GenerateError::GaveUp { tries, reason: Shortfall::Unprovable });
                }
                reason = Shortfall::Minimal;
                continue;
            }
            let rating = match &self.rating {
                Some(rater) => {
                    let units = compiled.units()?;
                    let on = (&self.stop, self.threads);
                    match rater.range.rate(&rater.ladder, units, &dug.puzzle, &solution, on) {
                        Ok(rating) => Some(rating),
                        Err(_) if self.stop.is_requested() => return Err(GenerateError::Stopped),
                        Err(reached) => {
                            reason = rated.missed(rater.range, reached);
                            continue;
                        }
                    }
                }
                None => None,
            };
            let regions = self.fixed.is_none().then(|| compiled.sudoku.rules().regions().cloned());
            return Ok(Generated {
                puzzle: dug.puzzle,
                solution,
                regions: regions.flatten(),
                origin: None,
                tries,
                rating,
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
    fn certified(&self, checker: &mut dig::Checker<'_, '_, '_>, dug: &dig::Dug) -> bool {
        if dug.settled && self.symmetry == Symmetry::None {
            return true;
        }
        dig::is_minimal(checker, &dug.puzzle) == Some(true)
    }

    /// The nodes one search may take: the budget, plus one per cell (a
    /// search through dancing links takes a node per cell it fills).
    fn search_budget(&self) -> u64 {
        let budget = self.budget.unwrap_or(match self.rules.size() >= crate::RESTART_SIDE {
            true => BIG_NODE_BUDGET,
            false => DEFAULT_NODE_BUDGET,
        });
        budget.saturating_add(self.rules.shape().cells() as u64)
    }

    /// The random givens a full grid starts from: one per row on average.
    fn random_givens(&self) -> usize {
        self.rules.size()
    }
}

/// The ratings of the tries rejected for their rating, for
/// [`Shortfall::Rating`].
#[derive(Debug, Default)]
struct Missed {
    reached: Option<(Difficulty, Difficulty)>,
    beyond: bool,
}

impl Missed {
    /// Counts in a try that reached `reached` (`None`: beyond the
    /// techniques known) and says what the tries lacked so far.
    fn missed(&mut self, range: RatingRange, reached: Option<Difficulty>) -> Shortfall {
        match reached {
            Some(d) => {
                let (lo, hi) = self.reached.unwrap_or((d, d));
                self.reached = Some((lo.min(d), hi.max(d)));
            }
            None => self.beyond = true,
        }
        Shortfall::Rating { range, reached: self.reached, beyond: self.beyond }
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
