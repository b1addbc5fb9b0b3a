//! [`Levels`]: the bounded engine's state, one slot per level of the
//! search: the live options as a bitset and each primary item's bound left.

use super::matrix::BoundedMatrix;
use crate::engine::Node;

/// The state of every level of the search, one slot per level, with `W`
/// words of live options a slot (0: `m.words`, known at run time). Slot 0
/// holds the options forced with `choose`; the search starts from a copy
/// of it in slot 1 and never changes it.
#[derive(Debug, Clone)]
pub(super) struct Levels<'p, const W: usize> {
    pub(super) m: &'p BoundedMatrix,
    /// The live options of each slot, `W` words a slot.
    alive: Vec<u64>,
    /// How many more options each primary item may take, per slot
    /// (`m.primaries` a slot): Knuth's `BOUND`. 0 means the item takes no
    /// more (it is covered, or the search chose to give it no more), and
    /// then none of its options is alive.
    bound: Vec<u16>,
    /// The primary items whose bound is not 0, per slot, as a bitset of
    /// `open_words` words: the item choice visits these alone.
    open: Vec<u64>,
    open_words: usize,
    /// Per slot and primary item, the part of its choice key that depends
    /// on its bound alone ([`key_base`]), kept with the bound.
    keys: Vec<u64>,
    /// Whether [`choose_item`](Self::choose_item) makes bounds canonical
    /// (counts with a table of counted subtrees).
    canon: bool,
}

impl<'p, const W: usize> Levels<'p, W> {
    /// Slot 0 with nothing forced; bounds made canonical if `canon`.
    pub(super) fn new(m: &'p BoundedMatrix, canon: bool) -> Levels<'p, W> {
        debug_assert!(W == 0 || W == m.words);
        let open_words = m.primaries.div_ceil(64);
        let (alive, bound, open, keys) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let mut levels = Levels { m, alive, bound, open, open_words, keys, canon };
        levels.reset();
        levels
    }

    /// Words of live options per slot.
    #[inline(always)]
    fn words(&self) -> usize {
        if W > 0 { W } else { self.m.words }
    }

    /// Forgets the forced options.
    pub(super) fn reset(&mut self) {
        self.alive.clear();
        self.alive.extend_from_slice(&self.m.initial_alive);
        self.bound.clear();
        self.bound.extend_from_slice(&self.m.hi);
        self.open.clear();
        self.open.resize(self.open_words, 0);
        self.keys.clear();
        self.keys.extend(self.m.hi.iter().zip(&self.m.slack).map(|(&b, &s)| key_base(b, s)));
        for (i, &b) in self.m.hi.iter().enumerate() {
            if b > 0 {
                self.open[i / 64] |= 1 << (i % 64);
            }
        }
    }

    /// Primary item `i`'s bound at slot `level` is now 0.
    #[inline(always)]
    fn shut(&mut self, level: usize, i: usize) {
        self.open[level * self.open_words + i / 64] &= !(1 << (i % 64));
    }

    /// Makes room for slot `level` and copies slot `level - 1` into it.
    #[inline(always)]
    pub(super) fn push_level(&mut self, level: usize) {
        let (w, p) = (self.words(), self.m.primaries);
        if self.alive.len() < (level + 1) * w {
            self.alive.resize((level + 1) * w, 0);
            self.bound.resize((level + 1) * p, 0);
            self.open.resize((level + 1) * self.open_words, 0);
            self.keys.resize((level + 1) * p, 0);
        }
        let (done, next) = self.alive.split_at_mut(level * w);
        next[..w].copy_from_slice(&done[(level - 1) * w..]);
        let (done, next) = self.bound.split_at_mut(level * p);
        next[..p].copy_from_slice(&done[(level - 1) * p..]);
        let (done, next) = self.keys.split_at_mut(level * p);
        next[..p].copy_from_slice(&done[(level - 1) * p..]);
        let ow = self.open_words;
        let (done, next) = self.open.split_at_mut(level * ow);
        next[..ow].copy_from_slice(&done[(level - 1) * ow..]);
    }

    /// The live options of slot `level`.
    #[inline(always)]
    fn alive(&self, level: usize) -> &[u64] {
        let w = self.words();
        &self.alive[level * w..(level + 1) * w]
    }

    /// The state of slot `level`: its live options and bounds left.
    #[inline(always)]
    pub(super) fn state(&self, level: usize) -> (&[u64], &[u16]) {
        let p = self.m.primaries;
        (self.alive(level), &self.bound[level * p..(level + 1) * p])
    }

    /// Whether option `o` is alive at slot `level`.
    pub(super) fn is_alive(&self, level: usize, o: usize) -> bool {
        self.alive(level)[o / 64] >> (o % 64) & 1 != 0
    }

    /// Kills the options of mask `k` at slot `level`.
    #[inline(always)]
    fn kill_mask(&mut self, level: usize, k: usize) {
        let w = self.words();
        let mask = self.m.mask::<W>(k);
        let alive = &mut self.alive[level * w..(level + 1) * w];
        for (a, &m) in alive.iter_mut().zip(mask) {
            *a &= !m;
        }
    }

    /// Kills option `o` at slot `level` (it is alive): a tweak.
    #[inline(always)]
    pub(super) fn kill(&mut self, level: usize, o: usize) {
        let w = self.words();
        self.alive[level * w + o / 64] &= !(1 << (o % 64));
    }

    /// Primary item `i` takes one more option at slot `level`; at its
    /// upper bound, its options die.
    #[inline(always)]
    pub(super) fn take(&mut self, level: usize, i: usize) {
        let at = level * self.m.primaries + i;
        let b = &mut self.bound[at];
        *b -= 1;
        if *b == 0 {
            self.shut(level, i);
            self.kill_mask(level, i);
        } else {
            self.keys[at] = key_base(*b, self.m.slack[i]);
        }
    }

    /// Primary item `i` takes no more options at slot `level` (its lower
    /// bound is met): Algorithm M's null move.
    #[inline(always)]
    pub(super) fn close(&mut self, level: usize, i: usize) {
        self.bound[level * self.m.primaries + i] = 0;
        self.shut(level, i);
        self.kill_mask(level, i);
    }

    /// Commits option `o` (alive) at slot `level`: kills it, and each of
    /// its primary items takes it (the item branched on too: the order of
    /// the takes does not matter, and a test to skip it was a branch
    /// missed often).
    #[inline(always)]
    pub(super) fn commit(&mut self, level: usize, o: usize) {
        self.kill(level, o);
        let m = self.m;
        for &j in m.primaries_of(o) {
            self.take(level, j as usize);
        }
        for &k in m.kills_of(o) {
            self.kill_mask(level, k as usize);
        }
    }

    /// The first live option of primary item `i` at slot `level`; `u32::MAX`
    /// if none.
    #[inline(always)]
    pub(super) fn first_option(&self, level: usize, i: u32) -> u32 {
        let alive = self.alive(level);
        let mask = self.m.mask::<W>(i as usize);
        for (k, (&a, &m)) in alive.iter().zip(mask).enumerate() {
            let live = a & m;
            if live != 0 {
                return k as u32 * 64 + live.trailing_zeros();
            }
        }
        u32::MAX
    }

    /// The item to branch on at slot `level` and its number of branches,
    /// by Knuth's rule for Algorithm M (as dancing links choose it: the
    /// smallest branching degree `len + s - bound + 1`, `s = min(bound,
    /// slack)`; ties to the smaller `s`, then the larger bound, then the
    /// first item), or with `first` the first item that takes more; a
    /// solution when no item does. With it, whether the item is the only
    /// one that may take more (not looked at with `first`, nor at a dead
    /// end).
    ///
    /// With `canon` it makes the slot's bounds canonical on the way: an
    /// item that needs no more options (`bound <= slack`) and has fewer
    /// live options than its bound takes their number as its bound, 0 if
    /// none (it is then done, with no null move of its own). The solutions
    /// below are the same, and so are the branching degrees; slots that
    /// differed only there become one state for the table of counted
    /// subtrees. The tree is then Algorithm M's without those null moves,
    /// its ties broken on the new bounds: fewer nodes than DLX3's.
    #[inline(always)]
    pub(super) fn choose_item(&mut self, level: usize, first: bool) -> (Node, bool) {
        // Compiled apart, so that Knuth's rule does not test `first` at
        // every item.
        if first { self.choose::<true>(level) } else { self.choose::<false>(level) }
    }

    /// [`choose_item`](Self::choose_item), with `first` as `FIRST`.
    #[inline(always)]
    fn choose<const FIRST: bool>(&mut self, level: usize) -> (Node, bool) {
        let m = self.m;
        let (p, w, canon) = (m.primaries, self.words(), self.canon);
        let alive = &self.alive[level * w..(level + 1) * w];
        let bounds = &mut self.bound[level * p..(level + 1) * p];
        let keys = &mut self.keys[level * p..(level + 1) * p];
        let slacks = &m.slack[..p];
        let masks = &m.masks[..p * w];
        let ow = self.open_words;
        let open = &mut self.open[level * ow..(level + 1) * ow];
        // Keys below this one are degrees of 0 or less.
        let live = (OFFSET + 1) << 32;
        let (mut best_item, mut best_key) = (u32::MAX, u64::MAX);
        let mut active = 0u32;
        'words: for (at, word) in open.iter_mut().enumerate() {
            let mut bits = *word;
            while bits != 0 {
                let i = at * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (b, slack) = (bounds[i], slacks[i]);
                let mask = &masks[i * w..(i + 1) * w];
                let len: u32 = alive.iter().zip(mask).map(|(&a, &k)| (a & k).count_ones()).sum();
                // The length below which the bound shrinks: `b` where the
                // item needs no more (`b <= slack`), else 0. A product, not
                // a branch: `b <= slack` varies from item to item, and the
                // branch on it was missed often, each miss waiting for the
                // popcount (docs/performance.md, "Multiplicities: branches
                // in the item choice").
                let shrink_below = u32::from(b) * u32::from(b <= slack);
                if canon && len < shrink_below {
                    // Below the bound, a `u16`.
                    bounds[i] = len as u16;
                    keys[i] = key_base(len as u16, slack);
                    if len == 0 {
                        *word &= !(1 << (i % 64));
                        continue;
                    }
                }
                active += 1;
                let key = keys[i] + (u64::from(len) << 32);
                if key < best_key {
                    (best_item, best_key) = (i as u32, key);
                }
                if FIRST || best_key < live {
                    break 'words;
                }
            }
        }
        let best = (best_item, best_key);
        if best.0 == u32::MAX {
            return (Node::Solution, false);
        }
        let degree = (best.1 >> 32) as i64 - OFFSET as i64;
        (Node::on(best.0, degree.max(0) as u32), active == 1 && !FIRST)
    }

    /// Whether primary item `i` is the only one at slot `level` that may
    /// take more.
    pub(super) fn only(&self, level: usize, i: u32) -> bool {
        let p = self.m.primaries;
        let bounds = &self.bound[level * p..(level + 1) * p];
        bounds.iter().enumerate().all(|(j, &b)| b == 0 || j == i as usize)
    }

    /// Where primary item `i` is the only one left at slot `level`: its
    /// list length and bound if its live options are alone (no other item),
    /// so that the subtree depends on them alone (`links::bounded::Lone`).
    #[inline(always)]
    pub(super) fn lone(&self, level: usize, i: u32) -> Option<(u32, u32)> {
        let alive = self.alive(level);
        let mask = self.m.mask::<W>(i as usize);
        let mut len = 0;
        for (k, (&a, &m)) in alive.iter().zip(mask).enumerate() {
            let live = a & m;
            if let Some(alone) = &self.m.alone
                && live & !alone[k] != 0
            {
                return None;
            }
            len += live.count_ones();
        }
        Some((len, u32::from(self.bound[level * self.m.primaries + i as usize])))
    }

    /// Whether a branch on item `i` at slot `level` ends with the null
    /// move (the item's lower bound is met: `slack >= bound`).
    #[inline(always)]
    pub(super) fn has_null(&self, level: usize, i: u32) -> bool {
        self.m.slack[i as usize] >= self.bound[level * self.m.primaries + i as usize]
    }
}

/// The order of [`Levels::choose_item`] as one number, smallest best: the
/// degree `len + s - b + 1` (offset by this to be positive; at most 2^13 +
/// 1), then `s`, then the larger bound (bounds and slacks are below 2^16).
const OFFSET: u64 = 1 << 16;

/// An item's choice key less its length's part (`len << 32`), from its
/// bound `b` (not 0) and slack: `s = min(b, slack)`.
#[inline(always)]
fn key_base(b: u16, slack: u16) -> u64 {
    let s = slack.min(b);
    (OFFSET + 1 + u64::from(s) - u64::from(b)) << 32 | u64::from(s) << 16 | u64::from(u16::MAX - b)
}
