//! Puzzle generators side by side: unique 9x9 puzzles made per second by
//! `sudoku_cover::Generator` and by the crates.io `sudoku` crate's
//! generator (`cargo run --release -p dlx-benches --bin generators`).
//!
//! Both make minimal puzzles the same way (a random full grid, then clues
//! taken out in a random order while the puzzle stays unique; with 180°
//! symmetry, in pairs), so the rates compare like with like. Each
//! contender makes [`Settings::puzzles`] puzzles per round, the contenders
//! taking turns, for [`Settings::runs`] rounds; the table shows the median
//! rate. Every puzzle made is then checked unique by our solver, and the
//! mean number of clues shown.

use std::io::Write;
use std::time::Instant;

use sudoku_cover::generate::{Generator, Symmetry};
use sudoku_cover::{Grid, Rules, Shape, Uniqueness};

use crate::tables::Error;

/// What a run measures.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Puzzles each contender makes per round.
    pub puzzles: usize,
    /// Rounds; the table shows medians.
    pub runs: usize,
    /// Threads of the last row (ours on every core).
    pub threads: usize,
}

/// How a contender makes puzzle `i` of round `round`.
type Make = Box<dyn Fn(u64, u64) -> Grid>;

/// The sudoku crate's puzzle as our grid.
fn from_crate(s: sudoku::Sudoku) -> Grid {
    Grid::from_cells(Shape::CLASSIC, s.to_bytes().to_vec()).expect("a 9x9 grid")
}

/// Ours with these settings, one puzzle a call.
fn ours(generator: Generator) -> Make {
    Box::new(move |round, i| generator.generate(round, i).expect("a puzzle").puzzle)
}

/// Measures and writes the table as Markdown; the puzzles that were not
/// unique, if any, are named under it and counted in the result.
pub fn run(settings: &Settings, out: &mut dyn Write) -> Result<usize, Error> {
    let classic = || Generator::new(Rules::classic()).expect("classic rules");
    let contenders: Vec<(&str, Make)> = vec![
        ("ours, no symmetry", ours(classic())),
        (
            "sudoku 0.8, no symmetry",
            Box::new(|_, _| {
                from_crate(sudoku::Sudoku::generate_from(sudoku::Sudoku::generate_solved()))
            }),
        ),
        ("ours, rot180", ours(classic().symmetry(Symmetry::Rot180))),
        ("sudoku 0.8, rot180", Box::new(|_, _| from_crate(sudoku::Sudoku::generate()))),
        (
            "ours, rot180, `--minimal` (every clue checked)",
            ours(classic().symmetry(Symmetry::Rot180).minimal(true)),
        ),
    ];
    let n = settings.puzzles as u64;
    let mut rates = vec![Vec::new(); contenders.len() + 1];
    let mut made: Vec<Vec<Grid>> = vec![Vec::new(); contenders.len() + 1];
    for round in 0..settings.runs as u64 {
        for (k, (_, make)) in contenders.iter().enumerate() {
            let start = Instant::now();
            let puzzles: Vec<Grid> = (0..n).map(|i| make(round, i)).collect();
            rates[k].push(n as f64 / start.elapsed().as_secs_f64());
            made[k] = puzzles;
        }
        let start = Instant::now();
        made[contenders.len()] = on_threads(settings.threads, round, n);
        rates[contenders.len()].push(n as f64 / start.elapsed().as_secs_f64());
    }
    let sudoku = sudoku_cover::Sudoku::new(Rules::classic())?;
    let mut solver = sudoku.solver();
    let mut wrong = 0;
    let mut rows = String::new();
    let names = contenders.iter().map(|(name, _)| name.to_string());
    let all = format!("ours, no symmetry, {} threads", settings.threads);
    // The crate's row each row is compared with: the same symmetry.
    let against = [1, 1, 3, 3, 3, 1];
    for (k, name) in names.chain([all]).enumerate() {
        for p in &made[k] {
            if solver.check(p)? != Uniqueness::Unique {
                wrong += 1;
                writeln!(out, "**NOT UNIQUE ({name}): {p}**")?;
            }
        }
        let clues = made[k].iter().map(Grid::num_givens).sum::<usize>() as f64 / n as f64;
        let rate = median(&rates[k]);
        let versus = format!("{:.2}", rate / median(&rates[against[k]]));
        rows += &format!("| {name} | {rate:.0} | {clues:.1} | {versus} |\n");
    }
    writeln!(
        out,
        "| generator (9x9) | puzzles/s | clues | rate / the crate's (same symmetry) |\n\
         |---|---:|---:|---:|\n{rows}"
    )?;
    Ok(wrong)
}

/// Ours on `threads` threads: puzzle `i` on thread `i % threads`, as the
/// CLI shares them out.
fn on_threads(threads: usize, round: u64, n: u64) -> Vec<Grid> {
    let generator = Generator::new(Rules::classic()).expect("classic rules");
    let threads = threads.max(1) as u64;
    let mut made = vec![None; n as usize];
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let generator = &generator;
                s.spawn(move || {
                    (t..n)
                        .step_by(threads as usize)
                        .map(|i| (i, generator.generate(round, i).expect("a puzzle").puzzle))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (i, p) in h.join().expect("a generator thread") {
                made[i as usize] = Some(p);
            }
        }
    });
    made.into_iter().map(|p| p.expect("every puzzle made")).collect()
}

/// The median of some rates.
fn median(figures: &[f64]) -> f64 {
    let mut v = figures.to_vec();
    v.sort_by(f64::total_cmp);
    let mid = v.len() / 2;
    if v.len() % 2 == 1 { v[mid] } else { (v[mid - 1] + v[mid]) / 2.0 }
}
