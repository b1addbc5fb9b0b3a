use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use dlx_examples::queens::{KNOWN_COUNTS, MAX_N, Queens, first_board};

use crate::util::{count_checked, emitted, option_set, reference, run, run_err, run_ok};

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
    assert!(run_err(QUEENS, &["0"]).contains("1 to 1000"));
    assert!(run_err(QUEENS, &["1001", "--first-only"]).contains("1 to 1000"));
    assert!(run_err(QUEENS, &["5..1001"]).contains("1 to 1000"));
    assert!(run_err(QUEENS, &["eight"]).contains("`eight`"));
}

/// Checks, independently of the example, that `columns` places one queen
/// per row and column with no two on a diagonal.
fn assert_valid_board(columns: &[usize]) {
    let n = columns.len();
    let mut used = vec![false; n];
    let (mut sums, mut differences) = (vec![false; 2 * n], vec![false; 2 * n]);
    for (row, &column) in columns.iter().enumerate() {
        assert!(column < n && !used[column], "two queens in column {column}");
        used[column] = true;
        assert!(!std::mem::replace(&mut sums[row + column], true), "diagonal at row {row}");
        assert!(!std::mem::replace(&mut differences[row + n - column], true), "row {row}");
    }
}

/// The board the binary drew: the column of the `Q` on each row.
fn drawn_board(stdout: &str) -> Vec<usize> {
    stdout
        .lines()
        .take_while(|line| !line.is_empty())
        .map(|line| {
            let squares: Vec<&str> = line.split(' ').collect();
            assert!(squares.iter().all(|s| *s == "Q" || *s == "."), "{line}");
            assert_eq!(squares.iter().filter(|s| **s == "Q").count(), 1, "{line}");
            squares.iter().position(|s| *s == "Q").unwrap()
        })
        .collect()
}

#[test]
fn first_only_draws_a_valid_board_of_100_and_200_queens() {
    for n in [100, 200] {
        let out = run_ok(QUEENS, &[&n.to_string(), "--first-only"]);
        let board = drawn_board(&out);
        assert_eq!(board.len(), n, "{out}");
        assert_valid_board(&board);
        assert_eq!(out.lines().count(), n, "only the board: {out}");
    }
}

#[test]
fn first_boards_are_valid_for_every_size_up_to_80_and_the_largest() {
    for n in (4..=80).chain([MAX_N]) {
        let board = first_board(n).unwrap().unwrap_or_else(|| panic!("n={n}: no board"));
        assert_eq!(board.len(), n);
        assert_valid_board(&board);
    }
    assert_eq!(first_board(1).unwrap(), Some(vec![0]));
    assert_eq!(first_board(2).unwrap(), None);
    assert_eq!(first_board(3).unwrap(), None);
}

#[test]
fn no_solution_exits_with_1() {
    let out = run(QUEENS, &["3"]);
    assert_eq!(out.status, 1, "{}", out.stderr);
    assert!(out.stdout.starts_with("No way to place 3 queens on a 3x3 board.\n"));
    assert!(out.stdout.contains("0 solutions for n = 3"), "{}", out.stdout);
    assert_eq!(run(QUEENS, &["2", "--first-only"]).status, 1);
    // A table is a report, whatever its rows say.
    assert_eq!(run(QUEENS, &["2..3"]).status, 0);
}

#[test]
fn a_quick_count_says_nothing_on_stderr() {
    let out = run(QUEENS, &["10"]);
    assert_eq!((out.status, out.stderr.as_str()), (0, ""));
    assert!(out.stdout.contains("724 solutions for n = 10"), "{}", out.stdout);
}

#[test]
fn a_long_count_says_how_long_and_how_to_get_one_solution() {
    // Counting 30 queens would take millions of years: read what it says
    // first, then stop it.
    let mut child = Command::new(QUEENS)
        .args(["30", "--color", "never"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let estimate = lines.next().expect("an estimate").unwrap();
    let hint = lines.next().expect("a hint").unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        estimate.starts_with("queens: counting the solutions for n = 30 will take about "),
        "{estimate}"
    );
    assert!(estimate.contains(" years (an estimate from "), "{estimate}");
    assert!(estimate.contains("search-tree nodes at "), "{estimate}");
    assert_eq!(hint, "queens: for one solution, run `queens 30 --first-only`");
}
