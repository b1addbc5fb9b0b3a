//! What racing searches share: the solutions found and the answer.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use dlx::Stats;

use crate::grid::Grid;
use crate::solver::Uniqueness;

/// What racing searches share: the solutions found, the answer once known.
#[derive(Debug, Default)]
pub(crate) struct Race {
    stop: AtomicBool,
    /// A request from outside to stop racing (Ctrl-C, a time limit).
    halt: dlx::Stop,
    found: Mutex<Vec<Grid>>,
    /// How many `found` holds.
    found_count: AtomicUsize,
    answer: Mutex<Option<(Option<Grid>, Uniqueness)>>,
    /// The statistics of the searches that have ended, summed.
    stats: Mutex<Stats>,
}

impl Race {
    /// The answer, once a search has it.
    pub(crate) fn answer(&self) -> Option<(Option<Grid>, Uniqueness)> {
        self.answer.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Adds the statistics of a search that has ended.
    pub(crate) fn tally(&self, stats: Stats) {
        *self.stats.lock().unwrap_or_else(|e| e.into_inner()) += stats;
    }

    /// The statistics of every search that raced, summed.
    pub(crate) fn stats(&self) -> Stats {
        *self.stats.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A race that also ends, without an answer, when `halt` is requested.
    pub(crate) fn until(halt: dlx::Stop) -> Race {
        Race { halt, ..Race::default() }
    }

    /// Ends the race without an answer (its time is up).
    pub(crate) fn time_out(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the race has its answer, or was told to stop.
    pub(crate) fn done(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.halt.is_requested()
    }

    fn settle(&self, answer: (Option<Grid>, Uniqueness)) {
        let mut slot = self.answer.lock().unwrap_or_else(|e| e.into_inner());
        if slot.is_none() {
            *slot = Some(answer);
        }
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Adds a solution; answers "several" at the second different one.
    pub(crate) fn add(&self, grid: Grid) {
        let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        if !found.contains(&grid) {
            found.push(grid);
            self.found_count.store(found.len(), Ordering::Relaxed);
        }
        if found.len() >= 2 {
            let first = found[0].clone();
            drop(found);
            self.settle((Some(first), Uniqueness::Multiple));
        }
    }

    /// How many different solutions have been found.
    #[cfg(feature = "sat")]
    pub(crate) fn found_count(&self) -> usize {
        self.found_count.load(Ordering::Relaxed)
    }

    /// The solutions found, from the `from`th on, in the order found.
    #[cfg(feature = "sat")]
    pub(crate) fn found_from(&self, from: usize) -> Vec<Grid> {
        let found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        found.get(from..).unwrap_or_default().to_vec()
    }

    /// The first solution found, if any.
    pub(crate) fn first(&self) -> Option<Grid> {
        self.found.lock().unwrap_or_else(|e| e.into_inner()).first().cloned()
    }

    /// A search ended within its budget: it saw every solution.
    pub(crate) fn finished(&self) {
        let found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        let first = found.first().cloned();
        let uniqueness = Uniqueness::from_count(found.len() as u128);
        drop(found);
        self.settle((first, uniqueness));
    }
}
