//! The console examples of the documentation, run: every ```` ```console ````
//! block of `README.md`, `crates/cli/README.md` and `examples/README.md`
//! must print what the document shows.
//!
//! A block is a series of commands, each a line starting with `$ `, each
//! followed by what it prints: its standard output, then its standard error.
//! The commands of a block run one after another in one `bash`, from the
//! repository's root, with the workspace's `dlx` and example binaries first
//! on `PATH` (built here if they are missing), so a block may set a variable
//! or `cd` for the commands after it. A command may go on over several
//! lines, each ending in `\`.
//!
//! In what a command prints, `[..]` stands for any text within a line (a
//! time, a temporary path) and a line `...` for any number of lines, so that
//! a document may elide what changes from run to run or what is long.
//! Nothing else may differ, and the examples may leave no file in the
//! repository's root.
//!
//! A block that calls GNU parallel is skipped, with a note, where it is not
//! installed, except under CI (`CI` set), which installs it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One command of a block and what the document says it prints.
#[derive(Debug)]
struct Example {
    /// The line of the document where the command starts.
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// The console blocks of a Markdown document, each a list of examples.
fn console_blocks(text: &str) -> Vec<Vec<Example>> {
    let mut blocks = Vec::new();
    let mut block: Option<Vec<Example>> = None;
    let mut continued = false;
    for (i, line) in text.lines().enumerate() {
        let Some(examples) = block.as_mut() else {
            if line.trim_end() == "```console" {
                block = Some(Vec::new());
            }
            continue;
        };
        if line.trim_end() == "```" {
            blocks.push(block.take().unwrap());
            continued = false;
        } else if continued {
            let last = examples.last_mut().expect("a command before");
            last.command.push('\n');
            last.command.push_str(line);
            continued = line.ends_with('\\');
        } else if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example { line: i + 1, command: command.to_owned(), expected: vec![] });
            continued = command.ends_with('\\');
        } else {
            let Some(last) = examples.last_mut() else {
                panic!("line {}: output before the first `$ ` command of a block", i + 1);
            };
            last.expected.push(line.to_owned());
        }
    }
    assert!(block.is_none(), "a console block is not closed");
    blocks
}

/// Whether `line` matches `pattern`, in which each `[..]` stands for any
/// text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let mut parts = pattern.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else { return false };
    let parts: Vec<&str> = parts.collect();
    for (k, part) in parts.iter().enumerate() {
        if k + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether `lines` match `pattern`, in which a line `...` stands for any
/// number of lines.
fn lines_match(pattern: &[String], lines: &[&str]) -> bool {
    match pattern.split_first() {
        None => lines.is_empty(),
        Some((p, rest)) if p == "..." => {
            (0..=lines.len()).any(|skip| lines_match(rest, &lines[skip..]))
        }
        Some((p, rest)) => {
            !lines.is_empty() && line_matches(p, lines[0]) && lines_match(rest, &lines[1..])
        }
    }
}

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("the root")
}

/// The folder of the workspace's binaries, built first if one is missing
/// (when only this package's tests were built).
fn bin_dir() -> PathBuf {
    let dlx = PathBuf::from(env!("CARGO_BIN_EXE_dlx"));
    let dir = dlx.parent().expect("a folder").to_owned();
    let examples = ["queens", "polyomino", "langford", "wordsquare", "rota"];
    if examples.iter().any(|b| !dir.join(b).exists()) {
        let mut cargo = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
        cargo.args(["build", "--bins", "-p", "dlx-examples"]).current_dir(root());
        if dir.file_name().is_some_and(|p| p == "release") {
            cargo.arg("--release");
        }
        let status = cargo.status().expect("run cargo");
        assert!(status.success(), "cargo build -p dlx-examples failed");
    }
    dir
}

/// Runs the examples of one block in one shell; returns, for each, what it
/// printed (standard output, then standard error).
fn run_block(block: &[Example], bin: &Path, scratch: &Path) -> Vec<String> {
    let mut script = String::from("set +e\n");
    for (k, example) in block.iter().enumerate() {
        let out = scratch.join(format!("{k}.out"));
        let err = scratch.join(format!("{k}.err"));
        // The status is restored after the redirection, for `echo $?`.
        writeln!(
            script,
            "{{ {}\n}} >'{}' 2>'{}' </dev/null; __status=$?; (exit $__status)",
            example.command,
            out.display(),
            err.display()
        )
        .unwrap();
    }
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let status = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(root())
        .env("PATH", path)
        .env_remove("DLX_ENGINE")
        .stdin(Stdio::null())
        .status()
        .expect("run bash");
    assert!(status.code().is_some(), "bash was killed");
    (0..block.len())
        .map(|k| {
            let read = |ext: &str| {
                std::fs::read_to_string(scratch.join(format!("{k}.{ext}"))).unwrap_or_default()
            };
            read("out") + &read("err")
        })
        .collect()
}

/// Whether GNU parallel can run here. Under CI it must.
fn gnu_parallel() -> bool {
    let found = Command::new("parallel")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        found || std::env::var_os("CI").is_none(),
        "GNU parallel is not installed, and CI is set: .ci/run installs it"
    );
    found
}

/// The names in the repository's root folder.
fn root_entries() -> std::collections::BTreeSet<String> {
    std::fs::read_dir(root())
        .expect("the root folder")
        .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
        .collect()
}

/// Runs every console example of `doc` (a path from the root); panics with
/// every mismatch, and if the examples left a file in the root folder.
fn check_document(doc: &str) {
    let before = root_entries();
    let text = std::fs::read_to_string(root().join(doc)).expect("the document");
    let blocks = console_blocks(&text);
    assert!(!blocks.is_empty(), "{doc} has no console examples");
    let bin = bin_dir();
    let scratch =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("docs-{}", doc.replace('/', "-")));
    let mut failures = String::new();
    for (b, block) in blocks.iter().enumerate() {
        if block
            .iter()
            .any(|e| e.command.starts_with("parallel ") || e.command.contains("| parallel "))
            && !gnu_parallel()
        {
            eprintln!("{doc}:{}: skipped: GNU parallel is not installed", block[0].line);
            continue;
        }
        let dir = scratch.join(b.to_string());
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        let outputs = run_block(block, &bin, &dir);
        for (example, output) in block.iter().zip(&outputs) {
            let lines: Vec<&str> = output.lines().collect();
            if !lines_match(&example.expected, &lines) {
                writeln!(
                    failures,
                    "{doc}:{}: $ {}\n--- the document shows:\n{}\n--- it printed:\n{}",
                    example.line,
                    example.command,
                    example.expected.join("\n"),
                    output.trim_end()
                )
                .unwrap();
            }
        }
    }
    assert!(failures.is_empty(), "\n{failures}");
    let left: Vec<String> = root_entries().difference(&before).cloned().collect();
    assert!(left.is_empty(), "{doc}: its examples left {left:?} in the repository's root");
}

#[test]
fn readme() {
    check_document("README.md");
}

#[test]
fn cli_readme() {
    check_document("crates/cli/README.md");
}

#[test]
fn examples_readme() {
    check_document("examples/README.md");
}

#[test]
fn wildcards_match_what_they_should_and_nothing_else() {
    assert!(line_matches("time: [..]s", "time: 0.25s"));
    assert!(line_matches("[..]/parts-0001.dlx", "/tmp/x/parts-0001.dlx"));
    assert!(line_matches("a [..] b [..] c", "a 1 b 2 c"));
    assert!(!line_matches("time: [..]s", "time: 0.25ms!"));
    assert!(!line_matches("exact", "exact and more"));
    assert!(!line_matches("a [..] b", "a b"));
    let p = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert!(lines_match(&p(&["1", "...", "4"]), &["1", "2", "3", "4"]));
    assert!(lines_match(&p(&["1", "..."]), &["1"]));
    assert!(!lines_match(&p(&["1", "...", "4"]), &["1", "2", "3"]));
    assert!(!lines_match(&p(&["1", "2"]), &["1", "2", "3"]));
}

#[test]
fn blocks_are_split_into_commands_and_outputs() {
    let text = "x\n```console\n$ echo a \\\n  b\na b\n$ true\n```\n```sh\n$ not run\n```\n";
    let blocks = console_blocks(text);
    assert_eq!(blocks.len(), 1);
    assert_eq!(blocks[0].len(), 2);
    assert_eq!(blocks[0][0].command, "echo a \\\n  b");
    assert_eq!(blocks[0][0].expected, ["a b"]);
    assert_eq!(blocks[0][1].line, 6);
    assert!(blocks[0][1].expected.is_empty());
}
