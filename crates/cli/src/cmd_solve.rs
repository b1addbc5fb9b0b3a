//! `dlx solve`: print solutions of an exact-cover problem.
//!
//! Each solution is printed one option per line, as written in the input and
//! in input order (so that equal solutions print alike), with a blank line
//! between solutions.

use std::io::Write;

use anyhow::Result;
use dlx::{OptionId, Problem, Solver};

use crate::config::SolveConfig;
use crate::exit::ExitStatus;
use crate::out::Out;
use crate::problem;
use crate::progress::Progress;

/// Runs `dlx solve`.
pub fn run(config: &SolveConfig) -> Result<ExitStatus> {
    let problem = problem::read(&config.input)?;
    let mut solver = Solver::new(&problem);
    let mut out = Out::new();
    let progress = Progress::solutions(config.report.progress);
    let limit = config.limit.unwrap_or(u128::MAX);
    let mut found: u128 = 0;
    let mut options = Vec::new();
    while found < limit {
        let Some(solution) = solver.next_solution() else { break };
        options.clear();
        options.extend_from_slice(solution);
        progress.suspend(|| write_solution(&mut out, &problem, &mut options, found > 0))?;
        found += 1;
        progress.set_position(found.min(u64::MAX.into()) as u64);
    }
    out.flush()?;
    progress.finish();
    if config.report.stats {
        problem::stats(&problem, &solver.stats()).print();
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
