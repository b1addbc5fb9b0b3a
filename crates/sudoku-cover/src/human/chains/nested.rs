//! [`NestedForcingChains`]: Sudoku Explainer's nested forcing chains
//! (9.5 and up), dynamic forcing chains that, when stuck, seek whole chain
//! searches on the grid their assumption has made.

use std::hash::{DefaultHasher, Hash, Hasher};

use super::advanced::Deduction;
use super::graph::NestedChain;
use super::links::Layout;
use super::memo::{Remembered, with_memo};
use super::multiple::ForcingChains;
use super::rule::{RuleHint, settle};
use super::unary::Cycles;
use crate::human::candidates::{Candidates, Mask};
use crate::human::difficulty::Difficulty;
use crate::human::step::Step;
use crate::human::technique::Technique;

/// The most candidates (of open cells) a grid may hold for the nested
/// rungs to search it, whatever its size. Each rung runs chain searches at
/// every point where one of its assumptions gets stuck, so its cost grows
/// with about the cube of the candidates: the hardest 9x9 puzzles reach the
/// rungs with fewer than 250 and are rated in seconds; minimal 16x16 ones
/// with 480-700, and are rated in 8 s to 3 minutes. A grid far from a
/// unique puzzle's (720 on a 9x9 grid with one digit placed) would take
/// hours.
pub const NESTED_MAX_CANDIDATES: u32 = 640;

/// Dynamic forcing chains (contradiction, double, cell and region, as
/// [`ForcingChains::DYNAMIC_PLUS`]) that, once the pointing, claiming,
/// pairs and X-wings on their grid find nothing, seek chains there too, by
/// level (Sudoku Explainer 1.2's "Nested Forcing Chains"):
///
/// | level | chains nested | base |
/// |---|---|---|
/// | 2 | forcing chains and cycles | 9.5 |
/// | 3 | those, then cell and region forcing chains | 10.0 |
/// | 4 | dynamic forcing chains | 10.5 |
/// | 5 | dynamic forcing chains, then those of level 2 | 11.0 |
///
/// Every hint of the nested search counts (easiest first, one per set of
/// candidates ruled out) whose chains needed some candidate the outer
/// chain had ruled out: those candidates become the parents of what it
/// rules out, and its complexity adds to the complexity of every chain
/// that uses it, once each. A step's difficulty is the base plus a tenth
/// per length step of that complexity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NestedForcingChains {
    level: u8,
}

impl NestedForcingChains {
    /// Nesting level 2: forcing chains and cycles (SE 9.5).
    pub const FORCING: NestedForcingChains = NestedForcingChains { level: 2 };
    /// Nesting level 3: multiple forcing chains (SE 10.0).
    pub const MULTIPLE: NestedForcingChains = NestedForcingChains { level: 3 };
    /// Nesting level 4: dynamic forcing chains (SE 10.5).
    pub const DYNAMIC: NestedForcingChains = NestedForcingChains { level: 4 };
    /// Nesting level 5: dynamic forcing chains with forcing chains nested
    /// in them (SE 11.0).
    pub const DYNAMIC_NESTED: NestedForcingChains = NestedForcingChains { level: 5 };

    fn chains(self) -> ForcingChains {
        ForcingChains::nested(self.level)
    }
}

impl Technique for NestedForcingChains {
    fn name(&self) -> &'static str {
        self.chains().name()
    }

    fn difficulty(&self) -> Difficulty {
        self.chains().difficulty()
    }

    fn find(&self, grid: &Candidates) -> Option<Step> {
        let open: u32 = grid.empty_cells().map(|c| grid.candidates(c).count_ones()).sum();
        if open > NESTED_MAX_CANDIDATES {
            return None;
        }
        self.chains().find_with(grid, Some(offs))
    }
}

/// The chain searches nested at each level, in order: the first that
/// rules anything out is the last tried.
#[derive(Debug, Clone, Copy)]
enum Rule {
    /// Forcing chains and cycles.
    Unary,
    /// Static cell and region forcing chains.
    Multiple,
    /// Dynamic forcing chains of a nesting level.
    Dynamic(u8),
}

fn rules(level: u8) -> &'static [Rule] {
    match level {
        0 | 1 => &[],
        2 => &[Rule::Unary],
        3 => &[Rule::Unary, Rule::Multiple],
        4 => &[Rule::Dynamic(0)],
        _ => &[Rule::Dynamic(0), Rule::Dynamic(2)],
    }
}

/// The [`Nest`](super::propagate::Nest) of the nested rungs: what the
/// chain searches of `level` rule out on `work`, a stuck chain's grid
/// made from `source`.
pub(super) fn offs(
    level: u8,
    layout: &Layout,
    source: &[Mask],
    work: &[Mask],
    out: &mut Vec<Deduction>,
) {
    if crate::human::watch::given_up() {
        return;
    }
    for &rule in rules(level) {
        out.extend(memo(rule, layout, source, work));
        if !out.is_empty() {
            return;
        }
    }
}

/// What `rule` rules out on `work` (made from `source`), each deduction
/// with the offs it needs and its chain.
fn rule_offs(rule: Rule, layout: &Layout, source: &[Mask], work: &[Mask]) -> Vec<Deduction> {
    let mut hints = match rule {
        Rule::Unary => Cycles::collect(layout, source, work),
        Rule::Multiple => ForcingChains::MULTIPLE.collect(layout, source, work, None),
        Rule::Dynamic(inner) => {
            let nest = (inner >= 2).then_some(offs as super::propagate::Nest);
            ForcingChains::nested(inner).collect(layout, source, work, nest)
        }
    };
    settle(&mut hints);
    let mut out = Vec::new();
    for hint in hints {
        if hint.needs.is_empty() {
            // The hint holds without the outer chain.
            continue;
        }
        let chain =
            NestedChain { complexity: hint.rank.complexity, key: key(&hint), name: hint.name };
        out.extend(hint.removed.iter().map(|&cand| Deduction {
            cand,
            needs: hint.needs.clone(),
            chain,
        }));
    }
    out
}

/// [`rule_offs`], remembered.
fn memo(rule: Rule, layout: &Layout, source: &[Mask], work: &[Mask]) -> Vec<Deduction> {
    let id = match rule {
        Rule::Unary => 0,
        Rule::Multiple => 1,
        Rule::Dynamic(inner) => 2 + inner,
    };
    let links = layout.fingerprint();
    let hash = memo_hash(id, links, source, work);
    let same = |r: &Remembered| {
        r.rule == id && r.links == links && *r.source == *source && *r.work == *work
    };
    if let Some(found) = with_memo(|m| m.get(hash, same)) {
        return found;
    }
    // Not borrowed while the search runs: it may nest this one.
    let found = rule_offs(rule, layout, source, work);
    if crate::human::watch::given_up() {
        // Cut short: not the rule's whole answer.
        return found;
    }
    let (source, work) = (source.into(), work.into());
    let remembered = Remembered { rule: id, links, source, work, found: found.clone() };
    with_memo(|m| m.insert(hash, remembered, same));
    found
}

/// The hash the memo files a search under.
fn memo_hash(rule: u8, links: u64, source: &[Mask], work: &[Mask]) -> u64 {
    let mut h = DefaultHasher::new();
    (rule, links, source, work).hash(&mut h);
    h.finish()
}

/// A key telling nested chains apart: the same hint found on the grids of
/// two assumptions counts once in a chain that uses both.
fn key(hint: &RuleHint) -> u64 {
    let mut h = DefaultHasher::new();
    (hint.rank.key, hint.rank.complexity, &hint.removed, &hint.needs).hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    use super::*;
    use crate::human::chains::memo;
    use crate::human::chains::testing::check_first;
    use crate::human::watch;
    use crate::human::{End, Ladder, Units};
    use crate::{Rules, Shape};

    /// A position of AI Escargot's walk where the nested forcing chains of
    /// level 2 are the first rung of the ladder to apply.
    const ESCARGOT_LEVEL_2: &str = "\
        1.........2..56.8..2.4.6.8....45..8...345..........7...2.4.6...........9..34.6...\
        ...45.7....3.........4.6...1..45...9.2...........5...91..4.67.....4.67.........8.\
        .2.4..78..2....78.........9.....6...1.34.....1.3....8.....5.....234..7..1.34.....\
        .2.4..78..2....78.....5......3......1....67..12...6...........9...4.678.1..4.6...\
        ...4..7.91..........34.........5.7.9.......8.....56..9...4.67....34567...2.......\
        .....6....2....789.23....8.12..5.7.91...5.7.9...4.....1.....78...3.5.78.1.3.5....\
        ..3.......2..56.89.2...6.8..2.45.78....4567.9.2..56.8..2.4.6.8.1...........456..9\
        .2..5..89...4.....1.........2..5..89..3.56..9..3.56.8..2...6.8..2..56.8.......7..\
        .2..5..89.2..56.89......7..12.45..8.1..456..912..56.8...3.......2.456.8....456..9";

    /// Positions met rating AI Escargot and a puzzle of the forum's
    /// hardest (rated 11 and up by Sudoku Explainer), where the rung is the
    /// first of the ladder to apply.
    #[test]
    fn in_real_puzzles() {
        // Level 2: a forcing chain nested in a region forcing chain.
        check_first(
            &NestedForcingChains::FORCING,
            ESCARGOT_LEVEL_2,
            "Dynamic Region Forcing Chains (+ Forcing Chains): r3c8,r5c8,r6c8 {3}: r6c8<>7 (r3c8=3 -> r5c8<>3 -> r5c3=3 -> r5c3<>4 -> r2c1<>4 (Pointing) -> r2c1=5 -> r1c2<>5 -> r1c4=5 -> r8c4<>5 -> r8c5=5 -> r6c5<>5 -> r6c8=5 -> r6c8<>7; r5c8=3 -> r5c3<>3 -> r5c3=4 -> r5c7<>4 -> r2c7<>7 (Forcing Chain) -> r6c8<>7 (Pointing); r6c8=3 -> r6c8<>7)",
        );
        // Level 3: a static cell or region forcing chain nested.
        check_first(
            &NestedForcingChains::MULTIPLE,
            "\
            ........9.......8.12.4...........7..1.3.5....123...........6...12.45.....2345....\
            ......7......5....12...6...1.3..6..9...4.....123..6..9.23....8912......9.23....89\
            12.4.6...12.4.6.....3......1...56..91...56..9.......8..2.45...9......7...2.45...9\
            ....5....12.4.6...12.4.6.8.1....6.891....6.89......7...2.4...89..3.......2.4...89\
            12...6.8.123..67..........9...4.....1.3.56.8.1.3..6....2..5.78..2..56....2..5.78.\
            ...4.6.8...34.67.....4.678...3.56.89.2.........3..6..91...........456..9...45.789\
            ..3.......2.4.67...2.4.678......6.89.....6789...4.6..9.2.45.7.9.2.45...91........\
            12.4.6...........912.4.67..1.3..6...1.3..67......5.....234..7.........8..234..7..\
            1..4...8.1..4..7......5.....2.......1.3...7891.34....9..34..7.9...4....9.....6...",
            "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains): r1c3 {2}: r1c3<>2 (r1c3=2 -> r1c6<>2 -> r2c6=2 -> r2c6<>9 -> r6c6<>6 (Region Forcing Chains) -> r5c6=6 -> r5c8<>6 -> r6c8=6 -> r6c1<>6 -> r3c1=6 -> r2c3<>6 -> r2c4=6 -> r8c4<>6 -> r8c5=6 -> r8c5<>1 -> r8c4=1; r1c3=2 -> r1c6<>2 -> r2c6=2 -> r2c6<>9 -> r6c6<>6 (Region Forcing Chains) -> r5c6=6 -> r5c8<>6 -> r6c8=6 -> r6c1<>6 -> r3c1=6 -> r2c3<>6 -> r2c3=1 -> r2c8<>1 -> r1c8=1 -> r1c6<>1 -> r9c6=1 -> r8c4<>1)",
        );
    }

    /// A position of Golden Nugget's walk (SE 11.9) whose next step is
    /// at level 4.
    const GOLDEN_NUGGET_LEVEL_4: &str = "\
        .2..567..1..456.8.12.4567...2...6.8..2.4.67.....4.678.12.4.......3..............9\
        .2...6.89...4...89.2.4.67....3....89.234..7..1.........2.4..7...2...67......5....\
        .2...67.91..4.6..9..3.......2...6..9....5.......4.67.9.......8.12.4.67..12.4..7..\
        .23.5......345...........8.1...5............9..3.5.7..12345.7..12.4..7.......6...\
        ..3.56..9......7.....456...1.3.56.8.1.3..6....2.......1.345...91..4...891.34...8.\
        1..........3.56..9.2..56......4.......3..67....3.5.78..23.5.7.9.2....789.23...78.\
        ..3..67..1.3..6...........912...6..........8...34.6...1234..7......5....1234..7..\
        ..3.5.78..2.......1...5.7..1.3.5...91.34.......345...9.....6...1..4..7891.34..78.\
        ...4.....1.3.56.8.1...56.........7..123..6.....3.56..9123.....912.....89123....8.";

    /// The step found there.
    const GOLDEN_NUGGET_LEVEL_4_STEP: &str = "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains): r3c2 {1,4,6,9}: r9c7<>2 (r3c2=1 -> r7c2<>1 -> r9c7<>2 (Dynamic Contradiction Forcing Chains); r3c2=4 -> r3c2<>1 -> r1c7<>1 (Pointing) -> r9c7<>2 (Dynamic Cell Forcing Chains); r3c2=6 -> r3c2<>4 -> r9c7<>2 (Dynamic Contradiction Forcing Chains); r3c2=9 -> r2c2<>9 -> r2c4=9 -> r2c4<>3 -> r2c5=3 -> r2c5<>4 -> r9c7<>2 (Dynamic Contradiction Forcing Chains))";

    /// Level 4, dynamic forcing chains nested, at a position of Golden
    /// Nugget's walk: the step is sound and as found.
    #[test]
    fn dynamic_chains_nested() {
        let grid = crate::human::testing::pencil(GOLDEN_NUGGET_LEVEL_4);
        let step = NestedForcingChains::DYNAMIC.find(&grid).expect("a step");
        crate::human::chains::testing::assert_sound(&step, &grid);
        assert_eq!(step.to_string(), GOLDEN_NUGGET_LEVEL_4_STEP);
    }

    /// A minimal 16x16 puzzle (the third of `dlx sudoku generate --size 16
    /// --seed 12 --count 3 --minimal`) that the rungs below the nested
    /// ones leave stuck.
    const SIXTEEN_STUCK: &str = ".......4..G..6F.....9..B...4D.82.8..F..G.3.....A3.1D...89..A...4....D1..E..C.F.6G....47..9.....1BA6.....2D..47.....C..A....F.G.3..D..C....6.G3..2.8...9.FBC3.......6..37A5..9...A.B1........7.6C7..9..E.C.4..B....C.B9...A5.8..G1.5F.D8..E.B.2..E...3.C6....1...";

    /// On 16x16, where the dynamic forcing chains (+) get stuck, the
    /// nested forcing chains of level 2 find a step, and it is true.
    #[test]
    fn nested_chains_on_sixteen_by_sixteen() {
        let rules = Rules::new(Shape::new(4, 4).unwrap());
        let puzzle: crate::Grid = SIXTEEN_STUCK.parse().unwrap();
        let sudoku = crate::Sudoku::new(rules.clone()).unwrap();
        let solutions: Vec<crate::Grid> =
            sudoku.solver().solutions(&puzzle).unwrap().take(2).collect();
        assert_eq!(solutions.len(), 1);
        let units = Arc::new(Units::new(&rules).unwrap());
        let grid = Candidates::from_grid(units, &puzzle).unwrap();
        let below = Ladder::standard().below(NestedForcingChains::FORCING.difficulty());
        let mut walk = below.walk(grid, Some(&solutions[0]));
        walk.by_ref().for_each(drop);
        assert_eq!(walk.end(), Some(&End::Stuck));
        let stuck = walk.grid();
        let open: u32 = stuck.empty_cells().map(|c| stuck.candidates(c).count_ones()).sum();
        assert!(open <= NESTED_MAX_CANDIDATES, "{open} candidates");
        let step = NestedForcingChains::FORCING.find(stuck).expect("a nested step");
        assert!(step.technique.ends_with("(+ Forcing Chains)"), "{step}");
        assert_eq!(step.check(&solutions[0]), Ok(()), "{step}");
        assert!(!step.eliminations.is_empty() || !step.placements.is_empty());
    }

    /// On several threads the rung finds the step it finds on one, and
    /// its helpers' nested searches go into the searching thread's memo.
    #[test]
    fn several_threads_find_the_step_of_one() {
        let grid = crate::human::testing::pencil(ESCARGOT_LEVEL_2);
        let rung = NestedForcingChains::FORCING;
        let one = rung.find(&grid).expect("a step").to_string();
        for threads in [2, 3] {
            memo::forget();
            let (step, _) = watch::watched(None, None, threads, || rung.find(&grid));
            assert_eq!(step.expect("a step").to_string(), one);
            let filed = memo::len();
            assert!(filed > 0);
            rung.find(&grid);
            assert_eq!(memo::len(), filed, "searches the helpers kept to themselves");
        }
    }

    /// A deadline ends a walk in the middle of a step that takes
    /// seconds, and the step is dropped.
    #[test]
    fn a_deadline_ends_a_walk_in_the_middle_of_a_nested_step() {
        let grid = crate::human::testing::pencil(GOLDEN_NUGGET_LEVEL_4);
        let ladder = Ladder::standard();
        let deadline = Instant::now() + Duration::from_millis(20);
        let mut walk = ladder.walk(grid, None).until(deadline);
        assert!(walk.next().is_none());
        assert_eq!(walk.end(), Some(&End::OutOfTime));
        // Ctrl-C 20 ms into the step.
        let stop = dlx::Stop::new();
        let handle = stop.clone();
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            handle.request();
        });
        let grid = crate::human::testing::pencil(GOLDEN_NUGGET_LEVEL_4);
        let mut walk = ladder.walk(grid, None).stop_on(&stop);
        assert!(walk.next().is_none());
        assert_eq!(walk.end(), Some(&End::Stopped));
        stopper.join().unwrap();
    }

    /// What a search cut short by a stop found is not remembered.
    #[test]
    fn a_cut_search_is_not_remembered() {
        let grid = crate::human::testing::pencil(GOLDEN_NUGGET_LEVEL_4);
        let layout = Layout::new(grid.units());
        let masks = super::super::links::open_masks(&grid);
        let stop = dlx::Stop::new();
        stop.request();
        let hash = memo_hash(1, layout.fingerprint(), &masks, &masks);
        let remembered = || memo::holds(hash);
        crate::human::watch::watched(Some(&stop), None, 1, || {
            memo(Rule::Multiple, &layout, &masks, &masks)
        });
        assert!(!remembered());
        memo(Rule::Multiple, &layout, &masks, &masks);
        assert!(remembered());
    }

    #[test]
    fn grids_far_from_a_puzzle_are_left_alone() {
        let rungs = [2, 3, 4, 5].map(|level| NestedForcingChains { level });
        // 720 candidates on 9x9; a 16x16 grid.
        let mut nine = Candidates::new(crate::human::testing::units());
        nine.place(0, 1);
        let sixteen = Rules::new(Shape::new(4, 4).unwrap());
        let mut sixteen = Candidates::new(Arc::new(Units::new(&sixteen).unwrap()));
        sixteen.place(0, 1);
        for grid in [nine, sixteen] {
            for rung in &rungs {
                assert_eq!(rung.find(&grid), None);
            }
        }
    }

    #[test]
    fn levels_nest_in_sudoku_explainers_order() {
        let names: Vec<&str> = [2, 3, 4, 5]
            .map(|level| NestedForcingChains { level })
            .iter()
            .map(|t| t.name())
            .collect::<Vec<_>>();
        assert_eq!(names[0], "Dynamic Forcing Chains (+ Forcing Chains)");
        assert_eq!(
            names[3],
            "Dynamic Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))"
        );
        assert!(matches!(rules(4), [Rule::Dynamic(0)]));
        assert!(matches!(rules(5), [Rule::Dynamic(0), Rule::Dynamic(2)]));
    }
}
