//! How well a count's progress is estimated: [`trace`] counts a problem a
//! slice at a time and sets the fraction [`Solver::progress`] reports
//! beside the true one (nodes so far over the whole count's nodes) and
//! beside the old measure from the branch positions alone (a
//! [`Checkpoint`](dlx::Checkpoint)'s fraction);
//! [`trace_parallel`] does the same for a [`Parallel`] count's reports;
//! [`Errors`] sums a trace up. [`lopsided`] makes a problem whose first
//! branch holds most of the tree. The `progress` binary prints the table
//! of docs/performance.md from them.

use std::time::{Duration, Instant};

use dlx::{Limits, Parallel, Problem, ProblemBuilder, Solver};

/// One look at a count: the true fraction, the estimated one and the old
/// one.
#[derive(Debug, Clone, Copy)]
pub struct Point {
    /// Nodes so far over the nodes of the whole count.
    pub truth: f64,
    /// [`Solver::progress`] (or a [`Parallel`] report's fraction).
    pub estimate: f64,
    /// The branch positions' fraction (for a [`Solver`] only; NaN
    /// otherwise).
    pub old: f64,
}

/// The errors of a trace.
#[derive(Debug, Clone, Copy, Default)]
pub struct Errors {
    /// Mean absolute error of the estimate.
    pub mean: f64,
    /// Largest absolute error of the estimate.
    pub max: f64,
    /// Mean absolute error of the old measure.
    pub old_mean: f64,
    /// Largest step back of the estimate from one look to the next.
    pub back: f64,
}

impl Errors {
    /// Sums up `points`.
    pub fn of(points: &[Point]) -> Errors {
        let n = points.len().max(1) as f64;
        let mut e = Errors::default();
        for (k, p) in points.iter().enumerate() {
            e.mean += (p.estimate - p.truth).abs() / n;
            e.old_mean += (p.old - p.truth).abs() / n;
            e.max = e.max.max((p.estimate - p.truth).abs());
            if k > 0 {
                e.back = e.back.max(points[k - 1].estimate - p.estimate);
            }
        }
        e
    }
}

/// What [`trace`] found: the looks, the whole count's nodes and the probe
/// steps the estimate took.
#[derive(Debug, Clone)]
pub struct Trace {
    /// One point per look, the last one at the end of the count.
    pub points: Vec<Point>,
    /// Nodes of the whole count.
    pub nodes: u64,
    /// Probe steps the estimate took, in all.
    pub probe_steps: u64,
}

/// Counts `problem` with a [`Solver`], looking at its progress every
/// `every` nodes (and at the end).
pub fn trace(problem: &Problem, every: u64) -> Trace {
    let nodes = Solver::new(problem).count_within(&Limits::new()).stats.nodes();
    let mut solver = Solver::new(problem);
    let mut points = Vec::new();
    loop {
        let outcome = solver.count_within(&Limits::new().nodes(every));
        let truth = solver.stats().nodes() as f64 / nodes as f64;
        let old = solver.checkpoint().fraction();
        points.push(Point { truth, estimate: solver.progress(), old });
        if outcome.complete {
            break;
        }
    }
    Trace { points, nodes, probe_steps: solver.probe_steps() }
}

/// Counts `problem` on `threads` threads, its progress reported every
/// `interval`, and returns the reports (and a last point at the end).
pub fn trace_parallel(problem: &Problem, threads: usize, interval: Duration) -> Vec<Point> {
    let nodes = Solver::new(problem).count_within(&Limits::new()).stats.nodes();
    let mut points = Vec::new();
    let outcome = Parallel::new(problem)
        .threads(threads)
        .count_with_progress(interval, |p| {
            points.push(Point {
                truth: p.nodes as f64 / nodes as f64,
                estimate: p.fraction,
                old: f64::NAN,
            });
        })
        .expect("no forced options");
    assert_eq!(outcome.stats.nodes(), nodes);
    points.push(Point { truth: 1.0, estimate: 1.0, old: f64::NAN });
    points
}

/// `base` with one more primary item, branched on first (it has the
/// fewest options), whose first option covers it alone, so that its first
/// branch is the whole of `base`'s tree, and whose three other options
/// each cover it with a random half of `base`'s primary items (from
/// `seed`), small subtrees: a tree whose first branch holds most of it.
/// The other items must have more than four options each.
pub fn lopsided(base: &Problem, seed: u64) -> Problem {
    let mut b = ProblemBuilder::new();
    let first = b.add_primary("lopsided");
    let items: Vec<_> = base
        .items()
        .map(|i| {
            let name = base.item_name(i);
            if base.is_primary(i) { b.add_primary(name) } else { b.add_secondary(name) }
        })
        .collect();
    let primary: Vec<_> = base.items().filter(|&i| base.is_primary(i)).collect();
    let mut state = seed | 1;
    let mut random = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    b.add_option([first]);
    for _ in 0..3 {
        let mut option = vec![first];
        option.extend(primary.iter().filter(|_| random() % 2 == 0).map(|i| items[i.index()]));
        b.add_option(option);
    }
    for o in base.options() {
        b.add_option(base.option(o).iter().map(|e| items[e.item.index()]));
    }
    b.build().expect("a valid problem")
}

/// Counts `problem` a slice of `every` nodes at a time (as the CLI counts
/// with a progress line), with a look at the progress after each slice or
/// without; returns the time it took.
pub fn count_in_slices(problem: &Problem, every: u64, look: bool) -> Duration {
    let start = Instant::now();
    let mut solver = Solver::new(problem);
    while !solver.count_within(&Limits::new().nodes(every)).complete {
        if look {
            std::hint::black_box(solver.progress());
        }
    }
    start.elapsed()
}
