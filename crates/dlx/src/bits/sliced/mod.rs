//! [`Sliced`]: the state bit-sliced by item, for problems small enough for
//! a table of one slot per option (a 9x9 sudoku, n queens).
//!
//! Primary item `i`'s options are numbered by *slot*, `0..degree(i)`, in
//! option order. A state slot holds, for each group of 64 primary items,
//! one word per option slot (*plane*) — bit `i % 64` of plane `j` says
//! whether item `i`'s `j`-th option is alive — and one more word marking
//! the items not yet covered. An option lives in several planes, once per
//! primary item it has.
//!
//! Choosing option `o` clears `table[o]` from the slot: the bits of every
//! option that shares an item with `o` (so `o`'s own items lose all their
//! options) and the uncovered bits of `o`'s items. That is a fixed run of
//! `and-not`s (vector instructions) with no branch on the data, however
//! many options die. A *scan* adds the planes of each group up, bit-sliced
//! (`twos |= ones & x; ones |= x`), and so finds at once the uncovered
//! items with no option left (a dead end) and those with one (forced
//! moves); only where the search branches does it add the planes up into
//! counts, bit-sliced too, to find the fewest, and (for the tie-break)
//! spread them into one small integer per item with BMI2's `pdep`.
//! Without dominance a scan follows every choice, and the search is
//! Algorithm X node for node: the same tree as [`Counted`](super::Counted),
//! in the same order, under every [`Heuristic`] (property-tested). Under
//! dominance the items a scan finds with one option are taken one after
//! another with no scan between them (each checked first: a move since may
//! have covered it, or killed its last option — a dead end), two at a time
//! with one clear where neither touches the other's item (`Slots::listed`),
//! and the next scan comes when none is left: forced moves in bulk, with
//! the same branches and solutions. Dominance itself checks the same items
//! in the same order as `Counted` does, sixteen at a time, so both forms
//! reach the same state where they branch.
//!
//! The loops over the planes are monomorphized for the plane counts that
//! occur most (`by_planes!`). The engine does not count updates: options
//! die in bulk, unseen one by one.

mod dominance;
mod matrix;

use dominance::{NO_PAIRS, PlanePairs};
pub(crate) use matrix::SliceMatrix;

use super::dominance::{DOMINANCE_MAX, Pairs};
use super::{BitMatrix, NONE, Slots};
use crate::config::{Heuristic, Propagation, TieBreak};
use crate::error::{Error, ErrorKind};
use crate::fast::Bmi2;
use crate::id::OptionId;

/// The most options a primary item may have here.
const MAX_DEGREE: usize = 64;

/// Slots are cleared and copied this many words at a time, from their
/// start (a slot's words are a multiple of it): whole vectors, with no
/// checks for overlap or odd words at the end, and the same stores every
/// time (see the invariant in ARCHITECTURE.md).
pub(super) const CHUNK: usize = 16;

/// Chunk `c` of `words`, copied out.
#[inline(always)]
fn chunk(words: &[u64], c: usize) -> [u64; CHUNK] {
    words[c * CHUNK..(c + 1) * CHUNK].try_into().expect("a whole chunk")
}

/// `x` without the bits of chunk `c` of `row`.
#[inline(always)]
fn and_not(mut x: [u64; CHUNK], row: &[u64], c: usize) -> [u64; CHUNK] {
    for (x, k) in x.iter_mut().zip(chunk(row, c)) {
        *x &= !k;
    }
    x
}

/// The most bits a count takes (of at most [`MAX_DEGREE`]).
const MAX_COUNT_BITS: usize = 7;

/// Runs `$body` with `$p` a constant: the number of planes per group, for
/// the counts that occur most (a 9x9 sudoku's 10), else 0 (any number).
/// Loops of fixed length, unrolled, are measurably faster.
macro_rules! by_planes {
    ($planes:expr, $p:ident => $body:expr) => {
        match $planes {
            5 => {
                const $p: usize = 5;
                $body
            }
            7 => {
                const $p: usize = 7;
                $body
            }
            9 => {
                const $p: usize = 9;
                $body
            }
            10 => {
                const $p: usize = 10;
                $body
            }
            13 => {
                const $p: usize = 13;
                $body
            }
            17 => {
                const $p: usize = 17;
                $body
            }
            _ => {
                const $p: usize = 0;
                $body
            }
        }
    };
}

/// The planes per group: `P`, or the matrix's if `P` is 0.
#[inline(always)]
fn planes<const P: usize>(t: &SliceMatrix) -> usize {
    if P == 0 { t.planes } else { P }
}

/// The bits of a count in [`Sliced::lanes`]: 4 where `P` is known and
/// counts stay below 16 (a 9x9 sudoku's), else 8.
#[inline(always)]
const fn lane_bits<const P: usize>() -> usize {
    if P != 0 && P <= 16 { 4 } else { 8 }
}

/// Bit `k` of `x` moved to bit `W * k`, for the `64 / W` low bits of `x`
/// (`W` is 4 or 8), with shifts and masks: what BMI2's `pdep` does in one
/// instruction, for CPUs without it.
#[inline(always)]
fn spread<const W: usize>(x: u64) -> u64 {
    if W == 4 {
        let x = x & 0xFFFF;
        let x = (x | x << 24) & 0x0000_00FF_0000_00FF;
        let x = (x | x << 12) & 0x000F_000F_000F_000F;
        let x = (x | x << 6) & 0x0303_0303_0303_0303;
        (x | x << 3) & 0x1111_1111_1111_1111
    } else {
        let x = x & 0xFF;
        let x = (x | x << 28) & 0x0000_000F_0000_000F;
        let x = (x | x << 14) & 0x0003_0003_0003_0003;
        (x | x << 7) & 0x0101_0101_0101_0101
    }
}

/// The bits a count takes: enough for `P - 1`, or the matrix's if `P` is 0.
#[inline(always)]
fn count_bits<const P: usize>(t: &SliceMatrix) -> usize {
    if P == 0 { t.count_bits } else { (usize::BITS - (P - 1).leading_zeros()) as usize }
}

// The dominance pass (`dominance.rs`) looks for items with exactly two
// options.
const _: () = assert!(DOMINANCE_MAX == 2);

/// Which bits are set in at least one word of `x`, and in at least two.
/// With the number of planes `P` known (not 0), added up as a tree, which
/// the compiler unrolls: fewer values live at once than in a running sum
/// (no spills to the stack), and independent halves.
#[inline(always)]
fn ones_twos<const P: usize>(x: &[u64]) -> (u64, u64) {
    if P == 0 {
        let (mut ones, mut twos) = (0, 0);
        for &x in x {
            twos |= ones & x;
            ones |= x;
        }
        return (ones, twos);
    }
    // Two planes side by side, as `[u64; 2]` lanes, added up as a tree,
    // then the two halves, then an odd plane left over. Measured against a
    // tree of single words: 2% fewer instructions, forum sample +3-5%,
    // 17-clue +0.5-1% (`--example speed`, 15 interleaved rounds).
    let or = |a: [u64; 2], b: [u64; 2]| [a[0] | b[0], a[1] | b[1]];
    let and = |a: [u64; 2], b: [u64; 2]| [a[0] & b[0], a[1] & b[1]];
    let mut n = x.len() / 2;
    let (mut ones, mut twos) = ([[0u64; 2]; MAX_DEGREE / 2], [[0u64; 2]; MAX_DEGREE / 2]);
    for (k, o) in ones[..n].iter_mut().enumerate() {
        *o = [x[2 * k], x[2 * k + 1]];
    }
    while n > 1 {
        let half = n / 2;
        for k in 0..half {
            let (a, b) = (ones[2 * k], ones[2 * k + 1]);
            twos[k] = or(or(twos[2 * k], twos[2 * k + 1]), and(a, b));
            ones[k] = or(a, b);
        }
        if n % 2 == 1 {
            ones[half] = ones[n - 1];
            twos[half] = twos[n - 1];
        }
        n = half + n % 2;
    }
    let [a, b] = ones[0];
    let (mut ones, mut twos) = (a | b, twos[0][0] | twos[0][1] | (a & b));
    if x.len() % 2 == 1 {
        let x = x[x.len() - 1];
        twos |= ones & x;
        ones |= x;
    }
    (ones, twos)
}

/// What a pass over a slot found.
#[derive(Debug, Clone, Copy)]
struct Scan {
    /// Whether any primary item is uncovered.
    open: bool,
    /// The first uncovered item with no option left, or [`NONE`].
    empty: u32,
    /// The first item with exactly one option left, or [`NONE`].
    single: u32,
}

/// The state of every level, bit-sliced by item.
#[derive(Debug, Clone)]
pub(crate) struct Sliced<'p> {
    m: &'p BitMatrix,
    t: &'p SliceMatrix,
    heuristic: Heuristic,
    /// See [`Slots::root`].
    root: usize,
    /// The pair table, under dominance.
    pairs: Option<&'p Pairs>,
    /// Its form on the planes (empty without dominance).
    planes_pairs: &'p PlanePairs,
    /// Level `l`'s slot: `state[l * words..(l + 1) * words]`.
    state: Vec<u64>,
    /// Under dominance, the root slot at its last dominance pass, sixteen
    /// items at a time (as `Counted` keeps counts).
    seen: Vec<u64>,
    /// The scan made by the last `apply`, and its slot: the next node's.
    scan: Option<(usize, Scan)>,
    /// Whether forced moves are made in bulk (under dominance, with the
    /// fewest-options rules): see the module docs.
    bulk: bool,
    /// In bulk, the slot whose last scan `forced` holds, or `usize::MAX`.
    forced_slot: usize,
    /// In bulk, per group of 64 primary items, the items the last scan of
    /// `forced_slot` found with one option and not yet taken.
    forced: Vec<u64>,
    /// In bulk, the first group whose list `forced` may not be empty.
    forced_group: usize,
    /// The option of the last item `next_forced` returned, if it has one:
    /// the next `first_option`.
    taken: u32,
    /// Scratch: the counts of a slot, bit-sliced, per group of 64 items
    /// (`count_bits` words used).
    counts: Vec<[u64; MAX_COUNT_BITS]>,
    /// Scratch, for the tie-break: the same counts one per item, in lanes
    /// of [`lane_bits`] bits (item `i`'s at bit `i * lane_bits`), so that
    /// each takes one look-up.
    lanes: Vec<u64>,
    /// BMI2, if the CPU has it (for [`spread`]).
    bmi2: Option<Bmi2>,
    /// Scratch: slot 0 while `choose_all` may fail.
    backup: Vec<u64>,
}

impl<'p> Sliced<'p> {
    /// The sliced engine for a problem, if its table is small enough.
    pub(crate) fn new(
        m: &'p BitMatrix,
        heuristic: Heuristic,
        propagation: Propagation,
    ) -> Option<Sliced<'p>> {
        let t = m.sliced()?;
        let pairs = if propagation == Propagation::Dominance { m.pairs() } else { None };
        let planes_pairs = pairs.map_or(&NO_PAIRS, |p| t.plane_pairs(m, p));
        Some(Sliced {
            m,
            t,
            heuristic,
            root: usize::from(pairs.is_some()),
            pairs,
            planes_pairs,
            state: t.initial.clone(),
            seen: vec![0; t.words],
            scan: None,
            bulk: pairs.is_some() && heuristic != Heuristic::First,
            forced_slot: usize::MAX,
            forced: vec![0; t.groups],
            forced_group: 0,
            taken: NONE,
            // One more group of zeros: the counts of the padding of short
            // options.
            counts: vec![[0; MAX_COUNT_BITS]; (m.stride / 64 + 1).max(t.groups)],
            lanes: vec![0; 8 * (m.stride / 64 + 1).max(t.groups)],
            bmi2: Bmi2::detect(),
            backup: Vec::new(),
        })
    }

    /// Clears `mask` from slot `level` (nothing if `None`) and scans it.
    #[inline(always)]
    fn sweep(&mut self, level: usize, mask: Option<usize>) -> Scan {
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

    /// Clears option `o`'s mask from slot `level`, without a scan.
    #[inline(always)]
    fn clear(&mut self, level: usize, o: usize) {
        let words = self.t.words;
        let slot = &mut self.state[level * words..(level + 1) * words];
        let row = &self.t.table[o * words..(o + 1) * words];
        for c in 0..words / CHUNK {
            let y = and_not(chunk(slot, c), row, c);
            slot[c * CHUNK..(c + 1) * CHUNK].copy_from_slice(&y);
        }
    }

    /// Copies slot `level - 1` into slot `level` (making room for it) and
    /// clears option `o`'s mask from the copy, if any, a [`CHUNK`] at a
    /// time as [`clear`](Self::clear) does (the slot was just written
    /// so; a copy in other sizes would wait on the stores).
    #[inline(always)]
    fn copy_clear(&mut self, level: usize, o: Option<usize>) {
        if self.forced_slot >= level {
            self.forced_slot = usize::MAX;
        }
        let words = self.t.words;
        if self.state.len() < (level + 1) * words {
            self.state.resize((level + 1) * words, 0);
        }
        let (before, after) = self.state.split_at_mut(level * words);
        let (from, to) = (&before[(level - 1) * words..], &mut after[..words]);
        let row = o.map(|o| &self.t.table[o * words..(o + 1) * words]);
        for c in 0..words / CHUNK {
            let y = chunk(from, c);
            let y = row.map_or(y, |row| and_not(y, row, c));
            to[c * CHUNK..(c + 1) * CHUNK].copy_from_slice(&y);
        }
    }

    /// Whether option `o` is alive at slot `level`.
    #[inline(always)]
    fn alive(&self, level: usize, o: usize) -> bool {
        let b = self.t.bits_of(o)[0] as usize + level * self.t.words * 64;
        self.state[b / 64] >> (b % 64) & 1 != 0
    }

    /// Item `i`'s live options at slot `level`, by slot, all planes at
    /// once (the compiler vectorizes this).
    #[inline(always)]
    fn live_slots<const P: usize>(&self, level: usize, i: usize) -> u64 {
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
    fn fresh_live_slots<const P: usize>(&self, level: usize, i: usize) -> u64 {
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

    /// Adds up the planes of slot `level` into `counts`, bit-sliced.
    #[inline(always)]
    fn add_up<const P: usize>(&mut self, level: usize) {
        let t = self.t;
        let (planes, cb) = (planes::<P>(t), count_bits::<P>(t));
        let slot = &self.state[level * t.words..level * t.words + t.groups * planes];
        for (c, out) in slot.chunks_exact(planes).zip(&mut self.counts) {
            let mut sum = [0u64; MAX_COUNT_BITS];
            for &x in &c[..planes - 1] {
                let mut carry = x;
                for s in &mut sum[..cb] {
                    let next = *s & carry;
                    *s ^= carry;
                    carry = next;
                }
            }
            *out = sum;
        }
    }

    /// The uncovered items of group `g` whose count (after `add_up`) is `k`.
    #[inline(always)]
    fn equal<const P: usize>(&self, level: usize, g: usize, k: u32) -> u64 {
        let t = self.t;
        let (planes, cb) = (planes::<P>(t), count_bits::<P>(t));
        let mut eq = self.state[level * t.words + (g + 1) * planes - 1];
        for (b, &s) in self.counts[g][..cb].iter().enumerate() {
            eq &= if k >> b & 1 != 0 { s } else { !s };
        }
        eq
    }

    /// Turns the counts of `add_up` into [`lanes`](Self::lanes).
    #[inline(always)]
    fn fill_lanes<const P: usize>(&mut self) {
        let w = lane_bits::<P>();
        match self.bmi2 {
            Some(bmi2) => self.fill_lanes_by::<P>(|x| bmi2.deposit(x, u64::MAX / ((1 << w) - 1))),
            None => self.fill_lanes_portable::<P>(),
        }
    }

    /// [`fill_lanes`](Self::fill_lanes) without BMI2: kept out of the search
    /// loop's code, which it would only crowd.
    #[cold]
    #[inline(never)]
    fn fill_lanes_portable<const P: usize>(&mut self) {
        if lane_bits::<P>() == 4 {
            self.fill_lanes_by::<P>(spread::<4>);
        } else {
            self.fill_lanes_by::<P>(spread::<8>);
        }
    }

    /// [`fill_lanes`](Self::fill_lanes), with `spread` moving bit `k` of a
    /// word to bit `k * lane_bits`.
    #[inline(always)]
    fn fill_lanes_by<const P: usize>(&mut self, spread: impl Fn(u64) -> u64) {
        let (cb, w) = (count_bits::<P>(self.t), lane_bits::<P>());
        for (sum, out) in self.counts[..self.t.groups].iter().zip(self.lanes.chunks_exact_mut(w)) {
            // Word `k` of the group's lanes holds items `k * 64 / w..`.
            for (k, out) in out.iter_mut().enumerate() {
                let mut n = 0;
                for (b, &s) in sum[..cb].iter().enumerate() {
                    n |= spread(s >> (k * 64 / w)) << b;
                }
                *out = n;
            }
        }
    }

    /// Item `i`'s count, after `fill_lanes`.
    #[inline(always)]
    fn count_of<const P: usize>(&self, i: usize) -> u32 {
        let bit = i * lane_bits::<P>();
        (self.lanes[bit / 64] >> (bit % 64)) as u32 & ((1 << lane_bits::<P>()) - 1)
    }

    /// Item `i`'s number of live options at slot `level`.
    #[inline(always)]
    fn degree(&self, level: usize, i: usize) -> u32 {
        self.live_slots::<0>(level, i).count_ones()
    }

    /// In bulk, makes the last scan's list of items with one option (in
    /// `forced`; `single`, the first of them) the list of slot `level`.
    #[inline(always)]
    fn keep_list(&mut self, level: usize, single: u32) {
        self.forced_slot = level;
        self.forced_group = single as usize / 64;
    }

    /// In bulk, the next item of the last scan's list of forced moves at
    /// `level` that is still uncovered, and its number of options (one, or
    /// none if a move since killed it: a dead end).
    #[inline(always)]
    fn next_forced(&mut self, level: usize) -> Option<(u32, u32)> {
        if self.forced_slot != level {
            return None;
        }
        let [(item, option), _] =
            by_planes!(self.t.planes, P => self.next_listed::<P>(level, false))?;
        self.taken = option;
        Some((item, u32::from(option != NONE)))
    }

    /// [`Slots::listed`] at a `level` with a list: the next listed item
    /// still uncovered and its option ([`NONE`] if it has none left), and
    /// if `two`, the next listed after it unless the first's option covers
    /// it (then `(NONE, NONE)`): the item `next_forced` gives after the
    /// first move, with the option it then has — its own if the first's
    /// does not kill it, else [`NONE`].
    #[inline(always)]
    fn next_listed<const P: usize>(&mut self, level: usize, two: bool) -> Option<[(u32, u32); 2]> {
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
            return None;
        }
        let i = g * 64 + first.trailing_zeros() as usize;
        let rest = first & (first - 1);
        (self.forced[g], self.forced_group) = (rest, g);
        let live_i = self.fresh_live_slots::<P>(level, i);
        // No option (a dead end) or the one.
        let a = t.first_live(i, live_i);
        let one = [(i as u32, a), (NONE, NONE)];
        if !two || live_i == 0 {
            return Some(one);
        }
        let (mut h, mut second) = (g, rest);
        while second == 0 {
            h += 1;
            if h >= t.groups {
                return Some(one);
            }
            second = left(self, h);
        }
        let j = h * 64 + second.trailing_zeros() as usize;
        let live_j = self.fresh_live_slots::<P>(level, j);
        let b = t.first_live(j, live_j);
        if a == b {
            // `a` covers `j`: `next_forced` would pass it by.
            return Some(one);
        }
        // `b`'s bit for item `j`, in the mask `a` clears: if there, `a`
        // kills `b`, and `j` is left with none (as it is if it has none).
        let bit = (j / 64 * planes + live_j.trailing_zeros() as usize) * 64 + j % 64;
        let killed = live_j == 0 || t.table[a as usize * t.words + bit / 64] >> (bit % 64) & 1 != 0;
        (self.forced[h], self.forced_group) = (second & (second - 1), h);
        Some([(i as u32, a), (j as u32, if killed { NONE } else { b })])
    }

    /// The item to branch on at `level`, where every uncovered item has two
    /// options or more, and its number of options.
    #[inline(always)]
    fn branch_item<const P: usize>(&mut self, level: usize) -> (u32, u32) {
        self.add_up::<P>(level);
        let t = self.t;
        for k in 2..planes::<P>(t) as u32 {
            for g in 0..t.groups {
                let eq = self.equal::<P>(level, g, k);
                if eq != 0 {
                    let first = g * 64 + eq.trailing_zeros() as usize;
                    let item = if self.heuristic == Heuristic::MinimumRemainingMostRemoved {
                        self.most_removed::<P>(level, first, k)
                    } else {
                        first
                    };
                    return (item as u32, k);
                }
            }
        }
        unreachable!("an uncovered item has at most `degree` options")
    }

    /// As `Counted::most_removed`, from the counts of `add_up` (in lanes).
    #[inline(always)]
    fn most_removed<const P: usize>(&mut self, level: usize, first: usize, k: u32) -> usize {
        self.fill_lanes::<P>();
        let (m, t) = (self.m, self.t);
        let mut tie = TieBreak::new(first);
        for g in first / 64..t.groups {
            let mut eq = self.equal::<P>(level, g, k);
            if g == first / 64 {
                eq &= !0 << (first % 64);
            }
            while eq != 0 {
                let i = g * 64 + eq.trailing_zeros() as usize;
                eq &= eq - 1;
                let mut score = 0;
                let mut live = self.live_slots::<P>(level, i);
                while live != 0 {
                    let q = t.first_live(i, live) as usize;
                    live &= live - 1;
                    // The padding of short options (index `stride`) counts 0.
                    for &j in m.primaries_of(q) {
                        score += self.count_of::<P>(j as usize);
                    }
                }
                if tie.offer(i, score) {
                    return tie.item();
                }
            }
        }
        tie.item()
    }

    /// Checks that `option` exists and is alive in slot 0.
    fn check(&self, option: OptionId) -> Result<usize, Error> {
        let o = option.index();
        if o + 1 >= self.t.bits_start.len() {
            return Err(Error::new(ErrorKind::OutOfRange("option", o)));
        }
        if !self.alive(0, o) {
            return Err(Error::new(ErrorKind::Conflict { option: o }));
        }
        Ok(o)
    }
}

impl Slots for Sliced<'_> {
    const AVX2: bool = true;

    fn root(&self) -> usize {
        self.root
    }

    fn enter_root(&mut self) {
        if self.root == 1 {
            self.push_level(1);
            // Everything counts as changed for the first pass.
            self.seen.fill(0);
        }
    }

    fn reset(&mut self) {
        self.state[..self.t.words].copy_from_slice(&self.t.initial);
        self.scan = None;
        self.forced_slot = usize::MAX;
    }

    fn choose(&mut self, option: OptionId) -> Result<(), Error> {
        let o = self.check(option)?;
        self.clear(0, o);
        self.scan = None;
        self.forced_slot = usize::MAX;
        Ok(())
    }

    #[inline(always)]
    fn choose_all(&mut self, options: &[OptionId]) -> Result<(), Error> {
        let words = self.t.words;
        self.backup.clear();
        self.backup.extend_from_slice(&self.state[..words]);
        self.scan = None;
        self.forced_slot = usize::MAX;
        for &option in options {
            match self.check(option) {
                // The search scans slot 0 once, when it starts.
                Ok(o) => self.clear(0, o),
                Err(e) => {
                    self.state[..words].copy_from_slice(&self.backup);
                    return Err(e);
                }
            }
        }
        Ok(())
    }

    #[inline(always)]
    fn choose_item(&mut self, level: usize) -> Option<(u32, u32)> {
        self.taken = NONE;
        if self.bulk {
            if let Some(pick) = self.next_forced(level) {
                return Some(pick);
            }
        }
        let scan = match self.scan.take() {
            Some((l, scan)) if l == level => scan,
            _ => self.sweep(level, None),
        };
        if !scan.open {
            return None;
        }
        if self.heuristic == Heuristic::First {
            let t = self.t;
            let slot = &self.state[level * t.words..level * t.words + t.groups * t.planes];
            let uncovered = slot.chunks_exact(t.planes).map(|c| c[t.planes - 1]);
            let (g, u) = uncovered.enumerate().find(|&(_, u)| u != 0)?;
            let i = g * 64 + u.trailing_zeros() as usize;
            return Some((i as u32, self.degree(level, i)));
        }
        if scan.empty != NONE {
            return Some((scan.empty, 0));
        }
        if scan.single != NONE {
            if self.bulk {
                // The other items with one option are taken next, without
                // a scan each.
                let i = scan.single as usize;
                self.forced[i / 64] &= !(1 << (i % 64));
                self.keep_list(level, scan.single);
            }
            return Some((scan.single, 1));
        }
        Some(by_planes!(self.t.planes, P => self.branch_item::<P>(level)))
    }

    #[inline(always)]
    fn dominate(&mut self, level: usize) -> bool {
        match self.pairs {
            Some(pairs) => by_planes!(self.t.planes, P => self.dominance::<P>(pairs, level)),
            None => false,
        }
    }

    #[inline(always)]
    fn listed(&mut self, level: usize, two: bool) -> Option<[(u32, u32); 2]> {
        if !self.bulk {
            return None;
        }
        if self.forced_slot != level {
            // No list: the scan `choose_item` would make first, made here
            // (and kept for it if the search is to branch or is done), so
            // that the first move it lists pairs with the next too.
            let scan = self.sweep(level, None);
            if scan.empty != NONE {
                return Some([(scan.empty, NONE), (NONE, NONE)]);
            }
            if scan.single == NONE {
                self.scan = Some((level, scan));
                return None;
            }
            self.keep_list(level, scan.single);
        }
        by_planes!(self.t.planes, P => self.next_listed::<P>(level, two))
    }

    #[inline(always)]
    fn apply_pair(&mut self, level: usize, a: usize, b: usize) {
        // One pass: both rows (bulk moves only: no scan).
        let words = self.t.words;
        let slot = &mut self.state[level * words..(level + 1) * words];
        let (ra, rb) =
            (&self.t.table[a * words..(a + 1) * words], &self.t.table[b * words..(b + 1) * words]);
        for c in 0..words / CHUNK {
            let y = and_not(and_not(chunk(slot, c), ra, c), rb, c);
            slot[c * CHUNK..(c + 1) * CHUNK].copy_from_slice(&y);
        }
    }

    #[inline(always)]
    fn first_option(&self, level: usize, item: u32) -> u32 {
        if self.taken != NONE {
            return self.taken;
        }
        // No loop that stops at the option: gathering the item's bits is
        // a fixed run of shifts, and where it stops would mispredict.
        let i = item as usize;
        let live = by_planes!(self.t.planes, P => self.fresh_live_slots::<P>(level, i));
        self.t.first_live(i, live)
    }

    #[inline(always)]
    fn next_option(&self, level: usize, item: u32, after: u32) -> u32 {
        let i = item as usize;
        let mut live = self.live_slots::<0>(level, i);
        if after != NONE {
            // The padding (`NONE`) sorts after every option.
            let from = self.t.slot_options_of(i).partition_point(|&q| q <= after);
            live &= u64::MAX.checked_shl(from as u32).unwrap_or(0);
        }
        self.t.first_live(i, live)
    }

    #[inline(always)]
    fn push_level(&mut self, level: usize) {
        self.copy_clear(level, None);
    }

    #[inline(always)]
    fn branch(&mut self, level: usize, o: usize) {
        if self.bulk {
            // One pass: the copy and the clear.
            self.copy_clear(level, Some(o));
        } else {
            self.copy_clear(level, None);
            self.apply(level, o);
        }
    }

    #[inline(always)]
    fn apply(&mut self, level: usize, o: usize) {
        if self.bulk {
            // The next node takes the forced moves of the last scan first.
            self.clear(level, o);
        } else {
            let scan = self.sweep(level, Some(o));
            self.scan = Some((level, scan));
        }
    }

    fn updates(&self) -> u64 {
        0
    }

    fn clear_updates(&mut self) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bit `k` of `x` at bit `w * k`, one bit at a time.
    fn spread_slowly(x: u64, w: usize) -> u64 {
        (0..64 / w).map(|k| (x >> k & 1) << (w * k)).fold(0, |a, b| a | b)
    }

    #[test]
    fn spread_matches_a_plain_loop_and_pdep() {
        let bmi2 = Bmi2::detect();
        // Every 16-bit value (a sample under Miri, which is slow).
        for x in (0..1u64 << 16).step_by(if cfg!(miri) { 257 } else { 1 }) {
            // High bits past the lanes are ignored.
            let x = x | 0xDEAD_0000_0000_0000;
            assert_eq!(spread::<4>(x), spread_slowly(x, 4), "{x:#x}");
            assert_eq!(spread::<8>(x), spread_slowly(x, 8), "{x:#x}");
            if let Some(bmi2) = bmi2 {
                assert_eq!(bmi2.deposit(x, u64::MAX / 15), spread::<4>(x));
                assert_eq!(bmi2.deposit(x, u64::MAX / 255), spread::<8>(x));
            }
        }
    }
}
