//! How far a search has gone: [`Tracker`] estimates the nodes left in the
//! tree a search owns, so that the fraction explored is the nodes searched
//! over the nodes searched plus those left.
//!
//! At each level of the search's path (branch `b` of `d` taken), the
//! branches `b + 1 .. d` are not yet tried; the level's estimate is their
//! number times the size of one. That size is the mean of two kinds of
//! samples. The branches seen searched to their end: between two looks,
//! the nodes searched while the level's branch moved on from `b` to `b'`
//! are about `b' - b` branches' worth; exact sizes, each counted as
//! [`SEEN_WEIGHT`] probes. And Knuth's random probes: a probe takes one
//! untried branch at random and walks a random path down from it, and
//! `1 + d₁ + d₁d₂ + …` (the degrees on the way) is an unbiased but
//! heavy-tailed estimate of that branch's subtree. A level keeps its
//! samples as long as the path above it stays, so the top levels, where
//! most of the tree lies, gather many over a long count while the deep
//! ones, which come and go, get few. A level with none takes a branch of
//! the level above (or the prior size of a parallel task) shared evenly
//! among its branches, or failing that the size of the branch being
//! searched there. The fraction may step back by [`MAX_BACK`] a look at
//! most.
//!
//! The probes walk a dancing-links copy of the problem (the prober), never
//! the search's own state, so the search loop is untouched; they are paid
//! for out of a budget of [`RATE`] probe steps per node searched (a step
//! being a level taken and taken back, about a node's work), plus
//! [`START`] steps to begin with.

use crate::engine::Search;
use crate::estimate::next_random;
use crate::id::OptionId;
use crate::links::Links;
use crate::problem::Problem;

/// Probe steps allowed per search-tree node searched.
pub(crate) const RATE: f64 = 1.0 / 2048.0;
/// Probe steps allowed at the first look, before any node is searched.
pub(crate) const START: f64 = 1024.0;
/// The most a fraction reported may step back from the one before.
pub(crate) const MAX_BACK: f64 = 0.02;
/// The probes the level at the floor gets at least, budget or not, before
/// any of its branches is seen finished: its untried branches are what a
/// parallel search gives away.
const FLOOR_PROBES: u32 = 8;
/// How many probes a branch seen searched to its end counts for in a
/// level's mean: its size is known, a probe's is a rough guess.
const SEEN_WEIGHT: f64 = 256.0;
/// The most probe steps saved up between two looks.
const CAP: f64 = 1.0e6;
/// The most probes in one look.
const MAX_PROBES: u32 = 1024;

/// One level of the path the tracker last saw.
#[derive(Debug, Clone, Copy)]
struct Level {
    /// The branch taken, from 0.
    branch: u32,
    /// The level's number of branches.
    degree: u32,
    /// The sum and number of the probes' estimates of one untried branch.
    sum: f64,
    samples: u32,
    /// The nodes searched in the branches seen finished, and how many.
    seen_sum: f64,
    seen: u32,
    /// The search's node count when the branch was first seen taken.
    since: u64,
}

impl Level {
    /// The branches not yet tried.
    fn untried(&self) -> u32 {
        self.degree.saturating_sub(self.branch + 1)
    }
}

/// Estimates the nodes left in a search's tree from its path; see the
/// module docs.
#[derive(Debug, Clone)]
pub(crate) struct Tracker<'p> {
    prober: Links<'p>,
    /// Whether the prober's tree is the search's: not under the dominance
    /// pass of the bit engine, whose tree differs (found out when a degree
    /// on the path differs); without it there are no probes.
    fits: bool,
    levels: Vec<Level>,
    rng: u64,
    /// Probe steps that may still be spent.
    credit: f64,
    /// The node count at the last look.
    last_nodes: u64,
    /// The mean number of steps of a probe so far (a guess before any).
    probe_cost: f64,
    probes: u64,
    /// Probe steps spent so far.
    steps: u64,
    /// The fraction reported last (0 if none).
    last: f64,
    /// The estimated size of the subtree at the floor when the search
    /// began there, if known (a parallel task's, from its donor).
    prior: Option<f64>,
}

impl<'p> Tracker<'p> {
    /// A tracker for a search of `problem` with `forced` options forced
    /// (the search's heuristic and seed); `probes` says whether the
    /// search's tree is the prober's (not under the bit engine's dominance
    /// pass).
    pub(crate) fn new(
        problem: &'p Problem,
        config: crate::config::Config,
        forced: &[OptionId],
        probes: bool,
    ) -> Tracker<'p> {
        let mut prober = Links::new(problem, config.get_heuristic(), config.get_seed());
        let fits = probes && forced.iter().all(|&o| prober.choose(o).is_ok());
        Tracker {
            prober,
            fits,
            levels: Vec::new(),
            rng: 0x2545_F491_4F6C_DD1D,
            credit: START,
            last_nodes: 0,
            probe_cost: 16.0,
            probes: 0,
            steps: 0,
            last: 0.0,
            prior: None,
        }
    }

    /// Forgets the path (a search started over or moved elsewhere); the
    /// probe budget is kept.
    pub(crate) fn forget(&mut self) {
        self.prober.retreat(0);
        self.levels.clear();
        self.last_nodes = 0;
        self.last = 0.0;
        self.prior = None;
    }

    /// Takes `size` as the estimated size of the subtree at the floor of
    /// the search about to begin (forgotten with the path).
    pub(crate) fn set_prior(&mut self, size: f64) {
        self.prior = (size > 0.0).then_some(size);
    }

    /// The fraction of the search done, from the nodes searched and the
    /// estimate of those left: `done / (done + left)`, but never more than
    /// [`MAX_BACK`] below the fraction this returned before.
    pub(crate) fn fraction(&mut self, done: f64, left: f64) -> f64 {
        self.last = done_over_total(done, left, self.last);
        self.last
    }

    /// Adds `steps` to the probe budget.
    pub(crate) fn grant(&mut self, steps: f64) {
        self.credit = (self.credit + steps).min(CAP);
    }

    /// Probe steps spent so far.
    pub(crate) fn steps(&self) -> u64 {
        self.steps
    }

    /// Whether the probes walk the search's tree (see the field `fits`).
    pub(crate) fn fits(&self) -> bool {
        self.fits
    }

    /// Looks at where the search stands (its path from the top, its floor
    /// and the nodes it has searched), probes as the budget allows, and
    /// returns the estimated nodes left in the subtree at the floor, per
    /// level from the floor down.
    pub(crate) fn update(&mut self, path: &[(u32, u32)], floor: usize, nodes: u64) -> Vec<f64> {
        let gained = nodes.saturating_sub(self.last_nodes);
        self.last_nodes = nodes;
        self.grant(gained as f64 * RATE);
        self.sync(path, nodes);
        if self.fits {
            self.probe_some(floor, nodes);
        }
        self.left_by_level(floor, nodes)
    }

    /// The estimated size of the subtree at the end of the tracked path
    /// (a node not yet entered: a task not yet started), from as many
    /// probes as [`START`] steps pay for (one at least); 0 if the
    /// prober's tree is not the search's.
    pub(crate) fn subtree(&mut self) -> f64 {
        let depth = self.levels.len();
        if !self.fits || !self.walk_to(depth) {
            return 0.0;
        }
        let (mut sum, mut count, mut spent) = (0.0, 0u32, 0.0);
        while count == 0 || spent < START {
            let (size, walked) = self.prober.probe(&mut self.rng);
            self.prober.retreat(depth);
            sum += size;
            count += 1;
            spent += walked as f64 + 1.0;
            self.steps += walked as u64 + 1;
        }
        sum / f64::from(count)
    }

    /// Makes `path` the tracked path, keeping each level's probes while the
    /// path above it is the same.
    fn sync(&mut self, path: &[(u32, u32)], nodes: u64) {
        let since = nodes;
        let same = self
            .levels
            .iter()
            .zip(path)
            .take_while(|&(l, &(b, d))| l.branch == b && l.degree == d)
            .count();
        if self.prober.depth() > same {
            self.prober.retreat(same);
        }
        let parent_kept = same < self.levels.len().min(path.len());
        self.levels.truncate(same + usize::from(parent_kept));
        if parent_kept {
            // The same node above, another branch of it.
            let l = &mut self.levels[same];
            let branch = path[same].0;
            if l.degree == path[same].1 {
                if branch > l.branch {
                    // The branches from the one seen before to this one
                    // were searched in the nodes since then (about: the
                    // first was begun before, this one after).
                    l.seen_sum += nodes.saturating_sub(l.since) as f64;
                    l.seen += branch - l.branch;
                }
                l.branch = branch;
                l.since = nodes;
            } else {
                self.levels.truncate(same);
            }
        }
        let new = path[self.levels.len()..].iter().map(|&(branch, degree)| Level {
            branch,
            degree,
            sum: 0.0,
            samples: 0,
            seen_sum: 0.0,
            seen: 0,
            since,
        });
        self.levels.extend(new);
    }

    /// The estimated nodes left at each level from `floor` down: the
    /// untried branches there times the estimated size of one. That size
    /// is the mean of the level's branches seen finished and of its
    /// probes; without either, the size of a branch of the level above
    /// (or the [prior](Self::set_prior) size of the subtree at the floor)
    /// shared evenly among the level's branches; without that either, the
    /// size of the branch being searched there (the nodes searched since
    /// it was first seen plus the estimate below it).
    fn left_by_level(&self, floor: usize, nodes: u64) -> Vec<f64> {
        let levels = self.levels.get(floor..).unwrap_or(&[]);
        let mut parent = self.prior;
        let means: Vec<Option<f64>> = levels
            .iter()
            .map(|l| {
                let mean = if l.samples + l.seen > 0 {
                    let seen = SEEN_WEIGHT * f64::from(l.seen);
                    Some((SEEN_WEIGHT * l.seen_sum + l.sum) / (seen + f64::from(l.samples)))
                } else {
                    parent.map(|p| ((p - 1.0) / f64::from(l.degree.max(1))).max(0.0))
                };
                parent = mean;
                mean
            })
            .collect();
        let mut left = vec![0.0; levels.len()];
        let mut below = 0.0;
        for (k, l) in levels.iter().enumerate().rev() {
            let mean = means[k].unwrap_or_else(|| nodes.saturating_sub(l.since) as f64 + below);
            left[k] = f64::from(l.untried()) * mean;
            below += left[k];
        }
        left
    }

    /// Spends the budget on probes: first one for each level from the
    /// floor down that has none, top first; then one at a time where the
    /// estimate is least sure (the most nodes left per probe). The level
    /// at the floor, the largest, gets a probe if it has no estimate at
    /// all, even out of budget (which then goes into debt).
    fn probe_some(&mut self, floor: usize, nodes: u64) {
        let n = self.levels.len();
        let left = self.left_by_level(floor, nodes);
        let mut plan = vec![0u32; n];
        let mut budget = self.credit;
        if let Some(l) = self.levels.get(floor) {
            let want = FLOOR_PROBES;
            if l.untried() > 0 && l.seen == 0 && l.samples < want {
                plan[floor] = want - l.samples;
                budget = budget.max(0.0) - self.probe_cost * f64::from(plan[floor]);
            }
        }
        for _ in 0..MAX_PROBES {
            if budget <= 0.0 {
                break;
            }
            let mut best: Option<(usize, f64)> = None;
            for k in floor..n {
                let l = &self.levels[k];
                if l.untried() == 0 {
                    continue;
                }
                let samples = l.samples + plan[k];
                let worth =
                    if samples == 0 { f64::INFINITY } else { left[k - floor] / f64::from(samples) };
                if best.is_none_or(|(_, w)| worth > w) {
                    best = Some((k, worth));
                }
            }
            let Some((k, _)) = best else { break };
            plan[k] += 1;
            budget -= self.probe_cost + (k.saturating_sub(self.prober.depth())) as f64;
        }
        for (k, &count) in plan.iter().enumerate() {
            if count == 0 {
                continue;
            }
            if !self.walk_to(k) {
                return;
            }
            for _ in 0..count {
                self.probe(k);
            }
        }
    }

    /// Moves the prober to the node at depth `k` of the tracked path.
    /// Returns `false` (and stops probing for good) if the path is not in
    /// the prober's tree.
    fn walk_to(&mut self, k: usize) -> bool {
        if self.prober.depth() > k {
            self.prober.retreat(k);
        }
        while self.prober.depth() < k {
            let l = self.levels[self.prober.depth()];
            self.steps += 1;
            self.credit -= 1.0;
            if self.prober.degree() != l.degree || !self.prober.step(l.branch) {
                self.fits = false;
                self.prober.retreat(0);
                return false;
            }
        }
        true
    }

    /// One probe of an untried branch at level `k`, the prober standing on
    /// the node there.
    fn probe(&mut self, k: usize) {
        let l = self.levels[k];
        if self.prober.degree() != l.degree {
            self.fits = false;
            return;
        }
        let r = next_random(&mut self.rng) % u64::from(l.untried());
        let branch = l.branch + 1 + r as u32;
        let (size, walked) = if self.prober.step(branch) {
            let (size, walked) = self.prober.probe(&mut self.rng);
            (size, walked + 1)
        } else {
            // A branch that does not exist (Algorithm M): nothing there.
            (0.0, 0)
        };
        self.prober.retreat(k);
        self.probes += 1;
        self.steps += walked as u64;
        self.credit -= walked as f64;
        self.probe_cost += (walked as f64 - self.probe_cost) / self.probes as f64;
        let l = &mut self.levels[k];
        l.sum += size;
        l.samples += 1;
    }
}

/// The fraction of a tree done, `done / (done + left)` (1 for an empty
/// search), but at most [`MAX_BACK`] below `last`, the fraction reported
/// before (0 if none).
pub(crate) fn done_over_total(done: f64, left: f64, last: f64) -> f64 {
    let f = if done + left > 0.0 { (done / (done + left)).clamp(0.0, 1.0) } else { 1.0 };
    f.max(last - MAX_BACK)
}
