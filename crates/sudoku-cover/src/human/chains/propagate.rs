//! [`Propagator`]: everything one assumption implies, followed until
//! nothing more follows or a candidate would be both true and false
//! (Sudoku Explainer's full chaining, static or dynamic).

use std::collections::VecDeque;

use super::advanced::{Advanced, Deduction};
use super::graph::{Cand, Graph, NONE, Seen};
use super::links::{Layout, Places, Via};
use crate::human::candidates::Mask;

/// How a propagation reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Mode {
    /// Links within a cell too (Nishio follows one digit's links only).
    pub cell_links: bool,
    /// Whether each candidate turned off leaves the grid, so later links
    /// see the grid the assumption has made (a dynamic chain).
    pub dynamic: bool,
    /// Nesting: from 1 up, when nothing more follows, simple patterns
    /// (and from 2 up, chains) are sought on that grid for more.
    pub level: u8,
}

/// The chains nested at a level (Sudoku Explainer's levels 2 and up),
/// sought on a stuck chain's grid once the patterns find nothing: called
/// with the level, the layout, the grid the chain started from and the
/// grid it has made, it pushes what they rule out.
pub(super) type Nest = fn(u8, &Layout, &[Mask], &[Mask], &mut Vec<Deduction>);

/// What an assumption implies: the potentials turned on and off, each a
/// node of the [`Graph`], in the order found, and the contradiction that
/// ended the search, if one did (then the lists hold what was found up to
/// it).
#[derive(Debug, Default)]
pub(super) struct Outcome {
    /// The nodes turned on, the assumption first when it is "on".
    pub ons: Vec<u32>,
    /// The nodes turned off.
    pub offs: Vec<u32>,
    on_index: Vec<(Cand, u32)>,
    off_index: Vec<(Cand, u32)>,
    /// A candidate found both on and off: its on node, its off node.
    pub contradiction: Option<(u32, u32)>,
}

impl Outcome {
    /// The node turning `cand` on or off, if the assumption does.
    pub fn get(&self, cand: Cand, on: bool) -> Option<u32> {
        let index = if on { &self.on_index } else { &self.off_index };
        index.binary_search_by_key(&cand, |&(c, _)| c).ok().map(|i| index[i].1)
    }
}

/// The propagation of assumptions on one grid, their nodes kept in one
/// graph.
#[derive(Debug)]
pub(super) struct Propagator<'a> {
    layout: &'a Layout<'a>,
    source: &'a [Mask],
    mode: Mode,
    /// Every node of every propagation.
    pub graph: Graph,
    work: Vec<Mask>,
    /// The places of `source`, and of `work` as it loses candidates.
    source_places: Places,
    places: Places,
    seen: Seen,
    pending_on: VecDeque<u32>,
    pending_off: VecDeque<u32>,
    offs: Vec<Cand>,
    ons: Vec<(Cand, Via)>,
    hidden: Vec<Cand>,
    parents: Vec<u32>,
    found: Vec<u32>,
    advanced: Option<Advanced>,
    nest: Option<Nest>,
}

impl<'a> Propagator<'a> {
    /// A propagator on the grid of candidates `source`.
    pub fn new(layout: &'a Layout<'a>, source: &'a [Mask], mode: Mode) -> Propagator<'a> {
        let cands = layout.cands();
        let mut source_places = Places::default();
        source_places.fill(layout, source);
        Propagator {
            layout,
            source,
            mode,
            graph: Graph::new(cands),
            work: source.to_vec(),
            places: source_places.clone(),
            source_places,
            seen: Seen::new(cands),
            pending_on: VecDeque::new(),
            pending_off: VecDeque::new(),
            offs: Vec::new(),
            ons: Vec::new(),
            hidden: Vec::new(),
            parents: Vec::new(),
            found: Vec::new(),
            advanced: (mode.level > 0).then(|| Advanced::new(mode.level, layout)),
            nest: None,
        }
    }

    /// The same, seeking `nest`'s chains (from level 2 up) when stuck.
    pub fn nesting(mut self, nest: Option<Nest>) -> Propagator<'a> {
        self.nest = nest.filter(|_| self.mode.level >= 2);
        self
    }

    fn mark(&mut self, cand: Cand, on: bool, node: u32, out: &mut Outcome) {
        self.seen.set(cand, on, node);
        if on {
            out.ons.push(node);
            self.pending_on.push_back(node);
        } else {
            out.offs.push(node);
            self.pending_off.push_back(node);
        }
    }

    /// What `cand` assumed `on` (or off) implies. Potentials come in
    /// Sudoku Explainer's order: an "on" waiting is always taken before an
    /// "off", each list first in, first out.
    pub fn run(&mut self, cand: Cand, on: bool) -> Outcome {
        let mut out = Outcome::default();
        self.work.copy_from_slice(self.source);
        self.places.clone_from(&self.source_places);
        let root = self.graph.add(cand, on, &[]);
        self.mark(cand, on, root, &mut out);
        out.contradiction = self.propagate(&mut out);
        self.seen.clear();
        self.pending_on.clear();
        self.pending_off.clear();
        let graph = &self.graph;
        let index = |nodes: &[u32]| {
            let mut v: Vec<(Cand, u32)> = nodes.iter().map(|&i| (graph.node(i).cand, i)).collect();
            v.sort_unstable();
            v
        };
        out.on_index = index(&out.ons);
        out.off_index = index(&out.offs);
        out
    }

    fn propagate(&mut self, out: &mut Outcome) -> Option<(u32, u32)> {
        let layout = self.layout;
        loop {
            if let Some(p) = self.pending_on.pop_front() {
                let mut offs = std::mem::take(&mut self.offs);
                layout.on_to_off(
                    &self.work,
                    self.graph.node(p).cand,
                    self.mode.cell_links,
                    &mut offs,
                );
                let mut contradiction = None;
                for &c in &offs {
                    if self.seen.get(c, true) != NONE {
                        let off = self.graph.add(c, false, &[p]);
                        contradiction = Some((self.seen.get(c, true), off));
                        break;
                    }
                    if self.seen.get(c, false) == NONE {
                        let node = self.graph.add(c, false, &[p]);
                        self.mark(c, false, node, out);
                    }
                }
                self.offs = offs;
                if contradiction.is_some() {
                    return contradiction;
                }
            } else if let Some(p) = self.pending_off.pop_front() {
                if let Some(found) = self.forced_on(p, out) {
                    return Some(found);
                }
            } else if !self.more_offs(out) {
                return None;
            }
        }
    }

    /// Takes off potential `p`: the potentials it forces on (with, in a
    /// dynamic chain, the earlier offs that left their cell or house with
    /// two places), then, dynamic, the candidate leaves the grid.
    fn forced_on(&mut self, p: u32, out: &mut Outcome) -> Option<(u32, u32)> {
        let layout = self.layout;
        let cand = self.graph.node(p).cand;
        let mut ons = std::mem::take(&mut self.ons);
        layout.off_to_on_by(&self.places, &self.work, cand, self.mode.cell_links, &mut ons);
        self.found.clear();
        for &(c, via) in &ons {
            self.parents.clear();
            self.parents.push(p);
            if self.mode.dynamic {
                layout.hidden(self.source, &self.work, c, via, &mut self.hidden);
                for &h in &self.hidden {
                    let at = self.seen.get(h, false);
                    if at != NONE {
                        self.parents.push(at);
                    }
                }
            }
            let node = self.graph.add(c, true, &self.parents);
            self.graph.set_cause(node, via.code());
            self.found.push(node);
        }
        self.ons = ons;
        if self.mode.dynamic {
            let (cell, digit) = (layout.cell(cand), layout.digit(cand));
            if self.work[cell] >> (digit - 1) & 1 == 1 {
                self.work[cell] &= !(1 << (digit - 1));
                self.places.remove(layout, cell, digit);
            }
        }
        for i in 0..self.found.len() {
            let node = self.found[i];
            let c = self.graph.node(node).cand;
            if self.seen.get(c, false) != NONE {
                return Some((node, self.seen.get(c, false)));
            }
            if self.seen.get(c, true) == NONE {
                self.mark(c, true, node, out);
            }
        }
        None
    }

    /// Nested reasoning once nothing more follows: candidates the grid the
    /// assumption has made rules out by simpler techniques, each with the
    /// offs it needed as parents. Whether any new off was added.
    fn more_offs(&mut self, out: &mut Outcome) -> bool {
        let Some(mut advanced) = self.advanced.take() else { return false };
        let mut found = advanced.offs(self.layout, self.source, &self.work);
        if found.is_empty()
            && let Some(nest) = self.nest
        {
            nest(self.mode.level, self.layout, self.source, &self.work, &mut found);
        }
        let mut added = false;
        for Deduction { cand, needs, chain } in found {
            if self.seen.get(cand, false) != NONE {
                continue;
            }
            self.parents.clear();
            self.parents
                .extend(needs.iter().map(|&c| self.seen.get(c, false)).filter(|&at| at != NONE));
            let node = self.graph.add(cand, false, &self.parents);
            self.graph.set_nested(node, chain);
            self.mark(cand, false, node, out);
            added = true;
        }
        self.advanced = Some(advanced);
        added
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::Ladder;
    use crate::human::candidates::{Candidates, digits};
    use crate::human::chains::links::open_masks;
    use crate::human::testing::{data_puzzles, units};
    use crate::{Rules, Sudoku};

    /// Assuming what is true (a solution's digit on, any other candidate
    /// off) implies only truths: no contradiction, every potential turned
    /// on is the solution's digit, every one turned off is not. Checked
    /// against the exact-cover solution for every candidate of positions
    /// met in hard puzzles, in every mode.
    #[test]
    fn true_assumptions_imply_only_truths() {
        let sudoku = Sudoku::new(Rules::classic()).unwrap();
        let mut solver = sudoku.solver();
        let ladder = Ladder::standard();
        let modes = [
            Mode { cell_links: false, dynamic: true, level: 0 },
            Mode { cell_links: true, dynamic: false, level: 0 },
            Mode { cell_links: true, dynamic: true, level: 0 },
            Mode { cell_links: true, dynamic: true, level: 1 },
            Mode { cell_links: true, dynamic: true, level: 2 },
        ];
        let (mut checked, mut nested) = (0, 0);
        for puzzle in data_puzzles("top95.txt", 3) {
            let solution = solver.solve(&puzzle).unwrap().unwrap();
            let start = Candidates::from_grid(units(), &puzzle).unwrap();
            // The start, and where the walk needs more than the basics.
            let mut grid = start.clone();
            while let Some(step) = ladder.hint(&grid) {
                if step.difficulty.in_tenths() >= 40 {
                    break;
                }
                grid.apply(&step);
            }
            for grid in [start, grid] {
                let layout = Layout::new(grid.units());
                let masks = open_masks(&grid);
                for mode in modes {
                    let nest = Some(crate::human::chains::nested::offs as super::Nest);
                    let mut prop = Propagator::new(&layout, &masks, mode).nesting(nest);
                    for (cell, &mask) in masks.iter().enumerate() {
                        for d in digits(mask) {
                            let truth = solution.cells()[cell] == d;
                            let out = prop.run(layout.cand(cell, d), truth);
                            assert_eq!(out.contradiction, None, "{mode:?} {cell} {d}");
                            let ons = out.ons.iter().map(|&n| (n, true));
                            for (node, on) in ons.chain(out.offs.iter().map(|&n| (n, false))) {
                                let c = prop.graph.node(node).cand;
                                let holds = solution.cells()[layout.cell(c)] == layout.digit(c);
                                assert_eq!(holds, on, "{mode:?}: {c} {on}");
                                assert_eq!(out.get(c, on), Some(node));
                                let chain = prop.graph.nested_chain(node);
                                nested += usize::from(chain.is_some_and(|c| c.complexity > 0));
                            }
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked} assumptions");
        assert!(nested > 0, "no deduction of a nested chain");
    }

    /// A false assumption in a position that needs a Nishio chain ends in
    /// a contradiction somewhere, and the two potentials found are the
    /// same candidate on and off.
    #[test]
    fn contradictions_are_one_candidate_both_ways() {
        let grid = crate::human::testing::classic(
            "9...5...3..36..1...8..23.5...5....4.3.8.9.5.6.9....3...6.27..3...4..82..2...3...8",
        );
        let layout = Layout::new(grid.units());
        let masks = open_masks(&grid);
        let mode = Mode { cell_links: true, dynamic: true, level: 0 };
        let mut prop = Propagator::new(&layout, &masks, mode);
        let mut found = 0;
        for (cell, &mask) in masks.iter().enumerate() {
            for d in digits(mask) {
                if let Some((on, off)) = prop.run(layout.cand(cell, d), true).contradiction {
                    let (a, b) = (prop.graph.node(on), prop.graph.node(off));
                    assert!(a.on && !b.on && a.cand == b.cand);
                    found += 1;
                }
            }
        }
        assert!(found > 0);
    }
}
