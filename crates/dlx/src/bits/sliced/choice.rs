//! The branching choice of [`Sliced`]: the planes added up into counts
//! (`add_up`), the first item with the fewest options (`branch_item`), and
//! the tie-break among those (`most_removed`), with the counts spread one
//! per item into lanes (`fill_lanes`).

use super::Sliced;
use super::planes::{MAX_COUNT_BITS, count_bits, lane_bits, planes, spread};
use crate::config::{Heuristic, TieBreak};

impl Sliced<'_> {
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

    /// The item to branch on at `level`, where every uncovered item has two
    /// options or more, and its number of options.
    #[inline(always)]
    pub(super) fn branch_item<const P: usize>(&mut self, level: usize) -> (u32, u32) {
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
}
