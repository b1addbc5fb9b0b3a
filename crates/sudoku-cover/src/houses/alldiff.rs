//! All different, as strongly as it goes: one house's cells keep only the
//! digits that some assignment of distinct digits to all of them uses
//! (generalized arc consistency, after Régin's matching algorithm).
//!
//! A house of `n` cells holds each of the `n` digits once, so an answer is
//! a perfect matching of cells to digits. Given one such matching, a cell
//! `i` may take digit `d` held by cell `j` in the matching exactly when
//! `j` can pass its digit on along a chain that comes back to `i` (`j`
//! takes the digit of a cell `k` whose domain holds it, `k` that of
//! another, ..., back to `i`): `i` and `j` lie on one cycle of the graph
//! "cell → the cell matched to a digit of its domain". Domains are `u64`
//! masks (bit `d` for digit `d + 1`): named by their matched digits, the
//! cells' edges are their domains as they stand, and the strongly
//! connected components come from sweeps over words.

use crate::human::Bits;

/// No digit, or no cell, in a matching.
pub(super) const NONE: u8 = u8::MAX;

/// Narrows `doms` (the domains of one house's cells, at most 64) to the
/// digits used by some perfect matching of cells to digits, or returns
/// `false` when there is none. `mates[i]` is cell `i`'s digit in the
/// matching of the house's last call (or [`NONE`]): it is repaired, not
/// rebuilt, and left as a perfect matching on success.
pub(super) fn prune(doms: &mut [u64], mates: &mut [u8]) -> bool {
    let n = doms.len();
    debug_assert!(n <= 64 && mates.len() == n);
    let mut cell_of = [NONE; 64];
    for (i, mate) in mates.iter_mut().enumerate() {
        let d = *mate;
        if d != NONE && doms[i] >> d & 1 == 1 && cell_of[usize::from(d)] == NONE {
            cell_of[usize::from(d)] = i as u8;
        } else {
            *mate = NONE;
        }
    }
    for i in 0..n {
        if mates[i] == NONE && !augment(i, doms, mates, &mut cell_of) {
            return false;
        }
    }
    // The cells still open (two digits or more); a fixed cell has no way
    // out, so no open cell can take its digit.
    let open = (0..n).filter(|&i| doms[i] & (doms[i] - 1) != 0).fold(0u64, |m, i| m | 1 << i);
    if open == 0 {
        return true;
    }
    // The graph among open cells, with each cell named by its digit in the
    // matching: the cell holding digit `a` may pass it on to the cell
    // holding any digit `b` of its domain, so `a`'s edges are that domain,
    // one word, with no edge to build.
    let mut held = 0u64;
    let mut edges = [0u64; 64];
    for i in Bits(open) {
        held |= 1 << mates[i];
    }
    for i in Bits(open) {
        edges[usize::from(mates[i])] = doms[i] & held;
    }
    // Its strongly connected components, one at a time: the digits a
    // digit's cell reaches that reach it back. Each cell keeps the digits
    // of its component.
    let mut left = held;
    while left != 0 {
        let v = 1u64 << left.trailing_zeros();
        let ahead = closure(v, &edges, left);
        let component = reaching(v, &edges, ahead);
        for d in Bits(component) {
            doms[usize::from(cell_of[d])] &= component;
        }
        left &= !component;
    }
    true
}

/// The nodes reachable from `from` along `edges` without leaving `within`.
fn closure(from: u64, edges: &[u64; 64], within: u64) -> u64 {
    let (mut seen, mut frontier) = (from, from);
    while frontier != 0 {
        let reached = Bits(frontier).fold(0u64, |m, u| m | edges[u]) & within & !seen;
        seen |= reached;
        frontier = reached;
    }
    seen
}

/// The nodes of `within` from which `to` is reachable along `edges`
/// (tested node by node: no reversed edges needed).
fn reaching(to: u64, edges: &[u64; 64], within: u64) -> u64 {
    let mut seen = to;
    loop {
        let grown =
            Bits(within & !seen).filter(|&a| edges[a] & seen != 0).fold(0u64, |m, a| m | 1 << a);
        if grown == 0 {
            return seen;
        }
        seen |= grown;
    }
}

/// Matches cell `root` by an augmenting path (breadth first, each digit
/// looked at once), or returns `false` when none exists.
fn augment(root: usize, doms: &[u64], mates: &mut [u8], cell_of: &mut [u8; 64]) -> bool {
    let mut seen = 0u64;
    let mut from = [0u8; 64];
    let mut queue = [0u8; 64];
    let (mut head, mut tail) = (0, 1);
    queue[0] = root as u8;
    while head < tail {
        let cell = queue[head];
        head += 1;
        let new = doms[usize::from(cell)] & !seen;
        seen |= new;
        for d in Bits(new) {
            from[d] = cell;
            let owner = cell_of[d];
            if owner == NONE {
                // Flip the path back to the root.
                let mut d = d as u8;
                loop {
                    let c = from[usize::from(d)];
                    let before = mates[usize::from(c)];
                    mates[usize::from(c)] = d;
                    cell_of[usize::from(d)] = c;
                    if usize::from(c) == root {
                        return true;
                    }
                    d = before;
                }
            }
            queue[tail] = owner;
            tail += 1;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The digits each cell takes in some assignment of distinct digits,
    /// by trying them all.
    fn brute(doms: &[u64]) -> Option<Vec<u64>> {
        fn go(i: usize, doms: &[u64], used: u64, chosen: &mut Vec<usize>, out: &mut [u64]) {
            if i == doms.len() {
                for (c, &d) in chosen.iter().enumerate() {
                    out[c] |= 1 << d;
                }
                return;
            }
            for d in Bits(doms[i] & !used) {
                chosen.push(d);
                go(i + 1, doms, used | 1 << d, chosen, out);
                chosen.pop();
            }
        }
        let mut out = vec![0; doms.len()];
        go(0, doms, 0, &mut Vec::new(), &mut out);
        out.iter().all(|&d| d != 0).then_some(out)
    }

    proptest! {
        #[test]
        fn prunes_as_brute_force_does(
            n in 1usize..7,
            raw in proptest::collection::vec(any::<u64>(), 7),
            old in proptest::collection::vec(0u8..8, 7),
        ) {
            let full = (1u64 << n) - 1;
            // Domains dense enough that a matching often exists.
            let mut doms: Vec<u64> = raw[..n].iter().map(|r| (r | r >> 7) & full).collect();
            let expected = brute(&doms);
            let mut mates: Vec<u8> =
                old[..n].iter().map(|&m| if usize::from(m) < n { m } else { NONE }).collect();
            let found = prune(&mut doms, &mut mates);
            prop_assert_eq!(found, expected.is_some());
            if let Some(expected) = expected {
                prop_assert_eq!(&doms, &expected);
                let mut used = 0u64;
                for (i, &m) in mates.iter().enumerate() {
                    prop_assert!(doms[i] >> m & 1 == 1);
                    used |= 1 << m;
                }
                prop_assert_eq!(used, full);
            }
        }
    }

    #[test]
    fn a_pair_locks_its_digits_away_from_the_rest() {
        // Cells 0 and 1 hold {1, 2} between them: cell 2 loses them.
        let mut doms = vec![0b011, 0b011, 0b111];
        let mut mates = vec![NONE; 3];
        assert!(prune(&mut doms, &mut mates));
        assert_eq!(doms, [0b011, 0b011, 0b100]);
        let mut no = vec![0b01, 0b01];
        assert!(!prune(&mut no, &mut [NONE; 2]));
    }
}
