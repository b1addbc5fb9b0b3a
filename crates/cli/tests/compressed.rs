//! Compressed input: gzip and zstd, from files and from stdin, told by
//! their first bytes, for every command that reads input.

use std::io::Write;
use std::path::PathBuf;

use crate::util::{data, dlx, scratch_file};

/// `text` compressed with gzip, without a file name in the header.
fn gzip(text: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(text).unwrap();
    gz.finish().unwrap()
}

/// `text` compressed with zstd.
fn zstd(text: &[u8]) -> Vec<u8> {
    zstd::encode_all(text, 3).unwrap()
}

/// Writes `bytes` to a file made for one test; returns its path.
fn scratch_bytes(name: &str, bytes: &[u8]) -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, bytes).expect("write a scratch file");
    path.to_str().expect("a UTF-8 path").to_owned()
}

/// Checks that `args` print the same, and exit the same, on the plain
/// file at `plain_path`, on its gzip and zstd files, and on each piped into
/// stdin. `tag` names the scratch files.
fn same_output_as_plain(args: &[&str], plain_path: &str, tag: &str) {
    let plain = std::fs::read(plain_path).unwrap();
    let with = |file: &str| {
        let mut argv = args.to_vec();
        argv.push(file);
        dlx(&argv)
    };
    let expected = with(plain_path).run();
    assert!(!expected.stdout.is_empty(), "{plain_path}: {}", expected.stderr);
    for (ext, bytes) in [("gz", gzip(&plain)), ("zst", zstd(&plain))] {
        let file = scratch_bytes(&format!("compressed-{tag}.{ext}"), &bytes);
        let from_file = with(&file).run();
        assert_eq!(from_file.stdout, expected.stdout, "{args:?} {tag}.{ext}");
        assert_eq!(from_file.code, expected.code, "{args:?} {tag}.{ext}");
        let from_stdin = dlx(args).stdin(&bytes).run();
        assert_eq!(from_stdin.stdout, expected.stdout, "{args:?} {tag}.{ext} on stdin");
        assert_eq!(from_stdin.code, expected.code, "{args:?} {tag}.{ext} on stdin");
    }
}

#[test]
fn count_reads_gzip_and_zstd_files_and_stdin() {
    same_output_as_plain(&["count"], &data("queens12.dlx"), "count-queens12");
    let dlx3 = data("knuth_dlx3_example.dlx");
    same_output_as_plain(&["count", "--threads", "1"], &dlx3, "count-dlx3");
}

#[test]
fn solve_reads_gzip_and_zstd_files_and_stdin() {
    same_output_as_plain(&["solve", "--all"], &data("knuth_dlx2_example.dlx"), "solve-dlx2");
}

#[test]
fn estimate_reads_gzip() {
    // The estimate proper (not the time, which is measured) is the same.
    let figures = |stdout: String| stdout.lines().take(4).collect::<Vec<_>>().join("\n");
    let plain = data("langford11.dlx");
    let gz = scratch_bytes("compressed-langford11.dlx.gz", &gzip(&std::fs::read(&plain).unwrap()));
    let expected = figures(dlx(&["estimate", "--samples", "100", &plain]).success());
    assert!(expected.starts_with("solutions: "), "{expected}");
    assert_eq!(figures(dlx(&["estimate", "--samples", "100", &gz]).success()), expected);
}

#[test]
fn sudoku_solve_reads_gzip_and_zstd_files_and_stdin() {
    same_output_as_plain(&["sudoku", "solve"], &data("top95_first5.txt"), "sudoku-solve-top95");
    same_output_as_plain(&["sudoku", "check"], &data("statuses.txt"), "sudoku-check-statuses");
}

#[test]
fn sum_reads_gzip_and_zstd_files_and_stdin() {
    let counts = scratch_file("compressed-counts.txt", "14200\n\n92\n 8 \n");
    same_output_as_plain(&["sum"], &counts, "sum");
}

#[test]
fn compressed_and_plain_files_mix() {
    let gz = scratch_bytes("compressed-mix-counts.gz", &gzip(b"40\n2\n"));
    let plain = scratch_file("compressed-mix-counts.txt", "100\n");
    assert_eq!(dlx(&["sum", &gz, &plain, "-"]).stdin(zstd(b"1000\n")).success(), "1142\n");
}

#[test]
fn concatenated_gzip_members_are_all_read() {
    let both = [gzip(b"1\n"), gzip(b"2\n")].concat();
    assert_eq!(dlx(&["sum"]).stdin(both).success(), "3\n");
}

#[test]
fn corrupt_gzip_is_an_error_naming_the_file() {
    let problem = std::fs::read(data("queens12.dlx")).unwrap();
    let whole = gzip(&problem);
    // Cut short: the line where reading broke is named.
    let cut = scratch_bytes("compressed-cut.dlx.gz", &whole[..whole.len() / 2]);
    let out = dlx(&["count", &cut]).expect_code(2);
    assert_eq!(out.stdout, "");
    assert!(out.stderr.starts_with(&format!("dlx: {cut}:")), "{}", out.stderr);
    assert!(out.stderr.contains(": read error: invalid gzip data: "), "{}", out.stderr);
    // Cut in the header: found when the file is opened.
    let cut = scratch_bytes("compressed-cut-header.dlx.gz", &whole[..5]);
    let out = dlx(&["count", &cut]).expect_code(2);
    assert!(out.stderr.starts_with(&format!("dlx: {cut}: invalid gzip data: ")), "{}", out.stderr);
    // Not gzip after its magic number.
    let out = dlx(&["sum"]).stdin(b"\x1f\x8bnot really gzip\n").expect_code(2);
    assert!(out.stderr.starts_with("dlx: <stdin>: invalid gzip data: "), "{}", out.stderr);
    // A wrong checksum at the end.
    let mut bad = whole.clone();
    let n = bad.len();
    bad[n - 8] ^= 0xff;
    let bad = scratch_bytes("compressed-checksum.dlx.gz", &bad);
    let out = dlx(&["count", &bad]).expect_code(2);
    assert!(out.stderr.starts_with(&format!("dlx: {bad}:")), "{}", out.stderr);
    assert!(out.stderr.contains("invalid gzip data"), "{}", out.stderr);
    // The sudoku reader says so too, and the batch's status is an error.
    let puzzles = std::fs::read(data("top95_first5.txt")).unwrap();
    let gz = gzip(&puzzles);
    let cut = scratch_bytes("compressed-cut-puzzles.gz", &gz[..gz.len() - 4]);
    let out = dlx(&["sudoku", "solve", &cut]).expect_code(2);
    assert!(out.stderr.contains(&cut), "{}", out.stderr);
    assert!(out.stderr.contains("invalid gzip data"), "{}", out.stderr);
}

#[test]
fn corrupt_zstd_is_an_error_naming_the_file() {
    let whole = zstd(&std::fs::read(data("queens12.dlx")).unwrap());
    let cut = scratch_bytes("compressed-cut.dlx.zst", &whole[..whole.len() / 2]);
    let out = dlx(&["count", &cut]).expect_code(2);
    assert!(out.stderr.starts_with(&format!("dlx: {cut}")), "{}", out.stderr);
    assert!(out.stderr.contains("invalid zstd data"), "{}", out.stderr);
}

#[test]
fn xz_is_recognised_and_refused() {
    let out = dlx(&["count"]).stdin(b"\xfd7zXZ\0\0\x04").expect_code(2);
    assert!(
        out.stderr.starts_with("dlx: <stdin>: xz-compressed data is not supported"),
        "{}",
        out.stderr
    );
}

#[test]
fn text_that_starts_like_a_magic_number_is_text() {
    // `(` is the first byte of zstd's magic number.
    let out = dlx(&["count"]).stdin("(a) b\n(a)\nb\n").success();
    assert_eq!(out, "1\n");
}
