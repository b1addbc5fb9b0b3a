//! The edges of text input, the same for every command: a byte-order mark
//! at the start is skipped, and a line longer than any real input is
//! reported without being read whole.

use std::io::Write;

use crate::util::{data, dlx, scratch_file};

/// The UTF-8 byte-order mark, as some editors start a text file.
const BOM: &str = "\u{feff}";

#[test]
fn a_byte_order_mark_is_skipped_by_every_reader() {
    // Knuth's format: the first item is `A`, not `\u{feff}A`.
    let problem = fixture!("knuth_dlx1_example.dlx");
    let marked = scratch_file("bom_problem.dlx", &format!("{BOM}{problem}"));
    let plain = dlx(&["solve", &data("knuth_dlx1_example.dlx")]).success();
    assert_eq!(dlx(&["solve", &marked]).success(), plain);
    assert_eq!(dlx(&["count", "-"]).stdin(format!("{BOM}{problem}")).success(), "1\n");
    // Puzzles.
    let puzzles = fixture!("top95_first5.txt");
    let marked = scratch_file("bom_puzzles.txt", &format!("{BOM}{puzzles}"));
    assert_eq!(dlx(&["sudoku", "check", &marked]).success(), "unique\n".repeat(5));
    // A region map.
    let regions = scratch_file("bom_regions.txt", &format!("{BOM}{}", fixture!("jigsaw6.txt")));
    let empty = ".".repeat(36);
    let out = dlx(&["sudoku", "count", "--limit", "2", "--regions", &regions]).stdin(&empty);
    assert_eq!(out.success(), "2\n");
    // Counts.
    let counts = scratch_file("bom_counts.txt", &format!("{BOM}12\n30\n"));
    assert_eq!(dlx(&["sum", &counts]).success(), "42\n");
}

#[test]
fn a_byte_order_mark_is_skipped_in_compressed_input() {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(format!("{BOM}12\n30\n").as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    assert_eq!(dlx(&["sum"]).stdin(gz).success(), "42\n");
}

#[test]
fn a_puzzle_line_over_the_cap_is_one_error_and_the_next_puzzle_is_answered() {
    let puzzle = fixture!("top95_first5.txt").lines().next().unwrap();
    // 64 KiB is the most a line may hold.
    let input = format!("{}\n{puzzle}\n", ".".repeat((64 << 10) + 1));
    let out = dlx(&["sudoku", "check"]).stdin(input).expect_code(2);
    assert_eq!(out.stdout, "invalid\nunique\n");
    assert_eq!(
        out.stderr,
        "<stdin>:1:1: the line is longer than 65536 bytes, more than any puzzle can be; \
         it is skipped\n"
    );
}

#[test]
fn a_problem_word_over_the_cap_names_the_limit_the_file_and_the_line() {
    // 1 MiB is the most a name may hold; lines may be of any length.
    let text = format!("A B\nA {}\nA\n", "B".repeat((1 << 20) + 1));
    let path = scratch_file("long_name.dlx", &text);
    let out = dlx(&["solve", &path]).expect_code(2);
    assert_eq!(out.stdout, "");
    assert_eq!(
        out.stderr,
        format!(
            "dlx: {path}:2:3: a word longer than 1048576 bytes, the most a name or color may \
             have\n"
        )
    );
    let text = format!("A B\n{}B\nA\n", " ".repeat(20 << 20));
    let path = scratch_file("long_line.dlx", &text);
    let out = dlx(&["count", &path]).expect_code(0);
    assert_eq!(out.stdout, "1\n");
}

#[test]
fn a_count_line_over_the_cap_is_not_a_count() {
    let out = dlx(&["sum"]).stdin(format!("1\n{}\n", "9".repeat(100_000))).expect_code(2);
    assert!(
        out.stderr.contains("<stdin>:2: not a count: the line is longer than 1024 bytes"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_region_file_larger_than_any_map_is_refused_after_its_first_mebibyte() {
    let path = scratch_file("huge_regions.txt", &"A".repeat(3 << 20));
    let out = dlx(&["sudoku", "solve", "--regions", &path, "................"]).expect_code(2);
    assert_eq!(
        out.stderr,
        format!("dlx: {path}: larger than 1048576 bytes, more than any region map can be\n")
    );
}
