//! Plain problems with many options per primary item, where the counted bit
//! engine makes counts again by popcount when a choice kills many options
//! and decrements them when it kills few: the same solutions in the same
//! order and the same nodes as dancing links.

use dlx::{Config, Engine, Heuristic, OptionId, Problem, ProblemBuilder, Solver};
use proptest::prelude::*;

/// The first 300 solutions of `config`'s search, in the order found, and
/// its nodes then.
fn search(problem: &Problem, config: Config) -> (Vec<Vec<OptionId>>, u64) {
    let mut solver = Solver::with_config(problem, config);
    let order = solver.solutions().take(300).collect();
    (order, solver.stats().nodes())
}

/// A random problem from `seed`: `primaries` primary items, two secondary
/// ones, `options` options of two to four primary items (the low-numbered
/// ones more often) and up to one secondary item.
fn random_dense(seed: u64, primaries: usize, options: usize) -> Problem {
    let mut next = crate::colors::xorshift(seed);
    let mut b = ProblemBuilder::new();
    let p: Vec<_> = (0..primaries).map(|i| b.add_primary(format!("p{i}"))).collect();
    let s: Vec<_> = (0..2).map(|i| b.add_secondary(format!("s{i}"))).collect();
    for _ in 0..options {
        let mut used = Vec::new();
        while used.len() < 2 + next(3).min(primaries - 2) {
            let i = next(primaries).min(next(primaries));
            if !used.contains(&i) {
                used.push(i);
            }
        }
        let mut entries: Vec<dlx::Entry> = used.iter().map(|&i| p[i].into()).collect();
        if next(3) == 0 {
            entries.push(s[next(2)].into());
        }
        b.add_option(entries);
    }
    b.build().expect("a valid problem")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn dense_problems_walk_the_links_tree(
        seed in any::<u64>(),
        primaries in 3usize..7,
        extra in 0usize..200,
        random in 0u64..100,
    ) {
        let problem = random_dense(seed, primaries, 64 * primaries + extra);
        for heuristic in [Heuristic::MinimumRemaining, Heuristic::First] {
            for seed in [None, Some(random)] {
                let config = Config::new().heuristic(heuristic).seed(seed);
                let links = search(&problem, config.engine(Engine::DancingLinks));
                let bits = search(&problem, config.engine(Engine::Bitset));
                prop_assert_eq!(&bits, &links, "{:?}", config);
            }
        }
    }
}
