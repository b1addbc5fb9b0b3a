//! A [`Solver`]'s search cut into pieces: counting within limits,
//! checkpoints and resuming them, and the positions that parallel search
//! and `split` hand from one solver to another.

use std::time::Instant;

use super::{Donation, SLICE, Solver, not_in_tree};
use crate::checkpoint::{Checkpoint, Fingerprint, Position};
use crate::error::{Error, ErrorKind};
use crate::limits::{Limits, Outcome, SLICE_TIME};
use crate::status::Status;

impl<'p> Solver<'p> {
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
        self.count_within_up_to(limits, u128::MAX)
    }

    /// [`count_within`](Self::count_within), stopping also once this call
    /// has counted `limit` solutions (or more: a count that adds whole
    /// subtrees at once stops within the slice that passes it).
    pub(crate) fn count_within_up_to(&mut self, limits: &Limits, limit: u128) -> Outcome {
        let start = Instant::now();
        let deadline = limits.deadline(start);
        let mut budget = limits.get_nodes().unwrap_or(u64::MAX);
        let mut slice = SLICE;
        let counted = self.stats().solutions;
        while budget > 0 {
            let left = limit.saturating_sub(self.stats().solutions - counted);
            if left == 0 {
                break;
            }
            let (before, started) = (self.stats().nodes(), Instant::now());
            if self.count_slice(slice.min(budget), left).1 == Status::Done {
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
        // A checkpoint only where the search is open: its fingerprint
        // hashes the whole problem.
        let checkpoint = self
            .open_position()
            .map(|position| Checkpoint::new(self.fingerprint(), self.stats(), vec![position]));
        let stats = self.stats();
        Outcome {
            solutions: stats.solutions,
            stats,
            wall: start.elapsed(),
            complete: checkpoint.is_none(),
            checkpoint,
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
    /// problem and [`Config`](crate::Config) (the engine that ran), and the same options
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
        // A listing's checkpoint names the engine a listing moves to (see
        // `Solver::run`).
        let theirs = checkpoint.fingerprint.config.get_engine();
        let listing = Solver::listing_config(self.problem, self.config);
        if theirs != self.engine() && theirs == Solver::engine_for(self.problem, listing) {
            self.settle_for_listing();
        }
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
}
