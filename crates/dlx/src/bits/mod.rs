//! The bit-parallel engine, for plain exact-cover problems of up to a few
//! thousand options: a 9x9 sudoku (324 items, 729 options), n queens,
//! Langford pairs, pentomino tilings.
//!
//! Dancing links undo every removal when the search backs up, and on a
//! problem with hundreds of items they walk hundreds of linked headers at
//! every node to choose one. This engine keeps, for each
//! level of the search, a bitset of the options still alive and a byte per
//! primary item counting them (255 once the item is covered). Choosing the
//! item is then a scan of a short byte array, which the compiler
//! vectorizes; choosing an option kills the options that share an item with
//! it, a word of 64 options at a time. Nothing is undone when the search
//! backs up: each branching level works on its own copy of the state (a few
//! hundred bytes for a sudoku), so backing up is just going back to the
//! level above. A level with a single branch (a forced move, most of a
//! sudoku's) works in place, since nothing will back up to it.
//!
//! The engine visits the same search tree as dancing links, in the same
//! order: the item with the fewest options, ties to the first in item
//! order (or as [`Heuristic`] says otherwise, the same in both engines),
//! and its options in the order they were added. With
//! [`Propagation::Dominance`] it also removes dominated options before it
//! first branches (`dominance.rs`), and its tree differs. It takes problems
//! without colors or multiplicities whose options each have a primary
//! item, with at most [`MAX_OPTIONS`] options and fewer than 65,535 options per
//! primary item.

mod count;
mod dominance;
mod matrix;

pub(crate) use count::Count;
use count::{LANES, minimum};
use dominance::Pairs;
pub(crate) use matrix::BitMatrix;

use crate::config::{Heuristic, Propagation, TIED_ITEMS};
use crate::error::{Error, ErrorKind};
use crate::id::OptionId;
use crate::search::Status;
use crate::stats::Stats;

/// The most options a problem may have for this engine.
pub(crate) const MAX_OPTIONS: usize = 8192;
/// No option.
const NONE: u32 = u32::MAX;

/// Takes option `q` out of the counts of its primary items, which has `W`
/// of them (`0`: any number; a loop of fixed length, unrolled, is
/// measurably faster). The scratch slot that pads shorter options wraps;
/// real counts never do.
#[inline(always)]
fn uncount<T: Count, const W: usize>(m: &BitMatrix, counts: &mut [T], q: usize) {
    if W == 0 {
        for &j in m.primaries_of(q) {
            counts[j as usize] = counts[j as usize].dec();
        }
    } else {
        let own: &[u32; W] = m.option_primaries[q * W..(q + 1) * W].try_into().expect("W items");
        for &j in own {
            counts[j as usize] = counts[j as usize].dec();
        }
    }
}

/// Takes the options `kill` of word `wi` out of the counts of their primary
/// items (the caller takes them out of the live set); returns the sum of
/// their costs.
#[inline(always)]
fn uncount_word<T: Count, const W: usize>(
    m: &BitMatrix,
    counts: &mut [T],
    wi: usize,
    mut kill: u64,
) -> u64 {
    let mut cost = 0;
    while kill != 0 {
        let q = wi * 64 + kill.trailing_zeros() as usize;
        kill &= kill - 1;
        uncount::<T, W>(m, counts, q);
        cost += u64::from(m.cost[q]);
    }
    cost
}

/// One level of the search.
#[derive(Debug, Clone, Copy)]
struct Frame {
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
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Forward,
    Advance,
    Backdown,
    Done,
}

/// The search state of the bit-parallel engine.
#[derive(Debug, Clone)]
pub(crate) struct Bits<'p, T> {
    m: &'p BitMatrix,
    heuristic: Heuristic,
    /// The slot the search starts from: 0, or 1 under dominance (slot 0
    /// keeps the options forced with `choose`; dominance changes the slot
    /// it works on). The search stands at the top of the tree, before its
    /// first branch, exactly when it works on this slot: forced moves work
    /// in place, and only branches copy.
    root: usize,
    /// The pair table, under dominance.
    pairs: Option<&'p Pairs>,
    /// Under dominance, the root's counts at its last dominance pass: the
    /// items whose counts differ are the ones to check again.
    seen: Vec<T>,
    /// Under dominance, per primary item (padded to the stride with 0): the
    /// most options it may have left and still dominate.
    limit: Vec<T>,
    /// Level `l`'s alive options: `alive[l * words..(l + 1) * words]`.
    alive: Vec<u64>,
    /// Level `l`'s counts: `level_bytes` bytes from `l * level_bytes`.
    counts: Vec<T>,
    frames: Vec<Frame>,
    /// Scratch for `choose_all`: the options the new ones kill.
    doomed: Vec<u64>,
    pub(crate) floor: usize,
    state: State,
    pub(crate) stats: Stats,
    pause_at: u64,
}

impl<'p, T: Count> Bits<'p, T> {
    pub(crate) fn new(
        m: &'p BitMatrix,
        heuristic: Heuristic,
        propagation: Propagation,
    ) -> Bits<'p, T> {
        let pairs = if propagation == Propagation::Dominance { m.pairs() } else { None };
        let mut limit: Vec<T> = Vec::new();
        if let Some(p) = pairs {
            limit.extend(p.limit.iter().map(|&l| T::from_u32(l)));
            limit.resize(m.stride, T::from_u32(0));
        }
        Bits {
            m,
            heuristic,
            root: usize::from(pairs.is_some()),
            pairs,
            seen: vec![T::from_u32(0); limit.len()],
            limit,
            alive: m.initial_alive.clone(),
            counts: m.counts(),
            frames: Vec::new(),
            doomed: Vec::new(),
            floor: 0,
            state: State::Forward,
            stats: Stats::default(),
            pause_at: u64::MAX,
        }
    }

    pub(crate) fn stats(&self) -> Stats {
        self.stats
    }

    /// The state slot of the node the search stands on.
    #[inline(always)]
    fn current_slot(&self) -> usize {
        self.frames.last().map_or(self.root, |f| f.slot as usize + usize::from(f.copy))
    }

    /// Forgets the search, keeping the forced options (level 0 is never
    /// touched by the search).
    pub(crate) fn unwind(&mut self) {
        self.frames.clear();
        self.floor = 0;
        self.state = State::Forward;
    }

    pub(crate) fn reset_search(&mut self) {
        self.unwind();
        self.stats = Stats::default();
    }

    /// Sets up the root slot before a search starts at the top of the tree:
    /// under dominance, a copy of slot 0, with every item to be checked.
    fn enter_root(&mut self) {
        if self.root == 1 {
            self.push_level(1);
            // Zero is no count a dominance pass looks at (it runs when every
            // uncovered item has two options or more).
            self.seen.fill(T::from_u32(0));
        }
    }

    /// Forgets the search and the forced options.
    pub(crate) fn reset(&mut self) {
        self.reset_search();
        let (w, p) = (self.m.words, self.m.level_bytes());
        self.alive[..w].copy_from_slice(&self.m.initial_alive);
        for (c, &i) in self.counts[..p].iter_mut().zip(&self.m.initial_counts) {
            *c = T::from_u32(i);
        }
        self.counts[self.m.initial_counts.len()..p].fill(T::COVERED);
    }

    /// Forces an option into the partial solution.
    pub(crate) fn choose(&mut self, option: OptionId) -> Result<(), Error> {
        let o = option.index();
        if o + 1 >= self.m.option_start.len() {
            return Err(Error::new(ErrorKind::OutOfRange("option", o)));
        }
        self.unwind();
        if self.alive[o / 64] >> (o % 64) & 1 == 0 {
            return Err(Error::new(ErrorKind::Conflict { option: o }));
        }
        self.apply(0, o);
        Ok(())
    }

    /// Forces several options, as `choose` one after the other would, in
    /// one sweep: the options they kill are gathered first (a few `or`s of
    /// item bitsets per option), then each is taken out of its items' counts
    /// once. On a clash nothing changes, and the error names the first
    /// option that clashes with the ones forced before it.
    pub(crate) fn choose_all(&mut self, options: &[OptionId]) -> Result<(), Error> {
        let m = self.m;
        let (w, p) = (m.words, m.primaries);
        self.unwind();
        self.doomed.clear();
        self.doomed.resize(w, 0);
        for option in options {
            let o = option.index();
            if o + 1 >= m.option_start.len() {
                return Err(Error::new(ErrorKind::OutOfRange("option", o)));
            }
            if (self.alive[o / 64] & !self.doomed[o / 64]) >> (o % 64) & 1 == 0 {
                return Err(Error::new(ErrorKind::Conflict { option: o }));
            }
            for &i in m.items(o) {
                for &(wi, bits) in m.options_of(i as usize) {
                    self.doomed[wi as usize] |= bits;
                }
            }
        }
        // Every live option of the new options' items dies, so their counts
        // drop to zero on the way; they are marked covered below.
        let mut updates = match m.width {
            2 => self.kill_doomed::<2>(),
            3 => self.kill_doomed::<3>(),
            4 => self.kill_doomed::<4>(),
            6 => self.kill_doomed::<6>(),
            _ => self.kill_doomed::<0>(),
        };
        let counts = &mut self.counts[..m.level_bytes()];
        for option in options {
            for &i in m.items(option.index()) {
                if (i as usize) < p {
                    counts[i as usize] = T::COVERED;
                }
                updates += 1;
            }
        }
        self.stats.updates += updates;
        Ok(())
    }

    /// Kills the live options of `doomed` at level 0; returns the updates.
    #[inline(always)]
    fn kill_doomed<const W: usize>(&mut self) -> u64 {
        let m = self.m;
        let counts = &mut self.counts[..m.level_bytes()];
        let mut updates = 0;
        for (wi, (alive, &doomed)) in self.alive[..m.words].iter_mut().zip(&self.doomed).enumerate()
        {
            let kill = *alive & doomed;
            *alive &= !kill;
            updates += uncount_word::<T, W>(m, counts, wi, kill);
        }
        updates
    }

    /// Kills every option at `level` that shares an item with option `o`
    /// (`o` included) and marks `o`'s primary items covered. Counts updates
    /// as dancing links would: one per covered item, and one per node of a
    /// killed option taken out of another item's list.
    #[inline(always)]
    fn apply(&mut self, level: usize, o: usize) {
        // When every option has the same small number of primary items (a
        // sudoku's four, a pentomino's six), a loop of fixed length,
        // unrolled, is measurably faster.
        match self.m.width {
            2 => self.apply_width::<2>(level, o),
            3 => self.apply_width::<3>(level, o),
            4 => self.apply_width::<4>(level, o),
            6 => self.apply_width::<6>(level, o),
            _ => self.apply_width::<0>(level, o),
        }
    }

    /// [`apply`](Self::apply) for options with `W` primary items each (`0`:
    /// any number).
    #[inline(always)]
    fn apply_width<const W: usize>(&mut self, level: usize, o: usize) {
        let m = self.m;
        let (w, p, bytes) = (m.words, m.primaries, m.level_bytes());
        let alive = &mut self.alive[level * w..(level + 1) * w];
        let counts = &mut self.counts[level * bytes..(level + 1) * bytes];
        // `o` goes first, without touching counts: its primary items are
        // about to be covered. Each of them then still counts `o`, so its
        // count says how many other options are left to kill, and the scan
        // of its options stops when none is left.
        alive[o / 64] &= !(1 << (o % 64));
        let mut updates = u64::from(m.cost[o]);
        for &i in m.items(o) {
            let i = i as usize;
            let mut left = if i < p { counts[i].to_u32() - 1 } else { u32::MAX };
            for &(wi, bits) in m.options_of(i) {
                if left == 0 {
                    break;
                }
                let a = &mut alive[wi as usize];
                let mut kill = *a & bits;
                if kill == 0 {
                    continue;
                }
                *a &= !kill;
                while kill != 0 {
                    let q = wi as usize * 64 + kill.trailing_zeros() as usize;
                    kill &= kill - 1;
                    left = left.wrapping_sub(1);
                    uncount::<T, W>(m, counts, q);
                    updates += u64::from(m.cost[q]);
                }
            }
            if i < p {
                counts[i] = T::COVERED;
            }
            updates += 1;
        }
        self.stats.updates += updates;
    }

    /// [`choose_item`](Self::choose_item), after removing dominated options
    /// when it would branch for the first time (under dominance). Deeper in
    /// the tree the checks cost more than they save.
    #[inline(always)]
    fn settle(&mut self, level: usize) -> Option<(u32, u32)> {
        loop {
            let pick = self.choose_item(level);
            match pick {
                Some((_, degree)) if degree > 1 && level == self.root => {
                    let Some(pairs) = self.pairs else { return pick };
                    if !self.dominance(pairs, level) {
                        return pick;
                    }
                }
                _ => return pick,
            }
        }
    }

    /// The item to branch on at `level`: `None` if every primary item is
    /// covered (a solution), else the item and its number of options.
    #[inline(always)]
    fn choose_item(&self, level: usize) -> Option<(u32, u32)> {
        let (stride, bytes) = (self.m.stride, self.m.level_bytes());
        let counts = &self.counts[level * bytes..level * bytes + stride];
        let pos = match self.heuristic {
            Heuristic::First => counts.iter().position(|&c| c != T::COVERED)?,
            heuristic => {
                let min = minimum(counts);
                if min == T::COVERED {
                    return None;
                }
                let first = T::first_equal(counts, min);
                if heuristic == Heuristic::MinimumRemainingMostRemoved && min.to_u32() > 1 {
                    match (self.m.uniform, self.m.width) {
                        (true, 2) => self.most_removed::<2>(level, first, min),
                        (true, 3) => self.most_removed::<3>(level, first, min),
                        (true, 4) => self.most_removed::<4>(level, first, min),
                        (true, 6) => self.most_removed::<6>(level, first, min),
                        _ => self.most_removed::<0>(level, first, min),
                    }
                } else {
                    first
                }
            }
        };
        Some((pos as u32, counts[pos].to_u32()))
    }

    /// Of the first [`TIED_ITEMS`] items at `level` with `degree` options
    /// (`first` is the first of them), the one whose options remove the
    /// most others: the largest sum of the counts of its options' primary
    /// items (ties to the first). See
    /// [`Heuristic::MinimumRemainingMostRemoved`].
    ///
    /// `W` is the number of primary items of every option, if all have the
    /// same (none padded), else 0.
    fn most_removed<const W: usize>(&self, level: usize, first: usize, degree: T) -> usize {
        let m = self.m;
        let (stride, bytes, w) = (m.stride, m.level_bytes(), m.words);
        let counts = &self.counts[level * bytes..level * bytes + stride];
        let alive = &self.alive[level * w..(level + 1) * w];
        let (mut best, mut best_item) = (0, first);
        let mut left = TIED_ITEMS;
        for k in first / LANES..stride / LANES {
            let chunk: &[T; LANES] =
                counts[k * LANES..(k + 1) * LANES].try_into().expect("LANES counts");
            let mut mask = T::equal_mask(chunk, degree);
            if k == first / LANES {
                mask &= !0 << (first % LANES);
            }
            while mask != 0 {
                let i = k * LANES + mask.trailing_zeros() as usize;
                mask &= mask - 1;
                let mut score = 0;
                for &(wi, bits) in m.options_of(i) {
                    let mut live = alive[wi as usize] & bits;
                    while live != 0 {
                        let q = wi as usize * 64 + live.trailing_zeros() as usize;
                        live &= live - 1;
                        if W == 0 {
                            // The padding of short options (index `stride`)
                            // is no item.
                            for &j in m.primaries_of(q) {
                                if (j as usize) < stride {
                                    score += counts[j as usize].to_u32();
                                }
                            }
                        } else {
                            let own: &[u32; W] =
                                m.option_primaries[q * W..(q + 1) * W].try_into().expect("W items");
                            for &j in own {
                                score += counts[j as usize].to_u32();
                            }
                        }
                    }
                }
                if score > best {
                    (best, best_item) = (score, i);
                }
                left -= 1;
                if left == 0 {
                    return best_item;
                }
            }
        }
        best_item
    }

    /// The first option at `level` that contains `item`, which has one.
    #[inline(always)]
    fn first_option(&self, level: usize, item: u32) -> u32 {
        let w = self.m.words;
        let alive = &self.alive[level * w..(level + 1) * w];
        for &(wi, bits) in self.m.options_of(item as usize) {
            let live = alive[wi as usize] & bits;
            if live != 0 {
                return wi * 64 + live.trailing_zeros();
            }
        }
        NONE
    }

    /// The first option at `level` after option `after` (or from the start
    /// if `after` is [`NONE`]) that contains `item`; [`NONE`] if none.
    #[inline(always)]
    fn next_option(&self, level: usize, item: u32, after: u32) -> u32 {
        let w = self.m.words;
        let alive = &self.alive[level * w..(level + 1) * w];
        let start = if after == NONE { 0 } else { after + 1 };
        for &(wi, bits) in self.m.options_of(item as usize) {
            if (wi + 1) * 64 <= start {
                continue;
            }
            let mut live = alive[wi as usize] & bits;
            if wi * 64 < start {
                live &= !0u64 << (start % 64);
            }
            if live != 0 {
                return wi * 64 + live.trailing_zeros();
            }
        }
        NONE
    }

    /// Makes room for level `level` and copies level `level - 1` into it.
    #[inline(always)]
    fn push_level(&mut self, level: usize) {
        let (w, p) = (self.m.words, self.m.level_bytes());
        if self.alive.len() < (level + 1) * w {
            self.alive.resize((level + 1) * w, 0);
            self.counts.resize((level + 1) * p, T::COVERED);
        }
        self.alive.copy_within((level - 1) * w..level * w, level * w);
        self.counts.copy_within((level - 1) * p..level * p, level * p);
    }

    pub(crate) fn run(&mut self, max_nodes: u64) -> Status {
        if self.state == State::Done {
            return Status::Done;
        }
        self.pause_at = self.stats.nodes.saturating_add(max_nodes).saturating_add(1);
        if self.state == State::Forward && self.frames.is_empty() {
            self.enter_root();
        }
        let mut state = self.state;
        let status = loop {
            match state {
                State::Forward => {
                    if !self.stats.enter_node(self.pause_at) {
                        break Status::Paused;
                    }
                    let slot = self.current_slot();
                    match self.settle(slot) {
                        None => {
                            state = State::Backdown;
                            self.stats.solutions += 1;
                            break Status::Solution;
                        }
                        Some((_, 0)) => state = State::Backdown,
                        Some((item, degree)) => {
                            let choice = self.first_option(slot, item);
                            // Slot 0 holds the forced options: never spend it.
                            let copy = degree > 1 || slot == 0;
                            let frame =
                                Frame { slot: slot as u32, copy, item, choice, branch: 0, degree };
                            self.frames.push(frame);
                            if copy {
                                state = State::Advance;
                            } else {
                                // A forced move: made here, in place; the
                                // next node follows.
                                self.apply(slot, choice as usize);
                                self.stats.max_depth = self.stats.max_depth.max(self.frames.len());
                            }
                        }
                    }
                }
                State::Advance => {
                    let level = self.frames.len();
                    let f = self.frames[level - 1];
                    if f.choice == NONE {
                        self.frames.pop();
                        state = State::Backdown;
                        continue;
                    }
                    let slot = f.slot as usize;
                    if f.copy {
                        self.push_level(slot + 1);
                        self.apply(slot + 1, f.choice as usize);
                    } else {
                        self.apply(slot, f.choice as usize);
                    }
                    if level > self.stats.max_depth {
                        self.stats.max_depth = level;
                    }
                    state = State::Forward;
                }
                State::Backdown => {
                    // Levels that work in place (one branch each) have
                    // nothing left to try: leave them all at once.
                    let mut level = self.frames.len();
                    while level > self.floor && !self.frames[level - 1].copy {
                        level -= 1;
                    }
                    self.frames.truncate(level);
                    if level <= self.floor {
                        state = State::Done;
                        break Status::Done;
                    }
                    let f = self.frames[level - 1];
                    let next = self.next_option(f.slot as usize, f.item, f.choice);
                    let f = &mut self.frames[level - 1];
                    f.choice = next;
                    f.branch += 1;
                    state = State::Advance;
                }
                State::Done => break Status::Done,
            }
        };
        self.state = state;
        status
    }

    /// Appends the options chosen by the search, from the top down.
    pub(crate) fn chosen(&self, out: &mut Vec<OptionId>) {
        out.extend(self.frames.iter().map(|f| OptionId::new(f.choice as usize)));
    }

    /// The branch taken at each level (from 0), out of how many.
    pub(crate) fn levels(&self) -> impl ExactSizeIterator<Item = (u32, u32)> + '_ {
        self.frames.iter().map(|f| (f.branch, f.degree))
    }

    /// Whether the search is over.
    pub(crate) fn done(&self) -> bool {
        self.state == State::Done
    }

    /// See `Links::descend`.
    pub(crate) fn descend(&mut self, path: &[u32]) -> bool {
        self.unwind();
        self.enter_root();
        for &k in path {
            let level = self.current_slot();
            let Some((item, degree)) = self.settle(level) else { return self.fail() };
            let mut choice = self.next_option(level, item, NONE);
            for _ in 0..k {
                if choice == NONE {
                    break;
                }
                choice = self.next_option(level, item, choice);
            }
            if choice == NONE {
                return self.fail();
            }
            // Slots as `run` uses them (the root test of `settle` needs it).
            let (slot, copy) = (level as u32, degree > 1 || level == 0);
            self.frames.push(Frame { slot, copy, item, choice, branch: k, degree });
            if copy {
                self.push_level(level + 1);
                self.apply(level + 1, choice as usize);
            } else {
                self.apply(level, choice as usize);
            }
        }
        self.floor = path.len();
        true
    }

    fn fail(&mut self) -> bool {
        self.unwind();
        false
    }
}
