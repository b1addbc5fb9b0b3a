//! Langford pairs: arrange 1 1 2 2 … n n so that the two ks are k apart.
//!
//! ```text
//! langford            # a table for n = 3..10
//! langford 3..12      # the table up to 12 (a second or two)
//! langford 11 --emit  # the problem in Knuth's format
//! ```

use std::error::Error;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use dlx_examples::cli::{self, Sizes};
use dlx_examples::langford::{Langford, MAX_N};

/// Langford pairs: put two 1s, two 2s, …, two ns in a row so that the two
/// ks have k numbers between them.
///
/// For each n, prints the number of arrangements (a mirror image counted
/// separately), the number up to mirror images (found by restricting one
/// value to the left half, not by dividing), and the first arrangement.
#[derive(Debug, Parser)]
#[command(version, about, long_about)]
struct Args {
    /// The number of pairs, or an inclusive range such as `3..12`.
    #[arg(default_value = "3..10", value_name = "N|A..B")]
    n: Sizes,

    /// Write the problem for a single n in Knuth's format to standard
    /// output (for `dlx solve` and `dlx count`) and stop.
    #[arg(long)]
    emit: bool,

    /// With --emit: write the halved problem, where each arrangement and its
    /// mirror image count once.
    #[arg(long, requires = "emit")]
    half: bool,
}

fn main() -> ExitCode {
    cli::exit(try_main())
}

fn try_main() -> Result<(), Box<dyn Error>> {
    let args = Args::parse();
    if args.n.first() == 0 || args.n.last() > MAX_N {
        return Err(format!("n must be 1 to {MAX_N}").into());
    }
    let mut out = io::stdout().lock();
    if args.emit {
        let n = args.n.single().ok_or("--emit needs a single n, not a range")?;
        let langford = Langford::new(n, args.half)?;
        let comment = format!("langford {n}{}", if args.half { " --half" } else { "" });
        cli::emit(langford.model().problem(), &comment, &mut out)?;
        return Ok(());
    }
    writeln!(out, " n  arrangements  up to mirror  first arrangement")?;
    for n in args.n.iter() {
        let both = Langford::new(n, false)?;
        let half = Langford::new(n, true)?;
        let first = match half.model().solver().first() {
            Some(solution) => {
                let row = half.sequence(&solution);
                row.iter().map(usize::to_string).collect::<Vec<_>>().join(" ")
            }
            None => "none".to_owned(),
        };
        let (count_both, count_half) = (both.model().count(), half.model().count());
        writeln!(out, "{n:>2}  {count_both:>12}  {count_half:>12}  {first}")?;
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
