//! `dlx count`: count the solutions of an exact-cover problem.
//!
//! On one thread a [`Solver`] counts; on more, [`Parallel`] shares the
//! search tree between threads, with the same count. With a progress line
//! (stderr is a terminal), the one-thread search runs in slices of
//! [`SLICE`] nodes so that it can tell where it stands between slices.
//! The count is written alone on a line, or as one [`JsonCount`].

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow};
use dlx::{Parallel, Problem, Solver, Status};
use serde::Serialize;

use crate::config::{Output, SearchConfig};
use crate::exit::ExitStatus;
use crate::out::Out;
use crate::problem;
use crate::progress::{Progress, REFRESH};

/// Search-tree nodes between looks at the clock, on one thread with a
/// progress line.
const SLICE: u64 = 1 << 16;

/// Solutions between looks at the clock, for problems dense in solutions.
const SOLUTIONS_PER_LOOK: u128 = 1 << 10;

/// What a count found.
#[derive(Debug)]
struct Counted {
    solutions: u128,
    stats: dlx::Stats,
    /// Wall-clock time of the search.
    wall: Duration,
}

/// The count as `--format json` writes it.
#[derive(Debug, Serialize)]
struct JsonCount<'a> {
    /// The input's name (`<stdin>` for standard input).
    file: &'a str,
    /// The number of solutions (at most `--limit`).
    solutions: u128,
    /// Whether the count stopped at `--limit`: there may be more.
    at_limit: bool,
}

/// Runs `dlx count`.
pub fn run(config: &SearchConfig) -> Result<ExitStatus> {
    let problem = problem::read(&config.input)?;
    let progress = Progress::search(config.report.progress);
    let counted = if config.threads > 1 {
        let mut search = Parallel::new(&problem).threads(config.threads).config(config.search);
        if let Some(limit) = config.limit {
            search = search.limit(limit);
        }
        let outcome = if progress.is_enabled() {
            search.count_with_progress(REFRESH, |at| progress.show_search(at))
        } else {
            search.count()
        };
        let outcome = outcome.map_err(|e| anyhow!("{}: {e}", config.input))?;
        Counted { solutions: outcome.solutions, stats: outcome.stats, wall: outcome.wall }
    } else {
        count_on_one_thread(&problem, config.search, config.limit, &progress)
    };
    progress.finish();
    let mut out = Out::new();
    match config.output {
        Output::Text => writeln!(out, "{}", counted.solutions)?,
        Output::Json => out.json_line(&JsonCount {
            file: &config.input.to_string(),
            solutions: counted.solutions,
            at_limit: config.limit.is_some_and(|limit| counted.solutions >= limit),
        })?,
    }
    out.flush()?;
    if config.report.stats {
        problem::stats(&problem, &counted.stats, counted.wall, config.threads).print();
    }
    Ok(if counted.solutions > 0 { ExitStatus::Success } else { ExitStatus::NoSolution })
}

/// Counts with one [`Solver`], telling `progress` where it stands.
fn count_on_one_thread(
    problem: &Problem,
    search: dlx::Config,
    limit: Option<u128>,
    progress: &Progress,
) -> Counted {
    let mut solver = Solver::with_config(problem, search);
    let limit = limit.unwrap_or(u128::MAX);
    if !progress.is_enabled() {
        // The fastest way: no slices, no clock.
        let solutions = solver.count_up_to(limit);
        let stats = solver.stats();
        return Counted { solutions, stats, wall: stats.elapsed() };
    }
    let start = Instant::now();
    let mut last_look = start;
    let mut solutions: u128 = 0;
    loop {
        match solver.run(SLICE) {
            Status::Solution => {
                solutions += 1;
                if solutions >= limit {
                    break;
                }
                if solutions % SOLUTIONS_PER_LOOK != 0 {
                    continue;
                }
            }
            Status::Done => break,
            _ => {}
        }
        if last_look.elapsed() >= REFRESH {
            last_look = Instant::now();
            progress.show_search(&dlx::Progress {
                solutions,
                nodes: solver.stats().nodes(),
                elapsed: start.elapsed(),
                fraction: solver.progress(),
            });
        }
    }
    Counted { solutions, stats: solver.stats(), wall: start.elapsed() }
}
