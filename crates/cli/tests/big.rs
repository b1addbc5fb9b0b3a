//! Big grids through the command line: a lone puzzle of side 25 or more is
//! raced on every thread (`sudoku_cover::RESTART_SIDE`), and answers as
//! on one thread.

use crate::sudoku::{Checker, lines};
use crate::util::dlx;

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
