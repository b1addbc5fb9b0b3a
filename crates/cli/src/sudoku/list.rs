//! `sudoku solve --all` and `--limit N`: several solutions of each puzzle,
//! listed as they are found.
//!
//! A puzzle's solutions can be many more than fit in memory (an empty
//! 9x9 grid has 6.67e21), so they are written as the search finds them,
//! one puzzle at a time, on the calling thread; the reader thread still
//! reads ahead. One solution is held back until the next is found, so
//! that the first can tell whether it is the only one.

use std::io::Write;

use anyhow::Result;
use sudoku_cover::{SudokuSolver, Uniqueness};

use super::work::Worker;
use super::writer::Writer;
use super::{Answer, Item, ItemKind, Outcome};
use crate::batch::{Feed, Next};
use crate::config::SudokuConfig;
use crate::progress::Progress;

/// Lists at most `limit` solutions (all with `None`) of every puzzle of the
/// feed, until `stop` is requested; then returns which puzzles were not
/// listed to the end.
pub(super) fn run(
    config: &SudokuConfig,
    limit: Option<u128>,
    feed: &Feed<Item>,
    writer: &mut Writer,
    stop: &dlx::Stop,
) -> Result<Option<String>> {
    let progress = Progress::solutions(config.report.progress);
    let mut chunk = Vec::new();
    let mut listed: u64 = 0;
    let mut first = true;
    let next = loop {
        let next = feed.next_chunk(&mut chunk, stop);
        if next != Next::Chunk {
            break next;
        }
        // Solvers borrow the chunk's compiled rules: one worker per chunk.
        let mut worker = Worker::new(config.search);
        for item in &chunk {
            if !first {
                writer.next_puzzle();
            }
            first = false;
            if !list_one(&mut worker, item, limit, writer, &progress, &mut listed, stop)? {
                progress.suspend(|| writer.out.flush())?;
                progress.finish();
                return Ok(Some(format!(
                    "{} (partly listed) and every puzzle after it",
                    super::location(item)
                )));
            }
        }
        progress.suspend(|| writer.out.flush())?;
    };
    progress.finish();
    // Stopped between chunks, while waiting for more input.
    Ok((next == Next::Stopped).then(|| "the rest of the input".to_owned()))
}

/// Lists the solutions of one item (or writes why there are none);
/// `false` if `stop` was requested before the end of the list.
fn list_one<'a>(
    worker: &mut Worker<'a>,
    item: &'a Item,
    limit: Option<u128>,
    writer: &mut Writer,
    progress: &Progress,
    listed: &mut u64,
    stop: &dlx::Stop,
) -> Result<bool> {
    let source = &item.source;
    let (puzzle, sudoku) = match &item.kind {
        ItemKind::Nothing(message) => {
            writer.write(item, &Answer::Nothing(message.clone()))?;
            return Ok(true);
        }
        ItemKind::Unreadable(..) => {
            let answer = Answer::Invalid(item.unreadable().unwrap_or_default());
            progress.suspend(|| writer.write(item, &answer))?;
            return Ok(true);
        }
        ItemKind::Puzzle { puzzle, sudoku } => (puzzle, sudoku),
    };
    let invalid = |e: &sudoku_cover::Error| format!("{source}:{}: {e}", puzzle.line);
    let write_invalid = |writer: &mut Writer, e: &sudoku_cover::Error| {
        progress.suspend(|| writer.write(item, &Answer::Invalid(invalid(e)))).map(|()| true)
    };
    let sudoku = match sudoku {
        Ok(sudoku) => sudoku,
        Err(e) => return Ok(write_invalid(writer, e)?),
    };
    let list = List { item, limit, progress, stop };
    match &puzzle.marks {
        // Pencil marks: the rules compiled for this puzzle's candidates.
        Some(marks) => match sudoku.with_candidates(marks) {
            Ok(restricted) => {
                let mut solver = restricted.solver_with_config(worker.search());
                list.with(&mut solver, writer, listed)
            }
            Err(e) => Ok(write_invalid(writer, &e)?),
        },
        None => list.with(worker.solver(sudoku), writer, listed),
    }
}

/// What to list of one puzzle, and how.
struct List<'l> {
    item: &'l Item,
    limit: Option<u128>,
    progress: &'l Progress,
    stop: &'l dlx::Stop,
}

impl List<'_> {
    /// Lists the solutions of a valid puzzle with a solver for its rules;
    /// `false` if a stop was requested before the end of the list.
    fn with(
        &self,
        solver: &mut SudokuSolver<'_>,
        writer: &mut Writer,
        listed: &mut u64,
    ) -> Result<bool> {
        let List { item, limit, progress, stop } = *self;
        let ItemKind::Puzzle { puzzle, .. } = &item.kind else { return Ok(true) };
        let invalid = |e: &sudoku_cover::Error| format!("{}:{}: {e}", item.source, puzzle.line);
        let mut solutions = match solver.solutions(&puzzle.grid) {
            Ok(solutions) => solutions,
            Err(e) => {
                progress.suspend(|| writer.write(item, &Answer::Invalid(invalid(&e))))?;
                return Ok(true);
            }
        };
        let mut next = solutions.next();
        let mut index: u128 = 0;
        while let Some(grid) = next.take() {
            if stop.is_requested() {
                return Ok(false);
            }
            index += 1;
            if limit.is_none_or(|limit| index < limit) {
                next = solutions.next();
            }
            let uniqueness = match (index, &next) {
                (1, None) => Uniqueness::Unique,
                _ => Uniqueness::Multiple,
            };
            let answer =
                Answer::Done(Outcome::Solved(grid, uniqueness, Vec::new()), dlx::Stats::default());
            progress.suspend(|| writer.write_record(item, &answer, Some(index)))?;
            *listed += 1;
            progress.set_position(*listed);
        }
        let stats = solver.last_stats();
        let found = Answer::Done(Outcome::Counted(index), stats);
        if index == 0 {
            let none = Answer::Done(Outcome::NoSolution, stats);
            progress.suspend(|| writer.write_record(item, &none, None))?;
        }
        writer.tally.count(item, &found);
        Ok(true)
    }
}
