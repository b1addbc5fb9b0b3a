//! How well a long count's progress is estimated, and what the estimate
//! costs: `cargo run --release -p dlx-benches --bin progress`.
//!
//! For each problem (from `data/xc/`, and one made lopsided: see
//! [`dlx_benches::progress::lopsided`]) it counts with a `Solver`, looking
//! at its progress 200 times, and prints the mean and largest absolute
//! error of the fraction explored (against nodes so far over the whole
//! count's nodes), the old measure's mean error (branch positions alone),
//! the largest step back, and the probe steps per 100 nodes; then the
//! same errors for a `Parallel` count on 2 threads (reports every 2 ms);
//! then the time of a whole count without a look at the progress and with
//! one every 65,536 nodes (the CLI's slice), best of 5.

use std::time::Duration;

use dlx::Problem;
use dlx_benches::data;
use dlx_benches::progress::{Errors, lopsided, time_count, trace, trace_parallel};

fn main() {
    let read = |name: &str| {
        let text = std::fs::read_to_string(data(&format!("xc/{name}"))).expect("a data file");
        Problem::parse_knuth(&text).expect("a valid problem")
    };
    let queens = read("queens12.dlx");
    let problems = [
        ("langford11", read("langford11.dlx")),
        ("queens12", read("queens12.dlx")),
        ("pentomino6x10_quarter", read("pentomino6x10_quarter.dlx")),
        ("lopsided queens12", lopsided(&queens, 7)),
    ];
    println!(
        "| problem | nodes | mean error | max error | old mean error | step back | probe steps per 100 nodes |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (name, p) in &problems {
        let t = trace(p, t_every(p));
        let e = Errors::of(&t.points);
        println!(
            "| {name} | {} | {:.3} | {:.3} | {:.3} | {:.3} | {:.2} |",
            t.nodes,
            e.mean,
            e.max,
            e.old_mean,
            e.back,
            100.0 * t.probe_steps as f64 / t.nodes as f64
        );
    }
    println!();
    println!("| problem (Parallel, 2 threads) | reports | mean error | max error | step back |");
    println!("|---|---:|---:|---:|---:|");
    for (name, p) in &problems {
        let points = trace_parallel(p, 2, Duration::from_millis(2));
        let e = Errors::of(&points);
        println!("| {name} | {} | {:.3} | {:.3} | {:.3} |", points.len(), e.mean, e.max, e.back);
    }
    println!();
    println!(
        "| problem | count in slices of 65,536 nodes | the same, progress after each | overhead |"
    );
    println!("|---|---:|---:|---:|");
    for (name, p) in &problems {
        let off = time_count(p, 1 << 16, false, 5);
        let on = time_count(p, 1 << 16, true, 5);
        println!(
            "| {name} | {:.1} ms | {:.1} ms | {:+.1}% |",
            off.as_secs_f64() * 1e3,
            on.as_secs_f64() * 1e3,
            100.0 * (on.as_secs_f64() / off.as_secs_f64() - 1.0)
        );
    }
}

/// Nodes between looks: 200 looks in all.
fn t_every(p: &Problem) -> u64 {
    let nodes = dlx::Solver::new(p).count_within(&dlx::Limits::new()).stats.nodes();
    (nodes / 200).max(1)
}
