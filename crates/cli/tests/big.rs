//! Big grids through the command line: a lone puzzle of side 25 or more is
//! raced on every thread (`sudoku_cover::RESTART_SIDE`), and answers as
//! on one thread.

use crate::sudoku::{Checker, lines};
use crate::util::{dlx, scratch_file};

const SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$%";

#[test]
fn a_lone_big_puzzle_is_solved_on_one_thread_and_on_two() {
    // An empty 25x25 grid (many solutions) and the generated 36x36 puzzles
    // with 30% blank (the first two lines of the file).
    let empty = ".".repeat(625);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/sudoku/big/6x6.txt");
    let set = std::fs::read_to_string(path).unwrap();
    let checks =
        [(5, empty.as_str()), (6, set.lines().next().unwrap()), (6, set.lines().nth(1).unwrap())];
    for (side, puzzle) in checks {
        let checker = Checker::new(side, side, &SYMBOLS[..side * side]);
        let mut answers = Vec::new();
        for threads in ["1", "2"] {
            let out = dlx(&["sudoku", "solve", "-j", threads, puzzle]).run();
            let solution = lines(&out.stdout);
            assert_eq!(solution.len(), 1, "{}", out.stderr);
            checker.assert_solves(puzzle, solution[0]);
            let check = dlx(&["sudoku", "check", "-j", threads, puzzle]).run();
            let checked: Vec<String> = lines(&check.stdout).iter().map(|s| s.to_string()).collect();
            answers.push((out.stderr.contains("not unique"), checked));
        }
        // The same answer on one thread and two: `multiple` with a note for
        // the empty grid.
        assert_eq!(answers[0], answers[1]);
        if side == 5 {
            assert_eq!(answers[0], (true, vec!["multiple".to_owned()]));
        }
    }
}

#[test]
fn stats_count_the_nodes_of_a_raced_big_puzzle() {
    let empty = ".".repeat(625);
    for threads in ["1", "2"] {
        let out = dlx(&["sudoku", "check", "--stats", "-j", threads, &empty]).run();
        assert_eq!(lines(&out.stdout), ["multiple"]);
        let stat = |name: &str| -> u64 {
            out.stderr
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|n| n.trim().parse().ok())
                .unwrap_or_else(|| panic!("no {name} in {}", out.stderr))
        };
        let (nodes, depth) = (stat("nodes: "), stat("depth: "));
        // The winner's nodes, not zero: at least one node for each level it
        // went down. (Not one per blank cell: propagation fills cells
        // without a node, and how many depends on which racer wins.)
        assert!(depth >= 1 && nodes >= depth, "{nodes} nodes, depth {depth}: {}", out.stderr);
    }
}

/// Lines of `data/sudoku/big/8x8.txt`: the first (30% blank, answered in
/// milliseconds) and the third (half blank, which nothing here answers in
/// seconds; see docs/performance.md, "Big sudoku: clause learning").
fn easy_and_hard_64() -> (String, String) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/sudoku/big/8x8.txt");
    let set = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = set.lines().collect();
    (lines[0].to_owned(), lines[2].to_owned())
}

#[test]
fn a_puzzle_past_the_time_limit_is_unknown_and_the_batch_goes_on() {
    let (easy, hard) = easy_and_hard_64();
    let file = scratch_file("time_limit_64.txt", &format!("{hard}\n{easy}\n"));
    let args = |task: &str, limit: &str| -> Vec<String> {
        ["sudoku", task, "--box", "8x8", "-j", "2", "--time-limit", limit, "--stats", &file]
            .map(str::to_owned)
            .to_vec()
    };
    let run = |args: Vec<String>| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        dlx(&args).expect_code(3)
    };
    // The easy puzzle answers as it does without a limit.
    let easy_check = dlx(&["sudoku", "check", "--box", "8x8", &easy]).run();
    let check = run(args("check", "0.5"));
    assert_eq!(lines(&check.stdout), ["unknown", lines(&easy_check.stdout)[0]]);
    assert!(check.stderr.contains("\nunknown: 1\n"), "{}", check.stderr);

    let solve = run(args("solve", "0.5"));
    let solved = lines(&solve.stdout);
    assert_eq!(solved.len(), 2, "{}", solve.stdout);
    assert_eq!(solved[0], "unknown");
    Checker::new(8, 8, SYMBOLS).assert_solves(&easy, solved[1]);

    let easy_count = dlx(&["sudoku", "count", "--box", "8x8", &easy]).run();
    let count = run(args("count", "0.5"));
    let counted = lines(&count.stdout);
    assert_eq!(counted.len(), 2, "{}", count.stdout);
    assert!(counted[0].starts_with("at least "), "{}", count.stdout);
    assert_eq!(counted[1], lines(&easy_count.stdout)[0]);

    // JSON: the status `unknown`.
    let mut json = args("check", "0.5");
    json.splice(2..2, ["--format".to_owned(), "json".to_owned()]);
    let json = run(json);
    assert!(lines(&json.stdout)[0].contains(r#""status":"unknown""#), "{}", json.stdout);
}

#[test]
fn a_lone_puzzle_racing_past_the_time_limit_is_unknown() {
    let (easy, hard) = easy_and_hard_64();
    let out = dlx(&["sudoku", "check", "--box", "8x8", "-j", "2", "--time-limit", "0.5", &hard])
        .expect_code(3);
    assert_eq!(lines(&out.stdout), ["unknown"]);
    // A limit that is not reached changes nothing.
    let limited =
        dlx(&["sudoku", "check", "--box", "8x8", "-j", "2", "--time-limit", "600", &easy]);
    let free = dlx(&["sudoku", "check", "--box", "8x8", "-j", "2", &easy]).run();
    assert_eq!(lines(&limited.run().stdout), lines(&free.stdout));
}

#[test]
fn a_count_too_long_for_the_time_limit_is_a_lower_bound() {
    // The empty 9x9 grid (6.67e21 solutions), counted on all threads past
    // its budget, then the same as pencil marks (every candidate open), each
    // followed by a unique puzzle.
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    for empty in [".".repeat(81), "123456789".repeat(81)] {
        let file = scratch_file("time_limit_count.txt", &format!("{empty}\n{puzzle}\n"));
        for threads in ["1", "2"] {
            let out = dlx(&["sudoku", "count", "-j", threads, "--time-limit", "0.3", &file])
                .expect_code(3);
            let counted = lines(&out.stdout);
            assert_eq!(counted.len(), 2, "{}", out.stdout);
            let n: u128 =
                counted[0].strip_prefix("at least ").expect("a lower bound").parse().unwrap();
            assert!(n > 0, "{}", out.stdout);
            assert_eq!(counted[1], "1");
        }
    }
}

#[test]
fn a_walk_past_the_time_limit_is_out_of_time_and_the_batch_goes_on() {
    // A 25x25 puzzle whose walk takes some 20 s, then a 9x9 one rated in
    // milliseconds.
    let big = dlx(&["sudoku", "generate", "--size", "25", "--seed", "3"]).expect_code(0).stdout;
    let small = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let file = scratch_file("time_limit_rate.txt", &format!("{big}{small}\n"));
    let rated = dlx(&["sudoku", "rate", "--time-limit", "0.5", &file]).expect_code(3);
    let rated = lines(&rated.stdout);
    assert_eq!(rated.len(), 2, "{rated:?}");
    assert!(rated[0].starts_with("? out of time (after "), "{}", rated[0]);
    assert_eq!(rated[1], dlx(&["sudoku", "rate", small]).success().trim_end());
    let json = dlx(&["sudoku", "rate", "-f", "json", "--time-limit", "0.5", &file]).expect_code(3);
    let json = lines(&json.stdout);
    assert!(json[0].contains(r#""status":"unknown""#), "{}", json[0]);
    assert!(json[1].contains(r#""status":"rated""#), "{}", json[1]);
    // explain: the steps taken by then, and the end.
    let explained = dlx(&["sudoku", "explain", "--time-limit", "0.5", &file]).expect_code(3);
    let explained = explained.stdout.split("\n\n").map(str::to_owned).collect::<Vec<_>>();
    assert_eq!(explained.len(), 2, "{explained:?}");
    // (On a loaded machine the first step may take the whole half second.)
    assert_eq!(explained[0].trim_end().lines().last(), Some("? out of time"), "{}", explained[0]);
    assert_eq!(explained[1], dlx(&["sudoku", "explain", small]).success());
}
