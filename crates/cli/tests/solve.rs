//! `dlx solve`.

use crate::util::{assert_exact_cover, data, dlx, queens, solutions};

#[test]
fn knuths_example_has_its_known_solution() {
    let out = dlx(&["solve", &data("knuth_dlx1_example.dlx")]).success();
    // One option per line, as written in the input, in input order.
    assert_eq!(out, "C E F\nA D\nB G\n");
    assert_exact_cover(fixture!("knuth_dlx1_example.dlx"), &out.lines().collect::<Vec<_>>());
}

#[test]
fn colors_are_printed_as_written() {
    let out = dlx(&["solve", &data("knuth_dlx2_example.dlx")]).success();
    assert_eq!(out, "A C X:1 Y:1\nB X:1\n");
    assert_exact_cover(fixture!("knuth_dlx2_example.dlx"), &out.lines().collect::<Vec<_>>());
}

#[test]
fn multiplicities() {
    let out = dlx(&["solve", "--all", &data("knuth_dlx3_example.dlx")]).success();
    assert_eq!(solutions(&out), [["A C X:1 Y:1", "B X:1", "C Y:1"]]);
}

#[test]
fn stdin_when_no_file_or_dash() {
    let problem = fixture!("knuth_dlx1_example.dlx");
    assert_eq!(dlx(&["solve"]).stdin(problem).success(), "C E F\nA D\nB G\n");
    assert_eq!(dlx(&["solve", "-"]).stdin(problem).success(), "C E F\nA D\nB G\n");
}

#[test]
fn all_prints_every_solution_with_blank_lines_between() {
    let problem = queens(6);
    let out = dlx(&["solve", "--all"]).stdin(&problem).success();
    let all = solutions(&out);
    assert_eq!(all.len(), 4, "6-queens has 4 solutions:\n{out}");
    assert!(!out.starts_with('\n') && !out.ends_with("\n\n"));
    for s in &all {
        assert_eq!(s.len(), 6);
        assert_exact_cover(&problem, s);
    }
    let mut distinct = all.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 4);
}

#[test]
fn limit_stops_after_n_solutions() {
    let problem = queens(8);
    for args in [&["solve", "--limit", "3"][..], &["solve", "--all", "-n", "3"]] {
        let out = dlx(args).stdin(&problem).success();
        let all = solutions(&out);
        assert_eq!(all.len(), 3);
        for s in &all {
            assert_exact_cover(&problem, s);
        }
    }
}

#[test]
fn no_solution_prints_nothing_and_exits_1() {
    let out = dlx(&["solve", &data("no_solution.dlx")]).expect_code(1);
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("", ""));
}

#[test]
fn a_bad_line_is_named_by_file_line_and_column() {
    let path = data("bad_item.dlx");
    let out = dlx(&["solve", &path]).expect_code(2);
    assert_eq!(out.stderr, format!("dlx: {path}:5:3: unknown item `Q`\n"));
    assert_eq!(out.stdout, "");
    let out = dlx(&["solve"]).stdin(fixture!("bad_item.dlx")).expect_code(2);
    assert_eq!(out.stderr, "dlx: <stdin>:5:3: unknown item `Q`\n");
}

#[test]
fn an_empty_input_is_an_error() {
    let out = dlx(&["solve"]).expect_code(2);
    assert!(out.stderr.starts_with("dlx: <stdin>:"), "{}", out.stderr);
}

#[test]
fn stats_go_to_stderr() {
    let out = dlx(&["solve", "--stats", &data("knuth_dlx1_example.dlx")]).expect_code(0);
    assert_eq!(out.stdout, "C E F\nA D\nB G\n");
    let keys: Vec<&str> = out.stderr.lines().map(|l| l.split(": ").next().unwrap()).collect();
    assert_eq!(
        keys,
        [
            "items",
            "options",
            "solutions",
            "nodes",
            "updates",
            "depth",
            "time",
            "updates/s",
            "threads",
            "engine"
        ]
    );
    assert!(out.stderr.contains("items: 7\noptions: 6\nsolutions: 1\n"), "{}", out.stderr);
    assert!(out.stderr.ends_with("engine: bit-sliced\n"), "{}", out.stderr);
}

/// By default a count under multiplicities adds a state met again at
/// once (fewer nodes visited); `--no-memo` walks DLX3's whole tree (on
/// these small problems still on the bit engine).
#[test]
fn no_memo_counts_dlx3s_tree() {
    let repository = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/xc");
    let field = |stderr: &str, key: &str| -> String {
        let line = stderr.lines().find(|l| l.starts_with(&format!("{key}: "))).expect(key);
        line[key.len() + 2..].to_string()
    };
    for (file, solutions, nodes, engine) in [
        ("mcc_rota.dlx", "304884", "2356466", "bit-bounded"),
        ("mcc_random22.dlx", "15669630", "33125644", "bit-bounded"),
    ] {
        let path = repository.join(file);
        let path = path.to_str().expect("a UTF-8 path");
        let walked = dlx(&["count", "--stats", "--no-memo", path]).expect_code(0);
        assert_eq!(walked.stdout.trim(), solutions, "{file}");
        assert_eq!(field(&walked.stderr, "nodes"), nodes, "{file}");
        assert_eq!(field(&walked.stderr, "engine"), engine, "{file}");
        let memo = dlx(&["count", "--stats", path]).expect_code(0);
        assert_eq!(memo.stdout.trim(), solutions, "{file}");
        let visited: u64 = field(&memo.stderr, "nodes").parse().expect("a number");
        assert!(visited < nodes.parse().unwrap(), "{file}: {visited} nodes");
        assert_eq!(field(&memo.stderr, "engine"), "bit-bounded", "{file}");
    }
}

/// A listing runs the engine picked for a walk without the table of
/// counted subtrees: on a sparse problem with multiplicities (a cycle of
/// 300 items, each taken once but the first, `0:1`, an option for each
/// two neighbours) dancing links, where its count takes the bit engine;
/// on one thread or two, the cycle's two perfect matchings.
#[test]
fn a_listing_runs_the_listing_engine() {
    let mut text: String = "0:1|i0".into();
    text += &(1..300).map(|i| format!(" i{i}")).collect::<String>();
    text.push('\n');
    for i in 0..300 {
        text += &format!("i{i} i{}\n", (i + 1) % 300);
    }
    let engine = |stderr: &str| stderr.lines().last().unwrap_or_default().to_string();
    for threads in ["1", "2"] {
        let out =
            dlx(&["solve", "--all", "--stats", "-j", threads]).stdin(text.clone()).expect_code(0);
        assert_eq!(engine(&out.stderr), "engine: dancing-links", "-j {threads}");
        let mut found = solutions(&out.stdout);
        found.sort();
        assert_eq!(found.len(), 2, "-j {threads}");
        assert_eq!((found[0][0], found[1][0]), ("i0 i1", "i1 i2"), "-j {threads}");
        assert!(found.iter().all(|s| s.len() == 150), "-j {threads}");
    }
    let out = dlx(&["count", "--stats"]).stdin(text).expect_code(0);
    assert_eq!(out.stdout, "2\n");
    assert_eq!(engine(&out.stderr), "engine: bit-bounded");
}

#[test]
fn stats_name_the_engine_auto_picked() {
    let repository = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/xc");
    for (file, engine) in [
        ("queens12.dlx", "bit-sliced"),
        ("pentomino6x10_quarter.dlx", "bitset"),
        ("colored80.dlx", "bitset"),
        ("mcc_random22.dlx", "bit-bounded"),
        ("mcc_colored28.dlx", "bit-bounded"),
    ] {
        let path = repository.join(file);
        let path = path.to_str().expect("a UTF-8 path");
        let out = dlx(&["count", "--stats", "--limit", "1", path]).expect_code(0);
        assert!(out.stderr.ends_with(&format!("engine: {engine}\n")), "{file}: {}", out.stderr);
    }
    let out =
        dlx(&["sudoku", "solve", "--stats"]).stdin(format!("{}\n", ".".repeat(256))).expect_code(0);
    assert!(out.stderr.ends_with("engine: bitset\n"), "{}", out.stderr);
}
