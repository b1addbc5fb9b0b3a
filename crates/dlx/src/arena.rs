//! The dancing-links arena: every node of the exact-cover matrix in one
//! `Vec`, linked by `u32` indices, in the layout of Knuth's DLX1/DLX2.
//!
//! - Node `0` is unused; nodes `1..=N` are the item headers (internal item
//!   numbers: primary items first, then secondary items, each group in the
//!   order the items were added). A header's `top` field holds the item's
//!   current list length, its `color` field the color it was purified with.
//! - Then come the options, each followed by a *spacer* node (`top == 0`).
//!   A spacer's `up` is the first node of the option before it, its `down`
//!   the last node of the option after it, and its `color` the index of the
//!   option before it (so a node maps back to its option without a table).
//! - `links` holds the doubly linked lists of active items: `0` heads the
//!   primary list, `N + 1` the secondary list.
//!
//! Options without a primary item get nodes (so they can be forced into a
//! partial solution) but are never linked into the item lists: the search
//! cannot choose them, as in Knuth's programs.

use crate::entry::{Bounds, Entry};
use crate::error::{Error, ErrorKind};
use crate::fast::Valid;
use crate::id::MAX_INDEX;

/// Marks an option node whose secondary item has already been purified with
/// the node's color (Knuth's `color < 0`).
pub(crate) const DONE: u32 = u32::MAX;
/// The `top` of a spacer node.
pub(crate) const SPACER: u32 = 0;
/// The head of the list of active primary items.
pub(crate) const ROOT: u32 = 0;

/// One node of the arena. For option nodes `top` is the item, for headers
/// the list length; `color` is 0 (none), a color plus one, or [`DONE`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct Node {
    pub(crate) up: u32,
    pub(crate) down: u32,
    pub(crate) top: u32,
    pub(crate) color: u32,
}

/// A link of an item list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Link {
    pub(crate) prev: u32,
    pub(crate) next: u32,
}

/// The initial state of the arena, shared by every solver of a problem.
#[derive(Debug, Clone)]
pub(crate) struct Matrix {
    pub(crate) nodes: Valid<Node>,
    pub(crate) links: Valid<Link>,
    /// Upper bound of each internal item (1 for secondary items).
    pub(crate) bound: Vec<u32>,
    /// `hi - lo` of each internal item (0 for secondary items).
    pub(crate) slack: Vec<u32>,
    /// External item index of each internal item (index 0 unused).
    pub(crate) external: Vec<u32>,
    /// First node of each option (its spacer if the option is empty).
    pub(crate) option_node: Vec<u32>,
    /// Whether each option is linked into the lists (has a primary item).
    pub(crate) usable: Vec<bool>,
    num_primary: usize,
    has_colors: bool,
    has_multiplicities: bool,
}

impl Matrix {
    pub(crate) fn new(
        items: &[Option<Bounds>],
        entries: &[Entry],
        option_start: &[u32],
    ) -> Result<Matrix, Error> {
        let n = items.len();
        let num_options = option_start.len() - 1;
        let total = n + 2 + entries.len() + num_options;
        if total > MAX_INDEX {
            return Err(Error::new(ErrorKind::TooLarge("nodes")));
        }
        let num_primary = items.iter().filter(|b| b.is_some()).count();
        let mut internal = vec![0u32; n];
        let mut external = vec![u32::MAX; n + 2];
        let mut bound = vec![1u32; n + 2];
        let mut slack = vec![0u32; n + 2];
        let (mut next_primary, mut next_secondary) = (1u32, num_primary as u32 + 1);
        let mut has_multiplicities = false;
        for (x, bounds) in items.iter().enumerate() {
            let k = match *bounds {
                Some(b) => {
                    has_multiplicities |= b.lo != 1 || b.hi != 1;
                    let k = next_primary;
                    next_primary += 1;
                    bound[k as usize] = b.hi;
                    slack[k as usize] = b.hi - b.lo;
                    k
                }
                None => {
                    let k = next_secondary;
                    next_secondary += 1;
                    k
                }
            };
            internal[x] = k;
            external[k as usize] = x as u32;
        }

        let mut links = vec![Link::default(); n + 2];
        let head2 = n as u32 + 1;
        let link_ring = |links: &mut [Link], head: u32, first: u32, last: u32| {
            // Items first..=last in a ring with `head`.
            let mut prev = head;
            for k in first..=last {
                links[prev as usize].next = k;
                links[k as usize].prev = prev;
                prev = k;
            }
            links[prev as usize].next = head;
            links[head as usize].prev = prev;
        };
        link_ring(&mut links, ROOT, 1, num_primary as u32);
        link_ring(&mut links, head2, num_primary as u32 + 1, n as u32);

        let mut nodes = Vec::with_capacity(total);
        nodes.push(Node::default());
        for k in 1..=n as u32 {
            nodes.push(Node { up: k, down: k, top: 0, color: 0 });
        }
        // The first spacer.
        nodes.push(Node { up: 0, down: 0, top: SPACER, color: DONE - 1 });
        let mut option_node = Vec::with_capacity(num_options);
        let mut usable = Vec::with_capacity(num_options);
        let mut has_colors = false;
        for o in 0..num_options {
            let spacer_before = nodes.len() - 1;
            let start = nodes.len() as u32;
            let es = &entries[option_start[o] as usize..option_start[o + 1] as usize];
            let link = es.iter().any(|e| items[e.item.index()].is_some());
            for e in es {
                let k = internal[e.item.index()];
                let color = match e.color {
                    Some(c) => {
                        has_colors = true;
                        c.as_u32() + 1
                    }
                    None => 0,
                };
                let x = nodes.len() as u32;
                if link {
                    let last = nodes[k as usize].up;
                    nodes.push(Node { up: last, down: k, top: k, color });
                    nodes[last as usize].down = x;
                    nodes[k as usize].up = x;
                    nodes[k as usize].top += 1;
                } else {
                    nodes.push(Node { up: 0, down: 0, top: k, color });
                }
            }
            let end = nodes.len() as u32; // index of the spacer after
            nodes[spacer_before].down = end - 1;
            nodes.push(Node { up: start, down: 0, top: SPACER, color: o as u32 });
            option_node.push(start);
            usable.push(link);
        }
        // Checked once here; every solver's arena is a clone.
        let stored = "Matrix::new stores only indices of nodes it pushed";
        Ok(Matrix {
            nodes: Valid::new(nodes).expect(stored),
            links: Valid::new(links).expect(stored),
            bound,
            slack,
            external,
            option_node,
            usable,
            num_primary,
            has_colors,
            has_multiplicities,
        })
    }

    pub(crate) fn num_primary(&self) -> usize {
        self.num_primary
    }

    pub(crate) fn num_items(&self) -> usize {
        self.links.len() - 2
    }

    pub(crate) fn has_colors(&self) -> bool {
        self.has_colors
    }

    pub(crate) fn has_multiplicities(&self) -> bool {
        self.has_multiplicities
    }

    /// The option that node `x` belongs to (`x` must be an option node).
    #[inline]
    pub(crate) fn option_of(nodes: &[Node], mut x: u32) -> u32 {
        while nodes[x as usize].top != SPACER {
            x += 1;
        }
        nodes[x as usize].color
    }
}
