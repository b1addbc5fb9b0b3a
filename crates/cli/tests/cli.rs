//! What every command shares: help, version, usage errors.

use crate::util::dlx;

#[test]
fn version() {
    let out = dlx(&["--version"]).success();
    assert_eq!(out, format!("dlx {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn help_lists_every_command_with_examples() {
    let out = dlx(&["--help"]).success();
    for word in ["solve", "count", "estimate", "split", "sum", "sudoku", "Examples:", "Exit status"]
    {
        assert!(out.contains(word), "--help lacks {word}:\n{out}");
    }
    let out = dlx(&["sudoku", "--help"]).success();
    for word in ["solve", "count", "check", "generate"] {
        assert!(out.contains(word), "sudoku --help lacks {word}:\n{out}");
    }
}

#[test]
fn help_documents_every_flag() {
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["solve", "--help"],
            &[
                "--all",
                "--limit",
                "--threads",
                "--propagation",
                "--heuristic",
                "--stats",
                "--no-progress",
                "Examples:",
            ],
        ),
        (
            &["count", "--help"],
            &[
                "--limit",
                "--threads",
                "--propagation",
                "--heuristic",
                "--stats",
                "--no-progress",
                "explored",
                "Examples:",
            ],
        ),
        (&["estimate", "--help"], &["--samples", "--seed", "Knuth", "Examples:"]),
        (
            &["split", "--help"],
            &["--parts", "--depth", "--out", "--prefix", "--force", "--stats", "Examples:"],
        ),
        (&["sum", "--help"], &["--expect", "Examples:"]),
        (
            &["sudoku", "solve", "--help"],
            &[
                "--format",
                "--variant",
                "--regions",
                "--box",
                "--symbols",
                "--threads",
                "--stats",
                "Examples:",
            ],
        ),
        (
            &["sudoku", "count", "--help"],
            &["--limit", "--variant", "--threads", "--propagation", "--heuristic", "Examples:"],
        ),
        (&["sudoku", "check", "--help"], &["--variant", "--threads", "Examples:"]),
        (
            &["sudoku", "generate", "--help"],
            &[
                "--count",
                "--seed",
                "--size",
                "--box",
                "--variant",
                "--regions",
                "--symmetry",
                "--minimal",
                "--clues",
                "--tries",
                "--threads",
                "--stats",
                "Examples:",
                "Exit status",
            ],
        ),
    ];
    for (args, flags) in cases {
        let out = dlx(args).success();
        for flag in *flags {
            assert!(out.contains(flag), "`dlx {}` lacks {flag}:\n{out}", args.join(" "));
        }
    }
}

/// The columns where the descriptions of a help's examples start: each is
/// set apart from its command by two spaces or more.
fn description_columns(help: &str) -> Vec<usize> {
    let examples = help.split("Examples:\n").nth(1).expect("examples");
    let mut columns = Vec::new();
    for line in examples.lines().take_while(|l| !l.is_empty()) {
        let text = line.trim_start();
        if let Some(gap) = text.find("  ") {
            let start = line.len() - text.len() + gap;
            columns.push(start + text[gap..].len() - text[gap..].trim_start().len());
        }
    }
    columns
}

#[test]
fn the_examples_of_dlx_help_do_not_run_into_their_descriptions() {
    let out = dlx(&["--help"]).success();
    let columns = description_columns(&out);
    assert!(columns.len() >= 8, "{out}");
    assert!(columns.iter().all(|&c| c == columns[0]), "{columns:?}\n{out}");
    assert!(out.contains("cat puzzles.txt | dlx sudoku check   tell unique"), "{out}");
    // And in every command's help.
    for args in [&["solve"][..], &["count"], &["split"], &["sum"], &["sudoku"]] {
        let out = dlx(&[args, &["--help"]].concat()).success();
        let columns = description_columns(&out);
        assert!(columns.iter().all(|&c| c == columns[0]), "{args:?}: {columns:?}\n{out}");
    }
}

#[test]
fn limit_help_says_what_it_means() {
    let out = dlx(&["solve", "--help"]).success();
    assert!(!out.contains("implies several"), "{out}");
    let help = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("Print at most N solutions, a blank line between them"), "{out}");
    let out = dlx(&["count", "--help"]).success();
    assert!(out.contains("Stop counting at N solutions"), "{out}");
    let out = dlx(&["sudoku", "solve", "--help"]).success();
    assert!(out.contains("List at most N solutions of each puzzle"), "{out}");
}

#[test]
fn sudoku_count_help_has_a_long_description() {
    let short = dlx(&["sudoku", "count", "-h"]).success();
    let long = dlx(&["sudoku", "count", "--help"]).success();
    assert!(long.len() > short.len() + 200, "{long}");
    let help = long.split_whitespace().collect::<Vec<_>>().join(" ");
    for words in ["one whole number per puzzle", "invalid puzzle", "dlx sum", "--limit N"] {
        assert!(help.contains(words), "no {words:?} in\n{long}");
    }
}

#[test]
fn every_command_documents_its_format() {
    for args in [
        &["solve", "--help"][..],
        &["count", "--help"],
        &["estimate", "--help"],
        &["split", "--help"],
        &["sum", "--help"],
        &["sudoku", "solve", "--help"],
        &["sudoku", "count", "--help"],
        &["sudoku", "check", "--help"],
        &["sudoku", "generate", "--help"],
    ] {
        let out = dlx(args).success();
        assert!(out.contains("--format <FORMAT>") && out.contains("json"), "{args:?}:\n{out}");
    }
}

#[test]
fn no_command_shows_usage_and_exits_2() {
    let out = dlx(&[]).expect_code(2);
    assert!(out.stderr.contains("Usage: dlx"), "{}", out.stderr);
}

#[test]
fn bad_flags_exit_2_with_one_clear_message() {
    for args in [
        &["solve", "--frobnicate"][..],
        &["count", "--limit", "0"],
        &["count", "--limit", "many"],
        &["sudoku", "solve", "--format", "xml"],
        &["sudoku", "check", "--box", "1x3"],
        &["sudoku", "check", "--variant", "nonsense"],
        &["sudoku", "count", "--threads", "0"],
        &["count", "--threads", "0"],
        &["solve", "-j", "many"],
        &["split", "--parts", "0"],
        &["estimate", "--seed", "-1"],
        &["sum", "--expect", "x"],
        &["frobnicate"],
    ] {
        let out = dlx(args).expect_code(2);
        assert!(out.stderr.starts_with("error: "), "`dlx {}`: {}", args.join(" "), out.stderr);
        assert_eq!(out.stdout, "");
    }
}

#[test]
fn a_missing_file_is_named() {
    let out = dlx(&["count", "no/such/file.dlx"]).expect_code(2);
    assert!(out.stderr.starts_with("dlx: no/such/file.dlx: "), "{}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 1);
}

#[test]
fn a_directory_is_named_as_such() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let out = dlx(&["solve", dir]).expect_code(2);
    assert_eq!(out.stderr, format!("dlx: {dir}: is a directory\n"));
    let out = dlx(&["sudoku", "solve", dir]).expect_code(2);
    assert_eq!((out.stdout.as_str(), out.stderr), ("", format!("dlx: {dir}: is a directory\n")));
}

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    // Long enough for a bar to appear on a terminal; here stderr is a pipe.
    let batch = fixture!("kaggle_first200.txt").repeat(50);
    let path = crate::util::scratch_file("no_progress_bar.txt", &batch);
    let out = dlx(&["sudoku", "check", &path]).success();
    assert_eq!(out, "unique\n".repeat(10_000));
    let out = dlx(&["sudoku", "check", "--no-progress", &path]).success();
    assert_eq!(out.lines().count(), 10_000);
}
