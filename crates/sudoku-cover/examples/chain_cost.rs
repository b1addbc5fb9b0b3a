//! What the human solver's chain rungs cost. Run with
//! `cargo run -p sudoku-cover --release --example chain_cost -- [FILE]`.
//!
//! - without `FILE`: one call of each chain rung on 9×9, 16×16 and 25×25
//!   grids with only the first row given (many candidates to search);
//! - with `FILE` (lines `puzzle rating`, as `data/sudoku/se_rated_sample.txt`):
//!   the time to rate each puzzle with the standard ladder, mean and
//!   maximum per whole-number band of the given rating.

use std::collections::BTreeMap;
use std::error::Error;
use std::sync::Arc;
use std::time::{Duration, Instant};

use sudoku_cover::human::{Candidates, Ladder, Units, chains};
use sudoku_cover::{Grid, Rules, Shape};

fn main() {
    if let Err(e) = try_main() {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

fn try_main() -> Result<(), Box<dyn Error>> {
    match std::env::args().nth(1) {
        None => rungs(),
        Some(path) => bands(&path),
    }
}

/// One call of each rung on grids with the first row given.
fn rungs() -> Result<(), Box<dyn Error>> {
    for side in [3, 4, 5] {
        let units = Arc::new(Units::new(&Rules::new(Shape::new(side, side)?))?);
        let n = side * side;
        let mut grid = Candidates::new(units);
        for cell in 0..n {
            grid.place(cell, cell as u8 + 1);
        }
        println!("{n}x{n}:");
        for rung in chains::techniques() {
            let start = Instant::now();
            let found = rung.find(&grid).is_some();
            println!(
                "  {:28} {:>10.1?}{}",
                rung.name(),
                start.elapsed(),
                if found { "" } else { " (none)" }
            );
        }
    }
    Ok(())
}

/// Rating times per band of the file's ratings.
fn bands(path: &str) -> Result<(), Box<dyn Error>> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let units = Arc::new(Units::new(&Rules::classic())?);
    let ladder = Ladder::standard();
    let mut bands: BTreeMap<i64, Vec<Duration>> = BTreeMap::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let at = |what: String| format!("{path}, line {}: {what}", i + 1);
        let mut fields = line.split_whitespace();
        let (Some(puzzle), Some(rating)) = (fields.next(), fields.next()) else {
            return Err(at("expected a puzzle and a rating".into()).into());
        };
        let grid: Grid = puzzle.parse().map_err(|e| at(format!("{e}")))?;
        let rating: f64 = rating.parse().map_err(|_| at("the rating is not a number".into()))?;
        let start = Candidates::from_grid(units.clone(), &grid).map_err(|e| at(e.to_string()))?;
        let clock = Instant::now();
        ladder.rate(start, None);
        bands.entry(rating.floor() as i64).or_default().push(clock.elapsed());
    }
    println!("band  puzzles  mean  max");
    for (band, times) in bands {
        let mean = times.iter().sum::<Duration>() / times.len() as u32;
        let max = times.iter().max().copied().unwrap_or_default();
        println!("{band}.x  {:>7}  {mean:>.1?}  {max:>.1?}", times.len());
    }
    Ok(())
}
