//! Writing a batch's answers: [`Writer`] writes one answer per puzzle, in
//! input order and in the form asked for (a line, a grid, JSON), and keeps
//! the [`Tally`] that decides the exit status and `--stats`.

use std::collections::HashMap;
use std::io::{self, Write};

use serde::Serialize;

use sudoku_cover::{Alphabet, Layout, ReadError, ReadErrorKind, Shape, Uniqueness};

use super::{Answer, Item, ItemKind, Outcome};
use crate::args::Format;
use crate::config::{SudokuConfig, Task};
use crate::exit::ExitStatus;
use crate::out::Out;
use crate::report::{self, Stats};

/// Counts of what happened, for the exit status and `--stats`.
#[derive(Debug, Default)]
pub(super) struct Tally {
    pub(super) status: ExitStatus,
    puzzles: u64,
    solved: u64,
    no_solution: u64,
    invalid: u64,
    unique: u64,
    multiple: u64,
    search: dlx::Stats,
    /// The items and options of the encoding, while every puzzle used the
    /// same one.
    encoding: Option<(usize, usize)>,
    mixed: bool,
}

impl Tally {
    /// Counts one puzzle's answer.
    fn count(&mut self, item: &Item, answer: &Answer) {
        self.puzzles += 1;
        let status = match answer {
            Answer::Invalid(_) | Answer::Unopened(_) | Answer::Deferred => {
                self.invalid += 1;
                ExitStatus::Error
            }
            Answer::Done(outcome, stats) => {
                self.search += *stats;
                if let ItemKind::Puzzle { sudoku: Ok(s), .. } = &item.kind {
                    let size = (s.problem().num_items(), s.problem().num_options());
                    self.mixed |= self.encoding.is_some_and(|e| e != size);
                    self.encoding = Some(size);
                }
                let (found, status) = match outcome {
                    Outcome::Solved(_) => (true, ExitStatus::Success),
                    Outcome::Counted(0) | Outcome::NoSolution => (false, ExitStatus::NoSolution),
                    Outcome::Counted(_) => (true, ExitStatus::Success),
                    Outcome::Checked(Uniqueness::None) => (false, ExitStatus::NoSolution),
                    Outcome::Checked(Uniqueness::Unique) => {
                        self.unique += 1;
                        (true, ExitStatus::Success)
                    }
                    Outcome::Checked(Uniqueness::Multiple) => {
                        self.multiple += 1;
                        (true, ExitStatus::NoSolution)
                    }
                };
                if found {
                    self.solved += 1;
                } else {
                    self.no_solution += 1;
                }
                status
            }
        };
        self.status = self.status.max(status);
    }

    pub(super) fn stats(&self, task: Task, time: std::time::Duration) -> Stats {
        let mut s = Stats::new();
        s.add("puzzles", self.puzzles)
            .add("solved", self.solved)
            .add("no-solution", self.no_solution)
            .add("invalid", self.invalid);
        if task == Task::Check {
            s.add("unique", self.unique).add("multiple", self.multiple);
        }
        if let (Some((items, options)), false) = (self.encoding, self.mixed) {
            s.add("items", items).add("options", options);
        }
        s.add_search(&self.search)
            .add_time("time", time)
            .add_rate("puzzles/s", report::per_second(self.puzzles as f64, time))
            .add_rate("updates/s", report::per_second(self.search.updates() as f64, time));
        s
    }
}

/// Writes answers in input order and keeps the tally.
#[derive(Debug)]
pub(super) struct Writer {
    pub(super) out: Out,
    task: Task,
    /// `--symbols`, or the default symbols for each side met.
    alphabets: Alphabets,
    /// Jigsaw rules: grids are written without box separators, which
    /// would be misleading.
    jigsaw: bool,
    /// Whether the last answer written took several lines (a grid); `None`
    /// before the first.
    last_was_block: Option<bool>,
    pub(super) tally: Tally,
    /// One answer's output, reused.
    line: Vec<u8>,
}

impl Writer {
    pub(super) fn new(config: &SudokuConfig) -> Writer {
        Writer {
            out: Out::new(),
            task: config.task,
            alphabets: Alphabets { custom: config.rules.alphabet.clone(), default: HashMap::new() },
            jigsaw: config.rules.jigsaw.is_some(),
            last_was_block: None,
            tally: Tally::default(),
            line: Vec::new(),
        }
    }

    pub(super) fn write_chunk(&mut self, items: &[Item], answers: &[Answer]) -> io::Result<()> {
        for (item, answer) in items.iter().zip(answers) {
            self.write(item, answer)?;
        }
        // Flushed per chunk, so that an interactive session sees its answer.
        self.out.flush()
    }

    fn write(&mut self, item: &Item, answer: &Answer) -> io::Result<()> {
        if let Answer::Unopened(message) = answer {
            // No puzzle, so no answer line: only the message.
            self.tally.status = ExitStatus::Error;
            let _ = writeln!(io::stderr(), "dlx: {message}");
            return Ok(());
        }
        self.tally.count(item, answer);
        self.write_answer(item, answer)
    }

    /// Writes the answer's line(s) on stdout, and an invalid puzzle's
    /// reason on stderr.
    fn write_answer(&mut self, item: &Item, answer: &Answer) -> io::Result<()> {
        let format = self.format(item);
        let block = format == Some(Format::Grid);
        self.line.clear();
        match format {
            Some(Format::Json) => self.json(item, answer),
            _ => self.text(answer, block),
        }
        // Grids are set apart from their neighbours by a blank line.
        if self.last_was_block.is_some_and(|last| last || block) {
            self.out.write_all(b"\n")?;
        }
        self.last_was_block = Some(block);
        self.out.write_all(&self.line)?;
        self.out.end_record()?;
        if let Answer::Invalid(message) = answer {
            let _ = writeln!(io::stderr(), "{message}");
        }
        Ok(())
    }

    /// The format of a `solve` answer; `None` for `count` and `check`.
    fn format(&self, item: &Item) -> Option<Format> {
        let Task::Solve(format) = self.task else { return None };
        format.or(Some(match &item.kind {
            ItemKind::Puzzle { puzzle, .. } if puzzle.layout == Layout::Grid => Format::Grid,
            ItemKind::Unreadable(e) if is_grid_error(e) => Format::Grid,
            _ => Format::Line,
        }))
    }

    fn text(&mut self, answer: &Answer, grid: bool) {
        let line = &mut self.line;
        match answer {
            Answer::Done(Outcome::Solved(g), _) => {
                let alphabet = self.alphabets.get(g.size());
                if grid && self.jigsaw {
                    // Boxes one row tall draw no separators.
                    let plain = Shape::new(1, g.size()).and_then(|s| g.clone().with_shape(s));
                    line.extend_from_slice(
                        plain.as_ref().unwrap_or(g).to_pretty(alphabet).as_bytes(),
                    );
                    return;
                }
                if grid {
                    line.extend_from_slice(g.to_pretty(alphabet).as_bytes());
                    return;
                }
                line.extend_from_slice(g.to_line(alphabet).as_bytes());
            }
            Answer::Done(Outcome::NoSolution, _) => line.extend_from_slice(b"no solution"),
            Answer::Done(Outcome::Counted(n), _) => {
                let _ = write!(line, "{n}");
            }
            Answer::Done(Outcome::Checked(u), _) => {
                let _ = write!(line, "{u}");
            }
            Answer::Invalid(_) | Answer::Unopened(_) | Answer::Deferred => {
                line.extend_from_slice(b"invalid");
            }
        }
        line.push(b'\n');
    }

    /// One JSON object ([`JsonAnswer`]) and a newline.
    fn json(&mut self, item: &Item, answer: &Answer) {
        let (line, puzzle) = match &item.kind {
            ItemKind::Puzzle { puzzle, .. } => {
                let alphabet = self.alphabets.get(puzzle.grid.size());
                (puzzle.line, Some(puzzle.grid.to_line(alphabet)))
            }
            ItemKind::Unreadable(e) => (e.line(), None),
            ItemKind::Unopened(_) => (0, None),
        };
        let (status, solution) = match answer {
            Answer::Done(Outcome::Solved(g), _) => {
                ("solved", Some(g.to_line(self.alphabets.get(g.size()))))
            }
            Answer::Done(..) => ("no solution", None),
            Answer::Invalid(_) | Answer::Unopened(_) | Answer::Deferred => ("invalid", None),
        };
        let error = match answer {
            Answer::Invalid(message) | Answer::Unopened(message) => Some(message.as_str()),
            _ => None,
        };
        let object = JsonAnswer {
            file: &item.source,
            line,
            puzzle: puzzle.as_deref(),
            status,
            solution: solution.as_deref(),
            error,
        };
        serde_json::to_writer(&mut self.line, &object).expect("JSON written to memory");
        self.line.push(b'\n');
    }
}

/// One answer of `--format json`, written as one line of NDJSON with its
/// fields in this order.
#[derive(Debug, Serialize)]
struct JsonAnswer<'a> {
    /// The input's name (`<stdin>` for standard input).
    file: &'a str,
    /// Where in the input the puzzle (or the text that is not one) is: its
    /// first line; 0 when the input could not be opened.
    line: usize,
    /// The puzzle as one line, `null` when it could not be read.
    puzzle: Option<&'a str>,
    /// `solved`, `no solution` or `invalid`.
    status: &'static str,
    /// The solution as one line, `null` unless solved.
    solution: Option<&'a str>,
    /// Why the puzzle is invalid; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
}

/// Whether a read error happened inside a multi-line grid, so that its
/// `invalid` takes a grid's place in the output.
fn is_grid_error(e: &ReadError) -> bool {
    matches!(e.kind(), ReadErrorKind::RowLength { .. } | ReadErrorKind::IncompleteGrid { .. })
}

/// The symbols answers are written with.
#[derive(Debug)]
struct Alphabets {
    custom: Option<Alphabet>,
    default: HashMap<usize, Alphabet>,
}

impl Alphabets {
    fn get(&mut self, size: usize) -> &Alphabet {
        match &self.custom {
            Some(alphabet) => alphabet,
            None => self.default.entry(size).or_insert_with(|| Alphabet::default_for(size)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_answers_keep_their_field_order_and_escape_strings() {
        let solved = JsonAnswer {
            file: "a.txt",
            line: 3,
            puzzle: Some("1.3"),
            status: "solved",
            solution: Some("123"),
            error: None,
        };
        assert_eq!(
            serde_json::to_string(&solved).unwrap(),
            r#"{"file":"a.txt","line":3,"puzzle":"1.3","status":"solved","solution":"123"}"#
        );
        let invalid = JsonAnswer {
            file: r#"we"ird\name"#,
            line: 0,
            puzzle: None,
            status: "invalid",
            solution: None,
            error: Some("bad\tline"),
        };
        assert_eq!(
            serde_json::to_string(&invalid).unwrap(),
            r#"{"file":"we\"ird\\name","line":0,"puzzle":null,"status":"invalid","solution":null,"error":"bad\tline"}"#
        );
    }
}
