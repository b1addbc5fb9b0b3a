//! The JSON Lines records of the sudoku commands, one object per puzzle
//! (per solution, when `sudoku solve` lists them), with their fields in
//! the order written. The README's "JSON output" documents them.

use serde::Serialize;

/// One answer of `sudoku solve --format json`.
#[derive(Debug, Serialize)]
pub(super) struct Solve<'a> {
    /// The source's name (`<stdin>` for standard input, `<argument N>` for
    /// a puzzle given on the command line).
    pub file: &'a str,
    /// Where in the source the puzzle (or the text that is not one) is:
    /// its first line.
    pub line: usize,
    /// The puzzle as one line, in its own notation; `null` when it could
    /// not be read.
    pub puzzle: Option<&'a str>,
    /// `solved`, `no solution`, `invalid`, or `unknown` (not answered
    /// within `--time-limit`).
    pub status: &'static str,
    /// The solution as one line, in the puzzle's notation; `null` unless
    /// solved.
    pub solution: Option<&'a str>,
    /// Whether the solution is the puzzle's only one; present only when
    /// solved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// With `--all` or `--limit`: the solution's number, from 1, in the
    /// search's order; absent otherwise, and when there is no solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<u128>,
    /// Why the puzzle is invalid; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<&'a str>,
}

/// One answer of `sudoku count --format json`.
#[derive(Debug, Serialize)]
pub(super) struct Count<'a> {
    /// As in [`Solve`].
    pub file: &'a str,
    /// As in [`Solve`].
    pub line: usize,
    /// As in [`Solve`].
    pub puzzle: Option<&'a str>,
    /// `counted`, `invalid`, or `unknown` (not counted to the end within
    /// `--time-limit`: `solutions` is a lower bound).
    pub status: &'static str,
    /// The number of solutions (at most `--limit`); 0 for an invalid
    /// puzzle.
    pub solutions: u128,
    /// Whether the count stopped at `--limit`: there may be more.
    pub at_limit: bool,
    /// Why the puzzle is invalid; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<&'a str>,
}

/// One answer of `sudoku check --format json`.
#[derive(Debug, Serialize)]
pub(super) struct Check<'a> {
    /// As in [`Solve`].
    pub file: &'a str,
    /// As in [`Solve`].
    pub line: usize,
    /// As in [`Solve`].
    pub puzzle: Option<&'a str>,
    /// `unique`, `multiple`, `none`, `invalid` or `unknown` (not answered
    /// within `--time-limit`), the words of the text output.
    pub status: &'static str,
    /// Why the puzzle is invalid; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<&'a str>,
}

/// One answer of `sudoku rate`, `hint` or `explain` with `--format json`.
#[derive(Debug, Serialize)]
pub(super) struct Human<'a> {
    /// As in [`Solve`].
    pub file: &'a str,
    /// As in [`Solve`].
    pub line: usize,
    /// As in [`Solve`]; a puzzle given as pencil marks, as its 729
    /// characters.
    pub puzzle: Option<&'a str>,
    /// The status and the task's fields.
    #[serde(flatten)]
    pub record: super::human::Record,
    /// Why the puzzle is invalid; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<&'a str>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solve_answers_keep_their_field_order_and_escape_strings() {
        let solved = Solve {
            file: "a.txt",
            line: 3,
            puzzle: Some("1.3"),
            status: "solved",
            solution: Some("123"),
            unique: Some(true),
            index: None,
            error: None,
        };
        assert_eq!(
            serde_json::to_string(&solved).unwrap(),
            r#"{"file":"a.txt","line":3,"puzzle":"1.3","status":"solved","solution":"123","unique":true}"#
        );
        let invalid = Solve {
            file: r#"we"ird\name"#,
            line: 0,
            puzzle: None,
            status: "invalid",
            solution: None,
            unique: None,
            index: None,
            error: Some("bad\tline"),
        };
        assert_eq!(
            serde_json::to_string(&invalid).unwrap(),
            r#"{"file":"we\"ird\\name","line":0,"puzzle":null,"status":"invalid","solution":null,"error":"bad\tline"}"#
        );
        let listed = Solve { index: Some(2), unique: Some(false), ..solved };
        assert!(serde_json::to_string(&listed).unwrap().ends_with(r#""unique":false,"index":2}"#));
    }

    #[test]
    fn count_and_check_answers() {
        let count = Count {
            file: "a.txt",
            line: 1,
            puzzle: Some("1.3"),
            status: "counted",
            solutions: 288,
            at_limit: false,
            error: None,
        };
        assert_eq!(
            serde_json::to_string(&count).unwrap(),
            r#"{"file":"a.txt","line":1,"puzzle":"1.3","status":"counted","solutions":288,"at_limit":false}"#
        );
        let check =
            Check { file: "a.txt", line: 2, puzzle: None, status: "invalid", error: Some("x") };
        assert_eq!(
            serde_json::to_string(&check).unwrap(),
            r#"{"file":"a.txt","line":2,"puzzle":null,"status":"invalid","error":"x"}"#
        );
    }
}
