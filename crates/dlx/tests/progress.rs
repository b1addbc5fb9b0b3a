//! The fraction explored follows the true one (nodes so far over the
//! nodes of the whole count) on real problems and on a lopsided one, with
//! one solver, with two threads and after a resume: close on average,
//! within [0, 1], 1 at the end, never stepping back more than 0.02.

use std::time::Duration;

use dlx::{Config, Engine, Limits, Parallel, Problem, ProblemBuilder, Propagation, Solver};

use crate::knuth::load;

/// The most the fraction may step back from one look to the next.
const MAX_BACK: f64 = 0.02 + 1e-9;

/// One look: the true fraction, the estimate, and the old measure from
/// the branch positions alone (a checkpoint's fraction).
#[derive(Debug, Clone, Copy)]
struct Look {
    truth: f64,
    estimate: f64,
    old: f64,
}

fn nodes_of(problem: &Problem, config: Config) -> u64 {
    Solver::with_config(problem, config).count_within(&Limits::new()).stats.nodes()
}

/// Counts `problem` a hundred slices at a time, looking at its progress
/// after each (and at the end); also checks the end and the probes.
fn trace(problem: &Problem, config: Config) -> Vec<Look> {
    let total = nodes_of(problem, config);
    let mut solver = Solver::with_config(problem, config);
    let mut looks = Vec::new();
    loop {
        let outcome = solver.count_within(&Limits::new().nodes(total / 100 + 1));
        let old = solver.checkpoint().fraction();
        let truth = solver.stats().nodes() as f64 / total as f64;
        looks.push(Look { truth, estimate: solver.progress(), old });
        if outcome.complete {
            break;
        }
    }
    assert_eq!(solver.progress(), 1.0);
    assert_eq!(solver.nodes_left(), 0.0);
    looks
}

/// Checks the looks' bounds and steps; returns the mean absolute errors of
/// the estimate and of the old measure.
fn errors(looks: &[Look]) -> (f64, f64) {
    for (k, l) in looks.iter().enumerate() {
        assert!((0.0..=1.0).contains(&l.estimate), "look {k}: {l:?}");
        if k > 0 {
            let back = looks[k - 1].estimate - l.estimate;
            assert!(back <= MAX_BACK, "look {k} stepped back {back}: {:?}", &looks[k - 1..=k]);
        }
    }
    assert_eq!(looks.last().expect("a look").estimate, 1.0);
    let n = looks.len() as f64;
    let mean = looks.iter().map(|l| (l.estimate - l.truth).abs()).sum::<f64>() / n;
    let old = looks.iter().map(|l| (l.old - l.truth).abs()).sum::<f64>() / n;
    (mean, old)
}

/// `base` with a first item to branch on (it has the fewest options):
/// its first option covers it alone, so that the first branch is the
/// whole of `base`'s tree; its three other options each cover it with a
/// random half of `base`'s primary items, small subtrees.
fn lopsided(base: &Problem, seed: u64) -> Problem {
    let mut b = ProblemBuilder::new();
    let first = b.add_primary("first");
    let items: Vec<_> = base
        .items()
        .map(|i| match base.is_primary(i) {
            true => b.add_primary(base.item_name(i)),
            false => b.add_secondary(base.item_name(i)),
        })
        .collect();
    let mut state = seed | 1;
    b.add_option([first]);
    for _ in 0..3 {
        let mut option = vec![first];
        for i in base.items().filter(|&i| base.is_primary(i)) {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            if state >> 63 == 1 {
                option.push(items[i.index()]);
            }
        }
        b.add_option(option);
    }
    for o in base.options() {
        b.add_option(base.option(o).iter().map(|e| items[e.item.index()]));
    }
    b.build().unwrap()
}

#[test]
fn one_solver_follows_the_true_fraction() {
    for (name, bound) in
        [("langford11.dlx", 0.03), ("queens12.dlx", 0.03), ("pentomino6x10_quarter.dlx", 0.05)]
    {
        let problem = load(name);
        let (mean, old) = errors(&trace(&problem, Config::new()));
        assert!(mean < bound, "{name}: mean error {mean:.3} (the old measure's {old:.3})");
    }
}

#[test]
fn a_lopsided_tree_is_followed_where_branch_positions_are_not() {
    let problem = lopsided(&load("queens12.dlx"), 7);
    let (mean, old) = errors(&trace(&problem, Config::new()));
    // The old measure puts the first branch at half the tree: a quarter
    // off on average; the estimate sizes the branches.
    assert!(old > 0.25, "the old measure's mean error {old:.3}");
    assert!(mean < 0.03 && mean < old / 5.0, "mean error {mean:.3} (old {old:.3})");
}

#[test]
fn every_engine_is_probed_on_its_own_tree() {
    let problem = load("langford11.dlx");
    for engine in [Engine::DancingLinks, Engine::Bitset, Engine::BitSliced] {
        let config = Config::new().engine(engine);
        let (mean, _) = errors(&trace(&problem, config));
        assert!(mean < 0.03, "{engine:?}: mean error {mean:.3}");
        let mut solver = Solver::with_config(&problem, config);
        solver.count_within(&Limits::new().nodes(10_000));
        solver.progress();
        assert!(solver.probe_steps() > 0, "{engine:?}: no probes");
    }
    // The bit engine's dominance pass has a tree of its own: no probes,
    // and still a fraction within bounds that ends at 1.
    let config = Config::new().engine(Engine::Bitset).propagation(Propagation::Dominance);
    let looks = trace(&problem, config);
    errors(&looks);
    let mut solver = Solver::with_config(&problem, config);
    solver.count_within(&Limits::new().nodes(10_000));
    solver.progress();
    assert_eq!(solver.probe_steps(), 0);
}

#[test]
fn a_resumed_count_goes_on_from_where_it_was() {
    let problem = load("queens12.dlx");
    let total = nodes_of(&problem, Config::new());
    let mut first = Solver::new(&problem);
    let stopped = first.count_within(&Limits::new().nodes(total / 2));
    let before = first.progress();
    let checkpoint = stopped.checkpoint.expect("stopped half way");
    let mut solver = Solver::new(&problem);
    solver.resume(&checkpoint).unwrap();
    let after = solver.progress();
    assert!((after - 0.5).abs() < 0.1 && (after - before).abs() < 0.1, "{before} then {after}");
    let mut looks = vec![Look { truth: 0.5, estimate: after, old: 0.5 }];
    loop {
        let outcome = solver.count_within(&Limits::new().nodes(total / 100));
        let truth = solver.stats().nodes() as f64 / total as f64;
        looks.push(Look { truth, estimate: solver.progress(), old: 0.0 });
        if outcome.complete {
            break;
        }
    }
    assert!(errors(&looks).0 < 0.03);
}

/// Counts on two threads with a report every millisecond; returns the
/// reports as looks, and one at the end.
fn parallel_looks(search: Parallel<'_>, total: u64, before: u64) -> Vec<Look> {
    let mut looks = Vec::new();
    let outcome = search
        .threads(2)
        .count_with_progress(Duration::from_millis(1), |p| {
            assert!(p.nodes_left >= 0.0 && p.nodes_left.is_finite(), "{p:?}");
            looks.push(Look {
                truth: p.nodes as f64 / total as f64,
                estimate: p.fraction,
                old: 0.0,
            });
        })
        .unwrap();
    assert!(outcome.complete);
    assert_eq!(outcome.stats.nodes(), total);
    assert!(looks.iter().all(|l| l.truth >= before as f64 / total as f64));
    looks.push(Look { truth: 1.0, estimate: 1.0, old: 0.0 });
    looks
}

#[test]
fn two_threads_follow_the_true_fraction() {
    let queens = load("queens12.dlx");
    for (name, problem) in [
        ("langford11", load("langford11.dlx")),
        ("queens12", load("queens12.dlx")),
        ("lopsided queens12", lopsided(&queens, 7)),
    ] {
        let total = nodes_of(&problem, Config::new());
        let looks = parallel_looks(Parallel::new(&problem), total, 0);
        let (mean, _) = errors(&looks);
        assert!(mean < 0.1, "{name}: mean error {mean:.3} over {} reports", looks.len());
    }
}

#[test]
fn two_threads_resume_a_parallel_checkpoint_where_it_was() {
    let problem = load("langford11.dlx");
    let total = nodes_of(&problem, Config::new());
    let stopped = Parallel::new(&problem).threads(2).node_limit(total / 2).count().unwrap();
    let checkpoint = stopped.checkpoint.expect("stopped half way");
    let done = checkpoint.stats().nodes();
    let search = Parallel::new(&problem).resume(checkpoint);
    let looks = parallel_looks(search, total, done);
    let (mean, _) = errors(&looks);
    assert!(mean < 0.1, "mean error {mean:.3} over {} reports", looks.len());
}

/// `n` items of `k` options each, none sharing an item: the search tree is
/// the complete `k`-ary tree of depth `n`, where every probe is exact.
fn uniform_tree(n: usize, k: usize) -> Problem {
    let mut b = ProblemBuilder::new();
    let items: Vec<_> = (0..n).map(|i| b.add_primary(format!("i{i}"))).collect();
    for &item in &items {
        for _ in 0..k {
            b.add_option([item]);
        }
    }
    b.build().unwrap()
}

#[test]
fn a_uniform_tree_is_estimated_almost_exactly() {
    let problem = uniform_tree(7, 5);
    // 1 + 5 + 25 + ... + 5^7 nodes.
    assert_eq!(nodes_of(&problem, Config::new()), (0..=7).map(|d| 5u64.pow(d)).sum::<u64>());
    let looks = trace(&problem, Config::new().engine(Engine::DancingLinks));
    for l in &looks {
        assert!((l.estimate - l.truth).abs() < 0.01, "{l:?}");
    }
}
