//! Minimum-cost search (DLX5's costs) against brute force: on small random
//! problems, plain and colored, with and without a forced option, the k
//! solutions returned are the first k of all solutions ranked by cost,
//! then by sorted option ids, and one thread and several agree.

use dlx::{Config, Engine, ErrorKind, Limits, OptionId, Parallel, Problem, Solver};
use proptest::prelude::*;

use crate::prop::{Spec, spec};

/// A random problem and a cost per option (small, so that ties are common).
fn costed(colors: bool) -> impl Strategy<Value = (Spec, Vec<u64>)> {
    spec(false, colors).prop_flat_map(|spec| {
        let n = spec.options.len();
        (Just(spec), prop::collection::vec(0u64..6, n))
    })
}

fn sorted(options: &[OptionId]) -> Vec<usize> {
    let mut v: Vec<usize> = options.iter().map(|o| o.index()).collect();
    v.sort();
    v
}

/// Checks `min_cost(k)` for several k, from `forced` (option indices):
/// exactly the first k of all solutions ranked by cost, then by sorted
/// option ids.
fn check(spec: &Spec, costs: &[u64], forced: &[usize]) -> Result<(), TestCaseError> {
    let problem = spec.build_with_costs(costs);
    let cost_of = |set: &[usize]| set.iter().map(|&o| costs[o]).sum::<u64>();
    let mut ranked: Vec<(u64, Vec<usize>)> =
        spec.oracle(forced).into_iter().map(|s| (cost_of(&s), s)).collect();
    ranked.sort();
    let forced_ids: Vec<OptionId> = forced.iter().map(|&o| OptionId::new(o)).collect();
    for k in [1, 2, 3, 7] {
        let mut solver = Solver::new(&problem);
        if solver.choose_all(&forced_ids).is_err() {
            prop_assert!(ranked.is_empty());
            return Ok(());
        }
        let got = solver.min_cost_within(k, &Limits::new()).unwrap();
        prop_assert!(got.complete);
        let want = &ranked[..k.min(ranked.len())];
        let as_ranked: Vec<(u64, Vec<usize>)> =
            got.solutions.iter().map(|s| (s.cost, sorted(&s.options))).collect();
        prop_assert_eq!(&as_ranked[..], want);
        for s in &got.solutions {
            prop_assert_eq!(s.cost, s.options.iter().map(|&o| problem.cost(o)).sum::<u64>());
        }
        // The same on two threads giving work away at every node.
        let parallel = Parallel::new(&problem)
            .threads(2)
            .granularity(1)
            .force(&forced_ids)
            .min_cost(k)
            .unwrap();
        prop_assert!(parallel.complete);
        prop_assert_eq!(&parallel.solutions, &got.solutions);
        // The same solver asked again, and dancing links asked by name.
        prop_assert_eq!(&solver.min_cost(k).unwrap(), &got.solutions);
        let config = Config::new().engine(Engine::DancingLinks);
        let mut links = Solver::with_config(&problem, config);
        links.choose_all(&forced_ids).unwrap();
        prop_assert_eq!(&links.min_cost(k).unwrap(), &got.solutions);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn cheapest_costs_match_brute_force((spec, costs) in costed(false)) {
        check(&spec, &costs, &[])?;
    }

    #[test]
    fn cheapest_costs_with_colors_match_brute_force((spec, costs) in costed(true)) {
        check(&spec, &costs, &[])?;
    }

    #[test]
    fn cheapest_costs_from_a_forced_option((spec, costs) in costed(true), pick in any::<prop::sample::Index>()) {
        if !spec.options.is_empty() {
            let o = pick.index(spec.options.len());
            check(&spec, &costs, &[o])?;
        }
    }

    #[test]
    fn costs_round_trip_through_knuth_text((spec, costs) in costed(true)) {
        let problem = spec.build_with_costs(&costs);
        let mut text = Vec::new();
        if problem.write_knuth(&mut text).is_ok() {
            let again = Problem::read_knuth(&text[..]).unwrap();
            prop_assert!(again.options().all(|o| again.cost(o) == problem.cost(o)));
            prop_assert_eq!(again.has_costs(), costs.iter().any(|&c| c > 0));
            prop_assert_eq!(
                Solver::new(&again).min_cost(3).unwrap(),
                Solver::new(&problem).min_cost(3).unwrap()
            );
        }
    }
}

/// DLX5's figures for the bundled instance: the three optimum costs.
#[test]
fn cost_random32_has_dlx5s_optimum_costs() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/xc/cost_random32.dlx");
    let problem =
        Problem::read_knuth(std::io::BufReader::new(std::fs::File::open(path).unwrap())).unwrap();
    let best = Solver::new(&problem).min_cost(3).unwrap();
    let costs: Vec<u64> = best.iter().map(|s| s.cost).collect();
    assert_eq!(costs, [62, 68, 69]);
    let parallel = Parallel::new(&problem).threads(3).min_cost(3).unwrap();
    assert_eq!(parallel.solutions, best);
    // Counting ignores the costs: every exact cover.
    let mut plain = Vec::new();
    problem.write_knuth(&mut plain).unwrap();
    let text = String::from_utf8(plain).unwrap();
    let stripped: String =
        text.lines().map(|l| l.split(" |").next().unwrap_or(l).to_owned() + "\n").collect();
    let uncosted = Problem::parse_knuth(&stripped).unwrap();
    assert!(!uncosted.has_costs());
    assert_eq!(Solver::new(&problem).count(), Solver::new(&uncosted).count());
}

#[test]
fn a_bit_engine_or_multiplicities_cannot_minimize() {
    let problem = Problem::parse_knuth("a b\na |1\nb |2\na b |4\n").unwrap();
    for engine in [Engine::Bitset, Engine::BitSliced] {
        let mut solver = Solver::with_config(&problem, Config::new().engine(engine));
        let e = solver.min_cost(1).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::Unsupported(_)), "{e}");
        // Counting on it still works, costs ignored.
        assert_eq!(solver.count(), 2);
    }
    let bounded = Problem::parse_knuth("2|a b\na |1\na b |2\nb |4\n").unwrap();
    let e = Solver::new(&bounded).min_cost(1).unwrap_err();
    assert!(e.to_string().contains("multiplicities"), "{e}");
    let e = Parallel::new(&bounded).threads(2).min_cost(1).unwrap_err();
    assert!(e.to_string().contains("multiplicities"), "{e}");
}

#[test]
fn a_node_limit_keeps_the_best_so_far() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/xc/cost_random32.dlx");
    let text = std::fs::read_to_string(path).unwrap();
    let problem = Problem::parse_knuth(&text).unwrap();
    let whole = Solver::new(&problem).min_cost(1).unwrap();
    let partial = Solver::new(&problem).min_cost_within(1, &Limits::new().nodes(200)).unwrap();
    assert!(!partial.complete);
    assert!(partial.stats.nodes() <= 201);
    for s in &partial.solutions {
        assert!(s.cost >= whole[0].cost);
    }
    let parallel = Parallel::new(&problem).threads(2).node_limit(300).min_cost(1).unwrap();
    assert!(!parallel.complete);
    assert!(parallel.stats.nodes() <= 300);
    assert!(parallel.solutions.iter().all(|s| s.cost >= whole[0].cost));
    let stop = dlx::Stop::new();
    stop.request();
    let stopped = Parallel::new(&problem).threads(2).stop_on(stop).min_cost(1).unwrap();
    assert!(!stopped.complete && stopped.solutions.is_empty());
    // Minimizing, then counting again after a reset, counts every solution.
    let mut solver = Solver::new(&problem);
    let before = solver.count();
    solver.reset();
    solver.min_cost(2).unwrap();
    solver.reset();
    assert_eq!(solver.count(), before);
}
