//! [`ForcingChains`]: chains from several assumptions at once: Nishio
//! (7.5), cell and region forcing chains (8.0), dynamic forcing chains
//! (8.5) and dynamic forcing chains with nested patterns (9.0 and up).

use super::graph::{Cand, NONE, Rank};
use super::links::{Layout, Via, open_masks};
use super::propagate::{Mode, Nest, Outcome, Propagator};
use super::rule::{RuleHint, removals, rule_parents};
use super::text::{Conclusion, chain_text};
use crate::human::candidates::{Candidates, Mask, bit, digits};
use crate::human::difficulty::Difficulty;
use crate::human::step::Step;
use crate::human::technique::Technique;

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
    pub(super) fn find_with(self, grid: &Candidates, nest: Option<Nest>) -> Option<Step> {
        let layout = Layout::new(grid.units());
        let masks = open_masks(grid);
        let mut search = Search::new(self, &layout, &masks, nest);
        search.run();
        let best = search.best.take()?;
        Some(search.step(best))
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
        search.run();
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
            if crate::human::watch::given_up() {
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
        if let Some(all) = &mut self.all {
            all.push(Hint { rank, kind, conclusion, chains, cells, digits, house });
        } else if rank.beats(self.best.as_ref().map(|b| &b.rank)) {
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
mod tests {
    use super::*;
    use crate::human::chains::testing::check_first;

    /// Positions met solving real puzzles, where this rung is the first of
    /// the ladder to apply: one per kind of step.
    #[test]
    fn in_real_puzzles() {
        // Cell Forcing Chains
        check_first(
            &ForcingChains::MULTIPLE,
            "\
            .....67..1...5......3.......2....78..2..5.789.2..56...1....67.9...45.7.....4....9\
            .....678.........9....5.78.1............5.7.....4..........67....3.......2.......\
            .2..........4.....1...5.7....3.5.7....3.567.9..3.56..91....67.9....5.7.........8.\
            1.............6..........89..3.5......3.5..........7...2..........4...8....4....9\
            ....5...9......7...2..........4.....1...............8.....5...9.....6.....3......\
            ..3.5..8...3.5.......4.............9.2...6....2...6.......5..8.1..............7..\
            ...4......23.5.........6....23.5.78..23.5.78..23.5..........78.........91........\
            ..3...7.........8.......7.9.....6.....3...7.91...........4......2...........5....\
            ....5.7.912..5....1...5.....2..5.78....4......2..5...9..3............78......6...",
            "Cell Forcing Chains: r3c3 {1,5,7}: r3c4<>5 (r3c3=1 -> r1c2<>1 -> r1c2=5 -> r2c3<>5 -> r2c5=5 -> r3c4<>5; r3c3=5 -> r3c4<>5; r3c3=7 -> r3c8<>7 -> r3c8=5 -> r3c4<>5)",
        );
        // Region Forcing Chains
        check_first(
            &ForcingChains::MULTIPLE,
            "\
            123....8.123....8....4...........7..1....6.8.........9....5....12...6...123..6.8.\
            123....8.........9.....6...1......8.....5....1..4...8.......7..12.4.....1234...8.\
            ......7..1...5..8.1...5..8..2.........3......1..4.6.8.1..4.............91..4.6.8.\
            12..5..8.12..5..8.......7....3......12.4.6.8.1...56.8.12.4.....12.45............9\
            12..5..8....4.............91...5..8.12.....8.1...5.78......6.....3......12....7..\
            .....6...12..5......3..............912.4.....1...5.7.........8.12..5.7..12.4..7..\
            ........91....6.8.1......8.1....6.8.......7....3.......2.4......2.4.........5....\
            ...4.....1...567..1...5....1...56...........9.2.........3.............8.1....67..\
            1.3.5..8.1.3.5678..2..........4.....1......8.1...5..8.........91....67..1....67..",
            "Region Forcing Chains: r8c9,r9c8,r9c9 {1}: r9c6<>1 (r8c9=1 -> r8c3<>1 -> r8c3=5 -> r8c4<>5 -> r9c6=5 -> r9c6<>1; r9c8=1 -> r9c6<>1; r9c9=1 -> r9c6<>1)",
        );
        // Nishio Forcing Chains
        check_first(
            &ForcingChains::NISHIO,
            "\
            ..345..8.1..45.7..1.3...78.....56.8.........9....56.8..2...6.8..2....7..12...6...\
            .....6....2.............78.1...........4.......3..........5..........7.9.......89\
            1...5..8.........91......8.....56.8..2.............7.....4.......3......1....6.8.\
            ......7.........8..2...6....2..56..9..3.........4.....1.........2..5...9.2...6..9\
            12......91.3..6......4......2..56..9.......8..2..56.........7...2..5...9.23..6..9\
            .23.....9..3..6.......5..........7..1.........2...6....23..6..9.......8....4.....\
            .23.5..8.....5.7..........9...4..........6....2.....8..23....8.1.........2....7..\
            12.4...8.1..4.....12.....8...3............7..........9.2.....8......6.......5....\
            .23....8...3..67...23..678..2.....8.....5....1.........23....89...4......23...789",
            "Nishio Forcing Chains: r9c1 {2}: r9c1<>2 (r9c1=2 -> r8c3<>2 -> r8c7=2 -> r6c7<>2 -> r6c6=2; r9c1=2 -> r9c4<>2 -> r7c6=2 -> r6c6<>2)",
        );
        // Dynamic Region Forcing Chains
        check_first(
            &ForcingChains::DYNAMIC,
            "\
            ....5.7.....4.......3.5.78......6....23....8.1.........23...7..........9.2..5.7..\
            ....567.9..3..6.8.1.........2..5..89.23.5..89.23...7...23.567...23.567.....4.....\
            .2.........3..67.9..3..67.9....5...9..345...9..34..7.........8.1.3.567..1...5.7..\
            .......8.1.3..6..9..3..6..912.......12...6.......5.......4.....1.....7..1.....7.9\
            ...4.....1....6..9....5...9..3............7.........8.12..56...12...6...12..5...9\
            1...567..1....67...2..........4.....1....6...........91...56..........8...3......\
            1.....7.912....789...4.....12..5..89123.5..89.23......123...7..123.5.7.......6...\
            ..3......12...678......678.12..5..8.12.45..8..2.4.............912..5.7..12..5.78.\
            1.......9....5...........89......7..123....89.....6...123.........4.....12.....8.",
            "Dynamic Region Forcing Chains: r1c5,r1c7,r1c9 {2}: r2c7<>2 (r1c5=2 -> r1c5<>8 -> r1c3=8 -> r9c3<>8 -> r9c3=9 -> r9c1<>9 -> r9c1=1 -> r9c7<>1 -> r9c7=2 -> r2c7<>2; r1c7=2 -> r2c7<>2; r1c9=2 -> r2c7<>2)",
        );
        // Dynamic Contradiction Forcing Chains
        check_first(
            &ForcingChains::DYNAMIC,
            "\
            ....5.7.....4.......3.5.78......6....23....8.1.........23...7..........9.2..5.7..\
            ....567.9..3..6.8.1.........2..5..89.23.5..89.23...7....3.567...23.567.....4.....\
            .2.........3..67.9..3..67.9....5...9..345...9..34..7.........8.1.3.567..1...5.7..\
            .......8.1.3..6..9..3..6..912.......12...6.......5.......4.....1.....7..1.....7.9\
            ...4.....1....6..9....5...9..3............7.........8.12..56...12...6...12..5...9\
            1...567..1....67...2..........4.....1....6...........91...56..........8...3......\
            1.....7.912....789...4.....12..5..89123.5..89.23......123...7..123.5.7.......6...\
            ..3......12...678......678.12..5..8.12.45..8..2.4.............912..5.7..12..5.78.\
            1.......9....5...........89......7..123....89.....6...123.........4.....12.....8.",
            "Dynamic Contradiction Forcing Chains: r8c9 {1}: r8c9<>1 (r8c9=1 -> r8c9<>8 -> r9c9=8 -> r9c3<>8 -> r9c3=9 -> r9c1<>9 -> r9c1=1 -> r7c1<>1 -> r7c1=7; r8c9=1 -> r3c9<>1 -> r3c8=1 -> r4c8<>1 -> r4c8=7 -> r8c8<>7 -> r7c7=7 -> r7c1<>7)",
        );
        // Dynamic Double Forcing Chains
        check_first(
            &ForcingChains::DYNAMIC,
            "\
            ....5.7.....4.......3.5.78......6....23....8.1.........23...7..........9.2..5.7..\
            ....567.9..3..6.8.1.........2..5..89.23.5..89.23...7....3.567...23.567.....4.....\
            .2.........3..67.9..3..67.9....5...9..345...9..34..7.........8.1.3.567..1...5.7..\
            .......8.1.3..6..9..3..6..912.......12...6.......5.......4.....1.....7..1.....7.9\
            ...4.....1....6..9....5...9..3............7.........8.12..56...12...6...12..5...9\
            1...567..1....67...2..........4.....1....6...........91...56..........8...3......\
            1.....7.912....789...4.....12..5..89123.5..89.23......123...7..123.5.7.......6...\
            ..3......12...678......678.12..5..8.12.45..8..2.4.............912..5.7...2..5.78.\
            1.......9....5...........89......7..123....89.....6...123.........4.....12.....8.",
            "Dynamic Double Forcing Chains: r1c3 {8}: r7c4<>2 (r1c3=8 -> r9c3<>8 -> r9c3=9 -> r9c1<>9 -> r2c1=9 -> r2c1<>6 -> r6c1=6 -> r4c3<>6 -> r4c5=6 -> r4c5<>2 -> r4c4=2 -> r7c4<>2; r1c3<>8 -> r1c5=8 -> r7c5<>8 -> r7c4=8 -> r7c4<>2)",
        );
        // Dynamic Cell Forcing Chains
        check_first(
            &ForcingChains::DYNAMIC,
            "\
            ......7...2..5...9.....6..9.234.6...1.........23456.....3.56.....3.56..9.......8.\
            12...6.8...3......1....6.8..2...6.8.....56.8.........91...56......4...........7..\
            1....6.89....5..8....4.......3..6.8.......7....3..6.8..2.......1.3.56..9..3..6..9\
            1..4...89.....6...1.3...7891.34..789..34...8.12345.78...345..8..23.5.....234.....\
            ....5.......4..78..2..........4.678...34.6.8...34.6.8.........9..3..6...1........\
            1..4...89...4...891.3....891234.6.89..3456.8.123456.8...3456.8.......7...234.6...\
            .2.4.6.8..2.4...8.....5....1.34.6.8.........91.34.6.8.......7..123..6....234.6...\
            .2.4.6..91.............67.9....5......34.6.....34.67....34.6..........8..2......9\
            ..3.........4..789.....67891..4.678..2.......1..4.678.1..4.6...1....6..9....5....",
            "Dynamic Cell Forcing Chains: r4c5 {3,4,8}: r4c3<>3 (r4c5=3 -> r4c3<>3; r4c5=4 -> r5c6<>4 -> r5c2=4 -> r5c2<>7 -> r4c3=7 -> r4c3<>3; r4c5=8 -> r5c6<>8 -> r5c2=8 -> r5c2<>7 -> r4c3=7 -> r4c3<>3)",
        );
        // Dynamic Region Forcing Chains (+)
        check_first(
            &ForcingChains::DYNAMIC_PLUS,
            "\
            ......7..12...6..........8....45...9...456..9...456..9..3......1..456...12..5....\
            ...4....9..3..6.....34.6..9.2.........3456...1...........4.67.....45.78.....5.78.\
            ....5....123..6...1234.6.........78...34.6.........78..2...6..91..4.6...12......9\
            1......89...4.....1...5.7.9..3.5.7.9....5...9..3.5.7.91.....78..2............6...\
            ..3......12...67..12...6..9...4..7.9.......8..2.4.67.91..4..7..1..45.7..1...5.7..\
            .2...6.8.....5.78..2..567..1.........2.456....2.4.67.....4..78.........9..3......\
            12.....8.........91.3.5.7.......6...12..5.....23.5..8.12....7..1.3...78....4.....\
            12.4.6.8.123..6.8.1234.6.....34...89......7...234...89....5....1.3..6.8.12.....89\
            12.4.6.8...3.5.78.1234567....345..8912.4....9.2345..89.2...67.91.3..678.12....789",
            "Dynamic Region Forcing Chains (+): r6c5,r6c6,r6c7 {4}: r5c6<>7 (r6c5=4 -> r6c5<>2 -> r5c6<>7 (Hidden Pair); r6c6=4 -> r6c6<>2 -> r5c6<>7 (Hidden Pair); r6c7=4 -> r6c7<>8 -> r4c7=8 -> r4c7<>7 -> r5c6<>7 (Pointing))",
        );
        // Dynamic Double Forcing Chains (+)
        check_first(
            &ForcingChains::DYNAMIC_PLUS,
            "\
            ......7..12...6..........8....45...9...456..9...456..9..3......1..456...12..5....\
            ...4....9..3..6.....34.6..9.2.........3456...1...........4.67.....45.78.....5.78.\
            ....5....123..6...1234.6.........78...34.6.........78..2...6..91..4.6...12......9\
            1......89...4.....1...5.7.9..3.5.7.9....5...9..3.5.7.91.....78..2............6...\
            ..3......12...67..12...6..9...4..7.9.......8..2.4.6..91..4..7..1..45.7..1...5.7..\
            .2...6.8.....5.78..2..567..1.........2.456....2.4.67.....4..78.........9..3......\
            12.....8.........91.3.5.7.......6...12..5.....23.5..8.12....7..1.3...78....4.....\
            12.4.6.8.123..6.8.1234.6.....34...89......7...234...89....5....1.3..6.8.12.....89\
            12.4.6.8...3.5.78.1234567....345..8912.4....9.2345..89.2...67.91.3..678.12....789",
            "Dynamic Double Forcing Chains (+): r2c7 {7}: r5c2<>7 (r2c7=7 -> r4c7<>7 -> r5c2<>7 (Pointing); r2c7<>7 -> r2c9<>5 (Hidden Pair) -> r2c5=5 -> r4c5<>5 -> r4c5=9 -> r5c6<>9 -> r5c3=9 -> r5c3<>2 -> r5c2<>7 (Hidden Pair))",
        );
        // Dynamic Contradiction Forcing Chains (+)
        check_first(
            &ForcingChains::DYNAMIC_PLUS,
            "\
            ......7..1...5..89.....6.8.12...6..91.3.56..9.23.56..9...4.....12..5....123......\
            1..456..9.2..........456...1..4....9......7....345...91...56..........8.1.3......\
            1..456...1..45......3......12.4.6...1...56..........8.12..567..12..5.7..........9\
            .2.4...89...4..789.2.4..78.....5....1....6.89...4.6.....3......12.4..7..12.4..78.\
            ..3.5..8......6......45.7..1......8..2.........34.....1...5.78.........91..4..78.\
            .2345..89...45..891...........4...89..3.....9......7...2..5..8..2.45.........6...\
            12..56.8.1...5.78..2..5678...3..........56.8..2..5............912.4..7..12.4..78.\
            12..5..8...3.......2..5.78..2....789...4......2..5...912....78......6...12....78.\
            .2.4.6.8....4..78.........9.2...678......6.8.1.........2....78...3..........5....",
            "Dynamic Contradiction Forcing Chains (+): r3c7 {5}: r3c7<>5 (r3c7=5 -> r3c7<>7 -> r3c8=7 -> r3c8<>2 -> r3c4=2 -> r3c4<>4 -> r2c3<>4 (Pointing) -> r2c3=5 -> r1c2<>5 -> r7c2=5 -> r7c5<>5 -> r1c5=5 -> r1c5<>3 -> r6c5=3; r3c7=5 -> r3c7<>7 -> r3c8=7 -> r3c8<>2 -> r3c4=2 -> r3c4<>4 -> r2c3<>4 (Pointing) -> r2c3=5 -> r5c3<>5 -> r5c1=5 -> r5c1<>3 -> r6c1=3 -> r6c5<>3)",
        );
    }
}
