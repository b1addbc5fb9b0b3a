//! [`Cycles`]: chains from one candidate on a fixed grid: bidirectional
//! X-, Y- and XY-cycles (continuous nice loops) and forcing X-chains and
//! forcing chains (a candidate whose truth, or falsehood, implies its own
//! opposite).

mod walks;

use std::collections::VecDeque;
use std::rc::Rc;

use walks::Walks;

use super::graph::{Cand, Graph, NONE, Rank, Seen};
use super::links::{Layout, Links, Via, open_masks};
use super::rule::{RuleHint, removals, rule_parents};
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
/// Each adds a tenth per length step (the length in potentials less two
/// passing 4, 6, 8, 12, 16, 24, …); the step returned is the easiest (then
/// shortest) found, as Sudoku Explainer ranks them.
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
        if grid.size() > super::MAX_SIDE {
            return None;
        }
        let layout = Layout::new(grid.units());
        let masks = open_masks(grid);
        let mut search = Unary::new(&layout, &masks);
        search.run();
        search.best.take().map(|found| found.into_step(&layout))
    }
}

impl Cycles {
    /// Every hint on `work` (a chain's grid, made from `source`), as a
    /// chain nested in that chain sees it.
    pub(super) fn collect(layout: &Layout, source: &[Mask], work: &[Mask]) -> Vec<RuleHint> {
        let mut search = Unary::new(layout, work);
        search.prune = false;
        search.nested = Some((source, Vec::new()));
        search.run();
        search.nested.take().map(|(_, all)| all).unwrap_or_default()
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

    /// The name of a cycle (or forcing chain) of this search.
    fn name(self, cycle: bool) -> &'static str {
        match (cycle, self.cell, self.house) {
            (true, false, _) => "Bidirectional X-Cycle",
            (true, true, false) => "Bidirectional Y-Cycle",
            (true, true, true) => "Bidirectional Cycle",
            (false, false, _) => "Forcing X-Chain",
            (false, true, _) => "Forcing Chain",
        }
    }
}

/// An off potential waiting in a cycle search: a new one, or one already
/// met again from another parent, which can only close a cycle (through
/// `via`, the link that forces the assumption on from it).
#[derive(Debug, Clone, Copy)]
enum Pending {
    New(u32),
    Again { cand: Cand, parent: u32, via: Via },
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
        let name = self.pass.name(self.cycle);
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
            .with_note(chain_text(layout, self.chain.iter().map(|&(c, on)| (c, on, None))));
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
    /// The buffers, taken from the thread's [`ROOM`] and given back on drop.
    room: Box<Room>,
    best: Option<Found>,
    /// Whether to stop a search once nothing deeper can win (not when
    /// every hint is wanted, nor in a test comparing with the full search).
    prune: bool,
    /// When every hint is wanted (a nested search): the outer chain's
    /// starting grid, and the hints.
    nested: Option<(&'a [Mask], Vec<RuleHint>)>,
    /// Whether to skip the searches that cannot find anything (not in a
    /// test comparing with every search).
    skip: bool,
}

/// A search's buffers, kept by each thread from grid to grid: a nested
/// rung searches thousands of small grids, and making these afresh for
/// each was a tenth of its time.
#[derive(Debug)]
struct Room {
    /// The grid's links, listed once (shared, so that a search reads them
    /// while it grows its graph).
    links: Rc<Links>,
    /// The candidates of the grids `graph`, `seen` and `cancel` are sized
    /// for.
    cands: usize,
    graph: Graph,
    /// Per node, its distance from the assumption.
    depth: Vec<u32>,
    /// Per node, a bit per potential above it on its path (hashed): a
    /// potential whose bit is clear is not there.
    above: Vec<u128>,
    seen: Seen,
    pending_on: VecDeque<u32>,
    pending_off: VecDeque<Pending>,
    /// Per candidate, how a cycle being weighed sees it (all zero between
    /// two cycles), and the candidates marked.
    cancel: Vec<u8>,
    marked: Vec<Cand>,
    walks: Walks,
    /// Per potential, whether it reaches its opposite along every link.
    forcing: Vec<bool>,
}

impl Default for Room {
    fn default() -> Room {
        Room {
            links: Rc::new(Links::default()),
            cands: 0,
            graph: Graph::new(0),
            depth: Vec::new(),
            above: Vec::new(),
            seen: Seen::new(0),
            pending_on: VecDeque::new(),
            pending_off: VecDeque::new(),
            cancel: Vec::new(),
            marked: Vec::new(),
            walks: Walks::default(),
            forcing: Vec::new(),
        }
    }
}

thread_local! {
    /// The room of this thread's last search (none while one runs).
    static ROOM: std::cell::Cell<Option<Box<Room>>> = const { std::cell::Cell::new(None) };
}

impl Drop for Unary<'_> {
    fn drop(&mut self) {
        // A search cut short by a panic may leave marks behind.
        if !std::thread::panicking() {
            let room = std::mem::take(&mut self.room);
            ROOM.with(|r| r.set(Some(room)));
        }
    }
}

/// A potential's number, `cand · 2 + on` (in [`Room::forcing`] and the
/// walks' marks).
#[inline]
fn potential(cand: Cand, on: bool) -> u32 {
    cand * 2 + u32::from(on)
}

/// A potential's bit in [`Unary`]'s path filters.
#[inline]
fn path_bit(cand: Cand, on: bool) -> u128 {
    1 << (potential(cand, on) % 128)
}

impl<'a> Unary<'a> {
    fn new(layout: &'a Layout<'a>, masks: &'a [Mask]) -> Unary<'a> {
        let cands = layout.cands();
        let mut room = ROOM.with(|r| r.take()).unwrap_or_default();
        if room.cands != cands {
            room.graph = Graph::new(cands);
            room.seen = Seen::new(cands);
            room.cancel = vec![0; cands];
            room.cands = cands;
        }
        match Rc::get_mut(&mut room.links) {
            Some(links) => links.fill(layout, masks),
            None => room.links = Rc::new(Links::new(layout, masks)),
        }
        Unary { layout, masks, room, best: None, prune: true, nested: None, skip: true }
    }

    /// Sudoku Explainer's three searches (X links, Y links, both), from
    /// every candidate of every cell in reading order.
    fn run(&mut self) {
        let passes = [
            Pass { cell: false, house: true },
            Pass { cell: true, house: false },
            Pass { cell: true, house: true },
        ];
        let links = Rc::clone(&self.room.links);
        let mut walks = std::mem::take(&mut self.room.walks);
        let cands = self.layout.cands();
        // Which potentials reach their opposite along every link: the
        // forcing chains of both kinds of link, and the only potentials
        // whose forcing X-chains (a part of the links) can.
        let mut forcing = std::mem::take(&mut self.room.forcing);
        forcing.clear();
        forcing.resize(2 * cands, !self.skip);
        if self.skip {
            walks.new_links();
            for (cell, &mask) in self.masks.iter().enumerate() {
                if mask.count_ones() >= 2 {
                    for d in digits(mask) {
                        let cand = self.layout.cand(cell, d);
                        for on in [true, false] {
                            forcing[potential(cand, on) as usize] =
                                walks.reaches_opposite(&links, passes[2], cands, cand, on);
                        }
                    }
                }
            }
        }
        for pass in passes {
            walks.new_links();
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
                    // A search that cannot find anything is skipped.
                    if !self.skip || walks.closes(&links, pass, cands, cand) {
                        self.cycles(cand, pass);
                    }
                    if pass.house {
                        for on in [true, false] {
                            let finds = forcing[potential(cand, on) as usize]
                                && (pass.cell
                                    || !self.skip
                                    || walks.reaches_opposite(&links, pass, cands, cand, on));
                            if finds {
                                self.forcing(cand, on, pass);
                            }
                        }
                    }
                }
            }
        }
        self.room.walks = walks;
        self.room.forcing = forcing;
    }

    fn can_win(&self, base: u16, complexity: u32, key: u8) -> bool {
        !self.prune || Rank::new(base, complexity, key).beats(self.best.as_ref().map(|b| &b.rank))
    }

    fn reset(&mut self) {
        self.room.seen.clear();
        self.room.graph.clear();
        self.room.depth.clear();
        self.room.above.clear();
        self.room.pending_on.clear();
        self.room.pending_off.clear();
    }

    #[inline(always)]
    fn add(&mut self, cand: Cand, on: bool, parent: Option<u32>) -> u32 {
        let node = match parent {
            Some(p) => self.room.graph.add(cand, on, &[p]),
            None => self.room.graph.add(cand, on, &[]),
        };
        self.room.depth.push(parent.map_or(0, |p| self.room.depth[p as usize] + 1));
        let above = parent.map_or(0, |p| {
            let node = self.room.graph.node(p);
            self.room.above[p as usize] | path_bit(node.cand, node.on)
        });
        self.room.above.push(above);
        node
    }

    fn mark(&mut self, cand: Cand, on: bool, node: u32) {
        self.room.seen.set(cand, on, node);
    }

    /// The cycles through `src` (assumed on), as Sudoku Explainer finds
    /// them: breadth first, an off potential met again from another parent
    /// kept as a way to close a cycle.
    fn cycles(&mut self, src: Cand, pass: Pass) {
        let links = Rc::clone(&self.room.links);
        self.reset();
        let root = self.add(src, true, None);
        self.mark(src, true, root);
        self.room.pending_on.push_back(root);
        let mut length = 0;
        let mut found = Vec::new();
        let (base, key) = (pass.cycle_base(), pass.key());
        while !self.room.pending_on.is_empty() || !self.room.pending_off.is_empty() {
            length += 1;
            // A cycle closed from the coming potentials is two links longer.
            if let Some(&front) = self.room.pending_on.front()
                && !self.can_win(base, self.room.depth[front as usize] + 2, key)
            {
                break;
            }
            while let Some(p) = self.room.pending_on.pop_front() {
                for &c in links.on_to_off(self.room.graph.node(p).cand, pass.cell) {
                    if self.room.above[p as usize] & path_bit(c, false) != 0
                        && self.room.graph.above(p, c, false)
                    {
                        continue;
                    }
                    if self.room.seen.get(c, false) == NONE {
                        let node = self.add(c, false, Some(p));
                        self.mark(c, false, node);
                        self.room.pending_off.push_back(Pending::New(node));
                    } else if length >= 3
                        && let Some(via) = links.forced_via(c, src, pass.cell, pass.house)
                    {
                        // Met again: kept if it closes a cycle long enough
                        // (the off potentials are taken one link further on).
                        self.room.pending_off.push_back(Pending::Again { cand: c, parent: p, via });
                    }
                }
            }
            length += 1;
            while let Some(entry) = self.room.pending_off.pop_front() {
                match entry {
                    Pending::New(node) => {
                        let cand = self.room.graph.node(node).cand;
                        for &(c, via) in links.off_to_on(cand, pass.cell, pass.house) {
                            if length >= 4 && c == src {
                                let end = self.add(src, true, Some(node));
                                self.room.graph.set_cause(end, via.code());
                                found.push(end);
                            }
                            if self.room.seen.get(c, true) == NONE {
                                let on = self.add(c, true, Some(node));
                                self.room.graph.set_cause(on, via.code());
                                self.mark(c, true, on);
                                self.room.pending_on.push_back(on);
                            }
                        }
                    }
                    Pending::Again { cand, parent, via } => {
                        let off = self.add(cand, false, Some(parent));
                        let end = self.add(src, true, Some(off));
                        self.room.graph.set_cause(end, via.code());
                        found.push(end);
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
        let complexity = self.room.graph.ancestors(dst);
        let rank = Rank::new(pass.cycle_base(), complexity, pass.key());
        if self.nested.is_none() && !rank.beats(self.best.as_ref().map(|b| &b.rank)) {
            return;
        }
        let path = self.room.graph.path(dst);
        let layout = self.layout;
        let units = layout.units();
        let cells: Vec<usize> =
            path.iter().map(|&p| layout.cell(self.room.graph.node(p).cand)).collect();
        // Per candidate, bit 0: off when the root is on, bit 1: when off.
        let (cancel, marked) = (&mut self.room.cancel, &mut self.room.marked);
        for &p in &path[1..] {
            let node = self.room.graph.node(p);
            let (cell, digit) = (layout.cell(node.cand), layout.digit(node.cand));
            for &other in units.peers(cell) {
                if !cells.contains(&other) && self.masks[other] & bit(digit) != 0 {
                    let c = layout.cand(other, digit);
                    if cancel[c as usize] == 0 {
                        marked.push(c);
                    }
                    cancel[c as usize] |= if node.on { 1 } else { 2 };
                }
            }
        }
        // In candidate order, each mark cleared for the next cycle.
        marked.sort_unstable();
        let mut removed: Vec<(usize, u8)> = Vec::new();
        for c in marked.drain(..) {
            if std::mem::take(&mut cancel[c as usize]) == 3 {
                removed.push((layout.cell(c), layout.digit(c)));
            }
        }
        if removed.is_empty() {
            return;
        }
        if let Some((source, all)) = &mut self.nested {
            let needs =
                rule_parents(&mut self.room.graph, &[dst], None, layout, source, self.masks);
            let removed = removed.iter().map(|&(c, d)| layout.cand(c, d)).collect();
            all.push(RuleHint { rank, name: pass.name(true), removed, needs });
            return;
        }
        let chain = path
            .iter()
            .map(|&p| (self.room.graph.node(p).cand, self.room.graph.node(p).on))
            .collect();
        self.best = Some(Found { rank, pass, cycle: true, chain, removed });
    }

    /// A forcing chain from `src` assumed `on` to its own opposite, if
    /// one is shorter than the best so far.
    fn forcing(&mut self, src: Cand, on: bool, pass: Pass) {
        let links = Rc::clone(&self.room.links);
        self.reset();
        let root = self.add(src, on, None);
        self.mark(src, on, root);
        if on {
            self.room.pending_on.push_back(root);
        } else {
            self.room.pending_off.push_back(Pending::New(root));
        }
        let (base, key) = (pass.forcing_base(), pass.key());
        let target = 'search: loop {
            if self.room.pending_on.is_empty() && self.room.pending_off.is_empty() {
                break None;
            }
            if let Some(&front) = self.room.pending_on.front()
                && !self.can_win(base, self.room.depth[front as usize] + 2, key)
            {
                break None;
            }
            while let Some(p) = self.room.pending_on.pop_front() {
                for &c in links.on_to_off(self.room.graph.node(p).cand, pass.cell) {
                    if on && c == src {
                        break 'search Some(self.add(c, false, Some(p)));
                    }
                    if self.room.seen.get(c, false) == NONE {
                        let node = self.add(c, false, Some(p));
                        self.mark(c, false, node);
                        self.room.pending_off.push_back(Pending::New(node));
                    }
                }
            }
            if let Some(&Pending::New(front)) = self.room.pending_off.front()
                && !self.can_win(base, self.room.depth[front as usize] + 2, key)
            {
                break None;
            }
            while let Some(entry) = self.room.pending_off.pop_front() {
                let Pending::New(p) = entry else { continue };
                for &(c, via) in links.off_to_on(self.room.graph.node(p).cand, pass.cell, true) {
                    if !on && c == src {
                        let end = self.add(c, true, Some(p));
                        self.room.graph.set_cause(end, via.code());
                        break 'search Some(end);
                    }
                    if self.room.seen.get(c, true) == NONE {
                        let node = self.add(c, true, Some(p));
                        self.room.graph.set_cause(node, via.code());
                        self.mark(c, true, node);
                        self.room.pending_on.push_back(node);
                    }
                }
            }
        };
        let Some(target) = target else { return };
        let complexity = self.room.graph.ancestors(target);
        let rank = Rank::new(base, complexity, key);
        if let Some((source, all)) = &mut self.nested {
            let end = self.room.graph.node(target);
            let removed =
                removals(self.layout, self.masks, Conclusion { cand: end.cand, on: end.on });
            let needs = rule_parents(
                &mut self.room.graph,
                &[target],
                None,
                self.layout,
                source,
                self.masks,
            );
            all.push(RuleHint { rank, name: pass.name(false), removed, needs });
            return;
        }
        if rank.beats(self.best.as_ref().map(|b| &b.rank)) {
            let chain = self
                .room
                .graph
                .path(target)
                .iter()
                .map(|&p| (self.room.graph.node(p).cand, self.room.graph.node(p).on))
                .collect();
            self.best = Some(Found { rank, pass, cycle: false, chain, removed: Vec::new() });
        }
    }
}

#[cfg(test)]
mod tests;
