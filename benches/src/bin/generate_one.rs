//! One generator alone, for a profiler: `cargo build --release -p
//! dlx-benches --bin generate_one`, then `valgrind --tool=callgrind
//! target/release/generate_one ours|crate none|rot180 [PUZZLES]` (300 by
//! default). Ours makes `Generator::generate(1, i)` for `i` below
//! PUZZLES; the crate makes as many of its own. Prints the clues made, so
//! that nothing is optimized away.

use std::process::ExitCode;

use sudoku_cover::Rules;
use sudoku_cover::generate::{Generator, Symmetry};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let puzzles: u64 = match args.get(2).map(|a| a.parse()) {
        None => 300,
        Some(Ok(n)) => n,
        Some(Err(_)) => return usage(),
    };
    let symmetry = match args.get(1).map(String::as_str) {
        Some("none") => Symmetry::None,
        Some("rot180") => Symmetry::Rot180,
        _ => return usage(),
    };
    let mut clues = 0;
    match args.first().map(String::as_str) {
        Some("ours") => {
            let side = std::env::var("SIDE").ok().and_then(|s| s.parse().ok()).unwrap_or(9);
            let shape = sudoku_cover::Shape::for_size(side).expect("a side with boxes");
            let generator = Generator::new(Rules::new(shape)).expect("rules").symmetry(symmetry);
            for i in 0..puzzles {
                clues += generator.generate(1, i).expect("a puzzle").clues();
            }
        }
        Some("crate") => {
            for _ in 0..puzzles {
                let made = match symmetry {
                    Symmetry::None => {
                        sudoku::Sudoku::generate_from(sudoku::Sudoku::generate_solved())
                    }
                    _ => sudoku::Sudoku::generate(),
                };
                clues += made.iter().flatten().count();
            }
        }
        _ => return usage(),
    }
    println!("{puzzles} puzzles, {clues} clues");
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: generate_one ours|crate none|rot180 [PUZZLES]");
    ExitCode::from(2)
}
