//! The n-queens problem: draw a solution and count them all.
//!
//! ```text
//! queens                    # a solution of 8 queens, and the count: 92
//! queens 1..12              # a table of counts
//! queens 200 --first-only   # one solution of 200 queens (counting is hopeless)
//! queens 12 --emit          # the problem in Knuth's format
//! ```

use std::error::Error;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use dlx_examples::cli::{self, ColorChoice, Outcome, Sizes};
use dlx_examples::queens::{MAX_N, Queens, draw, first_board};

/// Place n queens on an n×n board so that no two attack each other.
///
/// Modelled as exact cover: rows and columns are primary items (exactly one
/// queen each), diagonals secondary (at most one). For one n, draws a
/// solution and counts them all; for a range, prints a table. A count that
/// will take long says so on stderr first, with the estimated time. Exits
/// with 1 when there is no solution (n = 2 and 3).
#[derive(Debug, Parser)]
#[command(version, about, long_about)]
struct Args {
    /// The board size (1 to 1000), or an inclusive range of sizes such as
    /// `1..12`. Counting takes about a second at 14 and grows about
    /// sixfold with each step; one solution (`--first-only`) is quick at
    /// any size.
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

fn try_main() -> Result<Outcome, Box<dyn Error>> {
    let args = Args::parse();
    if args.n.first() == 0 || args.n.last() > MAX_N {
        return Err(format!("the board size must be 1 to {MAX_N}").into());
    }
    let mut out = io::stdout().lock();
    let Some(n) = args.n.single() else {
        writeln!(out, " n  solutions")?;
        for n in args.n.iter() {
            let (count, _) = count(n)?;
            writeln!(out, "{n:>2}  {count:>9}")?;
        }
        return Ok(Outcome::Found);
    };
    if args.emit {
        let queens = Queens::new(n)?;
        cli::emit(queens.model().problem(), &format!("queens {n}"), &mut out)?;
        return Ok(Outcome::Found);
    }
    let board = first_board(n)?;
    match &board {
        Some(columns) => write!(out, "{}", draw(columns, args.color.enabled()))?,
        None => writeln!(out, "No way to place {n} queens on a {n}x{n} board.")?,
    }
    if !args.first_only {
        out.flush()?;
        let (count, stats) = count(n)?;
        writeln!(
            out,
            "\n{count} solutions for n = {n} ({} search-tree nodes, {:.2?}).",
            stats.nodes(),
            stats.elapsed()
        )?;
    }
    Ok(Outcome::found_if(board.is_some()))
}

/// Counts the solutions for one n, saying on stderr first if that will take
/// long, and how to get one solution instead.
fn count(n: usize) -> Result<(u128, dlx::Stats), Box<dyn Error>> {
    let queens = Queens::new(n)?;
    let what = format!("counting the solutions for n = {n}");
    let hint = format!("for one solution, run `queens {n} --first-only`");
    Ok(cli::count_all_or_warn(&mut queens.model().solver(), "queens", &what, Some(&hint)))
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn arguments_are_consistent() {
        super::Args::command().debug_assert();
    }
}
