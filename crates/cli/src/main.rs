//! `dlx`: exact cover and sudoku from the command line.
//!
//! `main` only turns [`run`]'s result into an exit status; everything else
//! lives in one module per concern: [`args`] (the command line as clap
//! parses it), [`config`] (what to do, settled before any work), one module
//! per command ([`cmd_solve`], [`cmd_count`], [`cmd_estimate`],
//! [`cmd_split`], [`cmd_sum`], [`sudoku`], and [`cmd_completions`] for
//! `dlx completions` and `dlx man`), the streaming parallel
//! [`batch`], and the helpers [`input`], [`out`], [`problem`],
//! [`progress`], [`report`] and [`exit`].

#![forbid(unsafe_code)]

mod args;
mod batch;
mod cmd_completions;
mod cmd_count;
mod cmd_estimate;
mod cmd_solve;
mod cmd_split;
mod cmd_sum;
mod config;
mod exit;
mod input;
mod out;
mod problem;
mod progress;
mod report;
mod signals;
mod sudoku;

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::{ArgMatches, FromArgMatches, Subcommand};

use crate::args::Args;
use crate::cmd_completions::SetupCommand;
use crate::config::Config;
use crate::exit::ExitStatus;

fn main() -> ExitCode {
    match run() {
        Ok(status) => status.into(),
        Err(err) => {
            // A closed stdout (`dlx sudoku solve big.txt | head`) is how a
            // reader says it has seen enough: not an error. Rust ignores
            // SIGPIPE, so the write fails with `BrokenPipe` instead of
            // killing the process, and the error travels up to here.
            if is_broken_pipe(&err) {
                return ExitStatus::Success.into();
            }
            let _ = writeln!(io::stderr(), "dlx: {err:#}");
            ExitStatus::Error.into()
        }
    }
}

/// Parses the command line, settles the configuration and runs the command.
fn run() -> Result<ExitStatus> {
    let matches = match cmd_completions::command().try_get_matches() {
        Ok(matches) => matches,
        Err(err) => {
            // `--help` and `--version` go to stdout and exit 0; a usage
            // error goes to stderr and exits 2. Printing may fail on a
            // closed pipe, which is nothing to report.
            let _ = err.print();
            return Ok(if err.use_stderr() { ExitStatus::Error } else { ExitStatus::Success });
        }
    };
    input::set_command(command_name(&matches));
    if matches.subcommand_name().is_some_and(SetupCommand::has_subcommand) {
        return cmd_completions::run(&SetupCommand::from_arg_matches(&matches)?);
    }
    match Config::from_args(Args::from_arg_matches(&matches)?)? {
        Config::Solve(c) => cmd_solve::run(&c),
        Config::MinCost(c, m) => cmd_solve::min_cost(&c, &m),
        Config::Count(c, long) => cmd_count::run(&c, &long),
        Config::Sudoku(c) => sudoku::run(&c),
        Config::Generate(c) => sudoku::generate::run(*c),
        Config::Estimate(c) => cmd_estimate::run(&c),
        Config::Split(c) => cmd_split::run(&c),
        Config::Sum(c) => cmd_sum::run(&c),
    }
}

/// The command the arguments name, as `dlx sudoku solve`.
fn command_name(matches: &ArgMatches) -> String {
    let mut name = String::from("dlx");
    let mut matches = matches;
    while let Some((sub, sub_matches)) = matches.subcommand() {
        name.push(' ');
        name.push_str(sub);
        matches = sub_matches;
    }
    name
}

/// Whether the error, or any error it wraps, is a broken pipe.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
