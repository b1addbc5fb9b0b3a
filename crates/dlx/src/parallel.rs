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
use crate::limits::{Gate, Limits, Outcome, SLICE_TIME, Stop};
use crate::problem::Problem;
use crate::progress::{START, done_over_total};
use crate::search::{Solver, not_in_tree};
use crate::stats::Stats;
use crate::status::Status;

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

    /// Counts the solutions (up to the limit, if set). Without a solution
    /// limit, a node limit or a checkpoint, the count starts on the calling
    /// thread and starts the pool only past four slices of
    /// [`granularity`](Self::granularity) nodes: a small problem is counted
    /// without starting threads.
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
            // A plain count starts on the calling thread: a small tree
            // ends there, without a pool of threads to start (about half
            // a millisecond); a bigger one goes on in the pool from where
            // it stands, as from a checkpoint.
            None if visit.is_none()
                && progress.is_none()
                && self.limit.is_none()
                && self.limits.get_nodes().is_none() =>
            {
                // The search's stop and time limit, and (it has none) a
                // node limit.
                let warm = self.limits.clone().nodes(WARM_SLICES.saturating_mul(self.granularity));
                let mut outcome = probe.count_within(&warm);
                let stopped = self.limits.reached(self.limits.deadline(start));
                match outcome.checkpoint.take() {
                    Some(c) if !stopped => {
                        probe.reset_search();
                        (c.stats(), c.positions().to_vec())
                    }
                    checkpoint => {
                        return Ok(Outcome { wall: start.elapsed(), checkpoint, ..outcome });
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

struct Shared<'a, 'p> {
    parallel: &'a Parallel<'p>,
    /// The threads the search runs on.
    threads: usize,
    /// The settings every worker's solver runs with.
    config: Config,
    visit: Option<Visit<'a>>,
    /// Idle solvers, reused across tasks so that workers do not copy the
    /// arena for every task.
    pool: Mutex<Vec<Solver<'p>>>,
    /// Tasks spawned but not started.
    queued: AtomicUsize,
    /// The limits, and the flag set once the search is to stop: a limit,
    /// a stop request, the end of a `visit`.
    gate: Gate<'a>,
    /// The statistics of the checkpoint resumed from (zero if none).
    before: Stats,
    /// Solutions found by this search (a count may pass 2^64: `u128`,
    /// saturating).
    found: Mutex<u128>,
    nodes: AtomicU64,
    /// Whether progress is reported: only then do the tasks estimate the
    /// nodes left (see [`Solver::nodes_left`]).
    track: bool,
    /// The estimated nodes of the tasks not yet started.
    queued_left: Mutex<f64>,
    /// Per thread: the estimated nodes left in its running task, as `f64`
    /// bits.
    live_left: Vec<AtomicU64>,
    stats: Mutex<Stats>,
    /// The positions left open by a search that stopped.
    left: Mutex<Vec<Position>>,
}

impl<'p> Shared<'_, 'p> {
    fn solver(&self) -> Solver<'p> {
        if let Some(s) = self.pool.lock().unwrap().pop() {
            return s;
        }
        let p = self.parallel;
        let mut s = Solver::with_config(p.problem, self.config);
        for &o in &p.forced {
            s.choose(o).expect("checked before the search");
        }
        s
    }

    /// Where the search stands; `last` is the fraction reported before.
    fn progress(&self, start: Instant, last: f64) -> Progress {
        let live: f64 =
            self.live_left.iter().map(|w| f64::from_bits(w.load(Ordering::Relaxed))).sum();
        let nodes_left = (*self.queued_left.lock().unwrap() + live).max(0.0);
        let nodes = self.before.nodes + self.nodes.load(Ordering::Relaxed);
        Progress {
            solutions: self.found_total(),
            nodes,
            elapsed: start.elapsed(),
            fraction: done_over_total(nodes as f64, nodes_left, last),
            nodes_left,
        }
    }

    /// Searches the subtree at `position` (a task), estimated at `size`
    /// nodes, from the node it names; leaves where it stands in `left` if
    /// the search is to stop first.
    fn task<'s>(&'s self, scope: &rayon::Scope<'s>, position: Position, size: f64) {
        self.queued.fetch_sub(1, Ordering::Relaxed);
        let slot = rayon::current_thread_index().unwrap_or(0) % self.live_left.len();
        if self.track {
            *self.queued_left.lock().unwrap() -= size;
            self.live_left[slot].store(size.to_bits(), Ordering::Relaxed);
        }
        let mut solver = self.solver();
        // A donated branch that does not exist (Algorithm M) is empty.
        if solver.enter(&position).is_ok() {
            if self.track {
                solver.set_prior(size);
            }
            if self.gate.stopping() {
                self.left.lock().unwrap().push(position);
            } else {
                self.search(scope, &mut solver, slot);
            }
        }
        self.live_left[slot].store(0f64.to_bits(), Ordering::Relaxed);
        let mut stats = solver.stats();
        stats.solutions = 0; // counted in `found`
        *self.stats.lock().unwrap() += stats;
        solver.reset_search();
        self.pool.lock().unwrap().push(solver);
    }

    /// Adds `k` solutions found (saturating); returns the search's total,
    /// the checkpoint resumed from included.
    fn add_found(&self, k: u128) -> u128 {
        let mut found = self.found.lock().unwrap();
        *found = found.saturating_add(k);
        self.before.solutions.saturating_add(*found)
    }

    /// The search's solutions so far, the checkpoint resumed from included.
    fn found_total(&self) -> u128 {
        self.before.solutions.saturating_add(*self.found.lock().unwrap())
    }

    /// The slices of a task, until its end or a stop (then its position
    /// goes to `left`).
    fn search<'s>(&'s self, scope: &rayon::Scope<'s>, solver: &mut Solver<'p>, slot: usize) {
        let mut slice = self.parallel.granularity;
        let mut last_nodes = solver.stats().nodes();
        let at_limit = |n: u128| self.parallel.limit.is_some_and(|l| n >= l);
        let done = loop {
            let Some(budget) = self.gate.take_nodes(slice) else { break false };
            let started = Instant::now();
            let mut done = false;
            if let Some(visit) = self.visit {
                match solver.run(budget) {
                    Status::Solution => {
                        let total = self.add_found(1);
                        let within = self.parallel.limit.is_none_or(|l| total <= l);
                        let go_on = within && visit(solver.solution());
                        if !go_on || at_limit(total) {
                            self.gate.stop.store(true, Ordering::Relaxed);
                        }
                    }
                    Status::Done => done = true,
                    Status::Paused => {}
                }
            } else {
                // Only counting: a whole slice between looks at the
                // shared state, however many solutions it holds.
                // Up to the limit left, so that a count whose subtrees
                // hold many solutions (counted at once by the bounded
                // engine's table) stops at the limit within the slice.
                let left =
                    self.parallel.limit.map_or(u128::MAX, |l| l.saturating_sub(self.found_total()));
                let (k, status) = solver.count_slice(budget, left.max(1));
                if at_limit(self.add_found(k)) {
                    self.gate.stop.store(true, Ordering::Relaxed);
                }
                done = status == Status::Done;
            }
            let nodes = solver.stats().nodes();
            self.gate.give_back(budget - (nodes - last_nodes).min(budget));
            self.nodes.fetch_add(nodes - last_nodes, Ordering::Relaxed);
            last_nodes = nodes;
            if done {
                break true;
            }
            if self.gate.stopping() {
                break false;
            }
            if started.elapsed() > SLICE_TIME {
                // Slow nodes: shorter slices, so that limits are seen soon.
                slice = (slice / 2).max(1);
            }
            // The nodes left, per level from the floor down (none if not
            // reporting progress).
            let left = if self.track { solver.estimate_left() } else { Vec::new() };
            let mut kept = 0;
            if self.queued.load(Ordering::Relaxed) < self.threads {
                kept = self.donate(scope, solver, &left);
            }
            if self.track {
                let live: f64 = left[kept.min(left.len())..].iter().sum();
                self.live_left[slot].store(live.to_bits(), Ordering::Relaxed);
            }
        };
        if !done {
            // Stopped: leave the next node to enter (none if the last
            // solution ended the task).
            if let Some(p) = solver.open_position() {
                self.left.lock().unwrap().push(p);
            }
        }
    }

    /// Gives away the untried branches at the solver's floor (going deeper
    /// while a level has none), each task sized as `left` (the estimated
    /// nodes left per level from the floor down, if tracked) sizes the
    /// level's untried branches; returns how many levels the floor went
    /// down.
    fn donate<'s>(
        &'s self,
        scope: &rayon::Scope<'s>,
        solver: &mut Solver<'p>,
        left: &[f64],
    ) -> usize {
        let mut levels_down = 0;
        while let Some((levels, branches)) = solver.split_floor() {
            let total = left.get(levels_down).copied().unwrap_or(0.0);
            levels_down += 1;
            if branches.is_empty() {
                continue;
            }
            let size = total / f64::from(branches.end() - branches.start() + 1);
            if self.track {
                *self.queued_left.lock().unwrap() += total;
            }
            let floor = levels.len();
            for k in branches {
                let mut levels = levels.clone();
                levels.last_mut().expect("the floor's level").0 = k;
                let position = Position::new(levels, floor);
                self.queued.fetch_add(1, Ordering::Relaxed);
                scope.spawn(move |s| self.task(s, position, size));
            }
            break;
        }
        levels_down
    }
}

/// The estimated nodes left at `position` (a task to start): the probes'
/// estimate if the solver has probes; if not, the share of `tree` (the
/// tree's estimated size) that the branch positions alone leave to it.
/// The solver is left at the top.
fn size_of(solver: &mut Solver<'_>, position: &Position, tree: f64) -> f64 {
    let size = if solver.probes_fit() && solver.enter(position).is_ok() {
        solver.grant_probes(START);
        solver.estimate_left().iter().sum::<f64>() + solver.estimate_next()
    } else {
        tree * position.share() * (1.0 - position.fraction())
    };
    solver.reset_search();
    size
}
