//! [`Propagator`]: everything one assumption implies, followed until
//! nothing more follows or a candidate would be both true and false
//! (Sudoku Explainer's full chaining, static or dynamic).

use std::collections::VecDeque;

use super::advanced::Advanced;
use super::graph::{Cand, Graph, NONE};
use super::links::{Layout, Via};
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
    on_at: Vec<u32>,
    off_at: Vec<u32>,
    touched: Vec<Cand>,
    pending_on: VecDeque<u32>,
    pending_off: VecDeque<u32>,
    offs: Vec<Cand>,
    ons: Vec<(Cand, Via)>,
    hidden: Vec<Cand>,
    parents: Vec<u32>,
    found: Vec<u32>,
    advanced: Option<Advanced>,
}

impl<'a> Propagator<'a> {
    /// A propagator on the grid of candidates `source`.
    pub fn new(layout: &'a Layout<'a>, source: &'a [Mask], mode: Mode) -> Propagator<'a> {
        let cands = layout.cands();
        Propagator {
            layout,
            source,
            mode,
            graph: Graph::new(cands),
            work: source.to_vec(),
            on_at: vec![NONE; cands],
            off_at: vec![NONE; cands],
            touched: Vec::new(),
            pending_on: VecDeque::new(),
            pending_off: VecDeque::new(),
            offs: Vec::new(),
            ons: Vec::new(),
            hidden: Vec::new(),
            parents: Vec::new(),
            found: Vec::new(),
            advanced: (mode.level > 0).then(|| Advanced::new(mode.level)),
        }
    }

    fn mark(&mut self, cand: Cand, on: bool, node: u32, out: &mut Outcome) {
        if on {
            self.on_at[cand as usize] = node;
            out.ons.push(node);
            self.pending_on.push_back(node);
        } else {
            self.off_at[cand as usize] = node;
            out.offs.push(node);
            self.pending_off.push_back(node);
        }
        self.touched.push(cand);
    }

    /// What `cand` assumed `on` (or off) implies. Potentials come in
    /// Sudoku Explainer's order: an "on" waiting is always taken before an
    /// "off", each list first in, first out.
    pub fn run(&mut self, cand: Cand, on: bool) -> Outcome {
        let mut out = Outcome::default();
        self.work.copy_from_slice(self.source);
        let root = self.graph.add(cand, on, &[]);
        self.mark(cand, on, root, &mut out);
        out.contradiction = self.propagate(&mut out);
        for &c in &self.touched {
            self.on_at[c as usize] = NONE;
            self.off_at[c as usize] = NONE;
        }
        self.touched.clear();
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
                    if self.on_at[c as usize] != NONE {
                        let off = self.graph.add(c, false, &[p]);
                        contradiction = Some((self.on_at[c as usize], off));
                        break;
                    }
                    if self.off_at[c as usize] == NONE {
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
        layout.off_to_on(&self.work, cand, self.mode.cell_links, true, &mut ons);
        self.found.clear();
        for &(c, via) in &ons {
            self.parents.clear();
            self.parents.push(p);
            if self.mode.dynamic {
                layout.hidden(self.source, &self.work, c, via, &mut self.hidden);
                for &h in &self.hidden {
                    let at = self.off_at[h as usize];
                    if at != NONE {
                        self.parents.push(at);
                    }
                }
            }
            let node = self.graph.add(c, true, &self.parents);
            self.found.push(node);
        }
        self.ons = ons;
        if self.mode.dynamic {
            let (cell, digit) = (layout.cell(cand), layout.digit(cand));
            self.work[cell] &= !(1 << (digit - 1));
        }
        for i in 0..self.found.len() {
            let node = self.found[i];
            let c = self.graph.node(node).cand;
            if self.off_at[c as usize] != NONE {
                return Some((node, self.off_at[c as usize]));
            }
            if self.on_at[c as usize] == NONE {
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
        let found = advanced.offs(self.layout, self.source, &self.work);
        let mut added = false;
        for (cand, needs) in found {
            if self.off_at[cand as usize] != NONE {
                continue;
            }
            self.parents.clear();
            self.parents
                .extend(needs.iter().map(|&c| self.off_at[c as usize]).filter(|&at| at != NONE));
            let node = self.graph.add(cand, false, &self.parents);
            self.mark(cand, false, node, out);
            added = true;
        }
        self.advanced = Some(advanced);
        added
    }
}
