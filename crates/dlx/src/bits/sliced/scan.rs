//! The scans of [`Sliced`]: a pass over a slot that finds the items left
//! with no option or one (`sweep`), an item's live options (`live_slots`),
//! and, in bulk, the list of forced moves a scan found, taken one or two
//! at a time (`next_forced`, `next_listed`).

use super::planes::{by_planes, ones_twos, planes};
use super::{NONE, Sliced};
use crate::bits::Listed;
use crate::engine::Node;

/// What a pass over a slot found.
#[derive(Debug, Clone, Copy)]
pub(super) struct Scan {
    /// Whether any primary item is uncovered.
    pub(super) open: bool,
    /// The first uncovered item with no option left, or [`NONE`].
    pub(super) empty: u32,
    /// The first item with exactly one option left, or [`NONE`].
    pub(super) single: u32,
}

impl Sliced<'_> {
    /// Clears `mask` from slot `level` (nothing if `None`) and scans it.
    #[inline(always)]
    pub(super) fn sweep(&mut self, level: usize, mask: Option<usize>) -> Scan {
        by_planes!(self.t.planes, P => self.sweep_planes::<P>(level, mask))
    }

    /// [`sweep`](Self::sweep) with `P` planes per group.
    #[inline(always)]
    fn sweep_planes<const P: usize>(&mut self, level: usize, mask: Option<usize>) -> Scan {
        let t = self.t;
        let planes = planes::<P>(t);
        let (words, d) = (t.words, planes - 1);
        let slot = &mut self.state[level * words..(level + 1) * words];
        let forced = &mut self.forced;
        let table = mask.map(|o| &t.table[o * words..(o + 1) * words]);
        let (mut open, mut empty, mut single) = (0, 0, 0);
        for (g, c) in slot[..t.groups * planes].chunks_exact_mut(planes).enumerate() {
            if let Some(table) = table {
                let k = &table[g * planes..(g + 1) * planes];
                for (x, &k) in c.iter_mut().zip(k) {
                    *x &= !k;
                }
            }
            let (ones, twos) = ones_twos::<P>(&c[..d]);
            let one = ones & !twos;
            forced[g] = one;
            single |= one;
            open |= c[d];
            empty |= c[d] & !ones;
        }
        // Where the first of each is, looked for once (only if there is
        // one), not with a branch per group above.
        let first = |found: u64, of: &mut dyn FnMut(usize) -> u64| {
            (0..t.groups)
                .filter(|_| found != 0)
                .map(|g| (g, of(g)))
                .find(|&(_, bits)| bits != 0)
                .map_or(NONE, |(g, bits)| (g * 64) as u32 + bits.trailing_zeros())
        };
        let single = first(single, &mut |g| forced[g]);
        // A dead end: rare, so its group is found again from the slot.
        let empty = first(empty, &mut |g| {
            let c = &slot[g * planes..(g + 1) * planes];
            c[d] & !ones_twos::<P>(&c[..d]).0
        });
        Scan { open: open != 0, empty, single }
    }

    /// Whether option `o` is alive at slot `level`.
    #[inline(always)]
    pub(super) fn alive(&self, level: usize, o: usize) -> bool {
        let b = self.t.bits_of(o)[0] as usize + level * self.t.words * 64;
        self.state[b / 64] >> (b % 64) & 1 != 0
    }

    /// Item `i`'s live options at slot `level`, by slot, all planes at
    /// once (the compiler vectorizes this).
    #[inline(always)]
    pub(super) fn live_slots<const P: usize>(&self, level: usize, i: usize) -> u64 {
        let t = self.t;
        let planes = planes::<P>(t);
        let base = level * t.words + i / 64 * planes;
        let mut live = 0;
        for (j, &x) in self.state[base..base + planes - 1].iter().enumerate() {
            live |= (x >> (i % 64) & 1) << j;
        }
        live
    }

    /// [`live_slots`](Self::live_slots) where slot `level` was just
    /// written (a forced move's next item).
    #[inline(always)]
    pub(super) fn fresh_live_slots<const P: usize>(&self, level: usize, i: usize) -> u64 {
        if P == 0 {
            // Many planes, or a count not known here: all at once.
            return self.live_slots::<P>(level, i);
        }
        // A word at a time, from the last plane down: the slot was just
        // written a vector at a time, and a vector load across two of
        // those stores waits for them to reach the cache, where a word
        // within one is forwarded at once. (Measured: 9x9 sudoku gains
        // 5-6%; with the longer chains of many planes, 14 queens and
        // Langford pairs lose as much, hence `P == 0` above.)
        let base = level * self.t.words + i / 64 * P;
        let mut live = 0;
        for &x in self.state[base..base + P - 1].iter().rev() {
            live = live << 1 | (x >> (i % 64) & 1);
        }
        live
    }

    /// Item `i`'s number of live options at slot `level`.
    #[inline(always)]
    pub(super) fn degree(&self, level: usize, i: usize) -> u32 {
        self.live_slots::<0>(level, i).count_ones()
    }

    /// In bulk, makes the last scan's list of items with one option (in
    /// `forced`; `single`, the first of them) the list of slot `level`.
    #[inline(always)]
    pub(super) fn keep_list(&mut self, level: usize, single: u32) {
        self.forced_slot = level;
        self.forced_group = single as usize / 64;
    }

    /// In bulk, the next item of the last scan's list of forced moves at
    /// `level` that is still uncovered, and its number of options (one, or
    /// none if a move since killed it: a dead end).
    #[inline(always)]
    pub(super) fn next_forced(&mut self, level: usize) -> Option<Node> {
        if self.forced_slot != level {
            return None;
        }
        match by_planes!(self.t.planes, P => self.next_listed::<P>(level, false)) {
            Listed::Nothing => None,
            Listed::DeadEnd => Some(Node::DeadEnd),
            Listed::One(item, option) | Listed::ThenDeadEnd(item, option) => {
                self.taken = option;
                Some(Node::Branch { item, degree: 1 })
            }
            Listed::Two((item, option), _) => {
                self.taken = option;
                Some(Node::Branch { item, degree: 1 })
            }
        }
    }

    /// [`Slots::listed`](crate::bits::Slots::listed) at a `level` with a
    /// list: the next listed item still uncovered and its option (a dead
    /// end if it has none left), and if `two`, the next listed after it
    /// unless the first's option covers it: the item `next_forced` gives
    /// after the first move, with the option it then has — its own if the
    /// first's does not kill it, else none (the next node is a dead end).
    #[inline(always)]
    pub(super) fn next_listed<const P: usize>(&mut self, level: usize, two: bool) -> Listed {
        let (t, planes) = (self.t, planes::<P>(self.t));
        let base = level * t.words;
        let left = |s: &Self, g: usize| s.forced[g] & s.state[base + (g + 1) * planes - 1];
        let mut g = self.forced_group;
        let mut first = 0;
        while g < t.groups {
            first = left(self, g);
            if first != 0 {
                break;
            }
            g += 1;
        }
        if first == 0 {
            self.forced_slot = usize::MAX;
            return Listed::Nothing;
        }
        let i = g * 64 + first.trailing_zeros() as usize;
        let rest = first & (first - 1);
        (self.forced[g], self.forced_group) = (rest, g);
        let live_i = self.fresh_live_slots::<P>(level, i);
        if live_i == 0 {
            return Listed::DeadEnd;
        }
        let a = t.first_live(i, live_i);
        let one = Listed::One(i as u32, a);
        if !two {
            return one;
        }
        let (mut h, mut second) = (g, rest);
        while second == 0 {
            h += 1;
            if h >= t.groups {
                return one;
            }
            second = left(self, h);
        }
        let j = h * 64 + second.trailing_zeros() as usize;
        let live_j = self.fresh_live_slots::<P>(level, j);
        let b = t.first_live(j, live_j);
        if a == b {
            // `a` covers `j`: `next_forced` would pass it by.
            return one;
        }
        // `b`'s bit for item `j`, in the mask `a` clears: if there, `a`
        // kills `b`, and `j` is left with none (as it is if it has none).
        let bit = (j / 64 * planes + live_j.trailing_zeros() as usize) * 64 + j % 64;
        let killed = live_j == 0 || t.table[a as usize * t.words + bit / 64] >> (bit % 64) & 1 != 0;
        (self.forced[h], self.forced_group) = (second & (second - 1), h);
        if killed {
            Listed::ThenDeadEnd(i as u32, a)
        } else {
            Listed::Two((i as u32, a), (j as u32, b))
        }
    }
}
