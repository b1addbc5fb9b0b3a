//! The counted form on plain problems with many options per primary item
//! ([`Kernel::Dense`](crate::bits::matrix::Kernel::Dense)): choosing an
//! option there kills thousands of others, and decrementing their items'
//! counts one by one is a chain of stores to the same few counts. `apply`
//! kills whole lists a word at a time, then either decrements the counts of
//! the killed options (few killed) or makes the uncovered items' counts
//! again, a popcount per word of their lists (many killed).

use super::Counted;
use crate::bits::count::Count;
use crate::fast;

impl<T: Count> Counted<'_, T> {
    /// [`apply`](crate::bits::Slots::apply) on a dense problem: the same
    /// live options, counts and updates as the other kernels.
    #[inline(always)]
    pub(super) fn apply_dense(&mut self, level: usize, o: usize) {
        let (updates, killed) = self.kill_lists(level, o);
        self.updates += updates;
        self.uncount_killed::<false>(level, killed);
        let m = self.m;
        let bytes = m.level_bytes();
        let counts = &mut self.counts[level * bytes..(level + 1) * bytes];
        for &i in m.items(o) {
            if (i as usize) < m.primaries {
                counts[i as usize] = T::COVERED;
            }
        }
    }

    /// Takes the `killed` options at `level` (in `doomed`, no longer
    /// live) out of their primary items' counts: one decrement per item of
    /// each, or if that is more work than a popcount per word of the
    /// uncovered items' lists, those counts made again. `C`: a colored
    /// problem (options' exact primary items, no padding).
    #[inline(always)]
    pub(super) fn uncount_killed<const C: bool>(&mut self, level: usize, killed: u32) {
        let m = self.m;
        let (w, p, bytes) = (m.words, m.primaries, m.level_bytes());
        let alive = &self.alive[level * w..(level + 1) * w];
        let counts = &mut self.counts[level * bytes..(level + 1) * bytes];
        let recount: usize =
            (0..p).filter(|&j| counts[j] != T::COVERED).map(|j| m.options_of(j).len()).sum();
        if killed as usize * m.width >= recount {
            for (j, c) in counts[..p].iter_mut().enumerate() {
                if *c != T::COVERED {
                    *c = T::from_u32(fast::live_in(alive, m.options_of(j)));
                }
            }
            return;
        }
        for (wi, (&a, &b)) in alive.iter().zip(&self.doomed).enumerate() {
            let mut kill = b & !a;
            while kill != 0 {
                let q = wi * 64 + kill.trailing_zeros() as usize;
                kill &= kill - 1;
                let own = if C { m.exact_primaries_of(q) } else { m.primaries_of(q) };
                for &j in own {
                    counts[j as usize] = counts[j as usize].dec();
                }
            }
        }
    }
}
