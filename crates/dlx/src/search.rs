//! The search: [`Solver`] runs Algorithm X (with Knuth's extensions C and M)
//! over its own copy of a problem's arena.
//!
//! The search is iterative. Each level of the search tree is a [`Frame`] on
//! an explicit stack (the item branched on and the option being tried), and
//! the solver is a small state machine, so it can stop after any solution and
//! resume later: that is how the [`Solutions`] iterator is lazy, and why a
//! search that is 100,000 levels deep needs no more than 100,000 frames of
//! heap memory.
//!
//! The loop is compiled three times, for exact cover (DLX1), colors (DLX2)
//! and multiplicities (DLX3), and the solver picks one when it starts, so an
//! ordinary exact-cover problem pays nothing for the other two.

use std::time::Instant;

use crate::arena::View;
use crate::config::{Config, Heuristic};
use crate::dance::Dance;
use crate::error::{Error, ErrorKind};
use crate::id::OptionId;
use crate::matrix::{Matrix, ROOT, SPACER};
use crate::problem::Problem;
use crate::stats::Stats;

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

/// What the node the search stands on is.
enum NodeKind {
    Solution,
    DeadEnd,
    Branch { item: u32, degree: u32 },
}

/// The result of [`Solver::estimate`]: Knuth's Monte Carlo estimate of
/// the size of the search tree and of the number of solutions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// How many random paths were walked.
    pub samples: u64,
    /// Estimated search-tree nodes (as counted by [`Stats::nodes`]).
    pub nodes: f64,
    /// Standard error of `nodes`.
    pub nodes_stderr: f64,
    /// Estimated number of solutions.
    pub solutions: f64,
    /// Standard error of `solutions`.
    pub solutions_stderr: f64,
    /// The deepest path walked.
    pub max_depth: usize,
    /// Time the estimate took.
    pub elapsed: std::time::Duration,
}

/// Running mean and variance (Welford's method).
#[derive(Default)]
struct Welford {
    n: f64,
    mean: f64,
    m2: f64,
}

impl Welford {
    fn push(&mut self, x: f64) {
        self.n += 1.0;
        let delta = x - self.mean;
        self.mean += delta / self.n;
        self.m2 += delta * (x - self.mean);
    }

    fn stderr(&self) -> f64 {
        if self.n < 2.0 { f64::INFINITY } else { (self.m2 / (self.n - 1.0) / self.n).sqrt() }
    }
}

/// xorshift64*: small, fast, and good enough to pick branches.
fn next_random(state: &mut u64) -> u64 {
    let mut x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    x.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// Why [`Solver::run`] returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Status {
    /// A solution was found; [`Solver::solution`] returns it.
    Solution,
    /// The search is over: there are no more solutions.
    Done,
    /// The node budget given to [`Solver::run`] ran out; call it again to
    /// go on.
    Paused,
}

/// Searches one [`Problem`]: finds, counts and enumerates its solutions.
///
/// The solver owns the mutable dancing links; the problem stays untouched,
/// so one problem can feed many solvers (one per thread, say). A solver can
/// be [`reset`](Self::reset) and reused without reallocating.
///
/// A solution is reported as the ids of its options: first the options
/// forced with [`choose`](Self::choose), in the order they were forced, then
/// the options the search chose, from the top of the search tree down.
///
/// ```
/// use dlx::{Problem, Solver};
///
/// let problem = Problem::parse_knuth("A B C\nA B\nC\nA\nB C\n")?;
/// let mut solver = Solver::new(&problem);
/// let mut solutions: Vec<Vec<String>> = solver
///     .solutions()
///     .map(|s| s.iter().map(|&o| problem.format_option(o)).collect())
///     .collect();
/// solutions.sort();
/// assert_eq!(solutions, [vec!["A", "B C"], vec!["A B", "C"]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Solver<'p> {
    problem: &'p Problem,
    config: Config,
    dance: Dance,
    slack: Vec<u32>,
    num_primary: u32,
    frames: Vec<Frame>,
    /// The stack depth at which this search ends (see `set_floor`).
    floor: usize,
    forced: Vec<OptionId>,
    state: State,
    solution: Vec<OptionId>,
    stats: Stats,
    pause_at: u64,
}

impl<'p> Solver<'p> {
    /// A solver with the default [`Config`].
    pub fn new(problem: &'p Problem) -> Solver<'p> {
        Solver::with_config(problem, Config::default())
    }

    /// A solver with the given settings.
    pub fn with_config(problem: &'p Problem, config: Config) -> Solver<'p> {
        let m: &Matrix = &problem.matrix;
        Solver {
            problem,
            config,
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
            forced: Vec::new(),
            state: State::Forward,
            solution: Vec::new(),
            stats: Stats::default(),
            pause_at: u64::MAX,
        }
    }

    /// The problem this solver searches.
    pub fn problem(&self) -> &'p Problem {
        self.problem
    }

    /// The solver's settings.
    pub fn config(&self) -> Config {
        self.config
    }

    /// What the search has done since the solver was created or reset.
    pub fn stats(&self) -> Stats {
        let mut s = self.stats;
        s.updates = self.dance.updates;
        s
    }

    /// The options forced with [`choose`](Self::choose).
    pub fn forced(&self) -> &[OptionId] {
        &self.forced
    }

    /// Forgets the search (keeping the forced options) and clears the
    /// statistics.
    pub(crate) fn reset_search(&mut self) {
        self.unwind();
        self.stats = Stats::default();
        self.dance.updates = 0;
    }

    /// Forgets the search and every forced option, and clears the
    /// statistics: the solver is as new, but keeps its memory.
    pub fn reset(&mut self) {
        self.unwind();
        let np = self.num_primary;
        while let Some(o) = self.forced.pop() {
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

    /// Forces an option into every solution, as if the search had chosen it
    /// (a sudoku's givens, say). Any search in progress starts over.
    ///
    /// Fails with [`ErrorKind::Conflict`] if the option clashes with the
    /// options forced before it; the solver is then unchanged.
    pub fn choose(&mut self, option: OptionId) -> Result<(), Error> {
        let m = &self.problem.matrix;
        let Some(&x) = m.option_node.get(option.index()) else {
            return Err(Error::new(ErrorKind::OutOfRange("option", option.index())));
        };
        self.unwind();
        self.floor = 0;
        if self.dance.nodes[x as usize].top == SPACER {
            self.forced.push(option);
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
        self.forced.push(option);
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

    /// The options the search has chosen on the way to the current node.
    pub(crate) fn chosen_by_search(&self) -> impl Iterator<Item = OptionId> + '_ {
        self.frames
            .iter()
            .filter(|f| f.choice != f.item)
            .map(|f| OptionId::new(Matrix::option_of(&self.dance.nodes, f.choice) as usize))
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

    /// Finds the next solution and returns its options, or `None` when
    /// there are no more.
    pub fn next_solution(&mut self) -> Option<&[OptionId]> {
        match self.step() {
            Status::Solution => {
                self.record_solution();
                Some(&self.solution)
            }
            Status::Done | Status::Paused => None,
        }
    }

    /// The solutions not yet found, lazily.
    pub fn solutions(&mut self) -> Solutions<'_, 'p> {
        Solutions { solver: self }
    }

    /// The next solution, if any.
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        self.next_solution().map(<[OptionId]>::to_vec)
    }

    /// Counts the solutions not yet found.
    pub fn count(&mut self) -> u128 {
        let mut n = 0;
        while self.step() == Status::Solution {
            n += 1;
        }
        n
    }

    /// Counts solutions, stopping at `limit`: `count_up_to(2)` tells
    /// none, unique and several apart.
    pub fn count_up_to(&mut self, limit: u128) -> u128 {
        let mut n = 0;
        while n < limit && self.step() == Status::Solution {
            n += 1;
        }
        n
    }

    /// Calls `visit` with each solution until it returns `false`. Returns
    /// the number of solutions visited.
    pub fn visit<F: FnMut(&[OptionId]) -> bool>(&mut self, mut visit: F) -> u128 {
        let mut n = 0;
        while self.step() == Status::Solution {
            n += 1;
            self.record_solution();
            if !visit(&self.solution) {
                break;
            }
        }
        n
    }

    /// Searches on for at most `max_nodes` more search-tree nodes: until a
    /// solution ([`Status::Solution`]), the end of the search
    /// ([`Status::Done`]) or the budget runs out ([`Status::Paused`]).
    /// This is the building block of time limits and progress reports.
    pub fn run(&mut self, max_nodes: u64) -> Status {
        self.pause_at = self.stats.nodes.saturating_add(max_nodes).saturating_add(1);
        let status = self.step();
        self.pause_at = u64::MAX;
        if status == Status::Solution {
            self.record_solution();
        }
        status
    }

    /// The solution found by the last call that found one.
    pub fn solution(&self) -> &[OptionId] {
        &self.solution
    }

    /// Where the search stands: the branch taken at each level (counting
    /// from 0) out of how many, from the top of the tree down. Levels above
    /// the floor set by a parallel or split search are included.
    pub fn position(&self) -> impl ExactSizeIterator<Item = (u32, u32)> + '_ {
        self.frames.iter().map(|f| (f.branch, f.degree))
    }

    /// An estimate of the fraction of the search tree explored so far,
    /// from the branches taken at the top levels, as Knuth's programs
    /// report it (assumes a uniform tree; grows monotonically).
    pub fn progress(&self) -> f64 {
        if self.state == State::Done {
            return 1.0;
        }
        let (mut f, mut fd) = (0.0, 1.0);
        for fr in &self.frames[self.floor..] {
            let d = f64::from(fr.degree.max(fr.branch + 1));
            fd *= d;
            f += f64::from(fr.branch) / fd;
        }
        f + 0.5 / fd
    }

    /// Runs the search until a solution, the end, or the pause point.
    /// Stats are brought up to date.
    pub(crate) fn step(&mut self) -> Status {
        if self.state == State::Done {
            return Status::Done;
        }
        let start = Instant::now();
        let event = match (self.problem.has_colors(), self.problem.has_multiplicities()) {
            (false, false) => self.run_with::<false, false>(),
            (true, false) => self.run_with::<true, false>(),
            (false, true) => self.run_with::<false, true>(),
            (true, true) => self.run_with::<true, true>(),
        };
        self.stats.elapsed += start.elapsed();
        if event == Status::Solution {
            self.stats.solutions += 1;
        }
        event
    }

    fn record_solution(&mut self) {
        self.solution.clear();
        self.solution.extend_from_slice(&self.forced);
        for f in &self.frames {
            if f.choice != f.item {
                let o = Matrix::option_of(&self.dance.nodes, f.choice);
                self.solution.push(OptionId::new(o as usize));
            }
        }
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
            if self.config.get_heuristic() == Heuristic::First {
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
            if self.config.get_heuristic() == Heuristic::First {
                break;
            }
            k = d.links[k as usize].next;
        }
        Some((best.0, best.1))
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
                    self.stats.nodes += 1;
                    if self.stats.nodes >= self.pause_at {
                        self.stats.nodes -= 1;
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
        for _ in 0..k {
            if !self.try_choice::<C, M>() || !self.undo_choice::<C, M>() {
                self.close_level::<C, M>();
                return false;
            }
        }
        if !self.try_choice::<C, M>() {
            self.close_level::<C, M>();
            return false;
        }
        true
    }

    /// Knuth's random-path estimate (1975): walks `samples` random paths
    /// from the top of the tree, choosing each branch uniformly, and
    /// averages the tree size and solution count each path implies. The
    /// search is started over first; options forced with
    /// [`choose`](Self::choose) stay forced. The same seed gives the same
    /// estimate.
    pub fn estimate(&mut self, samples: u64, seed: u64) -> Estimate {
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
                    let k = (next_random(rng) % u64::from(degree)) as u32;
                    if !self.take_branch::<C, M>(item, degree, k) {
                        return (nodes, 0.0, self.frames.len());
                    }
                    weight *= f64::from(degree);
                    nodes += weight;
                }
            }
        }
    }

    /// Gives away the untried branches of the level at the floor: raises
    /// the floor by one and returns the paths of the branches that this
    /// solver will no longer search (possibly none). Paths may name
    /// branches that turn out not to exist; `descend` refuses those.
    pub(crate) fn split_floor(&mut self) -> Option<(Vec<u32>, std::ops::RangeInclusive<u32>)> {
        if self.floor >= self.frames.len() {
            return None;
        }
        let f = self.frames[self.floor];
        let prefix: Vec<u32> = self.frames[..self.floor].iter().map(|f| f.branch).collect();
        self.floor += 1;
        // Branches after the current one: at most `degree - 1` in all.
        let last = f.degree.max(f.branch + 1) - 1;
        Some((prefix, f.branch + 1..=last))
    }
}

/// The solutions of a [`Solver`], found lazily. Created by
/// [`Solver::solutions`].
#[derive(Debug)]
pub struct Solutions<'s, 'p> {
    solver: &'s mut Solver<'p>,
}

impl Iterator for Solutions<'_, '_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        self.solver.next_solution().map(<[OptionId]>::to_vec)
    }
}

impl std::iter::FusedIterator for Solutions<'_, '_> {}
