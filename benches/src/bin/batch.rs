//! A sudoku batch through the command line against the library, side by
//! side: `cargo run --release -p dlx-benches --bin batch [-- FILE
//! [ROUNDS [OTHER_DLX]]]` (default `data/sudoku/17_clue.txt`, 7 rounds);
//! the README's table of it comes from the `tables` binary. With
//! `OTHER_DLX` (another build of the `dlx` binary, copied aside), each
//! round runs it too, after this build, and prints its rows below.
//!
//! Each round, in turn: the library (the puzzles read beforehand, each
//! solved and proved unique with one `SudokuSolver`), then `dlx sudoku
//! solve --threads 1 FILE` and `--threads 2`, each a whole process timed.
//! It prints the median puzzles per second of each, the command line's
//! ratio to the library, and two threads' ratio to one. The `dlx` binary
//! is the one beside this program (`target/release/dlx`), built first when
//! run by Cargo.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use dlx_benches::data;
use dlx_benches::tables::batch;

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
    let dlx = batch::dlx_binary().map_err(|e| e.to_string())?;
    let other = args.next().map(PathBuf::from);
    let binaries: Vec<&Path> = std::iter::once(dlx.as_path()).chain(other.as_deref()).collect();
    let each = batch::measure_each(&binaries, &file, rounds).map_err(|e| e.to_string())?;
    let r = each[0];
    println!("{}: {} puzzles, median of {rounds} interleaved rounds", file.display(), r.puzzles);
    println!("| run | puzzles/s | ratio |");
    println!("|---|---:|---:|");
    println!("| library, one thread | {:.0} | 1.00 |", r.library);
    for (dlx, r) in binaries.iter().zip(&each) {
        let name = if binaries.len() > 1 { format!(" ({})", dlx.display()) } else { String::new() };
        println!(
            "| dlx sudoku solve -j1{name} | {:.0} | {:.2} of the library |",
            r.one,
            r.one / r.library
        );
        println!("| dlx sudoku solve -j2{name} | {:.0} | {:.2} of -j1 |", r.two, r.two / r.one);
    }
    Ok(())
}
