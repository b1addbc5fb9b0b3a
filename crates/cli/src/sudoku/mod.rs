//! `dlx sudoku solve|count|check`: sudoku batches.
//!
//! [`run`] streams puzzles through a [`batch`](crate::batch): a reader
//! thread reads every input in order with a [`PuzzleReader`] and attaches
//! the compiled [`Sudoku`] for each puzzle's shape (an [`Encoders`] cache
//! builds each one once); worker threads each keep their own
//! [`SudokuSolver`]s; the main thread writes one answer per puzzle, in
//! input order, through a [`Writer`], which also keeps the [`Tally`] for
//! the exit status and `--stats` ([`writer`]).
//!
//! Counting is where one puzzle can take long (an empty 6x6 grid has
//! 28,200,960 solutions): a puzzle whose count is large is counted on all
//! threads at once by [`dlx::Parallel`]. On several threads, a worker
//! counts a puzzle with a budget of search-tree nodes; a puzzle that needs
//! more is [`Answer::Deferred`], and counted after the rest of its chunk,
//! on all threads. The budget is [`BIG_COUNT`] when the chunk keeps every
//! thread busy, and only [`SMALL_COUNT`] when it does not (one puzzle on
//! stdin, puzzles typed by hand), so that the other threads soon help.

use std::collections::HashMap;
use std::fs;
use std::io::{self, Write};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result, anyhow, bail};
use dlx::{OptionId, Parallel, Status};
use sudoku_cover::{
    Alphabet, Grid, Puzzle, PuzzleReader, ReadError, Regions, Rules, Shape, Sudoku, SudokuSolver,
    Uniqueness, Variant,
};

use crate::args::{SudokuArgs, VariantArg};
use crate::batch::{Feed, Pool, Sink};
use crate::cmd_count::REFRESH;
use crate::config::{SudokuConfig, Task};
use crate::exit::ExitStatus;
use crate::input::Input;
use crate::progress::Progress;

mod writer;

use writer::Writer;

/// The most compiled rules kept at once (one per puzzle size met).
const MAX_ENCODERS: usize = 8;

/// The most solvers a worker keeps at once (one per compiled rules).
const MAX_SOLVERS: usize = 4;

/// The search-tree nodes a worker spends on counting one puzzle before it
/// leaves the puzzle to all threads (about a second of one core's work),
/// when the other threads have puzzles of their own.
const BIG_COUNT: u64 = 1 << 22;

/// The same when the other threads would be idle (about 10 ms).
const SMALL_COUNT: u64 = 1 << 16;

/// The rules and symbols of a batch, from `--variant`, `--regions`,
/// `--box` and `--symbols`. The size of a puzzle, and so its rules, is only
/// known once it is read; [`RuleSpec::rules_for`] gives them.
#[derive(Debug, Clone)]
pub struct RuleSpec {
    variants: Vec<Variant>,
    shape: Option<Shape>,
    alphabet: Option<Alphabet>,
    /// With `--regions`, the one compiled jigsaw sudoku every puzzle uses.
    jigsaw: Option<Arc<Sudoku>>,
}

impl RuleSpec {
    /// Checks the rule flags; reads and compiles the `--regions` file.
    pub fn new(args: &SudokuArgs) -> Result<RuleSpec> {
        let variants: Vec<Variant> = args.variant.iter().map(|&v| variant(v)).collect();
        let alphabet = match &args.symbols {
            Some(symbols) => Some(Alphabet::new(symbols).context("--symbols")?),
            None => None,
        };
        let jigsaw = match &args.regions {
            None => None,
            Some(path) => {
                let name = path.display();
                let text = fs::read_to_string(path).with_context(|| format!("{name}"))?;
                // A `ReadError` displays as `line:column: message`.
                let regions = Regions::parse(&text).map_err(|e| anyhow!("{name}:{e}"))?;
                let mut rules = match args.box_shape {
                    Some(shape) if shape.size() != regions.size() => {
                        let (n, m) = (shape.size(), regions.size());
                        bail!(
                            "--box {shape} makes {n}x{n} grids, but the regions in {name} are {m}x{m}"
                        );
                    }
                    Some(shape) => Rules::new(shape).with_regions(regions),
                    None => Rules::jigsaw(regions),
                };
                for &v in &variants {
                    rules = rules.with_variant(v);
                }
                Some(Arc::new(Sudoku::new(rules).map_err(|e| anyhow!("{name}: {e}"))?))
            }
        };
        Ok(RuleSpec { variants, shape: args.box_shape, alphabet, jigsaw })
    }

    /// The rules for puzzles of this shape.
    fn rules_for(&self, shape: Shape) -> Rules {
        self.variants.iter().fold(Rules::new(shape), |rules, &v| rules.with_variant(v))
    }

    /// A puzzle reader with the batch's symbols and shapes.
    fn reader<R: io::BufRead>(&self, input: R) -> PuzzleReader<R> {
        let mut reader = PuzzleReader::new(input);
        if let Some(alphabet) = &self.alphabet {
            reader = reader.alphabet(alphabet.clone());
        }
        if let Some(shape) = self.shape {
            reader = reader.shape(shape);
        }
        if let Some(jigsaw) = &self.jigsaw {
            reader = reader.size(jigsaw.size());
        }
        reader
    }
}

/// The library's variant for a command-line name.
fn variant(v: VariantArg) -> Variant {
    match v {
        VariantArg::X => Variant::Diagonal,
        VariantArg::Hyper => Variant::Hyper,
        VariantArg::AntiKing => Variant::AntiKing,
        VariantArg::AntiKnight => Variant::AntiKnight,
    }
}

/// Runs a sudoku batch.
pub fn run(config: &SudokuConfig) -> Result<ExitStatus> {
    let start = Instant::now();
    let progress = Progress::puzzles(config.report.progress);
    if progress.is_enabled() {
        count_puzzles_in_background(config, &progress);
    }
    let feed = {
        let (inputs, spec) = (config.inputs.clone(), config.rules.clone());
        Feed::spawn(move |sink| read_inputs(&inputs, &spec, &sink))?
    };
    let pool = Pool::new(config.threads)?;
    let mut writer = Writer::new(config);
    let (mut chunk, mut answers) = (Vec::new(), Vec::new());
    // Large counts go to all threads at once (see the module's docs).
    let shares = config.threads > 1 && matches!(config.task, Task::Count(_));
    while feed.next_chunk(&mut chunk) {
        let budget = match shares {
            false => None,
            true if chunk.len() < config.threads => Some(SMALL_COUNT),
            true => Some(BIG_COUNT),
        };
        let search = config.search;
        pool.map(
            &chunk,
            &mut answers,
            || Worker::new(search),
            |worker, item| {
                let answer = worker.work(config.task, item, budget);
                if !matches!(answer, Answer::Deferred) {
                    progress.inc(1);
                }
                answer
            },
        );
        for (item, answer) in chunk.iter().zip(answers.iter_mut()) {
            if let (Answer::Deferred, Task::Count(limit)) = (&answer, config.task) {
                *answer = count_on_all_threads(item, limit, config, &progress);
                progress.inc(1);
            }
        }
        progress.suspend(|| writer.write_chunk(&chunk, &answers))?;
    }
    feed.finish()?;
    writer.out.flush()?;
    progress.finish();
    let tally = writer.tally;
    if config.report.stats {
        tally.stats(config.task, start.elapsed()).print();
    }
    Ok(tally.status)
}

/// Lets the progress bar show the time left: counts the puzzles in the
/// input files on a thread of its own (reading is fast next to solving).
/// Stdin cannot be read twice, so a batch from stdin shows a spinner.
fn count_puzzles_in_background(config: &SudokuConfig, progress: &Progress) {
    if config.inputs.contains(&Input::Stdin) {
        return;
    }
    let (inputs, spec, set_total) =
        (config.inputs.clone(), config.rules.clone(), progress.total_setter());
    let _ = std::thread::Builder::new().name("dlx-counter".into()).spawn(move || {
        let total = inputs
            .iter()
            .filter_map(|input| input.open().ok())
            .map(|reader| spec.reader(reader).count() as u64)
            .sum();
        set_total(total);
    });
}

/// One thing read from the input, in order.
#[derive(Debug)]
struct Item {
    /// The input's name for messages.
    source: Arc<str>,
    kind: ItemKind,
}

#[derive(Debug)]
enum ItemKind {
    /// A puzzle and the compiled rules for its shape (or why they cannot
    /// be built).
    Puzzle { puzzle: Puzzle, sudoku: Result<Arc<Sudoku>, sudoku_cover::Error> },
    /// Text that is not a puzzle.
    Unreadable(ReadError),
    /// An input that could not be opened.
    Unopened(io::Error),
}

/// The reader thread: every input in order, every puzzle in each.
fn read_inputs(inputs: &[Input], spec: &RuleSpec, sink: &Sink<Item>) {
    let mut encoders = Encoders::new(spec);
    for input in inputs {
        let source: Arc<str> = input.to_string().into();
        let reader = match input.open() {
            Ok(reader) => reader,
            Err(e) => {
                if !sink.send(Item { source, kind: ItemKind::Unopened(e) }) {
                    return;
                }
                continue;
            }
        };
        for result in spec.reader(reader) {
            let kind = match result {
                Ok(puzzle) => {
                    let sudoku = encoders.get(puzzle.grid.shape());
                    ItemKind::Puzzle { puzzle, sudoku }
                }
                Err(e) => ItemKind::Unreadable(e),
            };
            if !sink.send(Item { source: source.clone(), kind }) {
                return;
            }
        }
    }
}

/// Compiled rules by shape, so that a batch of same-size puzzles builds its
/// encoder once.
#[derive(Debug)]
struct Encoders<'s> {
    spec: &'s RuleSpec,
    built: HashMap<Shape, Result<Arc<Sudoku>, sudoku_cover::Error>>,
}

impl<'s> Encoders<'s> {
    fn new(spec: &'s RuleSpec) -> Encoders<'s> {
        Encoders { spec, built: HashMap::new() }
    }

    /// The compiled rules for puzzles of this shape.
    fn get(&mut self, shape: Shape) -> Result<Arc<Sudoku>, sudoku_cover::Error> {
        if let Some(jigsaw) = &self.spec.jigsaw {
            return Ok(jigsaw.clone());
        }
        if self.built.len() >= MAX_ENCODERS && !self.built.contains_key(&shape) {
            // Puzzles of many sizes: start over rather than grow.
            self.built.clear();
        }
        let spec = self.spec;
        self.built
            .entry(shape)
            .or_insert_with(|| Sudoku::new(spec.rules_for(shape)).map(Arc::new))
            .clone()
    }
}

/// What became of one item.
#[derive(Debug)]
enum Answer {
    /// The puzzle was searched; the statistics of its search.
    Done(Outcome, dlx::Stats),
    /// The puzzle is invalid: the reason, as `file:line: message`.
    Invalid(String),
    /// The input could not be opened: the reason, as `file: message`.
    Unopened(String),
    /// A valid puzzle whose count is too large for one thread: to be
    /// counted on all threads.
    Deferred,
}

/// The result of a valid puzzle.
#[derive(Debug)]
enum Outcome {
    Solved(Grid),
    NoSolution,
    Counted(u128),
    Checked(Uniqueness),
}

/// A worker thread's solvers, one per compiled rules it has met; and the
/// engine's solvers it counts with on a budget; all with the same engine
/// settings.
#[derive(Debug)]
struct Worker<'a> {
    search: dlx::Config,
    solvers: Vec<SudokuSolver<'a>>,
    counters: Vec<dlx::Solver<'a>>,
}

/// The element of `list` that `is` picks, made by `make` (in place of the
/// oldest, when the list is full) if there is none.
fn find_or_make<T>(list: &mut Vec<T>, is: impl Fn(&T) -> bool, make: impl FnOnce() -> T) -> &mut T {
    let i = match list.iter().position(is) {
        Some(i) => i,
        None => {
            if list.len() >= MAX_SOLVERS {
                list.remove(0);
            }
            list.push(make());
            list.len() - 1
        }
    };
    &mut list[i]
}

impl<'a> Worker<'a> {
    fn new(search: dlx::Config) -> Worker<'a> {
        Worker { search, solvers: Vec::new(), counters: Vec::new() }
    }

    fn solver(&mut self, sudoku: &'a Sudoku) -> &mut SudokuSolver<'a> {
        let search = self.search;
        find_or_make(
            &mut self.solvers,
            |s| std::ptr::eq(s.sudoku(), sudoku),
            || sudoku.solver_with_config(search),
        )
    }

    /// Counts the solutions of a puzzle within `budget` search-tree nodes.
    fn count_within(
        &mut self,
        sudoku: &'a Sudoku,
        grid: &Grid,
        limit: Option<u128>,
        budget: u64,
    ) -> Budgeted {
        let problem = sudoku.problem();
        let solver = find_or_make(
            &mut self.counters,
            |s| std::ptr::eq(s.problem(), problem),
            || dlx::Solver::with_config(problem, self.search),
        );
        solver.reset();
        let Some(givens) = givens(sudoku, grid) else { return Budgeted::Refused };
        for option in givens {
            if solver.choose(option).is_err() {
                return Budgeted::Refused;
            }
        }
        let limit = limit.unwrap_or(u128::MAX);
        let mut count = 0;
        while count < limit {
            let spent = solver.stats().nodes();
            if spent >= budget {
                return Budgeted::TooBig;
            }
            match solver.run(budget - spent) {
                Status::Solution => count += 1,
                Status::Done => break,
                _ => {}
            }
        }
        Budgeted::Counted(count, solver.stats())
    }

    /// Answers one item. With a `budget`, a count that needs more nodes is
    /// [`Answer::Deferred`].
    fn work(&mut self, task: Task, item: &'a Item, budget: Option<u64>) -> Answer {
        let source = &item.source;
        let (puzzle, sudoku) = match &item.kind {
            ItemKind::Unopened(e) => return Answer::Unopened(format!("{source}: {e}")),
            // A `ReadError` displays as `line:column: message`.
            ItemKind::Unreadable(e) => return Answer::Invalid(format!("{source}:{e}")),
            ItemKind::Puzzle { puzzle, sudoku } => (puzzle, sudoku),
        };
        let invalid =
            |e: &sudoku_cover::Error| Answer::Invalid(format!("{source}:{}: {e}", puzzle.line));
        let sudoku = match sudoku {
            Ok(sudoku) => sudoku,
            Err(e) => return invalid(e),
        };
        let grid = &puzzle.grid;
        if let (Task::Count(limit), Some(budget)) = (task, budget) {
            match self.count_within(sudoku, grid, limit, budget) {
                Budgeted::Counted(n, stats) => return Answer::Done(Outcome::Counted(n), stats),
                Budgeted::TooBig => return Answer::Deferred,
                // The sudoku solver below tells what is wrong.
                Budgeted::Refused => {}
            }
        }
        let solver = self.solver(sudoku);
        let outcome = match task {
            Task::Solve(_) => {
                solver.solve(grid).map(|g| g.map_or(Outcome::NoSolution, Outcome::Solved))
            }
            Task::Count(limit) => solver.count(grid, limit).map(Outcome::Counted),
            Task::Check => solver.check(grid).map(Outcome::Checked),
        };
        match outcome {
            Ok(outcome) => Answer::Done(outcome, solver.last_stats()),
            Err(e) => invalid(&e),
        }
    }
}

/// What came of counting a puzzle on a budget.
#[derive(Debug)]
enum Budgeted {
    /// The count and the search's statistics.
    Counted(u128, dlx::Stats),
    /// The budget ran out: the count is large.
    TooBig,
    /// The givens cannot all be forced: the puzzle is invalid, which the
    /// sudoku solver's checks explain.
    Refused,
}

/// The options that fill the givens of `grid`; `None` if the grid does not
/// fit the rules (its size, or a given's value).
fn givens(sudoku: &Sudoku, grid: &Grid) -> Option<Vec<OptionId>> {
    if grid.size() != sudoku.size() {
        return None;
    }
    grid.givens().map(|(row, col, value)| sudoku.option(row, col, value)).collect()
}

/// Counts a valid puzzle's solutions on all threads, showing the search's
/// progress on the bar.
fn count_on_all_threads(
    item: &Item,
    limit: Option<u128>,
    config: &SudokuConfig,
    progress: &Progress,
) -> Answer {
    let source = &item.source;
    let ItemKind::Puzzle { puzzle, sudoku: Ok(sudoku) } = &item.kind else {
        return Answer::Invalid(format!("{source}: internal error: a deferred non-puzzle"));
    };
    let invalid =
        |e: &dyn std::fmt::Display| Answer::Invalid(format!("{source}:{}: {e}", puzzle.line));
    let Some(givens) = givens(sudoku, &puzzle.grid) else {
        return invalid(&"a given does not fit the rules");
    };
    let mut search = Parallel::new(sudoku.problem())
        .threads(config.threads)
        .config(config.search)
        .force(&givens);
    if let Some(limit) = limit {
        search = search.limit(limit);
    }
    let outcome = if progress.is_enabled() {
        progress.while_searching(&format!("{source}:{}", puzzle.line), |show| {
            search.count_with_progress(REFRESH, show)
        })
    } else {
        search.count()
    };
    match outcome {
        Ok(outcome) => Answer::Done(Outcome::Counted(outcome.solutions), outcome.stats),
        Err(e) => invalid(&e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoders_are_built_once_per_shape() {
        let spec = RuleSpec { variants: vec![], shape: None, alphabet: None, jigsaw: None };
        let mut encoders = Encoders::new(&spec);
        let a = encoders.get(Shape::CLASSIC).unwrap();
        let b = encoders.get(Shape::CLASSIC).unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        let c = encoders.get(Shape::new(2, 2).unwrap()).unwrap();
        assert_eq!(c.size(), 4);
    }

    #[test]
    fn variants_that_do_not_fit_are_errors_per_shape() {
        let spec =
            RuleSpec { variants: vec![Variant::Hyper], shape: None, alphabet: None, jigsaw: None };
        let mut encoders = Encoders::new(&spec);
        assert!(encoders.get(Shape::new(1, 5).unwrap()).is_err());
        assert!(encoders.get(Shape::CLASSIC).is_ok());
    }
}
