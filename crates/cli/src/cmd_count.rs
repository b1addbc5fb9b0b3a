//! `dlx count`: count the solutions of an exact-cover problem.

use std::io::Write;

use anyhow::Result;
use dlx::Solver;

use crate::config::CountConfig;
use crate::exit::ExitStatus;
use crate::out::Out;
use crate::problem;
use crate::progress::Progress;

/// How many solutions pass between updates of the progress bar.
const PROGRESS_EVERY: u128 = 16;

/// Runs `dlx count`.
pub fn run(config: &CountConfig) -> Result<ExitStatus> {
    let problem = problem::read(&config.input)?;
    let mut solver = Solver::new(&problem);
    let progress = Progress::solutions(config.report.progress);
    let limit = config.limit.unwrap_or(u128::MAX);
    let mut count: u128 = 0;
    solver.visit(|_| {
        count += 1;
        if count % PROGRESS_EVERY == 0 {
            progress.set_position(count.min(u64::MAX.into()) as u64);
        }
        count < limit
    });
    progress.finish();
    let mut out = Out::new();
    writeln!(out, "{count}")?;
    out.flush()?;
    if config.report.stats {
        problem::stats(&problem, &solver.stats()).print();
    }
    Ok(if count > 0 { ExitStatus::Success } else { ExitStatus::NoSolution })
}
