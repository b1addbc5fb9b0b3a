//! [`Rng`]: the generator's source of random numbers, small, seedable and
//! the same on every platform and in every release.
//!
//! A puzzle's numbers come from its own `Rng`, made from the batch's seed
//! and the puzzle's index ([`Rng::for_puzzle`]), so that a puzzle is the
//! same whichever thread makes it and whatever came before it. The
//! generator is xoshiro256** (Blackman and Vigna, 2018), seeded through
//! SplitMix64; bounded numbers are drawn without bias (Lemire's method).
//! It is written here rather than taken from a crate because the puzzles a
//! seed gives are part of the command line's promise: no dependency update
//! may change them.

/// A xoshiro256** generator: fast, 256 bits of state, statistically
/// sound for this use (not for secrets).
///
/// ```
/// use sudoku_cover::generate::Rng;
///
/// let mut a = Rng::for_puzzle(7, 0);
/// let mut b = Rng::for_puzzle(7, 0);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(6) < 6);
/// assert_ne!(Rng::for_puzzle(7, 1).next_u64(), Rng::for_puzzle(7, 0).next_u64());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng {
    s: [u64; 4],
}

/// One step of SplitMix64: spreads a counter into well-mixed words.
pub(crate) fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// A generator from a 64-bit seed.
    pub fn new(seed: u64) -> Rng {
        let mut state = seed;
        let s = [
            splitmix(&mut state),
            splitmix(&mut state),
            splitmix(&mut state),
            splitmix(&mut state),
        ];
        Rng { s }
    }

    /// The generator of puzzle `index` of a batch with this seed: every
    /// (seed, index) pair has a stream of its own.
    pub fn for_puzzle(seed: u64, index: u64) -> Rng {
        let mut state = seed;
        let mixed = splitmix(&mut state) ^ index.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        Rng::new(mixed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A number from `0` to `n - 1`, each as likely; `0` when `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        if n == 0 {
            return 0;
        }
        // Lemire's multiply-and-reject: the high word of a 128-bit product,
        // rejecting the few low words that would favour some results.
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u128::from(self.next_u64()) * u128::from(n);
            if (m as u64) >= threshold {
                return (m >> 64) as usize;
            }
        }
    }

    /// Puts `items` in a random order, each order as likely
    /// (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// One of `items`, each as likely; `None` when there is none.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        (!items.is_empty()).then(|| &items[self.below(items.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_fixed() {
        // xoshiro256** from this state gives these words: the values are
        // part of what a seed promises, so a change here is a change of
        // every generated puzzle.
        let mut rng = Rng { s: [1, 2, 3, 4] };
        let first: Vec<u64> = (0..4).map(|_| rng.next_u64()).collect();
        assert_eq!(first, [11520, 0, 1509978240, 1215971899390074240]);
        let mut seeded = Rng::new(0);
        assert_eq!(seeded.next_u64(), Rng::new(0).next_u64());
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = Rng::new(42);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[rng.below(7)] += 1;
        }
        // Each of the 7 values about 1000 times.
        assert!(seen.iter().all(|&k| (800..1200).contains(&k)), "{seen:?}");
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn shuffle_keeps_the_items() {
        let mut rng = Rng::new(3);
        let mut items: Vec<u32> = (0..50).collect();
        rng.shuffle(&mut items);
        assert_ne!(items, (0..50).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..50).collect::<Vec<_>>());
    }

    #[test]
    fn puzzles_have_streams_of_their_own() {
        let words = |seed, index| Rng::for_puzzle(seed, index).next_u64();
        assert_ne!(words(1, 0), words(1, 1));
        assert_ne!(words(1, 0), words(2, 0));
        assert_eq!(words(5, 9), words(5, 9));
    }
}
