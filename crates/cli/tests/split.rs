//! `dlx split`: parts whose counts add up to the count of the whole, counted
//! by `dlx` itself and by GNU parallel, and summed by `dlx sum`.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::util::{data, dlx, path_in, path_with_dlx, queens, scratch_dir, scratch_file};

/// Splits `file` into `dir` with `args`; returns the part files printed.
fn split(file: &str, dir: &Path, args: &[&str]) -> Vec<String> {
    let dir = dir.to_str().unwrap();
    let mut argv = vec!["split", "--out", dir];
    argv.extend_from_slice(args);
    argv.push(file);
    let out = dlx(&argv).success();
    out.lines().map(str::to_owned).collect()
}

/// Counts each part with `dlx count` into a file of its own; returns the
/// count files.
fn count_each(parts: &[String], counts: &Path) -> Vec<String> {
    parts
        .iter()
        .enumerate()
        .map(|(i, part)| {
            let out = dlx(&["count", "--threads", "1", part]).run();
            assert!(matches!(out.code, Some(0 | 1)), "{part}: {}", out.stderr);
            let file = path_in(counts, &format!("{i}.txt"));
            fs::write(&file, out.stdout).unwrap();
            file
        })
        .collect()
}

/// `dlx sum` of these files.
fn sum(files: &[String]) -> String {
    let mut argv = vec!["sum"];
    argv.extend(files.iter().map(String::as_str));
    dlx(&argv).success()
}

#[test]
fn parts_count_up_to_the_whole() {
    for (name, count, how) in [
        ("queens12.dlx", "14200\n", &["--parts", "10"][..]),
        ("langford11.dlx", "35584\n", &["--depth", "2"]),
        ("knuth_dlx2_example.dlx", "1\n", &["--depth", "1"]),
        ("knuth_dlx3_example.dlx", "1\n", &["--depth", "2"]),
    ] {
        let dir = scratch_dir(&format!("split_{name}"));
        let parts = split(&data(name), &dir.join("parts"), how);
        assert!(!parts.is_empty());
        for part in &parts {
            let text = fs::read_to_string(part).unwrap();
            assert!(text.starts_with("| part at path ["), "{part}:\n{text}");
        }
        let counts = dir.join("counts");
        fs::create_dir(&counts).unwrap();
        let files = count_each(&parts, &counts);
        assert_eq!(sum(&files), count, "{name} split {how:?}");
        // The same counts, in one stream.
        let all: String = files.iter().map(|f| fs::read_to_string(f).unwrap()).collect();
        assert_eq!(dlx(&["sum"]).stdin(all).success(), count);
    }
}

#[test]
fn parts_are_numbered_in_a_directory_made_for_them() {
    let dir = scratch_dir("split_names");
    let parts = split(&data("queens12.dlx"), &dir.join("a/b"), &["--parts", "12"]);
    assert!(parts.len() >= 12, "{parts:?}");
    for (i, part) in parts.iter().enumerate() {
        assert!(part.ends_with(&format!("a/b/queens12-{:04}.dlx", i + 1)), "{part}");
        assert!(Path::new(part).is_file());
    }
    let parts = split(&data("queens12.dlx"), &dir, &["--depth", "1", "--prefix", "q"]);
    assert_eq!(parts.len(), 12, "one part per queen in the first row");
    assert!(parts[0].ends_with("/q-0001.dlx"));
}

#[test]
fn in_the_current_directory_names_are_bare() {
    let dir = scratch_dir("split_here");
    let out = dlx(&["split", "-k", "2", "-p", "q"]).stdin(queens(6)).current_dir(&dir).success();
    let names: Vec<&str> = out.lines().collect();
    assert!(names.len() >= 2 && names[0] == "q-0001.dlx", "{out}");
    assert!(dir.join("q-0001.dlx").is_file());
    let out = dlx(&["split", "-k", "2"]).stdin(queens(6)).current_dir(&dir).success();
    assert!(out.starts_with("part-0001.dlx\n"), "from stdin the parts are named part-*: {out}");
}

#[test]
fn earlier_parts_are_never_mixed_with_new_ones() {
    let dir = scratch_dir("split_force");
    let queens12 = data("queens12.dlx");
    let many = split(&queens12, &dir, &["--depth", "2"]);
    let out =
        dlx(&["split", "--depth", "1", "-o", dir.to_str().unwrap(), &queens12]).expect_code(2);
    assert_eq!(out.stdout, "");
    let first = path_in(&dir, "queens12-0001.dlx");
    assert!(out.stderr.starts_with(&format!("dlx: {first} exists: ")), "{}", out.stderr);
    assert!(out.stderr.contains("--force"), "{}", out.stderr);
    assert_eq!(fs::read_dir(&dir).unwrap().count(), many.len(), "nothing was touched");
    // --force replaces them all: no stale part is left to be counted.
    let few = split(&queens12, &dir, &["--depth", "1", "--force"]);
    assert!(few.len() < many.len());
    assert_eq!(fs::read_dir(&dir).unwrap().count(), few.len());
    // Other files are left alone.
    fs::write(dir.join("notes.txt"), "mine").unwrap();
    split(&queens12, &dir, &["--depth", "1", "--force"]);
    assert_eq!(fs::read_to_string(dir.join("notes.txt")).unwrap(), "mine");
}

#[test]
fn a_problem_without_solution_has_no_parts() {
    let dir = scratch_dir("split_none");
    let out = dlx(&["split", "-o", dir.to_str().unwrap(), &data("no_solution.dlx")]).expect_code(1);
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("", ""));
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0);
}

#[test]
fn split_stats_and_errors() {
    let dir = scratch_dir("split_stats");
    let out = dlx(&["split", "--stats", "-d", "2", "-o", dir.to_str().unwrap()])
        .stdin(queens(8))
        .expect_code(0);
    let parts = out.stdout.lines().count();
    assert!(out.stderr.contains(&format!("parts: {parts}\n")), "{}", out.stderr);
    assert!(out.stderr.contains("depth: 2\n"), "{}", out.stderr);
    let out = dlx(&["split", "-o", dir.to_str().unwrap()]).stdin(fixture!("bad_item.dlx")).run();
    assert_eq!((out.code, out.stderr.as_str()), (Some(2), "dlx: <stdin>:5:3: unknown item `Q`\n"));
    let out = dlx(&["split", "--parts", "3", "--depth", "2"]).expect_code(2);
    assert!(out.stderr.starts_with("error: "), "{}", out.stderr);
    let out = dlx(&["split", "--prefix", "a/b"]).stdin(queens(4)).expect_code(2);
    assert!(out.stderr.starts_with("dlx: --prefix: "), "{}", out.stderr);
    // A file where the directory should be.
    let file = scratch_file("split_not_a_dir", "x");
    let out = dlx(&["split", "-o", &file]).stdin(queens(4)).expect_code(2);
    assert!(out.stderr.starts_with(&format!("dlx: {file}")), "{}", out.stderr);
}

/// Whether GNU parallel can run here. Under CI (`CI` set) it must: `.ci/run`
/// installs it.
fn gnu_parallel() -> bool {
    let found = Command::new("parallel")
        .arg("--version")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .output()
        .is_ok_and(|o| o.status.success() && String::from_utf8_lossy(&o.stdout).contains("GNU"));
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "GNU parallel is not installed, and CI is set: .ci/run should have installed it \
             (Debian package `parallel`)"
        );
        eprintln!("skipped: GNU parallel is not installed (Debian package `parallel`)");
    }
    found
}

#[test]
fn gnu_parallel_counts_the_parts_and_dlx_sums_them() {
    if !gnu_parallel() {
        return;
    }
    let dir = scratch_dir("split_gnu_parallel");
    let parts = split(&data("queens12.dlx"), &dir.join("parts"), &["--parts", "30"]);
    let whole = dlx(&["count", &data("queens12.dlx")]).success();
    // The README's recipe, on this machine: a part without solution makes
    // `dlx count` exit 1, which is no failure here; status 2 would be.
    let script = format!(
        "set -o pipefail; parallel --will-cite '\"$DLX\" count -j1 {{}}; [ $? -le 1 ]' \
         ::: parts/*.dlx | \"$DLX\" sum --expect {}",
        parts.len()
    );
    let out = Command::new("bash")
        .args(["-c", &script])
        .current_dir(&dir)
        .env("DLX", env!("CARGO_BIN_EXE_dlx"))
        .output()
        .expect("run bash");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{script}\n{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), whole);
    assert_eq!(whole, "14200\n");
}

#[test]
fn the_slurm_script_counts_one_part_per_task() {
    // What Slurm would do for `sbatch --array=1-N scripts/count-part.sbatch`,
    // one task after the other.
    let dir = scratch_dir("split_slurm");
    let problem = scratch_file("split_slurm_queens8.dlx", &queens(8));
    let list =
        dlx(&["split", "--parts", "10", "-o", "parts", &problem]).current_dir(&dir).success();
    fs::write(dir.join("parts.txt"), &list).unwrap();
    let n = list.lines().count();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/count-part.sbatch");
    let path = path_with_dlx();
    let task = |id: usize| {
        Command::new("bash")
            .arg(script)
            .current_dir(&dir)
            .env("PATH", &path)
            .env("SLURM_ARRAY_TASK_ID", id.to_string())
            .output()
            .expect("run bash")
    };
    for id in 1..=n {
        let out = task(id);
        assert!(out.status.success(), "task {id}: {}", String::from_utf8_lossy(&out.stderr));
    }
    let mut counts: Vec<String> = fs::read_dir(dir.join("counts"))
        .unwrap()
        .map(|e| e.unwrap().path().to_str().unwrap().to_owned())
        .collect();
    counts.sort();
    assert_eq!(counts.len(), n, "one count per part, no leftovers: {counts:?}");
    let expect = n.to_string();
    let mut argv = vec!["sum", "--expect", &expect];
    argv.extend(counts.iter().map(String::as_str));
    assert_eq!(dlx(&argv).success(), "92\n");
    // A task that did not run is caught.
    let out = dlx(&argv[..argv.len() - 1]).expect_code(2);
    assert_eq!(out.stderr, format!("dlx: expected {n} counts, read {}\n", n - 1));
    // A task past the end of the list fails.
    assert!(!task(n + 1).status.success());
}
