//! What the example binaries share: exit statuses, `N` or `A..B` size
//! arguments, `--emit`, colour in the terminal, and counts that say so
//! when they will take long.
//!
//! Every binary's `main` is `cli::exit(try_main())`, with the statuses of
//! the `dlx` command line: 0 when what was asked for was found, 1 when the
//! input was valid but nothing was found ([`Outcome::NotFound`]), 2 for a
//! mistake in the input, which prints `error: ...` (clap gives 2 for a bad
//! command line too). A closed pipe (`| head`) is not an error at all.

use std::error::Error;
use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::str::FromStr;
use std::time::{Duration, Instant};

use dlx::{OptionId, Problem, Solver, Stats, Status};

/// The exit status of a run whose input was valid but that found nothing:
/// no solution, no tiling, no rota.
pub const EXIT_NOT_FOUND: u8 = 1;

/// The exit status of a run that failed: bad input or a bad command line.
pub const EXIT_ERROR: u8 = 2;

/// How a run without errors ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// What was asked for was found (or there was nothing to find: a table,
    /// `--emit`): status 0.
    Found,
    /// The input was valid, but nothing was found: status 1.
    NotFound,
}

impl Outcome {
    /// [`Found`](Outcome::Found) if `found`, else
    /// [`NotFound`](Outcome::NotFound).
    pub fn found_if(found: bool) -> Outcome {
        if found { Outcome::Found } else { Outcome::NotFound }
    }
}

/// A run that returns nothing found what it was asked for.
impl From<()> for Outcome {
    fn from((): ()) -> Outcome {
        Outcome::Found
    }
}

/// Turns the result of a binary's `try_main` into its exit status, printing
/// the error (if any) to standard error.
pub fn exit<T: Into<Outcome>>(result: Result<T, Box<dyn Error>>) -> ExitCode {
    match result {
        Ok(outcome) => match outcome.into() {
            Outcome::Found => ExitCode::SUCCESS,
            Outcome::NotFound => ExitCode::from(EXIT_NOT_FOUND),
        },
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

/// A count that runs this long says nothing on standard error.
const QUIET: Duration = Duration::from_millis(500);

/// A count estimated to run longer than this is announced, with its
/// estimated time.
const LONG: Duration = Duration::from_secs(10);

/// Random paths walked for the estimate of a long count: batches of
/// [`ESTIMATE_BATCH`] until [`ESTIMATE_TIME`] has passed or there are this
/// many.
const ESTIMATE_SAMPLES: u64 = 4096;

/// Random paths per batch of the estimate.
const ESTIMATE_BATCH: u64 = 256;

/// The time the estimate may take.
const ESTIMATE_TIME: Duration = Duration::from_millis(300);

/// Search-tree nodes between looks at the clock while counting.
const SLICE: u64 = 1 << 16;

/// How often the progress line is redrawn.
const REDRAW: Duration = Duration::from_secs(1);

/// Counts like [`count_all`], and says on standard error when that will
/// take long.
///
/// A count that ends within half a second says nothing. Past that, Knuth's
/// random-path estimate of the search tree ([`Solver::estimate`]) and the
/// speed of the count so far give the time it will take; if that is more
/// than ten seconds, standard error gets `{program}: {what} will take about
/// 3 days (...)` and then `hint`, if any (say how to get a quicker answer).
/// While the count goes on, a progress line is drawn on standard error if
/// it is a terminal, and erased at the end.
pub fn count_all_or_warn(
    solver: &mut Solver<'_>,
    program: &str,
    what: &str,
    hint: Option<&str>,
) -> (u128, Stats) {
    let start = Instant::now();
    let terminal = io::stderr().is_terminal();
    let mut estimated = false;
    let mut drawn: Option<Instant> = None;
    loop {
        if solver.run(SLICE) == Status::Done {
            break;
        }
        let elapsed = start.elapsed();
        if elapsed < QUIET {
            continue;
        }
        if !estimated {
            estimated = true;
            if let Some(note) = long_count_note(solver, elapsed, program, what, hint) {
                eprint!("{note}");
            }
        }
        if terminal && drawn.is_none_or(|at| at.elapsed() >= REDRAW) {
            let stats = solver.stats();
            let percent = 100.0 * solver.progress();
            let percent =
                if percent >= 0.01 { format!("{percent:.2}") } else { format!("{percent:.1e}") };
            eprint!(
                "\r\x1b[K{program}: {} solutions so far, {percent}% of the tree, {}",
                stats.solutions(),
                human_time(elapsed.as_secs_f64())
            );
            drawn = Some(Instant::now());
        }
    }
    if drawn.is_some() {
        eprint!("\r\x1b[K");
    }
    let stats = solver.stats();
    (stats.solutions(), stats)
}

/// What to say about a count that has run for `elapsed`: its estimated
/// time, if that is long; `None` if not.
fn long_count_note(
    solver: &Solver<'_>,
    elapsed: Duration,
    program: &str,
    what: &str,
    hint: Option<&str>,
) -> Option<String> {
    let mut walker = Solver::with_config(solver.problem(), solver.config());
    walker.choose_all(solver.forced()).ok()?;
    let start = Instant::now();
    let (mut samples, mut nodes) = (0, 0.0);
    while samples < ESTIMATE_SAMPLES && start.elapsed() < ESTIMATE_TIME {
        let e = walker.estimate(ESTIMATE_BATCH, samples);
        nodes += e.nodes * e.samples as f64;
        samples += e.samples;
    }
    let nodes = nodes / samples.max(1) as f64;
    let speed = solver.stats().nodes() as f64 / elapsed.as_secs_f64();
    let left = (nodes - solver.stats().nodes() as f64) / speed;
    if !left.is_finite() || left < LONG.as_secs_f64() {
        return None;
    }
    let mut note = format!(
        "{program}: {what} will take about {} (an estimate from {samples} random paths: \
         {nodes:.1e} search-tree nodes at {speed:.1e} nodes/s)\n",
        human_time(left + elapsed.as_secs_f64()),
    );
    if let Some(hint) = hint {
        note += &format!("{program}: {hint}\n");
    }
    Some(note)
}

/// A time in seconds as a person would say it: `12 s`, `3.5 min`,
/// `2.0 days`, `4.1e9 years`.
pub fn human_time(secs: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 60.0 * MINUTE;
    const DAY: f64 = 24.0 * HOUR;
    const YEAR: f64 = 365.25 * DAY;
    match secs {
        s if !s.is_finite() => "forever".to_owned(),
        s if s < MINUTE => format!("{s:.0} s"),
        s if s < HOUR => format!("{:.1} min", s / MINUTE),
        s if s < DAY => format!("{:.1} hours", s / HOUR),
        s if s < YEAR => format!("{:.1} days", s / DAY),
        s if s < 1e4 * YEAR => format!("{:.0} years", s / YEAR),
        s => format!("{:.1e} years", s / YEAR),
    }
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
        assert_eq!(exit::<()>(Err(e)), ExitCode::SUCCESS);
    }

    #[test]
    fn exit_statuses_are_those_of_dlx() {
        assert_eq!(exit::<()>(Ok(())), ExitCode::SUCCESS);
        assert_eq!(exit::<Outcome>(Ok(Outcome::found_if(true))), ExitCode::SUCCESS);
        assert_eq!(exit::<Outcome>(Ok(Outcome::found_if(false))), ExitCode::from(1));
        assert_eq!(exit::<()>(Err("bad input".into())), ExitCode::from(2));
    }

    #[test]
    fn times_read_as_a_person_says_them() {
        assert_eq!(human_time(12.4), "12 s");
        assert_eq!(human_time(210.0), "3.5 min");
        assert_eq!(human_time(2.0 * 86400.0), "2.0 days");
        assert_eq!(human_time(3.0 * 365.25 * 86400.0), "3 years");
        assert_eq!(human_time(4.1e9 * 365.25 * 86400.0), "4.1e9 years");
        assert_eq!(human_time(f64::INFINITY), "forever");
    }

    #[test]
    fn a_quick_count_is_the_plain_count() {
        let problem = Problem::parse_knuth("A B C\nA B\nC\nA\nB C\nB\n").unwrap();
        let (count, stats) = count_all_or_warn(&mut Solver::new(&problem), "t", "counting", None);
        assert_eq!(count, Solver::new(&problem).count());
        assert_eq!(stats.solutions(), count);
    }
}
