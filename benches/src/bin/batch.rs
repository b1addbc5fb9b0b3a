//! A sudoku batch through the command line against the library, side by
//! side: `cargo build --release -p dlx-cli && cargo run --release -p
//! dlx-benches --bin batch [-- FILE [ROUNDS]]` (default
//! `data/sudoku/17_clue.txt`, 7 rounds).
//!
//! Each round, in turn:
//! - `library`: the puzzles, read beforehand, each solved and proved
//!   unique with one `SudokuSolver` (`count` up to two, as the `speed`
//!   example and the criterion bench do: no solution decoded or written);
//! - `dlx -j1`, `dlx -j2`: `dlx sudoku solve --threads N FILE` with its
//!   output thrown away, the whole process timed (start, reading, solving,
//!   decoding, writing).
//!
//! It prints the median puzzles per second of each, the command line's
//! ratio to the library, and two threads' ratio to one. The `dlx` binary
//! is the one beside this program (`target/release/dlx`).

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use dlx_benches::data;
use sudoku_cover::{Grid, PuzzleReader, Rules, Sudoku, SudokuSolver};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("batch: {e}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let file = args.next().map_or_else(|| data("sudoku/17_clue.txt"), PathBuf::from);
    let rounds: usize = match args.next() {
        Some(r) => r.parse().map_err(|_| format!("ROUNDS: not a number: {r}"))?,
        None => 7,
    };
    let dlx = std::env::current_exe()
        .map_err(|e| e.to_string())?
        .with_file_name(format!("dlx{}", std::env::consts::EXE_SUFFIX));
    if !dlx.exists() {
        return Err(format!("{}: not built (cargo build --release -p dlx-cli)", dlx.display()));
    }
    let name = file.display().to_string();
    let open = File::open(&file).map_err(|e| format!("{name}: {e}"))?;
    let puzzles: Vec<Grid> = PuzzleReader::new(BufReader::new(open))
        .map(|p| p.map(|p| p.grid))
        .collect::<Result<_, _>>()
        .map_err(|e| format!("{name}:{e}"))?;
    let first = puzzles.first().ok_or_else(|| format!("{name}: no puzzles"))?;
    let sudoku = Sudoku::new(Rules::new(first.shape())).map_err(|e| e.to_string())?;
    let mut solver = sudoku.solver();
    let n = puzzles.len() as f64;
    let (mut library, mut one, mut two) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..rounds {
        library.push(n / library_pass(&mut solver, &puzzles)?);
        for (threads, rates) in [(1, &mut one), (2, &mut two)] {
            let start = Instant::now();
            let status = Command::new(&dlx)
                .args(["sudoku", "solve", "--threads", &threads.to_string()])
                .arg(&file)
                .stdout(Stdio::null())
                .status()
                .map_err(|e| format!("{}: {e}", dlx.display()))?;
            if !status.success() {
                return Err(format!("dlx sudoku solve -j{threads} {name}: {status}"));
            }
            rates.push(n / start.elapsed().as_secs_f64());
        }
    }
    let (library, one, two) = (median(library), median(one), median(two));
    println!("{name}: {} puzzles, median of {rounds} interleaved rounds", puzzles.len());
    println!("| run | puzzles/s | ratio |");
    println!("|---|---:|---:|");
    println!("| library, one thread | {library:.0} | 1.00 |");
    println!("| dlx sudoku solve -j1 | {one:.0} | {:.2} of the library |", one / library);
    println!("| dlx sudoku solve -j2 | {two:.0} | {:.2} of -j1 |", two / one);
    Ok(())
}

/// The library's pass over the puzzles, in seconds: apart, so that
/// callgrind can count it alone (`--toggle-collect='*library_pass*'`).
#[inline(never)]
fn library_pass(solver: &mut SudokuSolver<'_>, puzzles: &[Grid]) -> Result<f64, String> {
    let start = Instant::now();
    for p in puzzles {
        solver.count(p, Some(2)).map_err(|e| e.to_string())?;
    }
    Ok(start.elapsed().as_secs_f64())
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}
