//! The n-queens problem: draw a solution and count them all.
//!
//! ```text
//! queens              # a solution of 8 queens, and the count: 92
//! queens 1..12        # a table of counts
//! queens 12 --emit    # the problem in Knuth's format
//! ```

use std::error::Error;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use dlx_examples::cli::{self, ColorChoice, Sizes};
use dlx_examples::queens::{MAX_N, Queens, draw};

/// Place n queens on an n×n board so that no two attack each other.
///
/// Modelled as exact cover: rows and columns are primary items (exactly one
/// queen each), diagonals secondary (at most one). For one n, draws the
/// first solution and counts them all; for a range, prints a table.
#[derive(Debug, Parser)]
#[command(version, about, long_about)]
struct Args {
    /// The board size, or an inclusive range of sizes such as `1..12`.
    /// Counting takes about a second at 14 and grows about sixfold with
    /// each step.
    #[arg(default_value = "8", value_name = "N|A..B")]
    n: Sizes,

    /// Draw a solution but don't count them (for large boards).
    #[arg(short, long)]
    first_only: bool,

    /// Write the problem in Knuth's format to standard output (for `dlx
    /// solve` and `dlx count`) and stop. Needs a single n.
    #[arg(long)]
    emit: bool,

    /// When to colour the board.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    color: ColorChoice,
}

fn main() -> ExitCode {
    cli::exit(try_main())
}

fn try_main() -> Result<(), Box<dyn Error>> {
    let args = Args::parse();
    if args.n.last() > MAX_N {
        return Err(format!("the board size must be 1 to {MAX_N}").into());
    }
    let mut out = io::stdout().lock();
    let Some(n) = args.n.single() else {
        writeln!(out, " n  solutions")?;
        for n in args.n.iter() {
            let count = Queens::new(n)?.model().count();
            writeln!(out, "{n:>2}  {count:>9}")?;
        }
        return Ok(());
    };
    let queens = Queens::new(n)?;
    if args.emit {
        cli::emit(queens.model().problem(), &format!("queens {n}"), &mut out)?;
        return Ok(());
    }
    let mut solver = queens.model().solver();
    match solver.next_solution() {
        Some(solution) => {
            let columns = queens.columns(solution);
            write!(out, "{}", draw(&columns, args.color.enabled()))?;
        }
        None => writeln!(out, "No way to place {n} queens on a {n}x{n} board.")?,
    }
    if !args.first_only {
        let (count, stats) = cli::count_all(&mut solver);
        writeln!(
            out,
            "\n{count} solutions for n = {n} ({} search-tree nodes, {:.2?}).",
            stats.nodes(),
            stats.elapsed()
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn arguments_are_consistent() {
        super::Args::command().debug_assert();
    }
}
