//! [`Counted`]: the state as a bitset of live options and a count of live
//! options per primary item, for any plain problem this engine takes.
//!
//! Choosing an item is a vectorized minimum over the counts, then a search
//! for its first occurrence sixteen counts at a time (a compare-and-any
//! that compiles to one vector compare); choosing an option `o` kills `o`
//! first, without touching counts, then for each item of `o` the live
//! options sharing it (sparse bitset words per item) and decrements the
//! counts of their primary items (a fixed-width list per option, padded
//! with a scratch slot, unrolled for widths 2, 3, 4 and 6).

use super::count::{Count, LANES, minimum};
use super::dominance::Pairs;
use super::matrix::Kernel;
use super::{BitMatrix, NONE, Slots};

mod colored;
mod dense;
mod dominance;
use crate::config::{Heuristic, Propagation, TieBreak};
use crate::engine::Node;
use crate::error::{Error, ErrorKind};
use crate::id::OptionId;
use crate::random::below;
use colored::Small;

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
pub(super) fn uncount_word<T: Count, const W: usize>(
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

/// The state of every level: live options as bitsets, counts per item.
#[derive(Debug, Clone)]
pub(crate) struct Counted<'p, T> {
    pub(super) m: &'p BitMatrix,
    heuristic: Heuristic,
    /// The slot the search starts from: 0, or 1 under dominance (slot 0
    /// keeps the options forced with `choose`; dominance changes the slot
    /// it works on).
    root: usize,
    /// The pair table, under dominance.
    pairs: Option<&'p Pairs>,
    /// Under dominance, the root's counts at its last dominance pass: the
    /// items whose counts differ are the ones to check again.
    pub(super) seen: Vec<T>,
    /// Under dominance, per primary item (padded to the stride with 0): the
    /// most options it may have left and still dominate.
    pub(super) limit: Vec<T>,
    /// Level `l`'s alive options: `alive[l * words..(l + 1) * words]`.
    pub(super) alive: Vec<u64>,
    /// Level `l`'s counts: `level_bytes` bytes from `l * level_bytes`.
    pub(super) counts: Vec<T>,
    /// Scratch for `choose_all`: the options the new ones kill; for a
    /// colored `apply`, the live options before.
    doomed: Vec<u64>,
    /// In a seeded search, the random key of the node whose item is chosen
    /// next (`Slots::set_key`).
    key: Option<u64>,
    /// Updates since the last `clear_updates`.
    pub(super) updates: u64,
    /// Whether slots with few live options switch to a table (`small.rs`):
    /// in colored problems, where the item choice does not look at the
    /// live options themselves (it does under the tie-break).
    tables: bool,
    /// Those slots.
    small: Small,
    /// Under [`Heuristic::ConflictWeighted`], per primary item (padded to
    /// the stride): how often the search dead-ended on it, plus one. Empty
    /// otherwise.
    weights: Vec<u32>,
}

impl<'p, T: Count> Counted<'p, T> {
    pub(crate) fn new(
        m: &'p BitMatrix,
        heuristic: Heuristic,
        propagation: Propagation,
    ) -> Counted<'p, T> {
        let pairs = if propagation == Propagation::Dominance { m.pairs() } else { None };
        let mut limit: Vec<T> = Vec::new();
        if let Some(p) = pairs {
            limit.extend(p.limit.iter().map(|&l| T::from_u32(l)));
            limit.resize(m.stride, T::from_u32(0));
        }
        Counted {
            m,
            heuristic,
            root: usize::from(pairs.is_some()),
            pairs,
            seen: vec![T::from_u32(0); limit.len()],
            limit,
            alive: m.initial_alive.clone(),
            counts: m.counts(),
            doomed: Vec::new(),
            key: None,
            updates: 0,
            tables: m.colored() && heuristic != Heuristic::MinimumRemainingMostRemoved,
            small: Small::default(),
            weights: match heuristic {
                Heuristic::ConflictWeighted => vec![1; m.stride],
                _ => Vec::new(),
            },
        }
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

    /// [`apply`](Slots::apply) for options with `W` primary items each (`0`:
    /// any number), in a colored problem if `C` (compiled apart, so that
    /// plain problems run the loop they ran without colors).
    #[inline(always)]
    fn apply_width<const W: usize, const C: bool>(&mut self, level: usize, o: usize) {
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
        // A colored entry kills the options of its item in another color
        // (a list past the items): none of them is primary.
        let kills = if C { m.colored_kills(o) } else { m.items(o) };
        for &i in kills {
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
                    if C {
                        for &j in m.exact_primaries_of(q) {
                            counts[j as usize] = counts[j as usize].dec();
                        }
                    } else {
                        uncount::<T, W>(m, counts, q);
                    }
                    updates += u64::from(m.cost[q]);
                }
            }
            if i < p {
                counts[i] = T::COVERED;
            }
            updates += 1;
        }
        self.updates += updates;
    }

    /// Saves `level`'s live options in `doomed`, then kills `o` and every
    /// option on the lists `o` kills ([`BitMatrix::kills`]), whole words at
    /// a time; returns `o`'s items and the killed options' costs (the
    /// updates, as dancing links count them) and how many were killed.
    /// The counts are left to the caller.
    #[inline(always)]
    fn kill_lists(&mut self, level: usize, o: usize) -> (u64, u32) {
        let m = self.m;
        let w = m.words;
        let alive = &mut self.alive[level * w..(level + 1) * w];
        self.doomed.clear();
        self.doomed.extend_from_slice(alive);
        alive[o / 64] &= !(1 << (o % 64));
        for &i in m.kills(o) {
            for &(wi, bits) in m.options_of(i as usize) {
                alive[wi as usize] &= !bits;
            }
        }
        let (mut updates, mut killed) = (m.items(o).len() as u64, 0);
        for (wi, (&a, &b)) in alive.iter().zip(&self.doomed).enumerate() {
            let mut kill = b & !a;
            killed += kill.count_ones();
            while kill != 0 {
                let q = wi * 64 + kill.trailing_zeros() as usize;
                kill &= kill - 1;
                updates += u64::from(m.cost[q]);
            }
        }
        (updates, killed)
    }

    /// [`apply`](Slots::apply) in a colored problem: on the slot's table if
    /// it has one, else on the bitset, switching to a table if few options
    /// are left.
    #[inline(always)]
    fn apply_colored(&mut self, level: usize, o: usize) {
        if let Some(owner) = self.small.owner(level) {
            return self.apply_small(level, owner, o);
        }
        self.apply_bitset(level, o);
    }

    /// [`Slots::choose_item`] under [`Heuristic::ConflictWeighted`]: an
    /// item with no option left (it weighs one more) or one; else the item
    /// with the fewest options per unit of weight, the first among equals
    /// from a random item on (wrapping around; from the first if unseeded),
    /// as dancing links choose.
    #[cold]
    #[inline(never)]
    fn choose_weighted(&mut self, level: usize) -> Node {
        let (stride, bytes) = (self.m.stride, self.m.level_bytes());
        let counts = &self.counts[level * bytes..level * bytes + stride];
        let min = minimum(counts);
        if min == T::COVERED {
            return Node::Solution;
        }
        let first = T::first_equal(counts, min);
        if min.to_u32() <= 1 {
            if min.to_u32() == 0 {
                let w = &mut self.weights[first];
                *w = w.saturating_add(1);
            }
            return Node::on(first as u32, min.to_u32());
        }
        let start = self.key.map_or(0, |k| below(k, self.m.primaries as u32)) as usize;
        let (mut best, mut best_count, mut best_weight) = (stride, 1u64, 0u64);
        for i in (start..stride).chain(0..start) {
            let c = counts[i];
            if c == T::COVERED {
                continue;
            }
            let (c, w) = (u64::from(c.to_u32()), u64::from(self.weights[i]));
            // c / w < best_count / best_weight, in integers.
            if c * best_weight < best_count * w {
                (best, best_count, best_weight) = (i, c, w);
            }
        }
        Node::on(best as u32, best_count as u32)
    }

    /// A random one, by `key`, of the items at `level` with `degree`
    /// options (counted in item order).
    fn random_tie(&self, level: usize, degree: T, key: u64) -> usize {
        let (stride, bytes) = (self.m.stride, self.m.level_bytes());
        let counts = &self.counts[level * bytes..level * bytes + stride];
        let chunks = counts.chunks_exact(LANES).map(|c| c.try_into().expect("LANES counts"));
        let ties: u32 = chunks.clone().map(|c| T::equal_mask(c, degree).count_ones()).sum();
        let mut skip = below(key, ties);
        for (k, chunk) in chunks.enumerate() {
            let mut mask = T::equal_mask(chunk, degree);
            let n = mask.count_ones();
            if skip < n {
                for _ in 0..skip {
                    mask &= mask - 1;
                }
                return k * LANES + mask.trailing_zeros() as usize;
            }
            skip -= n;
        }
        unreachable!("a tie below the number of ties")
    }

    /// Of the first [`TIED_ITEMS`](crate::TIED_ITEMS) items at `level` with `degree` options
    /// from `first` (the first of them, unless `wrap`: then the items before
    /// `first` follow the last), the one whose options remove the most
    /// others: the largest sum of the counts of its options' primary items
    /// (ties to the first). See [`Heuristic::MinimumRemainingMostRemoved`].
    ///
    /// `W` is the number of primary items of every option, if all have the
    /// same (none padded), else 0.
    fn most_removed<const W: usize>(
        &self,
        level: usize,
        first: usize,
        degree: T,
        wrap: bool,
    ) -> usize {
        let m = self.m;
        let (stride, bytes, w) = (m.stride, m.level_bytes(), m.words);
        let counts = &self.counts[level * bytes..level * bytes + stride];
        let alive = &self.alive[level * w..(level + 1) * w];
        let mut tie = TieBreak::new(first);
        let (chunks, start) = (stride / LANES, first / LANES);
        let laps = if wrap { chunks + 1 } else { chunks - start };
        for lap in 0..laps {
            let k = (start + lap) % chunks;
            let chunk: &[T; LANES] =
                counts[k * LANES..(k + 1) * LANES].try_into().expect("LANES counts");
            let mut mask = T::equal_mask(chunk, degree);
            if lap == 0 {
                mask &= !0 << (first % LANES);
            } else if lap == chunks {
                // Back at the first chunk: the items before `first`.
                mask &= !(!0 << (first % LANES));
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
                if tie.offer(i, score) {
                    return tie.item();
                }
            }
        }
        tie.item()
    }
}

impl<T: Count> Slots for Counted<'_, T> {
    const AVX2: bool = false;
    const RANDOMIZES: bool = true;

    fn root(&self) -> usize {
        self.root
    }

    fn enter_root(&mut self) {
        if self.root == 1 {
            self.push_level(1);
            // Zero is no count a dominance pass looks at (it runs when every
            // uncovered item has two options or more).
            self.seen.fill(T::from_u32(0));
        }
    }

    fn reset(&mut self) {
        let (w, p) = (self.m.words, self.m.level_bytes());
        self.alive[..w].copy_from_slice(&self.m.initial_alive);
        for (c, &i) in self.counts[..p].iter_mut().zip(&self.m.initial_counts) {
            *c = T::from_u32(i);
        }
        self.counts[self.m.initial_counts.len()..p].fill(T::COVERED);
        self.weights.fill(1);
    }

    fn choose(&mut self, option: OptionId) -> Result<(), Error> {
        let o = option.index();
        if o + 1 >= self.m.option_start.len() {
            return Err(Error::new(ErrorKind::OutOfRange("option", o)));
        }
        if self.alive[o / 64] >> (o % 64) & 1 == 0 {
            return Err(Error::new(ErrorKind::Conflict { option: o }));
        }
        self.apply(0, o);
        Ok(())
    }

    /// One sweep: the options the new ones kill are gathered first (a few
    /// `or`s of item bitsets per option), then each is taken out of its
    /// items' counts once.
    fn choose_all(&mut self, options: &[OptionId]) -> Result<(), Error> {
        let m = self.m;
        let (w, p) = (m.words, m.primaries);
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
            for &i in m.kills(o) {
                for &(wi, bits) in m.options_of(i as usize) {
                    self.doomed[wi as usize] |= bits;
                }
            }
        }
        // Every live option of the new options' items dies, so their counts
        // drop to zero on the way; they are marked covered below.
        let mut updates = match m.kernel {
            Kernel::Width2 => self.kill_doomed::<2>(),
            Kernel::Width3 => self.kill_doomed::<3>(),
            Kernel::Width4 => self.kill_doomed::<4>(),
            Kernel::Width6 => self.kill_doomed::<6>(),
            Kernel::Any | Kernel::Dense | Kernel::Colored => self.kill_doomed::<0>(),
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
        self.updates += updates;
        Ok(())
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
        match self.m.kernel {
            Kernel::Width2 => self.apply_width::<2, false>(level, o),
            Kernel::Width3 => self.apply_width::<3, false>(level, o),
            Kernel::Width4 => self.apply_width::<4, false>(level, o),
            Kernel::Width6 => self.apply_width::<6, false>(level, o),
            Kernel::Any => self.apply_width::<0, false>(level, o),
            Kernel::Dense => self.apply_dense(level, o),
            Kernel::Colored => self.apply_colored(level, o),
        }
    }

    #[inline(always)]
    fn choose_item(&mut self, level: usize) -> Node {
        let (stride, bytes) = (self.m.stride, self.m.level_bytes());
        let counts = &self.counts[level * bytes..level * bytes + stride];
        let pos = match self.heuristic {
            Heuristic::First => match counts.iter().position(|&c| c != T::COVERED) {
                Some(pos) => pos,
                None => return Node::Solution,
            },
            Heuristic::ConflictWeighted => return self.choose_weighted(level),
            heuristic => {
                let min = minimum(counts);
                if min == T::COVERED {
                    return Node::Solution;
                }
                let mut first = T::first_equal(counts, min);
                let key = self.key.filter(|_| min.to_u32() > 1);
                if let Some(key) = key {
                    first = self.random_tie(level, min, key);
                }
                if heuristic == Heuristic::MinimumRemainingMostRemoved && min.to_u32() > 1 {
                    let wrap = key.is_some();
                    match (self.m.uniform, self.m.width) {
                        (true, 2) => self.most_removed::<2>(level, first, min, wrap),
                        (true, 3) => self.most_removed::<3>(level, first, min, wrap),
                        (true, 4) => self.most_removed::<4>(level, first, min, wrap),
                        (true, 6) => self.most_removed::<6>(level, first, min, wrap),
                        _ => self.most_removed::<0>(level, first, min, wrap),
                    }
                } else {
                    first
                }
            }
        };
        Node::on(pos as u32, counts[pos].to_u32())
    }

    fn set_key(&mut self, key: u64) {
        self.key = Some(key);
    }

    fn dominate(&mut self, level: usize) -> bool {
        match self.pairs {
            Some(pairs) => self.dominance(pairs, level),
            None => false,
        }
    }

    #[inline(always)]
    fn first_option(&self, level: usize, item: u32) -> u32 {
        if self.m.kernel == Kernel::Colored {
            if let Some(owner) = self.small.owner(level) {
                return self.small.next_option(level, owner, item, NONE);
            }
        }
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

    #[inline(always)]
    fn next_option(&self, level: usize, item: u32, after: u32) -> u32 {
        if self.m.kernel == Kernel::Colored {
            if let Some(owner) = self.small.owner(level) {
                return self.small.next_option(level, owner, item, after);
            }
        }
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

    #[inline(always)]
    fn push_level(&mut self, level: usize) {
        let (w, p) = (self.m.words, self.m.level_bytes());
        if self.alive.len() < (level + 1) * w {
            self.alive.resize((level + 1) * w, 0);
            self.counts.resize((level + 1) * p, T::COVERED);
        }
        if self.m.kernel == Kernel::Colored && self.small.push_level(level) {
            self.counts.copy_within((level - 1) * p..level * p, level * p);
            return;
        }
        self.alive.copy_within((level - 1) * w..level * w, level * w);
        self.counts.copy_within((level - 1) * p..level * p, level * p);
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn clear_updates(&mut self) {
        self.updates = 0;
    }
}
