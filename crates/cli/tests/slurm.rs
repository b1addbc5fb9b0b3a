//! The Slurm job-array recipe of the README, run by a real Slurm: `dlx
//! split`, `sbatch --array` of `scripts/count-part.sbatch`, and `dlx sum
//! --expect` of the counts, which must equal `dlx count` of the whole.
//!
//! It needs a cluster whose nodes see this directory and run jobs as the
//! caller (`.ci/slurm-up` starts one on this machine). Without one the test
//! says why and skips; under CI only when `.ci/slurm-up` found that the
//! machine cannot run one and said why in `DLX_SLURM`.

use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::util::{data, path_with_dlx, scratch_dir};

/// The job script, as the README's recipe submits it.
const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/count-part.sbatch");

/// How long a job may take to end before the test cancels it and fails: a
/// bound against a job that never runs (a node down, a full queue), not a
/// measure of speed.
const PATIENCE: Duration = Duration::from_secs(300);

/// The states of a job that has ended (`scontrol show job`'s `JobState`).
const ENDED: &[&str] = &[
    "COMPLETED",
    "FAILED",
    "CANCELLED",
    "TIMEOUT",
    "NODE_FAIL",
    "PREEMPTED",
    "BOOT_FAIL",
    "DEADLINE",
    "OUT_OF_MEMORY",
];

/// Runs `program` with `args` to the end: its stdout, or what went wrong
/// (the command, and what it printed or why it could not start).
fn run(program: &str, args: &[&str]) -> Result<String, String> {
    let shown = format!("`{program} {}`", args.join(" "));
    let out = Command::new(program).args(args).output().map_err(|e| format!("{shown}: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if out.status.success() {
        return Ok(stdout);
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    Err(format!("{shown} failed ({}): {}{}", out.status, stdout.trim(), stderr.trim()))
}

/// Whether a Slurm cluster answers here. If none does, says why and, unless
/// CI must have one, returns false: the test skips.
fn cluster() -> bool {
    // Slurm's commands wait a minute for a configuration file that is not
    // there (it may be on a filesystem not yet mounted).
    let conf = std::env::var_os("SLURM_CONF").filter(|c| !Path::new(c).exists());
    let probe = match conf {
        Some(conf) => {
            Err(format!("SLURM_CONF names {}, which does not exist", Path::new(&conf).display()))
        }
        None => run("sbatch", &["--version"]).and_then(|_| run("scontrol", &["ping"])),
    };
    let Err(why) = probe else {
        return true;
    };
    let setup = std::env::var("DLX_SLURM").unwrap_or_default();
    if setup == "up" {
        panic!(".ci/slurm-up started a cluster (DLX_SLURM=up), but it does not answer: {why}");
    }
    if let Some(reason) = setup.strip_prefix("unavailable: ") {
        eprintln!("skipped: this machine cannot run a Slurm cluster: {reason} ({why})");
        return false;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "no Slurm cluster ({why}), and CI is set: .ci/run starts one with .ci/slurm-up and sets \
         DLX_SLURM to `up`, or to `unavailable: ` and the reason the machine cannot run one"
    );
    eprintln!(
        "skipped: no Slurm cluster: {why} (.ci/slurm-up starts one on this machine, as root)"
    );
    false
}

/// Runs `script` with bash in `dir`, with the `dlx` under test first on
/// `$PATH` (for the jobs too: sbatch passes the environment on), `$SCRIPT`
/// naming the job script and `$PROBLEM` 12-queens; returns stdout, stderr
/// and whether it succeeded.
fn bash(dir: &Path, script: &str) -> (String, String, bool) {
    let out = Command::new("bash")
        .args(["-c", &format!("set -euo pipefail; {script}")])
        .current_dir(dir)
        .env("PATH", path_with_dlx())
        .env("SCRIPT", SCRIPT)
        .env("PROBLEM", data("queens12.dlx"))
        .output()
        .expect("run bash");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (text(&out.stdout), text(&out.stderr), out.status.success())
}

/// The value of `key` in a line of `scontrol -o show job`.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    line.split_whitespace().find_map(|word| word.strip_prefix(key)?.strip_prefix('='))
}

/// Waits for every task of job `id` to end; returns `scontrol -o show job`'s
/// line for each task. Cancels the job and fails after [`PATIENCE`].
fn wait_for(id: &str) -> Vec<String> {
    let start = Instant::now();
    loop {
        let shown = run("scontrol", &["-o", "show", "job", id]).unwrap_or_else(|e| panic!("{e}"));
        let tasks: Vec<String> =
            shown.lines().filter(|l| !l.trim().is_empty()).map(str::to_owned).collect();
        let ended = |t: &String| field(t, "JobState").is_some_and(|s| ENDED.contains(&s));
        if !tasks.is_empty() && tasks.iter().all(ended) {
            return tasks;
        }
        if start.elapsed() > PATIENCE {
            let cancelled = run("scancel", &[id]);
            panic!("job {id} has not ended in {PATIENCE:?} ({cancelled:?}):\n{shown}");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Submits `sbatch_line` (bash, printing a job id with `--parsable`) in
/// `dir`, waits for the job and checks that each of its tasks, numbered
/// `expected`, ran and exited with 0.
fn submit_and_wait(dir: &Path, sbatch_line: &str, expected: &[usize]) {
    let (stdout, stderr, ok) = bash(dir, sbatch_line);
    assert!(ok, "{sbatch_line}\n{stderr}");
    // `--parsable` prints `id` or `id;cluster`.
    let id = stdout.trim().split(';').next().unwrap().to_owned();
    assert!(id.parse::<u64>().is_ok(), "a job id from {sbatch_line}: {stdout}");
    let tasks = wait_for(&id);
    let logs = || {
        let mut logs: Vec<_> = fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        logs.retain(|p| p.extension().is_some_and(|e| e == "log"));
        logs.sort();
        logs.iter()
            .map(|p| format!("{}:\n{}", p.display(), fs::read_to_string(p).unwrap()))
            .collect::<String>()
    };
    let mut ran: Vec<usize> = Vec::new();
    for task in &tasks {
        let (state, exit) = (field(task, "JobState"), field(task, "ExitCode"));
        assert_eq!((state, exit), (Some("COMPLETED"), Some("0:0")), "{task}\n{}", logs());
        let number: usize = field(task, "ArrayTaskId").and_then(|t| t.parse().ok()).expect(task);
        // Slurm ran the task: it wrote the task's log, as the script asks.
        let log = dir.join(format!("dlx-count-{id}_{number}.log"));
        assert!(log.is_file(), "no {}: {task}", log.display());
        ran.push(number);
    }
    ran.sort_unstable();
    assert_eq!(ran, expected, "the tasks of job {id}");
}

#[test]
fn a_slurm_job_array_counts_the_parts_and_dlx_sums_them() {
    if !cluster() {
        return;
    }
    let dir = scratch_dir("slurm_array");
    let (whole, stderr, ok) = bash(&dir, r#"dlx count "$PROBLEM""#);
    assert!(ok, "{stderr}");
    // 12-queens has 14200 solutions (Knuth's tables, data/xc/README.md).
    assert_eq!(whole, "14200\n");

    // The README's recipe, line by line (sbatch with --parsable, for the id).
    let (_, stderr, ok) = bash(&dir, r#"dlx split --parts 6 --out parts "$PROBLEM" > parts.txt"#);
    assert!(ok, "{stderr}");
    let n = fs::read_to_string(dir.join("parts.txt")).unwrap().lines().count();
    assert!(n >= 6, "{n} parts");
    let submit = r#"sbatch --parsable --chdir "$PWD" --array=1-$(wc -l < parts.txt) "$SCRIPT""#;
    submit_and_wait(&dir, submit, &(1..=n).collect::<Vec<_>>());
    let sum = r#"cat counts/*.txt | dlx sum --expect "$(wc -l < parts.txt)""#;
    let (total, stderr, ok) = bash(&dir, sum);
    assert!(ok, "{sum}\n{stderr}");
    assert_eq!(total, whole, "the parts' counts add up to the count of the whole");
    // One count per task, each complete (no `.tmp` left).
    let mut counts: Vec<String> = fs::read_dir(dir.join("counts"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    counts.sort_by_key(|name| name.trim_end_matches(".txt").parse::<usize>().ok());
    let expected: Vec<String> = (1..=n).map(|k| format!("{k}.txt")).collect();
    assert_eq!(counts, expected);

    // A task whose count is missing is caught, and resubmitted alone.
    fs::remove_file(dir.join("counts/2.txt")).unwrap();
    let (_, stderr, ok) = bash(&dir, sum);
    assert!(!ok);
    assert_eq!(stderr, format!("dlx: expected {n} counts, read {}\n", n - 1));
    submit_and_wait(&dir, r#"sbatch --parsable --chdir "$PWD" --array=2 "$SCRIPT""#, &[2]);
    let (total, stderr, ok) = bash(&dir, sum);
    assert!(ok, "{sum}\n{stderr}");
    assert_eq!(total, whole);
}
