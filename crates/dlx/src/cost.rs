//! Minimum-cost exact cover (Knuth's DLX5): [`Solver::min_cost`] and
//! [`Solver::min_cost_within`] find the k cheapest solutions of a problem
//! whose options have costs, by branch and bound on dancing links; the
//! [`Costed`] solutions and the [`CostOutcome`]; `Best`, the k best so far,
//! which a parallel search shares between its threads.
//!
//! How the search cuts (item taxes, lists sorted by cost, ties) is
//! `links/cost.rs`'s job.

use std::time::{Duration, Instant};

use crate::config::Engine;
use crate::error::{Error, ErrorKind};
use crate::id::OptionId;
use crate::limits::{Limits, SLICE_TIME};
use crate::links::{Cutoff, Links};
use crate::search::{Backend, Solver, Status};
use crate::stats::Stats;

/// One solution of a minimum-cost search: what its options cost in total,
/// and the options (forced ones first, then the search's from the top of
/// the tree down, as [`Solver::solution`] lists them).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Costed {
    /// The sum of the options' costs ([`Problem::cost`](crate::Problem::cost)).
    pub cost: u64,
    /// The options of the solution.
    pub options: Vec<OptionId>,
}

/// What a minimum-cost search found: the cheapest solutions, cheapest
/// first, and whether they are proven to be the cheapest.
#[derive(Debug, Clone, Default, PartialEq)]
#[non_exhaustive]
pub struct CostOutcome {
    /// At most k solutions, cheapest first; among equal costs, the one a
    /// search on one thread meets first comes first (so the list is the
    /// same on any number of threads). Fewer than k when the problem has
    /// fewer solutions, or when the search stopped early.
    pub solutions: Vec<Costed>,
    /// Whether the whole tree was searched (cut by the bound), so that
    /// `solutions` are the k cheapest. When `false` (a limit or a stop
    /// request came first) they are only the cheapest found so far.
    pub complete: bool,
    /// The statistics (added up over threads); `solutions` counts every
    /// solution that was among the k best when found.
    pub stats: Stats,
    /// Wall-clock time of the search.
    pub wall: Duration,
}

/// The k best solutions so far, ranked by cost, then by path (where a
/// search on one thread meets them).
#[derive(Debug, Clone)]
pub(crate) struct Best {
    k: usize,
    /// (cost, path, options), in rank order; at most `k`.
    kept: Vec<(u64, Vec<u32>, Vec<OptionId>)>,
}

impl Best {
    /// An empty list of the `k` best.
    pub(crate) fn new(k: usize) -> Best {
        Best { k, kept: Vec::with_capacity(k.min(1024) + 1) }
    }

    /// Offers a solution; keeps it if it ranks among the `k` best.
    pub(crate) fn offer(&mut self, cost: u64, path: Vec<u32>, options: &[OptionId]) {
        let at = self.kept.partition_point(|(c, p, _)| (*c, p) < (cost, &path));
        if at < self.k {
            self.kept.insert(at, (cost, path, options.to_vec()));
            self.kept.truncate(self.k);
        }
    }

    /// The k-th best so far, once there are `k`.
    pub(crate) fn cutoff(&self) -> Option<Cutoff> {
        match self.kept.len() {
            n if n == self.k && n > 0 => {
                let (cost, path, _) = &self.kept[n - 1];
                Some(Cutoff { cost: *cost, path: path.clone() })
            }
            _ => None,
        }
    }

    /// The solutions kept, best first.
    pub(crate) fn into_solutions(self) -> Vec<Costed> {
        self.kept.into_iter().map(|(cost, _, options)| Costed { cost, options }).collect()
    }
}

impl Solver<'_> {
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
    pub fn min_cost(&mut self, k: usize) -> Result<Vec<Costed>, Error> {
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
    /// Among solutions of equal cost, the one the search meets first ranks
    /// first; the result is the same as [`Parallel::min_cost`](crate::Parallel::min_cost)'s
    /// on any number of threads. The search runs on dancing links (the
    /// default [`Engine::Auto`] takes them), with colors too, from the
    /// options forced with [`choose`](Self::choose); each primary item's
    /// options are tried cheapest first, so the tree is not the one
    /// [`count`](Self::count) walks. It starts over (keeping the forced
    /// options); afterwards the solver searches on its own terms again
    /// ([`reset`](Self::reset) to count).
    ///
    /// Fails with [`ErrorKind::Unsupported`] when the solver was set to a
    /// bit engine, or the problem has multiplicities (Algorithm M).
    pub fn min_cost_within(&mut self, k: usize, limits: &Limits) -> Result<CostOutcome, Error> {
        let start = Instant::now();
        self.start_min_cost()?;
        let deadline = limits.deadline(start);
        let mut budget = limits.get_nodes().unwrap_or(u64::MAX);
        let mut best = Best::new(k);
        let mut slice = 1 << 16;
        let mut complete = k == 0;
        while !complete && budget > 0 {
            let (before, started) = (self.stats().nodes(), Instant::now());
            match self.run(slice.min(budget)) {
                Status::Solution => {
                    best.offer(self.cost_so_far(), self.path(), self.solution());
                    self.set_cutoff(best.cutoff());
                }
                Status::Done => complete = true,
                Status::Paused => {}
            }
            budget = budget.saturating_sub(self.stats().nodes() - before);
            if limits.reached(deadline) {
                break;
            }
            if started.elapsed() > SLICE_TIME {
                slice = (slice / 2).max(1);
            }
        }
        let complete = complete || self.run(0) == Status::Done;
        let (solutions, stats) = (best.into_solutions(), self.stats());
        Ok(CostOutcome { solutions, complete, stats, wall: start.elapsed() })
    }

    /// Makes the solver a minimum-cost search on dancing links (if it is
    /// not one already), the forced options forced again, at the top of
    /// its tree with no cutoff.
    pub(crate) fn start_min_cost(&mut self) -> Result<(), Error> {
        let engine = self.config.get_engine();
        if !matches!(engine, Engine::Auto | Engine::DancingLinks) {
            return Err(Error::new(ErrorKind::Unsupported(format!(
                "a minimum-cost search runs on dancing links, not on the bit engine \
                 ({engine:?}); use the automatic engine or dancing links"
            ))));
        }
        if self.problem.has_multiplicities() {
            return Err(Error::new(ErrorKind::Unsupported(
                "a minimum-cost search needs every primary item covered exactly once \
                 (no multiplicities)"
                    .to_owned(),
            )));
        }
        match &mut self.backend {
            Backend::Links(e) if e.costs().is_some() => self.reset_search(),
            _ => {
                let forced = std::mem::take(&mut self.forced);
                let heuristic = self.config.get_heuristic();
                self.backend = Backend::Links(Links::new_costed(self.problem, heuristic));
                self.reset_search();
                self.choose_all(&forced)?;
            }
        }
        Ok(())
    }

    /// The cost of the solution just found (in a minimum-cost search).
    pub(crate) fn cost_so_far(&self) -> u64 {
        self.links().and_then(Links::costs).map_or(0, |c| c.level)
    }

    /// The branch taken at each level, from the top.
    pub(crate) fn path(&self) -> Vec<u32> {
        self.position().into_iter().map(|(branch, _)| branch).collect()
    }

    /// Sets the k-th best solution so far (in a minimum-cost search).
    pub(crate) fn set_cutoff(&mut self, cutoff: Option<Cutoff>) {
        if let Backend::Links(e) = &mut self.backend {
            e.set_cutoff(cutoff);
        }
    }
}
