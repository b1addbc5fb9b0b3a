//! The bit engine for multiplicities (`Engine::BitBounded`): on small
//! random problems with bounds 0..=3, with and without colors, it finds the
//! oracle's solutions, each valid, in dancing links' order and through the
//! same number of nodes; with forced options, from checkpoints, on several
//! threads; and on `data/xc` it counts DLX3's solutions and nodes.

use dlx::{
    Checkpoint, Config, Engine, Heuristic, Limits, Memo, OptionId, Parallel, Problem, Solver,
};
use proptest::prelude::*;

use crate::knuth::{MCC_DLX3, load};
use crate::prop::Spec;

/// Random problems with bounds `lo..=hi` within 0..=3 and every option
/// with a primary item (so the bounded engine takes them), colored if
/// `colors`.
pub(crate) fn spec(colors: bool) -> impl Strategy<Value = Spec> {
    let bound = (0u32..=3, 1u32..=3).prop_map(|(lo, hi)| (lo.min(hi), hi));
    let max_color = if colors { 2u32 } else { 0 };
    (prop::collection::vec(bound, 1..6), 0usize..3).prop_flat_map(move |(primary, secondary)| {
        let np = primary.len();
        let option = (
            prop::collection::btree_set(0..np, 1..=np.min(3)),
            prop::collection::btree_map(0..secondary.max(1), 0..=max_color, 0..=secondary.min(2)),
        )
            .prop_map(move |(p, s)| {
                let s: Vec<(usize, u32)> =
                    if secondary == 0 { vec![] } else { s.into_iter().collect() };
                (p.into_iter().collect::<Vec<_>>(), s)
            });
        prop::collection::vec(option, 0..12).prop_map(move |options| Spec {
            primary: primary.clone(),
            secondary,
            options,
        })
    })
}

fn sorted(solution: &[OptionId]) -> Vec<usize> {
    let mut v: Vec<usize> = solution.iter().map(|o| o.index()).collect();
    v.sort();
    v
}

/// Every solution in order, and the statistics' nodes and depth.
fn walk(problem: &Problem, config: Config) -> (Vec<Vec<usize>>, u64, usize) {
    let mut s = Solver::with_config(problem, config);
    let order: Vec<Vec<usize>> = s.solutions().map(|x| sorted(&x)).collect();
    (order, s.stats().nodes(), s.stats().max_depth())
}

fn check(spec: &Spec) -> Result<(), TestCaseError> {
    let problem = spec.build();
    let expected = spec.oracle(&[]);
    for heuristic in [Heuristic::MinimumRemaining, Heuristic::First] {
        let bits = Config::new().engine(Engine::BitBounded).heuristic(heuristic).memo(Memo::Off);
        let links = bits.engine(Engine::DancingLinks);
        // (Bounds all 1:1 are plain exact cover: the counted bit engine.)
        let engine = if problem.has_multiplicities() { Engine::BitBounded } else { Engine::Bitset };
        prop_assert_eq!(Solver::with_config(&problem, bits).engine(), engine);
        let (order, nodes, depth) = walk(&problem, bits);
        for s in &order {
            prop_assert!(expected.contains(s), "invalid solution {:?}", s);
        }
        let mut got = order.clone();
        got.sort();
        prop_assert_eq!(&got, &expected);
        // Dancing links' tree, node for node, in the same order.
        prop_assert_eq!((order, nodes, depth), walk(&problem, links));
        // A count (lone items from the table) makes the walk's figures.
        let mut s = Solver::with_config(&problem, bits);
        prop_assert_eq!(s.count(), expected.len() as u128);
        prop_assert_eq!((s.stats().nodes(), s.stats().max_depth()), (nodes, depth));
        // Stopped every few nodes, checkpointed and resumed by another
        // solver, through the checkpoint's text.
        let mut s = Solver::with_config(&problem, bits);
        let outcome = loop {
            let outcome = s.count_within(&Limits::new().nodes(3));
            let Some(checkpoint) = outcome.checkpoint.as_ref().filter(|_| !outcome.complete) else {
                break outcome;
            };
            let read: Checkpoint = checkpoint.to_string().parse().expect("reads back");
            s = Solver::with_config(&problem, bits);
            s.resume(&read).expect("resumes");
        };
        prop_assert_eq!(outcome.solutions, expected.len() as u128);
        prop_assert_eq!(outcome.stats.nodes(), nodes);
    }
    // On two threads, splitting as eagerly as possible.
    let bits = Config::new().engine(Engine::BitBounded).memo(Memo::Off);
    let outcome = Parallel::new(&problem).threads(2).granularity(1).config(bits).count().unwrap();
    prop_assert_eq!(outcome.solutions, expected.len() as u128);
    prop_assert_eq!(outcome.stats.nodes(), walk(&problem, bits).1);
    // Forcing each option, then each pair.
    let mut s = Solver::with_config(&problem, bits);
    for x in 0..spec.options.len() {
        s.reset();
        s.choose(OptionId::new(x)).expect("one option never clashes");
        let mut got: Vec<Vec<usize>> = s.solutions().map(|x| sorted(&x)).collect();
        got.sort();
        prop_assert_eq!(&got, &spec.oracle(&[x]), "forcing {}", x);
        for y in 0..spec.options.len() {
            s.reset();
            let both = s.choose_all(&[OptionId::new(x), OptionId::new(y)]);
            let oracle = if x == y { Vec::new() } else { spec.oracle(&[x, y]) };
            match both {
                Ok(()) => prop_assert_eq!(s.count(), oracle.len() as u128, "{} {}", x, y),
                Err(_) => {
                    prop_assert!(oracle.is_empty(), "{} {} refused", x, y);
                    prop_assert!(s.forced().is_empty());
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn bounded_matches_the_oracle_and_the_links(spec in spec(false)) {
        check(&spec)?;
    }

    #[test]
    fn bounded_with_colors_matches_the_oracle_and_the_links(spec in spec(true)) {
        check(&spec)?;
    }
}

/// DLX3's figures on the instances of `data/xc` with multiplicities, on
/// the bounded engine; the default picks it there, with the table of
/// counted subtrees or without (all three are small: 20 to 28 items and
/// at most 200 options).
#[test]
fn mcc_instances_count_as_dlx3_on_bits() {
    for (name, solutions, nodes) in MCC_DLX3 {
        let problem = load(name);
        let bits = Config::new().engine(Engine::BitBounded).memo(Memo::Off);
        let mut s = Solver::with_config(&problem, bits);
        assert_eq!(s.engine(), Engine::BitBounded, "{name}");
        assert_eq!(s.count(), solutions, "{name}");
        assert_eq!(s.stats().nodes(), nodes, "{name}");
    }
    let colored = load("mcc_colored28.dlx");
    assert_eq!(Solver::engine_for(&colored, Config::new()), Engine::BitBounded);
    let plain = load("mcc_random22.dlx");
    assert_eq!(Solver::engine_for(&plain, Config::new()), Engine::BitBounded);
    let off = Config::new().memo(Memo::Off);
    assert_eq!(Solver::engine_for(&plain, off), Engine::BitBounded);
    assert_eq!(Solver::engine_for(&colored, off), Engine::BitBounded);
}

/// The first solutions of `mcc_colored28` are valid: each item covered
/// within its bounds, each secondary item of one color.
#[test]
fn mcc_solutions_are_valid() {
    let problem = load("mcc_colored28.dlx");
    let mut s = Solver::with_config(&problem, Config::new().engine(Engine::BitBounded));
    for _ in 0..200 {
        let solution = s.next_solution().expect("a solution").to_vec();
        let mut used = vec![0u32; problem.num_items()];
        let mut colors = vec![Vec::new(); problem.num_items()];
        for &o in &solution {
            for e in problem.option(o) {
                used[e.item.index()] += 1;
                colors[e.item.index()].push(e.color);
            }
        }
        for (i, c) in colors.iter().enumerate() {
            if problem.bounds(dlx::ItemId::new(i)).is_none() && c.len() > 1 {
                assert!(c[0].is_some() && c.iter().all(|&x| x == c[0]), "{i}: {c:?}");
            }
        }
        for (i, &n) in used.iter().enumerate() {
            if let Some(b) = problem.bounds(dlx::ItemId::new(i)) {
                assert!(b.lo <= n && n <= b.hi, "item {i}: {n} times");
            }
        }
    }
}
