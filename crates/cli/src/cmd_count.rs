//! `dlx count`: count the solutions of an exact-cover problem.
//!
//! On one thread a [`Solver`] counts; on more, or to resume a checkpoint
//! with several open paths, [`Parallel`] shares the search tree between
//! threads, with the same count. Both run under [`Limits`]: a [`Stop`]
//! that SIGINT and SIGTERM set, and the `--time-limit` and `--node-limit`
//! of a [`LongRun`]. A count that stops early prints `at least N` and exits
//! with [`ExitStatus::Stopped`]; with `--checkpoint` it saves where it
//! stands (every `--checkpoint-every` seconds, and when it stops), and the
//! same command resumes from there. The count is written alone on a line,
//! or as one [`JsonCount`].

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow};
use dlx::{Checkpoint, Limits, Outcome, Parallel, Problem, Solver, Stop};
use serde::Serialize;

use crate::config::{LongRun, Output, SearchConfig};
use crate::exit::ExitStatus;
use crate::out::Out;
use crate::problem;
use crate::progress::{Progress, REFRESH};

/// Search-tree nodes between looks at the clock, on one thread with a
/// progress line.
const SLICE: u64 = 1 << 16;

/// The count as `--format json` writes it.
#[derive(Debug, Serialize)]
struct JsonCount<'a> {
    /// The input's name (`<stdin>` for standard input).
    file: &'a str,
    /// The number of solutions (at most `--limit`); with `complete` false,
    /// those found before the count stopped.
    solutions: u128,
    /// Whether the count stopped at `--limit`: there may be more.
    at_limit: bool,
    /// Whether the whole tree was searched (false: stopped early, the
    /// count is a lower bound).
    complete: bool,
}

/// Runs `dlx count`.
pub fn run(config: &SearchConfig, long: &LongRun) -> Result<ExitStatus> {
    let problem = problem::read(&config.input)?;
    let stop = crate::signals::catch()?;
    let mut resume = match &long.checkpoint {
        Some(path) if path.exists() => Some(read_checkpoint(path, &problem)?),
        _ => None,
    };
    let nodes_before = resume.as_ref().map_or(0, |c| c.stats().nodes());
    let progress = Progress::search(config.report.progress);
    let start = Instant::now();
    let outcome = loop {
        let mut limits = Limits::new().stop(stop.clone());
        let mut time = long.time_limit.map(|t| t.saturating_sub(start.elapsed()));
        if long.checkpoint.is_some() {
            time = Some(time.map_or(long.checkpoint_every, |t| t.min(long.checkpoint_every)));
        }
        if let Some(time) = time {
            limits = limits.time(time.max(Duration::from_millis(1)));
        }
        if let Some(nodes) = long.node_limit {
            let done = resume.as_ref().map_or(0, |c| c.stats().nodes() - nodes_before);
            limits = limits.nodes(nodes.saturating_sub(done).max(1));
        }
        let outcome = count(&problem, config, limits, resume.take(), &progress)
            .map_err(|e| anyhow!("{}: {e}", config.input))?;
        if let Some(path) = &long.checkpoint {
            match &outcome.checkpoint {
                Some(checkpoint) => write_checkpoint(path, checkpoint)?,
                None => remove_checkpoint(path)?,
            }
        }
        let out_of_time = long.time_limit.is_some_and(|t| start.elapsed() >= t);
        let out_of_nodes =
            long.node_limit.is_some_and(|n| outcome.stats.nodes() - nodes_before >= n);
        let at_limit = config.limit.is_some_and(|limit| outcome.solutions >= limit);
        if outcome.complete || at_limit || stop.is_requested() || out_of_time || out_of_nodes {
            break outcome;
        }
        resume = outcome.checkpoint.clone();
    };
    progress.finish();
    let at_limit = config.limit.is_some_and(|limit| outcome.solutions >= limit);
    let mut out = Out::new();
    // A count past 2^128 - 1 stays there (the library's counts saturate).
    let exact = (outcome.complete || at_limit) && outcome.solutions < u128::MAX;
    match config.output {
        Output::Text if exact => writeln!(out, "{}", outcome.solutions)?,
        Output::Text => writeln!(out, "at least {}", outcome.solutions)?,
        Output::Json => out.json_line(&JsonCount {
            file: &config.input.to_string(),
            solutions: outcome.solutions,
            at_limit,
            complete: outcome.complete || at_limit,
        })?,
    }
    out.flush()?;
    if config.report.stats {
        problem::stats(&problem, config.search, &outcome.stats, start.elapsed(), config.threads())
            .print();
    }
    Ok(if !(outcome.complete || at_limit) {
        ExitStatus::Stopped
    } else if outcome.solutions > 0 {
        ExitStatus::Success
    } else {
        ExitStatus::NoSolution
    })
}

/// One count under `limits`, from `resume` if given.
fn count(
    problem: &Problem,
    config: &SearchConfig,
    limits: Limits,
    resume: Option<Checkpoint>,
    progress: &Progress,
) -> Result<Outcome, dlx::Error> {
    let one_path = resume.as_ref().is_none_or(|c| c.positions().len() <= 1);
    if config.threads == Some(1) && config.limit.is_none() && one_path {
        let mut solver = Solver::with_config(problem, config.search);
        if let Some(checkpoint) = &resume {
            solver.resume(checkpoint)?;
        }
        return Ok(count_on_one_thread(&mut solver, limits, progress));
    }
    // Without `--threads`, the pool's own default (every core), asked only
    // if the count outgrows its first slices on this thread.
    let mut search = Parallel::new(problem).config(config.search).limits(limits);
    if let Some(threads) = config.threads {
        search = search.threads(threads);
    }
    if let Some(limit) = config.limit {
        search = search.limit(limit);
    }
    if let Some(checkpoint) = resume {
        search = search.resume(checkpoint);
    }
    if progress.is_enabled() {
        search.count_with_progress(REFRESH, |at| progress.show_search(at))
    } else {
        search.count()
    }
}

/// Counts with one [`Solver`] under `limits`, telling `progress` where it
/// stands between slices of [`SLICE`] nodes.
fn count_on_one_thread(solver: &mut Solver<'_>, limits: Limits, progress: &Progress) -> Outcome {
    if !progress.is_enabled() {
        return solver.count_within(&limits);
    }
    let start = Instant::now();
    let deadline = limits.get_time().map(|t| start + t);
    let mut nodes_left = limits.get_nodes();
    let mut solutions: u128 = 0;
    loop {
        let mut slice = Limits::new().nodes(nodes_left.map_or(SLICE, |n| n.min(SLICE)));
        if let Some(stop) = limits.get_stop() {
            slice = slice.stop(stop.clone());
        }
        let nodes = solver.stats().nodes();
        let mut outcome = solver.count_within(&slice);
        solutions = outcome.solutions.max(solutions);
        let done = solver.stats().nodes() - nodes;
        nodes_left = nodes_left.map(|n| n.saturating_sub(done));
        let stopped = limits.get_stop().is_some_and(Stop::is_requested)
            || deadline.is_some_and(|d| Instant::now() >= d)
            || nodes_left == Some(0);
        if outcome.complete || stopped {
            outcome.wall = start.elapsed();
            return outcome;
        }
        let fraction = solver.progress();
        progress.show_search(&dlx::Progress {
            solutions,
            nodes: solver.stats().nodes(),
            elapsed: start.elapsed(),
            fraction,
            nodes_left: solver.nodes_left(),
        });
    }
}

/// Reads a checkpoint saved for this problem and these settings.
fn read_checkpoint(path: &Path, problem: &Problem) -> Result<Checkpoint> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("{}: cannot read the checkpoint", path.display()))?;
    let checkpoint: Checkpoint = text.parse().map_err(|e| anyhow!("{}: {e}", path.display()))?;
    if checkpoint.problem_fingerprint() != problem.fingerprint() {
        anyhow::bail!(
            "{}: the checkpoint is for another problem (its fingerprint differs)",
            path.display()
        );
    }
    Ok(checkpoint)
}

/// Writes `checkpoint` to `path` whole: to a file beside it, then renamed
/// over it, so that a crash leaves the old checkpoint or the new one.
fn write_checkpoint(path: &Path, checkpoint: &Checkpoint) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    let write = || -> std::io::Result<()> {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(checkpoint.to_string().as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    };
    write().with_context(|| format!("{}: cannot write the checkpoint", path.display()))
}

/// Removes a finished count's checkpoint.
fn remove_checkpoint(path: &Path) -> Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(e).with_context(|| format!("{}: cannot remove the checkpoint", path.display()))
        }
        _ => Ok(()),
    }
}
