//! The public face of the search: [`Solver`] finds, counts and enumerates
//! the solutions of a [`Problem`], with one of three engines behind it.
//!
//! - [`Links`](crate::links): Knuth's dancing links, for every problem
//!   (Algorithms X, C and M);
//! - the counted bit engine ([`Bits`](crate::bits) over `Counted`): for
//!   exact cover with or without colors with up to 262,144 options, where
//!   it is faster than dancing links; its state a bitset of live options
//!   and a count per item;
//! - the bit-sliced engine ([`Bits`](crate::bits) over `Sliced`): the same
//!   search loop with its state bit-sliced by item, for plain problems
//!   whose tables are small (a 9x9 sudoku, n queens), where it is faster
//!   still.
//!
//! They visit the same search tree and report the same solutions in the
//! same order; [`Config::engine`] picks one, by default automatically.
//! The solver drives each through the calls of `engine::Search`, and
//! keeps what is the same for all (the forced options, the solution, the
//! time, the estimate of the nodes left).

use std::time::Instant;

use crate::bits::{Bits, Bounded, Counted, Sliced};
use crate::config::{Config, Engine, Heuristic, Memo};
use crate::engine::Search;
use crate::error::{Error, ErrorKind};
use crate::id::OptionId;
use crate::links::Links;
use crate::problem::Problem;
use crate::progress::Tracker;
use crate::stats::Stats;
use crate::status::Status;

mod progress;
mod resume;

/// Nodes [`Solver::count_within`] searches between looks at its limits, at
/// most (a few milliseconds on the reference problems).
const SLICE: u64 = 1 << 16;

/// What [`Solver::split_floor`] gives away: the levels down to the floor
/// (its own included, with the branch taken), and the branches given away.
pub(crate) type Donation = (Vec<(u32, u32)>, std::ops::RangeInclusive<u32>);

#[derive(Debug, Clone)]
enum Backend<'p> {
    Links(Links<'p>),
    /// The bit-parallel engine with one-byte counts.
    Bits8(Bits<Counted<'p, u8>>),
    /// The bit-parallel engine with two-byte counts.
    Bits16(Bits<Counted<'p, u16>>),
    /// The bit-parallel engine, bit-sliced.
    Sliced(Bits<Sliced<'p>>),
    /// The bit-parallel engine for multiplicities.
    Bounded(Bounded<'p>),
}

impl<'p> Backend<'p> {
    /// The engine, as the calls every engine answers.
    #[inline]
    fn search(&self) -> &(dyn Search + 'p) {
        match self {
            Backend::Links(e) => e,
            Backend::Bits8(e) => e,
            Backend::Bits16(e) => e,
            Backend::Sliced(e) => e,
            Backend::Bounded(e) => e,
        }
    }

    /// The engine, as the calls every engine answers.
    #[inline]
    fn search_mut(&mut self) -> &mut (dyn Search + 'p) {
        match self {
            Backend::Links(e) => e,
            Backend::Bits8(e) => e,
            Backend::Bits16(e) => e,
            Backend::Sliced(e) => e,
            Backend::Bounded(e) => e,
        }
    }
}

/// Searches one [`Problem`]: finds, counts and enumerates its solutions.
///
/// The solver owns the mutable search state; the problem stays untouched,
/// so one problem can feed many solvers (one per thread, say). A solver can
/// be [`reset`](Self::reset) and reused without reallocating.
///
/// A solution is reported as the ids of its options: first the options
/// forced with [`choose`](Self::choose), in the order they were forced, then
/// the options the search chose, from the top of the search tree down.
///
/// ```
/// use dlx::{Problem, Solver};
///
/// let problem = Problem::parse_knuth("A B C\nA B\nC\nA\nB C\n")?;
/// let mut solver = Solver::new(&problem);
/// let mut solutions: Vec<Vec<String>> = solver
///     .solutions()
///     .map(|s| s.iter().map(|&o| problem.format_option(o)).collect())
///     .collect();
/// solutions.sort();
/// assert_eq!(solutions, [vec!["A", "B C"], vec!["A B", "C"]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Solver<'p> {
    pub(crate) problem: &'p Problem,
    pub(crate) config: Config,
    backend: Backend<'p>,
    pub(crate) forced: Vec<OptionId>,
    solution: Vec<OptionId>,
    elapsed: std::time::Duration,
    /// Updates made before the search was resumed here.
    updates_before: u64,
    /// The estimate of the nodes left, made on the first call of
    /// [`progress`](Self::progress) (so that a search never asked pays
    /// nothing).
    tracker: Option<Box<Tracker<'p>>>,
}

impl<'p> Solver<'p> {
    /// A solver with the default [`Config`].
    pub fn new(problem: &'p Problem) -> Solver<'p> {
        Solver::with_config(problem, Config::default())
    }

    /// A solver with the given settings.
    pub fn with_config(problem: &'p Problem, config: Config) -> Solver<'p> {
        Solver {
            problem,
            config,
            backend: Solver::backend(problem, config),
            forced: Vec::new(),
            solution: Vec::new(),
            elapsed: std::time::Duration::ZERO,
            updates_before: 0,
            tracker: None,
        }
    }

    /// The engine [`Solver::engine_for`] picks, made.
    fn backend(problem: &'p Problem, config: Config) -> Backend<'p> {
        let (heuristic, propagation) = (config.get_heuristic(), config.get_propagation());
        let seed = config.get_seed();
        match (Solver::engine_for(problem, config), problem.bits.as_ref()) {
            (Engine::BitBounded, _) => Backend::Bounded(Bounded::new(
                problem,
                heuristic == Heuristic::First,
                config.get_memo(),
            )),
            (Engine::BitSliced, Some(b)) => match Sliced::new(b, heuristic, propagation) {
                Some(s) => Backend::Sliced(Bits::new(s, None)),
                None => unreachable!("engine_for checked the table"),
            },
            (Engine::Bitset, Some(b)) if b.narrow() => {
                Backend::Bits8(Bits::new(Counted::new(b, heuristic, propagation), seed))
            }
            (Engine::Bitset, Some(b)) => {
                Backend::Bits16(Bits::new(Counted::new(b, heuristic, propagation), seed))
            }
            _ => Backend::Links(Links::new(problem, heuristic, seed)),
        }
    }

    /// The settings a listing of the solutions runs with: `config`, but
    /// under [`Engine::Auto`] with counts memoized (the default) the
    /// engine picked for a walk without the table of counted subtrees,
    /// which only a count uses: on problems with multiplicities the table
    /// makes the bounded engine the fastest to count, not always to list.
    /// [`Parallel::for_each`](crate::Parallel::for_each) and
    /// [`Parallel::first`](crate::Parallel::first) run with these, and a
    /// [`Solver`] moves to them at its first step if that step is a
    /// listing's (see [`run`](Self::run)).
    ///
    /// ```
    /// use dlx::{Config, Engine, Memo, Problem, Solver};
    ///
    /// // Many items, each option in few of them: dancing links list faster.
    /// let mut text = String::new();
    /// for i in 0..200 {
    ///     text += &format!("0:2|i{i} ");
    /// }
    /// text += "\n";
    /// for i in 0..200 {
    ///     text += &format!("i{i} i{}\n", (i + 1) % 200);
    /// }
    /// let problem = Problem::parse_knuth(&text)?;
    /// let config = Config::new();
    /// assert_eq!(Solver::engine_for(&problem, config), Engine::BitBounded);
    /// let listing = Solver::listing_config(&problem, config);
    /// assert_eq!(Solver::engine_for(&problem, listing), Engine::DancingLinks);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn listing_config(problem: &Problem, config: Config) -> Config {
        let off = config.memo(Memo::Off);
        if config.get_engine() == Engine::Auto
            && config.get_memo().is_on()
            && Solver::engine_for(problem, config) != Solver::engine_for(problem, off)
        {
            off.engine(Solver::engine_for(problem, off))
        } else {
            config
        }
    }

    /// Before the first step of a search that lists solutions: the
    /// engine for a listing ([`listing_config`](Self::listing_config)),
    /// the forced options chosen again. A search that has taken a step,
    /// entered a position or resumed a checkpoint keeps its engine.
    pub(crate) fn settle_for_listing(&mut self) {
        let search = self.backend.search();
        if search.stats().nodes != 0 || !search.levels().is_empty() {
            return;
        }
        let listing = Solver::listing_config(self.problem, self.config);
        if listing != self.config {
            let mut backend = Solver::backend(self.problem, listing);
            backend.search_mut().choose_all(&self.forced).expect("forced before");
            self.backend = backend;
            self.tracker = None;
        }
    }

    /// The engine a solver with settings `config` runs on `problem`:
    /// [`Engine::DancingLinks`], [`Engine::Bitset`], [`Engine::BitSliced`]
    /// or [`Engine::BitBounded`] (never `Auto`), as [`Solver::engine`]
    /// will say. Multiplicities take the bounded form where it can run and
    /// a bit engine is forced, or under `Auto` where it is faster (see
    /// [`Engine::BitBounded`]); the other bit engines take none;
    /// the bit-sliced form takes no colors, needs a small table and does
    /// not randomize or weigh items, so a seeded, colored or
    /// [`Heuristic::ConflictWeighted`] search takes the counted form.
    ///
    /// ```
    /// use dlx::{Config, Engine, ProblemBuilder, Solver};
    ///
    /// let mut b = ProblemBuilder::new();
    /// let (x, y) = (b.add_primary("x"), b.add_primary("y"));
    /// b.add_option([x, y]);
    /// let problem = b.build()?;
    /// assert_eq!(Solver::engine_for(&problem, Config::new()), Engine::BitSliced);
    /// let links = Config::new().engine(Engine::DancingLinks);
    /// assert_eq!(Solver::engine_for(&problem, links), Engine::DancingLinks);
    /// assert_eq!(Solver::with_config(&problem, links).engine(), Engine::DancingLinks);
    /// # Ok::<(), dlx::Error>(())
    /// ```
    pub fn engine_for(problem: &Problem, config: Config) -> Engine {
        match (config.get_engine(), problem.bits.as_ref()) {
            (Engine::DancingLinks, _) => Engine::DancingLinks,
            (_, None)
                if problem
                    .bounded
                    .as_ref()
                    .is_some_and(|m| m.runs(config.get_engine(), config.get_memo().is_on())) =>
            {
                Engine::BitBounded
            }
            (_, None) => Engine::DancingLinks,
            (Engine::BitBounded, _) => Solver::engine_for(problem, config.engine(Engine::Bitset)),
            // The bit-sliced form does not randomize.
            (Engine::Bitset, _) => Engine::Bitset,
            // Nor does it weigh items.
            (_, Some(_))
                if config.get_seed().is_some()
                    || config.get_heuristic() == Heuristic::ConflictWeighted =>
            {
                Engine::Bitset
            }
            (_, Some(b)) if b.sliced().is_some() => Engine::BitSliced,
            (_, Some(_)) => Engine::Bitset,
        }
    }

    /// The problem this solver searches.
    pub fn problem(&self) -> &'p Problem {
        self.problem
    }

    /// The solver's settings.
    pub fn config(&self) -> Config {
        self.config
    }

    /// The engine the solver runs: [`Engine::DancingLinks`],
    /// [`Engine::Bitset`], [`Engine::BitSliced`] or [`Engine::BitBounded`]
    /// (never `Auto`). A listing may move to another engine at its first
    /// step (see [`run`](Self::run)).
    pub fn engine(&self) -> Engine {
        match self.backend {
            Backend::Links(_) => Engine::DancingLinks,
            Backend::Bits8(_) | Backend::Bits16(_) => Engine::Bitset,
            Backend::Sliced(_) => Engine::BitSliced,
            Backend::Bounded(_) => Engine::BitBounded,
        }
    }

    /// What the search has done since the solver was created or reset.
    pub fn stats(&self) -> Stats {
        let mut s = self.backend.search().stats();
        s.elapsed = self.elapsed;
        s.updates += self.updates_before;
        s
    }

    /// The options forced with [`choose`](Self::choose).
    pub fn forced(&self) -> &[OptionId] {
        &self.forced
    }

    /// Forgets the search and every forced option, and clears the
    /// statistics: the solver is as new, but keeps its memory.
    pub fn reset(&mut self) {
        self.backend.search_mut().reset();
        self.forced.clear();
        self.elapsed = std::time::Duration::ZERO;
        self.updates_before = 0;
        self.tracker = None;
    }

    /// Starts the search over with another seed (see [`Config::seed`]),
    /// keeping the forced options, and clears the statistics: a randomized
    /// restart. With `None` the search goes back to the problem's order.
    /// The engine is the one the new settings pick: a seeded search does
    /// not run the bit-sliced form (see [`Config::seed`]).
    pub fn reseed(&mut self, seed: Option<u64>) {
        let config = self.config.seed(seed);
        if Solver::engine_for(self.problem, config) != self.engine() {
            let forced = std::mem::take(&mut self.forced);
            *self = Solver::with_config(self.problem, config);
            self.choose_all(&forced).expect("forced before");
            return;
        }
        self.backend.search_mut().reseed(seed);
        self.config = config;
        self.tracker = None;
        self.reset_search();
    }

    /// Forces an option into every solution, as if the search had chosen it
    /// (a sudoku's givens, say). Any search in progress starts over.
    ///
    /// Fails with [`ErrorKind::Conflict`] if the option clashes with the
    /// options forced before it; the solver is then unchanged.
    pub fn choose(&mut self, option: OptionId) -> Result<(), Error> {
        self.backend.search_mut().choose(option)?;
        self.forced.push(option);
        self.tracker = None;
        Ok(())
    }

    /// Forces several options, as [`choose`](Self::choose) one after the
    /// other would (the bit-parallel engine does it in one sweep: a sudoku's
    /// givens take a sixth fewer instructions). Fails with
    /// [`ErrorKind::Conflict`] naming the first option that clashes with
    /// the options forced before it, in the solver or earlier in `options`;
    /// the forced options are then as they were.
    pub fn choose_all(&mut self, options: &[OptionId]) -> Result<(), Error> {
        self.backend.search_mut().choose_all(options)?;
        self.forced.extend_from_slice(options);
        self.tracker = None;
        Ok(())
    }

    /// Finds the next solution and returns its options, or `None` when
    /// there are no more.
    pub fn next_solution(&mut self) -> Option<&[OptionId]> {
        match self.run(u64::MAX) {
            Status::Solution => Some(&self.solution),
            Status::Done | Status::Paused => None,
        }
    }

    /// The solutions not yet found, lazily.
    pub fn solutions(&mut self) -> Solutions<'_, 'p> {
        Solutions { solver: self }
    }

    /// The next solution, if any.
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        self.next_solution().map(<[OptionId]>::to_vec)
    }

    /// Counts the solutions not yet found.
    pub fn count(&mut self) -> u128 {
        self.count_up_to(u128::MAX)
    }

    /// Counts solutions, stopping at `limit`: `count_up_to(2)` tells
    /// none, unique and several apart.
    pub fn count_up_to(&mut self, limit: u128) -> u128 {
        let start = Instant::now();
        let n = self.backend.search_mut().count(u64::MAX, limit).0;
        self.elapsed += start.elapsed();
        n
    }

    /// Counts solutions as [`count_up_to`](Self::count_up_to) does, and
    /// keeps the first one found: returns the count and, if it is not 0,
    /// that solution's options (as [`solution`](Self::solution) will say
    /// until the next call that finds one). `count_up_to_keeping_first(2)`
    /// solves a puzzle and proves it unique in one timed call.
    ///
    /// ```
    /// use dlx::{Problem, Solver};
    ///
    /// let problem = Problem::parse_knuth("A B C\nA B\nC\nA\nB C\n")?;
    /// let mut solver = Solver::new(&problem);
    /// let (count, first) = solver.count_up_to_keeping_first(2);
    /// let first = first.map(<[_]>::to_vec);
    /// assert_eq!(count, 2);
    /// solver.reset();
    /// assert_eq!(first, solver.first());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_up_to_keeping_first(&mut self, limit: u128) -> (u128, Option<&[OptionId]>) {
        if limit == 0 {
            return (0, None);
        }
        let start = Instant::now();
        let search = self.backend.search_mut();
        let n = match search.run(u64::MAX) {
            Status::Solution => {
                self.solution.clear();
                self.solution.extend_from_slice(&self.forced);
                search.chosen(&mut self.solution);
                1 + search.count(u64::MAX, limit - 1).0
            }
            Status::Done | Status::Paused => 0,
        };
        self.elapsed += start.elapsed();
        (n, (n > 0).then_some(&self.solution[..]))
    }

    /// Calls `visit` with each solution until it returns `false`. Returns
    /// the number of solutions visited.
    pub fn visit<F: FnMut(&[OptionId]) -> bool>(&mut self, mut visit: F) -> u128 {
        let mut n = 0;
        while self.run(u64::MAX) == Status::Solution {
            n += 1;
            if !visit(&self.solution) {
                break;
            }
        }
        n
    }

    /// Searches on for at most `max_nodes` more search-tree nodes: until a
    /// solution ([`Status::Solution`]), the end of the search
    /// ([`Status::Done`]) or the budget runs out ([`Status::Paused`]).
    /// This is the building block of time limits and progress reports.
    ///
    /// The first step of a search lists solutions, so under
    /// [`Engine::Auto`] a solver whose engine was picked for memoized
    /// counts (the bounded engine, on problems with multiplicities) moves
    /// first to the engine picked for a walk without the table, the one
    /// [`Solver::engine_for`] gives with [`Memo::Off`]; [`engine`](Self::engine)
    /// then says which. The solutions are the same.
    pub fn run(&mut self, max_nodes: u64) -> Status {
        if matches!(self.backend, Backend::Bounded(_)) {
            self.settle_for_listing();
        }
        let start = Instant::now();
        let status = self.backend.search_mut().run(max_nodes);
        self.elapsed += start.elapsed();
        if status == Status::Solution {
            self.solution.clear();
            self.solution.extend_from_slice(&self.forced);
            self.backend.search().chosen(&mut self.solution);
        }
        status
    }

    /// Searches on for at most `max_nodes` more nodes, counting solutions
    /// without reporting them, up to `limit` of them: returns the count
    /// and whether the search is over ([`Status::Done`]), the budget ran
    /// out ([`Status::Paused`]) or the count reached `limit`
    /// ([`Status::Solution`]).
    pub(crate) fn count_slice(&mut self, max_nodes: u64, limit: u128) -> (u128, Status) {
        let start = Instant::now();
        let (n, status) = self.backend.search_mut().count(max_nodes, limit);
        self.elapsed += start.elapsed();
        (n, status)
    }

    /// The solution found by the last call that found one.
    pub fn solution(&self) -> &[OptionId] {
        &self.solution
    }

    /// The dancing-links engine, if the solver runs it.
    pub(crate) fn links(&self) -> Option<&Links<'p>> {
        match &self.backend {
            Backend::Links(e) => Some(e),
            Backend::Bits8(_) | Backend::Bits16(_) | Backend::Sliced(_) | Backend::Bounded(_) => {
                None
            }
        }
    }
}

/// The solutions of a [`Solver`], found lazily. Created by
/// [`Solver::solutions`].
#[derive(Debug)]
pub struct Solutions<'s, 'p> {
    solver: &'s mut Solver<'p>,
}

impl Iterator for Solutions<'_, '_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        self.solver.next_solution().map(<[OptionId]>::to_vec)
    }
}

impl std::iter::FusedIterator for Solutions<'_, '_> {}

/// The error of a position `k` of a checkpoint that is not in the tree,
/// from `level` (both from 0) down.
pub(crate) fn not_in_tree(k: usize, level: usize) -> Error {
    Error::new(ErrorKind::CheckpointMismatch(format!(
        "position {} of the checkpoint is not in this search tree (level {} of its path is not)",
        k + 1,
        level + 1
    )))
}
