//! A week's rota with multiplicities (Algorithm M): each shift needs a crew
//! of several people, each person works between lo and hi shifts.
//!
//! ```text
//! rota                    # a rota for the bundled week, and the count
//! rota my-week.txt -n 3   # three rotas for your own week
//! rota --emit             # the problem in Knuth's format
//! ```

use std::error::Error;
use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use dlx_examples::cli::{self, Outcome};
use dlx_examples::rota::Rota;

/// Make a rota: who works which shift of the week.
///
/// Each shift needs a crew (2 people, say) and each person works between lo
/// and hi shifts: items with multiplicities, Knuth's Algorithm M. Nobody
/// works two shifts a day, or late and then early the next day, or when
/// they're off. Without a file, uses a bundled week at a small bakery.
/// Exits with 1 when no rota meets every rule.
#[derive(Debug, Parser)]
#[command(version, about, long_about)]
struct Args {
    /// A rota file: `days ...`, `shifts ...`, `need N [SHIFTS]`, and `person
    /// NAME LO HI [off DAYS|SHIFTS|DAY-SHIFT ...]` lines (see the bundled
    /// examples/data/rota-week.txt).
    file: Option<PathBuf>,

    /// Show this many rotas.
    #[arg(short = 'n', long, default_value_t = 1, value_name = "N")]
    show: usize,

    /// Don't count the rotas.
    #[arg(long)]
    no_count: bool,

    /// Write the problem in Knuth's format to standard output (for `dlx
    /// solve` and `dlx count`) and stop.
    #[arg(long)]
    emit: bool,
}

fn main() -> ExitCode {
    cli::exit(try_main())
}

fn try_main() -> Result<Outcome, Box<dyn Error>> {
    let args = Args::parse();
    let rota = match &args.file {
        None => Rota::week(),
        Some(path) => {
            let text = fs::read_to_string(path)
                .map_err(|e| format!("cannot read the rota {}: {e}", path.display()))?;
            Rota::parse(&text).map_err(|e| e.in_file(path.display().to_string()))?
        }
    };
    let mut out = io::stdout().lock();
    if args.emit {
        let name =
            args.file.as_ref().map_or("the bundled week".to_owned(), |p| p.display().to_string());
        cli::emit(rota.model().problem(), &format!("rota for {name}"), &mut out)?;
        return Ok(Outcome::Found);
    }
    let mut solver = rota.model().solver();
    let shown = cli::show(&mut solver, args.show, &mut out, |_, s| Ok(rota.draw(s)))?;
    if shown == 0 && args.show > 0 {
        writeln!(out, "No rota meets every rule.")?;
        return Ok(Outcome::NotFound);
    }
    // Nothing asked for (`-n 0 --no-count`) is nothing missing.
    let mut found = true;
    if !args.no_count {
        let (count, stats) = cli::count_all(&mut solver);
        writeln!(
            out,
            "\n{count} rotas ({} options, {} search-tree nodes, {:.2?}).",
            rota.model().problem().num_options(),
            stats.nodes(),
            stats.elapsed()
        )?;
        found = count > 0;
    }
    Ok(Outcome::found_if(found))
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn arguments_are_consistent() {
        super::Args::command().debug_assert();
    }
}
