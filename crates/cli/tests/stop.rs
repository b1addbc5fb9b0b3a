//! `dlx count` stopped before the end: limits, signals and checkpoints.
//! A stopped count prints `at least N` and exits with 3; resumed from its
//! checkpoint, it finishes with the count of an uninterrupted run.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::util::{data, dlx, path_in, queens, scratch_dir, scratch_file};

/// The status `dlx` exits with when it was stopped before the end.
const STOPPED: i32 = 3;

#[test]
fn a_node_limit_gives_a_partial_count_and_status_3() {
    let out =
        dlx(&["count", "-j1", "--node-limit", "1000", &data("queens12.dlx")]).expect_code(STOPPED);
    assert!(out.stdout.starts_with("at least "), "{}", out.stdout);
    let n: u128 = out.stdout.trim().trim_start_matches("at least ").parse().unwrap();
    assert!(n < 14200);
    let json = dlx(&["count", "--format", "json", "--node-limit", "1000", &data("queens12.dlx")])
        .expect_code(STOPPED);
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(v["complete"], false);
    let whole = dlx(&["count", "--format", "json", &data("queens12.dlx")]).expect_code(0);
    let v: serde_json::Value = serde_json::from_str(whole.stdout.trim()).unwrap();
    assert_eq!((v["complete"].as_bool(), v["solutions"].as_u64()), (Some(true), Some(14200)));
}

#[test]
fn counts_resumed_from_checkpoints_equal_the_whole_count() {
    for threads in ["1", "2"] {
        let dir = scratch_dir(&format!("stop_resume_{threads}"));
        let ckpt = path_in(&dir, "q.ckpt");
        let problem = data("queens12.dlx");
        let mut rounds = 0;
        let last = loop {
            let args = ["count", "-j", threads, "--checkpoint", &ckpt, "--node-limit", "40000"];
            let out = dlx(&[&args[..], &[problem.as_str()]].concat()).run();
            rounds += 1;
            match out.code {
                Some(STOPPED) => assert!(std::path::Path::new(&ckpt).exists(), "no checkpoint"),
                Some(0) => break out.stdout,
                other => panic!("status {other:?}: {}", out.stderr),
            }
            assert!(rounds < 100, "no end in sight");
        };
        assert!(rounds > 2, "{threads} threads: the limit did not stop the count");
        assert_eq!(last.trim(), "14200", "{threads} threads");
        assert!(!std::path::Path::new(&ckpt).exists(), "a finished count keeps no checkpoint");
    }
}

#[test]
fn a_checkpoint_of_another_problem_or_a_damaged_one_is_an_error() {
    let dir = scratch_dir("stop_mismatch");
    let ckpt = path_in(&dir, "c.ckpt");
    dlx(&["count", "-j1", "--checkpoint", &ckpt, "--node-limit", "100", &data("queens12.dlx")])
        .expect_code(STOPPED);
    let out = dlx(&["count", "--checkpoint", &ckpt, &data("langford11.dlx")]).expect_code(2);
    assert!(out.stderr.contains("another problem"), "{}", out.stderr);
    assert!(out.stdout.is_empty());
    let text = std::fs::read_to_string(&ckpt).unwrap();
    std::fs::write(&ckpt, text.replacen("nodes", "nodez", 1)).unwrap();
    let out = dlx(&["count", "--checkpoint", &ckpt, &data("queens12.dlx")]).expect_code(2);
    assert!(out.stderr.contains("c.ckpt"), "{}", out.stderr);
    let other =
        dlx(&["count", "--checkpoint", &ckpt, "--heuristic", "first", &data("queens12.dlx")]);
    other.expect_code(2);
}

/// Starts `dlx` with `args`, its output captured.
pub(crate) fn spawn(args: &[&str]) -> std::process::Child {
    spawn_with_stdin(args, Stdio::null())
}

/// Starts `dlx` with `args` and that stdin, its output captured.
fn spawn_with_stdin(args: &[&str], stdin: Stdio) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start dlx")
}

/// Sends `signal` (`INT`, `TERM`, `KILL`) to the child.
pub(crate) fn signal(child: &std::process::Child, signal: &str) {
    let status = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(status.success());
}

#[test]
fn sigint_and_sigterm_stop_a_count_with_its_partial_result_and_statistics() {
    let problem = scratch_file("stop_signal_queens.dlx", &queens(17));
    for sig in ["INT", "TERM"] {
        let child = spawn(&["count", "--stats", "-j2", &problem]);
        std::thread::sleep(Duration::from_millis(400));
        let sent = Instant::now();
        signal(&child, sig);
        let out = child.wait_with_output().unwrap();
        assert!(sent.elapsed() < Duration::from_secs(5), "{sig}: too slow to stop");
        assert_eq!(out.status.code(), Some(STOPPED), "{sig}");
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(stdout.starts_with("at least "), "{sig}: {stdout}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains("nodes: "), "{sig}: no statistics: {stderr}");
    }
}

#[test]
fn a_count_killed_at_random_moments_resumes_to_the_exact_count() {
    let dir = scratch_dir("stop_sigkill");
    let ckpt = path_in(&dir, "p.ckpt");
    let problem = data("queens14.dlx");
    let expected = "365596\n";
    // A small generator of delays, the same on every run.
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut finished = None;
    let mut killed = 0;
    for round in 0..200 {
        let threads = if round % 2 == 0 { "1" } else { "2" };
        let child = spawn(&[
            "count",
            "-j",
            threads,
            "--checkpoint",
            &ckpt,
            "--checkpoint-every",
            "0.02",
            &problem,
        ]);
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        std::thread::sleep(Duration::from_millis(20 + seed % 80));
        signal(&child, "KILL");
        let out = child.wait_with_output().unwrap();
        if out.status.code() == Some(0) {
            finished = Some(String::from_utf8(out.stdout).unwrap());
            break;
        }
        killed += 1;
    }
    assert!(killed >= 3, "killed only {killed} times: the test tested nothing");
    // However often it was killed, a last run without a kill finishes it.
    let last = match finished {
        Some(out) => out,
        None => dlx(&["count", "--checkpoint", &ckpt, &problem]).success(),
    };
    assert_eq!(last, expected);
}

/// Reads the child's stdout up to its first line end.
fn first_line(child: &mut std::process::Child) -> String {
    use std::io::Read;
    let out = child.stdout.as_mut().expect("stdout piped");
    let mut line = Vec::new();
    let mut byte = [0];
    while out.read(&mut byte).expect("read stdout") == 1 {
        line.push(byte[0]);
        if byte[0] == b'\n' {
            break;
        }
    }
    String::from_utf8(line).expect("UTF-8")
}

#[test]
fn a_stopped_sudoku_batch_keeps_its_answers_and_names_the_first_puzzle_not_reached() {
    use std::io::Write;
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    // Waiting for more input: the answer so far is written, the rest is
    // the rest of the input.
    let mut child = spawn_with_stdin(&["sudoku", "check"], Stdio::piped());
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{puzzle}").unwrap();
    assert_eq!(first_line(&mut child), "unique\n");
    signal(&child, "INT");
    let out = child.wait_with_output().unwrap();
    drop(stdin);
    assert_eq!(out.status.code(), Some(STOPPED));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "dlx: stopped: 1 answered; not reached: the rest of the input\n"
    );
    // In the middle of a count that would never end (an empty 8x8 grid,
    // counted on all threads, or the empty 9x9 grid as pencil marks): the
    // puzzle before it is answered, the count is no answer, and the puzzle
    // after it is not reached.
    let endless = [".".repeat(64), "123456789".repeat(81)];
    for (threads, endless) in [("1", &endless[0]), ("2", &endless[0]), ("1", &endless[1])] {
        // Answers are written a chunk at a time, so the test cannot wait
        // for the first: it waits long enough, longer on a busy machine.
        let mut wait = Duration::from_millis(500);
        let out = loop {
            let mut child =
                spawn_with_stdin(&["sudoku", "count", "-j", threads, "--stats"], Stdio::piped());
            let mut stdin = child.stdin.take().unwrap();
            writeln!(stdin, "{puzzle}\n{endless}\n{puzzle}").unwrap();
            drop(stdin);
            std::thread::sleep(wait);
            signal(&child, "TERM");
            let out = child.wait_with_output().unwrap();
            if !out.stdout.is_empty() || wait > Duration::from_secs(5) {
                break out;
            }
            wait *= 2;
        };
        assert_eq!(out.status.code(), Some(STOPPED), "{threads} threads");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n", "{threads} threads");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with(
                "dlx: stopped: 1 answered; not reached: <stdin>:2 and every puzzle after it\n"
            ),
            "{threads} threads: {stderr}"
        );
        assert!(stderr.contains("puzzles: 1\n"), "{threads} threads: {stderr}");
    }
}

#[test]
fn a_stopped_batch_from_a_file_on_two_threads_keeps_its_answers_in_order() {
    // Read, solved and written by the workers themselves (no reader
    // thread): what was answered is a prefix, in order, and the first
    // puzzle not reached is named by its line.
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let solution = dlx(&["sudoku", "solve", puzzle]).expect_code(0).stdout;
    let mut copies = 20_000;
    let (file, out, first) = loop {
        let file = scratch_file("stop_relayed.txt", &format!("{puzzle}\n").repeat(copies));
        let mut child = spawn_with_stdin(&["sudoku", "solve", "-j2", &file], Stdio::null());
        let first = first_line(&mut child);
        signal(&child, "INT");
        let out = child.wait_with_output().unwrap();
        if out.status.code() != Some(0) {
            break (file, out, first);
        }
        // Finished before the signal: a longer input.
        copies *= 4;
        assert!(copies <= 1_280_000, "never stopped");
    };
    assert_eq!(out.status.code(), Some(STOPPED));
    let stdout = first + &String::from_utf8(out.stdout).unwrap();
    let answered = stdout.lines().count();
    assert!(answered >= 1 && answered < copies);
    assert!(stdout.lines().all(|line| line == solution.trim_end()), "{stdout}");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "dlx: stopped: {answered} answered; not reached: {file}:{} and every puzzle after it\n",
            answered + 1
        )
    );
}

#[test]
fn a_stopped_generation_keeps_the_puzzles_made_in_order() {
    // Many small puzzles: stopped once the first is out, the puzzles
    // written are the first of the uninterrupted run, all of them whole.
    let mut child = spawn(&["sudoku", "generate", "--count", "100000000", "--seed", "3"]);
    let first = first_line(&mut child);
    signal(&child, "INT");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(STOPPED));
    let written = format!("{first}{}", String::from_utf8_lossy(&out.stdout));
    let made = written.lines().count();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr, format!("dlx: stopped: {made} puzzles made\n"));
    let whole = dlx(&["sudoku", "generate", "--count", &made.to_string(), "--seed", "3"]);
    assert_eq!(written, whole.expect_code(0).stdout);
    // One big puzzle (36x36, seconds of checks): stopped in the middle of
    // its dig, nothing written, the statistics still there.
    let child = spawn(&["sudoku", "generate", "--size", "36", "--seed", "1", "--stats"]);
    std::thread::sleep(Duration::from_millis(300));
    signal(&child, "TERM");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(STOPPED));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("dlx: stopped: 0 puzzles made\npuzzles: 0\n"), "{stderr}");
}

#[test]
fn a_stopped_rating_or_explanation_is_no_answer() {
    // A 25x25 puzzle whose walk takes dynamic forcing chains for some 20 s:
    // stopped between two steps, rate and explain write nothing for it and
    // name it as the first not reached.
    let puzzle = dlx(&["sudoku", "generate", "--size", "25", "--seed", "3"]).expect_code(0).stdout;
    let file = scratch_file("stop_rate_25.txt", &puzzle);
    for (task, sig) in [("rate", "INT"), ("explain", "TERM")] {
        let child = spawn(&["sudoku", task, &file]);
        std::thread::sleep(Duration::from_millis(500));
        signal(&child, sig);
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(STOPPED), "{task}");
        assert!(out.stdout.is_empty(), "{task}: {}", String::from_utf8_lossy(&out.stdout));
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("dlx: stopped: 0 answered; not reached: {file}:1 and every puzzle after it\n"),
            "{task}"
        );
    }
}
