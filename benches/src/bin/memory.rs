//! Peak memory of reading huge inputs, a case per process:
//! `cargo run --release -p dlx-benches --bin memory [-- --scale K]`.
//!
//! Each case streams a generated text (never held whole) into a reader of
//! the library, builds what a search needs (for a problem, a solver that
//! takes 100 nodes), and reports the process's peak resident memory
//! (`VmHWM` of `/proc/self/status`, so Linux only) and that peak per item
//! and per option entry. The cases, at the default scale 10:
//!
//! - `items`: 10 million items named `x0` to `x9999999` (an 89 MB line)
//!   and one option;
//! - `pairs`: the same items, covered by 5 million options of two;
//! - `entries`: 1,000 items and 1 million options of 10 random items
//!   (10 million entries);
//! - `dots`: one sudoku line of 100 MB of dots (whatever the scale), then
//!   a puzzle: the line is rejected and skipped in bounded memory.
//!
//! `--scale K` makes every case K/10 as large.

use std::io::{self, BufRead, BufReader, Read};
use std::process::{Command, ExitCode};

use dlx::{Problem, Solver};
use sudoku_cover::PuzzleReader;

/// A `Read` that hands out the lines `line(i)` for `i` in `0..lines`,
/// made on demand.
struct Lines<F> {
    line: F,
    next: usize,
    lines: usize,
    pending: Vec<u8>,
    at: usize,
}

impl<F: FnMut(usize, &mut Vec<u8>)> Read for Lines<F> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.pending.len() {
            if self.next == self.lines {
                return Ok(0);
            }
            self.pending.clear();
            self.at = 0;
            (self.line)(self.next, &mut self.pending);
            self.next += 1;
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

fn lines(lines: usize, line: impl FnMut(usize, &mut Vec<u8>)) -> impl BufRead {
    BufReader::new(Lines { line, next: 0, lines, pending: Vec::new(), at: 0 })
}

/// The item line `x0 x1 ... x{n-1}`, written a piece at a time.
fn item_names(n: usize, out: &mut Vec<u8>) {
    for i in 0..n {
        out.extend_from_slice(format!("x{i} ").as_bytes());
    }
    out.push(b'\n');
}

/// A small deterministic generator (xorshift64*).
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_f491_4f6c_dd1d)
}

/// The peak resident memory of this process, in bytes.
fn peak() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn solve_a_little(problem: &Problem) {
    let mut solver = Solver::new(problem);
    let _ = solver.run(100);
}

/// The 100-byte pieces of the `dots` case's line.
const DOT_LINES: usize = 1_000_000;

/// Runs one case in this process; returns the line to print.
fn case(name: &str, scale: usize) -> Result<String, String> {
    let big = scale * 1_000_000;
    let problem = match name {
        "items" => Problem::read_knuth(lines(2, |i, out| match i {
            0 => item_names(big, out),
            _ => out.extend_from_slice(b"x0\n"),
        })),
        "pairs" => Problem::read_knuth(lines(1 + big / 2, |i, out| match i {
            0 => item_names(big, out),
            _ => out.extend_from_slice(format!("x{} x{}\n", 2 * i - 2, 2 * i - 1).as_bytes()),
        })),
        "entries" => {
            let mut state = 0x9e37_79b9_7f4a_7c15;
            Problem::read_knuth(lines(1 + big / 10, move |i, out| {
                if i == 0 {
                    return item_names(1000, out);
                }
                let mut seen = [false; 1000];
                let mut k = 0;
                while k < 10 {
                    let item = (next_random(&mut state) % 1000) as usize;
                    if !std::mem::replace(&mut seen[item], true) {
                        out.extend_from_slice(format!("x{item} ").as_bytes());
                        k += 1;
                    }
                }
                out.push(b'\n');
            }))
        }
        "dots" => {
            let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
            let text = lines(2 + DOT_LINES, |i, out| match i {
                0 => out.push(b'\n'),
                i if i == 1 + DOT_LINES => out.extend_from_slice(format!("\n{puzzle}").as_bytes()),
                _ => out.extend_from_slice(&[b'.'; 100]),
            });
            let results: Vec<bool> = PuzzleReader::new(text).map(|p| p.is_ok()).collect();
            if results != [false, true] {
                return Err(format!("dots: expected an error then a puzzle, read {results:?}"));
            }
            let peak = peak().ok_or("no /proc/self/status: peak memory is measured on Linux")?;
            let size = DOT_LINES / 10_000;
            return Ok(format!("| dots | a {size} MB sudoku line | {:.1} MB | | |", mb(peak)));
        }
        _ => return Err(format!("unknown case `{name}`")),
    }
    .map_err(|e| format!("{name}: {e}"))?;
    solve_a_little(&problem);
    let peak = peak().ok_or("no /proc/self/status: peak memory is measured on Linux")?;
    let (items, entries) = (problem.num_items(), problem.num_entries());
    let per_entry = match entries >= items {
        true => format!("{:.0}", peak as f64 / entries as f64),
        false => String::new(),
    };
    Ok(format!(
        "| {name} | {items} items, {entries} entries | {:.1} MB | {:.0} | {per_entry} |",
        mb(peak),
        peak as f64 / items as f64,
    ))
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / 1e6
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let scale = match args.iter().position(|a| a == "--scale") {
        Some(i) => match args.get(i + 1).and_then(|s| s.parse::<usize>().ok()) {
            Some(k) if k > 0 => k,
            _ => {
                eprintln!("memory: --scale takes a whole number of at least 1");
                return ExitCode::from(2);
            }
        },
        None => 10,
    };
    if let Some(i) = args.iter().position(|a| a == "--case") {
        return match args.get(i + 1).map(|name| case(name, scale)) {
            Some(Ok(line)) => {
                println!("{line}");
                ExitCode::SUCCESS
            }
            Some(Err(e)) => {
                eprintln!("memory: {e}");
                ExitCode::FAILURE
            }
            None => ExitCode::from(2),
        };
    }
    println!("| case | size | peak memory | bytes per item | bytes per entry |");
    println!("|---|---|---:|---:|---:|");
    let me = match std::env::current_exe() {
        Ok(me) => me,
        Err(e) => {
            eprintln!("memory: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut status = ExitCode::SUCCESS;
    for name in ["items", "pairs", "entries", "dots"] {
        let scale = scale.to_string();
        match Command::new(&me).args(["--case", name, "--scale", &scale]).status() {
            Ok(s) if s.success() => {}
            _ => status = ExitCode::FAILURE,
        }
    }
    status
}
