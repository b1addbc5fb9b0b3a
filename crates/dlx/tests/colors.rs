//! Colored problems (Algorithm C) on the counted bit engine: on small
//! random problems it finds the brute-force oracle's solutions and walks
//! the dancing links' tree; on larger ones, where its slots switch from
//! the bitset to a table of few options, it still walks the links' tree,
//! solution for solution and node for node; the colored reference
//! instances count as Knuth's DLX2 does.

use dlx::{Config, Engine, Heuristic, OptionId, Parallel, Problem, ProblemBuilder, Solver};
use proptest::prelude::*;

use crate::knuth::load;
use crate::prop::{check_all, spec};

/// The first 300 solutions of `config`'s search, in the order found, and
/// its nodes then.
fn search(problem: &Problem, config: Config) -> (Vec<Vec<OptionId>>, u64) {
    let mut solver = Solver::with_config(problem, config);
    let order = solver.solutions().take(300).collect();
    (order, solver.stats().nodes())
}

/// Numbers below `n` from a seeded xorshift64* generator, one per call.
pub(crate) fn xorshift(seed: u64) -> impl FnMut(usize) -> usize {
    let mut state = seed | 1;
    move |n: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// A random colored problem from `seed`: `primaries` primary items,
/// `secondaries` secondary ones, `options` options of two to four primary
/// items and up to three secondary ones, colored `a`, `b` or none. Every
/// option has a primary item, so the bit engine takes it.
fn random_colored(seed: u64, primaries: usize, secondaries: usize, options: usize) -> Problem {
    let mut next = xorshift(seed);
    let mut b = ProblemBuilder::new();
    let p: Vec<_> = (0..primaries).map(|i| b.add_primary(format!("p{i}"))).collect();
    let s: Vec<_> = (0..secondaries).map(|i| b.add_secondary(format!("s{i}"))).collect();
    let colors = [b.add_color("a"), b.add_color("b")];
    for _ in 0..options {
        let mut entries = Vec::new();
        let mut used = Vec::new();
        for _ in 0..2 + next(3) {
            let i = next(primaries);
            if !used.contains(&i) {
                used.push(i);
                entries.push(dlx::Entry::from(p[i]));
            }
        }
        let mut used = Vec::new();
        for _ in 0..next(4).min(secondaries) {
            let j = next(secondaries);
            if !used.contains(&j) {
                used.push(j);
                let color = match next(3) {
                    0 => None,
                    c => Some(colors[c - 1]),
                };
                entries.push(dlx::Entry { item: s[j], color });
            }
        }
        b.add_option(entries);
    }
    b.build().expect("a valid problem")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Small colored problems whose options all have a primary item: every
    /// engine against the oracle, the bit engine on the links' tree.
    #[test]
    fn colored_problems_on_the_bit_engine_match_the_oracle(
        spec in spec(false, true).prop_filter("colors, every option primary", |s| {
            s.options.iter().all(|(p, _)| !p.is_empty())
                && s.options.iter().any(|(_, sec)| sec.iter().any(|&(_, c)| c > 0))
        }),
    ) {
        let problem = spec.build();
        prop_assert_eq!(Solver::engine_for(&problem, Config::new()), Engine::Bitset);
        check_all(&spec)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Problems of up to a few hundred options: slots hold more than 128
    /// live options (the bitset) and fewer (a table), and the search moves
    /// between them; the same solutions in the same order and the same
    /// nodes as dancing links, under each item choice and a seed, and on
    /// two threads.
    #[test]
    fn larger_colored_problems_walk_the_links_tree(
        seed in any::<u64>(),
        primaries in 6usize..14,
        secondaries in 1usize..8,
        options in 40usize..300,
        random in 0u64..100,
    ) {
        let problem = random_colored(seed, primaries, secondaries, options);
        for heuristic in
            [Heuristic::MinimumRemaining, Heuristic::First, Heuristic::MinimumRemainingMostRemoved]
        {
            for seed in [None, Some(random)] {
                let config = Config::new().heuristic(heuristic).seed(seed);
                let links = search(&problem, config.engine(Engine::DancingLinks));
                let bits = search(&problem, config.engine(Engine::Bitset));
                prop_assert_eq!(&bits, &links, "{:?}", config);
            }
        }
        let mut solver = Solver::new(&problem);
        let (count, nodes) = (solver.count(), solver.stats().nodes());
        let outcome = Parallel::new(&problem).threads(2).granularity(3).count().unwrap();
        prop_assert_eq!(outcome.solutions, count);
        prop_assert_eq!(outcome.stats.nodes(), nodes);
        let order = search(&problem, Config::new()).0;
        // Forcing the first option of a solution: as dancing links count.
        if let Some(first) = order.first() {
            let x = first[0];
            let mut solver = Solver::new(&problem);
            solver.choose(x).unwrap();
            let mut links = Solver::with_config(&problem, Config::new().engine(Engine::DancingLinks));
            links.choose(x).unwrap();
            prop_assert_eq!(solver.count(), links.count());
        }
    }
}

/// Solutions and nodes of `name` on the bit engine and on dancing links.
fn both(name: &str) -> [(u128, u64); 2] {
    let p = load(name);
    assert_eq!(Solver::engine_for(&p, Config::new()), Engine::Bitset, "{name}");
    [Engine::Bitset, Engine::DancingLinks].map(|engine| {
        let mut s = Solver::with_config(&p, Config::new().engine(engine));
        (s.count(), s.stats().nodes())
    })
}

#[test]
fn colored80_on_the_bit_engine() {
    assert_eq!(both("colored80.dlx"), [(1, 161_034); 2]);
}

#[test]
fn colored_random30_on_the_bit_engine() {
    // DLX2's figures (data/xc/README.md).
    assert_eq!(both("colored_random30.dlx"), [(892, 1_093_506); 2]);
}
