//! Table 4: a sudoku batch through the command line against the library,
//! side by side (also the `batch` binary's measurement).
//!
//! Each round, in turn:
//! - the library: the puzzles, read beforehand, each solved and proved
//!   unique with one `SudokuSolver` (`count` up to two, as the `speed`
//!   example and the criterion bench do: no solution decoded or written);
//! - `dlx sudoku solve --threads 1 FILE` and `--threads 2`, output thrown
//!   away, the whole process timed (start, reading, solving, writing).

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use sudoku_cover::{Grid, PuzzleReader, Rules, Sudoku, SudokuSolver};

use super::fmt::{self, median, rate, thousands};
use super::{Error, Settings};

/// Median puzzles per second of the library and the command line.
#[derive(Debug, Clone, Copy)]
pub struct Rates {
    /// Puzzles in the file.
    pub puzzles: usize,
    /// The library on one thread.
    pub library: f64,
    /// `dlx sudoku solve --threads 1`.
    pub one: f64,
    /// `dlx sudoku solve --threads 2`.
    pub two: f64,
}

/// The `dlx` binary beside the running program (`target/release/dlx`);
/// when run by Cargo, built first (a no-op when it is up to date).
pub fn dlx_binary() -> Result<PathBuf, Error> {
    let dlx =
        std::env::current_exe()?.with_file_name(format!("dlx{}", std::env::consts::EXE_SUFFIX));
    if let Ok(cargo) = std::env::var("CARGO") {
        let status = Command::new(cargo)
            .args(["build", "--quiet", "--release", "-p", "dlx-cli"])
            .status()
            .map_err(|e| format!("cargo build -p dlx-cli: {e}"))?;
        if !status.success() {
            return Err(format!("cargo build --release -p dlx-cli: {status}").into());
        }
    }
    if !dlx.exists() {
        return Err(
            format!("{}: not built (cargo build --release -p dlx-cli)", dlx.display()).into()
        );
    }
    Ok(dlx)
}

/// Measures `file` in `rounds` interleaved rounds with the `dlx` binary.
pub fn measure(dlx: &Path, file: &Path, rounds: usize) -> Result<Rates, Error> {
    Ok(measure_each(&[dlx], file, rounds)?.remove(0))
}

/// Measures `file` in `rounds` interleaved rounds with each `dlx` binary
/// in turn (each round: the library, then every binary's `-j1` and `-j2`),
/// so that binaries built apart meet the same load; the rates of each
/// binary, the library's the same median in all.
pub fn measure_each(binaries: &[&Path], file: &Path, rounds: usize) -> Result<Vec<Rates>, Error> {
    let name = file.display().to_string();
    let open = File::open(file).map_err(|e| format!("{name}: {e}"))?;
    let puzzles: Vec<Grid> = PuzzleReader::new(BufReader::new(open))
        .map(|p| p.map(|p| p.grid))
        .collect::<Result<_, _>>()
        .map_err(|e| format!("{name}:{e}"))?;
    let first = puzzles.first().ok_or_else(|| format!("{name}: no puzzles"))?;
    let sudoku = Sudoku::new(Rules::new(first.shape()))?;
    let mut solver = sudoku.solver();
    let n = puzzles.len() as f64;
    let mut library = Vec::new();
    let mut each = vec![(Vec::new(), Vec::new()); binaries.len()];
    for _ in 0..rounds {
        library.push(n / library_pass(&mut solver, &puzzles)?);
        let runs = binaries
            .iter()
            .zip(&mut each)
            .flat_map(|(dlx, (one, two))| [(*dlx, 1, one), (*dlx, 2, two)]);
        for (dlx, threads, rates) in runs {
            let start = Instant::now();
            let status = Command::new(dlx)
                .args(["sudoku", "solve", "--threads", &threads.to_string()])
                .arg(file)
                .stdout(Stdio::null())
                .status()
                .map_err(|e| format!("{}: {e}", dlx.display()))?;
            if !status.success() {
                return Err(format!("dlx sudoku solve -j{threads} {name}: {status}").into());
            }
            rates.push(n / start.elapsed().as_secs_f64());
        }
    }
    let library = median(&library);
    let rates = |(one, two): &(Vec<f64>, Vec<f64>)| Rates {
        puzzles: puzzles.len(),
        library,
        one: median(one),
        two: median(two),
    };
    Ok(each.iter().map(rates).collect())
}

/// The library's pass over the puzzles, in seconds: apart, so that
/// callgrind can count it alone (`--toggle-collect='*library_pass*'`).
#[inline(never)]
fn library_pass(solver: &mut SudokuSolver<'_>, puzzles: &[Grid]) -> Result<f64, Error> {
    let start = Instant::now();
    for p in puzzles {
        solver.count(p, Some(2))?;
    }
    Ok(start.elapsed().as_secs_f64())
}

/// The table of `file` (in `data/sudoku`).
pub(crate) fn table(settings: &Settings, file: &str) -> Result<String, Error> {
    let dlx = dlx_binary()?;
    settings.say(&format!("batch: {file} ({} runs)", settings.runs));
    let r = measure(&dlx, &crate::data(&format!("sudoku/{file}")), settings.runs)?;
    let runs = settings.runs;
    Ok(format!(
        "### Sudoku from the command line\n\n\
         Median rate of {runs} interleaved rounds over all {} puzzles of `{file}`: the \
         library solving and proving each unique on one thread (the puzzles read beforehand), \
         then `dlx sudoku solve --threads 1 FILE` and `--threads 2`, each a whole process \
         timed (start, reading, solving, writing the solutions to `/dev/null`).\n\n\
         | run | puzzles/s | ratio |\n\
         |---|---:|---:|\n\
         | library, one thread | {} | 1.00 |\n\
         | `dlx sudoku solve --threads 1` | {} | {} of the library |\n\
         | `dlx sudoku solve --threads 2` | {} | {} of one thread |\n",
        thousands(r.puzzles as u128),
        rate(r.library),
        rate(r.one),
        fmt::ratio(r.one, r.library),
        rate(r.two),
        fmt::ratio(r.two, r.one),
    ))
}
