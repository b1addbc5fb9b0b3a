//! A closed stdout (`dlx sudoku solve big.txt | head`) ends `dlx` quietly.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use crate::util::{data, scratch_file};

/// Starts `dlx` with `args`, reads one line of its output, closes the pipe
/// and waits: `dlx` must exit 0 without a word on stderr.
fn read_one_line_then_close(args: &[&str]) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start dlx");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    stdout.read_line(&mut first).expect("read a line");
    assert!(!first.is_empty(), "dlx printed nothing");
    drop(stdout);
    let out = child.wait_with_output().expect("wait for dlx");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "dlx panicked: {stderr}");
    assert_eq!(stderr, "", "dlx complained about the closed pipe");
    assert_eq!(out.status.code(), Some(0), "exit status after the pipe closed");
}

#[test]
fn sudoku_solve_into_a_closed_pipe() {
    // 50,000 easy puzzles: far more output than a pipe buffers.
    let batch = fixture!("kaggle_first200.txt").repeat(250);
    let path = scratch_file("closed_pipe_batch.txt", &batch);
    read_one_line_then_close(&["sudoku", "solve", &path]);
}

#[test]
fn solve_all_into_a_closed_pipe() {
    // 12-queens has 14,200 solutions of 12 lines: far more than a pipe
    // buffers.
    let queens = crate::util::queens(12);
    let path = scratch_file("closed_pipe_queens12.dlx", &queens);
    read_one_line_then_close(&["solve", "--all", &path]);
}

#[test]
fn sudoku_check_into_a_closed_pipe() {
    let batch = fixture!("kaggle_first200.txt").repeat(250);
    let path = scratch_file("closed_pipe_check.txt", &batch);
    read_one_line_then_close(&["sudoku", "check", &path, &data("top95_first5.txt")]);
}

#[test]
fn solve_all_on_threads_into_a_closed_pipe() {
    // The search threads stop when the writer can no longer write.
    let queens = crate::util::queens(12);
    let path = scratch_file("closed_pipe_queens12_threads.dlx", &queens);
    read_one_line_then_close(&["solve", "--all", "--threads", "2", &path]);
}
