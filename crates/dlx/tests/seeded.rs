//! Seeded (randomized) searches: on small random problems every seed finds
//! exactly the oracle's solutions; dancing links and the counted bit engine
//! visit the same tree under a seed; a seeded search counts the same on
//! several threads and resumes from its checkpoint; seeds change the order.

use dlx::{Checkpoint, Config, Engine, Heuristic, Limits, OptionId, Parallel, Problem, Solver};
use proptest::prelude::*;

use crate::prop::spec;

pub(crate) fn sorted(solution: &[OptionId]) -> Vec<usize> {
    let mut v: Vec<usize> = solution.iter().map(|o| o.index()).collect();
    v.sort();
    v
}

/// Every solution of `config`'s search, in order, and its node count.
fn search(problem: &Problem, config: Config) -> (Vec<Vec<usize>>, u64) {
    let mut solver = Solver::with_config(problem, config);
    let order = solver.solutions().map(|s| sorted(&s)).collect();
    (order, solver.stats().nodes())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn seeded_searches_find_the_oracles_solutions(spec in spec(false, false), seed in 0u64..1000) {
        let problem = spec.build();
        let expected = spec.oracle(&[]);
        for heuristic in
            [Heuristic::MinimumRemaining, Heuristic::MinimumRemainingMostRemoved, Heuristic::First]
        {
            let mut orders = Vec::new();
            for engine in [Engine::DancingLinks, Engine::Bitset, Engine::BitSliced] {
                let config = Config::new().heuristic(heuristic).engine(engine).seed(Some(seed));
                let (order, nodes) = search(&problem, config);
                let mut got = order.clone();
                got.sort();
                prop_assert_eq!(&got, &expected, "{:?}", config);
                orders.push((order, nodes));
                // The same seed, the same tree.
                prop_assert_eq!(&search(&problem, config), orders.last().unwrap());
            }
            // Links and the counted form (which a seeded `BitSliced` runs)
            // visit the same tree: the same nodes, the solutions in order.
            prop_assert_eq!(&orders[0], &orders[1], "{:?}", heuristic);
            prop_assert_eq!(&orders[1], &orders[2], "{:?}", heuristic);
            // On two threads, split at every node: the same count and nodes.
            let config = Config::new().heuristic(heuristic).seed(Some(seed));
            let outcome =
                Parallel::new(&problem).threads(2).granularity(1).config(config).count().unwrap();
            prop_assert_eq!(outcome.solutions, expected.len() as u128);
            prop_assert_eq!(outcome.stats.nodes(), orders[1].1);
        }
    }

    #[test]
    fn seeded_colored_searches_find_the_oracles_solutions(
        spec in spec(false, true),
        seed in 0u64..1000,
    ) {
        let problem = spec.build();
        let mut got = search(&problem, Config::new().seed(Some(seed))).0;
        got.sort();
        prop_assert_eq!(got, spec.oracle(&[]));
    }

    #[test]
    fn a_seeded_search_resumes_from_its_checkpoint(
        spec in spec(false, false),
        seed in 0u64..1000,
        stop in 1u64..20,
    ) {
        let problem = spec.build();
        for engine in [Engine::DancingLinks, Engine::Bitset] {
            let config = Config::new().engine(engine).seed(Some(seed));
            let (order, nodes) = search(&problem, config);
            let mut solver = Solver::with_config(&problem, config);
            let partial = solver.count_within(&Limits::new().nodes(stop));
            let Some(checkpoint) = partial.checkpoint else { continue };
            let text = checkpoint.to_string();
            prop_assert!(text.contains(&format!("\nseed {seed}\n")), "{}", text);
            let read: Checkpoint = text.parse().unwrap();
            let mut resumed = Solver::with_config(&problem, config);
            resumed.resume(&read).unwrap();
            let outcome = resumed.count_within(&Limits::new());
            prop_assert_eq!(outcome.solutions, order.len() as u128);
            prop_assert_eq!(outcome.stats.nodes(), nodes);
            // Another seed, or none, is another tree: refused.
            let mut other = Solver::with_config(&problem, config.seed(Some(seed + 1)));
            prop_assert!(other.resume(&read).is_err());
            let mut unseeded = Solver::with_config(&problem, config.seed(None));
            prop_assert!(unseeded.resume(&read).is_err());
        }
    }
}

/// The 6 queens' 4 solutions, as exact cover (rows and columns primary,
/// diagonals secondary).
pub(crate) fn queens(n: usize) -> Problem {
    let mut text = String::new();
    for k in 0..n {
        text += &format!("r{k} c{k} ");
    }
    text += "|";
    for k in 0..2 * n - 1 {
        text += &format!(" a{k} b{k}");
    }
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            text += &format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c);
        }
    }
    Problem::parse_knuth(&text).unwrap()
}

#[test]
fn seeds_change_the_order_and_reseeding_restarts() {
    let problem = queens(8);
    let first = |seed| {
        let mut solver = Solver::with_config(&problem, Config::new().seed(seed));
        sorted(&solver.first().unwrap())
    };
    let firsts: std::collections::BTreeSet<_> = (0..20).map(|s| first(Some(s))).collect();
    assert!(firsts.len() > 5, "20 seeds found only {} first solutions", firsts.len());
    // Reseeding keeps the forced options and starts the count over.
    let mut solver = Solver::with_config(&problem, Config::new().seed(Some(1)));
    solver.choose(OptionId::new(0)).unwrap();
    let forced_count = solver.count();
    for seed in [Some(2), None, Some(3)] {
        solver.reseed(seed);
        assert_eq!(solver.config().get_seed(), seed);
        assert_eq!(solver.forced(), &[OptionId::new(0)][..]);
        assert_eq!(solver.count(), forced_count);
        assert_eq!(solver.stats().solutions(), forced_count);
    }
    assert_eq!(Solver::new(&problem).count(), 92);
}
