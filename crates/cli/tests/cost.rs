//! `dlx solve --min-cost`: the cheapest solutions of a problem with DLX5's
//! costs, checked against the file itself (each solution an exact cover,
//! its cost the sum of its options' `|n` entries), on one thread and two;
//! stopped early it keeps the best so far and exits with 3.

use std::collections::HashMap;

use crate::util::{assert_exact_cover, data, dlx, scratch_file, solutions};

/// The status `dlx` exits with when it was stopped before the end.
const STOPPED: i32 = 3;

/// The problem without its costs, and each option's cost by its text.
fn split_costs(problem: &str) -> (String, HashMap<String, u64>) {
    let mut plain = String::new();
    let mut costs = HashMap::new();
    let mut header = true;
    for line in problem.lines() {
        let comment = line.trim_start().starts_with('|') || line.trim().is_empty();
        let (items, cost) = match line.split_once(" |") {
            Some((items, cost)) if !header && !comment => {
                (items, cost.trim().parse::<u64>().unwrap())
            }
            _ => (line, 0),
        };
        header &= comment;
        plain += items;
        plain.push('\n');
        costs.insert(items.to_owned(), cost);
    }
    (plain, costs)
}

/// The cost and options of each solution printed, checked as covers of
/// `problem` whose costs add up to the cost printed.
fn checked(problem: &str, stdout: &str) -> Vec<u64> {
    let (plain, costs) = split_costs(problem);
    solutions(stdout)
        .iter()
        .map(|block| {
            let cost: u64 = block[0].strip_prefix("cost: ").expect("a cost line").parse().unwrap();
            assert_exact_cover(&plain, &block[1..]);
            let sum: u64 = block[1..].iter().map(|o| costs[*o]).sum();
            assert_eq!(sum, cost, "{block:?}");
            cost
        })
        .collect()
}

/// `data/xc/cost_random48.dlx`, a problem that takes seconds.
fn cost_random48() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/xc/cost_random48.dlx");
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn the_three_cheapest_are_dlx5s_and_the_same_on_two_threads() {
    let problem = fixture!("cost_random32.dlx");
    let file = data("cost_random32.dlx");
    let one = dlx(&["solve", "--min-cost", "--best", "3", &file]).success();
    assert_eq!(checked(problem, &one), [62, 68, 69]);
    let two = dlx(&["solve", "--min-cost", "--best", "3", "--threads", "2", &file]).success();
    assert_eq!(two, one);
    // The cheapest alone is the first of them.
    let best = dlx(&["solve", "--min-cost", &file]).success();
    assert_eq!(solutions(&best), solutions(&one)[..1]);
}

#[test]
fn json_gives_cost_and_optimal() {
    let file = data("cost_random32.dlx");
    let out = dlx(&["solve", "--min-cost", "--best", "2", "--format", "json", &file]).success();
    let lines: Vec<serde_json::Value> =
        out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["cost"], 62);
    assert_eq!(lines[1]["cost"], 68);
    assert_eq!(lines[1]["index"], 2);
    assert!(lines.iter().all(|l| l["optimal"] == true));
}

#[test]
fn stats_go_to_stderr() {
    let file = data("cost_random32.dlx");
    let out = dlx(&["solve", "--min-cost", "--stats", &file]).expect_code(0);
    assert!(out.stdout.starts_with("cost: 62\n"));
    assert!(out.stderr.contains("nodes: "), "{}", out.stderr);
}

#[test]
fn count_ignores_costs() {
    let problem = fixture!("cost_random32.dlx");
    let (plain, _) = split_costs(problem);
    let costed = dlx(&["count", &data("cost_random32.dlx")]).success();
    let uncosted = dlx(&["count"]).stdin(plain).success();
    assert_eq!(costed, uncosted);
    assert_eq!(costed, "33539\n");
}

#[test]
fn colors_and_ties_on_a_small_problem() {
    // x:red is shared by `a x:red |1` and `b x:red |1`; `a b |2` ties them.
    let problem = "a b | x\na x:red |1\nb x:red |1\na b |2\nb x:blue |0\na |5\n";
    let file = scratch_file("cost_colors.dlx", problem);
    let out = dlx(&["solve", "--min-cost", "--best", "9", &file]).success();
    assert_eq!(checked(problem, &out), [2, 2, 5, 6]);
    let out2 = dlx(&["solve", "--min-cost", "--best", "9", "-j", "2", &file]).success();
    assert_eq!(out2, out);
}

#[test]
fn no_solution_exits_with_1() {
    let file = scratch_file("cost_none.dlx", "a b\na |1\na b |2\nb a |3\n");
    let out = dlx(&["solve", "--min-cost", &file]).run();
    // `a b` and `b a` are solutions; a problem without one:
    assert_eq!(out.code, Some(0));
    let file = scratch_file("cost_none2.dlx", "a b c\na b |1\nb c |2\n");
    let out = dlx(&["solve", "--min-cost", &file]).expect_code(1);
    assert_eq!(out.stdout, "");
}

#[test]
fn bad_costs_and_bad_arguments_exit_with_2() {
    let cases = [
        ("a b\na |\n", "2:3: bad cost `|`"),
        ("a b\na |-1\n", "2:3: bad cost `|-1`"),
        ("a b\na |99999999999999999999\n", "2:3: cost `|99999999999999999999` is too large"),
        ("a b\na |1 b\n", "2:6: item `b` after the option's cost"),
    ];
    for (k, (problem, message)) in cases.iter().enumerate() {
        let file = scratch_file(&format!("cost_bad{k}.dlx"), problem);
        let out = dlx(&["solve", "--min-cost", &file]).expect_code(2);
        assert!(out.stderr.contains(&format!("cost_bad{k}.dlx:{message}")), "{}", out.stderr);
    }
    let file = data("cost_random32.dlx");
    dlx(&["solve", "--best", "2", &file]).expect_code(2);
    dlx(&["solve", "--min-cost", "--all", &file]).expect_code(2);
    dlx(&["solve", "--min-cost", "--best", "0", &file]).expect_code(2);
    let bounded = scratch_file("cost_bounded.dlx", "2|a b\na |1\na b |2\nb |4\n");
    let out = dlx(&["solve", "--min-cost", &bounded]).expect_code(2);
    assert!(out.stderr.contains("multiplicities"), "{}", out.stderr);
}

#[test]
fn a_time_limit_keeps_the_best_so_far_and_exits_with_3() {
    let problem = cost_random48();
    let file = scratch_file("cost_random48.dlx", &problem);
    for threads in ["1", "2"] {
        let out = dlx(&[
            "solve",
            "--min-cost",
            "--best",
            "2",
            "--time-limit",
            "0.5",
            "-j",
            threads,
            &file,
        ])
        .expect_code(STOPPED);
        assert!(out.stderr.contains("not proven optimal"), "{}", out.stderr);
        let marked: String = out.stdout.replace(" (not proven optimal)", "");
        for line in out.stdout.lines().filter(|l| l.starts_with("cost: ")) {
            assert!(line.ends_with(" (not proven optimal)"), "{line}");
        }
        // Whatever was found is a real solution of its cost, no cheaper
        // than the optimum (45, DLX5's figure).
        assert!(checked(&problem, &marked).iter().all(|&c| c >= 45));
    }
}

#[test]
fn sigint_keeps_the_best_so_far_and_exits_with_3() {
    let problem = cost_random48();
    let file = scratch_file("cost_random48_sigint.dlx", &problem);
    let child = crate::stop::spawn(&["solve", "--min-cost", "--stats", "-j2", &file]);
    std::thread::sleep(std::time::Duration::from_millis(500));
    crate::stop::signal(&child, "INT");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(STOPPED));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("not proven optimal") && stderr.contains("nodes: "), "{stderr}");
    let unmarked = stdout.replace(" (not proven optimal)", "");
    assert!(checked(&problem, &unmarked).iter().all(|&c| c >= 45), "{stdout}");
}
