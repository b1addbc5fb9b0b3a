//! The hint printed when a command reads a problem typed on a terminal.
//!
//! The hint must go to stderr only when stdin is a terminal. Pipes and
//! files are what the other tests use, so every successful run there
//! already checks that stderr is empty; these name the rule. A terminal is
//! made with `script` (util-linux) where it is installed.

use std::process::{Command, Stdio};

use crate::util::{data, dlx};

const HINT: &str = "reading the problem from standard input";

#[test]
fn no_hint_when_stdin_is_a_pipe() {
    let problem = std::fs::read_to_string(data("knuth_dlx1_example.dlx")).unwrap();
    for args in [&["count"][..], &["solve"], &["count", "-"]] {
        let out = dlx(args).stdin(&problem).run();
        assert_eq!(out.code, Some(0));
        assert_eq!(out.stderr, "", "{args:?}");
    }
    // A puzzle with one solution (one with several gets a note on stderr).
    let out = dlx(&["sudoku", "solve"]).stdin(".2.43..1.1..4...\n").run();
    assert_eq!(out.stderr, "");
    let out = dlx(&["sum"]).stdin("1\n").run();
    assert_eq!(out.stderr, "");
}

#[test]
fn no_hint_when_stdin_is_empty_or_a_file() {
    let out = dlx(&["count"]).stdin("").run();
    assert!(!out.stderr.contains(HINT), "{}", out.stderr);
    let file = std::fs::File::open(data("knuth_dlx1_example.dlx")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dlx")).arg("count").stdin(file).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// Runs `dlx ARGS` with stdin and stdout on a terminal made by `script`,
/// typing `typed` and then the end of input; returns what the terminal
/// showed, or `None` where `script` cannot make a terminal.
fn on_a_terminal(args: &str, typed: &str) -> Option<String> {
    let works = Command::new("script")
        .args(["-qec", "true", "/dev/null"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !works {
        eprintln!("skipped: `script` cannot make a terminal here");
        return None;
    }
    let command = format!("{} {args}", env!("CARGO_BIN_EXE_dlx"));
    let mut child = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start script");
    let mut stdin = child.stdin.take().unwrap();
    std::io::Write::write_all(&mut stdin, typed.as_bytes()).unwrap();
    // Closing script's stdin sends the end of input to the terminal.
    drop(stdin);
    let out = child.wait_with_output().expect("wait for script");
    Some(String::from_utf8_lossy(&out.stdout).replace('\r', ""))
}

#[test]
fn the_hint_names_the_command_when_stdin_is_a_terminal() {
    let Some(screen) = on_a_terminal("count", "A B\nA\nB\n") else { return };
    let hint = format!("dlx: {HINT} (end with Ctrl-D); see dlx count --help\n");
    assert_eq!(screen.matches(&hint).count(), 1, "{screen}");
    assert!(screen.ends_with("1\n"), "{screen}");
    let Some(screen) = on_a_terminal("sudoku solve", "................\n") else { return };
    assert!(screen.contains("dlx: reading puzzles from standard input"), "{screen}");
    assert!(screen.contains("see dlx sudoku solve --help"), "{screen}");
}

#[test]
fn no_hint_for_a_file_even_on_a_terminal() {
    let file = data("knuth_dlx1_example.dlx");
    let Some(screen) = on_a_terminal(&format!("count {file}"), "") else { return };
    assert!(!screen.contains("standard input"), "{screen}");
    assert!(screen.ends_with("1\n"), "{screen}");
}
