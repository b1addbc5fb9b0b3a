//! `dlx solve`: print solutions of an exact-cover problem.
//!
//! Each solution is printed one option per line, as written in the input and
//! in input order (so that equal solutions print alike), with a blank line
//! between solutions; or, with `--format json`, as one [`JsonSolution`] per
//! line.
//!
//! On one thread a [`Solver`] finds solutions in the search's order. On
//! more, [`Parallel`] searches on its own threads and hands each solution
//! over a bounded channel to the calling thread, which writes them as they
//! come: the order then varies from run to run. When stdout closes, the
//! channel closes too, and the search stops.
//!
//! With `--min-cost` ([`min_cost`]) it prints the K cheapest solutions,
//! cheapest first, each after a line `cost: N` (JSON: a `cost` field), from
//! [`Solver::min_cost_within`] or [`Parallel::min_cost`] under [`Limits`]:
//! a [`Stop`](dlx::Stop) that SIGINT and SIGTERM set and `--time-limit`.
//! Stopped early, it prints the cheapest found so far, each marked as not
//! proven optimal, and exits with [`ExitStatus::Stopped`].

use std::io::Write;
use std::sync::mpsc;
use std::time::Instant;

use anyhow::{Result, anyhow};
use dlx::{Limits, OptionId, Parallel, Problem, Solver};
use serde::Serialize;

use crate::config::{MinCost, Output, SearchConfig};
use crate::exit::ExitStatus;
use crate::out::Out;
use crate::problem;
use crate::progress::Progress;

/// Solutions found ahead of the writer before the search threads wait.
const QUEUE: usize = 256;

/// Runs `dlx solve`.
pub fn run(config: &SearchConfig) -> Result<ExitStatus> {
    let problem = problem::read(&config.input)?;
    let file = config.input.to_string();
    let mut out = Out::new();
    let progress = Progress::solutions(config.report.progress);
    let start = Instant::now();
    let limit = config.limit.unwrap_or(u128::MAX);
    // A listing: the engine picked for listing (see the library's docs).
    let search = Solver::listing_config(&problem, config.search);
    let mut found: u128 = 0;
    let mut write = |options: &mut Vec<OptionId>| -> std::io::Result<()> {
        found += 1;
        let solution =
            Solution { problem: &problem, options, index: found, file: &file, cost: None };
        progress.suspend(|| match config.output {
            Output::Text => solution.write_text(&mut out),
            Output::Json => solution.write_json(&mut out),
        })?;
        progress.set_position(found.min(u64::MAX.into()) as u64);
        Ok(())
    };
    let stats = if config.threads() > 1 {
        let mut search = Parallel::new(&problem).threads(config.threads()).config(search);
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
        let mut solver = Solver::with_config(&problem, search);
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
        problem::stats(&problem, search, &stats, start.elapsed(), config.threads()).print();
    }
    Ok(if found > 0 { ExitStatus::Success } else { ExitStatus::NoSolution })
}

/// Runs `dlx solve --min-cost`.
pub fn min_cost(config: &SearchConfig, min_cost: &MinCost) -> Result<ExitStatus> {
    let problem = problem::read(&config.input)?;
    let file = config.input.to_string();
    let stop = crate::signals::catch()?;
    let mut limits = Limits::new().stop(stop);
    if let Some(time) = min_cost.time_limit {
        limits = limits.time(time);
    }
    let start = Instant::now();
    let outcome = if config.threads() > 1 {
        Parallel::new(&problem)
            .threads(config.threads())
            .config(config.search)
            .limits(limits)
            .min_cost(min_cost.best)
    } else {
        Solver::with_config(&problem, config.search).min_cost_within(min_cost.best, &limits)
    };
    let outcome = outcome.map_err(|e| anyhow!("{}: {e}", config.input))?;
    let mut out = Out::new();
    let found = !outcome.solutions.is_empty();
    for (k, mut solution) in outcome.solutions.into_iter().enumerate() {
        let solution = Solution {
            problem: &problem,
            options: &mut solution.options,
            index: k as u128 + 1,
            file: &file,
            cost: Some((solution.cost, outcome.complete)),
        };
        match config.output {
            Output::Text => solution.write_text(&mut out)?,
            Output::Json => solution.write_json(&mut out)?,
        }
    }
    out.flush()?;
    if !outcome.complete {
        eprintln!(
            "dlx: stopped before the end: the cheapest solutions found so far, not proven optimal"
        );
    }
    if config.report.stats {
        // A minimum-cost search runs on dancing links.
        let links = config.search.engine(dlx::Engine::DancingLinks);
        problem::stats(&problem, links, &outcome.stats, start.elapsed(), config.threads()).print();
    }
    Ok(if !outcome.complete {
        ExitStatus::Stopped
    } else if found {
        ExitStatus::Success
    } else {
        ExitStatus::NoSolution
    })
}

/// One solution to write: the `index`-th found (or, with a cost, the
/// `index`-th cheapest), with its cost and whether that is proven optimal.
#[derive(Debug)]
struct Solution<'a> {
    problem: &'a Problem,
    options: &'a mut [OptionId],
    index: u128,
    file: &'a str,
    cost: Option<(u64, bool)>,
}

/// One solution as `--format json` writes it, on a line of its own.
#[derive(Debug, Serialize)]
struct JsonSolution<'a> {
    /// The input's name (`<stdin>` for standard input).
    file: &'a str,
    /// The solution's number, from 1, in the order found.
    index: u128,
    /// With `--min-cost`: the sum of the options' costs.
    #[serde(skip_serializing_if = "Option::is_none")]
    cost: Option<u64>,
    /// With `--min-cost`: whether the search ran to the end, so that this
    /// is one of the cheapest (false: stopped, the cheapest found so far).
    #[serde(skip_serializing_if = "Option::is_none")]
    optimal: Option<bool>,
    /// The options chosen, each written as in the input, in input order.
    options: Vec<String>,
}

impl Solution<'_> {
    /// One option per line, after a blank line unless it is the first.
    fn write_text(self, out: &mut Out) -> std::io::Result<()> {
        if self.index > 1 {
            writeln!(out)?;
        }
        match self.cost {
            Some((cost, true)) => writeln!(out, "cost: {cost}")?,
            Some((cost, false)) => writeln!(out, "cost: {cost} (not proven optimal)")?,
            None => {}
        }
        self.options.sort_unstable();
        for &o in self.options.iter() {
            self.problem.write_option(o, &mut *out)?;
            out.write_all(b"\n")?;
        }
        out.end_record()
    }

    /// One [`JsonSolution`].
    fn write_json(self, out: &mut Out) -> std::io::Result<()> {
        self.options.sort_unstable();
        let options = self.options.iter().map(|&o| self.problem.format_option(o)).collect();
        let (cost, optimal) = self.cost.unzip();
        out.json_line(&JsonSolution { file: self.file, index: self.index, cost, optimal, options })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_solutions_keep_their_field_order() {
        let options = vec!["A B".into()];
        let solution = JsonSolution { file: "a.dlx", index: 2, cost: None, optimal: None, options };
        assert_eq!(
            serde_json::to_string(&solution).unwrap(),
            r#"{"file":"a.dlx","index":2,"options":["A B"]}"#
        );
        let options = vec!["A B".into()];
        let costed =
            JsonSolution { file: "a.dlx", index: 1, cost: Some(7), optimal: Some(true), options };
        assert_eq!(
            serde_json::to_string(&costed).unwrap(),
            r#"{"file":"a.dlx","index":1,"cost":7,"optimal":true,"options":["A B"]}"#
        );
    }
}
