//! What to do, decided before any work starts: [`Config`].
//!
//! [`Config::from_args`] turns clap's [`Args`] into plain values: inputs
//! become [`Input`]s, limits become `u128`s, thread counts are settled
//! (every core unless told otherwise, one for `dlx solve`), whether to draw
//! a progress bar is settled by asking whether stderr is a terminal, and the
//! sudoku rules are built (which reads the `--regions` file). Every mistake in the
//! command line is found here, so a command never fails halfway for a
//! reason it could have seen at the start.

use std::io::{self, IsTerminal};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use dlx::SplitAt;

use crate::args::{Args, Command, Format, ReportArgs, SplitArgs, SudokuArgs, SudokuCommand};
use crate::input::Input;

/// The parts `dlx split` makes when told neither `--parts` nor `--depth`.
pub const DEFAULT_PARTS: usize = 100;

/// One command, ready to run.
#[derive(Debug)]
pub enum Config {
    /// `dlx solve`.
    Solve(SolveConfig),
    /// `dlx count`.
    Count(CountConfig),
    /// `dlx sudoku solve|count|check`.
    Sudoku(Box<SudokuConfig>),
    /// `dlx estimate`.
    Estimate(EstimateConfig),
    /// `dlx split`.
    Split(SplitConfig),
    /// `dlx sum`.
    Sum(SumConfig),
}

/// What goes to stderr besides errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    /// Write `key: value` statistics when done.
    pub stats: bool,
    /// Show a progress bar for long work (stderr is a terminal and
    /// `--no-progress` was not given).
    pub progress: bool,
}

impl Report {
    /// A bar is drawn only when stderr is a terminal, and never while input
    /// is typed on a terminal: then the person typing sets the pace, and a
    /// bar would only get in the way of what they type.
    fn new(args: &ReportArgs, inputs: &[Input]) -> Report {
        let typing = inputs.contains(&Input::Stdin) && io::stdin().is_terminal();
        Report {
            stats: args.stats,
            progress: !args.no_progress && !typing && io::stderr().is_terminal(),
        }
    }
}

/// `dlx solve`: print solutions of an exact-cover problem.
#[derive(Debug)]
pub struct SolveConfig {
    /// The problem.
    pub input: Input,
    /// The most solutions to print; `None` for all of them.
    pub limit: Option<u128>,
    /// The number of search threads (at least 1).
    pub threads: usize,
    /// The engine's settings.
    pub search: dlx::Config,
    /// Statistics and progress.
    pub report: Report,
}

/// `dlx count`: count the solutions of an exact-cover problem.
#[derive(Debug)]
pub struct CountConfig {
    /// The problem.
    pub input: Input,
    /// Stop counting here; `None` to count them all.
    pub limit: Option<u128>,
    /// The number of search threads (at least 1).
    pub threads: usize,
    /// The engine's settings.
    pub search: dlx::Config,
    /// Statistics and progress.
    pub report: Report,
}

/// `dlx estimate`: Knuth's random-path estimate of a search.
#[derive(Debug)]
pub struct EstimateConfig {
    /// The problem.
    pub input: Input,
    /// Walk exactly this many paths; `None` for the default number, cut
    /// short after about a second.
    pub samples: Option<u64>,
    /// The seed of the random paths.
    pub seed: u64,
}

/// `dlx split`: write the parts of a problem.
#[derive(Debug)]
pub struct SplitConfig {
    /// The problem.
    pub input: Input,
    /// Where to cut the search tree.
    pub at: SplitAt,
    /// The directory the parts go to.
    pub dir: PathBuf,
    /// The parts are named `PREFIX-0001.dlx` and so on.
    pub prefix: String,
    /// Replace the parts of an earlier split.
    pub force: bool,
    /// Write statistics to stderr.
    pub stats: bool,
}

/// `dlx sum`: add up counts.
#[derive(Debug)]
pub struct SumConfig {
    /// The inputs, read one after the other.
    pub inputs: Vec<Input>,
    /// The number of counts there must be, if given.
    pub expect: Option<u64>,
}

/// A sudoku batch: the task, the inputs, the rules and the threads.
#[derive(Debug)]
pub struct SudokuConfig {
    /// What to do with each puzzle.
    pub task: Task,
    /// The inputs, read one after the other.
    pub inputs: Vec<Input>,
    /// The rules every puzzle is solved under.
    pub rules: crate::sudoku::RuleSpec,
    /// The number of worker threads (at least 1).
    pub threads: usize,
    /// The engine's settings.
    pub search: dlx::Config,
    /// Statistics and progress.
    pub report: Report,
}

/// What a sudoku batch does with each puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// Find a solution, written in this format (`None`: as the puzzle was
    /// written).
    Solve(Option<Format>),
    /// Count solutions, up to the limit if there is one.
    Count(Option<u128>),
    /// Tell unique, multiple and no solution apart.
    Check,
}

impl Config {
    /// Checks the arguments and settles every choice.
    pub fn from_args(args: Args) -> Result<Config> {
        Ok(match args.command {
            Command::Solve(a) => {
                let input = Input::from_optional(a.file.as_deref());
                Config::Solve(SolveConfig {
                    report: Report::new(&a.report, std::slice::from_ref(&input)),
                    input,
                    limit: match (a.all, a.limit) {
                        (_, Some(n)) => Some(n.into()),
                        (true, None) => None,
                        (false, None) => Some(1),
                    },
                    // One thread by default: the first solution is then the
                    // search's first, the same on every run.
                    threads: a.threads.unwrap_or(1),
                    search: dlx::Config::new()
                        .propagation(a.propagation.into())
                        .heuristic(a.heuristic.into()),
                })
            }
            Command::Count(a) => {
                let input = Input::from_optional(a.file.as_deref());
                Config::Count(CountConfig {
                    report: Report::new(&a.report, std::slice::from_ref(&input)),
                    input,
                    limit: a.limit.map(u128::from),
                    // Every core by default: the count is the same anyway.
                    threads: a.threads.unwrap_or_else(all_cores),
                    search: dlx::Config::new()
                        .propagation(a.propagation.into())
                        .heuristic(a.heuristic.into()),
                })
            }
            Command::Estimate(a) => Config::Estimate(EstimateConfig {
                input: Input::from_optional(a.file.as_deref()),
                samples: a.samples,
                seed: a.seed,
            }),
            Command::Split(a) => Config::Split(split(a)?),
            Command::Sum(a) => {
                Config::Sum(SumConfig { inputs: Input::list(&a.files), expect: a.expect })
            }
            Command::Sudoku(SudokuCommand::Solve(a)) => sudoku(Task::Solve(a.format), a.sudoku)?,
            Command::Sudoku(SudokuCommand::Count(a)) => {
                sudoku(Task::Count(a.limit.map(u128::from)), a.sudoku)?
            }
            Command::Sudoku(SudokuCommand::Check(a)) => sudoku(Task::Check, a.sudoku)?,
        })
    }
}

/// The number of cores, the default number of threads.
fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

fn split(args: SplitArgs) -> Result<SplitConfig> {
    let input = Input::from_optional(args.file.as_deref());
    let prefix = match args.prefix {
        Some(prefix) => prefix,
        None => match &input {
            Input::File(path) => path
                .file_stem()
                .and_then(|s| s.to_str())
                .filter(|s| !s.is_empty())
                .unwrap_or("part")
                .to_owned(),
            Input::Stdin => "part".to_owned(),
        },
    };
    if prefix.is_empty() || prefix.contains(['/', '\\']) || Path::new(&prefix).is_absolute() {
        bail!("--prefix: expected a file name without directories, not `{prefix}`");
    }
    let at = match (args.depth, args.parts) {
        (Some(d), _) => SplitAt::Depth(d),
        (None, k) => SplitAt::Parts(k.unwrap_or(DEFAULT_PARTS)),
    };
    Ok(SplitConfig { input, at, dir: args.out, prefix, force: args.force, stats: args.stats })
}

fn sudoku(task: Task, args: SudokuArgs) -> Result<Config> {
    let threads = args.threads.unwrap_or_else(all_cores);
    let rules = crate::sudoku::RuleSpec::new(&args)?;
    let inputs = Input::list(&args.files);
    Ok(Config::Sudoku(Box::new(SudokuConfig {
        task,
        report: Report::new(&args.report, &inputs),
        inputs,
        rules,
        threads,
        search: {
            let mut search = sudoku_cover::Sudoku::config();
            if let Some(p) = args.propagation {
                search = search.propagation(p.into());
            }
            if let Some(h) = args.heuristic {
                search = search.heuristic(h.into());
            }
            search
        },
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn config(argv: &[&str]) -> Config {
        let mut full = vec!["dlx"];
        full.extend_from_slice(argv);
        Config::from_args(Args::try_parse_from(full).unwrap()).unwrap()
    }

    #[test]
    fn solve_limits() {
        let limit = |argv: &[&str]| match config(argv) {
            Config::Solve(c) => c.limit,
            other => panic!("{other:?}"),
        };
        assert_eq!(limit(&["solve"]), Some(1));
        assert_eq!(limit(&["solve", "--all"]), None);
        assert_eq!(limit(&["solve", "--limit", "5"]), Some(5));
        assert_eq!(limit(&["solve", "--all", "-n", "3"]), Some(3));
    }

    #[test]
    fn stdin_by_default() {
        let Config::Count(c) = config(&["count"]) else { panic!() };
        assert_eq!(c.input, Input::Stdin);
        let Config::Count(c) = config(&["count", "-"]) else { panic!() };
        assert_eq!(c.input, Input::Stdin);
        let Config::Count(c) = config(&["count", "x.dlx"]) else { panic!() };
        assert_eq!(c.input, Input::File("x.dlx".into()));
    }

    #[test]
    fn no_progress_bar_off_a_terminal() {
        // Under the test runner stderr is captured, never a terminal.
        let Config::Count(c) = config(&["count", "--stats"]) else { panic!() };
        assert_eq!(c.report, Report { stats: true, progress: false });
    }

    #[test]
    fn threads_default_to_one_for_solve_and_every_core_for_count() {
        let Config::Solve(c) = config(&["solve"]) else { panic!() };
        assert_eq!(c.threads, 1);
        let Config::Solve(c) = config(&["solve", "-j", "4"]) else { panic!() };
        assert_eq!(c.threads, 4);
        let Config::Count(c) = config(&["count"]) else { panic!() };
        assert_eq!(c.threads, all_cores());
        let Config::Count(c) = config(&["count", "--threads", "3"]) else { panic!() };
        assert_eq!(c.threads, 3);
    }

    #[test]
    fn split_defaults() {
        let Config::Split(c) = config(&["split", "dir/queens12.dlx"]) else { panic!() };
        assert_eq!(c.at, SplitAt::Parts(DEFAULT_PARTS));
        assert_eq!((c.prefix.as_str(), c.dir.as_path()), ("queens12", Path::new(".")));
        let Config::Split(c) = config(&["split", "-d", "3", "-o", "p", "-p", "q"]) else {
            panic!()
        };
        assert_eq!(
            (c.at, c.prefix.as_str(), c.dir.as_path()),
            (SplitAt::Depth(3), "q", Path::new("p"))
        );
        assert_eq!(c.input, Input::Stdin);
        let Config::Split(c) = config(&["split", "--parts", "7", "-"]) else { panic!() };
        assert_eq!((c.at, c.prefix.as_str()), (SplitAt::Parts(7), "part"));
    }

    #[test]
    fn a_prefix_is_a_name_not_a_path() {
        let args = Args::try_parse_from(["dlx", "split", "--prefix", "a/b", "x.dlx"]).unwrap();
        assert!(Config::from_args(args).is_err());
        let args = Args::try_parse_from(["dlx", "split", "--prefix", "", "x.dlx"]).unwrap();
        assert!(Config::from_args(args).is_err());
    }

    #[test]
    fn search_settings() {
        use dlx::{Heuristic, Propagation};
        let settings = |c: dlx::Config| (c.get_propagation(), c.get_heuristic());
        // Plain Algorithm X by default for exact cover, Knuth's rule.
        let Config::Count(c) = config(&["count"]) else { panic!() };
        assert_eq!(settings(c.search), (Propagation::None, Heuristic::MinimumRemaining));
        let Config::Solve(c) =
            config(&["solve", "--heuristic", "mrv-most-removed", "--propagation", "dominance"])
        else {
            panic!()
        };
        assert_eq!(
            settings(c.search),
            (Propagation::Dominance, Heuristic::MinimumRemainingMostRemoved)
        );
        // The sudoku solvers' settings by default for sudoku; each flag
        // replaces one.
        let Config::Sudoku(c) = config(&["sudoku", "solve"]) else { panic!() };
        assert_eq!(c.search, sudoku_cover::Sudoku::config());
        let Config::Sudoku(c) = config(&["sudoku", "count", "--heuristic", "mrv"]) else {
            panic!()
        };
        assert_eq!(settings(c.search), (Propagation::Dominance, Heuristic::MinimumRemaining));
        let Config::Sudoku(c) = config(&["sudoku", "check", "--propagation", "none"]) else {
            panic!()
        };
        assert_eq!(settings(c.search), (Propagation::None, Heuristic::MinimumRemainingMostRemoved));
    }

    #[test]
    fn sudoku_threads() {
        let Config::Sudoku(c) = config(&["sudoku", "check", "-j", "3"]) else { panic!() };
        assert_eq!((c.threads, c.task), (3, Task::Check));
        let Config::Sudoku(c) = config(&["sudoku", "count", "a", "b"]) else { panic!() };
        assert!(c.threads >= 1);
        assert_eq!(c.inputs.len(), 2);
    }
}
