//! `--format json` on every command: JSON Lines, parsed here, with the
//! fields the README's "JSON output" documents.

use serde_json::Value;

use crate::util::{data, dlx, scratch_dir, solutions};

/// The objects of JSON Lines output; each line must be one object.
fn objects(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line).expect("a line of JSON");
            assert!(value.is_object(), "not an object: {line}");
            value
        })
        .collect()
}

/// The keys of an object, in the order written.
fn keys(line: &str) -> Vec<String> {
    // serde_json's map keeps its keys sorted; the order written is read
    // from the text itself.
    let object: serde_json::Map<String, Value> = serde_json::from_str(line).expect("an object");
    let mut keys: Vec<(usize, String)> = object
        .keys()
        .map(|k| (line.find(&format!("\"{k}\":")).expect("the key in the line"), k.clone()))
        .collect();
    keys.sort();
    keys.into_iter().map(|(_, k)| k).collect()
}

#[test]
fn solve_writes_one_json_object_per_solution() {
    let path = data("knuth_dlx3_example.dlx");
    let text = dlx(&["solve", "--all", &path]).success();
    let out = dlx(&["solve", "--all", "--format", "json", &path]).success();
    let objects = objects(&out);
    let expected = solutions(&text);
    assert_eq!(objects.len(), expected.len());
    for (k, (object, solution)) in objects.iter().zip(&expected).enumerate() {
        assert_eq!(object["file"], path.as_str());
        assert_eq!(object["index"], k + 1);
        let options: Vec<&str> =
            object["options"].as_array().unwrap().iter().map(|o| o.as_str().unwrap()).collect();
        assert_eq!(&options, solution);
    }
    assert_eq!(keys(out.lines().next().unwrap()), ["file", "index", "options"]);
    // No solution: no object, exit 1.
    let out = dlx(&["solve", "-f", "json", &data("no_solution.dlx")]).expect_code(1);
    assert_eq!(out.stdout, "");
}

#[test]
fn count_writes_one_json_object() {
    let path = data("queens12.dlx");
    let out = dlx(&["count", "--format", "json", &path]).success();
    assert_eq!(
        out,
        format!(
            "{{\"file\":\"{path}\",\"solutions\":14200,\"at_limit\":false,\"complete\":true}}\n"
        )
    );
    let out = dlx(&["count", "-f", "json", "--limit", "10"]).stdin(fixture!("queens12.dlx"));
    let objects = objects(&out.success());
    assert_eq!(objects.len(), 1);
    assert_eq!((&objects[0]["file"], &objects[0]["solutions"]), (&"<stdin>".into(), &10.into()));
    assert_eq!(objects[0]["at_limit"], true);
    assert_eq!(objects[0]["complete"], true);
}

#[test]
fn estimate_writes_one_json_object() {
    let out = dlx(&["estimate", "--format", "json", "--samples", "1000", &data("queens12.dlx")])
        .success();
    let objects = objects(&out);
    assert_eq!(objects.len(), 1);
    let o = &objects[0];
    assert_eq!(
        keys(out.trim_end()),
        [
            "file",
            "solutions",
            "solutions_error",
            "nodes",
            "nodes_error",
            "samples",
            "depth",
            "nodes_per_second",
            "seconds",
            "exact"
        ]
    );
    assert_eq!((&o["samples"], &o["depth"]), (&1000.into(), &12.into()));
    let solutions = o["solutions"].as_f64().unwrap();
    assert!((5_000.0..50_000.0).contains(&solutions), "{o}");
    assert!(o["nodes_error"].as_f64().unwrap() > 0.0);
    // 12-queens is small enough for the calibration run (200 ms) to finish
    // it, unless the machine is very loaded: then there is no exact count.
    if !o["exact"].is_null() {
        assert_eq!(o["exact"]["solutions"], 14200);
        assert_eq!(o["exact"]["nodes"], 327_813);
    }
    // Knuth's example always finishes within it.
    let out = dlx(&["estimate", "-f", "json", &data("knuth_dlx1_example.dlx")]).success();
    let example = self::objects(&out);
    let o = &example[0];
    assert_eq!((&o["exact"]["solutions"], &o["exact"]["nodes"]), (&1.into(), &6.into()));
}

#[test]
fn split_writes_one_json_object_per_part() {
    let dir = scratch_dir("split_json");
    let out_dir = dir.join("parts");
    let out_dir = out_dir.to_str().unwrap();
    let out =
        dlx(&["split", "--format", "json", "--depth", "2", "-o", out_dir, &data("queens12.dlx")])
            .success();
    let parts = objects(&out);
    assert!(parts.len() > 1);
    let mut counts = Vec::new();
    for (k, part) in parts.iter().enumerate() {
        assert_eq!(part["index"], k + 1);
        let file = part["file"].as_str().unwrap();
        assert!(file.ends_with(&format!("queens12-{:04}.dlx", k + 1)), "{file}");
        let path = part["path"].as_array().unwrap();
        let chosen = part["chosen"].as_array().unwrap();
        assert_eq!(path.len(), 2, "{part}");
        assert_eq!(chosen.len(), 2, "{part}");
        // The part's file names the same chosen options.
        let text = std::fs::read_to_string(file).unwrap();
        for option in chosen {
            assert!(text.contains(&format!("| chosen: {}\n", option.as_str().unwrap())));
        }
        assert!(part["items"].as_u64().unwrap() > 0 && part["options"].as_u64().unwrap() > 0);
        let count = dlx(&["count", "-j", "1", file]).run();
        counts.push(count.stdout);
    }
    let total = dlx(&["sum", "--format", "json"]).stdin(counts.concat()).success();
    assert_eq!(total, format!("{{\"total\":14200,\"counts\":{}}}\n", parts.len()));
}

#[test]
fn sum_writes_one_json_object() {
    let out = dlx(&["sum", "-f", "json"]).stdin("1\n2\n\n39\n").success();
    assert_eq!(objects(&out), [serde_json::json!({"total": 42, "counts": 3})]);
    assert_eq!(keys(out.trim_end()), ["total", "counts"]);
}

#[test]
fn sudoku_solve_json_says_whether_the_solution_is_unique() {
    let out = dlx(&["sudoku", "solve", "--format", "json", &data("statuses.txt")]).expect_code(2);
    let objects = objects(&out.stdout);
    let fields: Vec<(&str, Option<bool>)> =
        objects.iter().map(|o| (o["status"].as_str().unwrap(), o["unique"].as_bool())).collect();
    assert_eq!(
        fields,
        [
            ("solved", Some(true)),
            ("no solution", None),
            ("solved", Some(false)),
            ("invalid", None),
            ("invalid", None),
            ("solved", Some(true)),
        ]
    );
    let first = out.stdout.lines().next().unwrap();
    assert_eq!(keys(first), ["file", "line", "puzzle", "status", "solution", "unique"]);
    let invalid = out.stdout.lines().nth(3).unwrap();
    assert_eq!(keys(invalid), ["file", "line", "puzzle", "status", "solution", "error"]);
    // The note on stderr too.
    assert!(out.stderr.contains(":3: not unique: this is one of several solutions\n"));
}

#[test]
fn sudoku_solve_all_json_has_one_object_per_solution_with_an_index() {
    let out = dlx(&["sudoku", "solve", "--all", "-f", "json"]).stdin(".".repeat(16)).success();
    let objects = objects(&out);
    assert_eq!(objects.len(), 288);
    let mut seen = std::collections::HashSet::new();
    for (k, o) in objects.iter().enumerate() {
        assert_eq!(
            (&o["index"], &o["unique"], &o["line"]),
            (&(k + 1).into(), &false.into(), &1.into())
        );
        assert!(seen.insert(o["solution"].as_str().unwrap().to_owned()));
    }
    let first = out.lines().next().unwrap();
    assert_eq!(keys(first), ["file", "line", "puzzle", "status", "solution", "unique", "index"]);
    // A unique puzzle: one object, unique.
    let puzzle = fixture!("top95_first5.txt").lines().next().unwrap();
    let out = dlx(&["sudoku", "solve", "--limit", "5", "-f", "json", puzzle]).success();
    let only = self::objects(&out);
    assert_eq!(only.len(), 1);
    assert_eq!((&only[0]["index"], &only[0]["unique"]), (&1.into(), &true.into()));
    assert_eq!(only[0]["file"], "<argument 1>");
}

#[test]
fn sudoku_count_json_has_one_object_per_puzzle() {
    let out = dlx(&["sudoku", "count", "--limit", "5", "--format", "json", &data("statuses.txt")])
        .expect_code(2);
    let objects = objects(&out.stdout);
    let fields: Vec<(&str, u64, bool)> = objects
        .iter()
        .map(|o| {
            let status = o["status"].as_str().unwrap();
            (status, o["solutions"].as_u64().unwrap(), o["at_limit"].as_bool().unwrap())
        })
        .collect();
    assert_eq!(
        fields,
        [
            ("counted", 1, false),
            ("counted", 0, false),
            ("counted", 5, true),
            ("invalid", 0, false),
            ("invalid", 0, false),
            ("counted", 1, false),
        ]
    );
    let first = out.stdout.lines().next().unwrap();
    assert_eq!(keys(first), ["file", "line", "puzzle", "status", "solutions", "at_limit"]);
    assert!(objects[3]["error"].as_str().unwrap().ends_with(":4: r9c3 and r9c8 both hold 4"));
}

#[test]
fn sudoku_check_json_has_one_object_per_puzzle() {
    let out = dlx(&["sudoku", "check", "--format", "json", &data("statuses.txt")]).expect_code(2);
    let objects = objects(&out.stdout);
    let statuses: Vec<&str> = objects.iter().map(|o| o["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["unique", "none", "multiple", "invalid", "invalid", "unique"]);
    assert_eq!(keys(out.stdout.lines().next().unwrap()), ["file", "line", "puzzle", "status"]);
    assert_eq!(objects[4]["line"], 5);
    assert!(objects[4]["puzzle"].is_null());
    assert!(objects[4]["error"].as_str().unwrap().ends_with(":5:79: unknown symbol 'x'"));
}

#[test]
fn json_lines_stop_quietly_at_a_closed_pipe() {
    // The empty 9x9 grid has 6.67e21 solutions: far more than any pipe
    // buffers; listing them ends when the reader goes.
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!(
            "'{}' sudoku solve --all -f json {} | head -2; echo \"status ${{PIPESTATUS[0]}}\"",
            env!("CARGO_BIN_EXE_dlx"),
            ".".repeat(81)
        ))
        .output()
        .expect("run bash");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(objects(&lines[..2].join("\n")).len(), 2);
    assert_eq!(lines[2], "status 0");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}
