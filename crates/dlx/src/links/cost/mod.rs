//! Branch and bound for [`Links`]: the state of a minimum-cost search
//! (Knuth's DLX5), its choice of item and its level operations
//! (`levels.rs`, with the thresholded dance steps).
//!
//! **Taxes.** As in DLX5, each primary item in turn is taxed the least
//! cost, less the taxes already taken, of the options that cover it, and
//! every such option's cost goes down by that tax. What is left of an
//! option's cost, its *reduced* cost, is never negative, and since a
//! solution covers every primary item once, its cost is the sum of all
//! taxes plus its options' reduced costs. Every item's list is sorted by
//! reduced cost (ties in option order), once, when the search is made.
//!
//! **The bound.** `level` is the cost of the options chosen so far plus
//! the taxes of the primary items still open: no solution below the node
//! costs less. The *cutoff* is the cost of the k-th best solution found so
//! far (none until there are k). An option is *affordable* at a node when
//! `level` plus its reduced cost is at most the cutoff: only those can be
//! in a solution that still counts. A node is cut when some open item has
//! no affordable option left; its item to branch on is the one with the
//! fewest affordable options (ties to the item whose cheapest option costs
//! most, as DLX5 breaks them, then to item order); a level ends at its
//! first option that is not affordable (the list is sorted, so no later
//! one is). Covering an item hides only its affordable options, as DLX5
//! does: the others stay in the lists, at their ends, never chosen below
//! (the level only grows and the cutoff only falls), and the threshold
//! each cover used is kept for its uncover.
//!
//! The cutoff is inclusive: a solution that only ties the k-th best is
//! still found, so that ties can be broken by a rule that does not depend
//! on the order of the search (see `crate::cost`), the same on any number
//! of threads.

mod levels;

use super::Links;
use crate::arena::{Matrix, Node, ROOT, SPACER};
use crate::id::OptionId;
use crate::problem::Problem;

/// No cutoff yet: fewer than k solutions found.
pub(crate) const NO_CUTOFF: u64 = u64::MAX;

/// What a minimum-cost search of [`Links`] adds to its state.
#[derive(Debug, Clone)]
pub(crate) struct Costs {
    /// The reduced cost of each node's option (by node index; 0 for item
    /// headers).
    reduced: Vec<u64>,
    /// The taxes of all primary items.
    taxes: u64,
    /// `level` at the top of the tree: the taxes plus the reduced costs of
    /// the forced options.
    pub(super) root: u64,
    /// The cost of the options chosen so far plus the taxes of the primary
    /// items still open.
    pub(crate) level: u64,
    /// The cost of the k-th best solution so far, or [`NO_CUTOFF`].
    pub(crate) cutoff: u64,
    /// Per open level: the threshold its item was covered with, and the
    /// one its current option's other items were committed with.
    limits: Vec<[u64; 2]>,
}

impl Costs {
    /// The taxes and reduced costs of `problem`, and every item list (in
    /// the arena `nodes`) sorted by reduced cost. Not for problems with
    /// multiplicities (their items are not covered once).
    fn new(problem: &Problem, nodes: &mut [Node]) -> Costs {
        let m: &Matrix = &problem.matrix;
        let mut reduced = vec![0u64; nodes.len()];
        let mut cost: Vec<u64> = problem.options().map(|o| problem.cost(o)).collect();
        let option = |nodes: &[Node], x: u32| Matrix::option_of(nodes, x) as usize;
        let mut taxes = 0u64;
        for k in 1..=m.num_primary() as u32 {
            let mut tax = u64::MAX;
            let mut x = nodes[k as usize].down;
            while x != k {
                tax = tax.min(cost[option(nodes, x)]);
                x = nodes[x as usize].down;
            }
            if tax == u64::MAX || tax == 0 {
                continue; // no options, or one that costs nothing now
            }
            // At most the sum of all costs, which fits (checked by the
            // builder): each tax comes off some option, and no option
            // loses more than its cost.
            taxes += tax;
            let mut x = nodes[k as usize].down;
            while x != k {
                cost[option(nodes, x)] -= tax;
                x = nodes[x as usize].down;
            }
        }
        for (o, &start) in m.option_node.iter().enumerate() {
            let mut x = start as usize;
            reduced[x] = cost[o];
            while nodes[x].top != SPACER {
                reduced[x] = cost[o];
                x += 1;
            }
        }
        // Sort each list by reduced cost; a stable sort keeps option order
        // among equals.
        let mut list = Vec::new();
        for k in 1..=m.num_items() as u32 {
            list.clear();
            let mut x = nodes[k as usize].down;
            while x != k {
                list.push(x);
                x = nodes[x as usize].down;
            }
            list.sort_by_key(|&x| reduced[x as usize]);
            let mut prev = k;
            for &x in &list {
                nodes[prev as usize].down = x;
                nodes[x as usize].up = prev;
                prev = x;
            }
            nodes[prev as usize].down = k;
            nodes[k as usize].up = prev;
        }
        Costs { reduced, taxes, root: taxes, level: taxes, cutoff: NO_CUTOFF, limits: Vec::new() }
    }

    /// The reduced cost of the option of node `x`.
    #[inline(always)]
    fn reduced(&self, x: u32) -> u64 {
        self.reduced[x as usize]
    }

    /// The largest reduced cost an option may have to be affordable now.
    #[inline(always)]
    fn limit(&self) -> u64 {
        match self.cutoff {
            NO_CUTOFF => u64::MAX,
            cutoff => cutoff.saturating_sub(self.level),
        }
    }

    /// Whether `level` plus `r` passes the cutoff.
    #[inline(always)]
    fn beyond(&self, r: u64) -> bool {
        self.cutoff != NO_CUTOFF && self.level.saturating_add(r) > self.cutoff
    }
}

impl<'p> Links<'p> {
    /// A dancing-links search for the cheapest solutions: every list
    /// sorted by reduced cost, never randomized. Run it only through
    /// [`run`](crate::engine::Search::run), from the top (no `descend`, no estimate).
    pub(crate) fn new_costed(problem: &'p Problem, heuristic: crate::config::Heuristic) -> Self {
        let mut links = Links::new(problem, heuristic, None);
        links.cost = Some(Box::new(Costs::new(problem, &mut links.dance.nodes)));
        links
    }

    /// The cost of the options chosen so far plus the taxes of the open
    /// primary items: at a solution, its cost (forced options included).
    pub(crate) fn cost_level(&self) -> u64 {
        self.cost.as_deref().map_or(0, |c| c.level)
    }

    /// Sets the cutoff: the cost of the k-th best solution so far (or
    /// [`NO_CUTOFF`]). It may only fall during a search.
    pub(crate) fn set_cutoff(&mut self, cutoff: u64) {
        if let Some(c) = self.cost.as_deref_mut() {
            c.cutoff = cutoff;
        }
    }

    /// The forced option `option`, in the costed search's root.
    pub(super) fn force_cost(&mut self, option: OptionId) {
        let x = self.problem.matrix.option_node[option.index()];
        if let Some(c) = self.cost.as_deref_mut() {
            c.root += c.reduced(x);
            c.level = c.root;
        }
    }

    /// Forgets the forced options and the cutoff.
    pub(super) fn clear_costs(&mut self) {
        if let Some(c) = self.cost.as_deref_mut() {
            (c.root, c.level, c.cutoff) = (c.taxes, c.taxes, NO_CUTOFF);
            c.limits.clear();
        }
    }

    /// The item to branch on: the fewest affordable options, ties to the
    /// item whose cheapest option costs the most, then to item order.
    /// Returns `None` when no primary item is open (a solution), else the
    /// item and its number of affordable options, 0 for a dead end.
    #[inline]
    pub(super) fn choose_item_costed(&self) -> Option<(u32, i64)> {
        let c = self.cost.as_deref().expect("a costed search");
        let d = &self.dance;
        let mut k = d.links[ROOT as usize].next;
        if k == ROOT {
            return None;
        }
        let limit = c.limit();
        let (mut best, mut best_len, mut best_min) = (k, u32::MAX, 0);
        while k != ROOT {
            let first = d.nodes[k as usize].down;
            let min = if first == k { u64::MAX } else { c.reduced(first) };
            if min > limit {
                return Some((k, 0)); // nothing affordable left
            }
            let len = if limit == u64::MAX {
                d.nodes[k as usize].top
            } else {
                // Count the affordable options, as far as they can beat
                // the best so far (ties included, for the tie-break).
                let (mut n, mut x) = (0, first);
                while x != k && n <= best_len && c.reduced(x) <= limit {
                    n += 1;
                    x = d.nodes[x as usize].down;
                }
                n
            };
            if len < best_len || (len == best_len && min > best_min) {
                (best, best_len, best_min) = (k, len, min);
            }
            k = d.links[k as usize].next;
        }
        Some((best, i64::from(best_len)))
    }
}

impl Links<'_> {
    /// Gives away the untried affordable options of the highest level this
    /// search owns (raising its floor past it, as `Solver::split_floor`
    /// does), going deeper while a level has none: returns the options
    /// chosen above that level, from the top, and the options given away.
    /// Each given-away option, forced after the ones above it, is a
    /// subtree no longer this search's. Only between runs, standing at a
    /// node (every open level's option committed).
    pub(crate) fn split_costed(&mut self) -> Option<(Vec<OptionId>, Vec<OptionId>)> {
        let c = self.cost.as_deref()?;
        while self.walk.floor < self.walk.frames.len() {
            let f = self.walk.floor;
            self.walk.floor += 1;
            let frame = self.walk.frames[f];
            // `level` where level `f` chose its option.
            let deeper: u64 = self.walk.frames[f..].iter().map(|g| c.reduced(g.choice)).sum();
            let base = c.level - deeper;
            let nodes = &self.dance.nodes;
            let mut given = Vec::new();
            let mut y = nodes[frame.choice as usize].down;
            while y != frame.item
                && (c.cutoff == NO_CUTOFF || base.saturating_add(c.reduced(y)) <= c.cutoff)
            {
                given.push(OptionId::new(Matrix::option_of(nodes, y) as usize));
                y = nodes[y as usize].down;
            }
            if !given.is_empty() {
                let above = self.walk.frames[..f]
                    .iter()
                    .map(|g| OptionId::new(Matrix::option_of(nodes, g.choice) as usize))
                    .collect();
                return Some((above, given));
            }
        }
        None
    }
}
