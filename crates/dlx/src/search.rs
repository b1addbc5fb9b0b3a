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

use crate::bits::{Bits, Counted, Sliced};
use crate::checkpoint::{Checkpoint, Fingerprint, Position};
use crate::config::{Config, Engine, Heuristic};
use crate::engine::Search;
use crate::error::{Error, ErrorKind};
use crate::estimate::Estimate;
use crate::id::OptionId;
use crate::limits::{Limits, Outcome, SLICE_TIME};
use crate::links::Links;
use crate::problem::Problem;
use crate::progress::Tracker;
use crate::stats::Stats;
use crate::status::Status;

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
        let (heuristic, propagation) = (config.get_heuristic(), config.get_propagation());
        let seed = config.get_seed();
        let backend = match (Solver::engine_for(problem, config), problem.bits.as_ref()) {
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
        };
        Solver {
            problem,
            config,
            backend,
            forced: Vec::new(),
            solution: Vec::new(),
            elapsed: std::time::Duration::ZERO,
            updates_before: 0,
            tracker: None,
        }
    }

    /// The engine a solver with settings `config` runs on `problem`:
    /// [`Engine::DancingLinks`], [`Engine::Bitset`] or
    /// [`Engine::BitSliced`] (never `Auto`), as [`Solver::engine`] will say.
    /// The bit engines take no multiplicities (see [`Engine::Bitset`]);
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
            (Engine::DancingLinks, _) | (_, None) => Engine::DancingLinks,
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
    /// [`Engine::Bitset`] or [`Engine::BitSliced`] (never `Auto`).
    pub fn engine(&self) -> Engine {
        match self.backend {
            Backend::Links(_) => Engine::DancingLinks,
            Backend::Bits8(_) | Backend::Bits16(_) => Engine::Bitset,
            Backend::Sliced(_) => Engine::BitSliced,
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
    pub fn run(&mut self, max_nodes: u64) -> Status {
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
    /// without reporting them: returns the count and whether the search is
    /// over ([`Status::Done`]) or the budget ran out ([`Status::Paused`]).
    pub(crate) fn count_slice(&mut self, max_nodes: u64) -> (u64, Status) {
        let start = Instant::now();
        let (n, status) = self.backend.search_mut().count(max_nodes, u128::MAX);
        self.elapsed += start.elapsed();
        (n as u64, status)
    }

    /// The solution found by the last call that found one.
    pub fn solution(&self) -> &[OptionId] {
        &self.solution
    }

    /// Where the search stands: the branch taken at each level (counting
    /// from 0) out of how many, from the top of the tree down.
    pub fn position(&self) -> Vec<(u32, u32)> {
        self.backend.search().levels()
    }

    /// An estimate of the fraction of the search tree explored so far:
    /// the nodes searched ([`Stats::nodes`], those before a
    /// [resume](Self::resume) included) over those plus the estimated
    /// [nodes left](Self::nodes_left). 1 once the search is over.
    ///
    /// Unlike the positions of the branches alone (which take every branch
    /// of a level to be the same size, and so freeze or jump on a lopsided
    /// tree), it weighs each branch by an estimate of its subtree's size:
    /// the branches not yet tried at each level of the path are sized by
    /// the branches seen finished there and by Knuth's random probes, a
    /// few per call, within a budget of about 1% of the search's own work
    /// (see [`nodes_left`](Self::nodes_left)). It
    /// is an estimate: when new probes find more tree than thought it steps
    /// back, but by at most 0.02 from one call to the next (the estimate of
    /// the nodes left is not held back so). The first call sets the
    /// estimator up (a copy of the problem's links); a search never asked
    /// pays nothing.
    pub fn progress(&mut self) -> f64 {
        if self.backend.search().done() {
            return 1.0;
        }
        let done = self.stats().nodes() as f64;
        let left = self.estimate_left().iter().sum();
        self.tracker().fraction(done, left)
    }

    /// The estimated number of search-tree nodes left to search (0 once
    /// the search is over): at each level of the path from the top, the
    /// branches not yet tried there times the estimated size of one.
    ///
    /// That size is the mean size of the level's branches seen searched to
    /// their end (measured between calls: the nodes searched while the
    /// branch taken there moved on), each counting as 256 probes, and of
    /// Knuth's random-path estimates ("probes") of its untried branches:
    /// a probe takes one at random and walks a random path down from it,
    /// on a copy of the problem, never on the search's own state. Finished
    /// branches are exact where a probe is a rough guess (often too small
    /// on a lopsided tree), so they take the lead once there are any. A
    /// level with neither takes the size of a branch of the level above,
    /// shared evenly among its own branches. A level keeps what it learnt
    /// while the path above it stays, so the top levels, which hold most
    /// of the tree, are the best known.
    ///
    /// Probes cost a step per level walked, about a node's work: each call
    /// may spend 1 step per 2,048 nodes searched since the one before (1,024
    /// at the first call, and the level at the floor gets 8 probes at
    /// least). Where the probes' tree is not the search's (the bit
    /// engine's [`Propagation::Dominance`](crate::Propagation::Dominance))
    /// there are no probes, only the branches seen finished and, where
    /// none are, the branch being searched (the nodes searched since it
    /// was first seen, plus the estimate below it).
    pub fn nodes_left(&mut self) -> f64 {
        if self.backend.search().done() {
            return 0.0;
        }
        self.estimate_left().iter().sum()
    }

    /// The estimated nodes left in the subtree this search owns, per level
    /// from its floor down (see [`nodes_left`](Self::nodes_left)).
    pub(crate) fn estimate_left(&mut self) -> Vec<f64> {
        let (path, floor): (Vec<(u32, u32)>, usize) =
            (self.backend.search().levels(), self.backend.search().floor());
        let nodes = self.backend.search().stats().nodes;
        self.tracker().update(&path, floor, nodes)
    }

    /// The estimator of the nodes left, set up on first use: its probes
    /// walk a dancing-links copy of the problem, whose tree is the
    /// search's but under the bit engine's dominance pass.
    fn tracker(&mut self) -> &mut Tracker<'p> {
        let probes = self.engine() == Engine::DancingLinks
            || self.config.get_propagation() != crate::config::Propagation::Dominance;
        let (problem, config, forced) = (self.problem, self.config, &self.forced);
        self.tracker.get_or_insert_with(|| Box::new(Tracker::new(problem, config, forced, probes)))
    }

    /// Takes `size` as the estimated size of the subtree at the floor, for
    /// the estimate of the nodes left of a search about to begin there
    /// (a parallel task, sized by its donor).
    pub(crate) fn set_prior(&mut self, size: f64) {
        self.estimate_left();
        self.tracker().set_prior(size);
    }

    /// The estimated size of the subtree at the node the search is to
    /// enter next, by probes (0 without probes); for a search that has not
    /// begun there (a task not yet started).
    pub(crate) fn estimate_next(&mut self) -> f64 {
        self.estimate_left();
        self.tracker().subtree()
    }

    /// Whether the estimate of the nodes left has probes (not under the
    /// bit engine's dominance pass).
    pub(crate) fn probes_fit(&mut self) -> bool {
        self.tracker().fits()
    }

    /// Adds probe steps to the budget of the estimate of the nodes left
    /// (see [`nodes_left`](Self::nodes_left)).
    pub(crate) fn grant_probes(&mut self, steps: f64) {
        if let Some(t) = &mut self.tracker {
            t.grant(steps);
        }
    }

    /// The probe steps the estimate of the nodes left has taken so far.
    pub fn probe_steps(&self) -> u64 {
        self.tracker.as_ref().map_or(0, |t| t.steps())
    }

    /// Knuth's random-path estimate (1975): walks `samples` random paths
    /// from the top of the tree, choosing each branch uniformly, and
    /// averages the tree size and solution count each path implies. The
    /// search is started over first; options forced with
    /// [`choose`](Self::choose) stay forced. The same seed gives the same
    /// estimate.
    pub fn estimate(&mut self, samples: u64, seed: u64) -> Estimate {
        match &mut self.backend {
            Backend::Links(e) => e.estimate(samples, seed),
            Backend::Bits8(_) | Backend::Bits16(_) | Backend::Sliced(_) => {
                // The random walks are written for dancing links; the two
                // engines have the same tree, so walk it there.
                let mut links = Links::new(self.problem, self.config.get_heuristic(), None);
                for &o in &self.forced {
                    links.choose(o).expect("forced before");
                }
                self.reset_search();
                links.estimate(samples, seed)
            }
        }
    }

    /// Counts solutions until the end of the search or a limit (nodes,
    /// time, a [`Stop`](crate::Stop)), looking at the limits between slices
    /// of the search ([`run`](Self::run) with a node budget), and returns
    /// the [`Outcome`]: the solutions and statistics since the solver was
    /// created, reset or [resumed](Self::resume) (those before the resume
    /// included), and where the search stands if it stopped early
    /// ([`Outcome::checkpoint`]). Calling it again goes on where it stopped.
    ///
    /// ```
    /// use dlx::{Limits, Problem, Solver};
    ///
    /// let problem = Problem::parse_knuth("A B C\nA\nB\nC\nA B\nB C\n")?;
    /// let mut solver = Solver::new(&problem);
    /// let partial = solver.count_within(&Limits::new().nodes(2));
    /// assert!(!partial.complete && partial.checkpoint.is_some());
    /// let outcome = solver.count_within(&Limits::new());
    /// assert!(outcome.complete);
    /// assert_eq!(outcome.solutions, 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_within(&mut self, limits: &Limits) -> Outcome {
        let start = Instant::now();
        let deadline = limits.deadline(start);
        let mut budget = limits.get_nodes().unwrap_or(u64::MAX);
        let mut slice = SLICE;
        while budget > 0 {
            let (before, started) = (self.stats().nodes(), Instant::now());
            if self.count_slice(slice.min(budget)).1 == Status::Done {
                break;
            }
            budget = budget.saturating_sub(self.stats().nodes() - before);
            if limits.reached(deadline) {
                break;
            }
            if started.elapsed() > SLICE_TIME {
                slice = (slice / 2).max(1);
            }
        }
        let checkpoint = self.checkpoint();
        let stats = self.stats();
        let complete = checkpoint.is_finished();
        Outcome {
            solutions: stats.solutions,
            stats,
            wall: start.elapsed(),
            complete,
            checkpoint: (!complete).then_some(checkpoint),
        }
    }

    /// Where the search stands, as a [`Checkpoint`] that another solver (or
    /// a [`Parallel`](crate::Parallel) search) can [resume](Self::resume):
    /// the next node to enter (none if the search is over), the statistics
    /// so far (the solutions found among them) and a fingerprint of the
    /// problem, the settings and the forced options.
    ///
    /// The search is between two nodes. Right after a solution, it first
    /// moves on to the next node without entering it (as the next
    /// [`run`](Self::run) would; no node is counted and
    /// [`solution`](Self::solution) is kept), so that the checkpoint names
    /// work not yet done.
    pub fn checkpoint(&mut self) -> Checkpoint {
        let position = self.open_position();
        Checkpoint::new(self.fingerprint(), self.stats(), position.into_iter().collect())
    }

    /// Goes on from a [`Checkpoint`]: forgets the current search and stands
    /// where the checkpoint does, with its statistics, so that counting on
    /// gives exactly the count (and the search-tree nodes) of a search
    /// never interrupted. Make the solver as the checkpoint's was: the same
    /// problem and [`Config`] (the engine that ran), and the same options
    /// forced, in the same order.
    ///
    /// Fails with [`ErrorKind::CheckpointMismatch`] if they differ, if the
    /// checkpoint's position is not in this search tree, or if it has more
    /// than one open position (a parallel search's: resume it with
    /// [`Parallel::resume`](crate::Parallel::resume)); the solver's search
    /// and statistics are then forgotten, its forced options kept.
    pub fn resume(&mut self, checkpoint: &Checkpoint) -> Result<(), Error> {
        self.config.get_heuristic().replayable("resuming a checkpoint")?;
        self.reset_search();
        checkpoint.fingerprint.check(&self.fingerprint())?;
        match checkpoint.positions() {
            [] => self.backend.search_mut().finish(),
            [p] => self.enter(p).map_err(|level| not_in_tree(0, level))?,
            many => {
                return Err(Error::new(ErrorKind::CheckpointMismatch(format!(
                    "the checkpoint has {} open positions (a parallel search's); \
                     resume it with `Parallel::resume`",
                    many.len()
                ))));
            }
        }
        self.backend.search_mut().restore(checkpoint.stats);
        self.updates_before = checkpoint.stats.updates;
        self.elapsed = checkpoint.stats.elapsed;
        Ok(())
    }

    /// Forgets the search (keeping the forced options) and clears the
    /// statistics.
    pub(crate) fn reset_search(&mut self) {
        self.backend.search_mut().reset_search();
        if let Some(t) = &mut self.tracker {
            t.forget();
        }
        self.elapsed = std::time::Duration::ZERO;
        self.updates_before = 0;
    }

    /// What a checkpoint of this solver is made for.
    pub(crate) fn fingerprint(&self) -> Fingerprint {
        let config = self.config.engine(self.engine());
        Fingerprint::new(self.problem, config, &self.forced)
    }

    /// Stands before the node at `position`, owning the subtree at its
    /// floor; the statistics are left alone. If the position is not in the
    /// tree (its path leaves the tree, or a level's degree differs), the
    /// search is left at the top and the error is the first level that
    /// differs.
    pub(crate) fn enter(&mut self, position: &Position) -> Result<(), usize> {
        let (levels, path) = (position.levels(), position.path());
        // Whether the first `k` levels are in the tree.
        let fits = |s: &mut Self, k: usize| {
            s.descend(&path[..k]) && s.backend.search().levels()[..] == levels[..k]
        };
        if fits(self, levels.len()) {
            self.backend.search_mut().set_floor(position.floor());
            return Ok(());
        }
        // The first level that is not, for the message.
        let (mut good, mut bad) = (0, levels.len());
        while bad - good > 1 {
            let mid = (good + bad) / 2;
            if fits(self, mid) { good = mid } else { bad = mid }
        }
        self.backend.search_mut().unwind();
        Err(good)
    }

    /// The next node to enter, as a position (see [`checkpoint`](Self::checkpoint)),
    /// or `None` if the search is over.
    pub(crate) fn open_position(&mut self) -> Option<Position> {
        if self.run(0) == Status::Done {
            return None;
        }
        let floor = self.backend.search().floor();
        Some(Position::new(self.position(), floor))
    }

    /// Walks down the tree along `path`; see `Links::descend`.
    pub(crate) fn descend(&mut self, path: &[u32]) -> bool {
        self.backend.search_mut().descend(path)
    }

    /// Gives away the untried branches of the level at the floor (the
    /// highest level this search owns): raises the floor by one and returns
    /// the levels down to it (its own included) and the branches this
    /// solver will no longer search (possibly none). A branch may turn out
    /// not to exist (under Algorithm M a level can have fewer branches than
    /// its degree); `descend` refuses those.
    pub(crate) fn split_floor(&mut self) -> Option<Donation> {
        let floor = self.backend.search().floor();
        let mut levels = self.position();
        let &(branch, degree) = levels.get(floor)?;
        self.backend.search_mut().set_floor(floor + 1);
        levels.truncate(floor + 1);
        Some((levels, branch + 1..=degree.max(branch + 1) - 1))
    }

    /// The dancing-links engine, if the solver runs it.
    pub(crate) fn links(&self) -> Option<&Links<'p>> {
        match &self.backend {
            Backend::Links(e) => Some(e),
            Backend::Bits8(_) | Backend::Bits16(_) | Backend::Sliced(_) => None,
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
