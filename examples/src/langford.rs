//! Langford pairs: arrange two 1s, two 2s, …, two `n`s in a row of `2n`
//! slots so that the two `k`s have exactly `k` numbers between them.
//!
//! `2 3 1 2 1 3` is the only arrangement for `n = 3`, apart from its mirror
//! image `3 1 2 1 3 2`. Arrangements exist only when `n` is 3 or 4 more than
//! a multiple of 4.
//!
//! # The model
//!
//! - `n` primary items `v1` … `vn`: each value is placed (once);
//! - `2n` primary items `s1` … `s{2n}`: each slot holds one number.
//!
//! An option places both copies of `k`: `vk si sj` with `j = i + k + 1`.
//! These are the names of Knuth's `langford` files.
//!
//! # Halving
//!
//! Every arrangement read backwards is another one, so the count is even.
//! To count each mirror pair once, keep one value `k` in the left half of
//! the row: drop the options whose `i` is larger than their mirror image's.
//! `k` must be odd: for an odd `k` no placement is its own mirror image
//! (that needs `i + j = 2n + 1`, so `k = 2n - 2i` would be even), so each
//! mirror pair of solutions has exactly one member with `k` on the left.
//! Knuth takes the largest odd `k <= n`, which prunes the most.
//!
//! ```
//! use dlx_examples::langford::Langford;
//!
//! assert_eq!(Langford::new(7, false)?.model().count(), 52);
//! assert_eq!(Langford::new(7, true)?.model().count(), 26);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use dlx::{OptionId, ProblemBuilder};

use crate::error::Error;
use crate::model::Model;

/// The largest `n` this example builds.
pub const MAX_N: usize = 64;

/// The two places of one value: the meaning of an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pair {
    /// The value, `1..=n`.
    pub value: usize,
    /// The left slot, zero-based; the right one is `left + value + 1`.
    pub left: usize,
}

/// The Langford pairing problem for one `n`.
#[derive(Debug, Clone)]
pub struct Langford {
    n: usize,
    model: Model<Pair>,
}

impl Langford {
    /// The problem for `n` pairs; with `halve`, each arrangement and its
    /// mirror image are counted once.
    pub fn new(n: usize, halve: bool) -> Result<Langford, Error> {
        if !(1..=MAX_N).contains(&n) {
            return Err(Error::new(format!("n must be 1 to {MAX_N}, not {n}")));
        }
        let slots = 2 * n;
        let mut b = ProblemBuilder::new();
        let values: Vec<_> = (1..=n).map(|k| b.add_primary(format!("v{k}"))).collect();
        let slot: Vec<_> = (1..=slots).map(|i| b.add_primary(format!("s{i}"))).collect();
        let restricted = if n % 2 == 1 { n } else { n - 1 };
        let mut pairs = Vec::new();
        for value in 1..=n {
            for left in 0..slots.saturating_sub(value + 1) {
                let right = left + value + 1;
                // The mirror image of this placement starts at slots-1-right.
                if halve && value == restricted && left > slots - 1 - right {
                    continue;
                }
                b.add_option([values[value - 1], slot[left], slot[right]]);
                pairs.push(Pair { value, left });
            }
        }
        Ok(Langford { n, model: Model::new(b.build()?, pairs) })
    }

    /// The number of pairs.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The exact-cover model.
    pub fn model(&self) -> &Model<Pair> {
        &self.model
    }

    /// A solution as the row of `2n` numbers.
    pub fn sequence(&self, solution: &[OptionId]) -> Vec<usize> {
        let mut row = vec![0; 2 * self.n];
        for pair in self.model.decode(solution) {
            row[pair.left] = pair.value;
            row[pair.left + pair.value + 1] = pair.value;
        }
        row
    }
}

/// The number of arrangements for `n = 1, 2, …`, mirror images counted
/// separately (twice OEIS A014552).
pub const KNOWN_COUNTS: [u64; 12] = [0, 0, 2, 2, 0, 0, 52, 300, 0, 0, 35584, 216288];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_pairs() {
        let l = Langford::new(3, true).unwrap();
        let s = l.model().solver().first().unwrap();
        let row = l.sequence(&s);
        assert!(row == [2, 3, 1, 2, 1, 3] || row == [3, 1, 2, 1, 3, 2], "{row:?}");
        assert_eq!(l.model().count(), 1);
    }

    #[test]
    fn n_one_has_no_room() {
        assert_eq!(Langford::new(1, false).unwrap().model().count(), 0);
        assert!(Langford::new(0, false).is_err());
    }
}
