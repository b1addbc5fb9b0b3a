//! The dance steps: the list operations of Knuth's DLX1, DLX2 and DLX3 on
//! the arena of [`arena`](crate::arena).
//!
//! Every function is generic over `C` (the problem has colors); with
//! `C = false` the color tests compile away and the loops are DLX1's.
//! Invariants the search relies on:
//! - `hide(p)` unlinks every node of `p`'s option except `p` from its item
//!   list, skipping nodes marked [`DONE`]; `unhide(p)` undoes exactly that,
//!   walking the other way.
//! - `cover(i)` removes item `i` from its active list and hides every option
//!   in `i`'s list; the list of `i` itself is left intact, so `uncover(i)`
//!   can walk it back. Calls nest strictly (last in, first out).
//! - Node `top` of an option node is its item; of a spacer, [`SPACER`]; a
//!   spacer's `up` leads back to the first node of its option and its
//!   `down` forward to the last node of the next one.

use std::ops::{Index, IndexMut};

use crate::arena::{DONE, Link, Matrix, Node, SPACER};
use crate::fast::{Arena, PerItem, Valid};

/// An item's current bound and its slack (`hi - lo`) side by side, so that
/// Algorithm M's item choice reads both in one load.
#[derive(Debug, Clone, Copy, Default)]
#[repr(C, align(8))]
pub(crate) struct Head {
    pub(crate) bound: u32,
    pub(crate) slack: u32,
}

/// Every item's [`Head`], indexed by item header; indexing reads and writes
/// the bound.
#[derive(Debug, Clone)]
pub(crate) struct Bounds(PerItem<Head>);

impl Bounds {
    /// The problem's bounds and slacks, as the search starts.
    pub(crate) fn new(m: &Matrix) -> Bounds {
        let heads = m.bound.iter().zip(&m.slack).map(|(&bound, &slack)| Head { bound, slack });
        Bounds(PerItem::new(heads.collect(), &m.links).expect("one bound per item link"))
    }

    /// The slack of item `k`.
    #[inline(always)]
    pub(crate) fn slack(&self, k: u32) -> u32 {
        self.0[k as usize].slack
    }

    /// The head of item `k`, an item read from the item links (unchecked).
    #[inline(always)]
    pub(crate) fn item(&self, k: u32) -> Head {
        self.0.item(k)
    }
}

impl Index<usize> for Bounds {
    type Output = u32;

    #[inline(always)]
    fn index(&self, k: usize) -> &u32 {
        &self.0[k].bound
    }
}

impl IndexMut<usize> for Bounds {
    #[inline(always)]
    fn index_mut(&mut self, k: usize) -> &mut u32 {
        &mut self.0[k].bound
    }
}

/// Unlinks every node of `p`'s option except `p` (and, with colors, those
/// marked [`DONE`]) from its item list; returns how many.
#[inline(always)]
fn hide_in<const C: bool>(nodes: &Arena<'_>, p: u32) -> u64 {
    let mut updates = 0;
    let mut q = p + 1;
    while q != p {
        let n = nodes.get(q);
        // One branch on the common path: neither a spacer nor done.
        if (n.top == SPACER) | (C && n.color == DONE) {
            q = if n.top == SPACER { n.up } else { q + 1 };
            continue;
        }
        nodes.set_down(n.up, n.down);
        nodes.set_up(n.down, n.up);
        nodes.add_top(n.top, u32::MAX);
        updates += 1;
        q += 1;
    }
    updates
}

/// Undoes [`hide_in`], walking the other way.
#[inline(always)]
fn unhide_in<const C: bool>(nodes: &Arena<'_>, p: u32) {
    let mut q = p - 1;
    while q != p {
        let n = nodes.get(q);
        if (n.top == SPACER) | (C && n.color == DONE) {
            q = if n.top == SPACER { n.down } else { q - 1 };
            continue;
        }
        nodes.set_down(n.up, q);
        nodes.set_up(n.down, q);
        nodes.add_top(n.top, 1);
        q -= 1;
    }
}

/// The dancing-links state that a search mutates.
#[derive(Debug, Clone)]
pub(crate) struct Dance {
    pub(crate) nodes: Valid<Node>,
    pub(crate) links: Valid<Link>,
    /// Current bound and slack of each item (Algorithm M).
    pub(crate) bound: Bounds,
    pub(crate) updates: u64,
}

impl Dance {
    #[inline(always)]
    pub(crate) fn len(&self, item: u32) -> u32 {
        self.nodes[item as usize].top
    }

    #[inline(always)]
    fn unlink_item(&mut self, i: u32) {
        let Link { prev, next } = self.links[i as usize];
        self.links[prev as usize].next = next;
        self.links[next as usize].prev = prev;
    }

    #[inline(always)]
    fn relink_item(&mut self, i: u32) {
        let Link { prev, next } = self.links[i as usize];
        self.links[prev as usize].next = i;
        self.links[next as usize].prev = i;
    }

    /// Removes an active item from its list without touching its options.
    pub(crate) fn deactivate(&mut self, i: u32) {
        self.unlink_item(i);
    }

    /// Undoes [`deactivate`](Self::deactivate).
    pub(crate) fn reactivate(&mut self, i: u32) {
        self.relink_item(i);
    }

    /// Whether node `q` is in its item's list.
    #[inline]
    pub(crate) fn is_linked(&self, q: u32) -> bool {
        let up = self.nodes[q as usize].up;
        self.nodes[up as usize].down == q
    }

    /// Whether item `i` is in its active list.
    #[inline]
    pub(crate) fn is_active(&self, i: u32) -> bool {
        let prev = self.links[i as usize].prev;
        self.links[prev as usize].next == i
    }

    #[inline(always)]
    pub(crate) fn hide<const C: bool>(&mut self, p: u32) {
        let updates = hide_in::<C>(&Arena::new(&mut self.nodes), p);
        self.updates += updates;
    }

    #[inline(always)]
    pub(crate) fn unhide<const C: bool>(&mut self, p: u32) {
        unhide_in::<C>(&Arena::new(&mut self.nodes), p);
    }

    #[inline(always)]
    pub(crate) fn cover<const C: bool>(&mut self, i: u32) {
        self.cover_while::<C>(i, |_| true);
    }

    /// Covers item `i`, hiding the options of its list from the top for as
    /// long as `within` holds of their nodes (a minimum-cost search hides
    /// only the affordable ones).
    #[inline(always)]
    pub(crate) fn cover_while<const C: bool>(&mut self, i: u32, within: impl Fn(u32) -> bool) {
        self.unlink_item(i);
        self.updates += 1;
        let mut p = Arena::new(&mut self.nodes).get(i).down;
        while p != i && within(p) {
            self.hide::<C>(p);
            p = Arena::new(&mut self.nodes).get(p).down;
        }
    }

    #[inline(always)]
    pub(crate) fn uncover<const C: bool>(&mut self, i: u32) {
        let last = Arena::new(&mut self.nodes).get(i).up;
        self.uncover_from::<C>(i, last);
    }

    /// Undoes a cover of item `i` that hid its options down to `last`.
    #[inline(always)]
    pub(crate) fn uncover_from<const C: bool>(&mut self, i: u32, last: u32) {
        let mut p = last;
        while p != i {
            self.unhide::<C>(p);
            p = Arena::new(&mut self.nodes).get(p).up;
        }
        self.relink_item(i);
    }

    /// Keeps only the options that give `p`'s item `p`'s color.
    fn purify(&mut self, p: u32) {
        self.purify_while(p, |_| true);
    }

    /// Keeps, of the options of `p`'s item's list from the top for as long
    /// as `within` holds of their nodes, only those that give the item
    /// `p`'s color.
    #[inline(always)]
    pub(crate) fn purify_while(&mut self, p: u32, within: impl Fn(u32) -> bool) {
        let nodes = Arena::new(&mut self.nodes);
        let Node { top: i, color: c, .. } = nodes.get(p);
        nodes.set_color(i, c);
        let mut updates = 0;
        let mut q = nodes.get(i).down;
        while q != i && within(q) {
            let n = nodes.get(q);
            if n.color == c {
                if q != p {
                    nodes.set_color(q, DONE);
                }
            } else {
                updates += hide_in::<true>(&nodes, q);
            }
            q = n.down;
        }
        self.updates += updates;
    }

    fn unpurify(&mut self, p: u32) {
        let i = self.nodes[p as usize].top;
        self.unpurify_from(p, self.nodes[i as usize].up);
    }

    /// Undoes a purification by `p` that went down its item's list to
    /// `last`.
    #[inline(always)]
    pub(crate) fn unpurify_from(&mut self, p: u32, last: u32) {
        let nodes = Arena::new(&mut self.nodes);
        let Node { top: i, color: c, .. } = nodes.get(p);
        let mut q = last;
        while q != i {
            let n = nodes.get(q);
            if n.color == DONE {
                nodes.set_color(q, c);
            } else if q != p {
                unhide_in::<true>(&nodes, q);
            }
            q = n.up;
        }
        nodes.set_color(i, 0);
    }

    /// Commits node `p` of a chosen option: covers its item, purifies it,
    /// or (Algorithm M, primary item) uses up one unit of its bound.
    #[inline(always)]
    pub(crate) fn commit<const C: bool, const M: bool>(&mut self, p: u32, num_primary: u32) {
        let n = Arena::new(&mut self.nodes).get(p);
        self.commit_node::<C, M>(p, n, num_primary);
    }

    /// [`commit`](Self::commit) of node `p`, which holds `n`.
    #[inline(always)]
    fn commit_node<const C: bool, const M: bool>(&mut self, p: u32, n: Node, num_primary: u32) {
        let Node { top: j, color, .. } = n;
        if M && j <= num_primary {
            let b = self.bound[j as usize] - 1;
            self.bound[j as usize] = b;
            if b == 0 {
                self.cover::<C>(j);
            }
        } else if !C || color == 0 {
            self.cover::<C>(j);
        } else if color != DONE {
            self.purify(p);
        }
    }

    /// Undoes [`commit`](Self::commit).
    #[inline(always)]
    pub(crate) fn uncommit<const C: bool, const M: bool>(&mut self, p: u32, num_primary: u32) {
        let n = Arena::new(&mut self.nodes).get(p);
        self.uncommit_node::<C, M>(p, n, num_primary);
    }

    /// [`uncommit`](Self::uncommit) of node `p`, which holds `n`.
    #[inline(always)]
    fn uncommit_node<const C: bool, const M: bool>(&mut self, p: u32, n: Node, num_primary: u32) {
        let Node { top: j, color, .. } = n;
        if M && j <= num_primary {
            let b = self.bound[j as usize];
            if b == 0 {
                self.uncover::<C>(j);
            }
            self.bound[j as usize] = b + 1;
        } else if !C || color == 0 {
            self.uncover::<C>(j);
        } else if color != DONE {
            self.unpurify(p);
        }
    }

    /// Commits every node of `x`'s option except `x`, left to right.
    #[inline(always)]
    pub(crate) fn commit_others<const C: bool, const M: bool>(&mut self, x: u32, num_primary: u32) {
        let mut p = x + 1;
        while p != x {
            let n = Arena::new(&mut self.nodes).get(p);
            if n.top == SPACER {
                p = n.up;
                continue;
            }
            self.commit_node::<C, M>(p, n, num_primary);
            p += 1;
        }
    }

    /// Undoes [`commit_others`](Self::commit_others), right to left.
    #[inline(always)]
    pub(crate) fn uncommit_others<const C: bool, const M: bool>(
        &mut self,
        x: u32,
        num_primary: u32,
    ) {
        let mut p = x - 1;
        while p != x {
            let n = Arena::new(&mut self.nodes).get(p);
            if n.top == SPACER {
                p = n.down;
                continue;
            }
            self.uncommit_node::<C, M>(p, n, num_primary);
            p -= 1;
        }
    }

    /// Algorithm M: takes option `x` (the topmost of item `i`'s list) out of
    /// play for the rest of this level: hides it everywhere, `i` included.
    pub(crate) fn tweak<const C: bool>(&mut self, x: u32, i: u32) {
        self.hide::<C>(x);
        let nodes = Arena::new(&mut self.nodes);
        let Node { up, down, .. } = nodes.get(x);
        nodes.set_down(up, down);
        nodes.set_up(down, up);
        nodes.add_top(i, u32::MAX);
        self.updates += 1;
    }

    /// Undoes a single [`tweak`](Self::tweak) of `x` from item `i`.
    pub(crate) fn untweak_one(&mut self, x: u32, i: u32) {
        let Node { up, down, .. } = self.nodes[x as usize];
        self.nodes[up as usize].down = x;
        self.nodes[down as usize].up = x;
        self.nodes[i as usize].top += 1;
        self.unhide::<true>(x);
    }

    /// Undoes every [`tweak`](Self::tweak) of item `i` since its list began
    /// at node `first`.
    pub(crate) fn untweak<const C: bool>(&mut self, i: u32, first: u32) {
        let z = Arena::new(&mut self.nodes).get(i).down;
        Arena::new(&mut self.nodes).set_down(i, first);
        let (mut prev, mut r, mut k) = (i, first, 0);
        while r != z {
            Arena::new(&mut self.nodes).set_up(r, prev);
            k += 1;
            self.unhide::<C>(r);
            prev = r;
            r = Arena::new(&mut self.nodes).get(r).down;
        }
        let nodes = Arena::new(&mut self.nodes);
        nodes.set_up(z, prev);
        nodes.add_top(i, k);
    }
}
