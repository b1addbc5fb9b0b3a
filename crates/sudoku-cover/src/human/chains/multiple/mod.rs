//! [`ForcingChains`]: chains from several assumptions at once: Nishio
//! (7.5), cell and region forcing chains (8.0), dynamic forcing chains
//! (8.5) and dynamic forcing chains with nested patterns (9.0 and up).

use std::panic::resume_unwind;
use std::sync::atomic::AtomicUsize;
use std::sync::atomic::Ordering::Relaxed;

use super::graph::{Cand, NONE, Rank};
use super::links::{Layout, Via, open_masks};
use super::memo;
use super::propagate::{Mode, Nest, Outcome, Propagator};
use super::rule::{RuleHint, removals, rule_parents};
use super::text::{Conclusion, chain_text};
use crate::human::candidates::{Candidates, Mask, bit, digits};
use crate::human::difficulty::Difficulty;
use crate::human::step::Step;
use crate::human::technique::Technique;
use crate::human::watch;

/// A name with Sudoku Explainer's suffix for each nesting level, 0 to 5.
macro_rules! nested_names {
    ($name:literal) => {
        [
            $name,
            concat!($name, " (+)"),
            concat!($name, " (+ Forcing Chains)"),
            concat!($name, " (+ Multiple Forcing Chains)"),
            concat!($name, " (+ Dynamic Forcing Chains)"),
            concat!($name, " (+ Dynamic Forcing Chains (+ Forcing Chains))"),
        ]
    };
}

/// Which of Sudoku Explainer's forcing-chain rungs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rung {
    Nishio,
    Multiple,
    Dynamic(u8),
}

/// Sudoku Explainer's forcing chains that follow every consequence of an
/// assumption (not one chain but all of them):
///
/// - **Nishio** (7.5): a candidate whose assumption, following one digit's
///   links on the grid the assumption makes, ends in a contradiction is
///   false (or, assumed false, true);
/// - **Multiple** (8.0): *cell forcing chains*, every candidate of a cell
///   leads to the same conclusion; *region forcing chains*, every place of
///   a digit in a house does (static chains: the grid does not change);
/// - **Dynamic** (8.5): all of these, on the grid each assumption makes,
///   plus contradictions and *double forcing chains* (a candidate true and
///   false leads to the same conclusion);
/// - **Dynamic (+)** (9.0): dynamic chains that, when stuck, also use
///   pointing, claiming, naked and hidden pairs and X-wings on that grid.
///
/// A step's difficulty adds a tenth per length step to the base, the
/// length counting every potential the conclusion follows from in all its
/// chains; the easiest step is returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ForcingChains {
    rung: Rung,
}

impl ForcingChains {
    /// Nishio forcing chains (SE 7.5).
    pub const NISHIO: ForcingChains = ForcingChains { rung: Rung::Nishio };
    /// Cell and region forcing chains (SE 8.0).
    pub const MULTIPLE: ForcingChains = ForcingChains { rung: Rung::Multiple };
    /// Dynamic forcing chains (SE 8.5).
    pub const DYNAMIC: ForcingChains = ForcingChains { rung: Rung::Dynamic(0) };
    /// Dynamic forcing chains with nested patterns (SE 9.0).
    pub const DYNAMIC_PLUS: ForcingChains = ForcingChains { rung: Rung::Dynamic(1) };

    /// Dynamic forcing chains of nesting `level` (2 to 5): the chains
    /// nested at that level are searched by the caller's [`Nest`].
    pub(super) const fn nested(level: u8) -> ForcingChains {
        ForcingChains { rung: Rung::Dynamic(level) }
    }

    pub(super) fn mode(self) -> Mode {
        match self.rung {
            Rung::Nishio => Mode { cell_links: false, dynamic: true, level: 0 },
            Rung::Multiple => Mode { cell_links: true, dynamic: false, level: 0 },
            Rung::Dynamic(level) => Mode { cell_links: true, dynamic: true, level },
        }
    }

    fn base(self) -> u16 {
        match self.rung {
            Rung::Nishio => 75,
            Rung::Multiple => 80,
            Rung::Dynamic(0) => 85,
            Rung::Dynamic(1) => 90,
            Rung::Dynamic(level) => 95 + 5 * (u16::from(level) - 2),
        }
    }

    fn step_name(self, kind: Kind) -> &'static str {
        let level = match self.rung {
            Rung::Nishio => return "Nishio Forcing Chains",
            Rung::Multiple => {
                return if kind == Kind::Region {
                    "Region Forcing Chains"
                } else {
                    "Cell Forcing Chains"
                };
            }
            Rung::Dynamic(level) => usize::from(level.min(5)),
        };
        let kind = match kind {
            Kind::Contradiction => 0,
            Kind::Double => 1,
            Kind::Cell => 2,
            Kind::Region => 3,
        };
        STEP_NAMES[kind][level]
    }
}

/// Sudoku Explainer's names of dynamic steps: by kind (contradiction,
/// double, cell, region), then nesting level (0 to 5).
const STEP_NAMES: [[&str; 6]; 4] = [
    nested_names!("Dynamic Contradiction Forcing Chains"),
    nested_names!("Dynamic Double Forcing Chains"),
    nested_names!("Dynamic Cell Forcing Chains"),
    nested_names!("Dynamic Region Forcing Chains"),
];

impl Technique for ForcingChains {
    fn name(&self) -> &'static str {
        match self.rung {
            Rung::Nishio => "Nishio Forcing Chains",
            Rung::Multiple => "Multiple Forcing Chains",
            Rung::Dynamic(0) => "Dynamic Forcing Chains",
            Rung::Dynamic(1) => "Dynamic Forcing Chains (+)",
            Rung::Dynamic(level) => {
                nested_names!("Dynamic Forcing Chains")[usize::from(level.min(5))]
            }
        }
    }

    fn difficulty(&self) -> Difficulty {
        Difficulty::tenths(self.base())
    }

    fn find(&self, grid: &Candidates) -> Option<Step> {
        if grid.size() > super::MAX_SIDE {
            return None;
        }
        self.find_with(grid, None)
    }
}

impl ForcingChains {
    /// The easiest step on `grid`, with `nest` seeking the nested chains.
    ///
    /// On a step watched with threads ([`watch::threads`]), the threads
    /// take the cells one by one, each with a search of its own, and the
    /// best of their hints is the one search's: the easiest, and of equals
    /// the one from the first cell.
    pub(super) fn find_with(self, grid: &Candidates, nest: Option<Nest>) -> Option<Step> {
        let layout = Layout::new(grid.units());
        let masks = open_masks(grid);
        let threads = watch::threads();
        if threads <= 1 {
            let mut search = Search::new(self, &layout, &masks, nest);
            search.run(None);
            let best = search.best.take()?;
            return Some(search.step(best));
        }
        let next = AtomicUsize::new(0);
        let share = || {
            let mut search = Search::new(self, &layout, &masks, nest);
            search.run(Some(&next));
            let best = search.best.take()?;
            Some((best.rank, best.cell, search.step(best)))
        };
        let (memo, stop, deadline) = (memo::shared(), watch::stop(), watch::deadline());
        let found: Vec<_> = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|_| {
                    let memo = memo.clone();
                    scope.spawn(|| {
                        memo::adopt(memo);
                        watch::watched(stop.as_ref(), deadline, 1, share).0
                    })
                })
                .collect();
            let mine = share();
            let theirs = helpers.into_iter().map(|h| h.join().unwrap_or_else(|p| resume_unwind(p)));
            std::iter::once(mine).chain(theirs).flatten().collect()
        });
        // A helper that gave up left its cells half searched: this thread
        // gives up too (the stop or deadline it saw holds here).
        if watch::given_up() {
            return None;
        }
        let better = |a: &(Rank, usize, Step), b: &(Rank, usize, Step)| {
            a.0.beats(Some(&b.0)) || (!b.0.beats(Some(&a.0)) && a.1 < b.1)
        };
        let best = found.into_iter().reduce(|b, a| if better(&a, &b) { a } else { b })?;
        Some(best.2)
    }

    /// Every hint on `work` (a chain's grid, made from `source`), as a
    /// chain nested in that chain sees it, with `nest` seeking the chains
    /// nested in these.
    pub(super) fn collect(
        self,
        layout: &Layout,
        source: &[Mask],
        work: &[Mask],
        nest: Option<Nest>,
    ) -> Vec<RuleHint> {
        let mut search = Search::new(self, layout, work, nest);
        search.all = Some(Vec::new());
        search.run(None);
        let all = search.all.take().unwrap_or_default();
        let graph = &mut search.prop.graph;
        all.into_iter()
            .map(|hint| {
                let root = match hint.kind {
                    Kind::Cell => Some(Via::Cell),
                    Kind::Region => hint.house.map(|h| Via::House(h as u32)),
                    Kind::Contradiction | Kind::Double => None,
                };
                RuleHint {
                    rank: hint.rank,
                    name: self.step_name(hint.kind),
                    removed: removals(layout, work, hint.conclusion),
                    needs: rule_parents(graph, &hint.chains, root, layout, source, work),
                }
            })
            .collect()
    }
}

/// The kind of a hint, with Sudoku Explainer's key for ties.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// An assumption leads to a contradiction.
    Contradiction,
    /// A candidate on and off lead to the same conclusion.
    Double,
    /// Every candidate of a cell does.
    Cell,
    /// Every place of a digit in a house does.
    Region,
}

impl Kind {
    fn key(self) -> u8 {
        match self {
            Kind::Double => 1,
            Kind::Cell => 5,
            Kind::Region => 6,
            Kind::Contradiction => 7,
        }
    }
}

/// The best hint so far: its rank, what it concludes, the chains (graph
/// nodes) it rests on, and where it starts.
#[derive(Debug)]
struct Hint {
    rank: Rank,
    /// The cell whose assumptions found it (the search's order).
    cell: usize,
    kind: Kind,
    conclusion: Conclusion,
    chains: Vec<u32>,
    cells: Vec<usize>,
    digits: Mask,
    house: Option<usize>,
}

/// One grid's search.
struct Search<'a> {
    chains: ForcingChains,
    layout: &'a Layout<'a>,
    masks: &'a [Mask],
    prop: Propagator<'a>,
    /// The outcome of each candidate assumed on, once computed.
    outcomes: Vec<Outcome>,
    on_outcome: Vec<u32>,
    best: Option<Hint>,
    /// Every hint, when collecting them all (a nested search).
    all: Option<Vec<Hint>>,
    /// The cell whose assumptions are being followed.
    cell: usize,
}

impl<'a> Search<'a> {
    fn new(
        chains: ForcingChains,
        layout: &'a Layout<'a>,
        masks: &'a [Mask],
        nest: Option<Nest>,
    ) -> Search<'a> {
        Search {
            chains,
            layout,
            masks,
            prop: Propagator::new(layout, masks, chains.mode()).nesting(nest),
            outcomes: Vec::new(),
            on_outcome: vec![NONE; layout.cands()],
            best: None,
            all: None,
            cell: 0,
        }
    }

    /// The outcome of `cand` assumed on, computed once.
    fn on(&mut self, cand: Cand) -> usize {
        if self.on_outcome[cand as usize] == NONE {
            let out = self.prop.run(cand, true);
            self.outcomes.push(out);
            self.on_outcome[cand as usize] = (self.outcomes.len() - 1) as u32;
        }
        self.on_outcome[cand as usize] as usize
    }

    /// Cells in reading order, each candidate in turn, as Sudoku Explainer
    /// goes: contradictions and double chains from the candidate, region
    /// chains from the first place of its digit in a house, then cell
    /// chains. With `shared`, only the cells taken from it (the next cell
    /// no thread has taken), in order.
    fn run(&mut self, shared: Option<&AtomicUsize>) {
        let nishio = self.chains.rung == Rung::Nishio;
        let dynamic = self.chains.mode().dynamic;
        let cells = self.masks.len();
        let mut mine = 0..cells;
        let mut next = || match shared {
            None => mine.next(),
            Some(next) => Some(next.fetch_add(1, Relaxed)).filter(|&c| c < cells),
        };
        while let Some(cell) = next() {
            self.cell = cell;
            let mask = self.masks[cell];
            let count = mask.count_ones();
            if count < 2 || (count == 2 && !dynamic) {
                continue;
            }
            if watch::given_up() {
                return;
            }
            let mut per_digit = Vec::new();
            for d in digits(mask) {
                let cand = self.layout.cand(cell, d);
                let on = self.on(cand);
                per_digit.push(on);
                if dynamic {
                    let off = self.prop.run(cand, false);
                    self.binary(cell, d, on, &off, count >= 3 && !nishio);
                }
                if !nishio {
                    self.regions(cell, d, on);
                }
            }
            if !nishio {
                self.agreement(Kind::Cell, &per_digit, vec![cell], mask, None);
            }
        }
    }

    /// Weighs a hint resting on `chains` (their potentials counted
    /// together); keeps it when it beats the best so far.
    fn consider(&mut self, kind: Kind, conclusion: Conclusion, chains: Vec<u32>, at: Origin) {
        if conclusion.on && self.masks[self.layout.cell(conclusion.cand)].count_ones() < 2 {
            return;
        }
        let complexity = self.prop.graph.complexity(&chains);
        let rank = Rank::new(self.chains.base(), complexity, kind.key());
        let (cells, digits, house) = at;
        let hint = Hint { rank, cell: self.cell, kind, conclusion, chains, cells, digits, house };
        if let Some(all) = &mut self.all {
            all.push(hint);
        } else if rank.beats(self.best.as_ref().map(|b| &b.rank)) {
            self.best = Some(hint);
        }
    }

    /// Contradictions from `cand` on and off, and (`double`) the
    /// conclusions both reach.
    fn binary(&mut self, cell: usize, d: u8, on: usize, off: &Outcome, double: bool) {
        let cand = self.layout.cand(cell, d);
        let at = || (vec![cell], bit(d), None);
        if let Some((a, b)) = self.outcomes[on].contradiction {
            self.consider(Kind::Contradiction, Conclusion { cand, on: false }, vec![a, b], at());
        }
        if let Some((a, b)) = off.contradiction {
            self.consider(Kind::Contradiction, Conclusion { cand, on: true }, vec![a, b], at());
        }
        if !double {
            return;
        }
        for state in [true, false] {
            let list = if state { &self.outcomes[on].ons } else { &self.outcomes[on].offs };
            let both: Vec<(u32, u32)> = list
                .iter()
                .filter_map(|&n| off.get(self.prop.graph.node(n).cand, state).map(|m| (n, m)))
                .collect();
            for (a, b) in both {
                let target = self.prop.graph.node(a).cand;
                self.consider(
                    Kind::Double,
                    Conclusion { cand: target, on: state },
                    vec![a, b],
                    at(),
                );
            }
        }
    }

    /// Region chains of digit `d` from `cell`, in each house where the
    /// cell is the digit's first place.
    fn regions(&mut self, cell: usize, d: u8, on: usize) {
        let b = bit(d);
        let houses = self.layout.houses_of(cell).to_vec();
        for h in houses {
            let places: Vec<usize> =
                self.layout.house(h).iter().copied().filter(|&c| self.masks[c] & b != 0).collect();
            if places.len() < 2 || places[0] != cell {
                continue;
            }
            let outs: Vec<usize> = places
                .iter()
                .map(|&c| if c == cell { on } else { self.on(self.layout.cand(c, d)) })
                .collect();
            self.agreement(Kind::Region, &outs, places, b, Some(h as usize));
        }
    }

    /// The conclusions every outcome of `outs` reaches (in the first's
    /// order): cell or region forcing chains.
    fn agreement(
        &mut self,
        kind: Kind,
        outs: &[usize],
        cells: Vec<usize>,
        digits: Mask,
        house: Option<usize>,
    ) {
        let Some(&first) = outs.first() else { return };
        for state in [true, false] {
            let list = if state { &self.outcomes[first].ons } else { &self.outcomes[first].offs };
            let mut found: Vec<(Cand, Vec<u32>)> = Vec::new();
            for &n in list {
                let cand = self.prop.graph.node(n).cand;
                let chains: Option<Vec<u32>> =
                    outs.iter().map(|&o| self.outcomes[o].get(cand, state)).collect();
                if let Some(chains) = chains {
                    found.push((cand, chains));
                }
            }
            for (cand, chains) in found {
                let at = (cells.clone(), digits, house);
                self.consider(kind, Conclusion { cand, on: state }, chains, at);
            }
        }
    }

    /// The step of a hint.
    fn step(&self, hint: Hint) -> Step {
        let graph = &self.prop.graph;
        let notes: Vec<String> = hint
            .chains
            .iter()
            .map(|&c| {
                let path = graph.path(c).into_iter().map(|p| {
                    let node = graph.node(p);
                    (node.cand, node.on, graph.nested_chain(p).map(|n| n.name))
                });
                chain_text(self.layout, path)
            })
            .collect();
        let name = self.chains.step_name(hint.kind);
        let mut step = Step::new(name, Difficulty::tenths(hint.rank.tenths()), self.layout.size())
            .with_cells(hint.cells)
            .with_digits(hint.digits)
            .with_note(notes.join("; "));
        if let Some(h) = hint.house {
            step = step.in_house(h);
        }
        hint.conclusion.apply(self.layout, step)
    }
}

/// Where a hint starts: its cells, digits and house.
type Origin = (Vec<usize>, Mask, Option<usize>);

#[cfg(test)]
mod tests;
