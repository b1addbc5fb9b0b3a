//! The dominance pass of the counted form: the checks of
//! [`Pairs`] on its per-item counts (see
//! `bits/dominance.rs` for the rule and why it is sound).

use super::{Counted, uncount_word};
use crate::bits::count::{Count, LANES};
use crate::bits::dominance::Pairs;

/// Bit `k` set where `now[k] <= limit[k]` and `now[k] != seen[k]`. Most
/// runs of counts have none, and the first test compiles to a few vector
/// instructions.
#[inline(always)]
fn changed_within<T: Count>(now: &[T; LANES], seen: &[T; LANES], limit: &[T; LANES]) -> u32 {
    let mut any = false;
    for k in 0..LANES {
        any |= (now[k] <= limit[k]) & (now[k] != seen[k]);
    }
    if any { T::changed_within(now, seen, limit) } else { 0 }
}

impl<T: Count> Counted<'_, T> {
    /// One dominance pass at `level` (the root), over the items with few
    /// enough options whose counts changed since the last pass: returns
    /// whether it killed any option.
    pub(super) fn dominance(&mut self, pairs: &Pairs, level: usize) -> bool {
        let base = level * self.m.level_bytes();
        let mut killed = false;
        for k in (0..self.m.stride).step_by(LANES) {
            let now: &[T; LANES] =
                self.counts[base + k..base + k + LANES].try_into().expect("LANES counts");
            let seen: &mut [T; LANES] =
                (&mut self.seen[k..k + LANES]).try_into().expect("LANES counts");
            let limit: &[T; LANES] = self.limit[k..k + LANES].try_into().expect("LANES counts");
            let mut mask = changed_within(now, seen, limit);
            *seen = *now;
            while mask != 0 {
                let a = k + mask.trailing_zeros() as usize;
                mask &= mask - 1;
                killed |= self.dominate(pairs, level, a);
            }
        }
        killed
    }

    /// Kills the other options of each partner of item `a` that every live
    /// option of `a` covers. Returns whether it killed any.
    fn dominate(&mut self, pairs: &Pairs, level: usize, a: usize) -> bool {
        let mut killed = false;
        let mut next = pairs.start[a] as usize;
        while let Some(b) = self.next_dominated(pairs, level, a, &mut next) {
            killed |= self.kill_others(level, b, a);
        }
        killed
    }

    /// The next partner of item `a`, from `partners[*next]` on, that every
    /// live option of `a` covers and that has other options; moves `next`
    /// past it.
    fn next_dominated(
        &self,
        pairs: &Pairs,
        level: usize,
        a: usize,
        next: &mut usize,
    ) -> Option<usize> {
        let m = self.m;
        let counts = &self.counts[level * m.level_bytes()..(level + 1) * m.level_bytes()];
        let alive = &self.alive[level * m.words..(level + 1) * m.words];
        // Kills earlier in the pass may have left it one option (a forced
        // move) or none (a dead end): for the search to see.
        if counts[a].to_u32() < 2 {
            return None;
        }
        // Each partner, and the next one's first word (the end of its own).
        let partners = &pairs.partners[*next..=pairs.start[a + 1] as usize];
        for (k, pair) in partners.windows(2).enumerate() {
            let ((b, from), to) = (pair[0], pair[1].1);
            let b = b as usize;
            // A primary `b` with as many options as `a` has no others.
            if b < m.primaries && counts[b] == counts[a] {
                continue;
            }
            let words = &pairs.words[from as usize..to as usize];
            if !words.iter().any(|&(wi, bits)| alive[wi as usize] & bits != 0) {
                *next += k + 1;
                return Some(b);
            }
        }
        None
    }

    /// Kills the live options of item `b` that do not cover item `a`.
    /// Returns whether it killed any.
    fn kill_others(&mut self, level: usize, b: usize, a: usize) -> bool {
        let m = self.m;
        let (w, bytes) = (m.words, m.level_bytes());
        let alive = &mut self.alive[level * w..(level + 1) * w];
        let counts = &mut self.counts[level * bytes..(level + 1) * bytes];
        let mut updates = 0;
        for (wi, others) in m.options_without(b, a) {
            let kill = alive[wi as usize] & others;
            alive[wi as usize] &= !kill;
            // Each killed option leaves all its items' lists, `b`'s too.
            updates +=
                uncount_word::<T, 0>(m, counts, wi as usize, kill) + u64::from(kill.count_ones());
        }
        self.updates += updates;
        updates != 0
    }
}
