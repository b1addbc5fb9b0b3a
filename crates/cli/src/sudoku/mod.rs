//! `dlx sudoku solve|count|check|rate|hint|explain`: sudoku batches.
//!
//! [`run`] streams puzzles through a [`batch`](mod@crate::batch): a reader
//! thread reads every source in order with a [`PuzzleReader`] and attaches
//! the compiled [`Sudoku`] for each puzzle's shape ([`read`]); worker
//! threads each keep their own [`SudokuSolver`]s ([`work`]); the main
//! thread writes one answer per puzzle, in input order and in each
//! puzzle's form, through a [`Writer`] ([`writer`], [`json`]), which also
//! keeps the [`Tally`](tally::Tally) for the exit status and `--stats`.
//!
//! Files to solve or check on two threads or more are [`relay`]ed
//! instead: no reader thread, and the main thread only waits; each worker
//! reads its own chunk, solves it, and writes the chunks next in input
//! order through the same [`Writer`], so that `N` workers keep `N` cores
//! busy. (Input from stdin may make a reader wait, which the reader
//! thread does without holding a worker up; counts may need all threads
//! for one puzzle, and the human solver's puzzles are slow enough to be
//! spread within a chunk.)
//!
//! `sudoku rate`, `hint` and `explain` solve each puzzle by exact cover,
//! then the way a person does ([`human`]). A puzzle given as pencil marks
//! is solved, counted or checked with the rules compiled for its
//! candidates ([`Sudoku::with_candidates`]).
//!
//! `sudoku solve` finds each puzzle's first solution and whether there is a
//! second (a puzzle with several gets a note on stderr). With `--all` or
//! `--limit` it lists solutions instead, streamed as they are found, one
//! puzzle at a time ([`list`]).
//!
//! Counting is where one puzzle can take long (an empty 6x6 grid has
//! 28,200,960 solutions): a puzzle whose count is large is counted on all
//! threads at once by [`dlx::Parallel`]. On several threads, a worker
//! counts a puzzle with a budget of search-tree nodes; a puzzle that needs
//! more is [`Answer::Deferred`], and counted after the rest of its chunk,
//! on all threads. The budget is [`BIG_COUNT`] when the chunk keeps every
//! thread busy, and only [`SMALL_COUNT`] when it does not (one puzzle on
//! stdin, puzzles typed by hand), so that the other threads soon help.
//!
//! [`PuzzleReader`]: sudoku_cover::PuzzleReader
//! [`SudokuSolver`]: sudoku_cover::SudokuSolver

use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;
use sudoku_cover::{Grid, Puzzle, ReadError, Sudoku, Uniqueness};

use crate::batch::{self, Claim, Feed, Next, Pool};
use crate::config::{Source, SudokuConfig, Task};
use crate::exit::ExitStatus;
use crate::input::Input;
use crate::progress::Progress;

pub mod generate;
mod human;
mod json;
mod line;
mod list;
mod read;
mod tally;
mod work;
mod writer;

use work::Worker;
use writer::Writer;

/// The search-tree nodes a worker spends on counting one puzzle before it
/// leaves the puzzle to all threads (about a second of one core's work),
/// when the other threads have puzzles of their own.
const BIG_COUNT: u64 = 1 << 22;

/// The same when the other threads would be idle (about 10 ms).
const SMALL_COUNT: u64 = 1 << 16;

/// One thing read from the input, in order.
#[derive(Debug)]
struct Item {
    /// The source's name for messages.
    source: Arc<str>,
    kind: ItemKind,
}

#[derive(Debug)]
enum ItemKind {
    /// A puzzle and the compiled rules for its shape (or why they cannot
    /// be built).
    Puzzle { puzzle: Puzzle, sudoku: Result<Arc<Sudoku>, sudoku_cover::Error> },
    /// Text that is not a puzzle, and the error in the options' terms when
    /// the options caused it (see [`RuleSpec::explain`]).
    ///
    /// [`RuleSpec::explain`]: crate::config::RuleSpec::explain
    Unreadable(ReadError, Option<String>),
    /// A source with nothing to answer: it could not be opened, or holds no
    /// puzzle. The message, as `file: message`.
    Nothing(String),
}

impl Item {
    /// Why the item is no valid puzzle, as `file:line: message`; `None`
    /// for a puzzle that reads.
    fn unreadable(&self) -> Option<String> {
        let source = &self.source;
        match &self.kind {
            ItemKind::Unreadable(e, Some(explained)) => {
                Some(format!("{source}:{}: {explained}", e.line()))
            }
            // A `ReadError` displays as `line:column: message`.
            ItemKind::Unreadable(e, None) => Some(format!("{source}:{e}")),
            _ => None,
        }
    }
}

/// What became of one item.
#[derive(Debug, Default)]
enum Answer {
    /// The puzzle was searched; the statistics of its search.
    Done(Outcome, dlx::Stats),
    /// The puzzle is invalid: the reason, as `file:line: message`.
    Invalid(String),
    /// Nothing to answer (see [`ItemKind::Nothing`]): the message.
    Nothing(String),
    /// A valid puzzle whose count is too large for one thread: to be
    /// counted on all threads, within what is left of `--time-limit` after
    /// the time it has taken.
    Deferred(std::time::Duration),
    /// The batch was stopped (Ctrl-C, SIGTERM) before this puzzle was
    /// answered.
    #[default]
    NotReached,
}

/// The result of a valid puzzle.
#[derive(Debug)]
enum Outcome {
    /// A solution, and whether it is the only one; with the solution's
    /// options while they are still to be decoded into the grid (the
    /// workers leave that to the thread that writes, which writes a line
    /// straight from them: [`line`]).
    Solved(Grid, Uniqueness, Vec<dlx::OptionId>),
    NoSolution,
    Counted(u128),
    Checked(Uniqueness),
    /// Not answered within `--time-limit`: for a count, the solutions
    /// counted by then (0 for solve and check).
    TimedOut(u128),
    /// Rated, hinted or explained by the human solver.
    Human(Box<human::Found>),
}

/// Runs a sudoku batch.
pub fn run(config: &SudokuConfig) -> Result<ExitStatus> {
    let start = Instant::now();
    let feed = match relays(config) {
        true => None,
        false => {
            let (sources, spec) = (config.sources.clone(), config.rules.clone());
            Some(Feed::spawn(move |sink| read::read_sources(&sources, &spec, &sink))?)
        }
    };
    let mut writer = Writer::new(config);
    let stop = crate::signals::catch()?;
    let not_reached = match (config.task, &feed) {
        (_, None) => relay(config, &mut writer, &stop)?,
        (Task::Solve(task), Some(feed)) if task.lists() => {
            list::run(config, task.limit, feed, &mut writer, &stop)?
        }
        (_, Some(feed)) => batch(config, feed, &mut writer, &stop)?,
    };
    match (not_reached, feed) {
        (None, Some(feed)) => feed.finish()?,
        (None, None) => {}
        // The reader may be waiting on a terminal: not joined.
        (Some(item), _) => {
            writer.tally.stopped();
            let _ = writeln!(
                std::io::stderr(),
                "dlx: stopped: {} answered; not reached: {}",
                writer.tally.answered(),
                item
            );
        }
    }
    writer.out.flush()?;
    let tally = writer.tally;
    if config.report.stats {
        tally.stats(config.task, start.elapsed()).print();
    }
    Ok(tally.status)
}

/// Where an item is, as `file:line`.
fn location(item: &Item) -> String {
    match &item.kind {
        ItemKind::Puzzle { puzzle, .. } => format!("{}:{}", item.source, puzzle.line),
        ItemKind::Unreadable(e, _) => format!("{}:{}", item.source, e.line()),
        ItemKind::Nothing(_) => item.source.to_string(),
    }
}

/// Answers every puzzle of the feed, a chunk at a time on all threads,
/// until `stop` is requested; then returns which puzzles were not
/// answered.
///
/// Pipelined: a chunk is handed to the workers while they solve the one
/// before, and this thread writes the one before that, so that the workers
/// wait neither for the writer nor for the next chunk. Answers wait for the
/// next chunk only if it is already read: when the input makes us wait
/// (puzzles typed by hand), the answers so far are written first.
fn batch(
    config: &SudokuConfig,
    feed: &Feed<Item>,
    writer: &mut Writer,
    stop: &dlx::Stop,
) -> Result<Option<String>> {
    let progress = Progress::puzzles(config.report.progress);
    if progress.is_enabled() {
        read::count_puzzles_in_background(config, &progress);
    }
    let pool = Pool::new(config.threads)?;
    // Large counts go to all threads at once (see the module's docs).
    let shares = config.threads > 1 && matches!(config.task, Task::Count(_));
    let (task, search) = (config.task, config.search);
    let not_reached = pool.pipeline(|pipe| {
        loop {
            let mut buffers = pipe.buffers();
            let next = match pipe.in_flight() {
                0 => feed.next_chunk(&mut buffers.0, stop),
                _ => feed.ready_chunk(&mut buffers.0),
            };
            if next != Next::Chunk {
                pipe.recycle(buffers);
                if pipe.in_flight() == 0 {
                    // Stopped between chunks, while waiting for more input.
                    return Ok((next == Next::Stopped).then(|| "the rest of the input".to_owned()));
                }
            } else {
                let n = buffers.0.len();
                let budget = match shares {
                    false => None,
                    true if n < config.threads => Some(SMALL_COUNT),
                    true => Some(BIG_COUNT),
                };
                // A lone big puzzle to solve or check races on every thread.
                let race = (config.threads > 1 && n < config.threads).then_some(config.threads);
                let within = Within { task, budget, race, stop, time_limit: config.time_limit };
                let shown = &progress;
                pipe.start(buffers, move |items, answers| {
                    solve(items, answers, search, within, shown, true);
                });
                // The next chunk waits in line behind this one.
                if pipe.in_flight() < 2 {
                    continue;
                }
            }
            // (Some chunk is in flight here: `None` only if its worker panicked.)
            let Some((items, mut answers)) = pipe.oldest() else {
                anyhow::bail!("internal error: a worker stopped before the end of its chunk");
            };
            if answers.iter().any(|a| matches!(a, Answer::Deferred(_))) {
                // Counted on all threads, with nothing else on them.
                pipe.settle();
                for (item, answer) in items.iter().zip(answers.iter_mut()) {
                    if let (&mut Answer::Deferred(spent), Task::Count(limit)) = (&mut *answer, task)
                    {
                        *answer =
                            work::count_on_all_threads(item, limit, spent, config, &progress, stop);
                        progress.inc(1);
                    }
                }
            }
            if let Some(not_reached) = write(writer, &progress, &items, &answers)? {
                return Ok(Some(not_reached));
            }
            pipe.recycle((items, answers));
        }
    });
    progress.finish();
    not_reached
}

/// Writes a chunk's answers in input order, up to the first puzzle not
/// reached, which it names (with every puzzle after it).
fn write(
    writer: &mut Writer,
    progress: &Progress,
    items: &[Item],
    answers: &[Answer],
) -> Result<Option<String>> {
    if let Some(k) = answers.iter().position(|a| matches!(a, Answer::NotReached)) {
        progress.suspend(|| writer.write_chunk(&items[..k], &answers[..k]))?;
        return Ok(Some(format!("{} and every puzzle after it", location(&items[k]))));
    }
    progress.suspend(|| writer.write_chunk(items, answers))?;
    Ok(None)
}

/// The most work a relayed chunk holds, in 9x9 puzzles (see [`weight`]).
const RELAY_CHUNK: usize = 256;

/// Whether a batch is relayed ([`relay`]): to solve or check (not list,
/// count, or rate) on two threads or more, from files and arguments, which
/// never keep a worker waiting for input under the reader's lock; or a few
/// puzzles on the calling thread alone ([`SudokuConfig::alone`]).
fn relays(config: &SudokuConfig) -> bool {
    let task = match config.task {
        Task::Solve(task) => !task.lists(),
        Task::Check => true,
        _ => false,
    };
    let stdin = config.sources.iter().any(|s| matches!(s, Source::Input(Input::Stdin)));
    config.alone || (task && config.threads > 1 && !stdin)
}

/// An item's share of a relayed chunk, roughly its work against a 9x9
/// puzzle's: a chunk is cut after [`RELAY_CHUNK`] of them, a big puzzle
/// (see [`sudoku_cover::RESTART_SIDE`]) alone.
fn weight(item: &Item) -> usize {
    match &item.kind {
        ItemKind::Puzzle { puzzle, .. } => {
            let n = puzzle.grid.size();
            let cells = (n * n).div_ceil(81);
            match (n >= sudoku_cover::RESTART_SIDE, &puzzle.marks) {
                (true, _) => RELAY_CHUNK,
                // The rules compiled anew for the candidates.
                (false, Some(_)) => 16 * cells * cells,
                (false, None) => cells * cells,
            }
        }
        _ => 1,
    }
}

/// Answers every puzzle of the sources as [`batch`] does, with no reader
/// thread: each worker reads its own chunk ([`Pool::relay`]), and this
/// thread writes them in order, until `stop` is requested.
fn relay(config: &SudokuConfig, writer: &mut Writer, stop: &dlx::Stop) -> Result<Option<String>> {
    let progress = Progress::puzzles(config.report.progress);
    if progress.is_enabled() {
        read::count_puzzles_in_background(config, &progress);
    }
    let pool = match config.alone {
        true => Pool::on_this_thread()?,
        false => Pool::new(config.threads)?,
    };
    let (task, search, threads) = (config.task, config.search, config.threads);
    let time_limit = config.time_limit;
    let read = |reading: &mut read::Reading<'_>, chunk: &mut Vec<Item>| {
        // The chunk's items written before lend their memory to the next.
        reading.recycle(chunk);
        // Smaller chunks near the end, for the workers to finish together.
        let most = reading.chunk(RELAY_CHUNK, threads);
        let mut load = 0;
        while load < most {
            let Some(item) = reading.next() else { return false };
            load += weight(&item);
            chunk.push(item);
        }
        // A chunk that ends the input is known to be the last (a lone big
        // puzzle fills one, and then races on every thread).
        !reading.at_end()
    };
    let shown = &progress;
    let solve = |claim: Claim, items: &[Item], answers: &mut [Answer]| {
        // A lone big puzzle races on every thread.
        let race = (claim.alone && items.len() < threads).then_some(threads);
        let within = Within { task, budget: None, race, stop, time_limit };
        solve(items, answers, search, within, shown, false);
    };
    let reading = read::Reading::new(&config.sources, &config.rules);
    let not_reached = pool.relay(reading, read, solve, |items: &[Item], answers: &[Answer]| {
        write(writer, &progress, items, answers)
    });
    progress.finish();
    not_reached
}

/// What a chunk is solved for: the task, a count's budget, how many
/// threads a lone big puzzle races on, the stop request and the most time
/// a puzzle may take.
#[derive(Debug, Clone, Copy)]
struct Within<'s> {
    task: Task,
    budget: Option<u64>,
    race: Option<usize>,
    stop: &'s dlx::Stop,
    time_limit: Option<std::time::Duration>,
}

/// Answers a chunk's items on the workers, each into its slot (whose old
/// answer lends its memory); a puzzle not started when a stop comes is
/// [`Answer::NotReached`]. Spread over the pool's workers, or on this one
/// alone.
fn solve<'a>(
    items: &'a [Item],
    answers: &mut [Answer],
    search: dlx::Config,
    within: Within<'_>,
    progress: &Progress,
    spread: bool,
) {
    let stop = within.stop;
    let work = |worker: &mut Worker<'a>, item: &'a Item, slot: &mut Answer| {
        if stop.is_requested() {
            *slot = Answer::NotReached;
            return;
        }
        worker.work_into(item, within, slot);
        if !matches!(slot, Answer::Deferred(_)) {
            progress.inc(1);
        }
    };
    match spread {
        true => batch::fill(items, answers, || Worker::new(search), work),
        false => batch::fill_here(items, answers, || Worker::new(search), work),
    }
}
