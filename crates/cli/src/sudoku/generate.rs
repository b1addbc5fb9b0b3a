//! `dlx sudoku generate`: puzzles made on all threads, written in order.
//!
//! Puzzle `i` of a run is the library's `Generator::generate(seed, i)`:
//! its own random numbers, so that the output is the same on any number
//! of threads. Indexes are handed out in chunks (growing from one per
//! thread, so that the first puzzles come at once) and each chunk is
//! written in order as soon as it is made. Ctrl-C or SIGTERM stops the
//! puzzles being made; those made before the first stopped one are
//! written, and the exit status is 3.

use std::io::Write;
use std::time::Instant;

use anyhow::Result;
use serde::Serialize;
use sudoku_cover::generate::{GenerateError, Generated};
use sudoku_cover::human::{End, Rating};

use crate::batch::Pool;
use crate::config::{GenerateConfig, Output};
use crate::exit::ExitStatus;
use crate::out::Out;
use crate::report::Stats;

/// The largest chunk, per thread.
const CHUNK_PER_THREAD: u64 = 64;

/// One puzzle of `sudoku generate --format json`.
#[derive(Debug, Serialize)]
struct Record<'a> {
    /// The puzzle's number, from 1.
    index: u64,
    /// The run's seed.
    seed: u64,
    /// The puzzle as one line.
    puzzle: &'a str,
    /// Its solution as one line.
    solution: &'a str,
    /// The number of clues.
    clues: usize,
    /// With `--regions random`: the puzzle's region map, one label per
    /// cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    regions: Option<&'a str>,
    /// The full grids tried to make it.
    tries: u32,
    /// With `--rating`: its rating on Sudoku Explainer's scale, `null`
    /// beyond the techniques known.
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<Option<f64>>,
    /// With `--rating`: the technique of its hardest step, `null` beyond
    /// the techniques known.
    #[serde(skip_serializing_if = "Option::is_none")]
    technique: Option<Option<&'static str>>,
}

/// What the puzzles made add up to, for `--stats`.
#[derive(Debug, Default)]
struct Tally {
    puzzles: u64,
    clues: u64,
    tries: u64,
}

/// Makes and writes the puzzles. (The config is taken whole so that its
/// generator, rules compiled, takes the stop without being copied.)
pub fn run(mut config: GenerateConfig) -> Result<ExitStatus> {
    if config.random_seed {
        eprintln!("seed: {}", config.seed);
    }
    let start = Instant::now();
    let stop = crate::signals::catch()?;
    config.generator = config.generator.stop_on(stop.clone());
    let config = &config;
    let pool = Pool::new(config.threads)?;
    let mut out = Out::new();
    let mut tally = Tally::default();
    let threads = config.threads as u64;
    let (mut next, mut chunk) = (0, threads);
    let (mut indexes, mut made) = (Vec::new(), Vec::new());
    let mut status = ExitStatus::Success;
    'chunks: while next < config.count {
        if stop.is_requested() {
            status = stopped(tally.puzzles);
            break;
        }
        let end = config.count.min(next + chunk);
        indexes.clear();
        indexes.extend(next..end);
        pool.map(&indexes, &mut made, || (), |_, &i| config.generator.generate(config.seed, i));
        for (&index, result) in indexes.iter().zip(&made) {
            match result {
                Ok(puzzle) => {
                    write(config, &mut out, index, puzzle)?;
                    tally.puzzles += 1;
                    tally.clues += puzzle.clues() as u64;
                    tally.tries += u64::from(puzzle.tries);
                }
                Err(GenerateError::Stopped) => {
                    out.flush()?;
                    status = stopped(tally.puzzles);
                    break 'chunks;
                }
                Err(e) => {
                    out.flush()?;
                    report(index, config.count, e);
                    status = ExitStatus::NoSolution;
                    break 'chunks;
                }
            }
        }
        out.flush()?;
        next = end;
        chunk = (2 * chunk).min(CHUNK_PER_THREAD * threads);
    }
    if config.stats {
        let time = start.elapsed();
        let mean = tally.clues as f64 / tally.puzzles.max(1) as f64;
        Stats::new()
            .add("puzzles", tally.puzzles)
            .add("clues", format!("{mean:.1}"))
            .add("tries", tally.tries)
            .add_time("time", time)
            .add_rate("puzzles/s", tally.puzzles as f64 / time.as_secs_f64())
            .add("threads", config.threads)
            .print();
    }
    Ok(status)
}

/// Says on stderr that the run was stopped after `made` puzzles.
fn stopped(made: u64) -> ExitStatus {
    eprintln!("dlx: stopped: {made} puzzles made");
    ExitStatus::Stopped
}

/// Writes one puzzle, as text or JSON.
fn write(config: &GenerateConfig, out: &mut Out, index: u64, made: &Generated) -> Result<()> {
    match config.output {
        Output::Text => {
            writeln!(out, "{}", made.to_line(&config.alphabet))?;
            out.end_record()?;
        }
        Output::Json => {
            let puzzle = made.puzzle.to_line(&config.alphabet);
            let solution = made.solution.to_line(&config.alphabet);
            let regions = made.regions_line();
            out.json_line(&Record {
                index: index + 1,
                seed: config.seed,
                puzzle: &puzzle,
                solution: &solution,
                clues: made.clues(),
                regions: regions.as_deref(),
                tries: made.tries,
                rating: made
                    .rating
                    .as_ref()
                    .map(|r| solved(r).and(r.difficulty).map(|d| d.as_f64())),
                technique: made.rating.as_ref().map(|r| solved(r).and(r.hardest)),
            })?;
        }
    }
    Ok(())
}

/// `Some` when the rating's walk reached the solution.
fn solved(rating: &Rating) -> Option<()> {
    (rating.end == End::Solved).then_some(())
}

/// Says on stderr why a puzzle could not be made: for the rules as a
/// whole, or for this puzzle (of `count`).
fn report(index: u64, count: u64, e: &GenerateError) {
    match e {
        GenerateError::GaveUp { .. } if count > 1 => {
            eprintln!("dlx: puzzle {} of {count}: {e}", index + 1);
        }
        _ => eprintln!("dlx: {e}"),
    }
}
