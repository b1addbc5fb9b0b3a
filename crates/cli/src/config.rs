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

/// Sudoku inputs of at most this many bytes of text in all, known before
/// reading (about three lines of 9x9 puzzles), are searched on the bitset
/// form:
/// the bit-sliced table costs as much as searching about 34 easy 9x9
/// puzzles or 2 of the hardest longer on the bitset form (callgrind,
/// docs/performance.md, "Puzzles on the command line").
const FEW_BYTES: u64 = 256;

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
    /// The number of search threads (at least 1); `None` for every core,
    /// asked of the system only where it is needed ([`threads`](Self::threads)):
    /// a count that ends before starting a pool never asks.
    pub threads: Option<usize>,
    /// The engine's settings.
    pub search: dlx::Config,
    /// Text or JSON.
    pub output: Output,
    /// Statistics and progress.
    pub report: Report,
}

impl SearchConfig {
    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads.unwrap_or_else(all_cores)
    }
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
    /// Whether the batch runs on the calling thread alone (`threads` is
    /// then 1): a few puzzles, known to be few before reading, to solve
    /// or check, where starting a reader and a worker would take longer
    /// than solving them.
    pub alone: bool,
    /// The engine's settings.
    pub search: dlx::Config,
    /// The most time one puzzle's search may take (`--time-limit`).
    pub time_limit: Option<std::time::Duration>,
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
                search(a.file.as_deref(), None, Some(1), &a.search),
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
                Some(1),
                &a.search,
            )),
            // Every core by default: the count is the same anyway.
            Command::Count(a) => Config::Count(
                search(a.file.as_deref(), a.search.limit.map(u128::from), None, &a.search),
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
                let task = Task::Solve(SolveTask { form, limit });
                sudoku(task, output, a.time_limit, a.sudoku)?
            }
            Command::Sudoku(SudokuCommand::Count(a)) => {
                let task = Task::Count(a.limit.map(u128::from));
                sudoku(task, a.format.into(), a.time_limit, a.sudoku)?
            }
            Command::Sudoku(SudokuCommand::Check(a)) => {
                sudoku(Task::Check, a.format.into(), a.time_limit, a.sudoku)?
            }
            Command::Sudoku(SudokuCommand::Rate(a)) => {
                sudoku(Task::Rate, a.human.format.into(), a.time_limit, a.human.sudoku)?
            }
            Command::Sudoku(SudokuCommand::Hint(a)) => {
                sudoku(Task::Hint, a.format.into(), None, a.sudoku)?
            }
            Command::Sudoku(SudokuCommand::Explain(a)) => {
                sudoku(Task::Explain, a.human.format.into(), a.time_limit, a.human.sudoku)?
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

/// `dlx solve` or `dlx count`, with this limit and default thread count
/// (`None`: every core).
fn search(
    file: Option<&Path>,
    limit: Option<u128>,
    default_threads: Option<usize>,
    args: &SearchArgs,
) -> SearchConfig {
    let input = Input::from_optional(file);
    SearchConfig {
        report: Report::new(&args.report, input == Input::Stdin),
        input,
        limit,
        threads: args.threads.or(default_threads),
        search: dlx::Config::new()
            .propagation(args.propagation.into())
            .heuristic(args.heuristic.into())
            .memo(if args.no_memo { dlx::Memo::Off } else { dlx::Memo::Auto }),
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

fn sudoku(
    task: Task,
    output: Output,
    time_limit: Option<std::time::Duration>,
    args: SudokuArgs,
) -> Result<Config> {
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
    // A few puzzles, known to be few before reading (typed on the command
    // line, or small text files): the bit-sliced table (built once, 1.6M
    // instructions for 9x9) would cost more than searching them on the
    // bitset form (docs/performance.md, "Puzzles on the command line").
    let known: Option<u64> = sources.iter().map(|s| s.text_size_within(FEW_BYTES)).sum();
    let few = known.is_some_and(|bytes| bytes <= FEW_BYTES);
    // Those bytes hold no big grid (a 16x16 line is 257), so a solve or a
    // check needs no second thread; rating and explaining take forcing
    // chains to every thread, and a count may be large.
    let alone = few
        && match task {
            Task::Solve(t) => !t.lists(),
            Task::Check => true,
            _ => false,
        };
    let threads = match alone {
        true => 1,
        false => args.threads.unwrap_or_else(all_cores),
    };
    Ok(Config::Sudoku(Box::new(SudokuConfig {
        task,
        output,
        report: Report::new(&args.report, stdin),
        sources,
        rules,
        threads,
        alone,
        time_limit,
        search: {
            let mut search = sudoku_cover::Sudoku::config();
            if let Some(p) = args.propagation {
                search = search.propagation(p.into());
            }
            if let Some(h) = args.heuristic {
                search = search.heuristic(h.into());
            }
            if few {
                search = search.engine(dlx::Engine::Bitset);
            }
            search
        },
    })))
}

#[cfg(test)]
mod tests;
