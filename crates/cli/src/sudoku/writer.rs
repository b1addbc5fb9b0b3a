//! Writing a batch's answers: [`Writer`] writes one answer per puzzle, in
//! input order and in the form asked for (a line, a grid, JSON), and keeps
//! the [`Tally`] that decides the exit status and `--stats`.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{self, Write};

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
    /// One line of output, reused.
    line: String,
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
            line: String::new(),
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
        self.out.write_all(self.line.as_bytes())?;
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
                    line.push_str(&plain.as_ref().unwrap_or(g).to_pretty(alphabet));
                    return;
                }
                if grid {
                    line.push_str(&g.to_pretty(alphabet));
                    return;
                }
                line.push_str(&g.to_line(alphabet));
            }
            Answer::Done(Outcome::NoSolution, _) => line.push_str("no solution"),
            Answer::Done(Outcome::Counted(n), _) => {
                let _ = write!(line, "{n}");
            }
            Answer::Done(Outcome::Checked(u), _) => {
                let _ = write!(line, "{u}");
            }
            Answer::Invalid(_) | Answer::Unopened(_) | Answer::Deferred => line.push_str("invalid"),
        }
        line.push('\n');
    }

    /// One JSON object: `file`, `line`, `puzzle` (null when unreadable),
    /// `status` (`solved`, `no solution` or `invalid`), `solution` (null
    /// unless solved), and `error` for an invalid puzzle.
    fn json(&mut self, item: &Item, answer: &Answer) {
        let (line_no, puzzle) = match &item.kind {
            ItemKind::Puzzle { puzzle, .. } => {
                let alphabet = self.alphabets.get(puzzle.grid.size());
                (puzzle.line, json_string(&puzzle.grid.to_line(alphabet)))
            }
            ItemKind::Unreadable(e) => (e.line(), "null".to_owned()),
            ItemKind::Unopened(_) => (0, "null".to_owned()),
        };
        let (status, solution) = match answer {
            Answer::Done(Outcome::Solved(g), _) => {
                ("solved", json_string(&g.to_line(self.alphabets.get(g.size()))))
            }
            Answer::Done(..) => ("no solution", "null".to_owned()),
            Answer::Invalid(_) | Answer::Unopened(_) | Answer::Deferred => {
                ("invalid", "null".to_owned())
            }
        };
        let line = &mut self.line;
        let _ = write!(
            line,
            r#"{{"file":{},"line":{line_no},"puzzle":{puzzle},"status":"{status}","solution":{solution}"#,
            json_string(&item.source)
        );
        if let Answer::Invalid(message) | Answer::Unopened(message) = answer {
            let _ = write!(line, r#","error":{}"#, json_string(message));
        }
        line.push_str("}\n");
    }
}

/// Whether a read error happened inside a multi-line grid, so that its
/// `invalid` takes a grid's place in the output.
fn is_grid_error(e: &ReadError) -> bool {
    matches!(e.kind(), ReadErrorKind::RowLength { .. } | ReadErrorKind::IncompleteGrid { .. })
}

/// A JSON string literal.
fn json_string(s: &str) -> String {
    serde_json::Value::from(s).to_string()
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
    fn json_strings_are_escaped() {
        assert_eq!(json_string(r#"a "b"\c"#), r#""a \"b\"\\c""#);
    }
}
