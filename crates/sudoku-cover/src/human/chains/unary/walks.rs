//! [`Walks`]: whether a search of [`Unary`](super::Unary) will find
//! anything, by a bare walk of the same links that builds no graph.
//!
//! Most searches of a nested grid find nothing, and each builds its whole
//! implication graph (nodes, parents, paths) on the way; a walk that only
//! marks the potentials it meets costs a fraction of that. Both tests are
//! exact, so a search runs exactly when it finds something (when run to
//! its end, as nested searches are):
//!
//! - A *forcing chain* from a potential finds its opposite exactly when the
//!   opposite is reachable. The links are those of a 2-SAT formula (each
//!   has its contrapositive: `a` on turns `b` off as `b` on turns `a` off,
//!   and `a` off forces `b` on as `b` off forces `a` on), so a potential
//!   that reaches one that reaches its opposite reaches its own (`y → x →
//!   ¬x → ¬y`): every potential met by a walk that does not reach its
//!   opposite is settled, without a walk of its own.
//! - A *cycle* search assumes its candidate on and walks breadth first,
//!   each potential met once; it closes a cycle where an "on" further on
//!   turns off one of the candidate's partners (the other candidate of a
//!   bivalue cell, the other place of its digit in a house), whose "off"
//!   forces the candidate on again, unless that "off" lies on the "on"'s
//!   own path. A partner is a peer, so the candidate turns it off at the
//!   first link: the partner's "off" is on a path exactly when it is the
//!   path's first "off", which the walk carries along.

use super::{Pass, potential};
use crate::human::chains::graph::{Cand, NONE};
use crate::human::chains::links::Links;

/// The walks' room, kept between searches and grids.
#[derive(Debug, Default)]
pub(super) struct Walks {
    /// Per potential (`cand · 2 + on`), the stamp of the last walk that met
    /// it.
    stamp: Vec<u32>,
    now: u32,
    /// A reach walk's potentials.
    queue: Vec<u32>,
    /// A cycle walk's potentials, each with the first "off" of its path.
    paths: Vec<(u32, u32)>,
    /// Per potential, the links (`generation`) on which it was found not to
    /// reach its opposite.
    settled: Vec<u32>,
    generation: u32,
}

impl Walks {
    /// Forgets what the walks on the last links settled: the grid or the
    /// pass changes.
    pub fn new_links(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.settled.fill(0);
            self.generation = 1;
        }
    }

    /// Starts a walk on a grid of `cands` candidates.
    fn start(&mut self, cands: usize) {
        if self.stamp.len() != 2 * cands {
            self.stamp = vec![0; 2 * cands];
            self.now = 0;
            self.settled = vec![0; 2 * cands];
            self.generation = 1;
        }
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.fill(0);
            self.now = 1;
        }
        self.queue.clear();
        self.paths.clear();
    }

    /// Marks potential `p` met; whether it is new.
    #[inline]
    fn meet(&mut self, p: u32) -> bool {
        let stamp = &mut self.stamp[p as usize];
        let new = *stamp != self.now;
        *stamp = self.now;
        new
    }

    /// Whether `cand` assumed `on` implies its opposite along the links of
    /// `pass` (on a grid of `cands` candidates whose links `links` lists).
    pub fn reaches_opposite(
        &mut self,
        links: &Links,
        pass: Pass,
        cands: usize,
        cand: Cand,
        on: bool,
    ) -> bool {
        self.start(cands);
        let (from, to) = (potential(cand, on), potential(cand, !on));
        if self.settled[from as usize] == self.generation {
            return false;
        }
        self.meet(from);
        self.queue.push(from);
        let mut head = 0;
        while let Some(&p) = self.queue.get(head) {
            head += 1;
            if p & 1 == 1 {
                for &c in links.on_to_off(p / 2, pass.cell) {
                    let q = potential(c, false);
                    if q == to {
                        return true;
                    }
                    if self.meet(q) {
                        self.queue.push(q);
                    }
                }
            } else {
                for &(c, _) in links.off_to_on(p / 2, pass.cell, pass.house) {
                    let q = potential(c, true);
                    if q == to {
                        return true;
                    }
                    if self.meet(q) {
                        self.queue.push(q);
                    }
                }
            }
        }
        for &p in &self.queue {
            self.settled[p as usize] = self.generation;
        }
        false
    }

    /// Whether the cycle search of `pass` from `src` (assumed on), run to
    /// its end, closes a cycle.
    pub fn closes(&mut self, links: &Links, pass: Pass, cands: usize, src: Cand) -> bool {
        let partners = links.off_to_on(src, pass.cell, pass.house);
        if partners.is_empty() {
            return false;
        }
        self.start(cands);
        let root = potential(src, true);
        self.meet(root);
        self.paths.push((root, NONE));
        let mut head = 0;
        while let Some(&(p, first)) = self.paths.get(head) {
            head += 1;
            if p & 1 == 1 {
                for &c in links.on_to_off(p / 2, pass.cell) {
                    let off = potential(c, false);
                    if p != root && off != first && partners.iter().any(|&(q, _)| q == c) {
                        return true;
                    }
                    if self.meet(off) {
                        self.paths.push((off, if p == root { off } else { first }));
                    }
                }
            } else {
                for &(c, _) in links.off_to_on(p / 2, pass.cell, pass.house) {
                    let on = potential(c, true);
                    if self.meet(on) {
                        self.paths.push((on, first));
                    }
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::candidates::Bits;
    use crate::human::chains::links::{Layout, open_masks};
    use crate::human::testing::{classic, units};

    /// The potentials `p` reaches, by a plain search of the links.
    fn reach(links: &Links, pass: Pass, p: u32) -> Vec<bool> {
        let mut seen = vec![false; 2 * 729];
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

    /// Every answer of the settling walks against reachability found the
    /// slow way, on both passes of forcing chains, over a grid with many
    /// links; and a cycle closes only through a reachable assumption.
    #[test]
    fn walks_agree_with_reachability() {
        let grid = classic(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let units = units();
        let layout = Layout::new(&units);
        let masks = open_masks(&grid);
        let links = Links::new(&layout, &masks);
        let mut walks = Walks::default();
        let (mut reached, mut closed, mut open) = (0, 0, 0);
        for pass in [Pass { cell: false, house: true }, Pass { cell: true, house: true }] {
            walks.new_links();
            for (cell, &mask) in masks.iter().enumerate() {
                for i in Bits(mask) {
                    let cand = (cell * 9 + i) as Cand;
                    for on in [true, false] {
                        let seen = reach(&links, pass, potential(cand, on));
                        let opposite = seen[potential(cand, !on) as usize];
                        assert_eq!(walks.reaches_opposite(&links, pass, 729, cand, on), opposite);
                        reached += usize::from(opposite);
                        if on && walks.closes(&links, pass, 729, cand) {
                            assert!(seen[potential(cand, true) as usize]);
                            closed += 1;
                        } else if on {
                            open += 1;
                        }
                    }
                }
            }
        }
        assert!(reached > 0 && closed > 0 && open > 0, "{reached} {closed} {open}");
    }
}
