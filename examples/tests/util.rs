//! Helpers: a solution checker, Knuth's reference files, running binaries.

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::process::{Command, Output};

use dlx::{OptionId, Problem, Solver};

/// Asserts that a solution is one: every primary item covered within its
/// bounds (exactly once unless given others), every secondary item covered
/// at most once or only with one colour.
pub fn check_solution(problem: &Problem, solution: &[OptionId]) {
    let mut times = vec![0u32; problem.num_items()];
    let mut colors: HashMap<usize, Vec<Option<dlx::ColorId>>> = HashMap::new();
    let chosen: BTreeSet<OptionId> = solution.iter().copied().collect();
    assert_eq!(chosen.len(), solution.len(), "an option is chosen twice");
    for &option in solution {
        for entry in problem.option(option) {
            times[entry.item.index()] += 1;
            colors.entry(entry.item.index()).or_default().push(entry.color);
        }
    }
    for item in problem.items() {
        let name = problem.item_name(item);
        let n = times[item.index()];
        match problem.bounds(item) {
            Some(b) => assert!(
                (b.lo..=b.hi).contains(&n),
                "primary item {name} covered {n} times, not {}..{}",
                b.lo,
                b.hi
            ),
            None => {
                let given = colors.get(&item.index()).map(Vec::as_slice).unwrap_or_default();
                let ok = given.len() <= 1 || given.iter().all(|c| c.is_some() && *c == given[0]);
                assert!(ok, "secondary item {name} covered {n} times with colours {given:?}");
            }
        }
    }
}

/// Counts the solutions of a problem, checking each one.
pub fn count_checked(problem: &Problem) -> u128 {
    let mut solver = Solver::new(problem);
    solver.visit(|solution| {
        check_solution(problem, solution);
        true
    })
}

/// Checks the first `limit` solutions of a problem; returns how many there
/// were.
pub fn check_first(problem: &Problem, limit: usize) -> usize {
    let mut solver = Solver::new(problem);
    solver.solutions().take(limit).inspect(|s| check_solution(problem, s)).count()
}

/// A problem's options as sets of `item` / `item:color` names, to compare
/// two problems whatever the order of their options.
pub fn option_set(problem: &Problem) -> BTreeSet<BTreeSet<String>> {
    problem
        .options()
        .map(|o| problem.format_option(o).split(' ').map(str::to_owned).collect())
        .collect()
}

/// One of Knuth's reference problems in the repository's `data/xc/`.
pub fn reference(name: &str) -> Problem {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/xc").join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    Problem::parse_knuth(&text).unwrap()
}

/// The output of a run of one of the binaries.
pub struct Run {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs a binary of this package (`CARGO_BIN_EXE_<name>`) with arguments.
pub fn run(binary: &str, args: &[&str]) -> Run {
    let Output { status, stdout, stderr } =
        Command::new(binary).args(args).env("NO_COLOR", "1").output().unwrap();
    Run {
        status: status.code().unwrap_or(-1),
        stdout: String::from_utf8(stdout).unwrap(),
        stderr: String::from_utf8(stderr).unwrap(),
    }
}

/// Runs a binary that must succeed; returns its standard output.
pub fn run_ok(binary: &str, args: &[&str]) -> String {
    let r = run(binary, args);
    assert_eq!(r.status, 0, "{binary} {args:?} failed: {}", r.stderr);
    r.stdout
}

/// Runs a binary with `--emit` (and the given arguments) and reads the
/// problem it writes.
pub fn emitted(binary: &str, args: &[&str]) -> Problem {
    let mut args = args.to_vec();
    args.push("--emit");
    let text = run_ok(binary, &args);
    Problem::parse_knuth(&text).unwrap_or_else(|e| panic!("{binary} --emit: {e}\n{text}"))
}

/// Runs a binary that must fail with status 2; returns its standard error.
pub fn run_err(binary: &str, args: &[&str]) -> String {
    let r = run(binary, args);
    assert_eq!(r.status, 2, "{binary} {args:?} should fail: {}", r.stdout);
    r.stderr
}
