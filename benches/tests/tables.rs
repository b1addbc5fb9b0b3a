//! Smoke tests of the `tables` code path: tiny settings, one run, nothing
//! timed that matters; the tables must come out whole and every count
//! must agree with the known one.

use std::path::{Path, PathBuf};

use dlx_benches::tables::{self, Instance, Report, Sample, Settings};

/// One run of a few small problems and a few puzzles of each set.
fn tiny() -> Settings {
    Settings {
        runs: 1,
        instances: Instance::named(&["queens12", "colored80", "mcc_random22"]),
        sudoku: vec![
            Sample { file: "17_clue.txt", step: 5_000, max: 10 },
            Sample { file: "magictour_top1465.txt", step: 300, max: 5 },
            Sample { file: "forum_hardest_1905_11plus.txt", step: 10_000, max: 3 },
        ],
        parallel: Instance::named(&["queens12"]),
        threads: 2,
        batch: None,
        knuth: None,
        command: "tables smoke test".to_string(),
        progress: false,
    }
}

fn run(settings: &Settings) -> (String, Report) {
    let mut out = Vec::new();
    let report = tables::run(settings, &mut out).expect("a run");
    (String::from_utf8(out).expect("UTF-8"), report)
}

#[test]
fn three_tables() {
    let (text, report) = run(&tiny());
    assert!(report.mismatches.is_empty(), "{:?}\n{text}", report.mismatches);
    assert!(text.starts_with("Measured "), "{text}");
    assert!(text.lines().next().unwrap().ends_with(" by `tables smoke test`."), "{text}");
    for heading in [
        "### Exact cover, one thread, wall time",
        "### Sudoku, one thread, puzzles per second",
        "### Parallel counting",
    ] {
        assert_eq!(text.matches(heading).count(), 1, "{heading}\n{text}");
    }
    assert!(text.contains("| queens12 | plain | 14,200 | "), "{text}");
    assert!(text.contains("(bit-sliced) | "), "{text}");
    assert!(text.contains("| colored80 | colors | 1 | "), "{text}");
    assert!(text.contains("(bitset) | "), "{text}");
    assert!(text.contains("| mcc_random22 | multiplicities | 15,669,630 | "), "{text}");
    // Counted with the memo on the bit engine, and walked on dancing links.
    assert!(text.contains("(bit-bounded) | "), "{text}");
    assert!(!text.contains("(the default)"), "{text}");
    assert!(text.contains("| 17_clue (every 5000th: 10) | "), "{text}");
    assert!(text.contains("| magictour_top1465 (every 300th: 5) | "), "{text}");
    assert!(text.contains("| queens12 | 14,200 | "), "{text}");
    assert!(!text.contains("Knuth DLX1/2/3"), "no Knuth columns without --knuth\n{text}");
    assert!(!text.contains("MISMATCH"), "{text}");
}

/// Stands in for one of Knuth's programs: reads the problem, reports
/// `solutions` the way his programs do.
#[cfg(unix)]
fn fake_program(dir: &Path, name: &str, solutions: u128) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\ncat >/dev/null\necho \"Altogether {solutions} solutions, 1+2 mems, \
         3 updates, 4 bytes, 5 nodes, ccost 6%.\" >&2\n"
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[cfg(unix)]
#[test]
fn knuth_programs_are_checked() {
    let root = std::env::temp_dir().join(format!("dlx-benches-knuth-{}", std::process::id()));
    let (right, wrong, empty): (PathBuf, PathBuf, PathBuf) =
        (root.join("right"), root.join("wrong"), root.join("empty"));
    // Every program is written before any is started.
    fake_program(&right, "dlx1", 14_200);
    fake_program(&wrong, "dlx1", 14_201);
    std::fs::create_dir_all(&empty).unwrap();
    let with = |dir: &Path| Settings {
        instances: Instance::named(&["queens12", "colored80", "mcc_random22"]),
        sudoku: Vec::new(),
        parallel: Vec::new(),
        knuth: Some(dir.to_path_buf()),
        ..tiny()
    };

    let (text, report) = run(&with(&right));
    assert!(report.mismatches.is_empty(), "{:?}\n{text}", report.mismatches);
    assert!(text.contains(" Knuth DLX1/2/3 | ours / DLX |"), "{text}");
    assert!(text.contains(" s (DLX1) | "), "{text}");
    assert!(text.contains("(no dlx2 in the folder) | |"), "{text}");

    let (text, report) = run(&with(&wrong));
    assert_eq!(report.mismatches, ["queens12: DLX1 counted 14201 solutions, not 14,200"]);
    assert!(text.contains("**COUNT MISMATCH: queens12: DLX1 counted 14201"), "{text}");

    let mut out = Vec::new();
    let err = tables::run(&with(&empty), &mut out).unwrap_err().to_string();
    assert!(err.contains("none of dlx1, dlx2"), "{err}");
    std::fs::remove_dir_all(&root).unwrap();
}
