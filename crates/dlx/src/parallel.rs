//! Parallel search: [`Parallel`] counts, finds and enumerates solutions on
//! many threads, with results identical to a [`Solver`]'s.
//!
//! # How the tree is shared
//!
//! A *task* is a path from the top of the search tree (a branch index per
//! level); a worker thread [`descends`](Solver::descend) along it with its
//! own [`Solver`] and searches the subtree below. The first task is the
//! whole tree. A worker searches in slices of a few thousand nodes; between
//! slices, if fewer tasks are waiting than there are threads, it gives away
//! the untried branches of the highest level it still owns (the *floor*)
//! as new tasks, and keeps only the branch it is in. So large subtrees are
//! split again where they turn out to be large, idle threads steal the
//! donated tasks (rayon's work stealing), and the hot loop never takes a
//! lock: all sharing happens between slices.
//!
//! Why this scales past a handful of cores: donations come from the top of
//! each worker's remaining tree, so each stolen task is as large as can be,
//! and the number of donations grows with the number of idle threads, not
//! with the size of the tree. Replaying a path costs a few commits per
//! level, negligible next to the subtrees. Counts and node counts add up
//! exactly: every search-tree node is counted by the one task that enters
//! it. With 64 threads the only shared writes are an atomic per slice and a
//! mutex per finished task.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::config::Config;
use crate::error::Error;
use crate::id::OptionId;
use crate::problem::Problem;
use crate::search::{Solver, Status};
use crate::stats::Stats;

/// A callback that sees solutions (from any thread) and says whether to go on.
type Visit<'a> = &'a (dyn Fn(&[OptionId]) -> bool + Sync);

/// A progress callback and how often to call it.
type Report<'a> = (Duration, &'a mut dyn FnMut(&Progress));

/// Nodes a worker searches between looks at the shared state, by default.
const SLICE: u64 = 4096;

/// What a parallel search did.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Outcome {
    /// Solutions found (up to the limit, if one was set).
    pub solutions: u128,
    /// The workers' statistics, added up (`elapsed` is their total CPU time).
    pub stats: Stats,
    /// Wall-clock time of the search.
    pub wall: Duration,
}

/// A snapshot of a running parallel search, for progress reports.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Progress {
    /// Solutions found so far.
    pub solutions: u128,
    /// Search-tree nodes visited so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Estimated fraction of the tree explored, 0 to 1, from the positions
    /// of the branches taken (Knuth's estimate; assumes a uniform tree).
    pub fraction: f64,
}

/// Runs a search on several threads.
///
/// ```
/// use dlx::{Parallel, Problem, Solver};
///
/// let problem = Problem::parse_knuth("A B C\nA\nB\nC\nA B\nB C\n")?;
/// let outcome = Parallel::new(&problem).threads(2).count()?;
/// assert_eq!(outcome.solutions, Solver::new(&problem).count());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Parallel<'p> {
    problem: &'p Problem,
    config: Config,
    threads: usize,
    forced: Vec<OptionId>,
    limit: Option<u128>,
    granularity: u64,
}

impl<'p> Parallel<'p> {
    /// A parallel search of `problem` on all available cores.
    pub fn new(problem: &'p Problem) -> Parallel<'p> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        Parallel {
            problem,
            config: Config::default(),
            threads,
            forced: Vec::new(),
            limit: None,
            granularity: SLICE,
        }
    }

    /// Uses `threads` threads (at least one).
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Uses these solver settings in every thread.
    pub fn config(mut self, config: Config) -> Self {
        self.config = config;
        self
    }

    /// Forces these options into every solution, as
    /// [`Solver::choose`] does.
    pub fn force(mut self, options: &[OptionId]) -> Self {
        self.forced = options.to_vec();
        self
    }

    /// Stops after this many solutions.
    pub fn limit(mut self, limit: u128) -> Self {
        self.limit = Some(limit);
        self
    }

    /// How many search-tree nodes a worker searches between looks at the
    /// shared state (default 4096). Smaller values split the tree more
    /// eagerly, at some cost; mostly useful in tests.
    pub fn granularity(mut self, nodes: u64) -> Self {
        self.granularity = nodes.max(1);
        self
    }

    /// The number of threads the search will use.
    pub fn get_threads(&self) -> usize {
        self.threads
    }

    /// Counts the solutions (up to the limit, if set).
    pub fn count(&self) -> Result<Outcome, Error> {
        self.search(None, None)
    }

    /// Counts the solutions, calling `report` about every `interval` on the
    /// calling thread with the progress so far.
    pub fn count_with_progress(
        &self,
        interval: Duration,
        mut report: impl FnMut(&Progress),
    ) -> Result<Outcome, Error> {
        self.search(None, Some((interval, &mut report)))
    }

    /// Finds a solution: the first one any thread finds, so not always
    /// the one [`Solver::first`] finds.
    pub fn first(&self) -> Result<Option<Vec<OptionId>>, Error> {
        let found = Mutex::new(None);
        self.clone().limit(1).search(
            Some(&|s| {
                found.lock().unwrap().get_or_insert_with(|| s.to_vec());
                false
            }),
            None,
        )?;
        Ok(found.into_inner().unwrap())
    }

    /// Calls `visit` with every solution, from several threads at once and
    /// in no particular order, until it returns `false` or the limit is
    /// reached.
    pub fn for_each<F>(&self, visit: F) -> Result<Outcome, Error>
    where
        F: Fn(&[OptionId]) -> bool + Sync,
    {
        self.search(Some(&visit), None)
    }

    /// The search: `visit` sees every solution when given; without it the
    /// workers only count, a slice at a time.
    fn search(
        &self,
        visit: Option<Visit<'_>>,
        progress: Option<Report<'_>>,
    ) -> Result<Outcome, Error> {
        // Check the forced options once, up front, for a clean error.
        let mut probe = Solver::with_config(self.problem, self.config);
        for &o in &self.forced {
            probe.choose(o)?;
        }
        let start = Instant::now();
        let shared = Shared {
            parallel: self,
            visit,
            pool: Mutex::new(vec![probe]),
            queued: AtomicUsize::new(1),
            stop: AtomicBool::new(false),
            found: AtomicU64::new(0),
            nodes: AtomicU64::new(0),
            done_weight: Mutex::new(0.0),
            live_weight: (0..self.threads).map(|_| AtomicU64::new(0)).collect(),
            stats: Mutex::new(Stats::default()),
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .thread_name(|i| format!("dlx-worker-{i}"))
            .build()
            .map_err(|e| Error::new(crate::error::ErrorKind::Io(e.to_string())))?;
        let finished = AtomicBool::new(false);
        std::thread::scope(|ts| {
            ts.spawn(|| {
                pool.scope(|s| shared.task(s, Vec::new(), 1.0));
                finished.store(true, Ordering::Release);
            });
            if let Some((interval, report)) = progress {
                // Look often, so that a short search is not held up; report
                // once per interval.
                let mut last = Instant::now();
                while !finished.load(Ordering::Acquire) {
                    std::thread::sleep(interval.min(Duration::from_millis(5)));
                    if last.elapsed() >= interval {
                        report(&shared.progress(start));
                        last = Instant::now();
                    }
                }
            }
        });
        let mut stats = shared.stats.into_inner().unwrap();
        let found = u128::from(shared.found.into_inner());
        let solutions = self.limit.map_or(found, |l| found.min(l));
        stats.solutions = solutions;
        Ok(Outcome { solutions, stats, wall: start.elapsed() })
    }
}

struct Shared<'a, 'p> {
    parallel: &'a Parallel<'p>,
    visit: Option<Visit<'a>>,
    /// Idle solvers, reused across tasks so that workers do not copy the
    /// arena for every task.
    pool: Mutex<Vec<Solver<'p>>>,
    /// Tasks spawned but not started.
    queued: AtomicUsize,
    stop: AtomicBool,
    found: AtomicU64,
    nodes: AtomicU64,
    /// The share of the tree (uniform estimate) that finished tasks covered.
    done_weight: Mutex<f64>,
    /// Per thread: the share of the tree its running task has covered so
    /// far, as `f64` bits.
    live_weight: Vec<AtomicU64>,
    stats: Mutex<Stats>,
}

impl<'p> Shared<'_, 'p> {
    fn solver(&self) -> Solver<'p> {
        if let Some(s) = self.pool.lock().unwrap().pop() {
            return s;
        }
        let p = self.parallel;
        let mut s = Solver::with_config(p.problem, p.config);
        for &o in &p.forced {
            s.choose(o).expect("checked before the search");
        }
        s
    }

    fn progress(&self, start: Instant) -> Progress {
        let live: f64 =
            self.live_weight.iter().map(|w| f64::from_bits(w.load(Ordering::Relaxed))).sum();
        let fraction = (*self.done_weight.lock().unwrap() + live).min(1.0);
        Progress {
            solutions: u128::from(self.found.load(Ordering::Relaxed)),
            nodes: self.nodes.load(Ordering::Relaxed),
            elapsed: start.elapsed(),
            fraction,
        }
    }

    /// Searches the subtree at `path`, which is `weight` of the whole tree.
    fn task<'s>(&'s self, scope: &rayon::Scope<'s>, path: Vec<u32>, mut weight: f64) {
        self.queued.fetch_sub(1, Ordering::Relaxed);
        if self.stop.load(Ordering::Relaxed) {
            return;
        }
        let slot = rayon::current_thread_index().unwrap_or(0) % self.live_weight.len();
        let mut solver = self.solver();
        if solver.descend(&path) {
            let mut last_nodes = solver.stats().nodes();
            loop {
                let at_limit = |n: u64| self.parallel.limit.is_some_and(|l| u128::from(n) >= l);
                if let Some(visit) = self.visit {
                    match solver.run(self.parallel.granularity) {
                        Status::Solution => {
                            let n = self.found.fetch_add(1, Ordering::Relaxed) + 1;
                            let within = self.parallel.limit.is_none_or(|l| u128::from(n) <= l);
                            let go_on = within && visit(solver.solution());
                            if !go_on || at_limit(n) {
                                self.stop.store(true, Ordering::Relaxed);
                                break;
                            }
                        }
                        Status::Done => break,
                        _ => {}
                    }
                } else {
                    // Only counting: a whole slice between looks at the
                    // shared state, however many solutions it holds.
                    let (k, status) = solver.count_slice(self.parallel.granularity);
                    let n = self.found.fetch_add(k, Ordering::Relaxed) + k;
                    if at_limit(n) {
                        self.stop.store(true, Ordering::Relaxed);
                        break;
                    }
                    if status == Status::Done {
                        break;
                    }
                }
                let nodes = solver.stats().nodes();
                self.nodes.fetch_add(nodes - last_nodes, Ordering::Relaxed);
                last_nodes = nodes;
                if self.stop.load(Ordering::Relaxed) {
                    break;
                }
                if self.queued.load(Ordering::Relaxed) < self.parallel.threads {
                    weight = self.donate(scope, &mut solver, weight);
                }
                let live = weight * solver.progress();
                self.live_weight[slot].store(live.to_bits(), Ordering::Relaxed);
            }
            let nodes = solver.stats().nodes();
            self.nodes.fetch_add(nodes - last_nodes, Ordering::Relaxed);
        }
        self.live_weight[slot].store(0f64.to_bits(), Ordering::Relaxed);
        *self.done_weight.lock().unwrap() += weight;
        let mut stats = solver.stats();
        stats.solutions = 0; // counted in `found`
        *self.stats.lock().unwrap() += stats;
        solver.reset_search();
        self.pool.lock().unwrap().push(solver);
    }

    /// Gives away the untried branches at the solver's floor (going deeper
    /// while a level has none), and returns the solver's new weight.
    fn donate<'s>(&'s self, scope: &rayon::Scope<'s>, solver: &mut Solver<'p>, weight: f64) -> f64 {
        let mut weight = weight;
        while let Some((prefix, branches)) = solver.split_floor() {
            let degree = f64::from(*branches.end() + 1).max(1.0);
            weight /= degree;
            // The branches before the current one are finished.
            *self.done_weight.lock().unwrap() += weight * f64::from(*branches.start() - 1);
            if branches.is_empty() {
                continue;
            }
            for k in branches {
                let mut path = prefix.clone();
                path.push(k);
                self.queued.fetch_add(1, Ordering::Relaxed);
                scope.spawn(move |s| self.task(s, path, weight));
            }
            break;
        }
        weight
    }
}
