//! `dlx solve`: print solutions of an exact-cover problem.
//!
//! Each solution is printed one option per line, as written in the input and
//! in input order (so that equal solutions print alike), with a blank line
//! between solutions.
//!
//! On one thread a [`Solver`] finds solutions in the search's order. On
//! more, [`Parallel`] searches on its own threads and hands each solution
//! over a bounded channel to the calling thread, which writes them as they
//! come: the order then varies from run to run. When stdout closes, the
//! channel closes too, and the search stops.

use std::io::Write;
use std::sync::mpsc;
use std::time::Instant;

use anyhow::{Result, anyhow};
use dlx::{OptionId, Parallel, Problem, Solver};

use crate::config::SolveConfig;
use crate::exit::ExitStatus;
use crate::out::Out;
use crate::problem;
use crate::progress::Progress;

/// Solutions found ahead of the writer before the search threads wait.
const QUEUE: usize = 256;

/// Runs `dlx solve`.
pub fn run(config: &SolveConfig) -> Result<ExitStatus> {
    let problem = problem::read(&config.input)?;
    let mut out = Out::new();
    let progress = Progress::solutions(config.report.progress);
    let start = Instant::now();
    let limit = config.limit.unwrap_or(u128::MAX);
    let mut found: u128 = 0;
    let mut write = |options: &mut Vec<OptionId>| -> std::io::Result<()> {
        progress.suspend(|| write_solution(&mut out, &problem, options, found > 0))?;
        found += 1;
        progress.set_position(found.min(u64::MAX.into()) as u64);
        Ok(())
    };
    let stats = if config.threads > 1 {
        let mut search = Parallel::new(&problem).threads(config.threads).config(config.search);
        if let Some(limit) = config.limit {
            search = search.limit(limit);
        }
        let (tx, rx) = mpsc::sync_channel::<Vec<OptionId>>(QUEUE);
        std::thread::scope(|scope| {
            let searcher = scope.spawn(move || {
                // A closed channel (the writer gave up) stops the search.
                search.for_each(|solution| tx.send(solution.to_vec()).is_ok())
            });
            let written = rx.iter().try_for_each(|mut options| write(&mut options));
            drop(rx);
            let outcome =
                searcher.join().map_err(|_| anyhow!("internal error: the search died"))?;
            let outcome = outcome.map_err(|e| anyhow!("{}: {e}", config.input))?;
            written?;
            anyhow::Ok(outcome.stats)
        })?
    } else {
        let mut solver = Solver::with_config(&problem, config.search);
        let mut options = Vec::new();
        for _ in 0..limit {
            let Some(solution) = solver.next_solution() else { break };
            options.clear();
            options.extend_from_slice(solution);
            write(&mut options)?;
        }
        solver.stats()
    };
    out.flush()?;
    progress.finish();
    if config.report.stats {
        problem::stats(&problem, &stats, start.elapsed(), config.threads).print();
    }
    Ok(if found > 0 { ExitStatus::Success } else { ExitStatus::NoSolution })
}

/// Writes one solution, after a blank line unless it is the first.
fn write_solution(
    out: &mut Out,
    problem: &Problem,
    options: &mut [OptionId],
    blank_line_first: bool,
) -> std::io::Result<()> {
    if blank_line_first {
        writeln!(out)?;
    }
    options.sort_unstable();
    for &o in options.iter() {
        writeln!(out, "{}", problem.format_option(o))?;
    }
    out.end_record()
}
