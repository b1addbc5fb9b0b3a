//! Split parts add up to the whole; estimates behave.

use dlx::{Config, Problem, Solver, SplitAt, split};

use crate::knuth::load;

fn check_split(problem: &Problem, at: SplitAt) -> usize {
    let whole = Solver::new(problem).count();
    let parts = split(problem, Config::new(), &[], at).unwrap();
    let mut total = 0;
    for part in &parts {
        // Through Knuth's format, as `dlx split` writes them.
        let mut text = Vec::new();
        part.write_knuth(problem, &mut text).unwrap();
        let again = Problem::read_knuth(&text[..]).unwrap();
        let n = Solver::new(&again).count();
        assert_eq!(n, Solver::new(&part.problem).count());
        total += n;
        // Every solution of a part, with the options chosen on the way,
        // is a complete solution of the whole: forcing all of them leaves
        // exactly one (empty) completion.
        for sol in Solver::new(&part.problem).solutions().take(3) {
            let mut solver = Solver::new(problem);
            for &o in part.chosen.iter().chain(sol.iter().map(|o| &part.origins[o.index()])) {
                solver.choose(o).unwrap();
            }
            assert_eq!(solver.count(), 1);
        }
    }
    assert_eq!(total, whole, "{at:?}");
    parts.len()
}

#[test]
fn reference_instances() {
    for name in ["knuth_dlx1_example.dlx", "knuth_dlx2_example.dlx", "knuth_dlx3_example.dlx"] {
        let p = load(name);
        for d in 0..4 {
            check_split(&p, SplitAt::Depth(d));
        }
    }
    let queens = load("queens12.dlx");
    assert!(check_split(&queens, SplitAt::Parts(50)) >= 50);
    assert_eq!(check_split(&queens, SplitAt::Depth(1)), 12);
    check_split(&load("langford11.dlx"), SplitAt::Depth(2));
    check_split(&load("colored80.dlx"), SplitAt::Parts(8));
}

#[test]
fn estimate_is_exact_on_a_uniform_tree() {
    // Two independent items with three options each: 9 solutions, and
    // 1 + 3 + 9 nodes, whatever path is taken.
    let p = Problem::parse_knuth("A B\nA\nA\nA\nB\nB\nB\n").unwrap();
    let e = Solver::new(&p).estimate(100, 7);
    assert_eq!((e.solutions, e.nodes), (9.0, 13.0));
    assert_eq!((e.solutions_stderr, e.nodes_stderr), (0.0, 0.0));
}

#[test]
fn estimate_is_near_the_truth() {
    let p = load("queens12.dlx");
    let e = Solver::new(&p).estimate(20_000, 1);
    // 14,200 solutions and 327,813 nodes; the seed is fixed, so this is
    // deterministic, and 4 standard errors is a wide margin.
    assert!((e.solutions - 14_200.0).abs() < 4.0 * e.solutions_stderr, "{e:?}");
    assert!((e.nodes - 327_813.0).abs() < 4.0 * e.nodes_stderr, "{e:?}");
    let again = Solver::new(&p).estimate(20_000, 1);
    assert_eq!(e.solutions, again.solutions);
}
