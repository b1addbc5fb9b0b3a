//! The bit-parallel engine, for exact-cover problems without
//! multiplicities, with or without colors, of up to 262,144 options: a 9x9
//! sudoku (324 items, 729 options), n queens, Langford pairs, pentomino
//! tilings, big sudoku, random colored problems.
//!
//! Dancing links undo every removal when the search backs up, and on a
//! problem with hundreds of items they walk hundreds of linked headers at
//! every node to choose one. This engine keeps the state of each level of
//! the search in a *slot* of a few hundred bytes, which the children of a
//! branching level copy: backing up is just going back to the level above,
//! and nothing is undone. A level with a single branch (a forced move,
//! most of a sudoku's) works in place, since nothing will back up to it.
//!
//! The search loop ([`Bits`], a state machine) is written once, over a
//! [`Slots`] representation of the state:
//!
//! - [`Counted`] (`counted.rs`): a bitset of the live options and a count
//!   per primary item; choosing an option kills the options sharing an
//!   item with it a word at a time and decrements their items' counts. It
//!   takes every problem this engine takes, colored ones too (an option's
//!   colored secondary item kills the options giving the item another
//!   color or none; `counted/colored.rs`).
//! - [`Sliced`] (`sliced/`): the live options of each primary item, bit
//!   sliced: bit `i` of plane `j` says whether item `i`'s `j`-th option is
//!   alive. Choosing an option clears a precomputed mask of the slot, with
//!   no branch on the data; the same pass finds every item left with no
//!   option or one. It needs a table of one slot per option, so it runs
//!   where that is small (a 9x9 sudoku: 350 KB).
//!
//! Problems with multiplicities have their own loop, [`Bounded`]
//! (`bounded/`): Algorithm M's branches (an item's options, then the null
//! move) on a slot of live options and bounds left.
//!
//! Both visit the same search tree as dancing links, in the same order: the
//! item with the fewest options, ties to the first in item order (or as
//! [`Heuristic`](crate::Heuristic) says otherwise, the same in every engine), and its
//! options in the order they were added. With
//! [`Propagation::Dominance`](crate::Propagation::Dominance) they also
//! remove dominated options before they first branch (`dominance.rs`), and
//! the tree differs from the links'. The engine takes problems without
//! multiplicities whose options each have a primary item, with at
//! most [`MAX_OPTIONS`] options and fewer than 65,535 options per primary
//! item.

mod bounded;
mod count;
mod counted;
mod dominance;
mod matrix;
mod sliced;

pub(crate) use bounded::{Bounded, BoundedMatrix};
pub(crate) use counted::Counted;
pub(crate) use matrix::BitMatrix;
pub(crate) use sliced::Sliced;

use crate::engine::{Level, Node, Search, State, Walk, Walks};
use crate::error::Error;
use crate::fast;
use crate::id::OptionId;
use crate::random;
use crate::status::Status;

/// The most options a problem may have for this engine.
pub(crate) const MAX_OPTIONS: usize = 1 << 18;
/// No option.
const NONE: u32 = u32::MAX;

/// The state of every level of the search, one slot per level, as the
/// search loop uses it. Slot 0 holds the options forced with `choose`; the
/// search never changes it.
pub(crate) trait Slots {
    /// Whether the search loop is run compiled for AVX2 where the CPU has
    /// it (`fast::run`). Measured per representation: the bit-sliced one
    /// gains 6-10% on 9x9 sudoku, the counted one loses 37% there.
    const AVX2: bool;
    /// Whether this representation makes a seeded search's random choices
    /// (`set_key`): where not, the search loop compiles them away.
    const RANDOMIZES: bool;
    /// The slot the search starts from: 0, or 1 under dominance (which
    /// changes the slot it works on). The search stands at the top of the
    /// tree, before its first branch, exactly when it works on this slot:
    /// forced moves work in place, and only branches copy.
    fn root(&self) -> usize;
    /// Sets up the root slot before a search starts at the top of the tree.
    fn enter_root(&mut self);
    /// Forgets the forced options.
    fn reset(&mut self);
    /// Forces an option into slot 0.
    fn choose(&mut self, option: OptionId) -> Result<(), Error>;
    /// Forces several options into slot 0, as `choose` one after the other
    /// would; on a clash nothing changes, and the error names the first
    /// option that clashes with the ones forced before it.
    fn choose_all(&mut self, options: &[OptionId]) -> Result<(), Error>;
    /// What the node at slot `level` is: a solution (every primary item
    /// covered), a dead end, or a branch on the item chosen.
    fn choose_item(&mut self, level: usize) -> Node;
    /// In a seeded search, the random key of the node whose item
    /// `choose_item` chooses next: it breaks the heuristic's ties at
    /// random (see `crate::random`). The default ignores it: only the
    /// counted form randomizes.
    #[inline(always)]
    fn set_key(&mut self, key: u64) {
        let _ = key;
    }
    /// Under dominance, one dominance pass at slot `level` (the root):
    /// whether it killed any option. Without dominance, `false`.
    fn dominate(&mut self, level: usize) -> bool;
    /// Where forced moves are made in bulk: the next forced move listed
    /// for slot `level`, as `choose_item` and `first_option` would give it,
    /// and if `two` is set, when it can tell, the next node's too, as they
    /// would give it once the first is made (see [`Listed`]). Takes them
    /// off the list (and where there is none, may make the list: the scan
    /// `choose_item` would make). The default lists none.
    #[inline(always)]
    fn listed(&mut self, level: usize, two: bool) -> Listed {
        let _ = (level, two);
        Listed::Nothing
    }
    /// `apply(level, a)` then `apply(level, b)`, for two options that
    /// share no item (a pair from `listed`).
    #[inline(always)]
    fn apply_pair(&mut self, level: usize, a: usize, b: usize) {
        self.apply(level, a);
        self.apply(level, b);
    }
    /// The first live option of `item` at slot `level`, which has one.
    fn first_option(&self, level: usize, item: u32) -> u32;
    /// The first live option of `item` at slot `level` after `after` (from
    /// the start if [`NONE`]); [`NONE`] if none.
    fn next_option(&self, level: usize, item: u32, after: u32) -> u32;
    /// Makes room for slot `level` and copies slot `level - 1` into it.
    fn push_level(&mut self, level: usize);
    /// Kills every option at slot `level` that shares an item with option
    /// `o` (`o` included) and covers `o`'s primary items.
    fn apply(&mut self, level: usize, o: usize);
    /// `push_level(level)` then `apply(level, o)`: a branch.
    #[inline(always)]
    fn branch(&mut self, level: usize, o: usize) {
        self.push_level(level);
        self.apply(level, o);
    }
    /// The updates counted since the last `clear_updates` (see
    /// [`Stats::updates`](crate::stats::Stats::updates)).
    fn updates(&self) -> u64;
    /// Starts the count of updates over.
    fn clear_updates(&mut self);
}

/// What [`Slots::listed`] found: forced moves (an item with one option
/// left), made without choosing an item, each `(item, option)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Listed {
    /// None listed: `choose_item` looks further.
    Nothing,
    /// The next listed item has no option left: a dead end.
    DeadEnd,
    /// One forced move.
    One(u32, u32),
    /// A forced move and the next node's, whose options share no item:
    /// both are made at once ([`Slots::apply_pair`]).
    Two((u32, u32), (u32, u32)),
    /// A forced move after which the next listed item has no option: the
    /// next node is a dead end.
    ThenDeadEnd(u32, u32),
}

/// [`Bits::run`] as a [`fast::Kernel`].
struct RunLoop<'b, S> {
    bits: &'b mut Bits<S>,
    max_nodes: u64,
}

impl<S: Slots> fast::Kernel for RunLoop<'_, S> {
    type Output = Status;

    #[inline(always)]
    fn call(self) -> Status {
        self.bits.run_portable(self.max_nodes)
    }
}

/// [`Slots::choose_all`] as a [`fast::Kernel`].
struct ChooseAll<'b, 'o, S> {
    slots: &'b mut S,
    options: &'o [OptionId],
}

impl<S: Slots> fast::Kernel for ChooseAll<'_, '_, S> {
    type Output = Result<(), Error>;

    #[inline(always)]
    fn call(self) -> Result<(), Error> {
        self.slots.choose_all(self.options)
    }
}

/// One level of the search.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Frame {
    /// The state slot of the node this level branches at.
    slot: u32,
    /// Whether the children work on a copy (slot + 1). A level with one
    /// branch applies its option in place: nothing there to back up to
    /// (except at slot 0, which keeps the forced options for the next
    /// search).
    copy: bool,
    item: u32,
    /// The option being tried, or [`NONE`] when the level is exhausted.
    choice: u32,
    branch: u32,
    degree: u32,
    /// A seeded search's random key of the node the level branches at; 0
    /// otherwise.
    key: u64,
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

/// The search loop of the bit-parallel engine, over slots `S`.
#[derive(Debug, Clone)]
pub(crate) struct Bits<S> {
    slots: S,
    /// The levels, floor, loop state, statistics and seed (the updates
    /// are the slots').
    walk: Walk<Frame>,
}

impl<S: Slots> Bits<S> {
    pub(crate) fn new(slots: S, seed: Option<u64>) -> Bits<S> {
        Bits { slots, walk: Walk::new(seed) }
    }

    /// The state slot of the node the search stands on.
    #[inline(always)]
    fn current_slot(&self) -> usize {
        self.walk.frames.last().map_or(self.slots.root(), |f| f.slot as usize + usize::from(f.copy))
    }

    /// In a seeded search, the random key of the node the search stands on
    /// (see `random::node_key`), handed to the slots for their next item
    /// choice; 0 otherwise.
    #[inline(always)]
    fn node_key(&mut self) -> u64 {
        if !S::RANDOMIZES {
            return 0;
        }
        let Some(key) = self.walk.node_key() else { return 0 };
        self.slots.set_key(key);
        key
    }

    /// The first option a level on `item` (of `degree` options) at slot
    /// `level` tries: the first live one, or in a seeded search a random
    /// one, by the node's `key`.
    #[inline(always)]
    fn first_choice(&self, level: usize, item: u32, degree: u32, key: u64) -> u32 {
        let mut choice = self.slots.first_option(level, item);
        if S::RANDOMIZES && self.walk.seed.is_some() && degree > 1 {
            for _ in 0..random::option_offset(key, degree) {
                choice = self.slots.next_option(level, item, choice);
            }
        }
        choice
    }

    /// The option a level tries after its current one: the next live one,
    /// or [`NONE`] when there is none; in a seeded search, which starts at
    /// a random one, the list wraps around, and ends after `degree`.
    #[inline(always)]
    fn next_choice(&self, f: &Frame) -> u32 {
        let next = self.slots.next_option(f.slot as usize, f.item, f.choice);
        if !S::RANDOMIZES || self.walk.seed.is_none() {
            return next;
        }
        if f.branch + 1 >= f.degree {
            NONE
        } else if next == NONE {
            self.slots.first_option(f.slot as usize, f.item)
        } else {
            next
        }
    }

    /// The item to branch on at slot `level`, as `Slots::choose_item`
    /// says, after removing dominated options (under dominance) where the
    /// search would branch for the first time. Deeper in the tree the
    /// checks cost more than they save.
    #[inline(always)]
    fn settle(&mut self, level: usize) -> Node {
        loop {
            let pick = self.slots.choose_item(level);
            match pick {
                Node::Branch { degree, .. }
                    if degree > 1 && level == self.slots.root() && self.slots.dominate(level) => {}
                _ => return pick,
            }
        }
    }

    #[inline(always)]
    fn run_portable(&mut self, max_nodes: u64) -> Status {
        if !self.walk.begin(max_nodes) {
            return Status::Done;
        }
        if self.walk.state == State::Forward && self.walk.frames.is_empty() {
            self.slots.enter_root();
        }
        let mut state = self.walk.state;
        let status = loop {
            match state {
                State::Forward => {
                    if !self.walk.enter_node() {
                        break Status::Paused;
                    }
                    let slot = self.current_slot();
                    // A listed forced move, made here at once (in place:
                    // listed moves come only where the search works on
                    // slot 1 or deeper), and where the budget has room for
                    // another node, the next one too, with one clear for
                    // both: the chain from one move to the next is much of
                    // the time of a sudoku.
                    let room = self.walk.stats.has_room(self.walk.pause_at);
                    let key = self.node_key();
                    let frame = |item, choice| Frame {
                        slot: slot as u32,
                        copy: false,
                        item,
                        choice,
                        branch: 0,
                        degree: 1,
                        key,
                    };
                    match self.slots.listed(slot, room) {
                        Listed::Nothing => {}
                        Listed::DeadEnd => {
                            state = State::Backdown;
                            continue;
                        }
                        Listed::One(item, choice) => {
                            self.walk.frames.push(frame(item, choice));
                            self.slots.apply(slot, choice as usize);
                            self.walk.note_depth();
                            continue;
                        }
                        Listed::ThenDeadEnd(item, choice) => {
                            // The next node is a dead end: its item has no
                            // option left once this one is made.
                            self.walk.frames.push(frame(item, choice));
                            self.walk.enter_node();
                            self.walk.note_depth();
                            state = State::Backdown;
                            continue;
                        }
                        Listed::Two((item, choice), (next, then)) => {
                            self.walk.frames.push(frame(item, choice));
                            self.walk.enter_node();
                            self.walk.frames.push(frame(next, then));
                            self.slots.apply_pair(slot, choice as usize, then as usize);
                            self.walk.note_depth();
                            continue;
                        }
                    }
                    match self.settle(slot) {
                        Node::Solution => {
                            state = State::Backdown;
                            self.walk.stats.solutions += 1;
                            break Status::Solution;
                        }
                        Node::DeadEnd => state = State::Backdown,
                        Node::Branch { item, degree } => {
                            let choice = self.first_choice(slot, item, degree, key);
                            // Slot 0 holds the forced options: never spend it.
                            let copy = degree > 1 || slot == 0;
                            let frame = Frame {
                                slot: slot as u32,
                                copy,
                                item,
                                choice,
                                branch: 0,
                                degree,
                                key,
                            };
                            self.walk.frames.push(frame);
                            if copy {
                                state = State::Advance;
                            } else {
                                // A forced move: made here, in place; the
                                // next node follows.
                                self.slots.apply(slot, choice as usize);
                                self.walk.note_depth();
                            }
                        }
                    }
                }
                State::Advance => {
                    let level = self.walk.frames.len();
                    let f = self.walk.frames[level - 1];
                    if f.choice == NONE {
                        self.walk.frames.pop();
                        state = State::Backdown;
                        continue;
                    }
                    let slot = f.slot as usize;
                    if f.copy {
                        self.slots.branch(slot + 1, f.choice as usize);
                    } else {
                        self.slots.apply(slot, f.choice as usize);
                    }
                    if level > self.walk.stats.max_depth {
                        self.walk.stats.max_depth = level;
                    }
                    state = State::Forward;
                }
                State::Backdown => {
                    // Levels that work in place (one branch each) have
                    // nothing left to try: leave them all at once.
                    let mut level = self.walk.frames.len();
                    while level > self.walk.floor && !self.walk.frames[level - 1].copy {
                        level -= 1;
                    }
                    self.walk.frames.truncate(level);
                    if level <= self.walk.floor {
                        state = State::Done;
                        break Status::Done;
                    }
                    let next = self.next_choice(&self.walk.frames[level - 1]);
                    let f = &mut self.walk.frames[level - 1];
                    f.choice = next;
                    f.branch += 1;
                    state = State::Advance;
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

impl<S: Slots> Walks for Bits<S> {
    type Frame = Frame;
    fn walk(&self) -> &Walk<Frame> {
        &self.walk
    }
    fn walk_mut(&mut self) -> &mut Walk<Frame> {
        &mut self.walk
    }
    fn updates(&self) -> u64 {
        self.slots.updates()
    }
    fn clear_updates(&mut self) {
        self.slots.clear_updates();
    }
}

impl<S: Slots> Search for Bits<S> {
    /// The loop compiled for AVX2 where the CPU has it and it pays.
    fn run(&mut self, max_nodes: u64) -> Status {
        if S::AVX2 {
            fast::run(RunLoop { bits: self, max_nodes })
        } else {
            self.run_portable(max_nodes)
        }
    }

    fn choose(&mut self, option: OptionId) -> Result<(), Error> {
        self.unwind();
        self.slots.choose(option)
    }

    /// Compiled for AVX2 where the search loop is: a puzzle's givens are a
    /// good part of its cost.
    fn choose_all(&mut self, options: &[OptionId]) -> Result<(), Error> {
        self.unwind();
        let kernel = ChooseAll { slots: &mut self.slots, options };
        if S::AVX2 { fast::run(kernel) } else { fast::Kernel::call(kernel) }
    }

    fn reset(&mut self) {
        self.reset_search();
        self.slots.reset();
    }

    fn reset_search(&mut self) {
        self.unwind();
        self.clear_stats();
    }

    fn reseed(&mut self, seed: Option<u64>) {
        self.unwind();
        self.walk.seed = seed;
    }

    fn chosen(&self, out: &mut Vec<OptionId>) {
        // Room made first, then a plain copy: a choice is an option of the
        // problem, so below `MAX_INDEX` (the `try_new` never fails).
        let start = out.len();
        out.resize(start + self.walk.frames.len(), OptionId::default());
        for (id, f) in out[start..].iter_mut().zip(&self.walk.frames) {
            *id = OptionId::try_new(f.choice as usize).unwrap_or_default();
        }
    }

    fn descend(&mut self, path: &[u32]) -> bool {
        self.unwind();
        self.slots.enter_root();
        for &k in path {
            let level = self.current_slot();
            let key = self.node_key();
            let Node::Branch { item, degree } = self.settle(level) else { return self.fail() };
            // Slots as `run` uses them (the root test of `settle` needs it).
            let (slot, copy) = (level as u32, degree > 1 || level == 0);
            let choice = self.first_choice(level, item, degree, key);
            let mut f = Frame { slot, copy, item, choice, branch: 0, degree, key };
            for _ in 0..k {
                if f.choice == NONE {
                    break;
                }
                f.choice = self.next_choice(&f);
                f.branch += 1;
            }
            if f.choice == NONE {
                return self.fail();
            }
            let choice = f.choice;
            self.walk.frames.push(f);
            if copy {
                self.slots.branch(level + 1, choice as usize);
            } else {
                self.slots.apply(level, choice as usize);
            }
        }
        self.walk.floor = path.len();
        true
    }

    /// Slot 0, which holds the forced options, is never touched by the
    /// search: nothing to undo.
    fn unwind(&mut self) {
        self.walk.frames.clear();
        self.walk.rewind();
    }
}
