//! Branch and bound for [`Links`]: the state of a minimum-cost search
//! (Knuth's DLX5) and the two cuts the search loop makes with it.
//!
//! **Taxes.** As in DLX5, each primary item in turn is taxed the least
//! cost, less the taxes already taken, of the options that cover it, and
//! every such option's cost goes down by that tax. What is left of an
//! option's cost, its *reduced* cost, is never negative, and since a
//! solution covers every primary item once, its cost is the sum of all
//! taxes plus its options' reduced costs. Each primary item's list is
//! sorted by reduced cost (ties in option order), once, when the search is
//! made.
//!
//! **The bound.** `level` is the cost of the options chosen so far plus
//! the taxes of the primary items still open: no solution below the node
//! costs less. Every open item still needs one of its options, so `level`
//! plus the largest of the cheapest reduced costs left in the items' lists
//! (the first of each sorted list) is a bound too. A node is cut when that
//! bound reaches the *cutoff*, the k-th best solution found so far; within
//! a level, an option whose reduced cost takes `level` to the cutoff ends
//! the level, as every later option costs as much or more.
//!
//! **Ties.** Solutions rank by cost, then by where a one-thread search
//! meets them (their paths, a branch index per level, compared in order).
//! A node whose bound equals the cutoff's cost is cut only when its path
//! comes after the cutoff's: so the k cheapest are the same, solutions
//! included, whichever thread finds them first. The tree itself (the item
//! branched on, the order of its options) never depends on the cutoff, so
//! a path means the same node to every worker of a parallel search.

use super::Links;
use crate::id::OptionId;
use crate::matrix::{Matrix, ROOT, SPACER};
use crate::problem::Problem;

/// The k-th best solution found so far: no solution ranked after it is
/// wanted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Cutoff {
    /// Its cost.
    pub(crate) cost: u64,
    /// Its path: the branch taken at each level, from the top.
    pub(crate) path: Vec<u32>,
}

impl Cutoff {
    /// Whether every solution at or below the node at `path`, none of which
    /// costs less than `bound`, ranks after the cutoff.
    #[inline]
    fn passed(&self, bound: u64, path: impl Iterator<Item = u32>) -> bool {
        if bound != self.cost {
            return bound > self.cost;
        }
        for (a, b) in path.zip(self.path.iter().copied()) {
            if a != b {
                return a > b;
            }
        }
        // On the way to the cutoff's own solution (a solution is a leaf,
        // so no path goes on past it).
        false
    }
}

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
    root: u64,
    /// The cost of the options chosen so far plus the taxes of the primary
    /// items still open.
    pub(crate) level: u64,
    /// The k-th best solution so far, once there are k.
    pub(crate) cutoff: Option<Cutoff>,
}

impl Costs {
    /// The taxes and reduced costs of `problem`, and its primary lists
    /// (in `matrix`'s copy `nodes`) sorted by reduced cost. Not for
    /// problems with multiplicities (their items are not covered once).
    pub(crate) fn new(problem: &Problem, nodes: &mut [crate::matrix::Node]) -> Costs {
        let m: &Matrix = &problem.matrix;
        let mut reduced = vec![0u64; nodes.len()];
        let mut cost: Vec<u64> = problem.options().map(|o| problem.cost(o)).collect();
        // Each node's option, for the options with a primary item.
        let option = |nodes: &[crate::matrix::Node], x: u32| Matrix::option_of(nodes, x) as usize;
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
            taxes += tax; // at most the sum of all costs, which fits
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
        // Sort each primary list by reduced cost; a stable sort keeps
        // option order among equals.
        let mut list = Vec::new();
        for k in 1..=m.num_primary() as u32 {
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
        Costs { reduced, taxes, root: taxes, level: taxes, cutoff: None }
    }

    /// The reduced cost of the option of node `x`.
    #[inline]
    pub(crate) fn reduced(&self, x: u32) -> u64 {
        self.reduced[x as usize]
    }

    /// Takes in an option forced at the top (its first node `x`).
    pub(crate) fn force(&mut self, x: u32) {
        self.root += self.reduced[x as usize];
        self.level = self.root;
    }

    /// Forgets the forced options and the cutoff.
    pub(crate) fn clear(&mut self) {
        self.root = self.taxes;
        self.level = self.root;
        self.cutoff = None;
    }

    /// Back at the top of the tree (the forced options still in).
    pub(crate) fn unwind(&mut self) {
        self.level = self.root;
    }
}

impl Links<'_> {
    /// A dancing-links search for the cheapest solutions: each primary
    /// list sorted by reduced cost, never randomized.
    pub(crate) fn new_costed(problem: &Problem, heuristic: crate::config::Heuristic) -> Links<'_> {
        let mut links = Links::new(problem, heuristic, None);
        links.cost = Some(Box::new(Costs::new(problem, &mut links.dance.nodes)));
        links
    }

    /// The costed search's state, if this is one.
    pub(crate) fn costs(&self) -> Option<&Costs> {
        self.cost.as_deref()
    }

    /// Sets the cutoff: the k-th best solution so far, if any.
    pub(crate) fn set_cutoff(&mut self, cutoff: Option<Cutoff>) {
        if let Some(c) = self.cost.as_deref_mut() {
            c.cutoff = cutoff;
        }
    }

    /// The item to branch on in a minimum-cost search: the fewest options
    /// left, ties to the item whose cheapest option left costs the most
    /// (as DLX5 breaks them), then to item order. Returns `None` when no
    /// primary item is open (a solution), else the item and its number of
    /// options, 0 when the node is a dead end or, with `cut`, holds nothing
    /// ranked before the cutoff (every open item still needs one of its
    /// options, so the dearest of their cheapest options is a bound).
    #[inline]
    pub(super) fn choose_item_costed(&self, cut: bool) -> Option<(u32, i64)> {
        let c = self.cost.as_deref().expect("a costed search");
        let d = &self.dance;
        let mut k = d.links[ROOT as usize].next;
        if k == ROOT {
            return None;
        }
        let (mut best, mut best_len, mut best_min) = (k, u32::MAX, 0);
        let mut most = 0;
        while k != ROOT {
            let len = d.nodes[k as usize].top;
            if len == 0 {
                return Some((k, 0));
            }
            let min = c.reduced(d.nodes[k as usize].down);
            most = most.max(min);
            if len < best_len || (len == best_len && min > best_min) {
                (best, best_len, best_min) = (k, len, min);
            }
            k = d.links[k as usize].next;
        }
        let cut = cut
            && c.cutoff.as_ref().is_some_and(|cutoff| {
                cutoff.passed(c.level.saturating_add(most), self.frames.iter().map(|f| f.branch))
            });
        Some((best, if cut { 0 } else { i64::from(best_len) }))
    }

    /// Whether the top level's current option, and so every later one,
    /// holds nothing ranked before the cutoff.
    #[inline]
    pub(super) fn cut_choice(&self) -> bool {
        let Some(c) = self.cost.as_deref() else { return false };
        let Some(cutoff) = &c.cutoff else { return false };
        let f = self.frames.last().expect("a level is open");
        if f.choice == f.item {
            return false; // no option left: the level ends anyway
        }
        cutoff.passed(
            c.level.saturating_add(c.reduced(f.choice)),
            self.frames.iter().map(|f| f.branch),
        )
    }

    /// Takes the top level's option into `level` (after it is committed)
    /// or out of it (`add` false, before it is undone).
    #[inline]
    pub(super) fn count_choice(&mut self, add: bool) {
        let choice = self.frames.last().expect("a level is open").choice;
        if let Some(c) = self.cost.as_deref_mut() {
            let r = c.reduced(choice);
            c.level = if add { c.level + r } else { c.level - r };
        }
    }

    /// Sets `level` from the choices on the stack (after a descent).
    pub(super) fn recount_level(&mut self) {
        if let Some(c) = self.cost.as_deref_mut() {
            c.level = c.root;
            for f in &self.frames {
                if f.choice != f.item {
                    c.level += c.reduced(f.choice);
                }
            }
        }
    }

    /// The forced option `option`, in the costed search's root.
    pub(super) fn force_cost(&mut self, option: OptionId) {
        let x = self.problem.matrix.option_node[option.index()];
        if let Some(c) = self.cost.as_deref_mut() {
            c.force(x);
        }
    }
}
