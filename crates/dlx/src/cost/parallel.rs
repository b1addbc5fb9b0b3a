//! [`Parallel::min_cost`]: the k cheapest solutions on many threads.
//!
//! A task is a list of options to force (beyond the search's own forced
//! options): the first task forces none, so it is the whole tree. A worker
//! forces its task's options into a costed dancing-links search and
//! searches in slices; between slices it takes up the shared cutoff (the
//! cost of the k-th best solution any thread has found) and, when fewer
//! tasks wait than there are threads, gives away the untried affordable
//! options of its highest level, each forced after the options above it
//! as a task of its own (`Links::split_costed`). Tasks are given by
//! options, not by branch numbers, because the cuts, and so the branches,
//! of a costed search depend on the cutoff a thread has seen. The k best
//! are ranked by a rule that does not depend on the search's order
//! (`Best`), so they are the same on any number of threads.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use super::{Best, CostOutcome};
use crate::engine::{Search, Walked};
use crate::error::{Error, ErrorKind};
use crate::id::OptionId;
use crate::limits::{Gate, SLICE_TIME};
use crate::links::{Links, NO_CUTOFF};
use crate::parallel::Parallel;
use crate::search::Solver;
use crate::stats::Stats;
use crate::status::Status;

impl<'p> Parallel<'p> {
    /// The `k` cheapest solutions, found on all threads by branch and
    /// bound, the cost of the k-th best so far shared between them: the
    /// same solutions, in the same order, as
    /// [`Solver::min_cost_within`]. The limits (nodes, time, a stop
    /// request) end the search early, with the best found so far and
    /// `complete` false. Neither a solution limit nor a checkpoint to
    /// resume from applies.
    ///
    /// ```
    /// use dlx::{Parallel, Problem, Solver};
    ///
    /// let problem = Problem::parse_knuth("a b c\na b |5\nc |1\na |2\nb c |3\nb |4\n")?;
    /// let outcome = Parallel::new(&problem).threads(2).min_cost(3)?;
    /// assert!(outcome.complete);
    /// assert_eq!(outcome.solutions, Solver::new(&problem).min_cost(3)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn min_cost(&self, k: usize) -> Result<CostOutcome, Error> {
        let start = Instant::now();
        let probe = Solver::with_config(self.problem, self.config);
        // Checks the settings and the forced options, up front; the pool
        // keeps its searches with nothing forced.
        let mut idle = probe.costed_links(&self.forced)?;
        idle.reset();
        let threads = self.get_threads();
        let shared = Shared {
            parallel: self,
            threads,
            probe,
            pool: Mutex::new(vec![idle]),
            best: Mutex::new(Best::new(k)),
            cutoff: AtomicU64::new(NO_CUTOFF),
            queued: AtomicUsize::new(1),
            gate: Gate::new(&self.limits, start),
            stats: Mutex::new(Stats::default()),
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("dlx-cost-{i}"))
            .build()
            .map_err(|e| Error::new(ErrorKind::Io(e.to_string())))?;
        if k > 0 {
            pool.scope(|s| {
                let shared = &shared;
                s.spawn(move |s| shared.task(s, Vec::new()));
            });
        }
        let mut stats = shared.stats.into_inner().unwrap();
        stats.elapsed = start.elapsed();
        let complete = !shared.gate.stop.into_inner();
        let solutions = shared.best.into_inner().unwrap().into_solutions();
        Ok(CostOutcome { solutions, complete, stats, wall: start.elapsed() })
    }
}

struct Shared<'a, 'p> {
    parallel: &'a Parallel<'p>,
    /// The threads the search runs on.
    threads: usize,
    /// A solver of the search's settings, to make costed links from.
    probe: Solver<'p>,
    /// Idle searches, with nothing forced.
    pool: Mutex<Vec<Links<'p>>>,
    /// The k best solutions any thread has found.
    best: Mutex<Best>,
    /// `best`'s cutoff, for the workers to read without the lock.
    cutoff: AtomicU64,
    /// Tasks spawned but not started.
    queued: AtomicUsize,
    /// The limits; its flag set once one is reached (the search is then
    /// not complete).
    gate: Gate<'a>,
    /// The statistics of the finished tasks, added up.
    stats: Mutex<Stats>,
}

impl<'p> Shared<'_, 'p> {
    /// Searches the subtree where `extra` is forced after the search's own
    /// forced options.
    fn task<'s>(&'s self, scope: &rayon::Scope<'s>, extra: Vec<OptionId>) {
        self.queued.fetch_sub(1, Ordering::Relaxed);
        if self.gate.stopping() {
            return;
        }
        let mut forced = self.parallel.forced.clone();
        forced.extend_from_slice(&extra);
        let popped = self.pool.lock().unwrap().pop();
        let mut links = match popped {
            Some(links) => links,
            None => self.probe.costed_links(&[]).expect("checked before the search"),
        };
        let mut forced_so_far = 0;
        for &o in &forced {
            // A given-away option fits the options above it: this is only
            // a safeguard.
            if links.choose(o).is_err() {
                break;
            }
            forced_so_far += 1;
        }
        if forced_so_far == forced.len() {
            self.search(scope, &mut links, &forced, &extra);
        }
        *self.stats.lock().unwrap() += links.stats();
        links.reset();
        self.pool.lock().unwrap().push(links);
    }

    /// The slices of a task, until its end or a stop.
    fn search<'s>(
        &'s self,
        scope: &rayon::Scope<'s>,
        links: &mut Links<'p>,
        forced: &[OptionId],
        extra: &[OptionId],
    ) {
        let mut slice = self.parallel.granularity;
        let mut solution = Vec::new();
        while let Some(budget) = self.gate.take_nodes(slice) {
            let (before, started) = (links.walk.stats.nodes, Instant::now());
            links.set_cutoff(self.cutoff.load(Ordering::Relaxed));
            let status = links.run(budget);
            if status == Status::Solution {
                solution.clear();
                solution.extend_from_slice(forced);
                links.chosen(&mut solution);
                let mut best = self.best.lock().unwrap();
                best.offer(links.cost_level(), &solution);
                self.cutoff.store(best.cutoff(), Ordering::Relaxed);
            }
            self.gate.give_back(budget - (links.walk.stats.nodes - before).min(budget));
            if status == Status::Done || self.gate.stopping() {
                break;
            }
            if started.elapsed() > SLICE_TIME {
                slice = (slice / 2).max(1);
            }
            if self.queued.load(Ordering::Relaxed) < self.threads {
                if let Some((above, given)) = links.split_costed() {
                    for y in given {
                        let mut task = extra.to_vec();
                        task.extend_from_slice(&above);
                        task.push(y);
                        self.queued.fetch_add(1, Ordering::Relaxed);
                        scope.spawn(move |s| self.task(s, task));
                    }
                }
            }
        }
    }
}
