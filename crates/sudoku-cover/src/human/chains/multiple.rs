//! [`ForcingChains`]: chains from several assumptions at once: Nishio
//! (7.5), cell and region forcing chains (8.0), dynamic forcing chains
//! (8.5) and dynamic forcing chains with nested patterns (9.0 and up).

use super::graph::{Cand, NONE, Rank};
use super::links::{Layout, open_masks};
use super::propagate::{Mode, Outcome, Propagator};
use super::text::{Conclusion, chain_text};
use crate::human::candidates::{Candidates, Mask, bit, digits};
use crate::human::difficulty::Difficulty;
use crate::human::step::Step;
use crate::human::technique::Technique;

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

    fn mode(self) -> Mode {
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
            Rung::Dynamic(level) => usize::from(level.min(1)),
        };
        let names = match kind {
            Kind::Contradiction => {
                ["Dynamic Contradiction Forcing Chains", "Dynamic Contradiction Forcing Chains (+)"]
            }
            Kind::Double => ["Dynamic Double Forcing Chains", "Dynamic Double Forcing Chains (+)"],
            Kind::Cell => ["Dynamic Cell Forcing Chains", "Dynamic Cell Forcing Chains (+)"],
            Kind::Region => ["Dynamic Region Forcing Chains", "Dynamic Region Forcing Chains (+)"],
        };
        names[level]
    }
}

impl Technique for ForcingChains {
    fn name(&self) -> &'static str {
        match self.rung {
            Rung::Nishio => "Nishio Forcing Chains",
            Rung::Multiple => "Multiple Forcing Chains",
            Rung::Dynamic(0) => "Dynamic Forcing Chains",
            Rung::Dynamic(_) => "Dynamic Forcing Chains (+)",
        }
    }

    fn difficulty(&self) -> Difficulty {
        Difficulty::tenths(self.base())
    }

    fn find(&self, grid: &Candidates) -> Option<Step> {
        let layout = Layout::new(grid.units());
        let masks = open_masks(grid);
        let mut search = Search::new(*self, &layout, &masks);
        search.run();
        let best = search.best.take()?;
        Some(search.step(best))
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
}

impl<'a> Search<'a> {
    fn new(chains: ForcingChains, layout: &'a Layout<'a>, masks: &'a [Mask]) -> Search<'a> {
        Search {
            chains,
            layout,
            masks,
            prop: Propagator::new(layout, masks, chains.mode()),
            outcomes: Vec::new(),
            on_outcome: vec![NONE; layout.cands()],
            best: None,
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
    /// chains.
    fn run(&mut self) {
        let nishio = self.chains.rung == Rung::Nishio;
        let dynamic = self.chains.mode().dynamic;
        for cell in 0..self.masks.len() {
            let mask = self.masks[cell];
            let count = mask.count_ones();
            if count < 2 || (count == 2 && !dynamic) {
                continue;
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
        let complexity = chains.iter().map(|&c| self.prop.graph.ancestors(c)).sum();
        let rank = Rank::new(self.chains.base(), complexity, kind.key());
        if rank.beats(self.best.as_ref().map(|b| &b.rank)) {
            let (cells, digits, house) = at;
            self.best = Some(Hint { rank, kind, conclusion, chains, cells, digits, house });
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
                let path: Vec<(Cand, bool)> =
                    graph.path(c).iter().map(|&p| (graph.node(p).cand, graph.node(p).on)).collect();
                chain_text(self.layout, &path)
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
