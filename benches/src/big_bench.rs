//! Solving and checking the big sudoku sets (`data/sudoku/big`), one
//! puzzle at a time on one thread, as `dlx sudoku solve` does.

use std::hint::black_box;

use criterion::Criterion;
use sudoku_cover::{Rules, Shape, Sudoku};

use dlx_benches::big::{puzzles, timed};

pub(crate) fn define(c: &mut Criterion) {
    let mut g = c.benchmark_group("big");
    for ((r, c), blanks) in timed() {
        let sudoku = Sudoku::new(Rules::new(Shape::new(r, c).expect("shape"))).expect("rules");
        let mut solver = sudoku.solver();
        for &blank in &blanks {
            let set = puzzles(r, c, blank);
            g.bench_function(format!("{r}x{c}/{blank}"), |b| {
                b.iter(|| {
                    for p in &set {
                        let (solution, _) = solver.solve_and_check(black_box(p)).unwrap();
                        assert!(solution.is_some());
                    }
                })
            });
        }
    }
    g.finish();
}
