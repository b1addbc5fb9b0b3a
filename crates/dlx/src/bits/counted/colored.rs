//! The counted form on colored problems. An option that gives a secondary
//! item a color kills the item's options of another color or none, a list
//! of its own in `BitMatrix` (`kills`). `apply` kills whole lists a word
//! at a time and then takes the survivors' count.
//!
//! Levels with few live options: once at most
//! [`SMALL`] (128) options are alive at a slot, they are numbered `0..n`
//! in a table of the slot (in increasing order, so the search tries them
//! in the same order), with one `u128` mask per item, and the slot and
//! every slot below it keep their live options as one `u128` over that
//! table. Choosing an option is then an `and-not` of the union of its
//! items' masks, where the bitset form scans each item's sparse words over
//! the whole problem; most nodes of a colored search are there.
//!
//! The counts per item are kept as in the bitset form (the item choice is
//! the same code): on a table, the killed options' items are decremented,
//! or where that is more work, every uncovered item's count is made again,
//! a popcount of its mask (a chain of decrements of the same few counts is
//! slow). The colored `apply` is compiled with POPCNT where the CPU has it
//! ([`fast::run`]). A table is owned by the slot that built it; the slots
//! below refer to it, and a slot is rewritten only once the search has
//! backed up above it, so a table lives as long as the slots that use it.

use super::Counted;
use crate::bits::count::Count;
use crate::bits::{BitMatrix, NONE};
use crate::fast;

/// The most live options of a slot that switches to a table.
pub(super) const SMALL: u32 = 128;

/// A slot's table: its live options, and per item the ones that hold it.
#[derive(Debug, Clone, Default)]
struct Table {
    /// The options, in increasing order: local number `k` is `options[k]`.
    options: Vec<u32>,
    /// Per item `i < items`: the options holding it; at `items + k`, for
    /// the `k`-th (secondary item, color) pair, the options giving the
    /// item that color (the ones it spares).
    masks: Vec<u128>,
    /// Per option, its cost (`BitMatrix::cost`).
    cost: Vec<u32>,
    /// The primary items uncovered where the table was built (the others
    /// stay covered below it).
    open: Vec<u32>,
}

/// The small levels of every slot.
#[derive(Debug, Clone, Default)]
pub(crate) struct Small {
    /// Per slot, the slot whose table its mask numbers, or [`NONE`]: the
    /// slot keeps its live options in the bitset.
    owner: Vec<u32>,
    /// Per slot whose owner is not [`NONE`], its live options.
    live: Vec<u128>,
    /// Per slot, the table it built (used while it owns one).
    tables: Vec<Table>,
    /// Per option `q`, from `target_start[q]` to `target_start[q + 1]`:
    /// the masks of a table that hold it (its items, then the pairs of its
    /// colored entries).
    targets: Vec<u32>,
    target_start: Vec<u32>,
}

impl Small {
    /// The small levels of a colored problem (`tables`: whether slots
    /// switch to tables at all).
    pub(super) fn new(m: &BitMatrix, tables: bool) -> Small {
        let mut s = Small::default();
        if tables {
            s.target_start.push(0);
            for q in 0..m.option_start.len() - 1 {
                s.targets.extend_from_slice(m.items(q));
                let pairs = m.items(q).iter().zip(m.colored_kills(q)).filter(|(i, k)| i != k);
                s.targets.extend(pairs.map(|(_, &k)| k));
                s.target_start.push(s.targets.len() as u32);
            }
        }
        s
    }

    /// The slot whose table slot `level` uses, if it uses one.
    #[inline(always)]
    pub(super) fn owner(&self, level: usize) -> Option<usize> {
        match self.owner.get(level) {
            Some(&t) if t != NONE => Some(t as usize),
            _ => None,
        }
    }

    /// Slot `level` as a copy of slot `level - 1`: whether it uses a table
    /// (then the copy is made; else the bitset is still to copy).
    #[inline(always)]
    pub(super) fn push_level(&mut self, level: usize) -> bool {
        if self.owner.len() <= level {
            self.owner.resize(level + 1, NONE);
            self.live.resize(level + 1, 0);
            self.tables.resize_with(level + 1, Table::default);
        }
        let owner = self.owner[level - 1];
        self.owner[level] = owner;
        self.live[level] = self.live[level - 1];
        owner != NONE
    }

    /// The first live option of `item` at `level` (which uses table
    /// `owner`) after `after` ([`NONE`]: from the start); [`NONE`] if none.
    #[inline(always)]
    pub(super) fn next_option(&self, level: usize, owner: usize, item: u32, after: u32) -> u32 {
        let t = &self.tables[owner];
        let mut live = self.live[level] & t.masks[item as usize];
        if after != NONE {
            let k = t.options.partition_point(|&q| q <= after);
            live &= (!0u128).checked_shl(k as u32).unwrap_or(0);
        }
        if live == 0 { NONE } else { t.options[live.trailing_zeros() as usize] }
    }
}

/// A colored [`apply`](crate::bits::Slots::apply) as a [`fast::Kernel`].
struct Apply<'c, 'p, T> {
    counted: &'c mut Counted<'p, T>,
    level: usize,
    o: usize,
}

impl<T: Count> fast::Kernel for Apply<'_, '_, T> {
    type Output = ();

    #[inline(always)]
    fn call(self) {
        let Apply { counted, level, o } = self;
        match counted.small.owner(level) {
            Some(owner) => counted.apply_small(level, owner, o),
            None => counted.apply_bitset(level, o),
        }
    }
}

impl<T: Count> Counted<'_, T> {
    /// [`apply`](crate::bits::Slots::apply) in a colored problem: on the
    /// slot's table if it has one, else on the bitset, switching to a table
    /// if few options are left. Compiled for AVX2, BMI and POPCNT where the
    /// CPU has them ([`fast::run`]): counts made again are popcounts, a
    /// dozen instructions each on the baseline CPU.
    #[inline(always)]
    pub(super) fn apply_colored(&mut self, level: usize, o: usize) {
        fast::run(Apply { counted: self, level, o });
    }

    /// [`apply`](crate::bits::Slots::apply) in a colored problem, where
    /// `level` keeps its live options in the bitset. The items of `o` kill
    /// whole lists of words (no early stop: a secondary item's list is
    /// scanned to the end anyway); then if at most [`SMALL`] options are
    /// left (and `level` is not slot 0), the slot switches to a table and
    /// the counts are made again from it, else the killed options leave
    /// their items' counts.
    #[inline(always)]
    pub(super) fn apply_bitset(&mut self, level: usize, o: usize) {
        let (updates, killed) = self.kill_lists(level, o);
        self.updates += updates;
        let m = self.m;
        let (w, p) = (m.words, m.primaries);
        let n: u32 = self.alive[level * w..(level + 1) * w].iter().map(|a| a.count_ones()).sum();
        let small = self.tables && n <= SMALL && level > 0;
        if !small {
            self.uncount_killed::<true>(level, killed);
        }
        let bytes = m.level_bytes();
        let counts = &mut self.counts[level * bytes..(level + 1) * bytes];
        for &i in m.items(o) {
            if (i as usize) < p {
                counts[i as usize] = T::COVERED;
            }
        }
        if small {
            self.build_table(level, n);
        }
    }

    /// Slot `level`'s table, of its `n` live options (at most [`SMALL`],
    /// which hold no covered item); the uncovered items' counts made again
    /// from it, a popcount per item.
    #[inline(always)]
    fn build_table(&mut self, level: usize, n: u32) {
        let m = self.m;
        let (w, p, bytes) = (m.words, m.primaries, m.level_bytes());
        let alive = &self.alive[level * w..(level + 1) * w];
        let counts = &mut self.counts[level * bytes..(level + 1) * bytes];
        let s = &mut self.small;
        if s.owner.len() <= level {
            s.owner.resize(level + 1, NONE);
            s.live.resize(level + 1, 0);
            s.tables.resize_with(level + 1, Table::default);
        }
        let t = &mut s.tables[level];
        t.options.clear();
        t.cost.clear();
        t.masks.clear();
        t.masks.resize(m.item_start.len() - 1, 0);
        // Local slices: the stores to the masks then cannot move the
        // vectors' pointers, which stay in registers.
        let (masks, options) = (&mut t.masks[..], &mut t.options);
        let (targets, start) = (&s.targets[..], &s.target_start[..]);
        for (wi, &a) in alive.iter().enumerate() {
            let mut a = a;
            while a != 0 {
                let q = wi * 64 + a.trailing_zeros() as usize;
                a &= a - 1;
                let bit = 1u128 << options.len();
                options.push(q as u32);
                t.cost.push(m.cost[q]);
                for &x in &targets[start[q] as usize..start[q + 1] as usize] {
                    masks[x as usize] |= bit;
                }
            }
        }
        t.open.clear();
        for (j, (c, &mask)) in counts[..p].iter_mut().zip(&masks[..p]).enumerate() {
            if *c != T::COVERED {
                *c = T::from_u32(mask.count_ones());
                t.open.push(j as u32);
            }
        }
        s.owner[level] = level as u32;
        s.live[level] = (!0u128).checked_shl(n).map_or(!0, |x| !x);
    }

    /// [`apply`](crate::bits::Slots::apply) at a `level` that uses the
    /// table of slot `owner`: as on the bitset, the items of `o` kill the
    /// live options that clash on them (the union of their masks) and
    /// `o`'s primary items are covered. The killed options leave their
    /// primary items' counts, one decrement each, unless that is more work
    /// than a popcount per primary item: then the uncovered items' counts
    /// are made again.
    #[inline(always)]
    pub(super) fn apply_small(&mut self, level: usize, owner: usize, o: usize) {
        let m = self.m;
        let (p, items, bytes) = (m.primaries, m.items, m.level_bytes());
        let counts = &mut self.counts[level * bytes..(level + 1) * bytes];
        let t = &self.small.tables[owner];
        let mut live = self.small.live[level];
        // `o` has a primary item, so it kills itself with the others (its
        // cost counted as theirs; its primary items are covered below).
        debug_assert!(live >> t.options.partition_point(|&q| (q as usize) < o) & 1 == 1);
        let o_items = m.items(o);
        let mut dead = 0;
        for (&i, &k) in o_items.iter().zip(m.colored_kills(o)) {
            let mut clash = t.masks[i as usize];
            if k != i {
                debug_assert!(k as usize >= items);
                clash &= !t.masks[k as usize];
            }
            dead |= clash;
        }
        dead &= live;
        live &= !dead;
        let mut updates = o_items.len() as u64;
        let recount = dead.count_ones() as usize * m.width > p;
        let mut kill = dead;
        while kill != 0 {
            let k = kill.trailing_zeros() as usize;
            kill &= kill - 1;
            updates += u64::from(t.cost[k]);
            if !recount {
                for &j in m.exact_primaries_of(t.options[k] as usize) {
                    counts[j as usize] = counts[j as usize].dec();
                }
            }
        }
        for &i in o_items {
            if (i as usize) < p {
                counts[i as usize] = T::COVERED;
            }
        }
        if recount {
            for &j in &t.open {
                let c = &mut counts[j as usize];
                if *c != T::COVERED {
                    *c = T::from_u32((live & t.masks[j as usize]).count_ones());
                }
            }
        }
        self.small.live[level] = live;
        self.updates += updates;
    }
}
