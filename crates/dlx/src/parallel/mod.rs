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
//!
//! # Stopping and going on
//!
//! Between slices a worker also looks at the limits (a [`Stop`], a time or
//! node limit). Once one is reached every worker stops at the end of its
//! slice and leaves its [`Position`] (the next node it would enter, and its
//! floor), and every task not yet started leaves its own: together, with
//! the statistics, they are the [`Checkpoint`] of the partial
//! [`Outcome`]. [`Parallel::resume`] starts one task per position, on any
//! number of threads.
//!
//! # Progress
//!
//! With a progress report ([`Parallel::count_with_progress`]) every task
//! carries its estimated size in nodes: the first task (or each position
//! of a resumed checkpoint) sized by Knuth's probes, a donated branch by
//! its donor's estimate of its level's untried branches. A running task
//! estimates the nodes left below its floor between slices, as
//! [`Solver::nodes_left`] does; the fraction reported is the nodes searched
//! over those plus the waiting tasks' sizes and the running tasks' nodes
//! left. Without a report no task estimates anything.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::checkpoint::{Checkpoint, Fingerprint, Position};
use crate::config::Config;
use crate::error::Error;
use crate::id::OptionId;
use crate::limits::{Gate, Limits, Outcome, Stop};
use crate::problem::Problem;
use crate::search::{Solver, not_in_tree};
use crate::stats::Stats;

mod workers;

use workers::{Shared, size_of};

/// A callback that sees solutions (from any thread) and says whether to go on.
type Visit<'a> = &'a (dyn Fn(&[OptionId]) -> bool + Sync);

/// A progress callback and how often to call it.
type Report<'a> = (Duration, &'a mut dyn FnMut(&Progress));

/// Nodes a worker searches between looks at the shared state, by default.
const SLICE: u64 = 4096;
/// Slices of [`Parallel::granularity`] nodes a plain count searches on the
/// calling thread before it starts the pool.
const WARM_SLICES: u64 = 4;

/// A snapshot of a running parallel search, for progress reports.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Progress {
    /// Solutions found so far.
    pub solutions: u128,
    /// Search-tree nodes visited so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Estimated fraction of the tree explored, 0 to 1: `nodes` over
    /// `nodes` plus [`nodes_left`](Self::nodes_left). Between two reports
    /// of one search it steps back by at most 0.02.
    pub fraction: f64,
    /// Estimated search-tree nodes left: for each running task the
    /// estimate of [`Solver::nodes_left`], and for each task not yet
    /// started the size its donor estimated for it (the branches it
    /// gave away, sized as it sizes its own untried branches). The tasks
    /// of a resumed checkpoint are sized by probes when the search starts.
    pub nodes_left: f64,
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
    pub(crate) problem: &'p Problem,
    pub(crate) config: Config,
    /// Threads asked for; 0 until [`threads`](Self::threads) sets it: as
    /// many as the machine has, looked up when the search starts.
    threads: usize,
    pub(crate) forced: Vec<OptionId>,
    limit: Option<u128>,
    pub(crate) granularity: u64,
    pub(crate) limits: Limits,
    resume: Option<Checkpoint>,
}

impl<'p> Parallel<'p> {
    /// A parallel search of `problem` on all available cores.
    pub fn new(problem: &'p Problem) -> Parallel<'p> {
        Parallel {
            problem,
            config: Config::default(),
            threads: 0,
            forced: Vec::new(),
            limit: None,
            granularity: SLICE,
            limits: Limits::new(),
            resume: None,
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

    /// Stops after at most `nodes` search-tree nodes (of this search, not
    /// counting those of a checkpoint it resumes), with a partial
    /// [`Outcome`] and its [`Checkpoint`]. The workers take the budget a
    /// slice at a time, so the search never goes past it.
    pub fn node_limit(mut self, nodes: u64) -> Self {
        self.limits = self.limits.nodes(nodes);
        self
    }

    /// Stops once `time` has passed (the workers look between slices: a
    /// few milliseconds late at most), with a partial [`Outcome`] and its
    /// [`Checkpoint`].
    pub fn time_limit(mut self, time: Duration) -> Self {
        self.limits = self.limits.time(time);
        self
    }

    /// Stops when `stop` is [requested](Stop::request) (the workers look
    /// between slices), with a partial [`Outcome`] and its [`Checkpoint`].
    pub fn stop_on(mut self, stop: Stop) -> Self {
        self.limits = self.limits.stop(stop);
        self
    }

    /// Sets the node limit, time limit and stop handle at once (as
    /// [`node_limit`](Self::node_limit), [`time_limit`](Self::time_limit)
    /// and [`stop_on`](Self::stop_on) do, unset where `limits` has none).
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Goes on from a [`Checkpoint`] (of a [`Solver`] or of a parallel
    /// search, on any number of threads) instead of starting at the top:
    /// the count, the statistics and the solution limit take in those of
    /// the checkpoint, so the outcome is the uninterrupted search's. The
    /// problem, the [`Config`] (the engine that ran) and the forced options
    /// must be the checkpoint's, and each of its positions must be in the
    /// tree: the search fails with
    /// [`ErrorKind::CheckpointMismatch`](crate::ErrorKind::CheckpointMismatch)
    /// before it starts if not.
    ///
    /// A count that saves a checkpoint every so often is a loop of counts
    /// with a [time limit](Self::time_limit), each resuming from the last
    /// one's checkpoint: going on costs a new pool of threads and, per open
    /// position, a walk down its path (a few microseconds a level).
    pub fn resume(mut self, checkpoint: Checkpoint) -> Self {
        self.resume = Some(checkpoint);
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
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
    }

    /// Counts the solutions (up to the limit, if set). Without a node
    /// limit or a checkpoint, the count starts on the calling thread and
    /// starts the pool only past four slices of
    /// [`granularity`](Self::granularity) nodes: a small problem, or a
    /// limit reached within them, is counted without starting threads.
    pub fn count(&self) -> Result<Outcome, Error> {
        self.search(None, None)
    }

    /// Counts the solutions, calling `report` on the calling thread with
    /// the progress so far about every `interval`, and once at the end.
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
        // Check the forced options once, up front, for a clean error; and
        // the checkpoint, if any.
        self.config.get_heuristic().replayable("a parallel search")?;
        // A listing runs the engine picked for a walk without the table of
        // counted subtrees, on every worker alike.
        let config = match visit {
            Some(_) => Solver::listing_config(self.problem, self.config),
            None => self.config,
        };
        let mut probe = Solver::with_config(self.problem, config);
        for &o in &self.forced {
            probe.choose(o)?;
        }
        // The fingerprint hashes the whole problem: made only to check a
        // checkpoint resumed or to write one.
        let engine = probe.engine();
        let start = Instant::now();
        let (before, positions) = match &self.resume {
            Some(c) => {
                c.fingerprint.check(&probe.fingerprint())?;
                for (k, p) in c.positions().iter().enumerate() {
                    probe.enter(p).map_err(|level| not_in_tree(k, level))?;
                }
                probe.reset_search();
                (c.stats(), c.positions().to_vec())
            }
            // A count starts on the calling thread: a small tree (or one
            // with the solutions asked for near its start) ends there,
            // without a pool of threads to start (about half a
            // millisecond); a bigger one goes on in the pool from where it
            // stands, as from a checkpoint.
            None if visit.is_none() && progress.is_none() && self.limits.get_nodes().is_none() => {
                // The search's stop and time limit, and (it has none) a
                // node limit.
                let warm = self.limits.clone().nodes(WARM_SLICES.saturating_mul(self.granularity));
                let limit = self.limit.unwrap_or(u128::MAX);
                let mut outcome = probe.count_within_up_to(&warm, limit);
                let stopped =
                    self.limits.reached(self.limits.deadline(start)) || outcome.solutions >= limit;
                match outcome.checkpoint.take() {
                    Some(c) if !stopped => {
                        probe.reset_search();
                        (c.stats(), c.positions().to_vec())
                    }
                    checkpoint => {
                        // As the pool reports a count past its limit.
                        let solutions = outcome.solutions.min(limit);
                        outcome.stats.solutions = solutions;
                        let wall = start.elapsed();
                        return Ok(Outcome { solutions, wall, checkpoint, ..outcome });
                    }
                }
            }
            None => (Stats::default(), vec![Position::root()]),
        };
        // With a progress report, the size of each task to start with.
        let sizes: Vec<f64> = match &progress {
            Some(_) => {
                // The tree's size by the branch positions alone, for a
                // solver without probes.
                let open: f64 = positions.iter().map(|p| p.share() * (1.0 - p.fraction())).sum();
                let tree = if open < 1.0 { before.nodes as f64 / (1.0 - open) } else { 0.0 };
                positions.iter().map(|p| size_of(&mut probe, p, tree)).collect()
            }
            None => vec![0.0; positions.len()],
        };
        let threads = self.get_threads();
        let shared = Shared {
            parallel: self,
            threads,
            config,
            visit,
            pool: Mutex::new(vec![probe]),
            queued: AtomicUsize::new(positions.len()),
            gate: Gate::new(&self.limits, start),
            before,
            found: Mutex::new(0),
            nodes: AtomicU64::new(0),
            track: progress.is_some(),
            queued_left: Mutex::new(sizes.iter().sum()),
            live_left: (0..threads).map(|_| AtomicU64::new(0)).collect(),
            stats: Mutex::new(Stats::default()),
            left: Mutex::new(Vec::new()),
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("dlx-worker-{i}"))
            .build()
            .map_err(|e| Error::new(crate::error::ErrorKind::Io(e.to_string())))?;
        let finished = AtomicBool::new(false);
        std::thread::scope(|ts| {
            ts.spawn(|| {
                pool.scope(|s| {
                    for (p, size) in positions.into_iter().zip(sizes) {
                        let shared = &shared;
                        s.spawn(move |s| shared.task(s, p, size));
                    }
                });
                finished.store(true, Ordering::Release);
            });
            if let Some((interval, report)) = progress {
                // Look often, so that a short search is not held up; report
                // once per interval.
                let (mut last, mut fraction) = (Instant::now(), 0.0);
                while !finished.load(Ordering::Acquire) {
                    std::thread::sleep(interval.min(Duration::from_millis(5)));
                    if last.elapsed() >= interval {
                        let progress = shared.progress(start, fraction);
                        fraction = progress.fraction;
                        report(&progress);
                        last = Instant::now();
                    }
                }
                // And once at the end, however short the search.
                report(&shared.progress(start, fraction));
            }
        });
        let mut stats = before;
        stats += shared.stats.into_inner().unwrap();
        let found = before.solutions.saturating_add(shared.found.into_inner().unwrap());
        let left = shared.left.into_inner().unwrap();
        let complete = left.is_empty();
        let checkpoint = (!complete).then(|| {
            let fingerprint = Fingerprint::new(self.problem, config.engine(engine), &self.forced);
            Checkpoint::new(fingerprint, Stats { solutions: found, ..stats }, left)
        });
        let solutions = self.limit.map_or(found, |l| found.min(l));
        stats.solutions = solutions;
        Ok(Outcome { solutions, stats, wall: start.elapsed(), complete, checkpoint })
    }
}
