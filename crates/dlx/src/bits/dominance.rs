//! Dominated options, removed at the top of the tree under
//! [`Propagation::Dominance`](crate::Propagation::Dominance).
//!
//! If every option left for item A also covers item B, whichever option
//! covers A covers B too, so B's other options are in no solution: they are
//! killed. In sudoku terms: when the cells left for a digit in a box lie in
//! one row, that digit leaves the rest of the row (locked candidates).
//! Knuth's DLX-PRE preprocessor removes such options before the search; here
//! it happens after the forced options (a sudoku's givens) and the forced
//! moves they lead to, where most of them appear.
//!
//! Only a *partner* B, an item sharing at least two options with A, can be
//! dominated by an A with two options or more, and A's options are all
//! B's exactly when none of A's options outside B's is alive. So the
//! [`Pairs`] table keeps, for each primary item, its partners and, for each,
//! the options of A that do not cover B (as sparse bitset words): checking
//! a partner is a few `and`s. Only items with at most [`DOMINANCE_MAX`]
//! options left, and no more than they share with a partner (`limit`), are
//! checked: a sudoku cell has no partner at all.
//!
//! A pass runs where the search would first branch (at the root slot, once
//! every uncovered item has two options or more). After a pass that killed
//! anything the search looks for forced moves again, and passes again: the
//! next pass checks only items whose count changed since the last
//! (`seen`): options only ever die, so an item whose count did not change
//! has the options it had, and dominates nothing it did not before. Deeper
//! in the tree, passes cost more than they saved (measured: with a pass at
//! every branch the hardest sudoku ran up to a third slower).
//!
//! Killing dominated options stays right when the state narrows further, so
//! where the root settles does not depend on the order of the kills, and a
//! path of branch indices replays to the same node (`descend`, parallel
//! search).

use super::BitMatrix;

/// Items with more options left than this are not checked.
pub(super) const DOMINANCE_MAX: u32 = 2;
/// The most sparse words the pair table may hold (16 bytes each).
const MAX_PAIR_WORDS: usize = 1 << 20;

/// For each primary item, the items that share two options or more with
/// it, and for each such pair the item's options outside the other's.
#[derive(Debug, Clone)]
pub(crate) struct Pairs {
    /// Item `a`'s partners: `partners[start[a]..start[a + 1]]`, as (partner,
    /// index of its first word in `words`); the last word of partner `k` is
    /// just before partner `k + 1`'s first, hence one more entry per item.
    pub(super) start: Vec<u32>,
    pub(super) partners: Vec<(u32, u32)>,
    pub(super) words: Vec<(u32, u64)>,
    /// Per primary item, the most options it shares with a partner, at most
    /// [`DOMINANCE_MAX`]; 0 without partners.
    pub(super) limit: Vec<u32>,
}

impl Pairs {
    /// The table for a problem; `None` if it would hold more than
    /// [`MAX_PAIR_WORDS`] words, or if the problem has colors (an option
    /// of A covering a secondary B need not clash with B's others).
    pub(super) fn new(m: &BitMatrix) -> Option<Pairs> {
        if m.colored() {
            return None;
        }
        let (primaries, items) = (m.primaries, m.items);
        let mut shared = vec![0u32; items];
        let mut touched = Vec::new();
        let mut pairs = Pairs {
            start: Vec::with_capacity(primaries + 1),
            partners: Vec::new(),
            words: Vec::new(),
            limit: Vec::with_capacity(primaries),
        };
        for a in 0..primaries {
            pairs.start.push(pairs.partners.len() as u32);
            let own = m.options_of(a);
            for &(k, bits) in own {
                let mut bits = bits;
                while bits != 0 {
                    let o = k as usize * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    for &b in m.items(o) {
                        if b as usize != a {
                            if shared[b as usize] == 0 {
                                touched.push(b);
                            }
                            shared[b as usize] += 1;
                        }
                    }
                }
            }
            touched.sort_unstable();
            let mut limit = 0;
            for &b in &touched {
                let n = std::mem::take(&mut shared[b as usize]);
                if n < 2 {
                    continue;
                }
                limit = limit.max(n.min(DOMINANCE_MAX));
                pairs.partners.push((b, pairs.words.len() as u32));
                // Both lists of words are sorted by word index.
                let mut theirs = m.options_of(b as usize).iter().peekable();
                for &(k, mine) in own {
                    while theirs.next_if(|&&(j, _)| j < k).is_some() {}
                    let other = theirs.peek().filter(|&&&(j, _)| j == k).map_or(0, |&&(_, b)| b);
                    if mine & !other != 0 {
                        pairs.words.push((k, mine & !other));
                    }
                }
                if pairs.words.len() > MAX_PAIR_WORDS {
                    return None;
                }
            }
            touched.clear();
            pairs.limit.push(limit);
        }
        pairs.start.push(pairs.partners.len() as u32);
        pairs.partners.push((u32::MAX, pairs.words.len() as u32));
        Some(pairs)
    }
}

#[cfg(test)]
mod tests {
    use crate::Problem;

    #[test]
    fn partners_share_two_options() {
        // Options 0 `A B`, 1 `A B C`, 2 `A C`, 3 `B`.
        let problem = Problem::parse_knuth("A B C\nA B\nA B C\nA C\nB\n").unwrap();
        let pairs = problem.bits.as_ref().unwrap().pairs().unwrap();
        let partners = |a: usize| -> Vec<(u32, Vec<(u32, u64)>)> {
            (pairs.start[a] as usize..pairs.start[a + 1] as usize)
                .map(|k| {
                    let ((b, from), to) = (pairs.partners[k], pairs.partners[k + 1].1);
                    (b, pairs.words[from as usize..to as usize].to_vec())
                })
                .collect()
        };
        // A shares 0 and 1 with B (A's option 2 is outside B's), 1 and 2
        // with C (0 outside).
        assert_eq!(partners(0), [(1, vec![(0, 1 << 2)]), (2, vec![(0, 1 << 0)])]);
        // B shares only 0 and 1 with A; C all of its options with A, so C
        // dominates A whatever is left.
        assert_eq!(partners(1), [(0, vec![(0, 1 << 3)])]);
        assert_eq!(partners(2), [(0, vec![])]);
        assert_eq!(pairs.limit, [2, 2, 2]);
    }
}
