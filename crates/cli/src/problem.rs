//! Reading an exact-cover problem for `dlx solve` and `dlx count`.

use std::time::Duration;

use anyhow::{Context, Result, anyhow};
use dlx::Problem;

use crate::input::Input;
use crate::report;

/// Reads a problem in Knuth's format. A mistake in the text is reported as
/// `FILE:LINE:COLUMN: message`.
pub fn read(input: &Input) -> Result<Problem> {
    let reader = input.open().with_context(|| format!("{input}"))?;
    Problem::read_knuth(reader).map_err(|e| match e.line() {
        // The engine's message starts with `line:column: `.
        Some(_) => anyhow!("{input}:{e}"),
        None => anyhow!("{input}: {e}"),
    })
}

/// The statistics of a search of `problem` with settings `config` that
/// took `time` (wall clock) on `threads` threads.
pub fn stats(
    problem: &Problem,
    config: dlx::Config,
    search: &dlx::Stats,
    time: Duration,
    threads: usize,
) -> report::Stats {
    let mut s = report::Stats::new();
    s.add("items", problem.num_items())
        .add("options", problem.num_options())
        .add_search(search)
        .add_time("time", time)
        .add_rate("updates/s", report::per_second(search.updates() as f64, time))
        .add("threads", threads)
        .add("engine", report::engine_name(dlx::Solver::engine_for(problem, config)));
    s
}
