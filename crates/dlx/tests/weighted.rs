//! [`Heuristic::ConflictWeighted`]: on small random problems (plain and
//! colored), searches restarted many times, their weights learned from
//! their dead ends, still find exactly the oracle's solutions; dancing
//! links and the counted bit engine learn alike and visit the same trees;
//! what cannot replay its tree refuses it.

use dlx::{
    Config, Engine, ErrorKind, Heuristic, Parallel, Problem, Solver, SplitAt, Status, split,
};
use proptest::prelude::*;

use crate::prop::spec;
use crate::seeded::sorted;

fn weighted(engine: Engine) -> Config {
    Config::new().heuristic(Heuristic::ConflictWeighted).engine(engine)
}

/// Restarts a weighted search four times after `budget` nodes each (seeded
/// with `seed + k` if `seeded`), then searches to the end: the solutions of
/// the last search, in order, and the nodes of every search.
fn restarted(
    problem: &Problem,
    engine: Engine,
    seed: u64,
    seeded: bool,
    budget: u64,
) -> (Vec<Vec<usize>>, Vec<u64>) {
    let mut solver = Solver::with_config(problem, weighted(engine));
    let mut nodes = Vec::new();
    for k in 0..4 {
        while solver.run(budget) == Status::Solution {}
        nodes.push(solver.stats().nodes());
        solver.reseed(seeded.then_some(seed + k));
    }
    let mut order = Vec::new();
    loop {
        match solver.run(u64::MAX) {
            Status::Solution => order.push(sorted(solver.solution())),
            Status::Done => break,
            status => panic!("an unbounded search paused: {status:?}"),
        }
    }
    nodes.push(solver.stats().nodes());
    (order, nodes)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn restarted_weighted_searches_find_the_oracles_solutions(
        spec in spec(false, false),
        seed in 0u64..1000,
        seeded in any::<bool>(),
        budget in 1u64..20,
    ) {
        let problem = spec.build();
        let expected = spec.oracle(&[]);
        let links = restarted(&problem, Engine::DancingLinks, seed, seeded, budget);
        let mut got = links.0.clone();
        got.sort();
        prop_assert_eq!(&got, &expected);
        // The counted form learns the same weights and so visits the same
        // trees, restart after restart (the bit-sliced form runs as it).
        for engine in [Engine::Bitset, Engine::BitSliced] {
            let bits = restarted(&problem, engine, seed, seeded, budget);
            prop_assert_eq!(&links, &bits);
        }
    }

    #[test]
    fn weighted_colored_searches_find_the_oracles_solutions(
        spec in spec(false, true),
        seed in 0u64..1000,
        budget in 1u64..20,
    ) {
        let problem = spec.build();
        let links = restarted(&problem, Engine::DancingLinks, seed, true, budget);
        let mut got = links.0.clone();
        got.sort();
        prop_assert_eq!(&got, &spec.oracle(&[]));
        prop_assert_eq!(&links, &restarted(&problem, Engine::Bitset, seed, true, budget));
    }
}

/// The weights steer the search as it goes: a second search on 8 queens
/// walks another tree than the first, with the same 92 solutions; `reset`
/// forgets the weights, and the first tree comes back.
#[test]
fn weights_learn_within_and_across_searches_and_reset_forgets_them() {
    let problem = crate::seeded::queens(8);
    for engine in [Engine::DancingLinks, Engine::Bitset] {
        let mut solver = Solver::with_config(&problem, weighted(engine));
        let search = |solver: &mut Solver| {
            let mut n = 0;
            while solver.run(u64::MAX) == Status::Solution {
                n += 1;
            }
            (n, solver.stats().nodes())
        };
        let first = search(&mut solver);
        assert_eq!(first.0, 92, "{engine:?}");
        let mrv = Solver::with_config(&problem, Config::new().engine(engine)).count_nodes();
        assert_ne!(first.1, mrv, "{engine:?}: the weights change the tree within a search");
        solver.reseed(None);
        let second = search(&mut solver);
        assert_eq!(second.0, 92);
        assert_ne!(second.1, first.1, "{engine:?}: learned weights carry over");
        solver.reset();
        assert_eq!(search(&mut solver), first, "{engine:?}: reset forgets the weights");
    }
}

trait CountNodes {
    fn count_nodes(self) -> u64;
}

impl CountNodes for Solver<'_> {
    fn count_nodes(mut self) -> u64 {
        self.count();
        self.stats().nodes()
    }
}

/// Parallel search, splits and resumed checkpoints replay paths through
/// the tree, which a weighted search cannot: each refuses it, by name.
#[test]
fn what_replays_the_tree_refuses_the_weighted_heuristic() {
    let problem = crate::seeded::queens(6);
    let config = weighted(Engine::Auto);
    let unsupported = |e: dlx::Error| match e.kind() {
        ErrorKind::Unsupported(msg) => msg.clone(),
        other => panic!("not Unsupported: {other:?}"),
    };
    let msg = unsupported(Parallel::new(&problem).config(config).count().unwrap_err());
    assert!(msg.contains("parallel") && msg.contains("conflict-weighted"), "{msg}");
    let msg = unsupported(split(&problem, config, &[], SplitAt::Parts(4)).unwrap_err());
    assert!(msg.contains("splitting"), "{msg}");
    let mut solver = Solver::with_config(&problem, config);
    solver.run(3);
    let checkpoint = solver.checkpoint();
    let msg = unsupported(Solver::with_config(&problem, config).resume(&checkpoint).unwrap_err());
    assert!(msg.contains("checkpoint"), "{msg}");
    // Without the weights, the same calls go through.
    assert_eq!(Parallel::new(&problem).count().unwrap().solutions, 4);
}
