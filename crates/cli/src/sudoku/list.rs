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
use crate::batch::Feed;
use crate::config::SudokuConfig;
use crate::progress::Progress;

/// Lists at most `limit` solutions (all with `None`) of every puzzle of the
/// feed.
pub(super) fn run(
    config: &SudokuConfig,
    limit: Option<u128>,
    feed: &Feed<Item>,
    writer: &mut Writer,
) -> Result<()> {
    let progress = Progress::solutions(config.report.progress);
    let mut chunk = Vec::new();
    let mut listed: u64 = 0;
    let mut first = true;
    while feed.next_chunk(&mut chunk) {
        // Solvers borrow the chunk's compiled rules: one worker per chunk.
        let mut worker = Worker::new(config.search);
        for item in &chunk {
            if !first {
                writer.next_puzzle();
            }
            first = false;
            list_one(&mut worker, item, limit, writer, &progress, &mut listed)?;
        }
        progress.suspend(|| writer.out.flush())?;
    }
    progress.finish();
    Ok(())
}

/// Lists the solutions of one item (or writes why there are none).
fn list_one<'a>(
    worker: &mut Worker<'a>,
    item: &'a Item,
    limit: Option<u128>,
    writer: &mut Writer,
    progress: &Progress,
    listed: &mut u64,
) -> Result<()> {
    let source = &item.source;
    let (puzzle, sudoku) = match &item.kind {
        ItemKind::Nothing(message) => {
            return Ok(writer.write(item, &Answer::Nothing(message.clone()))?);
        }
        ItemKind::Unreadable(..) => {
            let answer = Answer::Invalid(item.unreadable().unwrap_or_default());
            return Ok(progress.suspend(|| writer.write(item, &answer))?);
        }
        ItemKind::Puzzle { puzzle, sudoku } => (puzzle, sudoku),
    };
    let invalid = |e: &sudoku_cover::Error| format!("{source}:{}: {e}", puzzle.line);
    let write_invalid = |writer: &mut Writer, e: &sudoku_cover::Error| {
        progress.suspend(|| writer.write(item, &Answer::Invalid(invalid(e))))
    };
    let sudoku = match sudoku {
        Ok(sudoku) => sudoku,
        Err(e) => return Ok(write_invalid(writer, e)?),
    };
    match &puzzle.marks {
        // Pencil marks: the rules compiled for this puzzle's candidates.
        Some(marks) => match sudoku.with_candidates(marks) {
            Ok(restricted) => {
                let mut solver = restricted.solver_with_config(worker.search());
                list_with(&mut solver, item, limit, writer, progress, listed)
            }
            Err(e) => Ok(write_invalid(writer, &e)?),
        },
        None => list_with(worker.solver(sudoku), item, limit, writer, progress, listed),
    }
}

/// Lists the solutions of a valid puzzle with a solver for its rules.
fn list_with(
    solver: &mut SudokuSolver<'_>,
    item: &Item,
    limit: Option<u128>,
    writer: &mut Writer,
    progress: &Progress,
    listed: &mut u64,
) -> Result<()> {
    let ItemKind::Puzzle { puzzle, .. } = &item.kind else { return Ok(()) };
    let invalid = |e: &sudoku_cover::Error| format!("{}:{}: {e}", item.source, puzzle.line);
    let mut solutions = match solver.solutions(&puzzle.grid) {
        Ok(solutions) => solutions,
        Err(e) => {
            return Ok(progress.suspend(|| writer.write(item, &Answer::Invalid(invalid(&e))))?);
        }
    };
    let mut next = solutions.next();
    let mut index: u128 = 0;
    while let Some(grid) = next.take() {
        index += 1;
        if limit.is_none_or(|limit| index < limit) {
            next = solutions.next();
        }
        let uniqueness = match (index, &next) {
            (1, None) => Uniqueness::Unique,
            _ => Uniqueness::Multiple,
        };
        let answer = Answer::Done(Outcome::Solved(grid, uniqueness), dlx::Stats::default());
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
    Ok(())
}
