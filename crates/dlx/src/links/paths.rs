//! Walks down the tree of [`Links`] along a path: a given one
//! ([`descend`](Links::descend), for parallel and split searches) or random
//! ones (Knuth's estimate of the tree's size, [`estimate`](Links::estimate)),
//! and the steps a progress tracker's probes take one at a time
//! ([`step`](Links::step), [`probe`](Links::probe), [`retreat`](Links::retreat)).

use std::time::Instant;

use super::Links;
use crate::engine::Search;
use crate::estimate::{Estimate, Welford};

/// What the node the search stands on is.
enum NodeKind {
    Solution,
    DeadEnd,
    Branch { item: u32, degree: u32 },
}

impl Links<'_> {
    /// Walks down from the top of the tree along `path` (a branch index per
    /// level) and makes the subtree below it the whole search: the search
    /// then ends when it would climb back above it. Returns `false`, leaving
    /// the solver at the top, if the path leaves the tree (a level has fewer
    /// branches, or ends in a solution or a dead end, before the path does).
    /// Options forced with [`choose`](Self::choose) stay forced.
    pub(crate) fn descend(&mut self, path: &[u32]) -> bool {
        self.unwind();
        let ok = match (self.problem.has_colors(), self.problem.has_multiplicities()) {
            (false, false) => self.descend_with::<false, false>(path),
            (true, false) => self.descend_with::<true, false>(path),
            (false, true) => self.descend_with::<false, true>(path),
            (true, true) => self.descend_with::<true, true>(path),
        };
        if ok {
            self.walk.floor = path.len();
        } else {
            self.unwind();
        }
        ok
    }

    fn descend_with<const C: bool, const M: bool>(&mut self, path: &[u32]) -> bool {
        for &k in path {
            match self.node_kind::<M>() {
                NodeKind::Branch { item, degree } => {
                    if !self.take_branch::<C, M>(item, degree, k) {
                        return false;
                    }
                }
                NodeKind::Solution | NodeKind::DeadEnd => return false,
            }
        }
        true
    }

    /// What the node the search stands on is (state `Forward`).
    fn node_kind<const M: bool>(&self) -> NodeKind {
        match self.choose_item::<M>() {
            None => NodeKind::Solution,
            Some((_, score)) if score <= 0 => NodeKind::DeadEnd,
            Some((item, score)) => NodeKind::Branch { item, degree: score as u32 },
        }
    }

    /// Opens a level on `item` and commits its branch `k`; returns `false`,
    /// leaving the level closed, if there is no such branch.
    fn take_branch<const C: bool, const M: bool>(
        &mut self,
        item: u32,
        degree: u32,
        k: u32,
    ) -> bool {
        self.open_level::<C, M>(item, degree);
        if M {
            // Under Algorithm M the branches before `k` must be tried and
            // tweaked away, as the search would.
            for _ in 0..k {
                if !self.try_choice::<C, M>() || !self.undo_choice::<C, M>() {
                    self.close_level::<C, M>();
                    return false;
                }
            }
        } else {
            // Otherwise branch `k` is simply the `k`th option tried.
            let f = self.walk.frames.last_mut().unwrap();
            for _ in 0..k {
                if f.choice == item {
                    break;
                }
                f.choice = Self::next_choice(&self.dance.nodes, f);
            }
            f.branch = k;
        }
        if !self.try_choice::<C, M>() {
            self.close_level::<C, M>();
            return false;
        }
        true
    }

    /// How many levels down the walk stands.
    pub(crate) fn depth(&self) -> usize {
        self.walk.frames.len()
    }

    /// The number of branches of the node the walk stands on: 0 for a
    /// solution or a dead end.
    pub(crate) fn degree(&self) -> u32 {
        let kind = if self.problem.has_multiplicities() {
            self.node_kind::<true>()
        } else {
            self.node_kind::<false>()
        };
        match kind {
            NodeKind::Branch { degree, .. } => degree,
            NodeKind::Solution | NodeKind::DeadEnd => 0,
        }
    }

    /// Takes branch `k` of the node the walk stands on: returns `false`,
    /// and stays, if the node is a solution or a dead end or has no branch
    /// `k`.
    pub(crate) fn step(&mut self, k: u32) -> bool {
        match (self.problem.has_colors(), self.problem.has_multiplicities()) {
            (false, false) => self.step_with::<false, false>(k),
            (true, false) => self.step_with::<true, false>(k),
            (false, true) => self.step_with::<false, true>(k),
            (true, true) => self.step_with::<true, true>(k),
        }
    }

    fn step_with<const C: bool, const M: bool>(&mut self, k: u32) -> bool {
        match self.node_kind::<M>() {
            NodeKind::Branch { item, degree } if k < degree => {
                self.take_branch::<C, M>(item, degree, k)
            }
            _ => false,
        }
    }

    /// Knuth's estimate of the size (in nodes, as the search counts them)
    /// of the subtree at the node the walk stands on, from one random path
    /// down; the walk is left at the path's end. Returns the estimate and
    /// the levels walked.
    pub(crate) fn probe(&mut self, rng: &mut u64) -> (f64, usize) {
        let depth = self.walk.frames.len();
        let (nodes, _, end) = match (self.problem.has_colors(), self.problem.has_multiplicities()) {
            (false, false) => self.random_path::<false, false>(rng),
            (true, false) => self.random_path::<true, false>(rng),
            (false, true) => self.random_path::<false, true>(rng),
            (true, true) => self.random_path::<true, true>(rng),
        };
        (nodes, end - depth)
    }

    /// Climbs back up to `depth` levels down (from deeper), taking back the
    /// choices on the way.
    pub(crate) fn retreat(&mut self, depth: usize) {
        match (self.problem.has_colors(), self.problem.has_multiplicities()) {
            (false, false) => self.retreat_with::<false, false>(depth),
            (true, false) => self.retreat_with::<true, false>(depth),
            (false, true) => self.retreat_with::<false, true>(depth),
            (true, true) => self.retreat_with::<true, true>(depth),
        }
    }

    /// Knuth's random-path estimate (see `Solver::estimate`).
    pub(crate) fn estimate(&mut self, samples: u64, seed: u64) -> Estimate {
        self.unwind();
        let start = Instant::now();
        let mut rng = (seed ^ 0x9E37_79B9_7F4A_7C15) | 1;
        let (mut nodes, mut sols) = (Welford::default(), Welford::default());
        let mut max_depth = 0;
        for _ in 0..samples {
            let (n, s, depth) = match (self.problem.has_colors(), self.problem.has_multiplicities())
            {
                (false, false) => self.random_path::<false, false>(&mut rng),
                (true, false) => self.random_path::<true, false>(&mut rng),
                (false, true) => self.random_path::<false, true>(&mut rng),
                (true, true) => self.random_path::<true, true>(&mut rng),
            };
            self.unwind();
            nodes.push(n);
            sols.push(s);
            max_depth = max_depth.max(depth);
        }
        Estimate {
            samples,
            nodes: nodes.mean,
            nodes_stderr: nodes.stderr(),
            solutions: sols.mean,
            solutions_stderr: sols.stderr(),
            max_depth,
            elapsed: start.elapsed(),
        }
    }

    fn random_path<const C: bool, const M: bool>(&mut self, rng: &mut u64) -> (f64, f64, usize) {
        // Nodes: 1 + d0 + d0 d1 + ...; solutions: d0 d1 ... at a solution.
        let (mut nodes, mut weight) = (1.0, 1.0);
        loop {
            match self.node_kind::<M>() {
                NodeKind::Solution => return (nodes, weight, self.walk.frames.len()),
                NodeKind::DeadEnd => return (nodes, 0.0, self.walk.frames.len()),
                NodeKind::Branch { item, degree } => {
                    let k = (crate::estimate::next_random(rng) % u64::from(degree)) as u32;
                    if !self.take_branch::<C, M>(item, degree, k) {
                        return (nodes, 0.0, self.walk.frames.len());
                    }
                    weight *= f64::from(degree);
                    nodes += weight;
                }
            }
        }
    }
}
