//! Item choice for [`Links`]: the item to branch on, by the rules of the
//! [`Heuristic`] (fewest options, Algorithm M's branching degree), and the
//! tie-break of [`Heuristic::MinimumRemainingMostRemoved`].

use super::Links;
use crate::arena::{ROOT, SPACER};
use crate::config::{Heuristic, TieBreak};
use crate::dance::Head;
use crate::fast::View;
use crate::random::below;

impl Links<'_> {
    /// Picks the item to branch on. Returns `None` when the current partial
    /// solution is complete, or `Some((item, score))`; a score of 0 or less
    /// means the item cannot be covered any more.
    #[inline(always)]
    pub(crate) fn choose_item<const M: bool>(&self) -> Option<(u32, i64)> {
        let d = &self.dance;
        if !M {
            let first = d.links[ROOT as usize].next;
            if first == ROOT {
                return None;
            }
            if self.heuristic == Heuristic::First {
                return Some((first, d.len(first) as i64));
            }
            let (nodes, links) = (View::new(&d.nodes), View::new(&d.links));
            let (mut best, mut best_len) = (first, nodes.get(first).top);
            let mut k = links.get(first).next;
            while best_len > 0 && k != ROOT {
                let l = nodes.get(k).top;
                if l < best_len {
                    best = k;
                    best_len = l;
                }
                k = links.get(k).next;
            }
            if best_len > 1 {
                if self.heuristic == Heuristic::ConflictWeighted {
                    return Some((self.weighted(best), best_len as i64));
                }
                let key = self.node_key();
                if let Some(key) = key {
                    best = self.random_tie(best, best_len, key);
                }
                if self.heuristic == Heuristic::MinimumRemainingMostRemoved {
                    best = self.most_removed(best, best_len, key.is_some());
                }
            }
            return Some((best, best_len as i64));
        }
        // Algorithm M: Knuth's branching degree len + s - b + 1, where b is
        // the current bound and s = min(b, slack); ties go to the smaller s,
        // then to the longer list, then to item order (as in DLX3). A degree
        // of 0 or less is a dead end whichever item has it, so the first
        // one ends the scan (the node is the same dead end).
        let first = d.links[ROOT as usize].next;
        if first == ROOT {
            return None;
        }
        let (nodes, links) = (View::new(&d.nodes), View::new(&d.links));
        // The order as one number, smallest best: the degree (offset to be
        // positive), then s, then the larger bound (for a given degree and
        // s, the longer list), compared without a branch.
        const OFFSET: i64 = 1 << 33;
        let key = |k: u32| {
            let (Head { bound: b, slack }, l) = (d.bound.item(k), nodes.get(k).top);
            let s = slack.min(b);
            let t = l as i64 + s as i64 - b as i64 + 1;
            ((t + OFFSET) as u128) << 64 | (s as u128) << 32 | (u32::MAX - b) as u128
        };
        let degree = |key: u128| (key >> 64) as i64 - OFFSET;
        let (mut best, mut best_key) = (first, key(first));
        if self.heuristic == Heuristic::First {
            return Some((first, degree(best_key)));
        }
        // Keys below this one are degrees of 0 or less.
        let live = ((OFFSET + 1) as u128) << 64;
        let mut k = links.get(first).next;
        while best_key >= live && k != ROOT {
            let key = key(k);
            let better = key < best_key;
            best = if better { k } else { best };
            best_key = if better { key } else { best_key };
            k = links.get(k).next;
        }
        let bt = degree(best_key);
        Some((best, bt))
    }

    /// Under [`Heuristic::ConflictWeighted`], where the search branches
    /// (every active item has two options or more; `first` is one): the
    /// item with the fewest options per unit of weight, the first among
    /// equals from a random item on (wrapping around; from the first item
    /// if unseeded), as the counted bit engine chooses.
    #[inline(never)]
    fn weighted(&self, first: u32) -> u32 {
        let d = &self.dance;
        let np = self.num_primary;
        let start = self.node_key().map_or(0, |key| below(key, np));
        // The rank of item header `k` in the order from `start` on.
        let rank = |k: u32| (k - 1 + np - start) % np;
        let (mut best, mut best_len, mut best_weight) = (first, 1u64, 0u64);
        let mut k = d.links[ROOT as usize].next;
        while k != ROOT {
            let (l, w) = (u64::from(d.len(k)), u64::from(self.weights[k as usize]));
            // l / w < best_len / best_weight, or equal and earlier.
            let (a, b) = (l * best_weight, best_len * w);
            if a < b || (a == b && rank(k) < rank(best)) {
                (best, best_len, best_weight) = (k, l, w);
            }
            k = d.links[k as usize].next;
        }
        best
    }

    /// A random one of the active items of length `len`, the first of which
    /// is `first`, by the node's random key.
    fn random_tie(&self, first: u32, len: u32, key: u64) -> u32 {
        let d = &self.dance;
        let ties = |stop_at: u32| {
            let (mut k, mut n) = (first, 0);
            while k != ROOT {
                if d.len(k) == len {
                    if n == stop_at {
                        break;
                    }
                    n += 1;
                }
                k = d.links[k as usize].next;
            }
            (k, n)
        };
        let (_, n) = ties(u32::MAX);
        ties(below(key, n)).0
    }

    /// Of the first [`TIED_ITEMS`](crate::TIED_ITEMS) active items of length `len` from
    /// `first` (the first of them, unless `wrap`), the one whose options
    /// remove the most others: the largest sum of the lengths of its
    /// options' primary items (ties to the first). With `wrap` (a seeded
    /// search, `first` a random tie), the items before `first` come after
    /// the last. See [`Heuristic::MinimumRemainingMostRemoved`].
    fn most_removed(&self, first: u32, len: u32, wrap: bool) -> u32 {
        let d = &self.dance;
        let mut tie = TieBreak::new(first as usize);
        let mut k = first;
        loop {
            if k == ROOT {
                k = d.links[k as usize].next;
                if !wrap || k == first {
                    break;
                }
            }
            if d.len(k) == len {
                let mut score = 0;
                let mut x = d.nodes[k as usize].down;
                while x != k {
                    // The option of node `x`, all its nodes (`x` included).
                    let mut q = x + 1;
                    loop {
                        let n = d.nodes[q as usize];
                        if n.top == SPACER {
                            q = n.up;
                            continue;
                        }
                        if n.top <= self.num_primary {
                            score += d.len(n.top);
                        }
                        if q == x {
                            break;
                        }
                        q += 1;
                    }
                    x = d.nodes[x as usize].down;
                }
                if tie.offer(k as usize, score) {
                    break;
                }
            }
            k = d.links[k as usize].next;
            if k == first {
                break;
            }
        }
        tie.item() as u32
    }
}
