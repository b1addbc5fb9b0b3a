//! Puzzles per second over whole files, one thread, median of five passes:
//! `cargo run -p sudoku-cover --release --example speed -- FILE...`.
//! `first` stops at a first solution; `unique` counts up to two, as the
//! benchmark does. Quicker than `cargo bench` when comparing two builds.

use std::error::Error;
use std::fs::File;
use std::io::BufReader;
use std::time::Instant;

use sudoku_cover::{Grid, PuzzleReader, Rules, Sudoku};

fn main() {
    if let Err(e) = try_main() {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

fn try_main() -> Result<(), Box<dyn Error>> {
    for path in std::env::args().skip(1) {
        let puzzles: Vec<Grid> = PuzzleReader::new(BufReader::new(
            File::open(&path).map_err(|e| format!("{path}: {e}"))?,
        ))
        .map(|p| p.map(|p| p.grid))
        .collect::<Result<_, _>>()
        .map_err(|e| format!("{path}:{e}"))?;
        let first = puzzles.first().ok_or_else(|| format!("{path}: no puzzles"))?;
        let sudoku = Sudoku::new(Rules::new(first.shape()))?;
        let mut solver = sudoku.solver();
        let mut line = format!("{path}: {} puzzles", puzzles.len());
        for (mode, limit) in [("first", 1u128), ("unique", 2)] {
            let mut rates = Vec::new();
            for _ in 0..5 {
                let start = Instant::now();
                for (k, p) in puzzles.iter().enumerate() {
                    if solver.count(p, Some(limit))? == 0 {
                        return Err(format!("{path}: puzzle {} has no solution", k + 1).into());
                    }
                }
                rates.push(puzzles.len() as f64 / start.elapsed().as_secs_f64());
            }
            rates.sort_by(f64::total_cmp);
            line += &format!(", {mode} {:.0}/s", rates[2]);
        }
        println!("{line}");
    }
    Ok(())
}
