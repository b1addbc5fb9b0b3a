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
    for word in ["solve", "count", "check"] {
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
    ];
    for (args, flags) in cases {
        let out = dlx(args).success();
        for flag in *flags {
            assert!(out.contains(flag), "`dlx {}` lacks {flag}:\n{out}", args.join(" "));
        }
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
