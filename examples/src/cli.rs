//! What the example binaries share: exit statuses, `N` or `A..B` size
//! arguments, `--emit`, and colour in the terminal.
//!
//! Every binary's `main` is `cli::exit(try_main())`: success is status 0, a
//! mistake in the input prints `error: ...` and gives status 2 (clap gives 2
//! for a bad command line too), and a closed pipe (`| head`) is not an
//! error at all.

use std::error::Error;
use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::str::FromStr;

use dlx::{OptionId, Problem, Solver, Stats};

/// The exit status of a run that failed: bad input or a bad command line.
pub const EXIT_ERROR: u8 = 2;

/// Turns the result of a binary's `try_main` into its exit status, printing
/// the error (if any) to standard error.
pub fn exit(result: Result<(), Box<dyn Error>>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // Output piped into `head` and cut short: the reader has what it
        // wanted, so stop quietly, as `cat` and `grep` do.
        Err(e) if is_broken_pipe(e.as_ref()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(EXIT_ERROR)
        }
    }
}

fn is_broken_pipe(e: &(dyn Error + 'static)) -> bool {
    e.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// Writes a problem in Knuth's text format after a `|` comment line that
/// says what it is. `dlx solve` and `dlx count` read it, as do Knuth's own
/// DLX1, DLX2 and DLX3 (for single-character colors).
pub fn emit(problem: &Problem, comment: &str, mut out: impl Write) -> io::Result<()> {
    for line in comment.lines() {
        writeln!(out, "| {line}")?;
    }
    problem.write_knuth(&mut out)?;
    out.flush()
}

/// Draws the solver's next `n` solutions to `out`, separated by blank
/// lines, and returns how many there were. `draw` gets each solution's
/// number (from 0) and its options.
pub fn show<F>(
    solver: &mut Solver<'_>,
    n: usize,
    mut out: impl Write,
    mut draw: F,
) -> Result<usize, Box<dyn Error>>
where
    F: FnMut(usize, &[OptionId]) -> Result<String, Box<dyn Error>>,
{
    let mut shown = 0;
    while shown < n {
        let Some(solution) = solver.next_solution() else { break };
        if shown > 0 {
            writeln!(out)?;
        }
        out.write_all(draw(shown, solution)?.as_bytes())?;
        shown += 1;
    }
    Ok(shown)
}

/// Counts the solutions the solver has not yet found, and returns all its
/// solutions (those found before, say by [`show`], included) and the
/// statistics of the whole search: the tail of every binary that counts.
pub fn count_all(solver: &mut Solver<'_>) -> (u128, Stats) {
    let count = solver.stats().solutions() + solver.count();
    (count, solver.stats())
}

/// A size or an inclusive range of sizes, written `8` or `3..12`.
///
/// ```
/// use dlx_examples::cli::Sizes;
/// let sizes: Sizes = "3..12".parse()?;
/// assert_eq!(sizes.iter().count(), 10);
/// assert_eq!("8".parse::<Sizes>()?.single(), Some(8));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sizes {
    first: usize,
    last: usize,
}

impl Sizes {
    /// The sizes `first..=last`.
    pub fn new(first: usize, last: usize) -> Sizes {
        Sizes { first, last }
    }

    /// The smallest size.
    pub fn first(&self) -> usize {
        self.first
    }

    /// The largest size.
    pub fn last(&self) -> usize {
        self.last
    }

    /// The one size, if this is not a range of several.
    pub fn single(&self) -> Option<usize> {
        (self.first == self.last).then_some(self.first)
    }

    /// Every size, smallest first.
    pub fn iter(&self) -> impl Iterator<Item = usize> + use<> {
        self.first..=self.last
    }
}

impl fmt::Display for Sizes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.single() {
            Some(n) => write!(f, "{n}"),
            None => write!(f, "{}..{}", self.first, self.last),
        }
    }
}

impl FromStr for Sizes {
    type Err = String;

    fn from_str(s: &str) -> Result<Sizes, String> {
        let number =
            |t: &str| t.trim().parse::<usize>().map_err(|_| format!("`{t}` is not a whole number"));
        let (first, last) = match s.split_once("..") {
            Some((a, b)) => (number(a)?, number(b.strip_prefix('=').unwrap_or(b))?),
            None => (number(s)?, number(s)?),
        };
        if first > last {
            return Err(format!("the range {first}..{last} is empty"));
        }
        Ok(Sizes { first, last })
    }
}

/// When to colour the output, the value of a `--color` flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when standard output is a terminal and `NO_COLOR` is unset.
    #[default]
    Auto,
    /// Always colour, with ANSI escapes.
    Always,
    /// Never colour: plain letters.
    Never,
}

impl ColorChoice {
    /// Whether to write ANSI colour escapes to standard output.
    pub fn enabled(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
            }
        }
    }
}

/// Twelve background colours from the 256-colour palette of terminals,
/// light enough for black letters, in an order where neighbours differ.
const PALETTE_256: [u8; 12] = [210, 114, 111, 221, 177, 80, 215, 153, 150, 218, 187, 146];

/// `text` drawn in black on the `index`th background colour of a palette of
/// distinct colours (cycling after twelve).
pub fn on_color(index: usize, text: &str) -> String {
    let bg = PALETTE_256[index % PALETTE_256.len()];
    format!("\x1b[30;48;5;{bg}m{text}\x1b[0m")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_single_and_ranges() {
        assert_eq!("8".parse(), Ok(Sizes::new(8, 8)));
        assert_eq!("3..12".parse(), Ok(Sizes::new(3, 12)));
        assert_eq!("3..=12".parse(), Ok(Sizes::new(3, 12)));
        assert_eq!(Sizes::new(3, 12).to_string(), "3..12");
        assert!("12..3".parse::<Sizes>().unwrap_err().contains("empty"));
        assert!("x".parse::<Sizes>().unwrap_err().contains("`x`"));
        assert!("3..".parse::<Sizes>().is_err());
    }

    #[test]
    fn broken_pipe_is_success() {
        let e: Box<dyn Error> = Box::new(io::Error::from(io::ErrorKind::BrokenPipe));
        assert_eq!(exit(Err(e)), ExitCode::SUCCESS);
    }
}
