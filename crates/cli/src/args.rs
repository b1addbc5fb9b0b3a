//! The command line, as clap parses it: [`Args`] and its subcommands.
//!
//! The doc comments on these types are the `--help` text. Nothing here
//! opens a file or checks more than clap can; [`crate::config`] turns the
//! parsed arguments into a [`Config`](crate::config::Config) before any work
//! starts.
//!
//! A subcommand's arguments are built only when it runs (or for help,
//! completions and the manual): clap's `defer` on [`Command`] and
//! [`SudokuCommand`], which spares each run building every other command
//! (0.2 ms of `dlx --version`, docs/performance.md). Deferred, a payload
//! struct's doc comment would be applied after its variant's and replace
//! the subcommand's about text, so those structs carry theirs for rustdoc
//! only (`cfg_attr(doc, doc = ...)`), and the words a subcommand gives the
//! shared options (`mut_arg`) sit on its struct, applied once its
//! arguments exist.

use std::path::PathBuf;

use clap::{Args as ClapArgs, Parser, Subcommand, ValueEnum};

mod sudoku;

pub use sudoku::{RegionsArg, SolveFormat, SudokuArgs, SudokuCommand, SudokuGenerateArgs};

const EXAMPLES: &str = "\
Examples:
  dlx solve problem.dlx                print one solution
  dlx solve --all problem.dlx          print every solution, a blank line between them
  dlx count --stats problem.dlx        count the solutions on every core, with statistics
  dlx estimate problem.dlx             how long would counting take? (seconds to answer)
  dlx split --parts 1000 -o parts problem.dlx
                                       cut the problem into 1000 parts to count anywhere
  cat counts/* | dlx sum               add up the parts' counts
  dlx sudoku solve puzzles.txt         solve every puzzle in the file, one answer each
  cat puzzles.txt | dlx sudoku check   tell unique, multiple and none apart
  dlx sudoku count --variant x -       count X-sudoku solutions of puzzles on stdin
  dlx sudoku generate --count 5        five new puzzles, each with one solution
  dlx count --format json problem.dlx  any command's output as JSON Lines

Exit status: 0 when everything was solved (for `sudoku check`: every puzzle
is unique), 1 when the input was valid but something had no solution (or was
not unique), 2 when some input or the command line was wrong, 3 when
`dlx count` was stopped before the end (Ctrl-C, SIGTERM, --time-limit,
--node-limit) and printed a partial count, or `dlx solve --min-cost` was
(Ctrl-C, SIGTERM, --time-limit) and printed the cheapest solutions found so
far, or a sudoku batch was stopped
(Ctrl-C, SIGTERM) with the puzzles before the first not reached answered.";

/// Exact cover and sudoku with Knuth's Dancing Links.
///
/// Solves and counts exact-cover problems written in Knuth's format (the
/// format of his DLX1, DLX2 and DLX3), and sudoku of any size and several
/// variants, one puzzle or millions, on all cores.
#[derive(Debug, Parser)]
#[command(
    name = "dlx",
    version,
    propagate_version = true,
    arg_required_else_help = true,
    after_help = EXAMPLES,
    max_term_width = 100
)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands of `dlx`, each one's arguments deferred (see the module
/// docs).
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// Print solutions of an exact-cover problem in Knuth's format.
    ///
    /// Prints the first solution found, one chosen option per line, written
    /// as in the input and in input order. Prints nothing and exits with 1
    /// when there is no solution.
    #[command(after_help = "\
Examples:
  dlx solve problem.dlx
  dlx solve --all --stats problem.dlx
  dlx solve --threads 2 hard.dlx       any solution, found by either of 2 threads
  generate-problem | dlx solve --limit 10
  dlx solve --all --format json problem.dlx
  dlx solve --min-cost --best 3 costs.dlx
                                       the 3 cheapest solutions (DLX5's |n costs)

With --min-cost, stopped before the end (Ctrl-C, SIGTERM, --time-limit), it
prints the cheapest solutions found so far, each cost marked `(not proven
optimal)`, and exits with status 3.")]
    Solve(SolveArgs),

    /// Count the solutions of an exact-cover problem in Knuth's format.
    ///
    /// Prints the number of solutions and nothing else. Exits with 1 when
    /// there is none. Counts on every core by default; the count is the same
    /// on any number of threads. A long count shows its progress on stderr
    /// when stderr is a terminal: solutions so far, their rate, an estimate
    /// of the fraction of the search tree explored (nodes searched over
    /// those plus the nodes left, each untried branch sized by the finished
    /// ones beside it and by Knuth's random probes) and of the time left.
    #[command(after_help = "\
Examples:
  dlx count queens12.dlx
  dlx count --threads 1 queens12.dlx   on one core
  dlx count --limit 2 problem.dlx      is there more than one solution?
  dlx count --format json problem.dlx  the count as a JSON object
  dlx count --checkpoint c.txt p.dlx   resumable: run it again after a stop

Stopped before the end (Ctrl-C, SIGTERM, --time-limit, --node-limit), it
prints `at least N` (JSON: \"complete\": false), its statistics if asked,
saves the checkpoint if one is asked for, and exits with status 3.")]
    Count(CountArgs),

    /// Estimate the size of a search, and its time, before running it.
    ///
    /// Walks random paths down the search tree, choosing each branch
    /// uniformly (Knuth's estimator, 1975), and prints the estimated number
    /// of solutions and of search-tree nodes, each with its standard error
    /// (after `±`), then the time `dlx count` would take on this machine,
    /// from the speed of the real search in a short calibration run. When
    /// the whole search fits in that run, an `exact:` line gives the true
    /// figures. The estimates are unbiased but can have a large spread on
    /// irregular trees: compare the error to the estimate.
    #[command(after_help = "\
Examples:
  dlx estimate pentomino6x10.dlx
  dlx estimate --samples 100000 --seed 7 problem.dlx
  dlx estimate --format json problem.dlx")]
    Estimate(EstimateArgs),

    /// Split an exact-cover problem into parts to count anywhere.
    ///
    /// Cuts the search tree at one depth and writes each subtree there as an
    /// exact-cover problem of its own, in Knuth's format: the options chosen
    /// on the way to it are forced (comment lines at the top of the file name
    /// them) and what remains is the problem. The counts of the parts add up
    /// to the count of the whole, so each part can be counted on its own, on
    /// any machine with `dlx` (or with any program that reads Knuth's
    /// format), and the counts added with `dlx sum`.
    ///
    /// The parts are written as DIR/NAME-0001.dlx, DIR/NAME-0002.dlx, ...
    /// (in the order the search would visit them), and their names printed
    /// on stdout, one per line. Exits with 1, writing nothing, when the cut
    /// shows that the problem has no solution.
    #[command(after_help = "\
Examples:
  dlx split --parts 1000 --out parts problem.dlx
  dlx split --depth 2 --prefix q14 queens14.dlx
  parallel dlx count ::: parts/*.dlx | dlx sum    count the parts on every core
  dlx split --format json problem.dlx             one JSON object per part")]
    Split(SplitArgs),

    /// Add up counts: whole numbers, one per line, from files or stdin.
    ///
    /// Made for the counts of the parts of a split problem (the output of
    /// `dlx count`, one file per part or all in one stream). Blank lines are
    /// skipped; any other line that is not a whole number is an error naming
    /// its file and line, and so is a file without a count, so that a count
    /// that failed is never silently left out of the sum. Exits with 1 when
    /// the sum is 0 (no solution), as `dlx count` does.
    #[command(after_help = "\
Examples:
  cat counts/*.txt | dlx sum
  dlx sum --expect 1000 counts/*.txt      and check that no part is missing
  dlx sum --format json counts/*.txt")]
    Sum(SumArgs),

    /// Solve, count, check or generate sudoku puzzles.
    ///
    /// A puzzle is one line of N² cells, or N lines of N cells (a blank line
    /// between puzzles); a cell is a symbol or a blank (`.`, `0`, `_` or
    /// `*`), and `|`, `-`, `+` and `,` may set boxes apart; `#` starts a
    /// comment. The size is read from each puzzle: 4x4, 6x6, 9x9, 16x16,
    /// 25x25 ... up to 64x64. CSV files whose records hold one-line puzzles
    /// (Kaggle's `quizzes,solutions`) read as one puzzle per record. Puzzles
    /// are solved on all cores, and the answers come out in input order, one
    /// per puzzle, in the form each puzzle was written in.
    #[command(
        subcommand,
        after_help = "\
Examples:
  dlx sudoku solve puzzles.txt               one solution per puzzle
  dlx sudoku count --limit 100 puzzles.txt   count, stopping at 100
  dlx sudoku check puzzles.txt               unique, multiple, none or invalid
  dlx sudoku generate --count 10 --seed 1    ten puzzles with one solution each
  dlx sudoku solve --variant x,anti-knight -
  dlx sudoku solve 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......

Exit status: 0 when every puzzle was solved (for `check`: is unique), 1 when
every puzzle was valid but some had no solution (for `check`: was not
unique), 2 when some puzzle or the command line was invalid."
    )]
    Sudoku(SudokuCommand),
}

#[cfg_attr(doc, doc = "`dlx solve`.")]
#[derive(Debug, ClapArgs)]
#[command(
    mut_arg("limit", |a| a.help(
        "Print at most N solutions, a blank line between them (by default one, or all \
         with --all)"
    )),
    mut_arg("threads", |a| a.help(
        "Search on N threads (default 1). With one thread solutions come in the search's \
         order, the same on every run; with more, the first solution printed is the first \
         any thread finds, and --all prints solutions as they are found, in an order that \
         varies from run to run"
    )),
    mut_arg("format", |a| a.help(
        "How to write solutions: `text`, one option per line, or `json`, one object per \
         solution (JSON Lines)"
    ))
)]
pub struct SolveArgs {
    /// The problem in Knuth's format; stdin when absent or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Print every solution, a blank line between solutions.
    #[arg(short, long)]
    pub all: bool,

    /// Print the cheapest solution (or the --best K cheapest, cheapest
    /// first), each after a line `cost: N`. An option's cost is the sum of
    /// the entries `|n` that end it (Knuth's DLX5 format); a solution's,
    /// the sum of its options'. Found by branch and bound, on any number of
    /// threads with the same answer; among equal costs, the solution whose
    /// options come first in the input ranks first.
    #[arg(long, conflicts_with_all = ["all", "limit"])]
    pub min_cost: bool,

    /// With --min-cost: print the K cheapest solutions.
    #[arg(long, value_name = "K", requires = "min_cost", value_parser = at_least_one::<usize>)]
    pub best: Option<usize>,

    /// With --min-cost: stop after SECS seconds (decimals allowed), print
    /// the cheapest found so far (`cost: N (not proven optimal)`) and exit
    /// with status 3.
    #[arg(long, value_name = "SECS", requires = "min_cost", value_parser = seconds)]
    pub time_limit: Option<std::time::Duration>,

    #[command(flatten)]
    pub search: SearchArgs,
}

#[cfg_attr(doc, doc = "`dlx count`.")]
#[derive(Debug, ClapArgs)]
#[command(
    mut_arg("limit", |a| a.help("Stop counting at N solutions")),
    mut_arg("threads", |a| a.help("Count on N threads; by default on every core")),
    mut_arg("format", |a| a.help(
        "How to write the count: `text`, the number alone, or `json`, one object"
    ))
)]
pub struct CountArgs {
    /// The problem in Knuth's format; stdin when absent or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    #[command(flatten)]
    pub search: SearchArgs,

    /// Stop after SECS seconds (decimals allowed) with a partial count:
    /// `at least N`, exit status 3.
    #[arg(long, value_name = "SECS", value_parser = seconds)]
    pub time_limit: Option<std::time::Duration>,

    /// Stop after N search-tree nodes with a partial count: `at least N`,
    /// exit status 3.
    #[arg(long, value_name = "N", value_parser = at_least_one::<u64>)]
    pub node_limit: Option<u64>,

    /// Save where the count stands in FILE (written whole, then renamed
    /// over the old one), every `--checkpoint-every` seconds and when the
    /// count stops early; if FILE exists, resume from it. The same command
    /// run again finishes the count; FILE is removed when it is complete.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,

    /// Seconds between checkpoints.
    #[arg(long, value_name = "SECS", default_value = "60", value_parser = seconds, requires = "checkpoint")]
    pub checkpoint_every: std::time::Duration,
}

/// Parses a number of seconds, decimals allowed, into a duration.
pub(crate) fn seconds(text: &str) -> Result<std::time::Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() && s < 1e12 => Ok(std::time::Duration::from_secs_f64(s)),
        _ => Err(format!("expected a number of seconds above 0, like 30 or 0.5, not `{text}`")),
    }
}

#[cfg_attr(
    doc,
    doc = "What `dlx solve` and `dlx count` share: how far and how to search, and what to write. Each command words the help of `--limit`, `--threads` and `--format` for itself."
)]
#[derive(Debug, ClapArgs)]
pub struct SearchArgs {
    /// Stop at N solutions.
    #[arg(short = 'n', long, value_name = "N", value_parser = at_least_one::<u64>)]
    pub limit: Option<u64>,

    /// Search on N threads.
    #[arg(short = 'j', long, value_name = "N", value_parser = at_least_one::<usize>)]
    pub threads: Option<usize>,

    /// What the search deduces before it branches.
    #[arg(long, value_enum, value_name = "RULE", default_value = "none")]
    pub propagation: PropagationArg,

    /// How the search picks the item to branch on.
    #[arg(long, value_enum, value_name = "RULE", default_value = "mrv")]
    pub heuristic: HeuristicArg,

    /// Count problems with multiplicities without remembering the subtrees
    /// already counted: the whole tree is walked, and `--stats` gives the
    /// nodes of Knuth's DLX3 (by default a state met again adds its count
    /// at once, and the nodes are those visited).
    #[arg(long)]
    pub no_memo: bool,

    /// How to write the output.
    #[arg(short, long, value_enum, value_name = "FORMAT", default_value = "text")]
    pub format: OutputFormat,

    #[command(flatten)]
    pub report: ReportArgs,
}

#[cfg_attr(doc, doc = "`dlx estimate`.")]
#[derive(Debug, ClapArgs)]
pub struct EstimateArgs {
    /// The problem in Knuth's format; stdin when absent or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Walk N random paths. By default 10000, or fewer if they take more
    /// than about a second; an explicit N is always walked in full.
    #[arg(short, long, value_name = "N", value_parser = at_least_one::<u64>)]
    pub samples: Option<u64>,

    /// The seed of the random paths: the same seed and samples give the
    /// same estimate on any machine.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// How to write the estimate: `text`, `key: value` lines, or `json`,
    /// one object.
    #[arg(short, long, value_enum, value_name = "FORMAT", default_value = "text")]
    pub format: OutputFormat,
}

#[cfg_attr(doc, doc = "`dlx split`.")]
#[derive(Debug, ClapArgs)]
pub struct SplitArgs {
    /// The problem in Knuth's format; stdin when absent or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Cut at the shallowest depth that gives at least K parts (the
    /// default, with K = 100).
    #[arg(short = 'k', long, value_name = "K", value_parser = at_least_one::<usize>)]
    pub parts: Option<usize>,

    /// Cut at depth D: one part per node D levels down the search tree
    /// (and one per solution found above it).
    #[arg(short, long, value_name = "D", conflicts_with = "parts")]
    pub depth: Option<usize>,

    /// Write the parts into DIR, created if needed.
    #[arg(short, long, value_name = "DIR", default_value = ".")]
    pub out: PathBuf,

    /// Name the parts NAME-0001.dlx, NAME-0002.dlx, ...; by default the
    /// input file's name without its extension (`part` for stdin).
    #[arg(short, long, value_name = "NAME")]
    pub prefix: Option<String>,

    /// Replace the parts of an earlier split with the same NAME in DIR: all
    /// of them, so that no stale part is left to be counted. Without it,
    /// `dlx split` refuses to touch them.
    #[arg(short, long)]
    pub force: bool,

    /// Write statistics to stderr when done, one `key: value` per line:
    /// items, options, parts, depth (of the cut), time.
    #[arg(long)]
    pub stats: bool,

    /// How to name the parts written: `text`, one file name per line, or
    /// `json`, one object per part (its file, path and chosen options).
    #[arg(long, value_enum, value_name = "FORMAT", default_value = "text")]
    pub format: OutputFormat,
}

#[cfg_attr(doc, doc = "`dlx sum`.")]
#[derive(Debug, ClapArgs)]
pub struct SumArgs {
    /// Files of counts, read in order; stdin when none or `-`.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Fail unless exactly N counts were read (one per part): catches a part
    /// whose count is missing.
    #[arg(short, long, value_name = "N")]
    pub expect: Option<u64>,

    /// How to write the sum: `text`, the number alone, or `json`, one
    /// object with the total and the number of counts.
    #[arg(short, long, value_enum, value_name = "FORMAT", default_value = "text")]
    pub format: OutputFormat,
}

#[cfg_attr(doc, doc = "Flags about what goes to stderr besides errors.")]
#[derive(Debug, ClapArgs)]
pub struct ReportArgs {
    /// Write statistics to stderr when done, one `key: value` per line:
    /// items, options, solutions, nodes, updates, depth, time, updates/s,
    /// then threads for `solve` and `count`; for sudoku also puzzles,
    /// solved, no-solution, invalid (and unique, multiple for `check`;
    /// unknown, if some puzzle passed `--time-limit`) and puzzles/s; last, the engine the search ran (bit-sliced, bitset,
    /// bit-bounded or dancing-links).
    #[arg(long)]
    pub stats: bool,

    /// Never show a progress bar. (A bar is shown on stderr for long work,
    /// and only when stderr is a terminal.)
    #[arg(long)]
    pub no_progress: bool,
}

/// How the search picks the item to branch on (`dlx::Heuristic`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum HeuristicArg {
    /// The item with the fewest options left, the first of them in item
    /// order (Knuth's rule: with `--propagation none`, his node counts).
    Mrv,
    /// As `mrv`, but of the first eight items tied for fewest options, the
    /// one whose options rule out the most others. Often a smaller tree on
    /// sudoku-like problems (the hardest sudoku: about half the nodes),
    /// rarely elsewhere, and not when enumerating many solutions; other
    /// node counts.
    MrvMostRemoved,
    /// The first item in item order, however many options it has.
    First,
}

impl From<HeuristicArg> for dlx::Heuristic {
    fn from(arg: HeuristicArg) -> dlx::Heuristic {
        match arg {
            HeuristicArg::Mrv => dlx::Heuristic::MinimumRemaining,
            HeuristicArg::MrvMostRemoved => dlx::Heuristic::MinimumRemainingMostRemoved,
            HeuristicArg::First => dlx::Heuristic::First,
        }
    }
}

/// What the search deduces before it branches (`dlx::Propagation`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PropagationArg {
    /// Nothing: plain Algorithm X (with `--heuristic mrv`, Knuth's node
    /// counts).
    None,
    /// Before the first branch, remove the options a dominating item rules
    /// out: when both options left for an item cover another item, that
    /// item's other options go (sudoku's locked candidates). The same
    /// solutions, often from a smaller tree; other node counts.
    Dominance,
}

impl From<PropagationArg> for dlx::Propagation {
    fn from(arg: PropagationArg) -> dlx::Propagation {
        match arg {
            PropagationArg::None => dlx::Propagation::None,
            PropagationArg::Dominance => dlx::Propagation::Dominance,
        }
    }
}

/// How a command writes its output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Plain text, as documented for each command.
    Text,
    /// JSON Lines: one JSON object per line (per solution, puzzle, part or
    /// count), the fields documented in the README.
    Json,
}

/// Parses a whole number of at least 1 (a limit, a thread count).
fn at_least_one<T: std::str::FromStr + PartialOrd + From<u8>>(text: &str) -> Result<T, String> {
    match text.parse::<T>() {
        Ok(n) if n >= T::from(1) => Ok(n),
        _ => Err(format!("expected a whole number of at least 1, not `{text}`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn verify_cli() {
        Args::command().debug_assert();
    }

    #[test]
    fn limits_are_positive() {
        assert_eq!(at_least_one::<u64>("7"), Ok(7));
        assert!(at_least_one::<u64>("0").is_err());
        assert!(at_least_one::<usize>("-1").is_err());
        assert!(at_least_one::<u64>("many").is_err());
    }
}
