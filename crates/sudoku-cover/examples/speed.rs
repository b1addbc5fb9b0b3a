//! Puzzles per second over whole files, one thread, median of five passes:
//! `cargo run -p sudoku-cover --release --example speed -- FILE...`.
//! `first` stops at a first solution; `unique` counts up to two, as the
//! benchmark does. Quicker than `cargo bench` when comparing two builds.

use std::error::Error;
use std::fs::File;
use std::io::BufReader;
use std::time::Instant;

use sudoku_cover::{Grid, PuzzleReader, Rules, Sudoku};

fn main() -> Result<(), Box<dyn Error>> {
    for path in std::env::args().skip(1) {
        let puzzles: Vec<Grid> = PuzzleReader::new(BufReader::new(File::open(&path)?))
            .map(|p| p.map(|p| p.grid))
            .collect::<Result<_, _>>()?;
        let sudoku = Sudoku::new(Rules::new(puzzles[0].shape()))?;
        let mut solver = sudoku.solver();
        let mut line = format!("{path}: {} puzzles", puzzles.len());
        for (mode, limit) in [("first", 1u128), ("unique", 2)] {
            let mut rates = Vec::new();
            for _ in 0..5 {
                let start = Instant::now();
                for p in &puzzles {
                    assert!(solver.count(p, Some(limit))? >= 1, "a puzzle without a solution");
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
