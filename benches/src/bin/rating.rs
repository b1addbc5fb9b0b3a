//! Rates puzzles with the human solver and compares with Sudoku
//! Explainer's ratings: `cargo run --release -p dlx-benches --bin rating
//! [-- FILE]` (default `data/sudoku/se_rated_sample.txt`; lines `puzzle
//! rating`). Prints the Spearman rank correlation, the share of puzzles in
//! the same whole-number band, and how many the ladder solved.

use std::collections::BTreeMap;
use std::process::ExitCode;

use dlx_benches::rating::{rate_lines, summarize};

fn main() -> ExitCode {
    let path = std::env::args()
        .nth(1)
        .map_or_else(|| dlx_benches::data("sudoku/se_rated_sample.txt"), Into::into);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("rating: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let pairs = match rate_lines(&text) {
        Ok(pairs) => pairs,
        Err(e) => {
            eprintln!("rating: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let s = summarize(&pairs);
    println!("puzzles: {}", s.puzzles);
    println!(
        "solved by the ladder: {} ({:.1}%)",
        s.solved,
        100.0 * s.solved as f64 / s.puzzles.max(1) as f64
    );
    println!("spearman: {:.3} (stuck puzzles ranked above all solved ones)", s.spearman);
    println!("same whole-number band: {:.1}%", 100.0 * s.same_band);
    println!("exact among solved: {:.1}%", 100.0 * s.exact_among_solved);
    // By SE band: how many, how many solved, how many in the same band.
    let mut bands: BTreeMap<i64, (usize, usize, usize)> = BTreeMap::new();
    for p in &pairs {
        let e = bands.entry(p.se.floor() as i64).or_default();
        e.0 += 1;
        e.1 += usize::from(p.ours.is_some());
        e.2 += usize::from(p.ours.is_some_and(|d| d.as_f64().floor() == p.se.floor()));
    }
    println!("SE band: puzzles, solved, same band");
    for (band, (n, solved, same)) in bands {
        println!("  {band}.x: {n}, {solved}, {same}");
    }
    ExitCode::SUCCESS
}
