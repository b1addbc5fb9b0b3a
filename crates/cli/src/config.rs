//! What to do, decided before any work starts: [`Config`].
//!
//! [`Config::from_args`] turns clap's [`Args`] into plain values: inputs
//! become [`Input`]s (or, for sudoku, [`Source`]s, which may be a puzzle
//! given as an argument), limits become `u128`s, thread counts are settled
//! (every core unless told otherwise, one for `dlx solve`), whether to draw
//! a progress bar is settled by asking whether stderr is a terminal, and the
//! sudoku rules are settled as a [`RuleSpec`] (which reads the `--regions`
//! file). Every mistake in the command line is found here, so a command
//! never fails halfway for a reason it could have seen at the start. No
//! clap type goes past this module: the commands see only plain values.

mod generate;
mod rules;
mod sources;

use std::io::{self, IsTerminal};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use dlx::SplitAt;

use crate::args::{
    Args, Command, OutputFormat, RegionsArg, ReportArgs, SearchArgs, SolveFormat, SplitArgs,
    SudokuArgs, SudokuCommand,
};
use crate::input::Input;

pub use generate::GenerateConfig;
pub use rules::{RegionSource, RuleSpec};
pub use sources::Source;

/// The parts `dlx split` makes when told neither `--parts` nor `--depth`.
pub const DEFAULT_PARTS: usize = 100;

/// One command, ready to run.
#[derive(Debug)]
pub enum Config {
    /// `dlx solve`.
    Solve(SearchConfig),
    /// `dlx solve --min-cost`: the cheapest solutions.
    MinCost(SearchConfig, MinCost),
    /// `dlx count`, with its limits and checkpoint.
    Count(SearchConfig, LongRun),
    /// `dlx sudoku solve|count|check`.
    Sudoku(Box<SudokuConfig>),
    /// `dlx sudoku generate`.
    Generate(Box<GenerateConfig>),
    /// `dlx estimate`.
    Estimate(EstimateConfig),
    /// `dlx split`.
    Split(SplitConfig),
    /// `dlx sum`.
    Sum(SumConfig),
}

/// How a command writes its output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// Plain text.
    Text,
    /// JSON Lines: one object per line.
    Json,
}

impl From<OutputFormat> for Output {
    fn from(format: OutputFormat) -> Output {
        match format {
            OutputFormat::Text => Output::Text,
            OutputFormat::Json => Output::Json,
        }
    }
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
    /// is typed on a terminal (`stdin`: the input is read from stdin): then
    /// the person typing sets the pace, and a bar would only get in the way
    /// of what they type.
    fn new(args: &ReportArgs, stdin: bool) -> Report {
        let typing = stdin && io::stdin().is_terminal();
        Report {
            stats: args.stats,
            progress: !args.no_progress && !typing && io::stderr().is_terminal(),
        }
    }
}

/// `dlx solve` and `dlx count`: search an exact-cover problem.
#[derive(Debug)]
pub struct SearchConfig {
    /// The problem.
    pub input: Input,
    /// The most solutions to print, or to count; `None` for all of them.
    pub limit: Option<u128>,
    /// The number of search threads (at least 1).
    pub threads: usize,
    /// The engine's settings.
    pub search: dlx::Config,
    /// Text or JSON.
    pub output: Output,
    /// Statistics and progress.
    pub report: Report,
}

/// What `dlx solve --min-cost` looks for, and when it stops early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MinCost {
    /// How many of the cheapest solutions to print.
    pub best: usize,
    /// Stop after this long, with the cheapest found so far.
    pub time_limit: Option<std::time::Duration>,
}

/// How a long `dlx count` may stop early and be resumed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LongRun {
    /// Stop after this long, with a partial count.
    pub time_limit: Option<std::time::Duration>,
    /// Stop after this many search-tree nodes, with a partial count.
    pub node_limit: Option<u64>,
    /// Where the count's checkpoint is saved, and resumed from.
    pub checkpoint: Option<PathBuf>,
    /// How often the checkpoint is saved.
    pub checkpoint_every: std::time::Duration,
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
    /// Text or JSON.
    pub output: Output,
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
    /// Text or JSON.
    pub output: Output,
}

/// `dlx sum`: add up counts.
#[derive(Debug)]
pub struct SumConfig {
    /// The inputs, read one after the other.
    pub inputs: Vec<Input>,
    /// The number of counts there must be, if given.
    pub expect: Option<u64>,
    /// Text or JSON.
    pub output: Output,
}

/// A sudoku batch: the task, the inputs, the rules and the threads.
#[derive(Debug)]
pub struct SudokuConfig {
    /// What to do with each puzzle.
    pub task: Task,
    /// Text or JSON.
    pub output: Output,
    /// The inputs, read one after the other.
    pub sources: Vec<Source>,
    /// The rules every puzzle is solved under.
    pub rules: RuleSpec,
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
    /// Find solutions.
    Solve(SolveTask),
    /// Count solutions, up to the limit if there is one.
    Count(Option<u128>),
    /// Tell unique, multiple and no solution apart.
    Check,
    /// Rate as a person would solve it.
    Rate,
    /// The next step a person would take.
    Hint,
    /// Every step to the solution.
    Explain,
}

impl Task {
    /// Whether the task solves as a person does (rate, hint, explain).
    pub fn is_human(self) -> bool {
        matches!(self, Task::Rate | Task::Hint | Task::Explain)
    }
}

/// How many solutions `sudoku solve` finds, and in which form it writes
/// them as text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveTask {
    /// The form of the solutions written as text.
    pub form: Form,
    /// The most solutions listed per puzzle: `Some(1)` (the default) for
    /// one, checked for uniqueness; `None` for all of them.
    pub limit: Option<u128>,
}

impl SolveTask {
    /// Whether solutions are listed (`--all` or `--limit`), rather than one
    /// found per puzzle.
    pub fn lists(self) -> bool {
        self.limit != Some(1)
    }
}

/// The text form of a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// As the puzzle was written: a line or a grid.
    AsWritten,
    /// Always a line.
    Line,
    /// Always a grid.
    Grid,
}

impl Config {
    /// Checks the arguments and settles every choice.
    pub fn from_args(args: Args) -> Result<Config> {
        Ok(match args.command {
            Command::Solve(a) if a.min_cost => Config::MinCost(
                // One thread by default, as for `dlx solve`.
                search(a.file.as_deref(), None, 1, &a.search),
                MinCost { best: a.best.unwrap_or(1), time_limit: a.time_limit },
            ),
            Command::Solve(a) => Config::Solve(search(
                a.file.as_deref(),
                match (a.all, a.search.limit) {
                    (_, Some(n)) => Some(n.into()),
                    (true, None) => None,
                    (false, None) => Some(1),
                },
                // One thread by default: the first solution is then the
                // search's first, the same on every run.
                1,
                &a.search,
            )),
            // Every core by default: the count is the same anyway.
            Command::Count(a) => Config::Count(
                search(a.file.as_deref(), a.search.limit.map(u128::from), all_cores(), &a.search),
                LongRun {
                    time_limit: a.time_limit,
                    node_limit: a.node_limit,
                    checkpoint: a.checkpoint,
                    checkpoint_every: a.checkpoint_every,
                },
            ),
            Command::Estimate(a) => Config::Estimate(EstimateConfig {
                input: Input::from_optional(a.file.as_deref()),
                samples: a.samples,
                seed: a.seed,
                output: a.format.into(),
            }),
            Command::Split(a) => Config::Split(split(a)?),
            Command::Sum(a) => Config::Sum(SumConfig {
                inputs: Input::list(&a.files),
                expect: a.expect,
                output: a.format.into(),
            }),
            Command::Sudoku(SudokuCommand::Solve(a)) => {
                let form = match a.format {
                    SolveFormat::Text | SolveFormat::Json => Form::AsWritten,
                    SolveFormat::Line => Form::Line,
                    SolveFormat::Grid => Form::Grid,
                };
                let limit = match (a.all, a.limit) {
                    (_, Some(n)) => Some(n.into()),
                    (true, None) => None,
                    (false, None) => Some(1),
                };
                let output = match a.format {
                    SolveFormat::Json => Output::Json,
                    _ => Output::Text,
                };
                sudoku(Task::Solve(SolveTask { form, limit }), output, a.sudoku)?
            }
            Command::Sudoku(SudokuCommand::Count(a)) => {
                sudoku(Task::Count(a.limit.map(u128::from)), a.format.into(), a.sudoku)?
            }
            Command::Sudoku(SudokuCommand::Check(a)) => {
                sudoku(Task::Check, a.format.into(), a.sudoku)?
            }
            Command::Sudoku(SudokuCommand::Rate(a)) => {
                sudoku(Task::Rate, a.format.into(), a.sudoku)?
            }
            Command::Sudoku(SudokuCommand::Hint(a)) => {
                sudoku(Task::Hint, a.format.into(), a.sudoku)?
            }
            Command::Sudoku(SudokuCommand::Explain(a)) => {
                sudoku(Task::Explain, a.format.into(), a.sudoku)?
            }
            Command::Sudoku(SudokuCommand::Generate(a)) => {
                let threads = a.threads.unwrap_or_else(all_cores);
                Config::Generate(Box::new(GenerateConfig::new(a, threads)?))
            }
        })
    }
}

/// The number of cores, the default number of threads.
fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

/// `dlx solve` or `dlx count`, with this limit and default thread count.
fn search(
    file: Option<&Path>,
    limit: Option<u128>,
    default_threads: usize,
    args: &SearchArgs,
) -> SearchConfig {
    let input = Input::from_optional(file);
    SearchConfig {
        report: Report::new(&args.report, input == Input::Stdin),
        input,
        limit,
        threads: args.threads.unwrap_or(default_threads),
        search: dlx::Config::new()
            .propagation(args.propagation.into())
            .heuristic(args.heuristic.into()),
        output: args.format.into(),
    }
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
    Ok(SplitConfig {
        input,
        at,
        dir: args.out,
        prefix,
        force: args.force,
        stats: args.stats,
        output: args.format.into(),
    })
}

fn sudoku(task: Task, output: Output, args: SudokuArgs) -> Result<Config> {
    let threads = args.threads.unwrap_or_else(all_cores);
    let variants = args.variant.iter().map(|&v| v.into()).collect();
    let regions = match &args.regions {
        Some(RegionsArg::File(path)) => Some(RegionSource::File(path)),
        Some(RegionsArg::Inline) => Some(RegionSource::Inline),
        Some(RegionsArg::Random) => bail!(
            "--regions random makes regions for `dlx sudoku generate`; to read puzzles that \
             carry their own map, use --regions inline"
        ),
        None => None,
    };
    let rules = RuleSpec::new(variants, args.box_shape, args.symbols.as_deref(), regions)?;
    let sources = sources::sources(&args.files);
    let stdin = sources.contains(&Source::Input(Input::Stdin));
    Ok(Config::Sudoku(Box::new(SudokuConfig {
        task,
        output,
        report: Report::new(&args.report, stdin),
        sources,
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
    fn min_cost_settings() {
        let min_cost = |argv: &[&str]| match config(argv) {
            Config::MinCost(c, m) => (c.threads, m),
            other => panic!("{other:?}"),
        };
        let one = MinCost { best: 1, time_limit: None };
        assert_eq!(min_cost(&["solve", "--min-cost"]), (1, one));
        let (threads, m) =
            min_cost(&["solve", "--min-cost", "--best", "4", "-j", "3", "--time-limit", "1.5"]);
        assert_eq!(threads, 3);
        assert_eq!(
            m,
            MinCost { best: 4, time_limit: Some(std::time::Duration::from_millis(1500)) }
        );
        for bad in [&["solve", "--best", "2"][..], &["solve", "--time-limit", "1"]] {
            let mut full = vec!["dlx"];
            full.extend_from_slice(bad);
            assert!(Args::try_parse_from(full).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn stdin_by_default() {
        let Config::Count(c, _) = config(&["count"]) else { panic!() };
        assert_eq!(c.input, Input::Stdin);
        let Config::Count(c, _) = config(&["count", "-"]) else { panic!() };
        assert_eq!(c.input, Input::Stdin);
        let Config::Count(c, _) = config(&["count", "x.dlx"]) else { panic!() };
        assert_eq!(c.input, Input::File("x.dlx".into()));
    }

    #[test]
    fn no_progress_bar_off_a_terminal() {
        // Under the test runner stderr is captured, never a terminal.
        let Config::Count(c, _) = config(&["count", "--stats"]) else { panic!() };
        assert_eq!(c.report, Report { stats: true, progress: false });
    }

    #[test]
    fn threads_default_to_one_for_solve_and_every_core_for_count() {
        let Config::Solve(c) = config(&["solve"]) else { panic!() };
        assert_eq!(c.threads, 1);
        let Config::Solve(c) = config(&["solve", "-j", "4"]) else { panic!() };
        assert_eq!(c.threads, 4);
        let Config::Count(c, _) = config(&["count"]) else { panic!() };
        assert_eq!(c.threads, all_cores());
        let Config::Count(c, _) = config(&["count", "--threads", "3"]) else { panic!() };
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
        let Config::Count(c, _) = config(&["count"]) else { panic!() };
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
        assert_eq!(c.sources.len(), 2);
    }

    #[test]
    fn sudoku_solve_tasks() {
        let task = |argv: &[&str]| match config(argv) {
            Config::Sudoku(c) => (c.task, c.output),
            other => panic!("{other:?}"),
        };
        let solve = |form, limit| Task::Solve(SolveTask { form, limit });
        assert_eq!(task(&["sudoku", "solve"]), (solve(Form::AsWritten, Some(1)), Output::Text));
        assert_eq!(
            task(&["sudoku", "solve", "-f", "text", "--all"]),
            (solve(Form::AsWritten, None), Output::Text)
        );
        assert_eq!(
            task(&["sudoku", "solve", "-f", "grid", "-n", "3"]),
            (solve(Form::Grid, Some(3)), Output::Text)
        );
        assert_eq!(
            task(&["sudoku", "solve", "--format", "json"]),
            (solve(Form::AsWritten, Some(1)), Output::Json)
        );
        assert_eq!(task(&["sudoku", "check", "-f", "json"]), (Task::Check, Output::Json));
        assert!(!SolveTask { form: Form::Line, limit: Some(1) }.lists());
        assert!(SolveTask { form: Form::Line, limit: None }.lists());
    }

    #[test]
    fn every_command_takes_a_format() {
        let output = |argv: &[&str]| match config(argv) {
            Config::Solve(c) | Config::Count(c, _) | Config::MinCost(c, _) => c.output,
            Config::Estimate(c) => c.output,
            Config::Split(c) => c.output,
            Config::Sum(c) => c.output,
            Config::Sudoku(c) => c.output,
            Config::Generate(c) => c.output,
        };
        for command in [
            &["solve"][..],
            &["solve", "--min-cost"],
            &["count"],
            &["estimate"],
            &["split"],
            &["sum"],
            &["sudoku", "solve"],
            &["sudoku", "count"],
            &["sudoku", "check"],
            &["sudoku", "generate"],
        ] {
            assert_eq!(output(command), Output::Text, "{command:?}");
            let json = [command, &["--format", "json"]].concat();
            assert_eq!(output(&json), Output::Json, "{command:?}");
        }
    }
}
