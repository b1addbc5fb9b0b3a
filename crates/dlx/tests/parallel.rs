//! Parallel search agrees with the sequential one.

use std::sync::Mutex;

use dlx::{OptionId, Parallel, Problem, Solver};

use crate::knuth::load;

/// On `threads` threads, in slices of the default size, of 64 nodes and of
/// one: a tree of four slices or fewer is counted on the calling thread
/// (Knuth's examples), a bigger one goes on in the pool from where those
/// slices stopped (queens12, langford11 and colored80 at every size).
fn check(problem: &Problem, threads: usize) {
    let mut solver = Solver::new(problem);
    let count = solver.count();
    let nodes = solver.stats().nodes();
    for granularity in [None, Some(64), Some(1)] {
        let mut search = Parallel::new(problem).threads(threads);
        if let Some(g) = granularity {
            search = search.granularity(g);
        }
        let outcome = search.count().unwrap();
        assert_eq!(outcome.solutions, count, "{granularity:?}");
        assert_eq!(outcome.stats.nodes(), nodes, "every node counted once, {granularity:?}");
    }
}

#[test]
fn reference_instances_two_threads() {
    for name in ["knuth_dlx1_example.dlx", "knuth_dlx2_example.dlx", "knuth_dlx3_example.dlx"] {
        check(&load(name), 2);
    }
    check(&load("queens12.dlx"), 2);
    check(&load("langford11.dlx"), 3);
    check(&load("colored80.dlx"), 2);
}

/// A solution limit, reached on the calling thread's first slices or in
/// the pool, on one thread or two, in slices of every size: the count is
/// the limit or the whole count, whichever is smaller, and complete only
/// past the whole count.
#[test]
fn limits_within_the_first_slices_and_past_them() {
    for name in
        ["knuth_dlx2_example.dlx", "knuth_dlx3_example.dlx", "langford11.dlx", "mcc_rota.dlx"]
    {
        let problem = load(name);
        let total = Solver::new(&problem).count();
        let limits = [1, 2, total.saturating_sub(1), total, total + 1, 5_000];
        for limit in limits.into_iter().filter(|&l| l > 0) {
            for threads in [1, 2] {
                for granularity in [None, Some(64), Some(1)] {
                    let mut search = Parallel::new(&problem).threads(threads).limit(limit);
                    if let Some(g) = granularity {
                        search = search.granularity(g);
                    }
                    let outcome = search.count().unwrap();
                    let at = format!("{name}, limit {limit}, {threads} threads, {granularity:?}");
                    assert_eq!(outcome.solutions, limit.min(total), "{at}");
                    assert_eq!(outcome.stats.solutions(), limit.min(total), "{at}");
                    if limit > total {
                        assert!(outcome.complete, "{at}");
                    }
                }
            }
        }
    }
}

#[test]
fn for_each_sees_every_solution_once() {
    let problem = load("langford11.dlx");
    let mut expected: Vec<Vec<OptionId>> = Solver::new(&problem)
        .solutions()
        .map(|mut s| {
            s.sort();
            s
        })
        .collect();
    expected.sort();
    let seen = Mutex::new(Vec::new());
    Parallel::new(&problem)
        .threads(4)
        .for_each(|s| {
            let mut s = s.to_vec();
            s.sort();
            seen.lock().unwrap().push(s);
            true
        })
        .unwrap();
    let mut seen = seen.into_inner().unwrap();
    seen.sort();
    assert_eq!(seen, expected);
}

#[test]
fn first_and_limit() {
    let problem = load("queens12.dlx");
    let first = Parallel::new(&problem).threads(2).first().unwrap().unwrap();
    // The solution is valid: forcing its options leaves exactly one solution.
    let mut solver = Solver::new(&problem);
    for &o in &first {
        solver.choose(o).unwrap();
    }
    assert_eq!(solver.count(), 1);
    let outcome = Parallel::new(&problem).threads(2).limit(100).count().unwrap();
    assert_eq!(outcome.solutions, 100);
}

#[test]
fn forced_options_and_progress() {
    let problem = load("langford11.dlx");
    let o = OptionId::new(0);
    let mut solver = Solver::new(&problem);
    solver.choose(o).unwrap();
    let expected = solver.count();
    let mut reports = 0;
    let outcome = Parallel::new(&problem)
        .threads(2)
        .force(&[o])
        .count_with_progress(std::time::Duration::from_millis(1), |p| {
            assert!((0.0..=1.0).contains(&p.fraction));
            reports += 1;
        })
        .unwrap();
    assert_eq!(outcome.solutions, expected);
    assert!(reports > 0);
}
