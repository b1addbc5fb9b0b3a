//! [`Components`]: which searches of [`Unary`](super::Unary) can find
//! anything, from the strongly connected components of a pass's links.
//!
//! A cycle through a candidate leaves it on and comes back to it along the
//! pass's links, so the candidate's potential "on" lies in a component of
//! two potentials or more; a forcing chain goes from a potential to its
//! opposite, so the opposite is reachable. Most searches of a nested grid
//! find nothing (their candidate lies on no cycle, or never reaches its
//! opposite), and each is a breadth-first search that builds its whole
//! implication graph; the components rule them out at the cost of one
//! walk of the pass's links.
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
#[derive(Debug)]
pub(super) struct Components {
    /// Per potential (`cand · 2 + on`), its component's number ([`NONE`]:
    /// not a candidate of the grid).
    comp: Vec<u32>,
    /// Per component, whether it holds two potentials or more.
    cyclic: Vec<bool>,
    /// The reach test's visits: per potential, the stamp of the last test
    /// that met it.
    stamp: Vec<u32>,
    now: u32,
    queue: Vec<u32>,
}

/// A potential's number.
#[inline]
fn potential(cand: Cand, on: bool) -> u32 {
    cand * 2 + u32::from(on)
}

/// The `i`th potential that potential `p` implies in `pass`, if any.
#[inline]
fn successor(links: &Links, pass: Pass, p: u32, i: usize) -> Option<u32> {
    let cand = p / 2;
    if p & 1 == 1 {
        links.on_to_off(cand, pass.cell).get(i).map(|&c| potential(c, false))
    } else {
        links.off_to_on(cand, pass.cell, pass.house).get(i).map(|&(c, _)| potential(c, true))
    }
}

impl Components {
    /// The components of `pass`'s links on the grid `masks` (whose links
    /// `links` lists), for a grid of `cands` candidates of side `n`.
    pub fn new(links: &Links, masks: &[Mask], n: usize, pass: Pass) -> Components {
        let potentials = 2 * masks.len() * n;
        let mut comp = vec![NONE; potentials];
        let mut cyclic = Vec::new();
        // Tarjan's algorithm without recursion: per potential, its visit
        // order and lowest reachable visit order while it is on the stack.
        let mut order = vec![NONE; potentials];
        let mut low = vec![0u32; potentials];
        let mut stack: Vec<u32> = Vec::new();
        let mut calls: Vec<(u32, usize)> = Vec::new();
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
                    calls.push((root, 0));
                    while let Some(&mut (p, ref mut next)) = calls.last_mut() {
                        if let Some(q) = successor(links, pass, p, *next) {
                            *next += 1;
                            let (q, pu) = (q as usize, p as usize);
                            if order[q] == NONE {
                                order[q] = visits;
                                low[q] = visits;
                                visits += 1;
                                stack.push(q as u32);
                                calls.push((q as u32, 0));
                            } else if comp[q] == NONE {
                                // On the stack: in the component being built.
                                low[pu] = low[pu].min(order[q]);
                            }
                            continue;
                        }
                        calls.pop();
                        let pu = p as usize;
                        if let Some(&(parent, _)) = calls.last() {
                            let parent = parent as usize;
                            low[parent] = low[parent].min(low[pu]);
                        }
                        if low[pu] == order[pu] {
                            let number = cyclic.len() as u32;
                            let mut size = 0;
                            while let Some(q) = stack.pop() {
                                comp[q as usize] = number;
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
        Components { comp, cyclic, stamp: vec![0; potentials], now: 0, queue: Vec::new() }
    }

    /// Whether some cycle of the links passes through `cand` on.
    #[inline]
    pub fn on_cycle(&self, cand: Cand) -> bool {
        self.cyclic[self.comp[potential(cand, true) as usize] as usize]
    }

    /// Whether `cand` assumed `on` implies its opposite along the links of
    /// `pass` (the pass these components are of).
    pub fn reaches_opposite(&mut self, links: &Links, pass: Pass, cand: Cand, on: bool) -> bool {
        let (from, to) = (potential(cand, on), potential(cand, !on));
        let (cf, ct) = (self.comp[from as usize], self.comp[to as usize]);
        if cf == ct {
            return true;
        }
        if ct > cf {
            return false;
        }
        // Breadth first from `from`, through components numbered from the
        // target's up only: the others cannot lead to it.
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
            let mut i = 0;
            while let Some(q) = successor(links, pass, p, i) {
                i += 1;
                if q == to {
                    return true;
                }
                let qu = q as usize;
                if self.stamp[qu] != self.now && self.comp[qu] >= ct {
                    self.stamp[qu] = self.now;
                    self.queue.push(q);
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::chains::links::{Layout, open_masks};
    use crate::human::testing::{classic, units};

    /// The potentials `p` reaches, by a plain search.
    fn reach(links: &Links, pass: Pass, p: u32, potentials: usize) -> Vec<bool> {
        let mut seen = vec![false; potentials];
        let mut todo = vec![p];
        while let Some(p) = todo.pop() {
            let mut i = 0;
            while let Some(q) = successor(links, pass, p, i) {
                i += 1;
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
        for pass in passes {
            let mut components = Components::new(&links, &masks, 9, pass);
            for (cell, &mask) in masks.iter().enumerate() {
                for i in Bits(mask) {
                    let cand = (cell * 9 + i) as Cand;
                    for on in [true, false] {
                        let seen = reach(&links, pass, potential(cand, on), 2 * 729);
                        if on {
                            assert_eq!(
                                components.on_cycle(cand),
                                seen[potential(cand, true) as usize]
                            );
                            cycles += usize::from(components.on_cycle(cand));
                        }
                        let opposite = seen[potential(cand, !on) as usize];
                        assert_eq!(components.reaches_opposite(&links, pass, cand, on), opposite);
                        forcing += usize::from(opposite);
                    }
                }
            }
        }
        // The grid has both kinds.
        assert!(cycles > 0 && forcing > 0);
    }
}
