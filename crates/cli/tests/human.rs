//! `dlx sudoku rate`, `hint` and `explain`, and puzzles given as pencil
//! marks in every sudoku command.

use serde_json::Value;

use crate::util::{data, dlx};

/// The ratings of `rated.txt`, line by line.
const RATINGS: [&str; 7] = [
    "1.5 Hidden Single",
    "2.6 Pointing",
    "3.2 X-Wing",
    "4.2 XY-Wing",
    "4.5 Unique Rectangle type 1",
    "5.6 BUG type 1",
    "10.5 Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
];

/// What `rate` says of `stuck.txt`, a 16x16 puzzle past the chains the
/// ladder searches there: its grid holds too many candidates for the
/// nested forcing chains when the others get stuck (the second of `dlx
/// sudoku generate --size 16 --seed 22 --count 3 --minimal`).
const STUCK: &str =
    "? beyond the techniques known (after 10.3 Dynamic Contradiction Forcing Chains (+))";

fn puzzles() -> Vec<&'static str> {
    fixture!("rated.txt").lines().collect()
}

/// The pencil marks of a 9x9 puzzle: every digit no given it sees holds.
fn marks_of(puzzle: &str) -> String {
    let cells: Vec<u8> = puzzle.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
    let sees = |a: usize, b: usize| {
        a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3)
    };
    let mut out = String::new();
    for cell in 0..81 {
        for d in 1..=9u8 {
            let possible = match cells[cell] {
                0 => !(0..81).any(|o| o != cell && sees(cell, o) && cells[o] == d),
                v => v == d,
            };
            out.push(if possible { char::from(b'0' + d) } else { '.' });
        }
    }
    out
}

/// Removes digit `d` from cell `cell` of a pencil-mark line.
fn rule_out(marks: &str, cell: usize, d: u8) -> String {
    let mut bytes = marks.as_bytes().to_vec();
    bytes[cell * 9 + usize::from(d) - 1] = b'.';
    String::from_utf8(bytes).unwrap()
}

#[test]
fn rate_prints_the_difficulty_and_the_hardest_technique() {
    // The last, AI Escargot (SE 10.5), needs nested forcing chains.
    let expected = RATINGS.join("\n") + "\n";
    for threads in ["1", "3"] {
        let out = dlx(&["sudoku", "rate", "-j", threads, &data("rated.txt")]).success();
        assert_eq!(out, expected);
    }
    let easy = puzzles()[..6].join("\n");
    assert_eq!(dlx(&["sudoku", "rate"]).stdin(easy).success(), RATINGS[..6].join("\n") + "\n");
    // One beyond the techniques known: status 1.
    let out = dlx(&["sudoku", "rate", &data("stuck.txt")]).expect_code(1);
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), (format!("{STUCK}\n").as_str(), ""));
}

#[test]
fn rate_says_when_a_puzzle_has_no_single_solution() {
    let out = dlx(&["sudoku", "rate", &data("statuses.txt")]).expect_code(2);
    assert_eq!(
        out.stdout,
        "2.6 Pointing\nno solution\nnot unique\ninvalid\ninvalid\n2.6 Pointing\n"
    );
    let errors: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(errors.len(), 2, "{}", out.stderr);
    assert!(errors[0].ends_with("statuses.txt:4: r9c3 and r9c8 both hold 4"), "{}", errors[0]);
    assert!(errors[1].ends_with("statuses.txt:5:79: unknown symbol 'x'"), "{}", errors[1]);
    let multiple = fixture!("serg_first3.txt").lines().next().unwrap();
    assert_eq!(dlx(&["sudoku", "rate", multiple]).expect_code(1).stdout, "not unique\n");
}

#[test]
fn rate_as_json() {
    let out = dlx(&["sudoku", "rate", "--format", "json", &data("rated.txt")]).success();
    let records: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), 7);
    assert_eq!(records[2]["status"], "rated");
    assert_eq!(records[2]["rating"], 3.2);
    assert_eq!(records[2]["technique"], "X-Wing");
    assert_eq!(records[2]["puzzle"], puzzles()[2]);
    assert!(records[2]["steps"].as_u64().unwrap() >= 64);
    assert_eq!(records[6]["status"], "rated");
    assert_eq!(records[6]["rating"], 10.5);
    let out = dlx(&["sudoku", "rate", "-f", "json", &data("stuck.txt")]).expect_code(1);
    let stuck: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!((stuck["status"].as_str(), stuck["rating"].as_f64()), (Some("stuck"), Some(10.3)));
    assert_eq!(stuck["technique"], "Dynamic Contradiction Forcing Chains (+)");
    let out = dlx(&["sudoku", "rate", "-f", "json", &data("statuses.txt")]).expect_code(2);
    let statuses: Vec<String> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["status"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(statuses, ["rated", "no solution", "not unique", "invalid", "invalid", "rated"]);
}

#[test]
fn hint_gives_the_easiest_step() {
    let puzzle =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let out = dlx(&["sudoku", "hint", puzzle]).success();
    assert_eq!(out, "Hidden Single: r2c2 = 6 (only place for 6 in box 1)\n");
    let json: Value =
        serde_json::from_str(&dlx(&["sudoku", "hint", "-f", "json", puzzle]).success()).unwrap();
    assert_eq!(json["status"], "hint");
    let step = &json["step"];
    assert_eq!(step["technique"], "Hidden Single");
    assert_eq!(step["difficulty"], 1.2);
    assert_eq!(step["houses"], serde_json::json!(["box 1"]));
    assert_eq!(step["placements"], serde_json::json!([{"cell": "r2c2", "digit": 6}]));
    // A solved grid, and a position of AI Escargot's walk whose next
    // step is a nested forcing chain, each off a nested pattern or chain
    // found named.
    let solved = dlx(&["sudoku", "solve", puzzle]).success();
    assert_eq!(dlx(&["sudoku", "hint"]).stdin(&solved).success(), "solved\n");
    let out = dlx(&["sudoku", "hint", "-j", "1", &data("nested_marks.txt")]).success();
    let nested = "Dynamic Region Forcing Chains (+ Forcing Chains): r3c8,r5c8,r6c8 {3}: r6c8<>7 (";
    assert!(out.starts_with(nested), "{out}");
    assert!(out.contains("r2c7<>7 (Forcing Chain) -> r6c8<>7 (Pointing)"), "{out}");
    // A lone puzzle's nested chains searched on three threads: the same.
    assert_eq!(dlx(&["sudoku", "hint", "-j", "3", &data("nested_marks.txt")]).success(), out);
}

/// Walks `explain --format json`'s steps on the puzzle, checking each
/// against the solution `solve` finds; returns the grid they leave.
fn replay(puzzle: &str) -> (String, String, Value) {
    let solution = dlx(&["sudoku", "solve", puzzle]).success().trim().to_owned();
    let out = dlx(&["sudoku", "explain", "-f", "json", puzzle]).run();
    let record: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    let mut grid: Vec<u8> = puzzle.bytes().collect();
    let index = |cell: &str| {
        let (r, c) = cell[1..].split_once('c').unwrap();
        (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1
    };
    for step in record["path"].as_array().unwrap() {
        for p in step["placements"].as_array().unwrap() {
            let (cell, digit) = (index(p["cell"].as_str().unwrap()), p["digit"].as_u64().unwrap());
            assert_eq!(u64::from(solution.as_bytes()[cell] - b'0'), digit, "{step}");
            grid[cell] = b'0' + digit as u8;
        }
        for e in step["eliminations"].as_array().unwrap() {
            let (cell, digit) = (index(e["cell"].as_str().unwrap()), e["digit"].as_u64().unwrap());
            assert_ne!(u64::from(solution.as_bytes()[cell] - b'0'), digit, "{step}");
        }
    }
    (String::from_utf8(grid).unwrap(), solution, record)
}

#[test]
fn explain_walks_to_the_solution() {
    for (puzzle, rating) in puzzles().into_iter().zip(RATINGS) {
        let (grid, solution, record) = replay(puzzle);
        if rating.starts_with('?') {
            assert_eq!(record["status"], "stuck");
            assert_ne!(grid, solution);
        } else {
            assert_eq!(record["status"], "solved");
            assert_eq!(grid, solution, "{puzzle}");
            let (d, t) = rating.split_once(' ').unwrap();
            assert_eq!(
                (record["rating"].to_string(), record["technique"].as_str()),
                (d.to_owned(), Some(t))
            );
        }
    }
}

#[test]
fn steps_are_written_in_the_puzzles_symbols() {
    let out = dlx(&["sudoku", "hint", &data("16x16_first2.txt")]).success();
    assert_eq!(out.lines().next(), Some("Hidden Single: r2c4 = A (only place for A in box 1)"));
    let out = dlx(&["sudoku", "hint", &data("16x16_numbers.txt")]).success();
    assert_eq!(out, "Hidden Single: r2c4 = 10 (only place for 10 in box 1)\n");
}

#[test]
fn explain_text_is_a_step_a_line_and_puzzles_apart() {
    let two = format!("{}\n{}", puzzles()[0], fixture!("stuck.txt"));
    let out = dlx(&["sudoku", "explain"]).stdin(two).expect_code(1);
    let blocks: Vec<&str> = out.stdout.split("\n\n").collect();
    assert_eq!(blocks.len(), 2);
    let first: Vec<&str> = blocks[0].lines().collect();
    assert_eq!(first.len(), 81 - 17);
    assert!(first.iter().all(|l| l.contains(" = ")), "only placements: {first:?}");
    assert_eq!(blocks[1].lines().last(), Some("? beyond the techniques known"));
    assert_eq!(
        dlx(&["sudoku", "explain", puzzles()[0]]).success().lines().next(),
        dlx(&["sudoku", "hint", puzzles()[0]]).success().lines().next()
    );
}

#[test]
fn pencil_marks_in_every_command() {
    // A puzzle of several solutions, made unique by ruling out one
    // solution's digit where the two first differ.
    let puzzle = fixture!("serg_first3.txt").lines().next().unwrap();
    let two = dlx(&["sudoku", "solve", "--limit", "2", "-f", "line", puzzle]).success();
    let (a, b) = two.trim().split_once('\n').unwrap();
    let cell = a.bytes().zip(b.bytes()).position(|(x, y)| x != y).unwrap();
    let marks = rule_out(&marks_of(puzzle), cell, b.as_bytes()[cell] - b'0');
    assert_eq!(marks.len(), 729);
    let count = dlx(&["sudoku", "count", &marks]).success();
    let full = dlx(&["sudoku", "count", puzzle]).success();
    assert!(count.trim().parse::<u64>().unwrap() < full.trim().parse::<u64>().unwrap());
    let listed = dlx(&["sudoku", "solve", "--all", &marks]).success();
    assert_eq!(listed.lines().count().to_string(), count.trim());
    assert!(listed.lines().all(|l| l.len() == 81 && l.as_bytes()[cell] != b.as_bytes()[cell]));
    // The marks of the puzzle itself: the same answers as its givens.
    let plain = marks_of(puzzles()[1]);
    assert_eq!(
        dlx(&["sudoku", "solve", &plain]).success(),
        dlx(&["sudoku", "solve", puzzles()[1]]).success()
    );
    assert_eq!(dlx(&["sudoku", "check", &plain]).success(), "unique\n");
    assert_eq!(dlx(&["sudoku", "count", &plain]).success(), "1\n");
    assert_eq!(dlx(&["sudoku", "rate", &plain]).success(), "2.6 Pointing\n");
    // Ruling out what the first hint uses changes the hint.
    let hint = dlx(&["sudoku", "hint", &plain]).success();
    let json: Value =
        serde_json::from_str(&dlx(&["sudoku", "hint", "-f", "json", &plain]).success()).unwrap();
    assert_eq!(json["puzzle"], plain.as_str());
    let placed = &json["step"]["placements"][0];
    let cell = placed["cell"].as_str().unwrap();
    let (r, c) = cell[1..].split_once('c').unwrap();
    let index = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
    let digit = placed["digit"].as_u64().unwrap() as u8;
    let solution = dlx(&["sudoku", "solve", puzzles()[1]]).success();
    let other = (1..=9u8).find(|&d| {
        d != digit && marks_of(puzzles()[1]).as_bytes()[index * 9 + usize::from(d) - 1] != b'.'
    });
    if let Some(other) = other {
        // Without a wrong candidate the puzzle is the same, the hint may not be.
        assert_ne!(u64::from(solution.as_bytes()[index] - b'0'), u64::from(other));
        let narrowed = rule_out(&plain, index, other);
        assert_eq!(dlx(&["sudoku", "check", &narrowed]).success(), "unique\n");
        assert!(!dlx(&["sudoku", "hint", &narrowed]).success().is_empty());
    }
    assert!(hint.starts_with("Hidden Single"));
}

#[test]
fn bad_pencil_marks_name_line_and_column() {
    let marks = marks_of(puzzles()[1]);
    let mut bad = marks.clone().into_bytes();
    // Cell 3, place 5: a '7' where only '5' or '.' may go.
    bad[22] = b'7';
    let input = format!("# pencil marks\n{}\n{}\n", String::from_utf8(bad).unwrap(), marks);
    for command in ["solve", "check", "count", "rate", "hint", "explain"] {
        let out = dlx(&["sudoku", command]).stdin(&input).expect_code(2);
        assert_eq!(
            out.stderr,
            "<stdin>:2:23: pencil marks: '7' where this cell's candidate '5' (or `.`) goes\n",
            "{command}"
        );
    }
    let none = rule_out(&rule_out(&marks, 0, 1), 0, 5);
    let cleared: String = none[..9].chars().map(|_| '.').chain(none[9..].chars()).collect();
    let out = dlx(&["sudoku", "check", &cleared]).expect_code(2);
    assert!(out.stderr.ends_with(":1:9: pencil marks: r1c1 has no candidate\n"), "{}", out.stderr);
}
