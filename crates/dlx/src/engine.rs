//! The contract between [`Solver`](crate::Solver) and the engines behind it:
//! [`Search`], the calls every engine answers in its own way, and [`Walk`],
//! the bookkeeping they share (the stack of levels, the floor, the state of
//! the loop, the statistics, the node budget, the seed). An engine gives
//! access to its `Walk` ([`Walks`]), and the calls answered from it alone
//! ([`Walked`], `Search`'s supertrait) are written once, for all.
//!
//! An engine is a state machine over a stack of levels (one per branching
//! or forced node on the path from the top), so that a search can stop
//! after any node and go on later, and a deep search needs heap, not stack.
//! Each engine writes its own loop (`Links::run`, `Bits::run`), as the
//! work at a node differs; the rules here are the ones they share:
//!
//! - a node is a [`Node`]: a solution, a dead end, or a branch on an item
//!   with its number of branches (a dead end has no branches: it is never
//!   a branch of degree 0);
//! - the levels below the [`floor`](Walk::floor) are the search's own; it
//!   ends when it would back up above the floor (0 for a whole search;
//!   `descend` and `Solver::split_floor` raise it);
//! - [`Walk::levels`] names the path: the branch taken at each level, out
//!   of how many, which checkpoints, splits and progress estimates use;
//! - a seeded search keys each node from the seed and the path above it
//!   ([`Walk::node_key`]), so that every engine makes the same random
//!   choices.

use crate::error::Error;
use crate::id::OptionId;
use crate::random;
use crate::stats::Stats;
use crate::status::Status;

/// What a node of the search tree is, once its item is chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Node {
    /// Every primary item is covered as required.
    Solution,
    /// An item that still needs covering has no way to be: no branch.
    DeadEnd,
    /// The search branches on `item`, `degree` ways (at least 1).
    Branch {
        /// The item branched on.
        item: u32,
        /// The number of branches.
        degree: u32,
    },
}

impl Node {
    /// The node branching on `item`, which has `degree` ways left: a dead
    /// end if it has none.
    #[inline(always)]
    pub(crate) fn on(item: u32, degree: u32) -> Node {
        if degree == 0 { Node::DeadEnd } else { Node::Branch { item, degree } }
    }
}

/// Where an engine's loop stands between two calls of `run`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum State {
    /// Enter a new node: count it, choose an item.
    Forward,
    /// Try the current branch of the top level.
    Advance,
    /// Leave the top level's branch and move to its next one.
    Backdown,
    /// The search is over.
    Done,
}

/// One level of an engine's stack, as the shared bookkeeping sees it.
pub(crate) trait Level {
    /// Which branch of the level is being tried, from 0.
    fn branch(&self) -> u32;
    /// How many branches the level has.
    fn degree(&self) -> u32;
    /// A seeded search's random key of the node where the level opened; 0
    /// otherwise.
    fn key(&self) -> u64;
}

/// The bookkeeping every engine keeps the same way.
#[derive(Debug, Clone)]
pub(crate) struct Walk<F> {
    /// The levels from the top of the tree down.
    pub(crate) frames: Vec<F>,
    /// The stack depth at which this search ends: the levels above it are
    /// not this search's to back up into (see the module docs).
    pub(crate) floor: usize,
    /// Where the loop stands.
    pub(crate) state: State,
    /// Nodes, solutions and depth so far (an engine keeps its updates
    /// apart and adds them in its `stats`).
    pub(crate) stats: Stats,
    /// The node count at which the current `run` pauses.
    pub(crate) pause_at: u64,
    /// The seed of a randomized search (`Config::seed`).
    pub(crate) seed: Option<u64>,
}

impl<F: Level> Walk<F> {
    /// A search not yet begun.
    pub(crate) fn new(seed: Option<u64>) -> Walk<F> {
        Walk {
            frames: Vec::new(),
            floor: 0,
            state: State::Forward,
            stats: Stats::default(),
            pause_at: u64::MAX,
            seed,
        }
    }

    /// Sets the budget of a `run` of at most `max_nodes` more nodes;
    /// `false` if the search is over.
    #[inline]
    pub(crate) fn begin(&mut self, max_nodes: u64) -> bool {
        if self.state == State::Done {
            return false;
        }
        self.pause_at = self.stats.nodes.saturating_add(max_nodes).saturating_add(1);
        true
    }

    /// Counts a node entered; `false` (counting nothing) if the budget has
    /// no room for it.
    #[inline(always)]
    pub(crate) fn enter_node(&mut self) -> bool {
        self.stats.enter_node(self.pause_at)
    }

    /// Notes the depth of the stack in the statistics.
    #[inline(always)]
    pub(crate) fn note_depth(&mut self) {
        self.stats.max_depth = self.stats.max_depth.max(self.frames.len());
    }

    /// The branch taken at each level (from 0), out of how many.
    pub(crate) fn levels(&self) -> impl ExactSizeIterator<Item = (u32, u32)> + '_ {
        self.frames.iter().map(|f| (f.branch(), f.degree()))
    }

    /// The random key of the node the search stands on (see
    /// `random::node_key`), `None` when the search is not seeded.
    #[inline(always)]
    pub(crate) fn node_key(&self) -> Option<u64> {
        let seed = self.seed?;
        Some(random::node_key(seed, self.frames.last().map(|f| (f.key(), f.branch(), f.degree()))))
    }

    /// Stands at the top again, the whole tree the search's (the engine
    /// takes its levels back first).
    pub(crate) fn rewind(&mut self) {
        debug_assert!(self.frames.is_empty(), "levels taken back first");
        self.floor = 0;
        self.state = State::Forward;
    }

    /// Takes the statistics of a search resumed here, but its updates
    /// (the engine counts its own from zero; `Solver` adds the ones
    /// before).
    pub(crate) fn restore(&mut self, stats: Stats) {
        self.stats = Stats { updates: 0, ..stats };
    }
}

/// The calls every engine answers in its own way; with [`Walked`], its
/// supertrait, all [`Solver`](crate::Solver) asks of one. Engines differ
/// in what they take (see `Solver::engine_for`) and in how they work at a
/// node, not in these.
pub(crate) trait Search: Walked {
    /// Searches on for at most `max_nodes` more nodes: until a solution,
    /// the end of the search, or the budget runs out.
    fn run(&mut self, max_nodes: u64) -> Status;
    /// Searches on as [`run`](Self::run) does, for at most `max_nodes`
    /// more nodes, but counts solutions instead of stopping at each, up to
    /// `limit` of them: returns the count and why it stopped (`Solution`
    /// at the limit, else `Done` or `Paused`). The statistics are
    /// `run`'s, node for node. An engine may count a subtree without
    /// walking it (no solution is reported), never past either budget.
    fn count(&mut self, max_nodes: u64, limit: u128) -> (u128, Status) {
        count_each(self, max_nodes, limit)
    }
    /// Forces an option into every solution (the search starts over);
    /// on a clash with the options forced before, nothing changes.
    fn choose(&mut self, option: OptionId) -> Result<(), Error>;
    /// Forces several options, as `choose` one after the other would; on
    /// a clash nothing changes, and the error names the first option that
    /// clashes with the ones before it.
    fn choose_all(&mut self, options: &[OptionId]) -> Result<(), Error>;
    /// Forgets the search and the forced options, and clears the
    /// statistics.
    fn reset(&mut self);
    /// Forgets the search (keeping the forced options) and clears the
    /// statistics.
    fn reset_search(&mut self);
    /// Forgets the search (keeping the forced options) and goes on with
    /// another seed.
    fn reseed(&mut self, seed: Option<u64>);
    /// Appends the options the search has chosen on the way to the current
    /// node, from the top down.
    fn chosen(&self, out: &mut Vec<OptionId>);
    /// Walks down from the top of the tree along `path` (a branch index per
    /// level) and makes the subtree there the whole search; `false`,
    /// leaving the search at the top, if the path leaves the tree.
    fn descend(&mut self, path: &[u32]) -> bool;
    /// Takes back every choice of the search (not the forced options):
    /// the next search starts from the top.
    fn unwind(&mut self);
}

/// An engine's access to its [`Walk`] and its count of updates (which each
/// engine keeps where its loop makes them): what [`Walked`] is written
/// over, once for every engine.
pub(crate) trait Walks {
    /// One level of the engine's stack.
    type Frame: Level;
    /// The engine's bookkeeping.
    fn walk(&self) -> &Walk<Self::Frame>;
    /// The engine's bookkeeping, to change.
    fn walk_mut(&mut self) -> &mut Walk<Self::Frame>;
    /// The updates made since they were last cleared (see
    /// [`Stats::updates`]).
    fn updates(&self) -> u64;
    /// Starts the count of updates over.
    fn clear_updates(&mut self);
    /// Clears the statistics, updates included.
    fn clear_stats(&mut self) {
        self.walk_mut().stats = Stats::default();
        self.clear_updates();
    }
}

/// The calls answered from the shared [`Walk`], the same for every engine
/// (implemented once, for every engine that [`Walks`]).
pub(crate) trait Walked {
    /// The branch taken at each level (from 0), out of how many.
    fn levels(&self) -> Vec<(u32, u32)>;
    /// Ends the search: takes back its choices and stands at the end.
    fn finish(&mut self);
    /// Whether the search is over.
    fn done(&self) -> bool;
    /// What the search has done since it began.
    fn stats(&self) -> Stats;
    /// Takes the statistics of a search resumed here.
    fn restore(&mut self, stats: Stats);
    /// The depth at which the search ends (see [`Walk::floor`]).
    fn floor(&self) -> usize;
    /// Sets the depth at which the search ends.
    fn set_floor(&mut self, floor: usize);
}

impl<E: Walks + Search> Walked for E {
    fn levels(&self) -> Vec<(u32, u32)> {
        self.walk().levels().collect()
    }
    fn finish(&mut self) {
        self.unwind();
        self.walk_mut().state = State::Done;
    }
    fn done(&self) -> bool {
        self.walk().state == State::Done
    }
    fn stats(&self) -> Stats {
        Stats { updates: self.updates(), ..self.walk().stats }
    }
    fn restore(&mut self, stats: Stats) {
        self.walk_mut().restore(stats);
        self.clear_updates();
    }
    fn floor(&self) -> usize {
        self.walk().floor
    }
    fn set_floor(&mut self, floor: usize) {
        self.walk_mut().floor = floor;
    }
}

/// [`Search::count`] one solution at a time, through `run`.
pub(crate) fn count_each<S: Search + ?Sized>(
    search: &mut S,
    max_nodes: u64,
    limit: u128,
) -> (u128, Status) {
    let end = search.stats().nodes.saturating_add(max_nodes);
    let mut n = 0;
    while n < limit {
        match search.run(end.saturating_sub(search.stats().nodes)) {
            Status::Solution => n += 1,
            status => return (n, status),
        }
    }
    (n, Status::Solution)
}
