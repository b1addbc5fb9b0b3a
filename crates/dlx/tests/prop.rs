//! Property tests: on thousands of small random problems the solver agrees
//! with a brute-force oracle, and every solution it yields is valid; any
//! text, valid or mangled, reads to a problem or to an error naming its line.

use dlx::{
    Config, Engine, Entry, ErrorKind, Heuristic, Memo, OptionId, Parallel, Problem, ProblemBuilder,
    Propagation, Solver, SplitAt, split,
};
use proptest::prelude::*;

/// An option in plain data: primary items, and secondary items each with a
/// color (0 = none).
type OptionSpec = (Vec<usize>, Vec<(usize, u32)>);

/// A small problem in plain data, easy to check by brute force.
#[derive(Debug, Clone)]
pub(crate) struct Spec {
    /// `(lo, hi)` of each primary item.
    pub(crate) primary: Vec<(u32, u32)>,
    pub(crate) secondary: usize,
    /// Each option: primary items, and secondary items with color 0 = none.
    pub(crate) options: Vec<OptionSpec>,
}

impl Spec {
    pub(crate) fn build(&self) -> Problem {
        self.build_with_costs(&[])
    }

    /// The problem with option `o` costing `costs[o]` (0 past the end).
    pub(crate) fn build_with_costs(&self, costs: &[u64]) -> Problem {
        let mut b = ProblemBuilder::new();
        let p: Vec<_> = self
            .primary
            .iter()
            .enumerate()
            .map(|(i, &(lo, hi))| b.add_primary_with_bounds(format!("p{i}"), lo, hi))
            .collect();
        let s: Vec<_> = (0..self.secondary).map(|i| b.add_secondary(format!("s{i}"))).collect();
        for (o, (prim, sec)) in self.options.iter().enumerate() {
            let mut entries: Vec<Entry> = prim.iter().map(|&i| Entry::from(p[i])).collect();
            for &(j, c) in sec {
                let color = (c > 0).then(|| b.add_color(format!("c{c}")));
                entries.push(Entry { item: s[j], color });
            }
            b.add_option_with_cost(entries, costs.get(o).copied().unwrap_or(0));
        }
        b.build().expect("valid spec")
    }

    fn usable(&self, o: usize) -> bool {
        !self.options[o].0.is_empty()
    }

    /// Whether a set of options violates no upper bound and no color rule.
    fn compatible(&self, set: &[usize]) -> bool {
        let mut scratch = self.scratch();
        self.check(set, &mut scratch, false)
    }

    fn is_solution(&self, set: &[usize]) -> bool {
        let mut scratch = self.scratch();
        self.check(set, &mut scratch, true)
    }

    /// Room for [`check`](Self::check): a count per primary item, a color
    /// per secondary item.
    fn scratch(&self) -> (Vec<u32>, Vec<Option<u32>>) {
        (vec![0; self.primary.len()], vec![None; self.secondary])
    }

    /// Whether `set` violates no upper bound and no color rule, and if
    /// `whole`, meets every lower bound too (a solution).
    fn check(
        &self,
        set: &[usize],
        (used, sec): &mut (Vec<u32>, Vec<Option<u32>>),
        whole: bool,
    ) -> bool {
        used.fill(0);
        sec.fill(None);
        for &o in set {
            for &i in &self.options[o].0 {
                used[i] += 1;
                if used[i] > self.primary[i].1 {
                    return false;
                }
            }
            for &(j, c) in &self.options[o].1 {
                match sec[j] {
                    None => sec[j] = Some(c),
                    Some(d) if c != 0 && c == d => {}
                    Some(_) => return false,
                }
            }
        }
        !whole || used.iter().zip(&self.primary).all(|(&u, &(lo, _))| lo <= u)
    }

    /// Solutions containing all of `forced`, by brute force over subsets of
    /// the usable options.
    pub(crate) fn oracle(&self, forced: &[usize]) -> Vec<Vec<usize>> {
        let usable: Vec<usize> =
            (0..self.options.len()).filter(|&o| self.usable(o) && !forced.contains(&o)).collect();
        let (mut out, mut set, mut scratch) = (Vec::new(), Vec::new(), self.scratch());
        for mask in 0u32..(1 << usable.len()) {
            set.clear();
            set.extend_from_slice(forced);
            set.extend(
                usable.iter().enumerate().filter(|(k, _)| mask >> k & 1 == 1).map(|(_, &o)| o),
            );
            if self.check(&set, &mut scratch, true) {
                let mut solution = set.clone();
                solution.sort();
                out.push(solution);
            }
        }
        out.sort();
        out
    }
}

fn sorted(solution: &[OptionId]) -> Vec<usize> {
    let mut v: Vec<usize> = solution.iter().map(|o| o.index()).collect();
    v.sort();
    v
}

pub(crate) fn spec(bounds: bool, colors: bool) -> impl Strategy<Value = Spec> {
    let bound = if bounds {
        (0u32..3, 1u32..4).prop_map(|(lo, hi)| (lo.min(hi), hi)).boxed()
    } else {
        Just((1u32, 1u32)).boxed()
    };
    let max_color = if colors { 3u32 } else { 0 };
    (prop::collection::vec(bound, 1..6), 0usize..4).prop_flat_map(move |(primary, secondary)| {
        let np = primary.len();
        let option = (
            prop::collection::btree_set(0..np, 0..=np.min(3)),
            prop::collection::btree_map(0..secondary.max(1), 0..=max_color, 0..=secondary.min(2)),
        )
            .prop_map(move |(p, s)| {
                let s: Vec<(usize, u32)> =
                    if secondary == 0 { vec![] } else { s.into_iter().collect() };
                (p.into_iter().collect::<Vec<_>>(), s)
            });
        prop::collection::vec(option, 0..11).prop_map(move |options| Spec {
            primary: primary.clone(),
            secondary,
            options,
        })
    })
}

pub(crate) fn check_all(spec: &Spec) -> Result<(), TestCaseError> {
    let problem = spec.build();
    let expected = spec.oracle(&[]);
    let (mut nodes, mut orders) = (Vec::new(), Vec::new());
    let heuristics =
        [Heuristic::MinimumRemaining, Heuristic::First, Heuristic::MinimumRemainingMostRemoved];
    let engines = [Engine::DancingLinks, Engine::Bitset, Engine::BitSliced];
    let mut configs = Vec::new();
    for propagation in [Propagation::None, Propagation::Dominance] {
        for heuristic in heuristics {
            for engine in engines {
                configs.push(
                    Config::new()
                        .heuristic(heuristic)
                        .engine(engine)
                        .propagation(propagation)
                        .memo(Memo::Off),
                );
            }
        }
    }
    for &config in &configs {
        let mut solver = Solver::with_config(&problem, config);
        let mut got: Vec<Vec<usize>> = solver.solutions().map(|s| sorted(&s)).collect();
        for s in &got {
            prop_assert!(spec.is_solution(s), "invalid solution {s:?}");
        }
        orders.push(got.clone());
        got.sort();
        prop_assert_eq!(&got, &expected);
        prop_assert_eq!(solver.stats().solutions(), expected.len() as u128);
        nodes.push(solver.stats().nodes());
        // After a reset the solver counts the same again.
        solver.reset();
        prop_assert_eq!(solver.count(), expected.len() as u128);
        // Stopping mid-search and resetting unwinds cleanly.
        solver.reset();
        prop_assert_eq!(solver.count_up_to(1), expected.len().min(1) as u128);
        solver.reset();
        prop_assert_eq!(solver.count(), expected.len() as u128);
        // A count that keeps its first solution: the walk's first.
        let first = orders.last().and_then(|order| order.first()).cloned();
        for limit in [0, 1, 2, u128::MAX] {
            solver.reset();
            let (n, kept) = solver.count_up_to_keeping_first(limit);
            prop_assert_eq!(n, (expected.len() as u128).min(limit), "{:?}", config);
            prop_assert_eq!(kept.map(sorted), first.clone().filter(|_| limit > 0));
            prop_assert_eq!(solver.stats().solutions(), n);
        }
    }
    // Without propagation the engines walk the same tree, so they count
    // the same nodes and find the solutions in the same order. Under
    // dominance (which dancing links ignore) the bit engines find the
    // solutions in the same order too, and count the same nodes unless the
    // bit-sliced one makes forced moves in bulk (not under `First`).
    for k in (0..configs.len()).step_by(3) {
        let (links, bits, sliced) = (k, k + 1, k + 2);
        prop_assert_eq!(&orders[bits], &orders[sliced], "{:?}", configs[sliced]);
        if configs[k].get_propagation() == Propagation::None {
            prop_assert_eq!(nodes[links], nodes[bits], "{:?}", configs[bits]);
            prop_assert_eq!(&orders[links], &orders[bits], "{:?}", configs[bits]);
        }
        if configs[k].get_propagation() == Propagation::None
            || configs[k].get_heuristic() == Heuristic::First
        {
            prop_assert_eq!(nodes[bits], nodes[sliced], "{:?}", configs[sliced]);
        }
    }
    // In parallel, splitting as eagerly as possible. (Not under Miri: the
    // parallel code has no `unsafe` of its own, and rayon's epoch-based
    // memory reclamation trips Miri's experimental Stacked Borrows model.)
    // Under dominance too: a path replays to the same node, so the tasks
    // count every node once.
    for threads in if cfg!(miri) { &[][..] } else { &[2, 3][..] } {
        for (&config, &nodes) in configs.iter().zip(&nodes) {
            if config.get_heuristic() == Heuristic::First {
                continue;
            }
            let outcome = Parallel::new(&problem)
                .threads(*threads)
                .granularity(1)
                .config(config)
                .count()
                .expect("no forced options");
            prop_assert_eq!(outcome.solutions, expected.len() as u128);
            prop_assert_eq!(outcome.stats.nodes(), nodes, "{:?}", config);
        }
    }
    // Split into parts at several depths: the parts' counts add up.
    for at in [SplitAt::Depth(1), SplitAt::Depth(2), SplitAt::Parts(5)] {
        let parts = split(&problem, Config::new(), &[], at).unwrap();
        let total: u128 = parts.iter().map(|p| Solver::new(&p.problem).count()).sum();
        prop_assert_eq!(total, expected.len() as u128, "{:?}", at);
    }
    // Forcing one option, then a second, in every engine.
    let forced = Forced::new(spec, &expected);
    for engine in engines {
        check_forcing(spec, &problem, &forced, Config::new().engine(engine))?;
        let dominance = Config::new().engine(engine).propagation(Propagation::Dominance);
        check_forcing(spec, &problem, &forced, dominance)?;
    }
    Ok(())
}

/// The oracle's answers with options forced, worked out once for every
/// engine.
struct Forced {
    /// How many solutions there are.
    none: u128,
    /// The solutions with option `x`.
    one: Vec<Vec<Vec<usize>>>,
    /// How many solutions have options `x` and `y` (0 where they clash).
    two: Vec<Vec<u128>>,
}

impl Forced {
    /// From the solutions: those with a usable option are among them, and
    /// the oracle runs again only where an option that covers no primary
    /// item is forced.
    fn new(spec: &Spec, all: &[Vec<usize>]) -> Forced {
        let n = spec.options.len();
        let with =
            |list: &[Vec<usize>], y| list.iter().filter(|s| s.contains(&y)).cloned().collect();
        let one: Vec<Vec<Vec<usize>>> =
            (0..n).map(|x| if spec.usable(x) { with(all, x) } else { spec.oracle(&[x]) }).collect();
        let two = (0..n)
            .map(|x| {
                let count = |y| {
                    if x == y || !spec.compatible(&[x, y]) {
                        0
                    } else if spec.usable(y) {
                        one[x].iter().filter(|s| s.contains(&y)).count()
                    } else {
                        spec.oracle(&[x, y]).len()
                    }
                };
                (0..n).map(|y| count(y) as u128).collect()
            })
            .collect();
        Forced { none: all.len() as u128, one, two }
    }
}

/// Forces each option `x`, then each other one, and compares with the
/// oracle's answers.
fn check_forcing(
    spec: &Spec,
    problem: &Problem,
    forced: &Forced,
    config: Config,
) -> Result<(), TestCaseError> {
    let mut solver = Solver::with_config(problem, config);
    for x in 0..spec.options.len() {
        solver.reset();
        solver.choose(OptionId::new(x)).expect("a single forced option never conflicts");
        let with_x = &forced.one[x];
        let mut got: Vec<Vec<usize>> = solver.solutions().map(|s| sorted(&s)).collect();
        got.sort();
        prop_assert_eq!(&got, with_x, "forcing {}", x);
        for y in 0..spec.options.len() {
            if y == x {
                continue;
            }
            solver.reset();
            solver.choose(OptionId::new(x)).unwrap();
            let ok = solver.choose(OptionId::new(y)).is_ok();
            prop_assert_eq!(ok, spec.compatible(&[x, y]), "forcing {} then {}", x, y);
            if ok {
                prop_assert_eq!(solver.count(), forced.two[x][y]);
            } else {
                // A refused option leaves the solver as it was.
                prop_assert_eq!(solver.count(), with_x.len() as u128);
            }
            // Both at once, as one by one: refused whole, naming `y`.
            solver.reset();
            match solver.choose_all(&[OptionId::new(x), OptionId::new(y)]) {
                Ok(()) => {
                    prop_assert!(ok);
                    prop_assert_eq!(solver.forced().len(), 2);
                    prop_assert_eq!(solver.count(), forced.two[x][y]);
                }
                Err(e) => {
                    prop_assert!(!ok);
                    let refused =
                        matches!(e.kind(), ErrorKind::Conflict { option } if *option == y);
                    prop_assert!(refused, "{:?}", e);
                    prop_assert!(solver.forced().is_empty());
                    prop_assert_eq!(solver.count(), forced.none);
                }
            }
            // After `x`, a refused list leaves `x` forced, and only `x`.
            solver.reset();
            solver.choose(OptionId::new(x)).unwrap();
            prop_assert_eq!(solver.choose_all(&[OptionId::new(y)]).is_ok(), ok);
            if !ok {
                prop_assert_eq!(solver.forced(), &[OptionId::new(x)][..]);
                prop_assert_eq!(solver.count(), with_x.len() as u128);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn exact_cover_matches_oracle(spec in spec(false, false)) {
        check_all(&spec)?;
    }

    #[test]
    fn colors_match_oracle(spec in spec(false, true)) {
        check_all(&spec)?;
    }

    #[test]
    fn multiplicities_match_oracle(spec in spec(true, false)) {
        check_all(&spec)?;
    }

    #[test]
    fn colors_and_multiplicities_match_oracle(spec in spec(true, true)) {
        check_all(&spec)?;
    }

    #[test]
    fn knuth_format_round_trips(spec in spec(true, true)) {
        let problem = spec.build();
        let mut text = Vec::new();
        let written = problem.write_knuth(&mut text);
        if spec.options.iter().all(|(p, s)| !p.is_empty() || !s.is_empty()) {
            written.unwrap();
            let again = Problem::read_knuth(&text[..]).unwrap();
            prop_assert_eq!(again.num_options(), problem.num_options());
            prop_assert_eq!(Solver::new(&again).count(), Solver::new(&problem).count());
        } else {
            // An empty option cannot be written in Knuth's format.
            prop_assert!(written.is_err());
        }
    }
}

/// Pieces of Knuth's format (names, colors, bounds, bars, comments) and
/// things that do not belong in it.
const KNUTH_PIECES: [&str; 31] = [
    "a", "b", "c", "x", "y", "a:1", "b:2", "x:0", "x:", ":3", "a:b", "1:2|", "2:1|", "0:0|", "3:|",
    "|", "||", ":", "[", "]", ";", "99999999", " ", " ", "\t", "\n", "\n", "\r\n", "| x\n", "é",
    "\u{0}",
];

/// Text in or near Knuth's format: pieces of it in any order, or a valid
/// problem's text with a few pieces put in at random places and a few
/// characters cut out.
fn knuth_like_text() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(KNUTH_PIECES.to_vec());
    let jumble = prop::collection::vec(piece.clone(), 0..48).prop_map(|v| v.concat());
    let edits = prop::collection::vec((any::<prop::sample::Index>(), piece, any::<bool>()), 1..4);
    let edited = (spec(true, true), edits).prop_map(|(spec, edits)| {
        let mut text = Vec::new();
        // An empty option cannot be written: then only what came before it.
        let _ = spec.build().write_knuth(&mut text);
        let mut text: Vec<char> = String::from_utf8(text).expect("UTF-8").chars().collect();
        for (at, piece, cut) in edits {
            let k = at.index(text.len() + 1);
            if cut && k < text.len() {
                text.remove(k);
            } else {
                text.splice(k..k, piece.chars());
            }
        }
        text.into_iter().collect::<String>()
    });
    prop_oneof![jumble, edited]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Whatever the text, reading it gives a problem or an error that
    /// names a line of it; a problem it gives is counted alike by both
    /// engines (without panicking on the way).
    #[test]
    fn any_text_reads_to_a_problem_or_an_error_with_its_line(text in knuth_like_text()) {
        match Problem::parse_knuth(&text) {
            Ok(problem) => {
                let links = Config::new().engine(Engine::DancingLinks);
                let count = Solver::with_config(&problem, links).count();
                prop_assert_eq!(Solver::new(&problem).count(), count);
            }
            Err(e) => {
                let line = e.line().expect("a reading error has a line");
                prop_assert!((1..=text.lines().count().max(1)).contains(&line), "{}", e);
            }
        }
    }
}

/// Searches `problem` a node at a time, looking at its progress after each
/// node: within [0, 1], never more than 0.02 back, 1 at the end, the nodes
/// left never negative.
fn check_progress(problem: &Problem, config: Config) -> Result<(), TestCaseError> {
    let mut solver = Solver::with_config(problem, config);
    let mut last = 0.0;
    loop {
        let status = solver.run(1);
        let (f, left) = (solver.progress(), solver.nodes_left());
        prop_assert!((0.0..=1.0).contains(&f), "{}", f);
        prop_assert!(f >= last - 0.02 - 1e-9, "{} after {}", f, last);
        prop_assert!(left >= 0.0 && left.is_finite(), "{}", left);
        last = f;
        if status == dlx::Status::Done {
            prop_assert_eq!(f, 1.0);
            prop_assert_eq!(left, 0.0);
            return Ok(());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn progress_stays_in_bounds_and_ends_at_one(spec in spec(true, true)) {
        let problem = spec.build();
        check_progress(&problem, Config::new())?;
        check_progress(&problem, Config::new().engine(Engine::DancingLinks).seed(Some(3)))?;
    }

    #[test]
    fn progress_of_exact_cover_on_every_engine(spec in spec(false, false)) {
        let problem = spec.build();
        for engine in [Engine::DancingLinks, Engine::Bitset, Engine::BitSliced] {
            check_progress(&problem, Config::new().engine(engine))?;
        }
        let dominance = Config::new().engine(Engine::Bitset).propagation(Propagation::Dominance);
        check_progress(&problem, dominance)?;
        check_progress(&problem, Config::new().engine(Engine::Bitset).seed(Some(5)))?;
    }
}
