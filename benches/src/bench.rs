//! Criterion benchmarks: `cargo bench -p dlx-benches`.
//!
//! Names follow `group/input/variant`. The exact-cover group counts
//! Knuth's reference instances (`data/xc`), and the kinds group one
//! instance of each other kind (big plain, colors, multiplicities, costs:
//! `kinds/KIND/INSTANCE/ENGINE`); the sudoku group solves the
//! public benchmark sets (`data/sudoku`) one thread, in two modes:
//! the first solution, and solve-and-prove-unique (count up to 2, as
//! tdoku's benchmark does). Throughput is reported in puzzles per second.
//! The big group solves and checks the generated sets of `data/sudoku/big`
//! (16x16 to 64x64), two puzzles per size and blank fraction.
//!
//! Each input is timed for our engine (variant `ours`) and for the published
//! exact-cover crates `xcov` and the crates.io `dlx` (variants `xcov` and
//! `dlx-crates-io`, see `baseline.rs`), so that ratios come from one run.
//! Filter with `-- '^xc/'` rather than `-- xc`, which also matches `xcov`.
//! The generate group makes unique 9x9 puzzles, ours and the `sudoku`
//! crate's (`-- '^generate/'`).
//! The README's tables, side by side with Knuth's programs, come from the
//! `tables` binary instead (`src/tables/mod.rs`).

use std::time::Duration;

use criterion::Criterion;

mod big_bench;
mod exact_cover;
mod generate;
mod sudoku;

fn main() {
    let mut c = Criterion::default()
        .configure_from_args()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    exact_cover::define(&mut c);
    exact_cover::define_kinds(&mut c);
    sudoku::define(&mut c);
    generate::define(&mut c);
    big_bench::define(&mut c);
    c.final_summary();
}
