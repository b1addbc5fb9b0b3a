//! `dlx sum`.

use crate::util::{dlx, scratch_file};

#[test]
fn sums_files_and_stdin() {
    let a = scratch_file("sum_a.txt", "14200\n");
    let b = scratch_file("sum_b.txt", "1\n\n2\n  3  \n");
    assert_eq!(dlx(&["sum", &a, &b]).success(), "14206\n");
    assert_eq!(dlx(&["sum"]).stdin("5\n6\n").success(), "11\n");
    assert_eq!(dlx(&["sum", &a, "-"]).stdin("1").success(), "14201\n");
}

#[test]
fn sums_beyond_64_bits() {
    let big = "18446744073709551615\n".repeat(4);
    assert_eq!(dlx(&["sum"]).stdin(big).success(), "73786976294838206460\n");
}

#[test]
fn a_bad_line_is_named_by_file_and_line() {
    let bad = scratch_file("sum_bad.txt", "12\n\ndlx: part-0007.dlx: oops\n");
    let out = dlx(&["sum", &bad]).expect_code(2);
    assert_eq!(out.stdout, "");
    assert_eq!(out.stderr, format!("dlx: {bad}:3: not a count: `dlx: part-0007.dlx: oops`\n"));
    let out = dlx(&["sum"]).stdin("1\n-4\n").expect_code(2);
    assert_eq!(out.stderr, "dlx: <stdin>:2: not a count: `-4`\n");
}

#[test]
fn a_missing_count_is_an_error() {
    let empty = scratch_file("sum_empty.txt", "");
    let out = dlx(&["sum", &empty]).expect_code(2);
    assert_eq!(out.stderr, format!("dlx: {empty}: no count in the file\n"));
    let out = dlx(&["sum", "no/such/counts.txt"]).expect_code(2);
    assert!(out.stderr.starts_with("dlx: no/such/counts.txt: "), "{}", out.stderr);
    let out = dlx(&["sum", "--expect", "3"]).stdin("1\n2\n").expect_code(2);
    assert_eq!(out.stderr, "dlx: expected 3 counts, read 2\n");
    assert_eq!(dlx(&["sum", "--expect", "2"]).stdin("1\n2\n").success(), "3\n");
}

#[test]
fn a_sum_of_zero_exits_1_as_count_does() {
    let out = dlx(&["sum"]).stdin("0\n0\n").expect_code(1);
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("0\n", ""));
    assert_eq!(dlx(&["sum"]).expect_code(1).stdout, "0\n");
}
