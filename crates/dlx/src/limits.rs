//! Stopping a count before the end: a [`Stop`] handle, node and time
//! [`Limits`], and the [`Outcome`] of a count, whole or partial (then with
//! a [`Checkpoint`] to go on from); `Gate`, the limits as the threads of a
//! parallel search share them.
//!
//! Limits are looked at between *slices* of the search (a few thousand
//! nodes, fewer where nodes are slow: a slice that takes longer than
//! [`SLICE_TIME`] halves the next), never inside the search loop, so a
//! count with limits runs as fast as one without and still stops within a
//! fraction of a second.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::checkpoint::Checkpoint;
use crate::stats::Stats;

/// The longest a slice should take: a slice that takes longer halves the
/// next one (down to one node), so that limits are seen in time even where
/// a node is slow.
pub(crate) const SLICE_TIME: Duration = Duration::from_millis(20);

/// A request to stop a search, shared between threads: clone it, hand one
/// copy to the search ([`Limits::stop`], [`Parallel::stop_on`](crate::Parallel::stop_on))
/// and call [`request`](Self::request) on another (from a signal handler's
/// thread, a timer, a user interface). The search stops at its next look,
/// within a fraction of a second, with a partial [`Outcome`].
///
/// ```
/// use dlx::Stop;
/// let stop = Stop::new();
/// let handle = stop.clone();
/// assert!(!stop.is_requested());
/// handle.request();
/// assert!(stop.is_requested());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A handle not yet asked to stop.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks every search that holds a copy of this handle to stop.
    pub fn request(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was requested.
    pub fn is_requested(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag itself: setting it to `true` requests a stop (for code that
    /// sets a flag from a signal handler, such as `signal_hook::flag`).
    pub fn flag(&self) -> &Arc<AtomicBool> {
        &self.0
    }
}

impl From<Arc<AtomicBool>> for Stop {
    /// A handle on an existing flag: the search stops when it is `true`.
    fn from(flag: Arc<AtomicBool>) -> Stop {
        Stop(flag)
    }
}

/// When a count stops before the end of the tree: after a number of
/// search-tree nodes, after some time, or when a [`Stop`] is requested,
/// whichever comes first. The default has no limit.
///
/// ```
/// use std::time::Duration;
/// use dlx::Limits;
/// let limits = Limits::new().nodes(1_000_000).time(Duration::from_secs(60));
/// assert_eq!(limits.get_nodes(), Some(1_000_000));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Limits {
    nodes: Option<u64>,
    time: Option<Duration>,
    stop: Option<Stop>,
}

impl Limits {
    /// No limit.
    pub fn new() -> Limits {
        Limits::default()
    }

    /// Stops after at most `nodes` more search-tree nodes (counted from the
    /// start of this count, not from the start of a resumed one). A
    /// [`Solver`](crate::Solver) stops after exactly that many where the
    /// tree has them; a [`Parallel`](crate::Parallel) search takes them a
    /// slice per worker at a time and stops when none are left to take,
    /// never past the limit (a little short of it when a task ends holding
    /// part of a slice as another worker finds the budget empty).
    pub fn nodes(mut self, nodes: u64) -> Limits {
        self.nodes = Some(nodes);
        self
    }

    /// Stops once `time` has passed since the count started (within a
    /// slice: a few milliseconds).
    pub fn time(mut self, time: Duration) -> Limits {
        self.time = Some(time);
        self
    }

    /// Stops when `stop` is requested.
    pub fn stop(mut self, stop: Stop) -> Limits {
        self.stop = Some(stop);
        self
    }

    /// The node limit, if any.
    pub fn get_nodes(&self) -> Option<u64> {
        self.nodes
    }

    /// The time limit, if any.
    pub fn get_time(&self) -> Option<Duration> {
        self.time
    }

    /// The stop handle, if any.
    pub fn get_stop(&self) -> Option<&Stop> {
        self.stop.as_ref()
    }

    /// The moment the time limit runs out, for a count started at `start`.
    pub(crate) fn deadline(&self, start: Instant) -> Option<Instant> {
        self.time.and_then(|t| start.checked_add(t))
    }

    /// Whether a stop was requested or `deadline` has passed.
    pub(crate) fn reached(&self, deadline: Option<Instant>) -> bool {
        self.stop.as_ref().is_some_and(Stop::is_requested)
            || deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// What a count did: the solutions and statistics, and whether it ran to
/// the end of the tree. A count stopped early (a limit, a [`Stop`]) is
/// partial: `complete` is `false`, `solutions` is a lower bound, and
/// `checkpoint` says where to go on from (see [`Checkpoint`]).
///
/// Made by [`Parallel`](crate::Parallel)'s counts and by
/// [`Solver::count_within`](crate::Solver::count_within).
#[derive(Debug, Clone, Default, PartialEq)]
#[non_exhaustive]
pub struct Outcome {
    /// Solutions found (up to the limit, if one was set), including those
    /// of the checkpoint a count resumed from.
    pub solutions: u128,
    /// The statistics, added up over threads and over the counts resumed
    /// from (`elapsed` is their total CPU time).
    pub stats: Stats,
    /// Wall-clock time of this count (not of the counts resumed from).
    pub wall: Duration,
    /// Whether the whole tree was searched. `solutions` is then the exact
    /// count (capped by a solution limit, if one was set).
    pub complete: bool,
    /// Where the count stands, when it stopped before the end (`None`
    /// exactly when `complete`).
    pub checkpoint: Option<Checkpoint>,
}

/// What the threads of a parallel search share to stop together: a flag
/// set once a limit is reached (or by the search itself), the deadline of
/// the time limit and what is left of the node limit.
#[derive(Debug)]
pub(crate) struct Gate<'a> {
    limits: &'a Limits,
    /// Set once the search is to stop.
    pub(crate) stop: AtomicBool,
    deadline: Option<Instant>,
    /// The nodes the workers may still take, under a node limit.
    budget: Option<AtomicU64>,
}

impl<'a> Gate<'a> {
    /// The gate of a search under `limits` that started at `start`.
    pub(crate) fn new(limits: &'a Limits, start: Instant) -> Gate<'a> {
        Gate {
            limits,
            stop: AtomicBool::new(false),
            deadline: limits.deadline(start),
            budget: limits.get_nodes().map(AtomicU64::new),
        }
    }

    /// Whether the search is to stop; looks at the limits (a stop request,
    /// the time) and sets `stop` when one is reached.
    pub(crate) fn stopping(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        let reached = self.limits.reached(self.deadline);
        if reached {
            self.stop.store(true, Ordering::Relaxed);
        }
        reached
    }

    /// Takes up to `want` nodes from the budget: `None` (and the search is
    /// to stop) if it is spent.
    pub(crate) fn take_nodes(&self, want: u64) -> Option<u64> {
        let Some(budget) = &self.budget else { return Some(want) };
        // A compare-and-swap loop (what `fetch_update` does, under a name
        // that newer toolchains deprecate).
        let mut b = budget.load(Ordering::Relaxed);
        while b > 0 {
            match budget.compare_exchange_weak(
                b,
                b - want.min(b),
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Some(want.min(b)),
                Err(now) => b = now,
            }
        }
        self.stop.store(true, Ordering::Relaxed);
        None
    }

    /// Gives back nodes taken from the budget and not used.
    pub(crate) fn give_back(&self, nodes: u64) {
        if let Some(budget) = &self.budget {
            budget.fetch_add(nodes, Ordering::Relaxed);
        }
    }
}
