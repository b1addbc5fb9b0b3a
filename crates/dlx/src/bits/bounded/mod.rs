//! [`Bounded`]: the bit-parallel engine for problems with multiplicities
//! (Knuth's Algorithm M, with or without colors), of up to
//! [`MAX_BOUNDED_OPTIONS`](matrix::MAX_BOUNDED_OPTIONS) options, every one with a primary item.
//!
//! The state of a node is a slot (`state.rs`): the live options as a
//! bitset, and per primary item how many more options it may take (its
//! bound left). A node branches on an item `i` as Algorithm M does: on
//! each of its live options in turn, then, where its lower bound is met,
//! on the *null move* that gives it no more. Branch `k` takes option
//! `x_k` with `x_1 .. x_{k-1}` dead (Knuth's tweak): after a branch is
//! searched its option is killed in the node's own slot, so the next
//! branch copies a slot where it is gone, and every solution is found
//! once. Taking an option kills it, makes each of its primary items take
//! one more (an item at its upper bound kills its other options), and
//! kills the options clashing with its secondary items: the item's
//! options (no color), or its options of another color or none (the
//! precomputed list of each (item, color) pair). Item lengths are never
//! stored: the item choice counts each item's live options by popcount,
//! visiting only the items still open (bound not 0; a bitset per slot),
//! so that deep in the tree it skips the items already done.
//! A count adds the subtree below a node whose one item left has only
//! options of that item alone from dancing links' table
//! (`links/bounded.rs`), node for node what the walk would find.
//!
//! The item choice is Knuth's rule for M, as dancing links make it
//! (`links/choice.rs`), and the branches come in the same order, so the
//! tree, the node counts, the solutions and their order are the links',
//! and DLX3's. As under dancing links, a seed or
//! [`Heuristic`](crate::Heuristic)`::ConflictWeighted` changes nothing
//! under multiplicities; [`Heuristic::First`](crate::Heuristic::First)
//! takes the first item that may take more. It does not count updates
//! ([`Stats::updates`](crate::Stats::updates) stays 0).
//!
//! Like the other bit engines, a branching node's children work on a
//! copy of its slot (backing up undoes nothing) and a node with one
//! branch works in place.
//!
//! A count under [`Memo`] keeps a table of counted subtrees (`memo.rs`):
//! a branching node whose slot the table has adds its count and backs up
//! (one node visited: [`Stats::nodes`](crate::Stats::nodes) is then DLX3's
//! tree less the repeated subtrees); otherwise it reserves the entry and
//! its frame keeps the solutions counted so far, and when its branches are
//! done the difference goes in. Only frames this search entered and
//! finished store: those made by `descend` (a resumed checkpoint, a task
//! of a parallel search) never do, nor those above the floor, whose
//! untried branches may be another task's. Listing solutions, `descend`
//! and estimates walk the whole tree.

mod matrix;
mod memo;
mod state;

pub(crate) use matrix::BoundedMatrix;
use memo::{Probe, Table};
use state::Levels;

use super::NONE;
use crate::config::Memo;
use crate::engine::{Level, Node, Search, State, Walk, Walks, count_each};
use crate::error::{Error, ErrorKind};
use crate::fast;
use crate::id::OptionId;
use crate::links::bounded::Lone;
use crate::problem::Problem;
use crate::status::Status;

/// Entries of the table of counted subtrees under [`Memo::Auto`], at most.
const MEMO_ENTRIES: usize = 1 << 16;
/// Words the table takes under [`Memo::Auto`], at most (2 MiB, about a
/// core's second-level cache: a bigger table finds more repeats, but its
/// probes miss the cache; docs/performance.md, "Memoized counts").
const MEMO_WORDS: usize = 1 << 18;

/// One level of the search.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Frame {
    /// The slot of the node this level branches at.
    slot: u32,
    /// Whether the children work on a copy (slot + 1); a level with one
    /// branch works in place.
    copy: bool,
    /// Whether the last branch is the null move.
    null: bool,
    item: u32,
    /// The option of the branch being tried; [`NONE`] for the null move.
    choice: u32,
    branch: u32,
    degree: u32,
    /// In a count, the place of the memo record this node reserved and
    /// its stamp (0: none), and the solutions counted when it was entered.
    memo: u32,
    stamp: u64,
    entry: u128,
}

impl Level for Frame {
    fn branch(&self) -> u32 {
        self.branch
    }
    fn degree(&self) -> u32 {
        self.degree
    }
    fn key(&self) -> u64 {
        0
    }
}

/// The bit-parallel engine for multiplicities (see the module docs), on
/// `W` words of live options (0: as many as the problem needs).
#[derive(Debug, Clone)]
pub(crate) struct Search1<'p, const W: usize> {
    levels: Levels<'p, W>,
    /// Under [`Heuristic::First`](crate::Heuristic::First): branch on the
    /// first item that may take more.
    first: bool,
    /// The subtrees below a lone item, for counts.
    lone: Lone,
    /// Entries of the table of counted subtrees (0: none), made at the
    /// first count.
    memo_entries: usize,
    memo: Option<Box<Table>>,
    walk: Walk<Frame>,
}

/// [`Search1::run_portable`] as a [`fast::Kernel`]: compiled with POPCNT
/// where the CPU has it. With `COUNT`, a count up to `stop_at` solutions.
struct RunLoop<'b, 'p, const W: usize, const COUNT: bool> {
    engine: &'b mut Search1<'p, W>,
    max_nodes: u64,
    stop_at: u128,
}

impl<const W: usize, const COUNT: bool> fast::Kernel for RunLoop<'_, '_, W, COUNT> {
    type Output = Status;

    #[inline(always)]
    fn call(self) -> Status {
        self.engine.run_portable::<COUNT>(self.max_nodes, self.stop_at)
    }
}

impl<'p, const W: usize> Search1<'p, W> {
    /// A search of `problem` (which has its bounded form), branching on
    /// the first item that may take more if `first`, else by Knuth's rule.
    fn new(problem: &'p Problem, m: &'p BoundedMatrix, first: bool, memo: usize) -> Search1<'p, W> {
        Search1 {
            levels: Levels::new(m, memo > 0),
            first,
            lone: Lone::new(problem),
            memo_entries: memo,
            memo: None,
            walk: Walk::new(None),
        }
    }

    /// In a count, at a node branching on `f.item` at `slot` in two
    /// branches or more (a node of one branch is not worth an entry: its
    /// child's state is its own, less one option): adds the solutions
    /// below it and returns `true` if the table has its state (unless that
    /// would reach `stop_at`), else reserves its entry in `f`.
    #[inline(always)]
    fn memo_probe(&mut self, slot: usize, f: &mut Frame, stop_at: u128) -> bool {
        let Some(memo) = &mut self.memo else { return false };
        let (alive, bounds) = self.levels.state(slot);
        match memo.probe(alive, bounds) {
            Probe::Hit(n) => {
                let solutions = self.walk.stats.solutions.saturating_add(n);
                // (`u128::MAX` is no limit: a count that passes it stays
                // there, as at least that many.)
                if solutions >= stop_at && stop_at < u128::MAX {
                    return false;
                }
                self.walk.stats.solutions = solutions;
                true
            }
            Probe::Reserved { place, stamp } => {
                (f.memo, f.stamp, f.entry) = (place, stamp, self.walk.stats.solutions);
                false
            }
            Probe::Busy => false,
        }
    }

    /// Levels `level..` are done: the counts below the nodes that reserved
    /// a memo entry go into it.
    #[inline(always)]
    fn memo_store(&mut self, level: usize) {
        let Some(memo) = &mut self.memo else { return };
        let solutions = self.walk.stats.solutions;
        for f in &self.walk.frames[level..] {
            if f.stamp != 0 {
                memo.store(f.memo, f.stamp, solutions - f.entry);
            }
        }
    }

    /// In a count, at a node branching on `item`, the only item left
    /// (`single`, or under `first` checked here): if its options are
    /// alone, adds the subtree below to the statistics and returns `true`,
    /// unless that would pass the node budget or reach `stop_at`
    /// solutions (the walk stops there, so it walks).
    #[inline(always)]
    fn count_lone(&mut self, slot: usize, item: u32, single: bool, stop_at: u128) -> bool {
        if !(single || self.first && self.levels.only(slot, item)) {
            return false;
        }
        let Some((len, bound)) = self.levels.lone(slot, item) else { return false };
        let Some(below) = self.lone.below(item + 1, len, bound) else { return false };
        below.add_to(&mut self.walk, stop_at)
    }

    /// The slot of the node the search stands on (the search starts in
    /// slot 1, a copy of slot 0).
    #[inline(always)]
    fn current_slot(&self) -> usize {
        self.walk.frames.last().map_or(1, |f| f.slot as usize + usize::from(f.copy))
    }

    /// The level for a branch on `item` of `degree` branches at `slot`.
    #[inline(always)]
    fn frame(&self, slot: usize, item: u32, degree: u32) -> Frame {
        Frame {
            slot: slot as u32,
            copy: degree > 1,
            null: self.levels.has_null(slot, item),
            item,
            choice: NONE,
            branch: 0,
            degree,
            memo: 0,
            stamp: 0,
            entry: 0,
        }
    }

    /// Takes the top level's branch `f.branch`: its option (the first live
    /// one of the item, the ones before it killed), or the null move.
    #[inline(always)]
    fn advance(&mut self) {
        let f = self.walk.frames.last_mut().expect("a level");
        let (slot, i) = (f.slot as usize, f.item);
        let options = f.degree - u32::from(f.null);
        let choice = if f.branch < options { self.levels.first_option(slot, i) } else { NONE };
        f.choice = choice;
        let child = slot + usize::from(f.copy);
        if f.copy {
            self.levels.push_level(child);
        }
        if choice == NONE {
            self.levels.close(child, i as usize);
        } else {
            self.levels.commit(child, choice as usize);
        }
    }

    #[inline(always)]
    fn run_portable<const COUNT: bool>(&mut self, max_nodes: u64, stop_at: u128) -> Status {
        if !self.walk.begin(max_nodes) {
            return Status::Done;
        }
        if self.walk.state == State::Forward && self.walk.frames.is_empty() {
            self.levels.push_level(1);
        }
        let mut state = self.walk.state;
        let status = loop {
            match state {
                State::Forward => {
                    if !self.walk.enter_node() {
                        break Status::Paused;
                    }
                    let slot = self.current_slot();
                    match self.levels.choose_item(slot, self.first) {
                        (Node::Solution, _) => {
                            state = State::Backdown;
                            self.walk.stats.solutions = self.walk.stats.solutions.saturating_add(1);
                            if !COUNT || self.walk.stats.solutions >= stop_at {
                                break Status::Solution;
                            }
                        }
                        (Node::DeadEnd, _) => state = State::Backdown,
                        (Node::Branch { item, .. }, single)
                            if COUNT && self.count_lone(slot, item, single, stop_at) =>
                        {
                            state = State::Backdown;
                        }
                        (Node::Branch { item, degree }, _) => {
                            let mut f = self.frame(slot, item, degree);
                            if COUNT && degree >= 2 && self.memo_probe(slot, &mut f, stop_at) {
                                state = State::Backdown;
                            } else {
                                self.walk.frames.push(f);
                                state = State::Advance;
                            }
                        }
                    }
                }
                State::Advance => {
                    self.advance();
                    self.walk.note_depth();
                    state = State::Forward;
                }
                State::Backdown => {
                    // Levels that work in place (one branch each) have
                    // nothing left to try: leave them all at once.
                    let mut level = self.walk.frames.len();
                    while level > self.walk.floor && !self.walk.frames[level - 1].copy {
                        level -= 1;
                    }
                    self.memo_store(level);
                    self.walk.frames.truncate(level);
                    if level <= self.walk.floor {
                        state = State::Done;
                        break Status::Done;
                    }
                    let f = &mut self.walk.frames[level - 1];
                    if f.choice != NONE {
                        // Algorithm M's tweak: out of the later branches.
                        let (slot, choice) = (f.slot as usize, f.choice as usize);
                        self.levels.kill(slot, choice);
                    }
                    f.branch += 1;
                    if f.branch == f.degree {
                        self.memo_store(level - 1);
                        self.walk.frames.pop();
                    } else {
                        state = State::Advance;
                    }
                }
                State::Done => break Status::Done,
            }
        };
        self.walk.state = state;
        status
    }

    fn fail(&mut self) -> bool {
        self.unwind();
        false
    }
}

impl<const W: usize> Walks for Search1<'_, W> {
    type Frame = Frame;
    fn walk(&self) -> &Walk<Frame> {
        &self.walk
    }
    fn walk_mut(&mut self) -> &mut Walk<Frame> {
        &mut self.walk
    }
    fn updates(&self) -> u64 {
        0
    }
    fn clear_updates(&mut self) {}
}

impl<const W: usize> Search for Search1<'_, W> {
    fn run(&mut self, max_nodes: u64) -> Status {
        fast::run(RunLoop::<W, false> { engine: self, max_nodes, stop_at: 0 })
    }

    /// Solutions counted where they are found, without stopping, and the
    /// subtrees below a lone item in one step.
    fn count(&mut self, max_nodes: u64, limit: u128) -> (u128, Status) {
        if limit == 0 {
            return count_each(self, max_nodes, limit);
        }
        if self.memo.is_none() && self.memo_entries > 0 {
            let m = self.levels.m;
            self.memo = Some(Box::new(Table::new(m.words, m.primaries, self.memo_entries)));
        }
        let before = self.walk.stats.solutions;
        let stop_at = before.saturating_add(limit);
        let status = fast::run(RunLoop::<W, true> { engine: self, max_nodes, stop_at });
        (self.walk.stats.solutions - before, status)
    }

    fn choose(&mut self, option: OptionId) -> Result<(), Error> {
        self.unwind();
        let o = option.index();
        if o >= self.levels.m.options() {
            return Err(Error::new(ErrorKind::OutOfRange("option", o)));
        }
        if !self.levels.is_alive(0, o) {
            return Err(Error::new(ErrorKind::Conflict { option: o }));
        }
        self.levels.commit(0, o);
        Ok(())
    }

    fn choose_all(&mut self, options: &[OptionId]) -> Result<(), Error> {
        let before = self.levels.clone();
        for &o in options {
            if let Err(e) = self.choose(o) {
                self.levels = before;
                return Err(e);
            }
        }
        Ok(())
    }

    fn reset(&mut self) {
        self.reset_search();
        self.levels.reset();
    }

    fn reset_search(&mut self) {
        self.unwind();
        self.clear_stats();
    }

    /// Under multiplicities the choices are not randomized.
    fn reseed(&mut self, seed: Option<u64>) {
        self.unwind();
        self.walk.seed = seed;
    }

    fn chosen(&self, out: &mut Vec<OptionId>) {
        let options = self.walk.frames.iter().filter(|f| f.choice != NONE);
        out.extend(options.map(|f| OptionId::new(f.choice as usize)));
    }

    fn descend(&mut self, path: &[u32]) -> bool {
        self.unwind();
        self.levels.push_level(1);
        for &k in path {
            let slot = self.current_slot();
            let (Node::Branch { item, degree }, _) = self.levels.choose_item(slot, self.first)
            else {
                return self.fail();
            };
            if k >= degree {
                return self.fail();
            }
            let mut f = self.frame(slot, item, degree);
            // The branches before `k`, tried and killed, as the search
            // leaves them.
            let options = degree - u32::from(f.null);
            for _ in 0..k.min(options) {
                let o = self.levels.first_option(slot, item);
                self.levels.kill(slot, o as usize);
            }
            f.branch = k;
            self.walk.frames.push(f);
            self.advance();
        }
        self.walk.floor = path.len();
        true
    }

    /// Slot 0, which holds the forced options, is never touched by the
    /// search: nothing to undo.
    fn unwind(&mut self) {
        if let Some(memo) = &mut self.memo {
            memo.forget_open();
        }
        self.walk.frames.clear();
        self.walk.rewind();
    }
}

/// The bounded engine, compiled for the problem's words of live options.
#[derive(Debug, Clone)]
pub(crate) enum Bounded<'p> {
    W1(Search1<'p, 1>),
    W2(Search1<'p, 2>),
    W4(Search1<'p, 4>),
    W8(Search1<'p, 8>),
    Any(Search1<'p, 0>),
}

impl<'p> Bounded<'p> {
    /// A search of `problem` (which has its bounded form), branching on
    /// the first item that may take more if `first`, else by Knuth's rule.
    pub(crate) fn new(problem: &'p Problem, first: bool, memo: Memo) -> Bounded<'p> {
        let m = problem.bounded.as_ref().expect("a problem the bounded engine takes");
        let memo = match memo {
            Memo::Off => 0,
            Memo::Auto => {
                let fit = MEMO_WORDS / Table::entry_words(m.words, m.primaries);
                MEMO_ENTRIES.min(1 << fit.max(1).ilog2())
            }
            Memo::Entries(n) => n,
        };
        match m.words {
            1 => Bounded::W1(Search1::new(problem, m, first, memo)),
            2 => Bounded::W2(Search1::new(problem, m, first, memo)),
            4 => Bounded::W4(Search1::new(problem, m, first, memo)),
            8 => Bounded::W8(Search1::new(problem, m, first, memo)),
            _ => Bounded::Any(Search1::new(problem, m, first, memo)),
        }
    }
}

/// `$body` with `$e` the engine, whichever its words.
macro_rules! each {
    ($self:expr, $e:ident => $body:expr) => {
        match $self {
            Bounded::W1($e) => $body,
            Bounded::W2($e) => $body,
            Bounded::W4($e) => $body,
            Bounded::W8($e) => $body,
            Bounded::Any($e) => $body,
        }
    };
}

impl Walks for Bounded<'_> {
    type Frame = Frame;
    fn walk(&self) -> &Walk<Frame> {
        each!(self, e => e.walk())
    }
    fn walk_mut(&mut self) -> &mut Walk<Frame> {
        each!(self, e => e.walk_mut())
    }
    fn updates(&self) -> u64 {
        0
    }
    fn clear_updates(&mut self) {}
}

impl Search for Bounded<'_> {
    fn run(&mut self, max_nodes: u64) -> Status {
        each!(self, e => e.run(max_nodes))
    }
    fn count(&mut self, max_nodes: u64, limit: u128) -> (u128, Status) {
        each!(self, e => e.count(max_nodes, limit))
    }
    fn choose(&mut self, option: OptionId) -> Result<(), Error> {
        each!(self, e => e.choose(option))
    }
    fn choose_all(&mut self, options: &[OptionId]) -> Result<(), Error> {
        each!(self, e => e.choose_all(options))
    }
    fn reset(&mut self) {
        each!(self, e => e.reset())
    }
    fn reset_search(&mut self) {
        each!(self, e => e.reset_search())
    }
    fn reseed(&mut self, seed: Option<u64>) {
        each!(self, e => e.reseed(seed))
    }
    fn chosen(&self, out: &mut Vec<OptionId>) {
        each!(self, e => e.chosen(out))
    }
    fn descend(&mut self, path: &[u32]) -> bool {
        each!(self, e => e.descend(path))
    }
    fn unwind(&mut self) {
        each!(self, e => e.unwind())
    }
}
