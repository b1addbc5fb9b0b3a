//! Counting under multiplicities: a count (which may skip the subtrees
//! below the last primary item left) finds the solutions and statistics
//! of the walk that reports each solution, node for node, wherever it is
//! stopped by a node budget or a solution limit, on one thread or many.

use dlx::{Config, Heuristic, Limits, Memo, Parallel, Problem, Solver, Stats};
use proptest::prelude::*;

use crate::knuth::{MCC_DLX3, load};
use crate::prop::Spec;

/// The statistics that must agree (not the time).
fn figures(s: &Stats) -> (u128, u64, u64, usize) {
    (s.solutions(), s.nodes(), s.updates(), s.max_depth())
}

/// The walk that reports every solution: its solutions and figures.
fn walked(problem: &Problem, config: Config) -> (u128, (u128, u64, u64, usize)) {
    let mut s = Solver::with_config(problem, config);
    let n = s.solutions().count() as u128;
    (n, figures(&s.stats()))
}

/// A count agrees with the walk: whole, stopped at every solution limit
/// then resumed, and stopped by node budgets.
fn check_counts(problem: &Problem, config: Config) -> Result<(), TestCaseError> {
    let (n, walk) = walked(problem, config);
    let mut s = Solver::with_config(problem, config);
    prop_assert_eq!(s.count(), n);
    prop_assert_eq!(figures(&s.stats()), walk);
    // Up to a limit, then the rest reported one by one: the count stops
    // right after its last solution, where the walk would.
    for limit in 1..=n.min(40) {
        let mut s = Solver::with_config(problem, config);
        prop_assert_eq!(s.count_up_to(limit), limit);
        let rest = s.solutions().count() as u128;
        prop_assert_eq!(limit + rest, n, "limit {}", limit);
        prop_assert_eq!(figures(&s.stats()), walk, "limit {}", limit);
    }
    // Node budgets: each slice stops at its budget exactly.
    for budget in [1u64, 2, 3, 7, 50] {
        let mut s = Solver::with_config(problem, config);
        let mut before = 0;
        loop {
            let outcome = s.count_within(&Limits::new().nodes(budget));
            let nodes = outcome.stats.nodes();
            prop_assert!(nodes - before <= budget, "budget {}: {} nodes", budget, nodes - before);
            before = nodes;
            if outcome.complete {
                prop_assert_eq!(figures(&outcome.stats), walk, "budget {}", budget);
                break;
            }
        }
    }
    Ok(())
}

/// Random problems with bounds, many options of one item (long lists
/// for the last item left) and a few secondary items, some colored.
fn spec() -> impl Strategy<Value = Spec> {
    let bound = (0u32..3, 1u32..5).prop_map(|(lo, hi)| (lo.min(hi), hi));
    (prop::collection::vec(bound, 1..5), 0usize..3).prop_flat_map(|(primary, secondary)| {
        let np = primary.len();
        let option = (
            prop::collection::btree_set(0..np, 1..=np.min(3)),
            prop::collection::btree_map(0..secondary.max(1), 0..3u32, 0..=secondary.min(1)),
            0..3usize,
        )
            .prop_map(move |(p, s, alone)| {
                // One time in three an option of one item alone.
                let p: Vec<usize> = p.into_iter().collect();
                if alone == 0 {
                    (p[..1].to_vec(), vec![])
                } else {
                    let s = if secondary == 0 { vec![] } else { s.into_iter().collect() };
                    (p, s)
                }
            });
        prop::collection::vec(option, 0..14).prop_map(move |options| Spec {
            primary: primary.clone(),
            secondary,
            options,
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn counts_agree_with_the_walk_and_the_oracle(spec in spec()) {
        let problem = spec.build();
        let expected = spec.oracle(&[]).len() as u128;
        for heuristic in [Heuristic::MinimumRemaining, Heuristic::First] {
            let config = Config::new().heuristic(heuristic).memo(Memo::Off);
            prop_assert_eq!(Solver::with_config(&problem, config).count(), expected);
            check_counts(&problem, config)?;
        }
        // In parallel, splitting as eagerly as possible.
        let off = Config::new().memo(Memo::Off);
        let (_, walk) = walked(&problem, off);
        for threads in [2, 3] {
            let outcome =
                Parallel::new(&problem).threads(threads).granularity(1).config(off).count().unwrap();
            prop_assert_eq!(outcome.solutions, expected);
            prop_assert_eq!(outcome.stats.nodes(), walk.1);
        }
    }
}

/// One primary item `lo:hi` with `len` options of it alone: the count
/// below the root is the table's, which must be the walk's (and the
/// solutions, the subsets of `lo` to `hi` options).
#[test]
fn a_lone_item_counts_as_walked() {
    for len in 0..9usize {
        for hi in 1..6u32 {
            for lo in 0..=hi {
                let text = format!("{lo}:{hi}|A\n{}", "A\n".repeat(len));
                let problem = Problem::parse_knuth(&text).unwrap();
                let subsets: u128 = (lo as usize..=(hi as usize).min(len))
                    .map(|k| (0..k).fold(1u128, |c, j| c * (len - j) as u128 / (j as u128 + 1)))
                    .sum();
                let off = Config::new().memo(Memo::Off);
                let (n, walk) = walked(&problem, off);
                assert_eq!(n, subsets, "{lo}:{hi}, {len} options");
                let mut s = Solver::with_config(&problem, off);
                assert_eq!(s.count(), subsets, "{lo}:{hi}, {len} options");
                assert_eq!(figures(&s.stats()), walk, "{lo}:{hi}, {len} options");
            }
        }
    }
}

/// DLX3's figures (solutions, nodes) on the instances of `data/xc` with
/// multiplicities: random, random with colors, and the examples' rota.
#[test]
fn mcc_instances_count_as_dlx3() {
    for (name, solutions, nodes) in MCC_DLX3 {
        let problem = load(name);
        let mut s = Solver::with_config(&problem, Config::new().memo(Memo::Off));
        assert_eq!(s.count(), solutions, "{name}");
        assert_eq!(s.stats().nodes(), nodes, "{name}");
    }
}
