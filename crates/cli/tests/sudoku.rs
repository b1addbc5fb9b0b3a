//! `dlx sudoku solve`, `count` and `check`. Answers are verified with a
//! small checker of their own, which knows nothing of exact cover.

use crate::util::{data, dlx, scratch_file};

/// Checks grids against sudoku rules, independently of `dlx`.
pub(crate) struct Checker {
    n: usize,
    symbols: Vec<char>,
    /// Sets of cells that hold every symbol once.
    houses: Vec<Vec<usize>>,
    /// Pairs of cells that must differ.
    pairs: Vec<(usize, usize)>,
}

impl Checker {
    /// Rows, columns and boxes of `box_rows` x `box_cols`.
    pub(crate) fn new(box_rows: usize, box_cols: usize, symbols: &str) -> Checker {
        let n = box_rows * box_cols;
        let mut houses = Vec::new();
        for i in 0..n {
            houses.push((0..n).map(|j| i * n + j).collect());
            houses.push((0..n).map(|j| j * n + i).collect());
        }
        for b in 0..n {
            let (r0, c0) = (b / (n / box_cols) * box_rows, b % (n / box_cols) * box_cols);
            houses.push(
                (0..box_rows)
                    .flat_map(|r| (0..box_cols).map(move |c| (r0 + r) * n + c0 + c))
                    .collect(),
            );
        }
        let symbols = symbols.chars().take(n).collect();
        Checker { n, symbols, houses, pairs: Vec::new() }
    }

    pub(crate) fn classic() -> Checker {
        Checker::new(3, 3, "123456789")
    }

    /// Replaces the boxes with jigsaw regions (one label per cell).
    fn jigsaw(mut self, labels: &str) -> Checker {
        let labels: Vec<char> = labels.chars().filter(|c| !c.is_whitespace()).collect();
        self.houses.retain(|h| {
            // Keep rows and columns: cells in one row or one column.
            h.iter().all(|&c| c / self.n == h[0] / self.n)
                || h.iter().all(|&c| c % self.n == h[0] % self.n)
        });
        let mut distinct = labels.clone();
        distinct.sort();
        distinct.dedup();
        for l in distinct {
            self.houses.push((0..labels.len()).filter(|&i| labels[i] == l).collect());
        }
        self
    }

    fn diagonals(mut self) -> Checker {
        let n = self.n;
        self.houses.push((0..n).map(|i| i * n + i).collect());
        self.houses.push((0..n).map(|i| i * n + n - 1 - i).collect());
        self
    }

    /// The four 3x3 windows of a 9x9 hyper sudoku.
    fn hyper(mut self) -> Checker {
        for (r0, c0) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
            self.houses
                .push((0..3).flat_map(|r| (0..3).map(move |c| (r0 + r) * 9 + c0 + c)).collect());
        }
        self
    }

    fn apart(mut self, moves: &[(isize, isize)]) -> Checker {
        let n = self.n as isize;
        for r in 0..n {
            for c in 0..n {
                for &(dr, dc) in moves {
                    let (r2, c2) = (r + dr, c + dc);
                    if (0..n).contains(&r2) && (0..n).contains(&c2) {
                        self.pairs.push(((r * n + c) as usize, (r2 * n + c2) as usize));
                    }
                }
            }
        }
        self
    }

    fn anti_knight(self) -> Checker {
        self.apart(&[(1, 2), (2, 1), (1, -2), (2, -1)])
    }

    fn anti_king(self) -> Checker {
        self.apart(&[(0, 1), (1, 0), (1, 1), (1, -1)])
    }

    /// Asserts that `solution` (one line of symbols) is a full grid that
    /// obeys the rules and keeps the givens of `puzzle` (one line, `.` or
    /// `0` for blanks).
    pub(crate) fn assert_solves(&self, puzzle: &str, solution: &str) {
        let cells: Vec<char> = solution.chars().collect();
        let given: Vec<char> = puzzle.chars().collect();
        assert_eq!(cells.len(), self.n * self.n, "solution {solution:?} has the wrong length");
        assert_eq!(given.len(), self.n * self.n, "puzzle {puzzle:?} has the wrong length");
        for (i, (&g, &c)) in given.iter().zip(&cells).enumerate() {
            assert!(self.symbols.contains(&c), "cell {i} holds {c:?} in {solution}");
            if g != '.' && g != '0' {
                assert_eq!(g, c, "cell {i}: the given {g} became {c} in {solution}");
            }
        }
        for house in &self.houses {
            let mut seen: Vec<char> = house.iter().map(|&i| cells[i]).collect();
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), self.n, "house {house:?} repeats a symbol in {solution}");
        }
        for &(a, b) in &self.pairs {
            assert_ne!(cells[a], cells[b], "cells {a} and {b} are equal in {solution}");
        }
    }
}

pub(crate) fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

#[test]
fn solve_answers_each_line_with_a_valid_solution() {
    let puzzles = fixture!("top95_first5.txt");
    let out = dlx(&["sudoku", "solve", &data("top95_first5.txt")]).success();
    let answers = lines(&out);
    assert_eq!(answers.len(), 5);
    for (p, s) in lines(puzzles).iter().zip(&answers) {
        Checker::classic().assert_solves(p, s);
    }
}

#[test]
fn solve_reads_stdin_and_dash() {
    let puzzles = fixture!("top95_first5.txt");
    let from_file = dlx(&["sudoku", "solve", &data("top95_first5.txt")]).success();
    assert_eq!(dlx(&["sudoku", "solve"]).stdin(puzzles).success(), from_file);
    assert_eq!(dlx(&["sudoku", "solve", "-"]).stdin(puzzles).success(), from_file);
}

#[test]
fn files_are_answered_in_order_with_stdin_between() {
    let first = fixture!("top95_first5.txt");
    let second = fixture!("kaggle_first200.txt");
    let out =
        dlx(&["sudoku", "solve", &data("top95_first5.txt"), "-", &data("kaggle_first200.txt")])
            .stdin(fixture!("serg_first3.txt"))
            .expect_code(0);
    // The serg puzzles have several solutions each.
    let notes: Vec<String> = (1..=3)
        .map(|i| format!("<stdin>:{i}: not unique: this is one of several solutions"))
        .collect();
    assert_eq!(lines(&out.stderr), notes);
    let puzzles: Vec<&str> =
        first.lines().chain(fixture!("serg_first3.txt").lines()).chain(second.lines()).collect();
    let answers = lines(&out.stdout);
    assert_eq!(answers.len(), puzzles.len());
    for (p, s) in puzzles.iter().zip(&answers) {
        Checker::classic().assert_solves(p, s);
    }
}

#[test]
fn a_large_batch_keeps_input_order_on_any_number_of_threads() {
    let path = data("kaggle_first200.txt");
    let one = dlx(&["sudoku", "solve", "--threads", "1", &path]).success();
    let many = dlx(&["sudoku", "solve", "-j", "4", &path]).success();
    assert_eq!(one, many);
    let default = dlx(&["sudoku", "solve", &path]).success();
    assert_eq!(one, default);
    for (p, s) in lines(fixture!("kaggle_first200.txt")).iter().zip(lines(&one)) {
        Checker::classic().assert_solves(p, s);
    }
}

#[test]
fn grids_are_answered_with_grids() {
    let out = dlx(&["sudoku", "solve", &data("grids.txt")]).success();
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), 2, "two grids separated by a blank line:\n{out}");
    let line = dlx(&["sudoku", "solve", "--format", "line", &data("grids.txt")]).success();
    let puzzles = lines(fixture!("top95_first5.txt"));
    for ((block, solution), puzzle) in blocks.iter().zip(lines(&line)).zip(puzzles) {
        Checker::classic().assert_solves(puzzle, solution);
        // The grid holds the same symbols, row by row, with separators.
        let cells: String = block.chars().filter(char::is_ascii_digit).collect();
        assert_eq!(cells, solution);
        assert_eq!(block.lines().count(), 11, "9 rows and 2 rules:\n{block}");
    }
}

#[test]
fn format_grid_turns_lines_into_grids() {
    let out = dlx(&["sudoku", "solve", "--format", "grid", &data("top95_first5.txt")]).success();
    assert_eq!(out.split("\n\n").count(), 5);
    assert!(out.starts_with("4 1 7 | 3 6 9 | 8 2 5\n"), "{out}");
}

#[test]
fn format_json_is_one_object_per_line() {
    let out = dlx(&["sudoku", "solve", "--format", "json"])
        .stdin(fixture!("statuses.txt"))
        .expect_code(2);
    let objects: Vec<serde_json::Value> =
        out.stdout.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    let statuses: Vec<&str> = objects.iter().map(|o| o["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["solved", "no solution", "solved", "invalid", "invalid", "solved"]);
    let first = &objects[0];
    assert_eq!(first["line"], 1);
    assert_eq!(first["file"], "<stdin>");
    let puzzle = first["puzzle"].as_str().unwrap();
    assert_eq!(puzzle, lines(fixture!("statuses.txt"))[0]);
    Checker::classic().assert_solves(puzzle, first["solution"].as_str().unwrap());
    assert!(objects[1]["solution"].is_null());
    assert_eq!(objects[3]["error"], "<stdin>:4: r9c3 and r9c8 both hold 4");
    assert_eq!(objects[4]["line"], 5);
    assert!(objects[4]["puzzle"].is_null());
}

#[test]
fn sixteen_by_sixteen() {
    let out = dlx(&["sudoku", "solve", &data("16x16_first2.txt")]).success();
    let symbols = "123456789ABCDEFG";
    for (p, s) in lines(fixture!("16x16_first2.txt")).iter().zip(lines(&out)) {
        Checker::new(4, 4, symbols).assert_solves(p, s);
    }
}

#[test]
fn a_bad_line_in_the_middle_of_a_batch() {
    let path = data("statuses.txt");
    let out = dlx(&["sudoku", "solve", &path]).expect_code(2);
    let answers = lines(&out.stdout);
    assert_eq!(answers.len(), 6, "one answer per puzzle:\n{}", out.stdout);
    assert_eq!(answers[1], "no solution");
    assert_eq!(&answers[3..5], ["invalid", "invalid"]);
    let puzzles = lines(fixture!("statuses.txt"));
    for i in [0, 2, 5] {
        Checker::classic().assert_solves(puzzles[i], answers[i]);
    }
    // The reasons, as `file:line: message`, in order, and a note on the
    // puzzle with several solutions.
    let reasons = lines(&out.stderr);
    assert_eq!(reasons.len(), 3, "{}", out.stderr);
    assert_eq!(reasons[0], format!("{path}:3: not unique: this is one of several solutions"));
    assert_eq!(reasons[1], format!("{path}:4: r9c3 and r9c8 both hold 4"));
    assert_eq!(reasons[2], format!("{path}:5:79: unknown symbol 'x'"));
}

/// Regression: the reader once took `12345x` for the first row of a 6x6 grid
/// and skipped the next lines as its rows, one-line puzzles included.
#[test]
fn a_short_bad_line_does_not_swallow_the_puzzles_after_it() {
    let puzzles = lines(fixture!("top95_first5.txt"));
    let input = format!("12345x\n{}\n{}\n", puzzles[0], puzzles[1]);
    let out = dlx(&["sudoku", "check"]).stdin(input).expect_code(2);
    assert_eq!(out.stdout, "invalid\nunique\nunique\n");
}

#[test]
fn check_words_and_statuses() {
    let out = dlx(&["sudoku", "check", &data("statuses.txt")]).expect_code(2);
    assert_eq!(out.stdout, "unique\nnone\nmultiple\ninvalid\ninvalid\nunique\n");
    assert_eq!(
        dlx(&["sudoku", "check", &data("top95_first5.txt")]).success(),
        "unique\n".repeat(5)
    );
    let out = dlx(&["sudoku", "check", &data("serg_first3.txt")]).expect_code(1);
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("multiple\n".repeat(3).as_str(), ""));
    let none = lines(fixture!("statuses.txt"))[1];
    let out = dlx(&["sudoku", "check"]).stdin(none).expect_code(1);
    assert_eq!(out.stdout, "none\n");
}

#[test]
fn count_known_values() {
    // The 4x4 sudoku has 288 solutions; a proper puzzle has one.
    assert_eq!(dlx(&["sudoku", "count"]).stdin(".".repeat(16)).success(), "288\n");
    assert_eq!(dlx(&["sudoku", "count", &data("top95_first5.txt")]).success(), "1\n".repeat(5));
    let out = dlx(&["sudoku", "count", "--limit", "2", &data("serg_first3.txt")]).success();
    assert_eq!(out, "2\n2\n2\n");
    let out = dlx(&["sudoku", "count", "-n", "1000"]).stdin(".".repeat(16)).success();
    assert_eq!(out, "288\n");
}

/// The serg puzzles' full counts (872, 83 and 148 solutions), with and
/// without dominance, under each item-choice rule, on one thread and on
/// several: the same numbers.
#[test]
fn counts_do_not_depend_on_propagation_heuristic_or_threads() {
    for propagation in ["dominance", "none"] {
        for heuristic in ["mrv-most-removed", "mrv", "first"] {
            for threads in ["1", "3"] {
                let args = [
                    "sudoku",
                    "count",
                    "--propagation",
                    propagation,
                    "--heuristic",
                    heuristic,
                    "-j",
                    threads,
                ];
                let out = dlx(&[&args[..], &[&data("serg_first3.txt")]].concat()).success();
                assert_eq!(out, "872\n83\n148\n", "{propagation}, {heuristic}, {threads} threads");
            }
        }
    }
}

#[test]
fn count_statuses() {
    // The empty grid has too many solutions to count: stop at 5.
    // An invalid puzzle counts 0 (its reason on stderr, and exit 2).
    let out = dlx(&["sudoku", "count", "--limit", "5", &data("statuses.txt")]).expect_code(2);
    assert_eq!(out.stdout, "1\n0\n5\n0\n0\n1\n");
    let none = lines(fixture!("statuses.txt"))[1];
    assert_eq!(dlx(&["sudoku", "count"]).stdin(none).expect_code(1).stdout, "0\n");
}

#[test]
fn solve_without_solution_exits_1() {
    let none = lines(fixture!("statuses.txt"))[1];
    let out = dlx(&["sudoku", "solve"]).stdin(none).expect_code(1);
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("no solution\n", ""));
}

#[test]
fn an_unreadable_file_is_named_and_the_batch_goes_on() {
    let good = data("top95_first5.txt");
    let out = dlx(&["sudoku", "check", "no/such/puzzles.txt", &good]).expect_code(2);
    assert_eq!(out.stdout, "unique\n".repeat(5));
    assert!(out.stderr.starts_with("dlx: no/such/puzzles.txt: "), "{}", out.stderr);
}

#[test]
fn an_empty_input_is_an_error() {
    for command in ["solve", "count", "check"] {
        let out = dlx(&["sudoku", command]).expect_code(2);
        assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("", "dlx: no puzzle in <stdin>\n"));
    }
    let empty = crate::util::scratch_file("comments_only.txt", "# no puzzle here\n\n");
    let out = dlx(&["sudoku", "count", &empty, &data("top95_first5.txt")]).expect_code(2);
    assert_eq!(out.stdout, "1\n".repeat(5));
    assert_eq!(out.stderr, format!("dlx: no puzzle in {empty}\n"));
}

#[test]
fn variants() {
    let empty = ".".repeat(81);
    let cases: [(&str, Checker); 4] = [
        ("x", Checker::classic().diagonals()),
        ("hyper", Checker::classic().hyper()),
        ("anti-knight", Checker::classic().anti_knight()),
        ("x,anti-king", Checker::classic().diagonals().anti_king()),
    ];
    for (variant, checker) in cases {
        let out = dlx(&["sudoku", "solve", "--variant", variant]).stdin(&empty).expect_code(0);
        checker.assert_solves(&empty, out.stdout.trim_end());
    }
}

#[test]
fn a_variant_that_does_not_fit_makes_the_puzzle_invalid() {
    // A 5x5 grid has boxes of one row; hyper windows need 2x2 boxes.
    let out = dlx(&["sudoku", "solve", "--variant", "hyper", "--box", "1x5"])
        .stdin(".".repeat(25))
        .expect_code(2);
    assert_eq!(out.stdout, "invalid\n");
    assert!(out.stderr.starts_with("<stdin>:1: hyper windows need boxes"), "{}", out.stderr);
}

#[test]
fn box_shapes() {
    let empty = ".".repeat(36);
    for (shape, (r, c)) in [("2x3", (2, 3)), ("3x2", (3, 2))] {
        let out = dlx(&["sudoku", "solve", "--box", shape]).stdin(&empty).expect_code(0);
        Checker::new(r, c, "123456").assert_solves(&empty, out.stdout.trim_end());
    }
}

#[test]
fn jigsaw_regions() {
    let regions = fixture!("jigsaw6.txt");
    let empty = ".".repeat(36);
    let out =
        dlx(&["sudoku", "solve", "--regions", &data("jigsaw6.txt")]).stdin(&empty).expect_code(0);
    let out = out.stdout;
    Checker::new(2, 3, "123456").jigsaw(regions).assert_solves(&empty, out.trim_end());
    // As a grid: rows of cells, without box separators that would mislead.
    let grid = dlx(&["sudoku", "solve", "-f", "grid", "-r", &data("jigsaw6.txt")])
        .stdin(&empty)
        .expect_code(0)
        .stdout;
    let rows: Vec<String> = grid.lines().map(|l| l.replace(' ', "")).collect();
    assert_eq!(rows.concat(), out.trim_end(), "{grid}");
}

#[test]
fn bad_regions_are_an_error_before_any_work() {
    let path = scratch_file("bad_regions.txt", "AAB\nBBA\nAAB\n");
    let out = dlx(&["sudoku", "solve", "--regions", &path]).stdin(".".repeat(81)).expect_code(2);
    assert_eq!(out.stdout, "");
    assert!(out.stderr.starts_with(&format!("dlx: {path}:")), "{}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 1);
    let out = dlx(&["sudoku", "solve", "--regions", "no/such/regions.txt"]).expect_code(2);
    assert!(out.stderr.starts_with("dlx: no/such/regions.txt: "), "{}", out.stderr);
}

#[test]
fn custom_symbols() {
    let digits = lines(fixture!("top95_first5.txt"))[0];
    let letters: String = digits
        .chars()
        .map(|c| if c == '.' { c } else { (b'A' + (c as u8 - b'1')) as char })
        .collect();
    let out = dlx(&["sudoku", "solve", "--symbols", "ABCDEFGHI"]).stdin(&letters).success();
    Checker::new(3, 3, "ABCDEFGHI").assert_solves(&letters, out.trim_end());
    let out = dlx(&["sudoku", "solve", "--symbols", "12.4"]).expect_code(2);
    assert!(out.stderr.starts_with("dlx: --symbols: "), "{}", out.stderr);
}

#[test]
fn stats_for_a_batch() {
    let out = dlx(&["sudoku", "check", "--stats", &data("statuses.txt")]).expect_code(2);
    let keys: Vec<&str> =
        out.stderr.lines().filter_map(|l| l.split_once(": ")).map(|(k, _)| k).collect();
    for key in [
        "puzzles",
        "solved",
        "no-solution",
        "invalid",
        "unique",
        "multiple",
        "items",
        "options",
        "solutions",
        "nodes",
        "updates",
        "time",
        "puzzles/s",
        "updates/s",
    ] {
        assert!(keys.contains(&key), "no {key} in\n{}", out.stderr);
    }
    for line in
        ["puzzles: 6", "solved: 3", "no-solution: 1", "invalid: 2", "unique: 2", "multiple: 1"]
    {
        assert!(out.stderr.lines().any(|l| l == line), "no `{line}` in\n{}", out.stderr);
    }
}

#[test]
fn a_mixed_batch_is_answered_alike_on_any_number_of_threads() {
    // Lines and grids, errors and notes, over many chunks: one thread reads
    // on a thread of its own, more read, solve and write on the workers.
    let block = format!("{}{}", fixture!("statuses.txt"), fixture!("grids.txt"));
    let path = scratch_file("mixed_batch.txt", &block.repeat(100));
    for format in ["text", "json"] {
        let run = |threads: &str| {
            let out = dlx(&["sudoku", "solve", "-j", threads, "--format", format, &path]).run();
            (out.code, out.stdout, out.stderr)
        };
        let one = run("1");
        assert_eq!(one.0, Some(2));
        assert_eq!(lines(&one.2).len(), 300, "three reasons a block");
        assert!(one.2.contains(&format!("{path}:2776: r9c3 and r9c8 both hold 4")), "{}", one.2);
        for threads in ["2", "3"] {
            assert!(run(threads) == one, "{format}, {threads} threads");
        }
    }
}
