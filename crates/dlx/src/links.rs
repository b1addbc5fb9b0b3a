//! The dancing-links engine: Algorithm X with Knuth's extensions C
//! (colors) and M (multiplicities), over a copy of the problem's arena.
//!
//! The search is iterative. Each level of the search tree is a [`Frame`] on
//! an explicit stack (the item branched on and the option being tried), and
//! the engine is a small state machine, so it can stop after any solution
//! and resume later: that is how the solutions iterator is lazy, and why a
//! search that is 100,000 levels deep needs no more than 100,000 frames of
//! heap memory.
//!
//! The loop is compiled four times, for exact cover (DLX1), colors (DLX2),
//! multiplicities, and both (DLX3), and the engine picks one when it
//! starts, so an ordinary exact-cover problem pays nothing for the rest.
//!
//! The level operations (`open_level`, `try_choice`, `undo_choice`,
//! `close_level`) are the only code that changes the links; the search
//! loop, `descend` (replaying a path for parallel and split searches) and
//! the random paths of the estimator are all written in terms of them.

use std::time::Instant;

use crate::config::{Heuristic, TieBreak};
use crate::dance::Dance;
use crate::error::{Error, ErrorKind};
use crate::estimate::{Estimate, Welford};
use crate::fast::View;
use crate::id::OptionId;
use crate::matrix::{Matrix, ROOT, SPACER};
use crate::problem::Problem;
use crate::search::Status;
use crate::stats::Stats;

/// What the node the search stands on is.
enum NodeKind {
    Solution,
    DeadEnd,
    Branch { item: u32, degree: u32 },
}

/// One level of the search tree.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Frame {
    /// The item branched on.
    pub(crate) item: u32,
    /// The node of the option being tried, or `item` itself for the "null"
    /// move of Algorithm M (choose no further option for `item`).
    pub(crate) choice: u32,
    /// Algorithm M: the top of `item`'s list when the level began.
    pub(crate) first_tweak: u32,
    /// Which branch of this level is being tried, from 0.
    pub(crate) branch: u32,
    /// How many branches this level has (the item's list length, or its
    /// branching degree under Algorithm M).
    pub(crate) degree: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum State {
    /// Enter a new level: count the node, choose an item.
    Forward,
    /// Try the current choice of the top frame.
    Advance,
    /// Undo the top frame's choice and move to its next one.
    Backdown,
    /// The search is over.
    Done,
}

/// The dancing-links search of one problem: the engine for every problem
/// (the bit-parallel one only takes small plain ones).
#[derive(Debug, Clone)]
pub(crate) struct Links<'p> {
    problem: &'p Problem,
    heuristic: Heuristic,
    dance: Dance,
    slack: Vec<u32>,
    num_primary: u32,
    frames: Vec<Frame>,
    /// The stack depth at which this search ends (see `set_floor`).
    pub(crate) floor: usize,
    state: State,
    pub(crate) stats: Stats,
    pause_at: u64,
}

impl<'p> Links<'p> {
    pub(crate) fn new(problem: &'p Problem, heuristic: Heuristic) -> Links<'p> {
        let m: &Matrix = &problem.matrix;
        Links {
            problem,
            heuristic,
            dance: Dance {
                nodes: m.nodes.clone(),
                links: m.links.clone(),
                bound: m.bound.clone(),
                updates: 0,
            },
            slack: m.slack.clone(),
            num_primary: m.num_primary() as u32,
            frames: Vec::new(),
            floor: 0,
            state: State::Forward,
            stats: Stats::default(),
            pause_at: u64::MAX,
        }
    }

    pub(crate) fn problem(&self) -> &'p Problem {
        self.problem
    }

    pub(crate) fn stats(&self) -> Stats {
        let mut s = self.stats;
        s.updates = self.dance.updates;
        s
    }

    /// Forgets the search (keeping the forced options) and clears the
    /// statistics.
    pub(crate) fn reset_search(&mut self) {
        self.unwind();
        self.stats = Stats::default();
        self.dance.updates = 0;
    }

    /// Forgets the search and takes back the `forced` options (the ones
    /// chosen with `choose`, in order), and clears the statistics.
    pub(crate) fn reset(&mut self, forced: &[OptionId]) {
        self.unwind();
        let np = self.num_primary;
        for &o in forced.iter().rev() {
            let m = &self.problem.matrix;
            let x = m.option_node[o.index()];
            if self.dance.nodes[x as usize].top == SPACER {
                continue; // an empty option
            }
            // Undo `choose`, step by step in reverse.
            self.dance.uncommit_others::<true, true>(x, np);
            self.dance.uncommit::<true, true>(x, np);
            if m.usable[o.index()] {
                let i = self.dance.nodes[x as usize].top;
                self.dance.untweak_one(x, i);
            } else {
                for (k, e) in self.problem.option(o).iter().enumerate() {
                    self.dance.nodes[x as usize + k].color = e.color.map_or(0, |c| c.as_u32() + 1);
                }
            }
        }
        self.stats = Stats::default();
        self.dance.updates = 0;
        self.floor = 0;
        self.state = State::Forward;
    }

    /// Forces an option into the partial solution (see `Solver::choose`).
    pub(crate) fn choose(&mut self, option: OptionId) -> Result<(), Error> {
        let m = &self.problem.matrix;
        let Some(&x) = m.option_node.get(option.index()) else {
            return Err(Error::new(ErrorKind::OutOfRange("option", option.index())));
        };
        self.unwind();
        if self.dance.nodes[x as usize].top == SPACER {
            return Ok(());
        }
        if !self.is_available(x, m.usable[option.index()]) {
            return Err(Error::new(ErrorKind::Conflict { option: option.index() }));
        }
        let np = self.num_primary;
        if m.usable[option.index()] {
            // Take the option out of every list first, so that an item with
            // room to spare (Algorithm M) cannot offer it a second time.
            let i = self.dance.nodes[x as usize].top;
            self.dance.tweak::<true>(x, i);
        } else {
            // Not in any list, so purify never marks its nodes: mark the
            // ones whose item already has their color, as purify would.
            let mut q = x;
            while self.dance.nodes[q as usize].top != SPACER {
                let n = self.dance.nodes[q as usize];
                if n.top > np && n.color != 0 && self.dance.nodes[n.top as usize].color == n.color {
                    self.dance.nodes[q as usize].color = crate::matrix::DONE;
                }
                q += 1;
            }
        }
        self.dance.commit::<true, true>(x, np);
        self.dance.commit_others::<true, true>(x, np);
        Ok(())
    }

    /// Whether an option can still be chosen at the current node.
    pub(crate) fn option_available(&self, option: OptionId) -> bool {
        let m = &self.problem.matrix;
        let x = m.option_node[option.index()];
        self.dance.nodes[x as usize].top != SPACER && self.is_available(x, m.usable[option.index()])
    }

    pub(crate) fn dance(&self) -> &Dance {
        &self.dance
    }

    /// Appends the options the search has chosen on the way to the current
    /// node, from the top down.
    pub(crate) fn chosen(&self, out: &mut Vec<OptionId>) {
        for f in &self.frames {
            if f.choice != f.item {
                let o = Matrix::option_of(&self.dance.nodes, f.choice);
                out.push(OptionId::new(o as usize));
            }
        }
    }

    /// Whether the option whose first node is `x` can still be chosen.
    fn is_available(&self, x: u32, linked: bool) -> bool {
        let d = &self.dance;
        let mut q = x;
        loop {
            let n = d.nodes[q as usize];
            if n.top == SPACER {
                break;
            }
            let j = n.top;
            if j <= self.num_primary {
                if !d.is_active(j) || d.bound[j as usize] == 0 {
                    return false;
                }
            } else {
                if !d.is_active(j) {
                    return false;
                }
                let purified = d.nodes[j as usize].color;
                if !linked && purified != 0 && n.color != purified {
                    return false;
                }
            }
            if linked && !d.is_linked(q) {
                return false;
            }
            q += 1;
        }
        true
    }

    /// The branch taken at each level (from 0), out of how many.
    pub(crate) fn levels(&self) -> impl ExactSizeIterator<Item = (u32, u32)> + '_ {
        self.frames.iter().map(|f| (f.branch, f.degree))
    }

    /// Whether the search is over.
    pub(crate) fn done(&self) -> bool {
        self.state == State::Done
    }

    /// Runs the search for at most `max_nodes` nodes.
    pub(crate) fn run(&mut self, max_nodes: u64) -> Status {
        if self.state == State::Done {
            return Status::Done;
        }
        self.pause_at = self.stats.nodes.saturating_add(max_nodes).saturating_add(1);
        let event = match (self.problem.has_colors(), self.problem.has_multiplicities()) {
            (false, false) => self.run_with::<false, false>(),
            (true, false) => self.run_with::<true, false>(),
            (false, true) => self.run_with::<false, true>(),
            (true, true) => self.run_with::<true, true>(),
        };
        if event == Status::Solution {
            self.stats.solutions += 1;
        }
        event
    }

    /// Picks the item to branch on. Returns `None` when the current partial
    /// solution is complete, or `Some((item, score))`; a score of 0 or less
    /// means the item cannot be covered any more.
    #[inline(always)]
    pub(crate) fn choose_item<const M: bool>(&self) -> Option<(u32, i64)> {
        let d = &self.dance;
        if !M {
            let first = d.links[ROOT as usize].next;
            if first == ROOT {
                return None;
            }
            if self.heuristic == Heuristic::First {
                return Some((first, d.len(first) as i64));
            }
            let (nodes, links) = (View::new(&d.nodes), View::new(&d.links));
            let (mut best, mut best_len) = (first, nodes.get(first).top);
            let mut k = links.get(first).next;
            while best_len > 0 && k != ROOT {
                let l = nodes.get(k).top;
                if l < best_len {
                    best = k;
                    best_len = l;
                }
                k = links.get(k).next;
            }
            if self.heuristic == Heuristic::MinimumRemainingMostRemoved && best_len > 1 {
                best = self.most_removed(best, best_len);
            }
            return Some((best, best_len as i64));
        }
        // Algorithm M: Knuth's branching degree len + s - b + 1, where b is
        // the current bound and s = min(b, slack); ties go to the smaller s,
        // then to the longer list, then to item order (as in DLX3).
        let first = d.links[ROOT as usize].next;
        if first == ROOT {
            return None;
        }
        let mut best = (first, i64::MAX, u32::MAX, 0u32); // item, score, s, len
        let mut k = first;
        while k != ROOT {
            let b = d.bound[k as usize];
            let s = self.slack[k as usize].min(b);
            let l = d.len(k);
            let t = l as i64 + s as i64 - b as i64 + 1;
            let (_, bt, bs, bl) = best;
            if t < bt || (t == bt && (s < bs || (s == bs && l > bl))) {
                best = (k, t, s, l);
            }
            if self.heuristic == Heuristic::First {
                break;
            }
            k = d.links[k as usize].next;
        }
        Some((best.0, best.1))
    }

    /// Of the first [`TIED_ITEMS`](crate::TIED_ITEMS) active items of length `len` from
    /// `first` (the first of them), the one whose options remove the most
    /// others: the largest sum of the lengths of its options' primary
    /// items (ties to the first). See
    /// [`Heuristic::MinimumRemainingMostRemoved`].
    fn most_removed(&self, first: u32, len: u32) -> u32 {
        let d = &self.dance;
        let mut tie = TieBreak::new(first as usize);
        let mut k = first;
        while k != ROOT {
            if d.len(k) == len {
                let mut score = 0;
                let mut x = d.nodes[k as usize].down;
                while x != k {
                    // The option of node `x`, all its nodes (`x` included).
                    let mut q = x + 1;
                    loop {
                        let n = d.nodes[q as usize];
                        if n.top == SPACER {
                            q = n.up;
                            continue;
                        }
                        if n.top <= self.num_primary {
                            score += d.len(n.top);
                        }
                        if q == x {
                            break;
                        }
                        q += 1;
                    }
                    x = d.nodes[x as usize].down;
                }
                if tie.offer(k as usize, score) {
                    break;
                }
            }
            k = d.links[k as usize].next;
        }
        tie.item() as u32
    }

    /// Enters a level that branches on item `i`: covers it (or, under
    /// Algorithm M, uses up one unit of its bound) and stands on its first
    /// option.
    #[inline(always)]
    fn open_level<const C: bool, const M: bool>(&mut self, i: u32, degree: u32) {
        let d = &mut self.dance;
        if M {
            let b = d.bound[i as usize] - 1;
            d.bound[i as usize] = b;
            if b == 0 {
                d.cover::<C>(i);
            }
        } else {
            d.cover::<C>(i);
        }
        let x = d.nodes[i as usize].down;
        self.frames.push(Frame { item: i, choice: x, first_tweak: x, branch: 0, degree });
    }

    /// Commits the top level's current choice. Returns `false`, committing
    /// nothing, when the level has no choice left.
    #[inline(always)]
    fn try_choice<const C: bool, const M: bool>(&mut self) -> bool {
        let np = self.num_primary;
        let Frame { item: i, choice: x, .. } = *self.frames.last().unwrap();
        let d = &mut self.dance;
        if !M {
            if x == i {
                return false;
            }
            d.commit_others::<C, false>(x, np);
        } else if d.bound[i as usize] == 0 {
            if x != i {
                d.commit_others::<C, true>(x, np);
            } else if self.slack[i as usize] == 0 {
                return false;
            }
            // else: the null move; `i` is covered already.
        } else {
            let need = d.bound[i as usize] as i64 - self.slack[i as usize] as i64;
            if (d.len(i) as i64) <= need {
                return false;
            }
            if x != i {
                d.tweak::<C>(x, i);
                d.commit_others::<C, true>(x, np);
            } else {
                // The null move: no more options for `i` at all.
                d.deactivate(i);
            }
        }
        true
    }

    /// Undoes the top level's committed choice and moves to the next one.
    /// Returns `false` when that was the level's last choice.
    #[inline(always)]
    fn undo_choice<const C: bool, const M: bool>(&mut self) -> bool {
        let np = self.num_primary;
        let f = self.frames.last_mut().unwrap();
        let (i, x) = (f.item, f.choice);
        let d = &mut self.dance;
        if M && x == i {
            if d.bound[i as usize] != 0 {
                d.reactivate(i);
            }
            return false;
        }
        d.uncommit_others::<C, M>(x, np);
        f.choice = d.nodes[x as usize].down;
        f.branch += 1;
        true
    }

    /// Leaves the top level, restoring its item.
    #[inline(always)]
    fn close_level<const C: bool, const M: bool>(&mut self) {
        let f = self.frames.pop().unwrap();
        let i = f.item;
        let d = &mut self.dance;
        if !M {
            d.uncover::<C>(i);
        } else {
            if d.bound[i as usize] == 0 {
                d.uncover::<C>(i);
            } else {
                d.untweak::<C>(i, f.first_tweak);
            }
            d.bound[i as usize] += 1;
        }
    }

    fn run_with<const C: bool, const M: bool>(&mut self) -> Status {
        let mut state = self.state;
        let event = loop {
            match state {
                State::Forward => {
                    if !self.stats.enter_node(self.pause_at) {
                        break Status::Paused;
                    }
                    let Some((i, score)) = self.choose_item::<M>() else {
                        state = State::Backdown;
                        break Status::Solution;
                    };
                    if score <= 0 {
                        state = State::Backdown;
                        continue;
                    }
                    self.open_level::<C, M>(i, score as u32);
                    state = State::Advance;
                }
                State::Advance => {
                    if self.try_choice::<C, M>() {
                        if self.frames.len() > self.stats.max_depth {
                            self.stats.max_depth = self.frames.len();
                        }
                        state = State::Forward;
                    } else {
                        self.close_level::<C, M>();
                        state = State::Backdown;
                    }
                }
                State::Backdown => {
                    if self.frames.len() <= self.floor {
                        state = State::Done;
                        break Status::Done;
                    }
                    if self.undo_choice::<C, M>() {
                        state = State::Advance;
                    } else {
                        self.close_level::<C, M>();
                    }
                }
                State::Done => break Status::Done,
            }
        };
        self.state = state;
        event
    }

    /// Takes back every choice of the search (not the forced options), so
    /// that the next search starts from the top.
    pub(crate) fn unwind(&mut self) {
        match (self.problem.has_colors(), self.problem.has_multiplicities()) {
            (false, false) => self.unwind_with::<false, false>(),
            (true, false) => self.unwind_with::<true, false>(),
            (false, true) => self.unwind_with::<false, true>(),
            (true, true) => self.unwind_with::<true, true>(),
        }
        self.floor = 0;
        self.state = State::Forward;
    }

    fn unwind_with<const C: bool, const M: bool>(&mut self) {
        // Wherever the search stopped (a solution, a pause, the end), each
        // frame's choice is committed, or is Algorithm M's null move.
        while !self.frames.is_empty() {
            self.undo_choice::<C, M>();
            self.close_level::<C, M>();
        }
    }

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
            self.floor = path.len();
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
            // Otherwise branch `k` is simply the `k`th option in the list.
            let f = self.frames.last_mut().unwrap();
            for _ in 0..k {
                if f.choice == item {
                    break;
                }
                f.choice = self.dance.nodes[f.choice as usize].down;
            }
            f.branch = k;
        }
        if !self.try_choice::<C, M>() {
            self.close_level::<C, M>();
            return false;
        }
        true
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
                NodeKind::Solution => return (nodes, weight, self.frames.len()),
                NodeKind::DeadEnd => return (nodes, 0.0, self.frames.len()),
                NodeKind::Branch { item, degree } => {
                    let k = (crate::estimate::next_random(rng) % u64::from(degree)) as u32;
                    if !self.take_branch::<C, M>(item, degree, k) {
                        return (nodes, 0.0, self.frames.len());
                    }
                    weight *= f64::from(degree);
                    nodes += weight;
                }
            }
        }
    }
}
