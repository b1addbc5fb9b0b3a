//! Sudoku puzzles as people write them, and answers in the same form:
//! numbers for numbers, the same symbols and separators, a grid for a grid;
//! options that contradict a puzzle; errors that say what is wrong; several
//! solutions listed or noted; a puzzle on the command line.

use crate::sudoku::Checker;
use crate::util::{data, dlx, scratch_file};

/// The first puzzle of top95, and its one solution.
const TOP95: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const TOP95_SOLVED: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// The first 16x16 puzzle of the fixture, in the default symbols.
fn sixteen() -> &'static str {
    fixture!("16x16_first2.txt").lines().next().unwrap()
}

/// A one-line puzzle in the default symbols, written in numbers set apart
/// by `separator` (`0` for a blank).
fn in_numbers(puzzle: &str, symbols: &str, separator: &str) -> String {
    let values: Vec<String> =
        puzzle.chars().map(|c| symbols.find(c).map_or(0, |i| i + 1).to_string()).collect();
    values.join(separator)
}

/// A line of numbers back in the default symbols (`.` for 0).
fn from_numbers(line: &str, separator: &str, symbols: &str) -> String {
    line.split(separator)
        .map(|v| match v.trim().parse::<usize>().unwrap_or(0) {
            0 => '.',
            v => symbols.chars().nth(v - 1).unwrap(),
        })
        .collect()
}

const SIXTEEN_SYMBOLS: &str = "123456789ABCDEFG";

#[test]
fn a_sixteen_by_sixteen_in_numbers_is_answered_in_numbers() {
    for separator in [" ", ",", ", "] {
        let puzzle = in_numbers(sixteen(), SIXTEEN_SYMBOLS, separator);
        let out = dlx(&["sudoku", "solve"]).stdin(&puzzle).success();
        let answer = out.trim_end();
        assert!(answer.contains("16"), "{answer}");
        assert_eq!(answer.split(separator).count(), 256, "{separator:?}: {answer}");
        let solution = from_numbers(answer, separator, SIXTEEN_SYMBOLS);
        Checker::new(4, 4, SIXTEEN_SYMBOLS).assert_solves(sixteen(), &solution);
    }
}

#[test]
fn a_sixteen_by_sixteen_grid_in_numbers_is_answered_with_a_grid_in_numbers() {
    let rows: Vec<String> = (0..16)
        .map(|r| in_numbers(&sixteen()[r * 16..(r + 1) * 16], SIXTEEN_SYMBOLS, " "))
        .collect();
    let out = dlx(&["sudoku", "solve"]).stdin(rows.join("\n")).success();
    let rows: Vec<&str> = out.lines().filter(|l| !l.starts_with('-')).collect();
    assert_eq!(rows.len(), 16, "{out}");
    let line: Vec<String> = rows
        .iter()
        .map(|r| r.replace('|', " "))
        .map(|r| r.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let solution = from_numbers(&line.join(" "), " ", SIXTEEN_SYMBOLS);
    Checker::new(4, 4, SIXTEEN_SYMBOLS).assert_solves(sixteen(), &solution);
}

#[test]
fn a_spaced_line_is_answered_with_the_same_separators() {
    let spaced: Vec<String> = TOP95.chars().map(String::from).collect();
    let out = dlx(&["sudoku", "solve"]).stdin(spaced.join(" ")).success();
    let expected: Vec<String> = TOP95_SOLVED.chars().map(String::from).collect();
    assert_eq!(out, format!("{}\n", expected.join(" ")));
}

#[test]
fn custom_symbols_are_answered_in_the_same_symbols() {
    let letters: String = TOP95
        .chars()
        .map(|c| if c == '.' { c } else { (b'A' + (c as u8 - b'1')) as char })
        .collect();
    let out = dlx(&["sudoku", "solve", "--symbols", "ABCDEFGHI", &letters]).success();
    Checker::new(3, 3, "ABCDEFGHI").assert_solves(&letters, out.trim_end());
}

/// A full 64x64 grid in the default symbols, a few of its cells blank.
fn sixty_four() -> String {
    let symbols: Vec<char> =
        "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$%".chars().collect();
    let mut cells = String::new();
    for r in 0..64 {
        for c in 0..64 {
            let v = (8 * (r % 8) + r / 8 + c) % 64;
            cells.push(if (r * 64 + c) % 97 == 0 { '.' } else { symbols[v] });
        }
    }
    cells
}

#[test]
fn a_sixty_four_by_sixty_four_is_answered_in_the_default_symbols() {
    let puzzle = sixty_four();
    let out = dlx(&["sudoku", "solve"]).stdin(&puzzle).success();
    let symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$%";
    Checker::new(8, 8, symbols).assert_solves(&puzzle, out.trim_end());
    assert!(out.contains('@') && out.contains('%'));
}

#[test]
fn the_symbols_help_lists_the_default_symbols_past_35() {
    let out = dlx(&["sudoku", "solve", "--help"]).success();
    let help = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("`123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$%`"),
        "{out}"
    );
    assert!(help.contains("`@`, `$` and `%`"), "{out}");
}

#[test]
fn too_few_symbols_for_the_puzzle_are_an_error() {
    let out = dlx(&["sudoku", "solve", "--symbols", "ABCD"]).stdin(TOP95).expect_code(2);
    assert_eq!(out.stdout, "invalid\n");
    assert_eq!(
        out.stderr,
        "<stdin>:1: --symbols ABCD has 4 symbols, too few for this 9x9 puzzle\n"
    );
    // Enough symbols for a 4x4: fine.
    let out = dlx(&["sudoku", "count", "--symbols", "ABCD"]).stdin("AB..............").success();
    assert_eq!(out, "24\n");
}

#[test]
fn a_box_that_does_not_fit_the_puzzle_is_an_error() {
    let batch = format!("{TOP95}\n{}\n", ".".repeat(16));
    let out = dlx(&["sudoku", "count", "--box", "2x2"]).stdin(batch).expect_code(2);
    assert_eq!(out.stdout, "0\n288\n");
    assert_eq!(out.stderr, "<stdin>:1: --box 2x2 makes 4x4 puzzles, but this puzzle is 9x9\n");
}

#[test]
fn regions_for_another_size_name_both_sizes() {
    let regions = data("jigsaw6.txt");
    let out = dlx(&["sudoku", "solve", "--regions", &regions]).stdin(".".repeat(16)).expect_code(2);
    assert_eq!(out.stdout, "invalid\n");
    assert_eq!(
        out.stderr,
        format!(
            "<stdin>:1: the regions in {regions} are for 6x6 puzzles, but this puzzle is 4x4\n"
        )
    );
}

#[test]
fn a_grid_with_spaces_for_blanks_is_one_clear_error() {
    let spaced = "53  7    \n6  195   \n 98    6 \n8   6   3\n4  8 3  1\n7   2   6\n 6    28 \n   419  5\n    8  79\n";
    let path = scratch_file("spaces_for_blanks.txt", &format!("{spaced}\n{TOP95}\n"));
    let out = dlx(&["sudoku", "solve", &path]).expect_code(2);
    assert_eq!(out.stdout, format!("invalid\n\n{TOP95_SOLVED}\n"));
    assert_eq!(
        out.stderr,
        format!(
            "{path}:1:1: this grid seems to use spaces for blank cells: write a blank as `.` or \
             `0` (spaces only separate cells)\n"
        )
    );
}

#[test]
fn a_trailing_comment_on_a_puzzle_line_is_ignored() {
    let out = dlx(&["sudoku", "solve"]).stdin(format!("{TOP95}   # top95, the first\n")).success();
    assert_eq!(out, format!("{TOP95_SOLVED}\n"));
}

#[test]
fn kaggle_csv_is_read_with_its_header_skipped() {
    let puzzle = TOP95.replace('.', "0");
    let csv = format!("quizzes,solutions\n{puzzle},{TOP95_SOLVED}\n{puzzle},{TOP95_SOLVED}\n");
    let out = dlx(&["sudoku", "check"]).stdin(&csv).success();
    assert_eq!(out, "unique\nunique\n");
    let out = dlx(&["sudoku", "solve"]).stdin(&csv).success();
    assert_eq!(out, format!("{TOP95_SOLVED}\n{TOP95_SOLVED}\n"));
    let broken = format!("{},{TOP95_SOLVED}\n", &puzzle[1..]);
    let out = dlx(&["sudoku", "solve"]).stdin(broken).expect_code(2);
    assert!(out.stderr.starts_with("<stdin>:1:1: this looks like CSV, but its field 1"));
}

#[test]
fn sudoku_count_gives_zero_for_an_invalid_puzzle_so_that_sum_adds_up() {
    let out = dlx(&["sudoku", "count", "--limit", "5", &data("statuses.txt")]).expect_code(2);
    assert_eq!(out.stdout.lines().count(), 6, "one line per puzzle");
    let sum = dlx(&["sum", "--expect", "6"]).stdin(&out.stdout).success();
    assert_eq!(sum, "7\n");
    let help = dlx(&["sudoku", "count", "--help"]).success();
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("An invalid puzzle has no solution: it gets `0`"), "{help}");
}

#[test]
fn a_puzzle_with_several_solutions_gets_a_note() {
    let out = dlx(&["sudoku", "solve"]).stdin(format!("{}\n{TOP95}\n", ".".repeat(16))).run();
    assert_eq!(out.code, Some(0));
    assert_eq!(out.stdout.lines().nth(1), Some(TOP95_SOLVED));
    assert_eq!(out.stderr, "<stdin>:1: not unique: this is one of several solutions\n");
}

#[test]
fn solve_all_lists_every_solution_of_a_puzzle() {
    let out = dlx(&["sudoku", "solve", "--all"]).stdin(".".repeat(16)).success();
    let mut answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), 288);
    for answer in &answers {
        Checker::new(2, 2, "1234").assert_solves(&".".repeat(16), answer);
    }
    answers.sort();
    answers.dedup();
    assert_eq!(answers.len(), 288, "all different");
}

#[test]
fn solve_limit_lists_at_most_n_solutions_each_in_its_puzzle_form() {
    // Two one-line puzzles: their lists are set apart by a blank line.
    let batch = format!("{}\n{TOP95}\n", ".".repeat(16));
    let out = dlx(&["sudoku", "solve", "--limit", "3"]).stdin(&batch).success();
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), 2, "{out}");
    assert_eq!(blocks[0].lines().count(), 3);
    assert_eq!(blocks[1], format!("{TOP95_SOLVED}\n"));
    // Grids: a blank line between grids.
    let out =
        dlx(&["sudoku", "solve", "-n", "2", "--format", "grid"]).stdin(".".repeat(16)).success();
    assert_eq!(
        out,
        "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n\n\
                     1 2 | 3 4\n4 3 | 1 2\n----+----\n2 1 | 4 3\n3 4 | 2 1\n"
    );
    // None, and invalid.
    let none = "12345678.........9...............................................................";
    let out = dlx(&["sudoku", "solve", "--all"])
        .stdin(format!("{none}\n11{}\n", ".".repeat(14)))
        .expect_code(2);
    assert_eq!(out.stdout, "no solution\n\ninvalid\n");
}

#[test]
fn a_puzzle_on_the_command_line_is_solved() {
    let out = dlx(&["sudoku", "solve", TOP95]).success();
    assert_eq!(out, format!("{TOP95_SOLVED}\n"));
    let out = dlx(&["sudoku", "check", TOP95, &data("top95_first5.txt")]).success();
    assert_eq!(out, "unique\n".repeat(6));
    // A mistake in it is named as the argument's.
    let bad = TOP95.replacen('.', "x", 1);
    let out = dlx(&["sudoku", "solve", "-", &bad]).stdin(TOP95).expect_code(2);
    assert_eq!(out.stdout, format!("{TOP95_SOLVED}\ninvalid\n"));
    assert_eq!(out.stderr, "<argument 2>:1:2: unknown symbol 'x'\n");
    // A name that is no file and no puzzle stays a missing file.
    let out = dlx(&["sudoku", "solve", "no-such-puzzles.txt"]).expect_code(2);
    assert!(out.stderr.starts_with("dlx: no-such-puzzles.txt: "), "{}", out.stderr);
}

/// Puzzles of several sides and forms in one batch, on one and two
/// threads: each line answered as written (a line from the solution's
/// options, or decoded where the form needs it), the same solution as the
/// JSON record (decoded), an invalid line named on stderr by its line.
#[test]
fn a_batch_of_mixed_sides_and_forms_answers_each_in_its_form() {
    let four = "1.3...2.........";
    let lines = [
        four.to_string(),
        TOP95.to_string(),
        "1.3.x..2........".to_string(),
        in_numbers(TOP95, "123456789", ","),
        sixteen().to_string(),
        TOP95.replace('.', "0"),
        four.to_string(),
    ];
    let input = lines.join("\n") + "\n";
    for threads in ["1", "2"] {
        let out = dlx(&["sudoku", "solve", "-j", threads]).stdin(&input).expect_code(2);
        let json = dlx(&["sudoku", "solve", "-j", threads, "-f", "json"]).stdin(&input).run();
        let answers: Vec<&str> = out.stdout.lines().collect();
        let records: Vec<serde_json::Value> =
            json.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!((answers.len(), records.len()), (lines.len(), lines.len()), "{out:?}");
        assert_eq!(answers[1], TOP95_SOLVED);
        assert_eq!(answers[5], TOP95_SOLVED);
        assert_eq!(from_numbers(answers[3], ",", "123456789"), TOP95_SOLVED);
        assert_eq!(answers[2], "invalid");
        assert!(out.stderr.contains("<stdin>:3:"), "{}", out.stderr);
        assert_eq!(answers[0], answers[6]);
        for (k, (answer, record)) in answers.iter().zip(&records).enumerate() {
            match record["solution"].as_str() {
                Some(solution) => assert_eq!(*answer, solution, "line {}", k + 1),
                None => assert_eq!(record["status"], "invalid"),
            }
        }
        Checker::new(2, 2, "1234").assert_solves(four, answers[0]);
        Checker::new(4, 4, SIXTEEN_SYMBOLS).assert_solves(sixteen(), answers[4]);
    }
}
