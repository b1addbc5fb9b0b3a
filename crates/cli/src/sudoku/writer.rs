//! Writing a batch's answers: [`Writer`] writes one answer per puzzle (or
//! one record per listed solution), in input order and in the form asked
//! for: as text, in the form of the puzzle (a line or a grid, its symbols
//! or numbers, its separators) unless `--format line|grid` says otherwise,
//! or as JSON ([`json`]). It keeps the [`Tally`].

use std::io::{self, Write};

use dlx::OptionId;
use sudoku_cover::reader::marks_line;
use sudoku_cover::{
    Alphabet, Grid, Layout, ReadError, ReadErrorKind, Separator, Shape, Uniqueness,
};

use super::line::Lines;
use super::tally::Tally;
use super::{Answer, Item, ItemKind, Outcome};
use super::{human, json};
use crate::config::{Form, Output, SudokuConfig, Task};
use crate::out::Out;

/// Writes answers in input order and keeps the tally.
#[derive(Debug)]
pub(super) struct Writer {
    pub(super) out: Out,
    task: Task,
    output: Output,
    /// The symbols answers are written with.
    alphabets: Alphabets,
    /// Jigsaw rules: grids are written without box separators, which
    /// would be misleading.
    jigsaw: bool,
    /// Whether the last answer written took several lines (a grid); `None`
    /// before the first.
    last_was_block: Option<bool>,
    /// Whether the next answer starts the list of another puzzle, after a
    /// blank line.
    gap: bool,
    pub(super) tally: Tally,
    /// The puzzle and the solution as lines, reused from answer to answer.
    puzzle: String,
    solution: String,
    /// Solutions written from their options, and a grid to decode one
    /// into where they cannot be.
    lines: Lines,
    decoded: Grid,
}

impl Writer {
    pub(super) fn new(config: &SudokuConfig) -> Writer {
        Writer {
            out: Out::new(),
            task: config.task,
            output: config.output,
            alphabets: Alphabets {
                custom: config.rules.alphabet().cloned(),
                numbers: Alphabet::numbers(),
                default: Vec::new(),
            },
            jigsaw: config.rules.is_jigsaw(),
            last_was_block: None,
            gap: false,
            tally: Tally::new(config.search),
            puzzle: String::new(),
            solution: String::new(),
            lines: Lines::default(),
            decoded: Grid::new(Shape::CLASSIC),
        }
    }

    /// Counts and writes the answers of a chunk, then flushes them.
    pub(super) fn write_chunk(&mut self, items: &[Item], answers: &[Answer]) -> io::Result<()> {
        for (item, answer) in items.iter().zip(answers) {
            self.write(item, answer)?;
        }
        // Flushed per chunk, so that an interactive session sees its answer.
        self.out.flush()
    }

    /// Counts and writes one answer.
    pub(super) fn write(&mut self, item: &Item, answer: &Answer) -> io::Result<()> {
        self.tally.count(item, answer);
        self.write_record(item, answer, None)
    }

    /// Sets the next answer apart from the last by a blank line (as text):
    /// the solutions listed for another puzzle begin.
    pub(super) fn next_puzzle(&mut self) {
        self.gap = self.last_was_block.is_some();
    }

    /// Writes one record: the answer to a puzzle, or with an `index` the
    /// `index`-th solution listed for it. The reason of an invalid puzzle
    /// goes to stderr, and so does a note when the one solution found is
    /// not the only one.
    pub(super) fn write_record(
        &mut self,
        item: &Item,
        answer: &Answer,
        index: Option<u128>,
    ) -> io::Result<()> {
        match answer {
            // Nothing to answer: only the message.
            Answer::Nothing(message) => {
                let _ = writeln!(io::stderr(), "dlx: {message}");
                return Ok(());
            }
            // Reported once for the batch (see `sudoku::run`).
            Answer::NotReached => return Ok(()),
            _ => {}
        }
        match self.output {
            Output::Text => self.text(item, answer)?,
            Output::Json => self.json(item, answer, index)?,
        }
        self.out.end_record()?;
        match (answer, &item.kind) {
            (Answer::Invalid(message), _) => {
                let _ = writeln!(io::stderr(), "{message}");
            }
            (
                Answer::Done(Outcome::Solved(_, Uniqueness::Multiple, _), _),
                ItemKind::Puzzle { puzzle, .. },
            ) if index.is_none() => {
                let _ = writeln!(
                    io::stderr(),
                    "{}:{}: not unique: this is one of several solutions",
                    item.source,
                    puzzle.line
                );
            }
            _ => {}
        }
        Ok(())
    }

    /// Whether an answer is written as a grid.
    fn is_block(&self, item: &Item) -> bool {
        if self.task == Task::Explain {
            // A step per line.
            return true;
        }
        let Task::Solve(task) = self.task else { return false };
        match task.form {
            Form::Grid => true,
            Form::Line => false,
            Form::AsWritten => match &item.kind {
                ItemKind::Puzzle { puzzle, .. } => puzzle.layout == Layout::Grid,
                ItemKind::Unreadable(e, _) => is_grid_error(e),
                ItemKind::Nothing(_) => false,
            },
        }
    }

    /// One answer as text: a solution (a line or a grid), `no solution`, a
    /// count (0 for an invalid puzzle, `at least N` past the time limit), a
    /// word (`unknown` past the time limit), or `invalid`.
    fn text(&mut self, item: &Item, answer: &Answer) -> io::Result<()> {
        let block = self.is_block(item);
        // Grids, and the solutions of different puzzles, are set apart by a
        // blank line.
        if self.last_was_block.is_some_and(|last| last || block || self.gap) {
            self.out.write_all(b"\n")?;
        }
        self.gap = false;
        self.last_was_block = Some(block);
        let out = &mut self.out;
        match answer {
            Answer::Done(Outcome::Human(found), _) => {
                let size = match &item.kind {
                    ItemKind::Puzzle { puzzle, .. } => puzzle.grid.size(),
                    _ => 9,
                };
                let alphabet = self.alphabets.get(size, notation(item).0);
                human::text(found, alphabet, out)
            }
            Answer::Done(Outcome::Solved(grid, _, options), _) => {
                let (numbers, separator) = notation(item);
                if let (false, Separator::None, ItemKind::Puzzle { sudoku: Ok(sudoku), .. }) =
                    (block || options.is_empty(), separator, &item.kind)
                {
                    // One byte a cell, from the options, into the output buffer.
                    let alphabet = self.alphabets.get(sudoku.size(), numbers);
                    let lines = &mut self.lines;
                    if out.append(|buf| lines.write(sudoku, alphabet, options, buf))? {
                        return Ok(());
                    }
                }
                let grid = decoded(&mut self.decoded, item, grid, options);
                let alphabet = self.alphabets.get(grid.size(), numbers);
                if block {
                    let pretty = if self.jigsaw {
                        // Boxes one row tall draw no separators.
                        let plain =
                            Shape::new(1, grid.size()).and_then(|s| grid.clone().with_shape(s));
                        plain.as_ref().unwrap_or(grid).to_pretty(alphabet)
                    } else {
                        grid.to_pretty(alphabet)
                    };
                    return out.write_all(pretty.as_bytes());
                }
                // One byte a cell, straight into the output buffer.
                let written = out.append(|buf| {
                    let ascii = grid.write_ascii_line(alphabet, separator, buf);
                    if ascii {
                        buf.push(b'\n');
                    }
                    ascii
                })?;
                if written {
                    return Ok(());
                }
                self.solution.clear();
                grid.write_line(alphabet, separator, &mut self.solution);
                self.solution.push('\n');
                out.write_all(self.solution.as_bytes())
            }
            Answer::Done(Outcome::NoSolution, _) => out.write_all(b"no solution\n"),
            Answer::Done(Outcome::Counted(n), _) => writeln!(out, "{n}"),
            Answer::Done(Outcome::Checked(u), _) => writeln!(out, "{u}"),
            Answer::Done(Outcome::TimedOut(n), _) if matches!(self.task, Task::Count(_)) => {
                writeln!(out, "at least {n}")
            }
            Answer::Done(Outcome::TimedOut(_), _) => out.write_all(b"unknown\n"),
            // An invalid puzzle has no solution: its count is 0.
            Answer::Invalid(_) | Answer::Deferred(_) if matches!(self.task, Task::Count(_)) => {
                out.write_all(b"0\n")
            }
            Answer::Invalid(_) | Answer::Deferred(_) | Answer::Nothing(_) => {
                out.write_all(b"invalid\n")
            }
            Answer::NotReached => Ok(()),
        }
    }

    /// One JSON object ([`json::Solve`], [`json::Count`] or
    /// [`json::Check`]) on a line.
    fn json(&mut self, item: &Item, answer: &Answer, index: Option<u128>) -> io::Result<()> {
        let (numbers, separator) = notation(item);
        let line = match &item.kind {
            ItemKind::Puzzle { puzzle, .. } => {
                let alphabet = self.alphabets.get(puzzle.grid.size(), numbers);
                self.puzzle.clear();
                match &puzzle.marks {
                    Some(marks) => self.puzzle.push_str(&marks_line(marks)),
                    None => puzzle.grid.write_line(alphabet, separator, &mut self.puzzle),
                }
                puzzle.line
            }
            ItemKind::Unreadable(e, _) => e.line(),
            ItemKind::Nothing(_) => 0,
        };
        let puzzle = matches!(item.kind, ItemKind::Puzzle { .. }).then_some(self.puzzle.as_str());
        let (file, error) = (
            &*item.source,
            match answer {
                Answer::Invalid(message) => Some(message.as_str()),
                _ => None,
            },
        );
        let invalid =
            matches!(answer, Answer::Invalid(_) | Answer::Deferred(_) | Answer::Nothing(_));
        match (self.task, answer) {
            (Task::Solve(_), _) => {
                let (status, unique) = match answer {
                    Answer::Done(Outcome::Solved(grid, uniqueness, options), _) => {
                        let grid = decoded(&mut self.decoded, item, grid, options);
                        let alphabet = self.alphabets.get(grid.size(), numbers);
                        self.solution.clear();
                        grid.write_line(alphabet, separator, &mut self.solution);
                        ("solved", Some(*uniqueness == Uniqueness::Unique))
                    }
                    _ if invalid => ("invalid", None),
                    Answer::Done(Outcome::TimedOut(_), _) => ("unknown", None),
                    _ => ("no solution", None),
                };
                let solution = unique.map(|_| self.solution.as_str());
                let index = index.filter(|_| unique.is_some());
                let record =
                    json::Solve { file, line, puzzle, status, solution, unique, index, error };
                self.out.json_line(&record)
            }
            (Task::Count(limit), _) => {
                let (solutions, status) = match answer {
                    Answer::Done(Outcome::Counted(n), _) => (*n, "counted"),
                    Answer::Done(Outcome::TimedOut(n), _) => (*n, "unknown"),
                    _ => (0, "invalid"),
                };
                let at_limit = status == "counted" && limit.is_some_and(|limit| solutions >= limit);
                let record = json::Count { file, line, puzzle, status, solutions, at_limit, error };
                self.out.json_line(&record)
            }
            (Task::Check, Answer::Done(Outcome::TimedOut(_), _)) => {
                self.out.json_line(&json::Check { file, line, puzzle, status: "unknown", error })
            }
            (Task::Check, Answer::Done(Outcome::Checked(u), _)) => {
                let status = match u {
                    Uniqueness::Unique => "unique",
                    Uniqueness::Multiple => "multiple",
                    Uniqueness::None => "none",
                };
                self.out.json_line(&json::Check { file, line, puzzle, status, error })
            }
            (Task::Check, _) => {
                self.out.json_line(&json::Check { file, line, puzzle, status: "invalid", error })
            }
            (Task::Rate | Task::Hint | Task::Explain, _) => {
                let found = match answer {
                    Answer::Done(Outcome::Human(found), _) => Some(&**found),
                    _ => None,
                };
                let size = match &item.kind {
                    ItemKind::Puzzle { puzzle, .. } => puzzle.grid.size(),
                    _ => 9,
                };
                let record = human::record(self.task, found, self.alphabets.get(size, numbers));
                self.out.json_line(&json::Human { file, line, puzzle, record, error })
            }
        }
    }
}

/// The grid of a solution: `grid` itself, or where the worker left the
/// solution as `options` (see [`Outcome::Solved`]), those decoded into
/// `into`.
fn decoded<'g>(into: &'g mut Grid, item: &Item, grid: &'g Grid, options: &[OptionId]) -> &'g Grid {
    match &item.kind {
        ItemKind::Puzzle { sudoku: Ok(sudoku), .. } if !options.is_empty() => {
            sudoku.decode_into(options, into);
            into
        }
        _ => grid,
    }
}

/// How the item's puzzle wrote its cells: in numbers, and what separated
/// them on its line (nothing for a grid).
fn notation(item: &Item) -> (bool, Separator) {
    match &item.kind {
        ItemKind::Puzzle { puzzle, .. } => {
            let separator = match puzzle.layout {
                Layout::Line => puzzle.notation.separator,
                Layout::Grid => Separator::None,
            };
            (puzzle.notation.numbers, separator)
        }
        _ => (false, Separator::None),
    }
}

/// Whether a read error happened inside a multi-line grid, so that its
/// `invalid` takes a grid's place in the output.
fn is_grid_error(e: &ReadError) -> bool {
    matches!(
        e.kind(),
        ReadErrorKind::RowLength { .. }
            | ReadErrorKind::IncompleteGrid { .. }
            | ReadErrorKind::SpacesForBlanks
    )
}

/// The symbols answers are written with: a puzzle in numbers is answered
/// in numbers; any other in `--symbols`, or the default symbols for its
/// size.
#[derive(Debug)]
struct Alphabets {
    custom: Option<Alphabet>,
    numbers: Alphabet,
    /// The default symbols of each side met (looked up for every answer:
    /// a short list, no hashing).
    default: Vec<(usize, Alphabet)>,
}

impl Alphabets {
    fn get(&mut self, size: usize, numbers: bool) -> &Alphabet {
        match &self.custom {
            _ if numbers => &self.numbers,
            Some(alphabet) => alphabet,
            None => {
                let i = match self.default.iter().position(|(n, _)| *n == size) {
                    Some(i) => i,
                    None => {
                        self.default.push((size, Alphabet::default_for(size)));
                        self.default.len() - 1
                    }
                };
                &self.default[i].1
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_answered_in_numbers() {
        let mut alphabets =
            Alphabets { custom: None, numbers: Alphabet::numbers(), default: Vec::new() };
        assert!(alphabets.get(16, true).is_numbers());
        assert_eq!(alphabets.get(16, false).symbol(16), Some('G'));
        alphabets.custom = Some(Alphabet::new("0123456789ABCDEF").unwrap());
        assert_eq!(alphabets.get(16, false).symbol(16), Some('F'));
        assert!(alphabets.get(16, true).is_numbers());
        let g: Grid = "1234341221434321".parse().unwrap();
        let mut line = String::new();
        g.write_line(alphabets.get(4, true), Separator::Comma, &mut line);
        assert_eq!(line, "1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1");
    }
}
