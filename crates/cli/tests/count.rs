//! `dlx count`.

use crate::util::{data, dlx, queens};

#[test]
fn knuths_examples_have_one_solution() {
    for name in ["knuth_dlx1_example.dlx", "knuth_dlx2_example.dlx", "knuth_dlx3_example.dlx"] {
        assert_eq!(dlx(&["count", &data(name)]).success(), "1\n", "{name}");
    }
}

#[test]
fn queens_have_their_known_counts() {
    for (n, count) in [(4, 2), (6, 4), (8, 92)] {
        assert_eq!(dlx(&["count"]).stdin(queens(n)).success(), format!("{count}\n"), "{n}-queens");
    }
}

#[test]
fn queens12_from_a_file() {
    // The figure in Knuth's tables (data/xc/README.md).
    let path = crate::util::scratch_file("queens12.dlx", &queens(12));
    assert_eq!(dlx(&["count", &path]).success(), "14200\n");
}

#[test]
fn limit_stops_counting() {
    assert_eq!(dlx(&["count", "--limit", "10"]).stdin(queens(8)).success(), "10\n");
    assert_eq!(dlx(&["count", "-n", "1000"]).stdin(queens(8)).success(), "92\n");
}

#[test]
fn zero_solutions_exit_1() {
    let out = dlx(&["count", &data("no_solution.dlx")]).expect_code(1);
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("0\n", ""));
}

#[test]
fn invalid_input_exits_2_and_prints_no_count() {
    let out = dlx(&["count", "-"]).stdin(fixture!("bad_item.dlx")).expect_code(2);
    assert_eq!(out.stdout, "");
    assert_eq!(out.stderr, "dlx: <stdin>:5:3: unknown item `Q`\n");
}

#[test]
fn stats_count_the_search() {
    let out = dlx(&["count", "--stats"]).stdin(queens(8)).expect_code(0);
    assert_eq!(out.stdout, "92\n");
    assert!(out.stderr.contains("solutions: 92\n"), "{}", out.stderr);
    assert!(out.stderr.contains("items: 46\n"), "{}", out.stderr);
    assert!(out.stderr.contains("options: 64\n"), "{}", out.stderr);
}

/// Counts past 2^64 are exact on every thread count; one past 2^128 - 1
/// prints as at least that; a limit stops at once however many solutions
/// the table counts in a subtree. (The matchings of a cycle, every item
/// `0:1`: Lucas's numbers.)
#[test]
fn big_counts_are_exact_or_at_least() {
    let cycle = |n: usize| {
        let mut text: String = (0..n).map(|i| format!("0:1|i{i} ")).collect();
        text.push('\n');
        for i in 0..n {
            text += &format!("i{i} i{}\n", (i + 1) % n);
        }
        text
    };
    for threads in ["1", "2"] {
        let out = dlx(&["count", "-j", threads]).stdin(cycle(140)).expect_code(0);
        assert_eq!(out.stdout, "181246502592140286475862241127\n", "-j {threads}");
        let out = dlx(&["count", "-j", threads, "--limit", "3"]).stdin(cycle(300)).expect_code(0);
        assert_eq!(out.stdout, "3\n", "-j {threads}");
    }
    let out = dlx(&["count"]).stdin(cycle(200)).expect_code(0);
    assert_eq!(out.stdout, format!("at least {}\n", u128::MAX));
}
