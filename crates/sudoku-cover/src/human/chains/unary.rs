//! [`Cycles`]: chains from one candidate on a fixed grid: bidirectional
//! X-, Y- and XY-cycles (continuous nice loops) and forcing X-chains and
//! forcing chains (a candidate whose truth, or falsehood, implies its own
//! opposite).

use std::collections::VecDeque;

use super::graph::{Cand, Graph, NONE, Rank};
use super::links::{Layout, Via, open_masks};
use super::text::{Conclusion, chain_text};
use crate::human::candidates::{Candidates, Mask, bit, digits};
use crate::human::difficulty::Difficulty;
use crate::human::step::Step;
use crate::human::technique::Technique;

/// Sudoku Explainer's "Forcing Chains & Cycles" (SE 6.5 and up), the first
/// chain rung. From every candidate, a search along the grid's links:
///
/// - a *bidirectional cycle* leaves the candidate and comes back to it
///   (alternately turning candidates off and forcing others on); it holds
///   both ways round, so a candidate that sees a cycle candidate of its
///   digit that is on one way and another that is on the other way round
///   goes: X-cycles (one digit, 6.5), Y-cycles (bivalue cells, 6.5),
///   cycles mixing both (7.0);
/// - a *forcing chain* turns the candidate into its own opposite: assumed
///   true it ends false (the candidate goes), or assumed false it ends
///   true (the digit is placed): forcing X-chains (one digit, 6.6) and
///   forcing chains (7.0).
///
/// Each adds a tenth per length step (see [`length_tenths`]); the step
/// returned is the easiest (then shortest) found, as Sudoku Explainer
/// ranks them.
///
/// [`length_tenths`]: super::graph::length_tenths
#[derive(Debug, Clone, Copy, Default)]
pub struct Cycles;

impl Technique for Cycles {
    fn name(&self) -> &'static str {
        "Forcing Chains & Cycles"
    }

    fn difficulty(&self) -> Difficulty {
        Difficulty::tenths(65)
    }

    fn find(&self, grid: &Candidates) -> Option<Step> {
        let layout = Layout::new(grid.units());
        let masks = open_masks(grid);
        let mut search = Unary::new(&layout, &masks);
        search.run();
        search.best.map(|found| found.into_step(&layout))
    }
}

/// One of the three searches: which links it follows.
#[derive(Debug, Clone, Copy)]
struct Pass {
    /// Links within a cell (Y).
    cell: bool,
    /// Links within a house (X).
    house: bool,
}

impl Pass {
    /// Sudoku Explainer's key: X first, then Y, then both.
    fn key(self) -> u8 {
        match (self.cell, self.house) {
            (false, _) => 2,
            (true, false) => 3,
            (true, true) => 4,
        }
    }

    fn both(self) -> bool {
        self.cell && self.house
    }

    fn cycle_base(self) -> u16 {
        if self.both() { 70 } else { 65 }
    }

    fn forcing_base(self) -> u16 {
        if self.both() { 70 } else { 66 }
    }
}

/// An off potential waiting in a cycle search: a new one, or one already
/// met again from another parent (it can only close a cycle).
#[derive(Debug, Clone, Copy)]
enum Pending {
    New(u32),
    Again { cand: Cand, parent: u32 },
}

/// The best hint so far.
#[derive(Debug)]
struct Found {
    rank: Rank,
    pass: Pass,
    cycle: bool,
    /// The chain from the assumption to the conclusion.
    chain: Vec<(Cand, bool)>,
    /// For a cycle, the candidates it removes.
    removed: Vec<(usize, u8)>,
}

impl Found {
    fn into_step(self, layout: &Layout) -> Step {
        let n = layout.size();
        let name = match (self.cycle, self.pass.cell, self.pass.house) {
            (true, false, _) => "Bidirectional X-Cycle",
            (true, true, false) => "Bidirectional Y-Cycle",
            (true, true, true) => "Bidirectional Cycle",
            (false, false, _) => "Forcing X-Chain",
            (false, true, _) => "Forcing Chain",
        };
        let mut cells: Vec<usize> = Vec::new();
        let mut digits: Mask = 0;
        for &(c, _) in &self.chain {
            let cell = layout.cell(c);
            if !cells.contains(&cell) {
                cells.push(cell);
            }
            digits |= bit(layout.digit(c));
        }
        let step = Step::new(name, Difficulty::tenths(self.rank.tenths()), n)
            .with_cells(cells)
            .with_digits(digits)
            .with_note(chain_text(layout, &self.chain));
        if self.cycle {
            let mut step = step;
            step.eliminations = self.removed;
            step
        } else {
            let &(target, on) = self.chain.last().expect("a chain");
            Conclusion { cand: target, on }.apply(layout, step)
        }
    }
}

/// The searches of one grid.
struct Unary<'a> {
    layout: &'a Layout<'a>,
    masks: &'a [Mask],
    graph: Graph,
    /// Per node, its distance from the assumption.
    depth: Vec<u32>,
    on_at: Vec<u32>,
    off_at: Vec<u32>,
    touched: Vec<Cand>,
    pending_on: VecDeque<u32>,
    pending_off: VecDeque<Pending>,
    offs: Vec<Cand>,
    ons: Vec<(Cand, Via)>,
    best: Option<Found>,
}

impl<'a> Unary<'a> {
    fn new(layout: &'a Layout<'a>, masks: &'a [Mask]) -> Unary<'a> {
        let cands = layout.cands();
        Unary {
            layout,
            masks,
            graph: Graph::new(cands),
            depth: Vec::new(),
            on_at: vec![NONE; cands],
            off_at: vec![NONE; cands],
            touched: Vec::new(),
            pending_on: VecDeque::new(),
            pending_off: VecDeque::new(),
            offs: Vec::new(),
            ons: Vec::new(),
            best: None,
        }
    }

    /// Sudoku Explainer's three searches (X links, Y links, both), from
    /// every candidate of every cell in reading order.
    fn run(&mut self) {
        let passes = [
            Pass { cell: false, house: true },
            Pass { cell: true, house: false },
            Pass { cell: true, house: true },
        ];
        for pass in passes {
            let cells = self.masks.len();
            for cell in 0..cells {
                let mask = self.masks[cell];
                let count = mask.count_ones();
                // Y-cycles start only in a bivalue cell.
                if count < 2 || (!pass.house && count > 2) {
                    continue;
                }
                for d in digits(mask) {
                    let cand = self.layout.cand(cell, d);
                    self.cycles(cand, pass);
                    if pass.house {
                        self.forcing(cand, true, pass);
                        self.forcing(cand, false, pass);
                    }
                }
            }
        }
    }

    fn can_win(&self, base: u16, complexity: u32, key: u8) -> bool {
        Rank::new(base, complexity, key).beats(self.best.as_ref().map(|b| &b.rank))
    }

    fn reset(&mut self) {
        for &c in &self.touched {
            self.on_at[c as usize] = NONE;
            self.off_at[c as usize] = NONE;
        }
        self.touched.clear();
        self.graph.clear();
        self.depth.clear();
        self.pending_on.clear();
        self.pending_off.clear();
    }

    fn add(&mut self, cand: Cand, on: bool, parent: Option<u32>) -> u32 {
        let node = match parent {
            Some(p) => self.graph.add(cand, on, &[p]),
            None => self.graph.add(cand, on, &[]),
        };
        self.depth.push(parent.map_or(0, |p| self.depth[p as usize] + 1));
        node
    }

    fn mark(&mut self, cand: Cand, on: bool, node: u32) {
        let at = if on { &mut self.on_at } else { &mut self.off_at };
        at[cand as usize] = node;
        self.touched.push(cand);
    }

    /// The cycles through `src` (assumed on), as Sudoku Explainer finds
    /// them: breadth first, an off potential met again from another parent
    /// kept as a way to close a cycle.
    fn cycles(&mut self, src: Cand, pass: Pass) {
        self.reset();
        let root = self.add(src, true, None);
        self.mark(src, true, root);
        self.pending_on.push_back(root);
        let mut length = 0;
        let mut found = Vec::new();
        let (base, key) = (pass.cycle_base(), pass.key());
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            length += 1;
            // A cycle closed from the coming potentials is two links longer.
            if let Some(&front) = self.pending_on.front()
                && !self.can_win(base, self.depth[front as usize] + 2, key)
            {
                break;
            }
            while let Some(p) = self.pending_on.pop_front() {
                let mut offs = std::mem::take(&mut self.offs);
                self.layout.on_to_off(self.masks, self.graph.node(p).cand, pass.cell, &mut offs);
                for &c in &offs {
                    if self.graph.above(p, c, false) {
                        continue;
                    }
                    if self.off_at[c as usize] == NONE {
                        let node = self.add(c, false, Some(p));
                        self.mark(c, false, node);
                        self.pending_off.push_back(Pending::New(node));
                    } else {
                        self.pending_off.push_back(Pending::Again { cand: c, parent: p });
                    }
                }
                self.offs = offs;
            }
            length += 1;
            while let Some(entry) = self.pending_off.pop_front() {
                match entry {
                    Pending::New(node) => {
                        let mut ons = std::mem::take(&mut self.ons);
                        let cand = self.graph.node(node).cand;
                        self.layout.off_to_on(self.masks, cand, pass.cell, pass.house, &mut ons);
                        for &(c, _) in &ons {
                            if length >= 4 && c == src {
                                found.push(self.add(src, true, Some(node)));
                            }
                            if self.on_at[c as usize] == NONE {
                                let on = self.add(c, true, Some(node));
                                self.mark(c, true, on);
                                self.pending_on.push_back(on);
                            }
                        }
                        self.ons = ons;
                    }
                    Pending::Again { cand, parent } => {
                        if length >= 4
                            && self.layout.forces(self.masks, cand, src, pass.cell, pass.house)
                        {
                            let off = self.add(cand, false, Some(parent));
                            found.push(self.add(src, true, Some(off)));
                        }
                    }
                }
            }
        }
        for dst in found {
            self.cycle_hint(dst, pass);
        }
    }

    /// Weighs the cycle ending at `dst`: a candidate goes when it sees a
    /// cycle candidate of its digit on one way round and another on the
    /// other way (cells of the cycle left alone).
    fn cycle_hint(&mut self, dst: u32, pass: Pass) {
        let complexity = self.graph.ancestors(dst);
        let rank = Rank::new(pass.cycle_base(), complexity, pass.key());
        if !rank.beats(self.best.as_ref().map(|b| &b.rank)) {
            return;
        }
        let path = self.graph.path(dst);
        let layout = self.layout;
        let units = layout.units();
        let cells: Vec<usize> =
            path.iter().map(|&p| layout.cell(self.graph.node(p).cand)).collect();
        let n = layout.size();
        // Per candidate, bit 0: off when the root is on, bit 1: when off.
        let mut cancel = vec![0u8; self.masks.len() * n];
        for &p in &path[1..] {
            let node = self.graph.node(p);
            let (cell, digit) = (layout.cell(node.cand), layout.digit(node.cand));
            for &other in units.peers(cell) {
                if !cells.contains(&other) && self.masks[other] & bit(digit) != 0 {
                    cancel[layout.cand(other, digit) as usize] |= if node.on { 1 } else { 2 };
                }
            }
        }
        let removed: Vec<(usize, u8)> = cancel
            .iter()
            .enumerate()
            .filter(|&(_, &m)| m == 3)
            .map(|(c, _)| (layout.cell(c as Cand), layout.digit(c as Cand)))
            .collect();
        if removed.is_empty() {
            return;
        }
        let chain =
            path.iter().map(|&p| (self.graph.node(p).cand, self.graph.node(p).on)).collect();
        self.best = Some(Found { rank, pass, cycle: true, chain, removed });
    }

    /// A forcing chain from `src` assumed `on` to its own opposite, if
    /// one is shorter than the best so far.
    fn forcing(&mut self, src: Cand, on: bool, pass: Pass) {
        self.reset();
        let root = self.add(src, on, None);
        self.mark(src, on, root);
        if on {
            self.pending_on.push_back(root);
        } else {
            self.pending_off.push_back(Pending::New(root));
        }
        let (base, key) = (pass.forcing_base(), pass.key());
        let target = 'search: loop {
            if self.pending_on.is_empty() && self.pending_off.is_empty() {
                break None;
            }
            if let Some(&front) = self.pending_on.front()
                && !self.can_win(base, self.depth[front as usize] + 2, key)
            {
                break None;
            }
            while let Some(p) = self.pending_on.pop_front() {
                let mut offs = std::mem::take(&mut self.offs);
                self.layout.on_to_off(self.masks, self.graph.node(p).cand, pass.cell, &mut offs);
                for &c in &offs {
                    if on && c == src {
                        self.offs = offs;
                        break 'search Some(self.add(c, false, Some(p)));
                    }
                    if self.off_at[c as usize] == NONE {
                        let node = self.add(c, false, Some(p));
                        self.mark(c, false, node);
                        self.pending_off.push_back(Pending::New(node));
                    }
                }
                self.offs = offs;
            }
            if let Some(&Pending::New(front)) = self.pending_off.front()
                && !self.can_win(base, self.depth[front as usize] + 2, key)
            {
                break None;
            }
            while let Some(entry) = self.pending_off.pop_front() {
                let Pending::New(p) = entry else { continue };
                let mut ons = std::mem::take(&mut self.ons);
                self.layout.off_to_on(
                    self.masks,
                    self.graph.node(p).cand,
                    pass.cell,
                    true,
                    &mut ons,
                );
                for &(c, _) in &ons {
                    if !on && c == src {
                        self.ons = ons;
                        break 'search Some(self.add(c, true, Some(p)));
                    }
                    if self.on_at[c as usize] == NONE {
                        let node = self.add(c, true, Some(p));
                        self.mark(c, true, node);
                        self.pending_on.push_back(node);
                    }
                }
                self.ons = ons;
            }
        };
        let Some(target) = target else { return };
        let complexity = self.graph.ancestors(target);
        let rank = Rank::new(base, complexity, key);
        if rank.beats(self.best.as_ref().map(|b| &b.rank)) {
            let chain = self
                .graph
                .path(target)
                .iter()
                .map(|&p| (self.graph.node(p).cand, self.graph.node(p).on))
                .collect();
            self.best = Some(Found { rank, pass, cycle: false, chain, removed: Vec::new() });
        }
    }
}
