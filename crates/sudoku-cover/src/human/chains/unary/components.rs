//! [`Components`]: which searches of [`Unary`](super::Unary) can find
//! anything, from the strongly connected components of a pass's links.
//!
//! A cycle search from a candidate closes its cycles through one of the
//! candidate's partners (the other candidate of a bivalue cell, the other
//! place of its digit in a house), whose "off" forces it on: it comes back
//! to that "off" from an "on" other than the candidate's, and that "on"
//! lies in the component of the candidate's. A forcing chain goes from a
//! potential to its opposite, so the opposite is reachable. Most searches
//! of a nested grid find nothing, and each is a breadth-first search that
//! builds its whole implication graph; the components rule most of them
//! out at the cost of one walk of the pass's links.
//!
//! The components are numbered as Tarjan's algorithm completes them, so
//! that a potential reaches only potentials of components numbered at most
//! its own: a target numbered above its source is out of reach, and a
//! search for it passes only potentials numbered between the two.

use super::Pass;
use crate::human::candidates::{Bits, Mask};
use crate::human::chains::graph::{Cand, NONE};
use crate::human::chains::links::Links;

/// The strongly connected components of one pass's links on one grid.
#[derive(Debug, Default)]
pub(super) struct Components {
    /// The pass's links as one successor table: potential `p` implies
    /// `next[first[p] .. first[p + 1]]` (potentials not in the grid have
    /// none).
    first: Vec<u32>,
    next: Vec<u32>,
    /// Per potential (`cand · 2 + on`), its component's number ([`NONE`]:
    /// not a candidate of the grid).
    comp: Vec<u32>,
    /// Per component, whether it holds two potentials or more.
    cyclic: Vec<bool>,
    /// Per component, the lowest number of a component it reaches (itself
    /// included): a component reaches another only if this is at most the
    /// other's.
    lowest: Vec<u32>,
    /// The potentials in the order their components were completed.
    members: Vec<u32>,
    /// Tarjan's visit order and lowest reachable visit order per potential,
    /// and its stacks.
    order: Vec<u32>,
    low: Vec<u32>,
    stack: Vec<u32>,
    calls: Vec<(u32, u32)>,
    /// The reach test's visits: per potential, the stamp of the last test
    /// that met it.
    stamp: Vec<u32>,
    now: u32,
    queue: Vec<u32>,
    /// Per potential, the last computation (`generation`) in which it was
    /// found not to reach its opposite.
    settled: Vec<u32>,
    generation: u32,
}

/// A potential's number.
#[inline]
fn potential(cand: Cand, on: bool) -> u32 {
    cand * 2 + u32::from(on)
}

impl Components {
    /// Computes the components of `pass`'s links on the grid `masks`
    /// (whose links `links` lists), of side `n`, in place of the last.
    pub fn compute(&mut self, links: &Links, masks: &[Mask], n: usize, pass: Pass) {
        let potentials = 2 * masks.len() * n;
        self.first.clear();
        self.first.resize(potentials + 1, 0);
        self.next.clear();
        for (cell, &mask) in masks.iter().enumerate() {
            let base = cell * n;
            // The potentials between two candidates have no successors.
            let mut at = 2 * base;
            for i in Bits(mask) {
                let cand = (base + i) as Cand;
                let off = potential(cand, false) as usize;
                let filled = self.next.len() as u32;
                self.first[at..=off].fill(filled);
                let ons = links.off_to_on(cand, pass.cell, pass.house);
                self.next.extend(ons.iter().map(|&(c, _)| potential(c, true)));
                self.first[off + 1] = self.next.len() as u32;
                let offs = links.on_to_off(cand, pass.cell);
                self.next.extend(offs.iter().map(|&c| potential(c, false)));
                at = off + 2;
            }
            let filled = self.next.len() as u32;
            self.first[at..=2 * (base + n)].fill(filled);
        }
        self.comp.clear();
        self.comp.resize(potentials, NONE);
        self.order.clear();
        self.order.resize(potentials, NONE);
        self.low.clear();
        self.low.resize(potentials, 0);
        self.cyclic.clear();
        self.members.clear();
        self.tarjan(masks, n);
        // Components in the order completed: each reaches only those
        // completed before it, whose lowest numbers are known.
        let Components { first, next, comp, lowest, members, .. } = self;
        lowest.clear();
        lowest.extend(0..self.cyclic.len() as u32);
        for &p in members.iter() {
            let c = comp[p as usize] as usize;
            for &q in &next[first[p as usize] as usize..first[p as usize + 1] as usize] {
                lowest[c] = lowest[c].min(lowest[comp[q as usize] as usize]);
            }
        }
        if self.stamp.len() != potentials {
            self.stamp = vec![0; potentials];
            self.now = 0;
            self.settled = vec![0; potentials];
            self.generation = 0;
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.settled.fill(0);
            self.generation = 1;
        }
    }

    /// Tarjan's algorithm without recursion, from every potential of the
    /// grid in turn.
    fn tarjan(&mut self, masks: &[Mask], n: usize) {
        let Components { first, next, comp, cyclic, order, low, stack, calls, members, .. } = self;
        let mut visits = 0u32;
        for (cell, &mask) in masks.iter().enumerate() {
            for i in Bits(mask) {
                for on in [true, false] {
                    let root = potential((cell * n + i) as Cand, on);
                    if order[root as usize] != NONE {
                        continue;
                    }
                    order[root as usize] = visits;
                    low[root as usize] = visits;
                    visits += 1;
                    stack.push(root);
                    calls.push((root, first[root as usize]));
                    while let Some(&mut (p, ref mut at)) = calls.last_mut() {
                        let pu = p as usize;
                        if *at < first[pu + 1] {
                            let q = next[*at as usize] as usize;
                            *at += 1;
                            if order[q] == NONE {
                                order[q] = visits;
                                low[q] = visits;
                                visits += 1;
                                stack.push(q as u32);
                                calls.push((q as u32, first[q]));
                            } else if comp[q] == NONE {
                                // On the stack: in the component being built.
                                low[pu] = low[pu].min(order[q]);
                            }
                            continue;
                        }
                        calls.pop();
                        if let Some(&(parent, _)) = calls.last() {
                            let parent = parent as usize;
                            low[parent] = low[parent].min(low[pu]);
                        }
                        if low[pu] == order[pu] {
                            let number = cyclic.len() as u32;
                            let mut size = 0;
                            while let Some(q) = stack.pop() {
                                comp[q as usize] = number;
                                members.push(q);
                                size += 1;
                                if q == p {
                                    break;
                                }
                            }
                            cyclic.push(size > 1);
                        }
                    }
                }
            }
        }
    }

    /// Whether a cycle search from `cand` on can close a cycle: whether
    /// some other candidate's "on", in the component of `cand`'s, turns
    /// off a candidate whose "off" forces `cand` on. (A cycle search closes
    /// its cycles through such an off: the candidates that force `cand` on
    /// are its partners in a cell or house, which `cand` turns off at its
    /// first link, and a cycle comes back to one of them from an "on"
    /// further on, which lies in the component.)
    pub fn can_close(&self, links: &Links, pass: Pass, cand: Cand) -> bool {
        let src = potential(cand, true);
        let comp = self.comp[src as usize];
        if !self.cyclic[comp as usize] {
            return false;
        }
        // The partners: `cand` off forces them on, and they, off, force
        // `cand` on (the links are symmetric).
        let partners =
            &self.next[self.first[src as usize - 1] as usize..self.first[src as usize] as usize];
        partners.iter().any(|&partner| {
            // The "on"s that turn the partner off see it, as it sees them.
            links
                .on_to_off(partner / 2, pass.cell)
                .iter()
                .any(|&p| p != cand && self.comp[potential(p, true) as usize] == comp)
        })
    }

    /// Whether `cand` assumed `on` implies its opposite along the links.
    ///
    /// The links are those of a 2-SAT formula (each has its contrapositive:
    /// `a` on turns `b` off as `b` on turns `a` off, and `a` off forces `b`
    /// on as `b` off forces `a` on), so a potential that reaches one that
    /// reaches its opposite reaches its own (`y → x → ¬x → ¬y`): the
    /// potentials a potential reaches that does not reach its opposite do
    /// not reach theirs either, and are settled by its search.
    pub fn reaches_opposite(&mut self, cand: Cand, on: bool) -> bool {
        let (from, to) = (potential(cand, on), potential(cand, !on));
        if self.settled[from as usize] == self.generation {
            return false;
        }
        let (cf, ct) = (self.comp[from as usize], self.comp[to as usize]);
        if cf == ct {
            return true;
        }
        if ct > cf || self.lowest[cf as usize] > self.lowest[ct as usize] {
            return false;
        }
        // Breadth first from `from`, through components that may lead to
        // the target only (numbered from the target's up, reaching none
        // numbered below the lowest it reaches).
        let floor = self.lowest[ct as usize];
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.fill(0);
            self.now = 1;
        }
        self.queue.clear();
        self.queue.push(from);
        self.stamp[from as usize] = self.now;
        let mut head = 0;
        while let Some(&p) = self.queue.get(head) {
            head += 1;
            let p = p as usize;
            for &q in &self.next[self.first[p] as usize..self.first[p + 1] as usize] {
                if q == to {
                    return true;
                }
                let qu = q as usize;
                let cq = self.comp[qu];
                if self.stamp[qu] != self.now && cq >= ct && self.lowest[cq as usize] <= floor {
                    self.stamp[qu] = self.now;
                    self.queue.push(q);
                }
            }
        }
        for &p in &self.queue {
            self.settled[p as usize] = self.generation;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::chains::links::{Layout, open_masks};
    use crate::human::testing::{classic, units};

    /// The potentials `p` reaches, by a plain search of the links.
    fn reach(links: &Links, pass: Pass, p: u32, potentials: usize) -> Vec<bool> {
        let mut seen = vec![false; potentials];
        let mut todo = vec![p];
        while let Some(p) = todo.pop() {
            let next: Vec<u32> = if p & 1 == 1 {
                links.on_to_off(p / 2, pass.cell).iter().map(|&c| potential(c, false)).collect()
            } else {
                let ons = links.off_to_on(p / 2, pass.cell, pass.house);
                ons.iter().map(|&(c, _)| potential(c, true)).collect()
            };
            for q in next {
                if !seen[q as usize] {
                    seen[q as usize] = true;
                    todo.push(q);
                }
            }
        }
        seen
    }

    /// Every answer against reachability found the slow way, on every
    /// pass of a grid with many links.
    #[test]
    fn components_agree_with_reachability() {
        let grid = classic(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let units = units();
        let layout = Layout::new(&units);
        let masks = open_masks(&grid);
        let links = Links::new(&layout, &masks);
        let passes = [
            Pass { cell: false, house: true },
            Pass { cell: true, house: false },
            Pass { cell: true, house: true },
        ];
        let (mut cycles, mut forcing) = (0, 0);
        let mut components = Components::default();
        for pass in passes {
            components.compute(&links, &masks, 9, pass);
            for (cell, &mask) in masks.iter().enumerate() {
                for i in Bits(mask) {
                    let cand = (cell * 9 + i) as Cand;
                    for on in [true, false] {
                        let seen = reach(&links, pass, potential(cand, on), 2 * 729);
                        if on && components.can_close(&links, pass, cand) {
                            // Closing a cycle, the assumption comes back.
                            assert!(seen[potential(cand, true) as usize]);
                            cycles += 1;
                        }
                        let opposite = seen[potential(cand, !on) as usize];
                        assert_eq!(components.reaches_opposite(cand, on), opposite);
                        forcing += usize::from(opposite);
                    }
                }
            }
        }
        // The grid has both kinds.
        assert!(cycles > 0 && forcing > 0);
    }
}
