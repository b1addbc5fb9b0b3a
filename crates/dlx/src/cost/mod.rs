//! Minimum-cost exact cover (Knuth's DLX5): [`Solver::min_cost`] and
//! [`Solver::min_cost_within`] find the k cheapest solutions of a problem
//! whose options have costs, by branch and bound on dancing links; the
//! [`Costed`] solutions and the [`CostOutcome`]; `Best`, the k best so far,
//! which a parallel search ([`Parallel::min_cost`](crate::Parallel::min_cost),
//! `parallel.rs`) shares between its threads.
//!
//! Solutions rank by cost, then by their options' ids, sorted, compared in
//! order: a rule that does not depend on the order of the search, so the k
//! best are the same on any number of threads. (The search itself depends
//! on the solutions found, which cut it; that is why a tie is not settled
//! by which solution a search meets first.) How the search cuts (item
//! taxes, lists sorted by cost, covers within a threshold) is
//! `links/cost/`'s job.

mod parallel;

use std::time::{Duration, Instant};

use crate::config::Engine;
use crate::engine::{Search, Walked};
use crate::error::{Error, ErrorKind};
use crate::id::OptionId;
use crate::limits::{Limits, SLICE_TIME};
use crate::links::{Links, NO_CUTOFF};
use crate::search::Solver;
use crate::stats::Stats;
use crate::status::Status;

/// One solution of a minimum-cost search: what its options cost in total,
/// and the options, forced ones included, in id order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Costed {
    /// The sum of the options' costs ([`Problem::cost`](crate::Problem::cost)).
    pub cost: u64,
    /// The options of the solution, in id order.
    pub options: Vec<OptionId>,
}

/// What a minimum-cost search found: the cheapest solutions, cheapest
/// first, and whether they are proven to be the cheapest.
#[derive(Debug, Clone, Default, PartialEq)]
#[non_exhaustive]
pub struct CostOutcome {
    /// At most k solutions, cheapest first; among equal costs, the one
    /// whose options' ids, sorted, come first in dictionary order (so the
    /// list is the same on any number of threads). Fewer than k when the
    /// problem has fewer solutions, or when the search stopped early.
    pub solutions: Vec<Costed>,
    /// Whether the whole tree was searched (cut by the bound), so that
    /// `solutions` are the k cheapest. When `false` (a limit or a stop
    /// request came first) they are only the cheapest found so far.
    pub complete: bool,
    /// The statistics (added up over threads); `solutions` counts every
    /// solution found that was no dearer than the k-th best then.
    pub stats: Stats,
    /// Wall-clock time of the search.
    pub wall: Duration,
}

/// The k best solutions so far, ranked by cost, then by their sorted
/// option ids.
#[derive(Debug, Clone)]
pub(crate) struct Best {
    k: usize,
    /// (cost, sorted option ids), in rank order; at most `k`.
    kept: Vec<(u64, Vec<OptionId>)>,
}

impl Best {
    /// An empty list of the `k` best.
    pub(crate) fn new(k: usize) -> Best {
        Best { k, kept: Vec::with_capacity(k.min(1024) + 1) }
    }

    /// Offers a solution; keeps it if it ranks among the `k` best.
    pub(crate) fn offer(&mut self, cost: u64, options: &[OptionId]) {
        let mut key = options.to_vec();
        key.sort_unstable();
        let at = self.kept.partition_point(|(c, k)| (*c, k) < (cost, &key));
        if at < self.k {
            self.kept.insert(at, (cost, key));
            self.kept.truncate(self.k);
        }
    }

    /// The cost of the k-th best so far, once there are `k`, else
    /// `NO_CUTOFF`.
    pub(crate) fn cutoff(&self) -> u64 {
        match self.kept.len() {
            n if n == self.k && n > 0 => self.kept[n - 1].0,
            _ => NO_CUTOFF,
        }
    }

    /// The solutions kept, best first.
    pub(crate) fn into_solutions(self) -> Vec<Costed> {
        self.kept.into_iter().map(|(cost, options)| Costed { cost, options }).collect()
    }
}

impl<'p> Solver<'p> {
    /// The `k` cheapest solutions, cheapest first (see
    /// [`min_cost_within`](Self::min_cost_within), without limits). Fewer
    /// if the problem has fewer solutions.
    ///
    /// ```
    /// use dlx::{Problem, Solver};
    ///
    /// // Cover a, b, c: `a b` costs 5, `c` 1, `a` 2, `b c` 3, `b` 4.
    /// let problem = Problem::parse_knuth("a b c\na b |5\nc |1\na |2\nb c |3\nb |4\n")?;
    /// let best = Solver::new(&problem).min_cost(2)?;
    /// let costs: Vec<u64> = best.iter().map(|s| s.cost).collect();
    /// assert_eq!(costs, [5, 6]); // `a` + `b c`, then `a b` + `c`
    /// let cheapest: Vec<String> =
    ///     best[0].options.iter().map(|&o| problem.format_option(o)).collect();
    /// assert_eq!(cheapest, ["a", "b c"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn min_cost(&self, k: usize) -> Result<Vec<Costed>, Error> {
        Ok(self.min_cost_within(k, &Limits::new())?.solutions)
    }

    /// Finds the `k` cheapest solutions (the cost of a solution is the sum
    /// of its options' [costs](crate::Problem::cost), forced options
    /// included) by branch and bound, as Knuth's DLX5 does: a node is cut
    /// when a lower bound on the cost of any solution below it (the costs
    /// so far, the items still open taxed at their cheapest options) can no
    /// longer beat the k-th best found so far. Stops early at a limit
    /// (nodes, time, a [`Stop`](crate::Stop) request), with the best found
    /// so far and `complete` false.
    ///
    /// Among solutions of equal cost, the one whose options' ids, sorted,
    /// come first in dictionary order ranks first; the result is the same
    /// as [`Parallel::min_cost`](crate::Parallel::min_cost)'s on any number
    /// of threads. The search runs on dancing links (the default
    /// [`Engine::Auto`] takes them), with colors too, from the options
    /// forced with [`choose`](Self::choose), each item's options tried
    /// cheapest first, branching on the item with the fewest options still
    /// affordable (DLX5's rule, whatever the [`Heuristic`](crate::Heuristic);
    /// the seed and the propagation setting play no part). It has its own
    /// copy of the links, so the solver's own search and statistics are
    /// left as they were.
    ///
    /// Fails with [`ErrorKind::Unsupported`] when the solver was set to a
    /// bit engine, or the problem has multiplicities (Algorithm M).
    pub fn min_cost_within(&self, k: usize, limits: &Limits) -> Result<CostOutcome, Error> {
        let start = Instant::now();
        let mut links = self.costed_links(&self.forced)?;
        let deadline = limits.deadline(start);
        let mut budget = limits.get_nodes().unwrap_or(u64::MAX);
        let mut best = Best::new(k);
        let mut slice = 1 << 16;
        let mut complete = k == 0;
        let mut solution = Vec::new();
        while !complete && budget > 0 {
            let (before, started) = (links.walk.stats.nodes, Instant::now());
            match links.run(slice.min(budget)) {
                Status::Solution => {
                    solution.clear();
                    solution.extend_from_slice(&self.forced);
                    links.chosen(&mut solution);
                    best.offer(links.cost_level(), &solution);
                    links.set_cutoff(best.cutoff());
                }
                Status::Done => complete = true,
                Status::Paused => {}
            }
            budget = budget.saturating_sub(links.walk.stats.nodes - before);
            if limits.reached(deadline) {
                break;
            }
            if started.elapsed() > SLICE_TIME {
                slice = (slice / 2).max(1);
            }
        }
        let complete = complete || links.run(0) == Status::Done;
        let mut stats = links.stats();
        stats.elapsed = start.elapsed();
        Ok(CostOutcome { solutions: best.into_solutions(), complete, stats, wall: start.elapsed() })
    }

    /// A minimum-cost search of this solver's problem on dancing links,
    /// with `forced` forced (see [`min_cost_within`](Self::min_cost_within)
    /// for what it refuses).
    pub(crate) fn costed_links(&self, forced: &[OptionId]) -> Result<Links<'p>, Error> {
        check_min_cost(self.problem, self.config.get_engine())?;
        let mut links = Links::new_costed(self.problem, self.config.get_heuristic());
        for &o in forced {
            links.choose(o)?;
        }
        Ok(links)
    }
}

/// Whether a minimum-cost search can run on `problem` under `engine`.
pub(crate) fn check_min_cost(problem: &crate::Problem, engine: Engine) -> Result<(), Error> {
    if !matches!(engine, Engine::Auto | Engine::DancingLinks) {
        return Err(Error::new(ErrorKind::Unsupported(format!(
            "a minimum-cost search runs on dancing links, not on the bit engine \
             ({engine:?}); use the automatic engine or dancing links"
        ))));
    }
    if problem.has_multiplicities() {
        return Err(Error::new(ErrorKind::Unsupported(
            "a minimum-cost search needs every primary item covered exactly once \
             (no multiplicities)"
                .to_owned(),
        )));
    }
    Ok(())
}
