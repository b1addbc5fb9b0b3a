//! Making unique 9x9 puzzles, one thread, ours next to the `sudoku`
//! crate's generator (the `generators` binary prints the same side by
//! side as a table).

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use sudoku_cover::Rules;
use sudoku_cover::generate::{Generator, Symmetry};

/// Puzzles per iteration.
const PUZZLES: u64 = 100;

pub(crate) fn define(c: &mut Criterion) {
    let mut g = c.benchmark_group("generate");
    g.throughput(Throughput::Elements(PUZZLES));
    for (name, symmetry) in [("none", Symmetry::None), ("rot180", Symmetry::Rot180)] {
        let generator = Generator::new(Rules::classic()).expect("classic rules").symmetry(symmetry);
        let mut round = 0;
        g.bench_function(format!("9x9/{name}/ours"), |b| {
            b.iter(|| {
                round += 1;
                for i in 0..PUZZLES {
                    black_box(generator.generate(round, i).expect("a puzzle"));
                }
            })
        });
        g.bench_function(format!("9x9/{name}/sudoku-crate"), |b| {
            b.iter(|| {
                for _ in 0..PUZZLES {
                    black_box(match symmetry {
                        Symmetry::None => {
                            sudoku::Sudoku::generate_from(sudoku::Sudoku::generate_solved())
                        }
                        _ => sudoku::Sudoku::generate(),
                    });
                }
            })
        });
    }
    g.finish();
}
