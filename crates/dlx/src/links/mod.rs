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
//!
//! A minimum-cost search (Knuth's DLX5) runs two more copies of the loop,
//! with or without colors, compiled apart (`run_costed`), with the item
//! choice and level operations of `cost/`: covers within a cost threshold,
//! levels cut at the first unaffordable option. The other copies never look
//! at costs, and the level operations above are not used by it (nor are
//! `descend` and the estimate).
//!
//! The code, by job: this file holds the state, the forcing of options
//! and the search loop; `choice.rs` picks the item to branch on; `cost/`
//! holds a minimum-cost search's state, item choice and level operations;
//! `levels.rs` holds the level operations; `paths.rs` walks down a given
//! path or random ones. A seeded search's random choices are `random.rs`'s
//! (crate level: the counted bit engine makes the same).

pub(crate) mod bounded;
mod choice;
mod cost;
mod levels;
mod paths;

use cost::Costs;
pub(crate) use cost::NO_CUTOFF;

use crate::arena::{Matrix, SPACER};
use crate::config::Heuristic;
use crate::dance::{Bounds, Dance};
use crate::engine::{Level, Search, State, Walk, Walks};
use crate::error::{Error, ErrorKind};
use crate::id::OptionId;
use crate::problem::Problem;
use crate::status::Status;

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
    /// The first option tried: the top of the list, or in a seeded search
    /// (not under Algorithm M) a random one, after which the list is
    /// tried in order, wrapping around, back to it.
    pub(crate) start: u32,
    /// A seeded search's random key of the node where the level opened
    /// (see `Links::node_key`); 0 otherwise.
    pub(crate) key: u64,
}

impl Level for Frame {
    fn branch(&self) -> u32 {
        self.branch
    }
    fn degree(&self) -> u32 {
        self.degree
    }
    fn key(&self) -> u64 {
        self.key
    }
}

/// The dancing-links search of one problem: the engine for every problem
/// (the two bit engines take only small plain ones).
#[derive(Debug, Clone)]
pub(crate) struct Links<'p> {
    problem: &'p Problem,
    heuristic: Heuristic,
    dance: Dance,
    num_primary: u32,
    /// The levels, floor, loop state, statistics and seed (the updates
    /// are the dance's).
    pub(crate) walk: Walk<Frame>,
    /// The options forced with `choose`, in order.
    forced: Vec<OptionId>,
    /// A minimum-cost search's taxes, bound and cutoff (`None` for every
    /// other search).
    cost: Option<Box<Costs>>,
    /// Under [`Heuristic::ConflictWeighted`], per item header (0 unused):
    /// how often the search dead-ended on the item, plus one. Empty
    /// otherwise.
    weights: Vec<u32>,
    /// The subtrees below a lone item, counted rather than walked.
    lone: bounded::Lone,
}

impl<'p> Links<'p> {
    pub(crate) fn new(problem: &'p Problem, heuristic: Heuristic, seed: Option<u64>) -> Links<'p> {
        let m: &Matrix = &problem.matrix;
        Links {
            problem,
            heuristic,
            dance: Dance {
                nodes: m.nodes.clone(),
                links: m.links.clone(),
                bound: Bounds::new(m),
                updates: 0,
            },
            num_primary: m.num_primary() as u32,
            walk: Walk::new(seed),
            forced: Vec::new(),
            cost: None,
            weights: match heuristic {
                Heuristic::ConflictWeighted => vec![1; m.num_primary() + 1],
                _ => Vec::new(),
            },
            lone: bounded::Lone::new(problem),
        }
    }

    pub(crate) fn problem(&self) -> &'p Problem {
        self.problem
    }

    /// The random key of the node the search stands on (before its level
    /// opens; see `random::node_key`), `None` when the search is not
    /// seeded.
    #[inline]
    pub(crate) fn node_key(&self) -> Option<u64> {
        self.walk.node_key()
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

    /// [`run_with`](Self::run_with) for a minimum-cost search, compiled
    /// apart so that the other loops are laid out as without it.
    #[inline(never)]
    fn run_costed(&mut self) -> Status {
        if self.problem.has_colors() {
            self.run_with::<true, false, true, false>(0)
        } else {
            self.run_with::<false, false, true, false>(0)
        }
    }

    /// The search loop: `C` colors, `M` multiplicities, `K` costs (a
    /// minimum-cost search, never with `M`), `L` a count under `M` that
    /// goes on past solutions until there are `stop_at` (`bounded.rs`).
    fn run_with<const C: bool, const M: bool, const K: bool, const L: bool>(
        &mut self,
        stop_at: u128,
    ) -> Status {
        let mut state = self.walk.state;
        let event = loop {
            match state {
                State::Forward => {
                    if !self.walk.stats.enter_node(self.walk.pause_at) {
                        break Status::Paused;
                    }
                    let choice =
                        if K { self.choose_item_costed() } else { self.choose_item::<M>() };
                    let Some((i, score)) = choice else {
                        state = State::Backdown;
                        if L {
                            self.walk.stats.solutions = self.walk.stats.solutions.saturating_add(1);
                            if self.walk.stats.solutions < stop_at {
                                continue;
                            }
                        }
                        break Status::Solution;
                    };
                    if score <= 0 {
                        if let Some(w) = self.weights.get_mut(i as usize) {
                            // A dead end on item `i`: under
                            // `Heuristic::ConflictWeighted` it weighs more.
                            *w = w.saturating_add(1);
                        }
                        state = State::Backdown;
                        continue;
                    }
                    if L && self.count_lone(i, stop_at) {
                        state = State::Backdown;
                        continue;
                    }
                    if K {
                        self.open_level_costed::<C>(i, score as u32);
                    } else {
                        self.open_level::<C, M>(i, score as u32);
                    }
                    state = State::Advance;
                }
                State::Advance => {
                    let tried =
                        if K { self.try_choice_costed::<C>() } else { self.try_choice::<C, M>() };
                    if tried {
                        if self.walk.frames.len() > self.walk.stats.max_depth {
                            self.walk.stats.max_depth = self.walk.frames.len();
                        }
                        state = State::Forward;
                    } else {
                        if K {
                            self.close_level_costed::<C>();
                        } else {
                            self.close_level::<C, M>();
                        }
                        state = State::Backdown;
                    }
                }
                State::Backdown => {
                    if self.walk.frames.len() <= self.walk.floor {
                        state = State::Done;
                        break Status::Done;
                    }
                    if K {
                        self.undo_choice_costed::<C>();
                        state = State::Advance;
                    } else if self.undo_choice::<C, M>() {
                        state = State::Advance;
                    } else {
                        self.close_level::<C, M>();
                    }
                }
                State::Done => break Status::Done,
            }
        };
        self.walk.state = state;
        event
    }

    fn unwind_with<const C: bool, const M: bool>(&mut self) {
        self.retreat_with::<C, M>(0);
    }

    /// Takes back the choices of the levels below `depth`.
    fn retreat_with<const C: bool, const M: bool>(&mut self, depth: usize) {
        // Wherever the search stopped (a solution, a pause, the end), each
        // frame's choice is committed, or is Algorithm M's null move.
        while self.walk.frames.len() > depth {
            self.undo_choice::<C, M>();
            self.close_level::<C, M>();
        }
    }
}

impl Walks for Links<'_> {
    type Frame = Frame;
    fn walk(&self) -> &Walk<Frame> {
        &self.walk
    }
    fn walk_mut(&mut self) -> &mut Walk<Frame> {
        &mut self.walk
    }
    fn updates(&self) -> u64 {
        self.dance.updates
    }
    fn clear_updates(&mut self) {
        self.dance.updates = 0;
    }
}

impl Search for Links<'_> {
    fn run(&mut self, max_nodes: u64) -> Status {
        if !self.walk.begin(max_nodes) {
            return Status::Done;
        }
        let event = match (self.problem.has_colors(), self.problem.has_multiplicities()) {
            _ if self.cost.is_some() => self.run_costed(),
            (false, false) => self.run_with::<false, false, false, false>(0),
            (true, false) => self.run_with::<true, false, false, false>(0),
            (false, true) => self.run_with::<false, true, false, false>(0),
            (true, true) => self.run_with::<true, true, false, false>(0),
        };
        if event == Status::Solution {
            self.walk.stats.solutions = self.walk.stats.solutions.saturating_add(1);
        }
        event
    }
    fn count(&mut self, max_nodes: u64, limit: u128) -> (u128, Status) {
        Links::count(self, max_nodes, limit)
    }
    fn choose(&mut self, option: OptionId) -> Result<(), Error> {
        let m = &self.problem.matrix;
        let Some(&x) = m.option_node.get(option.index()) else {
            return Err(Error::new(ErrorKind::OutOfRange("option", option.index())));
        };
        self.unwind();
        if self.dance.nodes[x as usize].top == SPACER {
            self.force_cost(option); // an empty option can still cost
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
                    self.dance.nodes[q as usize].color = crate::arena::DONE;
                }
                q += 1;
            }
        }
        self.dance.commit::<true, true>(x, np);
        self.dance.commit_others::<true, true>(x, np);
        self.force_cost(option);
        self.forced.push(option);
        Ok(())
    }

    /// On a clash, the options forced before this call are forced again,
    /// alone: the dance steps undo only in reverse order.
    fn choose_all(&mut self, options: &[OptionId]) -> Result<(), Error> {
        let before = self.forced.len();
        for &o in options {
            if let Err(error) = self.choose(o) {
                let mut forced = self.forced.clone();
                forced.truncate(before);
                self.reset();
                for o in forced {
                    self.choose(o).expect("forced before");
                }
                return Err(error);
            }
        }
        Ok(())
    }

    fn reset(&mut self) {
        self.unwind();
        let np = self.num_primary;
        for o in std::mem::take(&mut self.forced).into_iter().rev() {
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
        self.clear_stats();
        self.clear_costs();
        self.weights.fill(1);
    }

    fn reset_search(&mut self) {
        self.unwind();
        self.clear_stats();
        self.set_cutoff(NO_CUTOFF);
    }

    fn reseed(&mut self, seed: Option<u64>) {
        self.unwind();
        // A costed search tries each list from its cheapest option.
        self.walk.seed = seed.filter(|_| self.cost.is_none());
    }

    fn chosen(&self, out: &mut Vec<OptionId>) {
        for f in &self.walk.frames {
            if f.choice != f.item {
                let o = Matrix::option_of(&self.dance.nodes, f.choice);
                out.push(OptionId::new(o as usize));
            }
        }
    }

    /// Written with the other path walks, in `paths.rs`.
    fn descend(&mut self, path: &[u32]) -> bool {
        Links::descend(self, path)
    }

    fn unwind(&mut self) {
        match (self.problem.has_colors(), self.problem.has_multiplicities()) {
            (true, _) if self.cost.is_some() => self.unwind_costed::<true>(),
            (false, _) if self.cost.is_some() => self.unwind_costed::<false>(),
            (false, false) => self.unwind_with::<false, false>(),
            (true, false) => self.unwind_with::<true, false>(),
            (false, true) => self.unwind_with::<false, true>(),
            (true, true) => self.unwind_with::<true, true>(),
        }
        self.walk.floor = 0;
        self.walk.state = State::Forward;
        if let Some(c) = self.cost.as_deref_mut() {
            c.level = c.root;
        }
    }
}
