//! Times the ways of solving many puzzles under one set of rules, to keep
//! the fastest. Run with
//! `cargo run -p sudoku-cover --release --example timing -- FILE [LIMIT]`.
//!
//! - `reuse`: one solver, reset and the givens forced for each puzzle (what
//!   `SudokuSolver` does);
//! - `fresh`: a new `dlx::Solver` per puzzle (copying the arena), givens
//!   forced;
//! - `reduced`: a new problem per puzzle without the options that clash
//!   with a given.

use std::error::Error;
use std::fs::File;
use std::io::BufReader;
use std::time::Instant;

use dlx::{OptionId, ProblemBuilder, Solver};
use sudoku_cover::{Grid, PuzzleReader, Rules, Sudoku};

fn main() {
    if let Err(e) = try_main() {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

fn try_main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: timing FILE [LIMIT]")?;
    let limit: usize = args.next().map_or(Ok(usize::MAX), |s| s.parse())?;
    let puzzles: Vec<Grid> = PuzzleReader::new(BufReader::new(File::open(&path)?))
        .take(limit)
        .map(|p| p.map(|p| p.grid))
        .collect::<Result<_, _>>()?;
    let rules = Rules::new(puzzles[0].shape());
    let sudoku = Sudoku::new(rules.clone())?;
    println!("{path}: {} puzzles", puzzles.len());

    time("overhead: reset + force givens", puzzles.len(), || {
        let mut solver = Solver::new(sudoku.problem());
        for p in &puzzles {
            solver.reset();
            for (r, c, v) in p.givens() {
                solver.choose(sudoku.option(r, c, v).unwrap()).unwrap();
            }
        }
        0
    });
    time("overhead: new solver + force givens", puzzles.len(), || {
        for p in &puzzles {
            let mut solver = Solver::new(sudoku.problem());
            for (r, c, v) in p.givens() {
                solver.choose(sudoku.option(r, c, v).unwrap()).unwrap();
            }
        }
        0
    });
    let mut solver = sudoku.solver();
    for p in &puzzles {
        solver.count(p, Some(2))?;
    }
    let stats = solver.stats();
    println!(
        "search: {:.1} nodes, {:.0} updates per puzzle (counting to 2)",
        stats.nodes() as f64 / puzzles.len() as f64,
        stats.updates() as f64 / puzzles.len() as f64
    );
    for (mode, limit) in [("first", 1u128), ("unique", 2)] {
        time(&format!("reuse   {mode}"), puzzles.len(), || {
            let mut solver = sudoku.solver();
            puzzles.iter().map(|p| solver.count(p, Some(limit)).unwrap()).sum()
        });
        time(&format!("fresh   {mode}"), puzzles.len(), || {
            let mut found = 0;
            for p in &puzzles {
                let mut solver = Solver::new(sudoku.problem());
                for (r, c, v) in p.givens() {
                    solver.choose(sudoku.option(r, c, v).unwrap()).unwrap();
                }
                found += solver.count_up_to(limit);
            }
            found
        });
        time(&format!("reduced {mode}"), puzzles.len(), || {
            puzzles.iter().map(|p| reduced(&sudoku, p).count_up_to(limit)).sum()
        });
    }
    Ok(())
}

/// Builds the problem again without the options that clash with a given
/// (reduced items: those of the given are still there, covered once).
fn reduced(sudoku: &Sudoku, grid: &Grid) -> SolverBox {
    let full = sudoku.problem();
    let n = grid.size();
    let mut b = ProblemBuilder::new();
    for item in full.items() {
        b.add_primary(full.item_name(item));
    }
    let mut taken = vec![false; full.num_items()];
    for (r, c, v) in grid.givens() {
        for e in full.option(sudoku.option(r, c, v).unwrap()) {
            taken[e.item.index()] = true;
        }
    }
    let mut keep = Vec::new();
    for o in 0..full.num_options() {
        let o = OptionId::new(o);
        let cell = o.index() / n;
        let given = grid.cells()[cell];
        let ok = if given != 0 {
            usize::from(given) - 1 == o.index() % n
        } else {
            full.option(o).iter().all(|e| !taken[e.item.index()])
        };
        if ok {
            b.add_option(full.option(o).iter().map(|e| e.item));
            keep.push(o);
        }
    }
    SolverBox(Box::new(b.build().expect("valid")))
}

struct SolverBox(Box<dlx::Problem>);

impl SolverBox {
    fn count_up_to(&self, limit: u128) -> u128 {
        Solver::new(&self.0).count_up_to(limit)
    }
}

fn time(name: &str, puzzles: usize, f: impl FnOnce() -> u128) {
    let start = Instant::now();
    let found = f();
    let secs = start.elapsed().as_secs_f64();
    println!("{name}: {:>10.0} puzzles/s ({found} solutions, {secs:.2} s)", puzzles as f64 / secs);
}
