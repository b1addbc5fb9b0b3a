use dlx_examples::queens::{KNOWN_COUNTS, Queens};

use crate::util::{count_checked, emitted, option_set, reference, run_err, run_ok};

const QUEENS: &str = env!("CARGO_BIN_EXE_queens");

#[test]
fn counts_up_to_eleven() {
    for n in 1..=11 {
        let queens = Queens::new(n).unwrap();
        assert_eq!(count_checked(queens.model().problem()), KNOWN_COUNTS[n - 1] as u128, "n={n}");
    }
}

#[test]
fn counts_twelve_to_fourteen() {
    for n in 12..=14 {
        assert_eq!(Queens::new(n).unwrap().model().count(), KNOWN_COUNTS[n - 1] as u128, "n={n}");
    }
}

/// A few seconds: the engine is built optimized even in test builds.
#[test]
fn counts_fifteen() {
    assert_eq!(Queens::new(15).unwrap().model().count(), KNOWN_COUNTS[14] as u128);
}

#[test]
fn emit_matches_knuths_queens12_and_counts_agree() {
    let ours = emitted(QUEENS, &["12"]);
    let knuth = reference("queens12.dlx");
    assert_eq!(option_set(&ours), option_set(&knuth));
    assert_eq!(dlx::Solver::new(&ours).count(), 14200);
}

#[test]
fn solutions_are_boards_with_one_queen_per_line() {
    let queens = Queens::new(8).unwrap();
    for solution in queens.model().solver().solutions() {
        let columns = queens.columns(&solution);
        for (r1, &c1) in columns.iter().enumerate() {
            for (r2, &c2) in columns.iter().enumerate().skip(r1 + 1) {
                assert_ne!(c1, c2);
                assert_ne!(r2 - r1, c1.abs_diff(c2), "diagonal attack");
            }
        }
    }
}

#[test]
fn binary_default_draws_and_counts_eight() {
    let out = run_ok(QUEENS, &[]);
    assert_eq!(out.lines().filter(|l| l.contains('Q')).count(), 8);
    assert!(out.contains("92 solutions for n = 8"), "{out}");
    let table = run_ok(QUEENS, &["4..6"]);
    assert!(table.contains(" 4          2\n 5         10\n 6          4\n"), "{table}");
}

#[test]
fn binary_rejects_bad_sizes() {
    assert!(run_err(QUEENS, &["0"]).contains("1 to 64"));
    assert!(run_err(QUEENS, &["100"]).contains("1 to 64"));
    assert!(run_err(QUEENS, &["eight"]).contains("`eight`"));
}
