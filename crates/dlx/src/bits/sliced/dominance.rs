//! The dominance pass of the bit-sliced form: the checks of
//! `bits/dominance.rs`, on the planes (see the module docs of `sliced`).

use super::{MAX_DEGREE, SliceMatrix, Sliced, planes};
use crate::bits::BitMatrix;
use crate::bits::count::LANES;
use crate::bits::dominance::{DOMINANCE_MAX, Pairs};

/// The pair table on the planes, built once per problem (on first use, by
/// [`SliceMatrix::plane_pairs`]).
#[derive(Debug, Clone)]
pub(crate) struct PlanePairs {
    /// Per group of 64 primary items, those with partners.
    pub(super) partnered: Vec<u64>,
    /// For each entry `k` of the pair table (item `a`, partner `b`): `a`'s
    /// slots whose options do not cover `b`; `a` dominates `b` when none of
    /// them is alive.
    pub(super) outside: Vec<u64>,
    /// And `b`'s slots whose options do not cover `a` (for a primary `b`):
    /// the ones to kill then.
    pub(super) others: Vec<u64>,
}

/// No partners: the table of a search without dominance.
pub(super) static NO_PAIRS: PlanePairs =
    PlanePairs { partnered: Vec::new(), outside: Vec::new(), others: Vec::new() };

impl PlanePairs {
    pub(super) fn new(m: &BitMatrix, t: &SliceMatrix, pairs: &Pairs) -> PlanePairs {
        let mut partnered = vec![0u64; m.primaries.div_ceil(64)];
        for (i, &limit) in pairs.limit.iter().enumerate() {
            if limit == DOMINANCE_MAX {
                partnered[i / 64] |= 1 << (i % 64);
            }
        }
        let covers = |o: u32, i: u32| m.items(o as usize).contains(&i);
        let slots_without = |i: usize, j: u32| -> u64 {
            let mut mask = 0;
            if i < m.primaries {
                for (s, &o) in t.options_of(i).iter().enumerate() {
                    if !covers(o, j) {
                        mask |= 1 << s;
                    }
                }
            }
            mask
        };
        let (mut outside, mut others) = (Vec::new(), Vec::new());
        // Both items primary: their option lists (sorted) merged once.
        let low = |n: usize| if n >= 64 { !0 } else { (1u64 << n) - 1 };
        for a in 0..m.primaries {
            for k in pairs.start[a] as usize..pairs.start[a + 1] as usize {
                let b = pairs.partners[k].0;
                if b as usize >= m.primaries {
                    outside.push(slots_without(a, b));
                    others.push(0);
                    continue;
                }
                let (oa, ob) = (t.options_of(a), t.options_of(b as usize));
                let (mut without_a, mut without_b) = (low(oa.len()), low(ob.len()));
                let (mut x, mut y) = (0, 0);
                while x < oa.len() && y < ob.len() {
                    match oa[x].cmp(&ob[y]) {
                        std::cmp::Ordering::Less => x += 1,
                        std::cmp::Ordering::Greater => y += 1,
                        std::cmp::Ordering::Equal => {
                            without_a &= !(1 << x);
                            without_b &= !(1 << y);
                            (x, y) = (x + 1, y + 1);
                        }
                    }
                }
                outside.push(without_a);
                others.push(without_b);
            }
        }
        PlanePairs { partnered, outside, others }
    }
}

impl Sliced<'_> {
    /// One dominance pass at `level` (the root), as `Counted::dominance`:
    /// the items with two options whose options changed since the last
    /// pass, sixteen at a time. Returns whether it killed any option.
    #[inline(always)]
    pub(super) fn dominance<const P: usize>(&mut self, pairs: &Pairs, level: usize) -> bool {
        let t = self.t;
        let d = planes::<P>(t) - 1;
        let mut killed = false;
        for g in 0..t.groups {
            let base = level * t.words + g * t.planes;
            // Most groups have no item to check: then the chunks, looked at
            // one by one, would find none either.
            let cand = self.candidates::<P>(level, g, !0);
            if cand == 0 {
                let seen = &mut self.seen[g * t.planes..g * t.planes + d];
                seen.copy_from_slice(&self.state[base..base + d]);
                continue;
            }
            // Until a kill changes the group, its chunks read as it was
            // (and are seen so, all at once at the end).
            let mut before = [0u64; MAX_DEGREE];
            before[..d].copy_from_slice(&self.state[base..base + d]);
            let (mut dirty, mut clean) = (false, 0);
            for chunk in 0..64 / LANES {
                let field = 0xFFFF_u64 << (chunk * LANES);
                let mut mask = if dirty {
                    let mask = self.candidates::<P>(level, g, field);
                    let now = &self.state[base..base + d];
                    for (seen, &x) in self.seen[g * t.planes..].iter_mut().zip(now) {
                        *seen = (*seen & !field) | (x & field);
                    }
                    mask
                } else {
                    clean |= field;
                    cand & field
                };
                while mask != 0 {
                    let a = g * 64 + mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    if self.dominate::<P>(pairs, level, a) {
                        (killed, dirty) = (true, true);
                    }
                }
            }
            for (seen, &x) in self.seen[g * t.planes..].iter_mut().zip(&before[..d]) {
                *seen = (*seen & !clean) | (x & clean);
            }
        }
        if killed {
            self.scan = None;
            self.forced_slot = usize::MAX;
        }
        killed
    }

    /// The items of group `g` within `field` that a dominance pass checks:
    /// uncovered, with partners, two options left, and options changed
    /// since `seen`.
    #[inline(always)]
    fn candidates<const P: usize>(&self, level: usize, g: usize, field: u64) -> u64 {
        let t = self.t;
        let d = planes::<P>(t) - 1;
        let base = level * t.words + g * t.planes;
        let (mut changed, mut ones, mut twos, mut threes) = (0, 0, 0, 0);
        for j in 0..d {
            let x = self.state[base + j];
            changed |= (x ^ self.seen[g * t.planes + j]) & field;
            threes |= twos & x;
            twos |= ones & x;
            ones |= x;
        }
        changed & twos & !threes & self.state[base + d] & self.planes_pairs.partnered[g]
    }

    /// As `Counted::dominate`.
    #[inline(always)]
    fn dominate<const P: usize>(&mut self, pairs: &Pairs, level: usize, a: usize) -> bool {
        let live = self.fresh_live_slots::<P>(level, a);
        if live.count_ones() < 2 {
            return false;
        }
        // Killing a partner's options never kills `a`'s.
        let mut killed = false;
        for k in pairs.start[a] as usize..pairs.start[a + 1] as usize {
            if live & self.planes_pairs.outside[k] == 0 {
                killed |= self.kill_others::<P>(pairs, level, k, a);
            }
        }
        killed
    }

    /// Kills the live options of partner `k` of item `a` that do not cover
    /// `a`. Returns whether it killed any.
    #[inline(always)]
    fn kill_others<const P: usize>(
        &mut self,
        pairs: &Pairs,
        level: usize,
        k: usize,
        a: usize,
    ) -> bool {
        let (m, t) = (self.m, self.t);
        let b = pairs.partners[k].0 as usize;
        let mut killed = false;
        if b < m.primaries {
            let mut doomed = self.fresh_live_slots::<P>(level, b) & self.planes_pairs.others[k];
            while doomed != 0 {
                let q = t.first_live(b, doomed) as usize;
                doomed &= doomed - 1;
                self.kill(level, q);
                killed = true;
            }
            return killed;
        }
        self.kill_secondary_others(level, b, a)
    }

    /// [`kill_others`](Self::kill_others) for a secondary partner `b`
    /// (no planes: its options are looked up one by one). Rare, so kept
    /// out of the search loop.
    #[cold]
    #[inline(never)]
    fn kill_secondary_others(&mut self, level: usize, b: usize, a: usize) -> bool {
        let mut killed = false;
        for (wi, mut doomed) in self.m.options_without(b, a) {
            while doomed != 0 {
                let q = wi as usize * 64 + doomed.trailing_zeros() as usize;
                doomed &= doomed - 1;
                if self.alive(level, q) {
                    self.kill(level, q);
                    killed = true;
                }
            }
        }
        killed
    }

    /// Kills option `q` at slot `level`.
    #[inline(always)]
    fn kill(&mut self, level: usize, q: usize) {
        let t = self.t;
        for &bit in t.bits_of(q) {
            let bit = bit as usize + level * t.words * 64;
            self.state[bit / 64] &= !(1 << (bit % 64));
        }
    }
}
