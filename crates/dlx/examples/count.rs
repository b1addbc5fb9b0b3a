//! Counts the solutions of a problem in Knuth's format and prints Knuth's
//! statistics: `cargo run --release -p dlx --example count -- FILE`.

use std::error::Error;
use std::fs::File;
use std::io::BufReader;

use dlx::{Problem, Solver};

fn try_main() -> Result<(), Box<dyn Error>> {
    let path = std::env::args().nth(1).ok_or("usage: count FILE")?;
    let file = File::open(&path).map_err(|e| format!("{path}: {e}"))?;
    let problem = Problem::read_knuth(BufReader::new(file)).map_err(|e| format!("{path}:{e}"))?;
    let mut solver = Solver::new(&problem);
    let count = solver.count();
    let s = solver.stats();
    println!(
        "{count} solutions, {} nodes, {} updates, {:.3}s, {:.0} M updates/s",
        s.nodes(),
        s.updates(),
        s.elapsed().as_secs_f64(),
        s.updates_per_second() / 1e6
    );
    Ok(())
}

fn main() {
    if let Err(e) = try_main() {
        eprintln!("count: {e}");
        std::process::exit(2);
    }
}
