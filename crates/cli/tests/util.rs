//! Running the `dlx` binary: [`dlx`] builds a run, [`Run::run`] captures
//! what it printed and how it exited.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The contents of a fixture in `tests/data/`, as a `&'static str`.
macro_rules! fixture {
    ($name:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/", $name))
    };
}

/// The path of a fixture in `tests/data/`, as a `String` for the command
/// line.
pub fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name);
    assert!(path.exists(), "no fixture {name}");
    path.to_str().expect("a UTF-8 path").to_owned()
}

/// A file made for one test, in Cargo's scratch directory for integration
/// tests. `name` must be unique among tests.
pub fn scratch_file(name: &str, contents: &str) -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, contents).expect("write a scratch file");
    path.to_str().expect("a UTF-8 path").to_owned()
}

/// An empty directory made for one test, in Cargo's scratch directory for
/// integration tests (emptied if an earlier run left it). `name` must be
/// unique among tests.
pub fn scratch_dir(name: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    if path.exists() {
        std::fs::remove_dir_all(&path).expect("clear a scratch directory");
    }
    std::fs::create_dir_all(&path).expect("make a scratch directory");
    path
}

/// The path of `name` in `dir`, as a `String` for the command line.
pub fn path_in(dir: &std::path::Path, name: &str) -> String {
    dir.join(name).to_str().expect("a UTF-8 path").to_owned()
}

/// `$PATH` with the directory of the `dlx` under test first, for scripts
/// that run `dlx` by name.
pub fn path_with_dlx() -> String {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_dlx")).parent().expect("a directory");
    format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default())
}

/// One run of `dlx` to be made.
#[derive(Debug)]
pub struct Run {
    cmd: Command,
    stdin: Vec<u8>,
}

/// What a run printed and how it ended.
#[derive(Debug)]
pub struct Output {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// The exit code (`None` if killed by a signal).
    pub code: Option<i32>,
}

/// `dlx` with these arguments and an empty stdin.
pub fn dlx(args: &[&str]) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_dlx"));
    cmd.args(args);
    Run { cmd, stdin: Vec::new() }
}

impl Run {
    /// Runs `dlx` in `dir`.
    pub fn current_dir(mut self, dir: &std::path::Path) -> Run {
        self.cmd.current_dir(dir);
        self
    }

    /// Feeds `text` to the run's stdin.
    pub fn stdin(mut self, text: impl AsRef<[u8]>) -> Run {
        self.stdin = text.as_ref().to_vec();
        self
    }

    /// Runs `dlx` to the end.
    pub fn run(mut self) -> Output {
        let mut child = self
            .cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start dlx");
        let mut stdin = child.stdin.take().expect("stdin");
        let input = std::mem::take(&mut self.stdin);
        // Write from another thread, so that a large input cannot deadlock
        // against a full stdout pipe.
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
        let out = child.wait_with_output().expect("wait for dlx");
        writer.join().expect("the stdin writer");
        let output = Output {
            stdout: String::from_utf8(out.stdout).expect("UTF-8 stdout"),
            stderr: String::from_utf8(out.stderr).expect("UTF-8 stderr"),
            code: out.status.code(),
        };
        assert!(!output.stderr.contains("panicked"), "dlx panicked: {}", output.stderr);
        output
    }

    /// Runs `dlx` and checks that it exits with `code`.
    pub fn expect_code(self, code: i32) -> Output {
        let out = self.run();
        assert_eq!(
            out.code,
            Some(code),
            "exit code; stderr: {}\nstdout: {}",
            out.stderr,
            out.stdout
        );
        out
    }

    /// Runs `dlx`, checks that it exits with 0 and prints nothing on stderr,
    /// and returns stdout.
    pub fn success(self) -> String {
        let out = self.expect_code(0);
        assert_eq!(out.stderr, "", "stderr of a successful run");
        out.stdout
    }
}

/// Knuth's n-queens problem: rows and columns primary, diagonals secondary.
pub fn queens(n: usize) -> String {
    let mut text = String::new();
    let names = |p: &str, k: usize| (0..k).map(|i| format!("{p}{i}")).collect::<Vec<_>>().join(" ");
    text += &format!(
        "{} {} | {} {}\n",
        names("r", n),
        names("c", n),
        names("a", 2 * n - 1),
        names("b", 2 * n - 1)
    );
    for r in 0..n {
        for c in 0..n {
            text += &format!("r{r} c{c} a{} b{}\n", r + c, n - 1 - r + c);
        }
    }
    text
}

/// Checks, independently of `dlx`, that `options` (lines of a solution)
/// are options of `problem` (Knuth's format, without multiplicities) and
/// cover every primary item once and every secondary item at most once or
/// with one color.
pub fn assert_exact_cover(problem: &str, options: &[&str]) {
    let mut lines =
        problem.lines().filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('|'));
    let header = lines.next().expect("an item line");
    let (primary, secondary) = header.split_once('|').unwrap_or((header, ""));
    let all: Vec<&str> = lines.collect();
    let mut covered = std::collections::HashMap::<&str, Vec<Option<&str>>>::new();
    for option in options {
        assert!(all.contains(option), "`{option}` is not an option of the problem");
        for token in option.split_whitespace() {
            let (item, color) = match token.split_once(':') {
                Some((i, c)) => (i, Some(c)),
                None => (token, None),
            };
            covered.entry(item).or_default().push(color);
        }
    }
    for item in primary.split_whitespace() {
        let n = covered.get(item).map_or(0, Vec::len);
        assert_eq!(n, 1, "primary item {item} is covered {n} times");
    }
    for item in secondary.split_whitespace() {
        let colors = covered.get(item).cloned().unwrap_or_default();
        let ok = colors.len() <= 1 || colors.iter().all(|c| c.is_some() && *c == colors[0]);
        assert!(ok, "secondary item {item} is covered by {colors:?}");
    }
}

/// The solutions of `dlx solve --all` output: blocks separated by blank
/// lines.
pub fn solutions(stdout: &str) -> Vec<Vec<&str>> {
    stdout.split("\n\n").filter(|b| !b.trim().is_empty()).map(|b| b.lines().collect()).collect()
}
