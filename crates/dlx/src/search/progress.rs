//! Where a [`Solver`]'s search stands: its position in the tree, the
//! fraction of the tree behind it, estimates of what is left, and Knuth's
//! random-path estimate.

use super::{Backend, Solver};
use crate::config::Engine;
use crate::engine::Search;
use crate::estimate::Estimate;
use crate::links::Links;
use crate::progress::Tracker;

impl<'p> Solver<'p> {
    /// Where the search stands: the branch taken at each level (counting
    /// from 0) out of how many, from the top of the tree down.
    pub fn position(&self) -> Vec<(u32, u32)> {
        self.backend.search().levels()
    }

    /// An estimate of the fraction of the search tree explored so far:
    /// the nodes searched ([`Stats::nodes`](crate::Stats::nodes), those before a
    /// [resume](Self::resume) included) over those plus the estimated
    /// [nodes left](Self::nodes_left). 1 once the search is over.
    ///
    /// Unlike the positions of the branches alone (which take every branch
    /// of a level to be the same size, and so freeze or jump on a lopsided
    /// tree), it weighs each branch by an estimate of its subtree's size:
    /// the branches not yet tried at each level of the path are sized by
    /// the branches seen finished there and by Knuth's random probes, a
    /// few per call, within a budget of about 1% of the search's own work
    /// (see [`nodes_left`](Self::nodes_left)). It
    /// is an estimate: when new probes find more tree than thought it steps
    /// back, but by at most 0.02 from one call to the next (the estimate of
    /// the nodes left is not held back so). The first call sets the
    /// estimator up (a copy of the problem's links); a search never asked
    /// pays nothing.
    pub fn progress(&mut self) -> f64 {
        if self.backend.search().done() {
            return 1.0;
        }
        let done = self.stats().nodes() as f64;
        let left = self.estimate_left().iter().sum();
        self.tracker().fraction(done, left)
    }

    /// The estimated number of search-tree nodes left to search (0 once
    /// the search is over): at each level of the path from the top, the
    /// branches not yet tried there times the estimated size of one.
    ///
    /// That size is the mean size of the level's branches seen searched to
    /// their end (measured between calls: the nodes searched while the
    /// branch taken there moved on), each counting as 256 probes, and of
    /// Knuth's random-path estimates ("probes") of its untried branches:
    /// a probe takes one at random and walks a random path down from it,
    /// on a copy of the problem, never on the search's own state. Finished
    /// branches are exact where a probe is a rough guess (often too small
    /// on a lopsided tree), so they take the lead once there are any. A
    /// level with neither takes the size of a branch of the level above,
    /// shared evenly among its own branches. A level keeps what it learnt
    /// while the path above it stays, so the top levels, which hold most
    /// of the tree, are the best known.
    ///
    /// Probes cost a step per level walked, about a node's work: each call
    /// may spend 1 step per 2,048 nodes searched since the one before (1,024
    /// at the first call, and the level at the floor gets 8 probes at
    /// least). Where the probes' tree is not the search's (the bit
    /// engine's [`Propagation::Dominance`](crate::Propagation::Dominance))
    /// there are no probes, only the branches seen finished and, where
    /// none are, the branch being searched (the nodes searched since it
    /// was first seen, plus the estimate below it).
    pub fn nodes_left(&mut self) -> f64 {
        if self.backend.search().done() {
            return 0.0;
        }
        self.estimate_left().iter().sum()
    }

    /// The estimated nodes left in the subtree this search owns, per level
    /// from its floor down (see [`nodes_left`](Self::nodes_left)).
    pub(crate) fn estimate_left(&mut self) -> Vec<f64> {
        let (path, floor): (Vec<(u32, u32)>, usize) =
            (self.backend.search().levels(), self.backend.search().floor());
        let nodes = self.backend.search().stats().nodes;
        self.tracker().update(&path, floor, nodes)
    }

    /// The estimator of the nodes left, set up on first use: its probes
    /// walk a dancing-links copy of the problem, whose tree is the
    /// search's but under the bit engine's dominance pass.
    fn tracker(&mut self) -> &mut Tracker<'p> {
        let probes = self.engine() == Engine::DancingLinks
            || self.config.get_propagation() != crate::config::Propagation::Dominance;
        let (problem, config, forced) = (self.problem, self.config, &self.forced);
        self.tracker.get_or_insert_with(|| Box::new(Tracker::new(problem, config, forced, probes)))
    }

    /// Takes `size` as the estimated size of the subtree at the floor, for
    /// the estimate of the nodes left of a search about to begin there
    /// (a parallel task, sized by its donor).
    pub(crate) fn set_prior(&mut self, size: f64) {
        self.estimate_left();
        self.tracker().set_prior(size);
    }

    /// The estimated size of the subtree at the node the search is to
    /// enter next, by probes (0 without probes); for a search that has not
    /// begun there (a task not yet started).
    pub(crate) fn estimate_next(&mut self) -> f64 {
        self.estimate_left();
        self.tracker().subtree()
    }

    /// Whether the estimate of the nodes left has probes (not under the
    /// bit engine's dominance pass).
    pub(crate) fn probes_fit(&mut self) -> bool {
        self.tracker().fits()
    }

    /// Adds probe steps to the budget of the estimate of the nodes left
    /// (see [`nodes_left`](Self::nodes_left)).
    pub(crate) fn grant_probes(&mut self, steps: f64) {
        if let Some(t) = &mut self.tracker {
            t.grant(steps);
        }
    }

    /// The probe steps the estimate of the nodes left has taken so far.
    pub fn probe_steps(&self) -> u64 {
        self.tracker.as_ref().map_or(0, |t| t.steps())
    }

    /// Knuth's random-path estimate (1975): walks `samples` random paths
    /// from the top of the tree, choosing each branch uniformly, and
    /// averages the tree size and solution count each path implies. The
    /// search is started over first; options forced with
    /// [`choose`](Self::choose) stay forced. The same seed gives the same
    /// estimate.
    pub fn estimate(&mut self, samples: u64, seed: u64) -> Estimate {
        match &mut self.backend {
            Backend::Links(e) => e.estimate(samples, seed),
            Backend::Bits8(_) | Backend::Bits16(_) | Backend::Sliced(_) | Backend::Bounded(_) => {
                // The random walks are written for dancing links; the two
                // engines have the same tree, so walk it there.
                let mut links = Links::new(self.problem, self.config.get_heuristic(), None);
                for &o in &self.forced {
                    links.choose(o).expect("forced before");
                }
                self.reset_search();
                links.estimate(samples, seed)
            }
        }
    }
}
