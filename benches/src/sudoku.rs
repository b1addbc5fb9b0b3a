//! Solving the public sudoku sets, one thread, ours next to the baselines.

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use sudoku_cover::{Grid, PuzzleReader, Rules, Sudoku, Uniqueness};

use dlx_benches::baseline::Baseline;
use dlx_benches::data;

/// Every `step`-th puzzle of a file, at most `max`.
fn sample(name: &str, step: usize, max: usize) -> Vec<Grid> {
    let file = std::fs::File::open(data(&format!("sudoku/{name}"))).expect("data set");
    PuzzleReader::new(std::io::BufReader::new(file))
        .step_by(step)
        .take(max)
        .map(|p| p.expect("valid puzzle").grid)
        .collect()
}

pub(crate) fn define(c: &mut Criterion) {
    let sudoku = Sudoku::new(Rules::classic()).expect("classic rules");
    let mut g = c.benchmark_group("sudoku");
    for (name, step, max) in [
        ("17_clue.txt", 1, usize::MAX), // the whole file: 49,158 puzzles
        ("magictour_top1465.txt", 1, 1465),
        ("forum_hardest_1905_11plus.txt", 97, 500),
    ] {
        let puzzles = sample(name, step, max);
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        let mut solver = sudoku.solver();
        let mut out = Grid::new(puzzles[0].shape());
        // Every set is of unique puzzles: whoever finds a first solution must
        // find this one.
        let solutions: Vec<Grid> = puzzles
            .iter()
            .map(|p| {
                assert!(solver.solve_into(p, &mut out).unwrap());
                out.clone()
            })
            .collect();
        g.bench_function(format!("{name}/first/ours"), |b| {
            b.iter(|| {
                for (p, s) in puzzles.iter().zip(&solutions) {
                    assert!(solver.solve_into(black_box(p), &mut out).unwrap());
                    assert_eq!(&out, s);
                }
            })
        });
        for baseline in Baseline::ALL {
            g.bench_function(format!("{name}/first/{}", baseline.name()), |b| {
                b.iter(|| {
                    for (p, s) in puzzles.iter().zip(&solutions) {
                        assert!(baseline.sudoku_first(black_box(p), &mut out));
                        assert_eq!(&out, s);
                    }
                })
            });
        }
        g.bench_function(format!("{name}/unique/ours"), |b| {
            b.iter(|| {
                for p in &puzzles {
                    assert_eq!(solver.check(black_box(p)).unwrap(), Uniqueness::Unique);
                }
            })
        });
        // The same settings with the counted form of the bit engine, to
        // show what the bit-sliced form brings.
        let config = Sudoku::config().engine(dlx::Engine::Bitset);
        let mut counted = sudoku.solver_with_config(config);
        g.bench_function(format!("{name}/unique/ours_counted"), |b| {
            b.iter(|| {
                for p in &puzzles {
                    assert_eq!(counted.check(black_box(p)).unwrap(), Uniqueness::Unique);
                }
            })
        });
        // Plain Algorithm X, to show what dominance at the top brings.
        let mut plain = sudoku.solver_with_config(dlx::Config::default());
        g.bench_function(format!("{name}/unique/ours_plain"), |b| {
            b.iter(|| {
                for p in &puzzles {
                    assert_eq!(plain.check(black_box(p)).unwrap(), Uniqueness::Unique);
                }
            })
        });
        for baseline in Baseline::ALL {
            g.bench_function(format!("{name}/unique/{}", baseline.name()), |b| {
                b.iter(|| {
                    for p in &puzzles {
                        assert_eq!(baseline.sudoku_count(black_box(p), 2), 1);
                    }
                })
            });
        }
    }
    g.finish();
}
