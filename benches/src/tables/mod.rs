//! The README's performance tables, side by side, from one run:
//! `cargo run --release -p dlx-benches --bin tables [-- --knuth DIR] [--quick]`.
//!
//! [`run`] prints Markdown: a line giving the date, the machine and the
//! command, then four tables, each with a note on how it was measured:
//!
//! 1. **exact cover, one thread**: the solutions of each problem of
//!    `data/xc` counted by our default engine and by dancing links alone,
//!    and, given a folder of Knuth's programs, by the program of his for
//!    that kind of problem (DLX1 for plain exact cover, DLX2 and SSXCC for
//!    colors, DLX3 and SSMCC for multiplicities), in wall time;
//! 2. **sudoku, one thread**: puzzles per second on the public sets of
//!    `data/sudoku`, ours next to the published exact-cover crates of
//!    [`baseline`](crate::baseline);
//! 3. **parallel counting**: [`dlx::Parallel`] on one thread and on all;
//! 4. **sudoku from the command line**: `dlx sudoku solve` on one thread
//!    and on two against the library, puzzles per second ([`batch`]; with
//!    [`Settings::batch`]).
//!
//! Every measurement is repeated [`Settings::runs`] times, the contenders
//! taking turns within each round, and the medians are shown. Every count
//! is checked against the known one: a mismatch is printed in bold (and on
//! stderr) under its table and listed in [`Report::mismatches`], and the
//! binary then exits with status 1.
//!
//! [`Settings`] says what to measure: [`Settings::full`] (a few minutes),
//! [`Settings::quick`] (small samples, well under a minute), or
//! [`Settings::from_args`] for the binary's command line.

use std::io::Write;
use std::path::PathBuf;

pub mod batch;
mod exact_cover;
mod fmt;
mod knuth;
mod machine;
mod parallel;
mod sudoku;

/// The errors of a run: a missing data file, a program that failed.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// The command that prints the tables, without its arguments.
pub const COMMAND: &str = "cargo run --release -p dlx-benches --bin tables";

/// The binary's help text.
pub const USAGE: &str = "\
Prints the README's performance tables as Markdown.

usage: cargo run --release -p dlx-benches --bin tables [-- OPTIONS]

options:
  --knuth DIR   also time Knuth's programs found in DIR (dlx1, dlx2, dlx3,
                ssxcc, ssmcc: each reads a problem on stdin and reports
                \"Altogether N solutions\" on stderr)
  --quick       small samples and 3 runs: well under a minute
  --runs N      rounds of each measurement (default 5, quick 3)
  -h, --help    prints this text

exit status: 0 when every count agrees, 1 on a count mismatch, 2 on error";

/// A problem of `data/xc` and its number of solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Instance {
    /// The file name, without `.dlx`.
    pub name: &'static str,
    /// The number of solutions (Knuth's programs agree).
    pub solutions: u128,
}

impl Instance {
    /// The problems of the exact-cover table, in its order.
    pub const ALL: [Instance; 14] = [
        Instance { name: "queens12", solutions: 14_200 },
        Instance { name: "queens14", solutions: 365_596 },
        Instance { name: "langford12", solutions: 216_288 },
        Instance { name: "pentomino6x10_quarter", solutions: 2_339 },
        Instance { name: "pentomino6x10", solutions: 9_356 },
        Instance { name: "colored80", solutions: 1 },
        Instance { name: "colored_random30", solutions: 892 },
        Instance { name: "colored_random32", solutions: 304 },
        Instance { name: "colored_random28", solutions: 2_829 },
        Instance { name: "mcc_random22", solutions: 15_669_630 },
        Instance { name: "mcc_colored28", solutions: 4_465_369 },
        Instance { name: "mcc_rota", solutions: 304_884 },
        Instance { name: "big_random30", solutions: 216 },
        Instance { name: "sudoku36_450blanks", solutions: 2 },
    ];

    /// The instances of [`Instance::ALL`] with these names, in this order.
    ///
    /// # Panics
    ///
    /// On a name that is not in [`Instance::ALL`].
    pub fn named(names: &[&str]) -> Vec<Instance> {
        names
            .iter()
            .map(|&n| {
                *Instance::ALL
                    .iter()
                    .find(|i| i.name == n)
                    .unwrap_or_else(|| panic!("no instance `{n}`"))
            })
            .collect()
    }

    /// The problem's file.
    pub fn path(&self) -> PathBuf {
        crate::data(&format!("xc/{}.dlx", self.name))
    }
}

/// A sample of a puzzle file of `data/sudoku`: every `step`-th puzzle,
/// at most `max` of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    /// The file name, such as `17_clue.txt`.
    pub file: &'static str,
    /// Takes the first puzzle, then every `step`-th one.
    pub step: usize,
    /// The most puzzles to take.
    pub max: usize,
}

/// What a run measures.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Rounds of each measurement; the tables show medians.
    pub runs: usize,
    /// The problems of the exact-cover table.
    pub instances: Vec<Instance>,
    /// The puzzle samples of the sudoku table.
    pub sudoku: Vec<Sample>,
    /// The problems of the parallel table.
    pub parallel: Vec<Instance>,
    /// The threads of the parallel table's second column.
    pub threads: usize,
    /// The puzzle file of `data/sudoku` for the command-line table, or
    /// `None` for no such table (it runs the `dlx` binary beside this
    /// program, built first when run by Cargo).
    pub batch: Option<&'static str>,
    /// A folder holding Knuth's programs, to time them too.
    pub knuth: Option<PathBuf>,
    /// The command line, for the first line of the output.
    pub command: String,
    /// Whether to report progress on stderr.
    pub progress: bool,
}

impl Settings {
    /// Every instance, every puzzle of 17_clue and magictour_top1465 and
    /// every 97th of forum_hardest_1905_11plus (500), queens14 and
    /// pentomino6x10 in parallel; 5 runs, all threads, no Knuth.
    pub fn full() -> Settings {
        Settings {
            runs: 5,
            instances: Instance::ALL.to_vec(),
            sudoku: vec![
                Sample { file: "17_clue.txt", step: 1, max: usize::MAX },
                Sample { file: "magictour_top1465.txt", step: 1, max: usize::MAX },
                Sample { file: "forum_hardest_1905_11plus.txt", step: 97, max: 500 },
            ],
            parallel: Instance::named(&["queens14", "pentomino6x10"]),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            batch: Some("17_clue.txt"),
            knuth: None,
            command: COMMAND.to_string(),
            progress: false,
        }
    }

    /// The instances that take under a second each, 2,000 17-clue
    /// puzzles, 300 of magictour and 100 of forum_hardest, queens14 and
    /// pentomino6x10_quarter in parallel; 3 runs.
    pub fn quick() -> Settings {
        Settings {
            runs: 3,
            instances: Instance::named(&[
                "queens12",
                "langford12",
                "pentomino6x10_quarter",
                "colored80",
                "mcc_random22",
                "sudoku36_450blanks",
            ]),
            sudoku: vec![
                Sample { file: "17_clue.txt", step: 24, max: 2_000 },
                Sample { file: "magictour_top1465.txt", step: 4, max: 300 },
                Sample { file: "forum_hardest_1905_11plus.txt", step: 487, max: 100 },
            ],
            parallel: Instance::named(&["queens14", "pentomino6x10_quarter"]),
            command: format!("{COMMAND} -- --quick"),
            ..Settings::full()
        }
    }

    /// The settings of the binary's arguments (without the program name),
    /// reporting progress on stderr; `None` when they ask for help
    /// ([`USAGE`]).
    ///
    /// ```
    /// use dlx_benches::tables::Settings;
    /// let args = ["--quick", "--knuth", "/opt/knuth"].map(String::from);
    /// let settings = Settings::from_args(args).unwrap().unwrap();
    /// assert_eq!(settings.runs, 3);
    /// assert_eq!(settings.knuth.unwrap().to_str(), Some("/opt/knuth"));
    /// assert_eq!(
    ///     settings.command,
    ///     "cargo run --release -p dlx-benches --bin tables -- --quick --knuth /opt/knuth"
    /// );
    /// ```
    pub fn from_args<I: IntoIterator<Item = String>>(args: I) -> Result<Option<Settings>, String> {
        let args: Vec<String> = args.into_iter().collect();
        let (mut quick, mut runs, mut knuth) = (false, None, None);
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            match arg.as_str() {
                "-h" | "--help" => return Ok(None),
                "--quick" => quick = true,
                "--knuth" => {
                    knuth = Some(PathBuf::from(it.next().ok_or("--knuth needs a folder")?));
                }
                "--runs" => {
                    let n = it.next().ok_or("--runs needs a number")?;
                    match n.parse::<usize>() {
                        Ok(n) if n > 0 => runs = Some(n),
                        _ => return Err(format!("--runs: `{n}` is not a positive number")),
                    }
                }
                _ => return Err(format!("unknown argument `{arg}`")),
            }
        }
        let mut settings = if quick { Settings::quick() } else { Settings::full() };
        settings.runs = runs.unwrap_or(settings.runs);
        settings.knuth = knuth;
        settings.progress = true;
        settings.command = COMMAND.to_string();
        if !args.is_empty() {
            settings.command += " --";
            for arg in &args {
                settings.command += " ";
                settings.command += &fmt::shell_quote(arg);
            }
        }
        Ok(Some(settings))
    }

    /// Reports progress on stderr, if asked to.
    fn say(&self, what: &str) {
        if self.progress {
            eprintln!("tables: {what}");
        }
    }
}

/// What a run found besides its tables.
#[derive(Debug, Default)]
pub struct Report {
    /// Each count that differed from the known one, described.
    pub mismatches: Vec<String>,
    /// How many of them are in the output already.
    shown: usize,
}

impl Report {
    /// Records a mismatch and prints it on stderr at once.
    fn mismatch(&mut self, what: String) {
        eprintln!("COUNT MISMATCH: {what}");
        self.mismatches.push(what);
    }
}

/// Measures what `settings` say and writes the tables to `out` as
/// Markdown, each as soon as it is done.
pub fn run(settings: &Settings, out: &mut dyn Write) -> Result<Report, Error> {
    let knuth = settings.knuth.as_deref().map(knuth::Knuth::new).transpose()?;
    let mut report = Report::default();
    writeln!(out, "{}", machine::header_line(&settings.command))?;
    out.flush()?;
    let exact_cover = exact_cover::table(settings, knuth.as_ref(), &mut report)?;
    emit(out, &exact_cover, &mut report)?;
    let sudoku = sudoku::table(settings, &mut report)?;
    emit(out, &sudoku, &mut report)?;
    let parallel = parallel::table(settings, &mut report)?;
    emit(out, &parallel, &mut report)?;
    if let Some(file) = settings.batch {
        let batch = batch::table(settings, file)?;
        emit(out, &batch, &mut report)?;
    }
    Ok(report)
}

/// Writes a table, then the mismatches found since the last one.
fn emit(out: &mut dyn Write, table: &str, report: &mut Report) -> Result<(), Error> {
    write!(out, "\n{table}")?;
    for m in &report.mismatches[report.shown..] {
        writeln!(out, "\n**COUNT MISMATCH: {m}**")?;
    }
    report.shown = report.mismatches.len();
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Settings;

    fn args(a: &[&str]) -> Result<Option<Settings>, String> {
        Settings::from_args(a.iter().map(|s| s.to_string()))
    }

    #[test]
    fn arguments() {
        let s = args(&[]).unwrap().unwrap();
        assert_eq!((s.runs, s.instances.len(), s.knuth), (5, super::Instance::ALL.len(), None));
        assert_eq!(s.command, super::COMMAND);
        let s = args(&["--runs", "7", "--knuth", "my dir"]).unwrap().unwrap();
        assert_eq!(s.runs, 7);
        assert!(s.command.ends_with("-- --runs 7 --knuth 'my dir'"));
        assert!(args(&["--help"]).unwrap().is_none());
        assert!(args(&["--runs", "0"]).is_err());
        assert!(args(&["--runs"]).is_err());
        assert!(args(&["--knuth"]).is_err());
        assert_eq!(args(&["--fast"]).unwrap_err(), "unknown argument `--fast`");
    }
}
