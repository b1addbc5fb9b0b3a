//! Writes the big sudoku benchmark sets, `data/sudoku/big/RxC.txt`, the
//! same on every run (`cargo run --release -p dlx-benches --bin big_sudoku
//! [-- DIR]`): for each box shape, a random solution per puzzle, then 30%
//! to 80% of its cells blanked. With `--table` it times them instead: the
//! median of three runs of solving and checking each timed set (see
//! `data/sudoku/big/timed.txt`) on every core, as a Markdown table.
//!
//! A random solution: the pattern grid (cell `(r, c)` holds
//! `(C·(r mod R) + r div R + c) mod N`), then three passes in which each
//! band of boxes, then each stack, is blanked and filled again by a seeded
//! search ([`dlx::Config::seed`], restarted with growing node budgets
//! until it finds a solution), so that little of the pattern is left.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use dlx::{OptionId, Solver, Status};
use dlx_benches::rng::Rng;
use sudoku_cover::{Grid, Rules, Shape, Sudoku};

/// The box shapes written, each `RxC`.
const SHAPES: [(usize, usize); 9] =
    [(4, 4), (4, 5), (5, 5), (5, 6), (6, 6), (6, 7), (7, 7), (7, 8), (8, 8)];
/// The fractions of cells blanked, in percent; two puzzles each.
const BLANKS: [u32; 5] = [30, 50, 60, 70, 80];
/// Passes over the bands and stacks.
const PASSES: usize = 3;

/// A solution of `grid` (which has one) by seeded searches restarted
/// with doubling budgets.
fn fill(sudoku: &Sudoku, grid: &Grid, rng: &mut Rng) -> Grid {
    let givens: Vec<OptionId> = grid
        .givens()
        .map(|(r, c, v)| sudoku.option(r, c, v).expect("a given of the grid's shape"))
        .collect();
    let config = Sudoku::config().seed(Some(rng.next_u64()));
    let mut solver = Solver::with_config(sudoku.problem(), config);
    solver.choose_all(&givens).expect("givens of a solution");
    let mut budget = grid.size() as u64 * grid.size() as u64;
    loop {
        if solver.run(budget) == Status::Solution {
            return sudoku.decode(solver.solution());
        }
        solver.reseed(Some(rng.next_u64()));
        budget *= 2;
    }
}

/// A random solution of the shape.
fn solution(sudoku: &Sudoku, shape: Shape, rng: &mut Rng) -> Grid {
    let (r, c, n) = (shape.box_rows(), shape.box_cols(), shape.size());
    let mut grid = Grid::new(shape);
    for row in 0..n {
        for col in 0..n {
            grid.set(row, col, ((c * (row % r) + row / r + col) % n + 1) as u8);
        }
    }
    for _ in 0..PASSES {
        // Bands (R rows each), then stacks (C columns each).
        for part in 0..c + r {
            let mut holes = grid.clone();
            for row in 0..n {
                for col in 0..n {
                    let inside = if part < c { row / r == part } else { col / c == part - c };
                    if inside {
                        holes.set(row, col, 0);
                    }
                }
            }
            grid = fill(sudoku, &holes, rng);
        }
    }
    grid
}

/// Prints the table of `--table`.
fn table() {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "| size | boxes | blank | puzzles | median ms per puzzle, solve and check ({threads} threads) |"
    );
    println!("|---|---|---:|---:|---:|");
    for ((r, c), blanks) in dlx_benches::big::timed() {
        let shape = Shape::new(r, c).expect("a valid box shape");
        let sudoku = Sudoku::new(Rules::new(shape)).expect("plain rules");
        for &blank in &blanks {
            let set = dlx_benches::big::puzzles(r, c, blank);
            let mut times: Vec<std::time::Duration> = (0..3)
                .map(|_| {
                    let start = std::time::Instant::now();
                    for p in &set {
                        let (solution, _) = sudoku
                            .solve_and_check_on(p, threads, Sudoku::config())
                            .expect("a valid puzzle");
                        assert!(solution.is_some_and(|s| s.extends(p) && s.is_complete()));
                    }
                    start.elapsed() / set.len() as u32
                })
                .collect();
            times.sort();
            let n = shape.size();
            println!(
                "| {n}x{n} | {r}x{c} | {blank}% | {} | {:.1} |",
                set.len(),
                times[1].as_secs_f64() * 1e3
            );
        }
    }
}

fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("--table") {
        table();
        return ExitCode::SUCCESS;
    }
    let dir: PathBuf = std::env::args().nth(1).unwrap_or_else(|| "data/sudoku/big".into()).into();
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("big_sudoku: cannot create {}: {e}", dir.display());
        return ExitCode::from(2);
    }
    for (r, c) in SHAPES {
        let shape = Shape::new(r, c).expect("a valid box shape");
        let sudoku = Sudoku::new(Rules::new(shape)).expect("plain rules");
        let n = shape.size();
        let mut rng = Rng(0x5EED ^ (r as u64) << 8 ^ c as u64);
        let mut text = String::new();
        for blank in BLANKS {
            for _ in 0..2 {
                let mut grid = solution(&sudoku, shape, &mut rng);
                let mut cells: Vec<usize> = (0..n * n).collect();
                for i in (1..cells.len()).rev() {
                    cells.swap(i, rng.below(i + 1));
                }
                for &cell in &cells[..n * n * blank as usize / 100] {
                    grid.set(cell / n, cell % n, 0);
                }
                let _ = writeln!(text, "{grid}");
            }
        }
        let path = dir.join(format!("{r}x{c}.txt"));
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("big_sudoku: cannot write {}: {e}", path.display());
            return ExitCode::from(2);
        }
        eprintln!("wrote {}", path.display());
    }
    ExitCode::SUCCESS
}
