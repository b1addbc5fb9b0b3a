//! The workers of a [`Parallel`] search: [`Shared`], the state they
//! share (idle solvers, the tasks waiting, the gate that stops them, the
//! totals), and a task's loop: descend to its position, search in slices,
//! donate the untried branches of its floor while threads are idle, leave
//! its position when the search stops.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use super::{Parallel, Progress, Visit};
use crate::checkpoint::Position;
use crate::config::Config;
use crate::limits::{Gate, SLICE_TIME};
use crate::progress::{START, done_over_total};
use crate::search::Solver;
use crate::stats::Stats;
use crate::status::Status;

/// What the workers of one search share.
pub(super) struct Shared<'a, 'p> {
    pub(super) parallel: &'a Parallel<'p>,
    /// The threads the search runs on.
    pub(super) threads: usize,
    /// The settings every worker's solver runs with.
    pub(super) config: Config,
    pub(super) visit: Option<Visit<'a>>,
    /// Idle solvers, reused across tasks so that workers do not copy the
    /// arena for every task.
    pub(super) pool: Mutex<Vec<Solver<'p>>>,
    /// Tasks spawned but not started.
    pub(super) queued: AtomicUsize,
    /// The limits, and the flag set once the search is to stop: a limit,
    /// a stop request, the end of a `visit`.
    pub(super) gate: Gate<'a>,
    /// The statistics of the checkpoint resumed from (zero if none).
    pub(super) before: Stats,
    /// Solutions found by this search (a count may pass 2^64: `u128`,
    /// saturating).
    pub(super) found: Mutex<u128>,
    pub(super) nodes: AtomicU64,
    /// Whether progress is reported: only then do the tasks estimate the
    /// nodes left (see [`Solver::nodes_left`]).
    pub(super) track: bool,
    /// The estimated nodes of the tasks not yet started.
    pub(super) queued_left: Mutex<f64>,
    /// Per thread: the estimated nodes left in its running task, as `f64`
    /// bits.
    pub(super) live_left: Vec<AtomicU64>,
    pub(super) stats: Mutex<Stats>,
    /// The positions left open by a search that stopped.
    pub(super) left: Mutex<Vec<Position>>,
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
    pub(super) fn progress(&self, start: Instant, last: f64) -> Progress {
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
    pub(super) fn task<'s>(&'s self, scope: &rayon::Scope<'s>, position: Position, size: f64) {
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
pub(super) fn size_of(solver: &mut Solver<'_>, position: &Position, tree: f64) -> f64 {
    let size = if solver.probes_fit() && solver.enter(position).is_ok() {
        solver.grant_probes(START);
        solver.estimate_left().iter().sum::<f64>() + solver.estimate_next()
    } else {
        tree * position.share() * (1.0 - position.fraction())
    };
    solver.reset_search();
    size
}
