//! Unique 9x9 puzzles made per second, ours next to the `sudoku` crate's
//! generator: `cargo run --release -p dlx-benches --bin generators
//! [-- PUZZLES [RUNS]]` (default 2000 puzzles, 5 rounds). See
//! `dlx_benches::generators`.

use std::process::ExitCode;

use dlx_benches::generators::{self, Settings};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |k: usize, default: usize| match args.get(k) {
        None => Ok(default),
        Some(a) => a.parse::<usize>().ok().filter(|&n| n > 0).ok_or(format!("`{a}`: not a count")),
    };
    let settings = match (number(0, 2000), number(1, 5)) {
        (Ok(puzzles), Ok(runs)) => Settings {
            puzzles,
            runs,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        },
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("generators: {e}\nusage: generators [PUZZLES [RUNS]]");
            return ExitCode::from(2);
        }
    };
    match generators::run(&settings, &mut std::io::stdout().lock()) {
        Ok(0) => ExitCode::SUCCESS,
        Ok(wrong) => {
            eprintln!("generators: {wrong} puzzles not unique, listed above");
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("generators: {e}");
            ExitCode::from(2)
        }
    }
}
