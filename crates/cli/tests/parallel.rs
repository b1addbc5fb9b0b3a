//! `--threads`: `dlx count`, `dlx solve` and `dlx sudoku count` on several
//! threads give what one thread gives.

use crate::util::{assert_exact_cover, data, dlx, queens, solutions};

/// The reference instances small enough for tests, with their counts
/// (data/xc/README.md).
const INSTANCES: [(&str, u128); 6] = [
    ("knuth_dlx1_example.dlx", 1),
    ("knuth_dlx2_example.dlx", 1),
    ("knuth_dlx3_example.dlx", 1),
    ("queens12.dlx", 14_200),
    ("langford11.dlx", 35_584),
    ("no_solution.dlx", 0),
];

/// A `key: value` line of `--stats` output.
fn stat<'a>(stderr: &'a str, key: &str) -> &'a str {
    stderr
        .lines()
        .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(": ")))
        .unwrap_or_else(|| panic!("no {key} in\n{stderr}"))
}

#[test]
fn parallel_counts_equal_sequential_counts() {
    for (name, count) in INSTANCES {
        let code = if count > 0 { 0 } else { 1 };
        for threads in ["1", "2", "3"] {
            let out = dlx(&["count", "--threads", threads, &data(name)]).expect_code(code);
            assert_eq!(out.stdout, format!("{count}\n"), "{name} on {threads} threads");
        }
    }
}

#[test]
fn every_thread_count_visits_the_same_tree() {
    let one = dlx(&["count", "--stats", "-j", "1", &data("langford11.dlx")]).expect_code(0);
    let two = dlx(&["count", "--stats", "-j", "2", &data("langford11.dlx")]).expect_code(0);
    for key in ["solutions", "nodes", "depth", "items", "options"] {
        assert_eq!(stat(&one.stderr, key), stat(&two.stderr, key), "{key}");
    }
    assert_eq!((stat(&one.stderr, "threads"), stat(&two.stderr, "threads")), ("1", "2"));
    // Knuth's figure for this instance.
    assert_eq!(stat(&one.stderr, "nodes"), "439747");
}

#[test]
fn count_limits_hold_on_threads() {
    for threads in ["2", "4"] {
        let out = dlx(&["count", "-j", threads, "--limit", "100", &data("queens12.dlx")]).success();
        assert_eq!(out, "100\n");
        let out = dlx(&["count", "-j", threads, "-n", "1000"]).stdin(queens(8)).success();
        assert_eq!(out, "92\n");
    }
}

#[test]
fn solve_on_two_threads_prints_a_valid_solution() {
    for name in ["knuth_dlx1_example.dlx", "knuth_dlx2_example.dlx", "queens12.dlx"] {
        let out = dlx(&["solve", "--threads", "2", &data(name)]).success();
        let problem = std::fs::read_to_string(data(name)).unwrap();
        let all = solutions(&out);
        assert_eq!(all.len(), 1, "{name}:\n{out}");
        assert_exact_cover(&problem, &all[0]);
    }
    let out = dlx(&["solve", "-j", "2", &data("no_solution.dlx")]).expect_code(1);
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("", ""));
}

#[test]
fn solve_all_on_threads_finds_the_same_solutions() {
    let problem = queens(8);
    let sorted = |out: &str| {
        let mut all: Vec<Vec<String>> = solutions(out)
            .into_iter()
            .map(|s| s.into_iter().map(str::to_owned).collect())
            .collect();
        all.sort();
        all
    };
    let one = sorted(&dlx(&["solve", "--all"]).stdin(&problem).success());
    let three = sorted(&dlx(&["solve", "--all", "-j", "3"]).stdin(&problem).success());
    assert_eq!(one.len(), 92);
    assert_eq!(one, three);
    for s in &three {
        assert_exact_cover(&problem, &s.iter().map(String::as_str).collect::<Vec<_>>());
    }
}

#[test]
fn solve_limits_hold_on_threads() {
    let problem = queens(10);
    let out = dlx(&["solve", "-j", "2", "--limit", "7"]).stdin(&problem).success();
    let mut all = solutions(&out);
    assert_eq!(all.len(), 7, "{out}");
    for s in &all {
        assert_exact_cover(&problem, s);
    }
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 7, "solutions repeat:\n{out}");
}

#[test]
fn solve_stats_on_threads() {
    let out = dlx(&["solve", "--stats", "-j", "2", &data("knuth_dlx1_example.dlx")]).expect_code(0);
    assert_eq!(out.stdout, "C E F\nA D\nB G\n");
    assert_eq!(stat(&out.stderr, "threads"), "2");
    assert_eq!(stat(&out.stderr, "solutions"), "1");
}

/// A 6x6 sudoku: `prefix` then blanks.
fn six_by_six(prefix: &str) -> String {
    format!("{prefix}{}", ".".repeat(36 - prefix.len()))
}

#[test]
fn one_sudoku_is_counted_on_all_threads_with_the_same_count() {
    // The empty 6x6 grid has 28,200,960 solutions, equally many for each
    // way to fill the first row (720) or its first two cells (30).
    let puzzle = six_by_six("123456");
    for threads in ["1", "2", "3"] {
        let out = dlx(&["sudoku", "count", "-j", threads]).stdin(&puzzle).success();
        assert_eq!(out, "39168\n", "{threads} threads");
    }
    let out = dlx(&["sudoku", "count", "-j", "2", "--limit", "1000"]).stdin(&puzzle).success();
    assert_eq!(out, "1000\n");
    let out = dlx(&["sudoku", "count", "-j", "2", "--stats"]).stdin(&puzzle).expect_code(0);
    assert_eq!(stat(&out.stderr, "solutions"), "39168");
    assert_eq!(stat(&out.stderr, "puzzles"), "1");
}

#[test]
fn the_empty_six_by_six_grid() {
    // The reference case: one puzzle with a long count, on every core (about
    // 10 seconds of search on 2 cores).
    let out = dlx(&["sudoku", "count"]).stdin(".".repeat(36)).success();
    assert_eq!(out, "28200960\n");
}

#[test]
fn a_large_count_in_a_batch_is_shared_between_threads() {
    // The first puzzle needs more search than one worker's budget; the
    // others do not. Answers stay in input order.
    let batch =
        [six_by_six("12"), six_by_six("123456"), ".".repeat(16), six_by_six("11")].join("\n");
    let out = dlx(&["sudoku", "count", "-j", "2"]).stdin(&batch).expect_code(2);
    assert_eq!(out.stdout, "940032\n39168\n288\n0\n");
    assert!(out.stderr.starts_with("<stdin>:4: "), "{}", out.stderr);
}

#[test]
fn an_invalid_single_sudoku_is_still_named() {
    let out = dlx(&["sudoku", "count", "-j", "2"]).stdin(six_by_six("11")).expect_code(2);
    assert_eq!(out.stdout, "0\n");
    assert_eq!(out.stderr, "<stdin>:1: r1c1 and r1c2 both hold 1\n");
}

/// `--propagation dominance` prunes Knuth's first example from six nodes to
/// four (worked out in dlx's tests) and finds the same solution, on one
/// thread or several (their trees are the same).
#[test]
fn dominance_prunes_the_tree_on_every_thread_count() {
    let plain =
        dlx(&["count", "--stats", "-j", "1", &data("knuth_dlx1_example.dlx")]).expect_code(0);
    assert_eq!(stat(&plain.stderr, "nodes"), "6");
    for threads in ["1", "2"] {
        let args = ["count", "--stats", "-j", threads, "--propagation", "dominance"];
        let out = dlx(&[&args[..], &[&data("knuth_dlx1_example.dlx")]].concat()).expect_code(0);
        assert_eq!((out.stdout.as_str(), stat(&out.stderr, "nodes")), ("1\n", "4"));
    }
    let solve = ["solve", "--propagation", "dominance", &data("knuth_dlx1_example.dlx")];
    assert_eq!(dlx(&solve).success(), "C E F\nA D\nB G\n");
    for (name, count) in INSTANCES {
        let code = if count > 0 { 0 } else { 1 };
        let out = dlx(&["count", "--propagation", "dominance", &data(name)]).expect_code(code);
        assert_eq!(out.stdout, format!("{count}\n"), "{name}");
    }
}

/// Every item-choice rule counts the same, on one thread or several; each
/// visits a tree of its own.
#[test]
fn every_heuristic_counts_the_same() {
    for (name, count) in INSTANCES {
        let code = if count > 0 { 0 } else { 1 };
        for heuristic in ["mrv", "mrv-most-removed", "first"] {
            for threads in ["1", "2"] {
                let args = ["count", "-j", threads, "--heuristic", heuristic, &data(name)];
                let out = dlx(&args).expect_code(code);
                assert_eq!(out.stdout, format!("{count}\n"), "{name}, {heuristic}, {threads}");
            }
        }
    }
}
