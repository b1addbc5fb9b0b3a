//! How well a long count's progress is estimated, and what the estimate
//! costs: `cargo run --release -p dlx-benches --bin progress`.
//!
//! For each problem (from `data/xc/`, and one made lopsided: see
//! [`dlx_benches::progress::lopsided`]) it counts with a `Solver`, looking
//! at its progress 200 times, and prints the mean and largest absolute
//! error of the fraction explored (against nodes so far over the whole
//! count's nodes), the old measure's mean error (branch positions alone),
//! the largest step back, and the probe steps per 100 nodes; then the
//! same errors for a `Parallel` count on 2 threads (reports every 2 ms,
//! so those figures vary from run to run).
//!
//! `progress --count FILE [--look]` counts one problem of `data/xc/` in
//! slices of 65,536 nodes (the CLI's slice), with a look at the progress
//! after each slice or without, and prints nothing: run it under
//! `valgrind --tool=callgrind` for the instruction count of the looks.

use std::time::Duration;

use dlx::Problem;
use dlx_benches::data;
use dlx_benches::progress::{Errors, count_in_slices, lopsided, trace, trace_parallel};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, name, rest @ ..] = args.as_slice() {
        if flag == "--count" {
            let text = std::fs::read_to_string(data(&format!("xc/{name}"))).expect("a data file");
            let problem = Problem::parse_knuth(&text).expect("a valid problem");
            let look = rest.iter().any(|a| a == "--look");
            count_in_slices(&problem, 1 << 16, look);
            return;
        }
    }
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
}

/// Nodes between looks: 200 looks in all.
fn t_every(p: &Problem) -> u64 {
    let nodes = dlx::Solver::new(p).count_within(&dlx::Limits::new()).stats.nodes();
    (nodes / 200).max(1)
}
