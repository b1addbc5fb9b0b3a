//! [`Tally`]: counts of what a batch found, for the exit status and
//! `--stats`.

use sudoku_cover::Uniqueness;

use super::{Answer, Item, ItemKind, Outcome};
use crate::config::Task;
use crate::exit::ExitStatus;
use crate::report::{self, Stats};

/// Counts of what happened, for the exit status and `--stats`.
#[derive(Debug, Default)]
pub(super) struct Tally {
    pub(super) status: ExitStatus,
    puzzles: u64,
    solved: u64,
    no_solution: u64,
    invalid: u64,
    unique: u64,
    multiple: u64,
    /// Not answered within `--time-limit`.
    unknown: u64,
    search: dlx::Stats,
    /// The items and options of the encoding, while every puzzle used the
    /// same one.
    encoding: Option<(usize, usize)>,
    mixed: bool,
    /// The search settings of the batch, and the engines they ran, in the
    /// order first used.
    config: dlx::Config,
    engines: Vec<dlx::Engine>,
}

impl Tally {
    /// Nothing counted yet, for a batch searched with `config`.
    pub(super) fn new(config: dlx::Config) -> Tally {
        Tally { config, ..Tally::default() }
    }

    /// Counts one puzzle's answer. (A listed puzzle is counted once, as
    /// [`Outcome::Counted`] with the number of solutions listed.)
    pub(super) fn count(&mut self, item: &Item, answer: &Answer) {
        let status = match answer {
            Answer::Nothing(_) => ExitStatus::Error,
            Answer::NotReached => ExitStatus::Stopped,
            Answer::Invalid(_) | Answer::Deferred(_) => {
                self.puzzles += 1;
                self.invalid += 1;
                ExitStatus::Error
            }
            Answer::Done(outcome, stats) => {
                self.puzzles += 1;
                self.search += *stats;
                if let ItemKind::Puzzle { sudoku: Ok(s), .. } = &item.kind {
                    let size = (s.problem().num_items(), s.problem().num_options());
                    self.mixed |= self.encoding.is_some_and(|e| e != size);
                    if self.encoding != Some(size) {
                        let engine = dlx::Solver::engine_for(s.problem(), self.config);
                        if !self.engines.contains(&engine) {
                            self.engines.push(engine);
                        }
                    }
                    self.encoding = Some(size);
                }
                let (found, status) = match outcome {
                    Outcome::Solved(..) => (true, ExitStatus::Success),
                    Outcome::Counted(0) | Outcome::NoSolution => (false, ExitStatus::NoSolution),
                    Outcome::Counted(_) => (true, ExitStatus::Success),
                    Outcome::Checked(Uniqueness::None) => (false, ExitStatus::NoSolution),
                    Outcome::Checked(Uniqueness::Unique) => {
                        self.unique += 1;
                        (true, ExitStatus::Success)
                    }
                    Outcome::Checked(Uniqueness::Multiple) => {
                        self.multiple += 1;
                        (true, ExitStatus::NoSolution)
                    }
                    Outcome::TimedOut(_) => {
                        self.unknown += 1;
                        (false, ExitStatus::Stopped)
                    }
                    Outcome::Human(found) if found.is_done() => (true, ExitStatus::Success),
                    Outcome::Human(found) if found.is_out_of_time() => {
                        self.unknown += 1;
                        (false, ExitStatus::Stopped)
                    }
                    Outcome::Human(_) => (false, ExitStatus::NoSolution),
                };
                if found {
                    self.solved += 1;
                } else if status != ExitStatus::Stopped {
                    self.no_solution += 1;
                }
                status
            }
        };
        self.status = self.status.max(status);
    }

    /// The batch was stopped before the end.
    pub(super) fn stopped(&mut self) {
        self.status = self.status.max(ExitStatus::Stopped);
    }

    /// The puzzles answered so far.
    pub(super) fn answered(&self) -> u64 {
        self.puzzles
    }

    /// The lines of `--stats`.
    pub(super) fn stats(&self, task: Task, time: std::time::Duration) -> Stats {
        let mut s = Stats::new();
        s.add("puzzles", self.puzzles)
            .add("solved", self.solved)
            .add("no-solution", self.no_solution)
            .add("invalid", self.invalid);
        if task == Task::Check {
            s.add("unique", self.unique).add("multiple", self.multiple);
        }
        if self.unknown > 0 {
            s.add("unknown", self.unknown);
        }
        if let (Some((items, options)), false) = (self.encoding, self.mixed) {
            s.add("items", items).add("options", options);
        }
        s.add_search(&self.search)
            .add_time("time", time)
            .add_rate("puzzles/s", report::per_second(self.puzzles as f64, time))
            .add_rate("updates/s", report::per_second(self.search.updates() as f64, time));
        if !self.engines.is_empty() {
            let names: Vec<&str> = self.engines.iter().map(|&e| report::engine_name(e)).collect();
            s.add("engine", names.join(", "));
        }
        s
    }
}
